// Emits generated/api-surface.txt: every exported name of the generated client
// (client/index.ts) and types (types/index.ts, re-exports followed), with its type, one line
// per declaration, member and union member, sorted, so a regeneration's golden diff shows
// every change an SDK user sees. Built from the files the client and types emitters wrote in
// this run (generate.ts hands them over; this module runs no emitter), parsed (not type-checked)
// in an in-memory ts-morph project: no lib files, no checker (exports are read from the export
// keyword: isExported() would build a program and its type checker).
// `crmgen diff` compares two surfaces with compareSurfaces() to cross-check its verdict.
import { createHash } from 'node:crypto';
import type { SourceFile, TypeNode } from 'ts-morph';
import { Node, Project, ts } from '../ts-morph.ts';
import type { GeneratedFile } from '../write.ts';

/** One line of the surface. */
export interface SurfaceEntry {
  /** The public entry point it is reachable from. */
  module: 'client' | 'types';
  /** Unique within the module: Name, Name.member, Name | "literal", name[] "element". */
  key: string;
  /** The declaration's exported name. */
  name: string;
  /** decl: a declaration's head; member: a property or method; union: a member of a union; reexport: a name from outside generated/. */
  role: 'decl' | 'member' | 'union' | 'reexport';
  /** The type (or the head) as printed, whitespace normalised. */
  type: string;
  optional?: boolean;
  /** A literal value of an `as const` declaration rather than a declared type. */
  value?: boolean;
  /** A method signature: the type is its parameter list and return type. */
  method?: boolean;
}

const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });

/** Canonical one-line text of a node: printed without comments, whitespace collapsed. */
function text(node: Node): string {
  return printer
    .printNode(ts.EmitHint.Unspecified, node.compilerNode, node.getSourceFile().compilerNode)
    .replace(/\s+/g, ' ')
    .replace(/; }/g, ' }')
    .trim();
}

const propName = (n: Node) => {
  const name = (n as unknown as { getName(): string }).getName();
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name.replace(/^['"]|['"]$/g, ''));
};

class SurfaceBuilder {
  readonly entries: SurfaceEntry[] = [];
  private module: SurfaceEntry['module'] = 'types';

  /** Parsed when the walk first reaches them: modules no entry reaches cost nothing. */
  constructor(
    private readonly project: Project,
    private readonly texts: ReadonlyMap<string, string>,
  ) {}

  private source(path: string): SourceFile | undefined {
    const text = this.texts.get(path);
    return this.project.getSourceFile(path) ?? (text === undefined ? undefined : this.project.createSourceFile(path, text));
  }

  add(e: Omit<SurfaceEntry, 'module'>) {
    this.entries.push({ module: this.module, ...e });
  }

  /** Entry modules walked on their own: another entry re-exporting one of them in full gets one line, not a copy. */
  private readonly entryPaths = new Set<string>();

  /** Walks one entry module and the generated modules it re-exports. */
  walk(module: SurfaceEntry['module'], path: string) {
    this.module = module;
    const sf = this.source(path);
    if (!sf) throw new Error(`api-surface: no module ${path}`);
    this.file(sf, new Set());
  }

  entry(path: string) {
    this.entryPaths.add(path);
  }

  private file(sf: SourceFile, seen: Set<string>) {
    if (seen.has(sf.getFilePath())) return;
    seen.add(sf.getFilePath());
    for (const ex of sf.getExportDeclarations()) {
      const spec = ex.getModuleSpecifierValue();
      if (!spec) continue;
      const target = this.source(resolvePath(sf.getFilePath(), spec));
      const named = ex.getNamedExports();
      if (target && !named.length && this.entryPaths.has(target.getFilePath()) && target !== sf) {
        const from = target.getFilePath().replace(/^\/generated\/client\/src\//, '');
        this.add({ key: `* from ${from}`, name: `*${from}`, role: 'reexport', type: `export${ex.isTypeOnly() ? ' type' : ''} * from ${from} (listed below; names this module declares or names itself take precedence)` });
        continue;
      }
      if (target && !named.length) {
        this.file(target, seen);
        continue;
      }
      if (target) {
        // Named re-exports of generated modules: only those names.
        const names = new Set(named.map((n) => n.getAliasNode()?.getText() ?? n.getName()));
        this.declarations(target, names);
        continue;
      }
      // From outside generated/ (the runtime): listed by name and origin only.
      const from = spec.replace(/^(\.\.?\/)+/, '');
      for (const n of named) {
        const name = n.getAliasNode()?.getText() ?? n.getName();
        this.add({ key: name, name, role: 'reexport', type: `export${ex.isTypeOnly() || n.isTypeOnly() ? ' type' : ''} ${name} from ${from}` });
      }
    }
    this.declarations(sf);
  }

  private declarations(sf: SourceFile, only?: Set<string>) {
    const want = (name: string) => !only || only.has(name);
    for (const d of sf.getInterfaces()) {
      if (!d.hasExportKeyword() || !want(d.getName())) continue;
      const name = d.getName();
      const tps = d.getTypeParameters().map(text);
      const ext = d.getExtends().map(text);
      this.add({ key: name, name, role: 'decl', type: `interface ${name}${tps.length ? `<${tps.join(', ')}>` : ''}${ext.length ? ` extends ${ext.join(', ')}` : ''}` });
      this.members(name, name, d);
    }
    for (const d of sf.getTypeAliases()) {
      if (!d.hasExportKeyword() || !want(d.getName())) continue;
      const name = d.getName();
      const tps = d.getTypeParameters().map(text);
      const head = `type ${name}${tps.length ? `<${tps.join(', ')}>` : ''}`;
      this.aliasType(name, head, d.getTypeNodeOrThrow());
    }
    for (const f of sf.getFunctions()) {
      if (!f.hasExportKeyword() || !want(f.getName() ?? '')) continue;
      const name = f.getName()!;
      const tps = f.getTypeParameters().map(text);
      const sig = `function ${name}${tps.length ? `<${tps.join(', ')}>` : ''}(${f.getParameters().map(text).join(', ')}): ${f.getReturnTypeNode() ? text(f.getReturnTypeNode()!) : 'void'}`;
      this.add({ key: `${name}()`, name, role: 'decl', type: sig });
    }
    for (const v of sf.getVariableStatements()) {
      if (!v.hasExportKeyword()) continue;
      for (const d of v.getDeclarations()) {
        if (!want(d.getName())) continue;
        const name = d.getName();
        const typeNode = d.getTypeNode();
        const init = d.getInitializer();
        if (typeNode) this.add({ key: name, name, role: 'decl', type: `const ${name}: ${text(typeNode)}` });
        else if (init && Node.isAsExpression(init) && init.getTypeNode()?.getText() === 'const') {
          this.add({ key: name, name, role: 'decl', type: `const ${name} (as const)` });
          this.constValue(name, name, init.getExpression());
        } else this.add({ key: name, name, role: 'decl', type: `const ${name} = ${init ? text(init) : 'undefined'}` });
      }
    }
    for (const c of sf.getClasses()) {
      if (!c.hasExportKeyword() || !want(c.getName() ?? '')) continue;
      const name = c.getName()!;
      this.add({ key: name, name, role: 'decl', type: `class ${name}` });
      for (const m of c.getMembers()) {
        if (Node.isModifierable(m) && (m.hasModifier(ts.SyntaxKind.PrivateKeyword) || m.hasModifier(ts.SyntaxKind.ProtectedKeyword))) continue;
        const t = text(m).replace(/ \{.*\}$/, '');
        this.add({ key: `${name}.${t}`, name, role: 'member', type: t });
      }
    }
  }

  /** A type alias: unions, object literals and intersections are split so an addition reads as one added line. */
  private aliasType(name: string, head: string, node: TypeNode) {
    // A single literal is a union of one: adding a second value then reads as an addition.
    if (Node.isUnionTypeNode(node) || Node.isLiteralTypeNode(node)) {
      this.add({ key: name, name, role: 'decl', type: `${head} = union` });
      for (const m of Node.isUnionTypeNode(node) ? node.getTypeNodes() : [node]) this.add({ key: `${name} | ${text(m)}`, name, role: 'union', type: text(m) });
      return;
    }
    if (Node.isTypeLiteral(node)) {
      this.add({ key: name, name, role: 'decl', type: `${head} = {}` });
      this.members(name, name, node);
      return;
    }
    if (Node.isIntersectionTypeNode(node) && node.getTypeNodes().some((t) => Node.isTypeLiteral(t))) {
      this.add({ key: name, name, role: 'decl', type: `${head} = intersection` });
      this.intersection(name, node);
      return;
    }
    // A union built per member of a type parameter ({ [X in S]: A<X> & {...} }[S]): its template is split like an intersection.
    const mapped = Node.isIndexedAccessTypeNode(node) ? node.getObjectTypeNode() : undefined;
    const template = mapped && Node.isMappedTypeNode(mapped) ? mapped.getTypeNode() : undefined;
    if (mapped && Node.isMappedTypeNode(mapped) && template && (Node.isTypeLiteral(template) || (Node.isIntersectionTypeNode(template) && template.getTypeNodes().some((t) => Node.isTypeLiteral(t))))) {
      const param = mapped.getTypeParameter();
      const of = param.getConstraint();
      this.add({ key: name, name, role: 'decl', type: `${head} = union per ${param.getName()} in ${of ? text(of) : '?'}` });
      if (Node.isTypeLiteral(template)) this.members(name, name, template);
      else this.intersection(name, template);
      return;
    }
    this.add({ key: name, name, role: 'decl', type: `${head} = ${text(node)}` });
  }

  /** The parts of an intersection: its object literals' members, and each other part as one line. */
  private intersection(name: string, node: Node) {
    if (!Node.isIntersectionTypeNode(node)) return;
    for (const t of node.getTypeNodes()) {
      if (Node.isTypeLiteral(t)) this.members(name, name, t);
      else this.add({ key: `${name} & ${text(t)}`, name, role: 'union', type: `& ${text(t)}` });
    }
  }

  /** Properties, methods and index signatures of an interface or type literal; nested literals are split too. */
  private members(name: string, prefix: string, owner: Node) {
    const members = Node.isInterfaceDeclaration(owner) || Node.isTypeLiteral(owner) ? owner.getMembers() : [];
    for (const m of members) {
      if (Node.isPropertySignature(m)) {
        const key = `${prefix}.${propName(m)}`;
        const t = m.getTypeNode();
        const optional = m.hasQuestionToken();
        const ro = m.isReadonly() ? 'readonly ' : '';
        const literal = t && nestedLiteral(t);
        if (literal) {
          this.add({ key, name, role: 'member', type: `${ro}${literal.array ? 'Array<{}>' : '{}'}`, optional });
          this.members(name, `${key}${literal.array ? '[]' : ''}`, literal.node);
        } else this.add({ key, name, role: 'member', type: `${ro}${t ? text(t) : 'any'}`, optional });
      } else if (Node.isMethodSignature(m)) {
        const sig = text(m).replace(/;$/, '');
        this.add({ key: `${prefix}.${m.getName()}()`, name, role: 'member', type: sig.slice(sig.indexOf('(')), method: true });
      } else {
        const sig = text(m).replace(/;$/, '');
        this.add({ key: `${prefix}.${sig.replace(/:.*$/, '')}`, name, role: 'member', type: sig.replace(/^[^:]*:\s*/, '') });
      }
    }
  }

  /** The literal of an `as const`: object properties and array elements as members. */
  private constValue(name: string, prefix: string, node: Node) {
    if (Node.isObjectLiteralExpression(node)) {
      for (const p of node.getProperties()) {
        if (!Node.isPropertyAssignment(p)) continue;
        const key = `${prefix}.${propName(p)}`;
        const init = p.getInitializerOrThrow();
        if (Node.isObjectLiteralExpression(init) || Node.isArrayLiteralExpression(init)) this.constValue(name, key, init);
        else this.add({ key, name, role: 'member', type: text(init), value: true });
      }
    } else if (Node.isArrayLiteralExpression(node)) {
      for (const e of node.getElements()) this.add({ key: `${prefix}[] ${text(e)}`, name, role: 'union', type: text(e), value: true });
    } else this.add({ key: prefix, name, role: 'member', type: text(node), value: true });
  }
}

/** An inline object type of a member, directly or as Array<{...}> / {...}[]. */
function nestedLiteral(t: TypeNode): { node: Node; array: boolean } | undefined {
  if (Node.isTypeLiteral(t)) return { node: t, array: false };
  if (Node.isArrayTypeNode(t) && Node.isTypeLiteral(t.getElementTypeNode())) return { node: t.getElementTypeNode(), array: true };
  if (Node.isTypeReference(t) && t.getTypeName().getText() === 'Array') {
    const [arg] = t.getTypeArguments();
    if (arg && Node.isTypeLiteral(arg)) return { node: arg, array: true };
  }
  return undefined;
}

function resolvePath(from: string, spec: string): string {
  const parts = from.split('/').slice(0, -1);
  for (const seg of spec.split('/')) {
    if (seg === '.' || seg === '') continue;
    if (seg === '..') parts.pop();
    else parts.push(seg);
  }
  return parts.join('/');
}

/** The last analysis, by the hash of the text it read: an edit that leaves the client and types alone (watch mode) skips the parse. */
let last: { key: string; entries: SurfaceEntry[] } | undefined;

/** The surface of the client and types, from the files their emitters wrote. */
export function surfaceEntries(sources: GeneratedFile[]): SurfaceEntry[] {
  const key = createHash('sha256')
    .update(sources.map((f) => `${f.path}\0${f.content}`).join('\0'))
    .digest('hex');
  if (last?.key === key) return last.entries.map((e) => ({ ...e }));
  const entries = analyse(sources);
  last = { key, entries };
  return entries.map((e) => ({ ...e }));
}

function analyse(sources: GeneratedFile[]): SurfaceEntry[] {
  const project = new Project({ useInMemoryFileSystem: true, skipLoadingLibFiles: true, compilerOptions: { noLib: true } });
  // Laid out as in the client package: the shared types sit beside the client's entry module.
  const texts = new Map(sources.map((f) => [`/generated/${f.path.startsWith('client/') ? f.path : `client/src/${f.path}`}`, f.content]));
  const b = new SurfaceBuilder(project, texts);
  b.entry('/generated/client/src/types/index.ts');
  b.walk('client', '/generated/client/src/index.ts');
  b.walk('types', '/generated/client/src/types/index.ts');
  const seen = new Set<string>();
  return b.entries
    .filter((e) => {
      const k = `${e.module}\0${e.key}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    })
    .sort((x, y) => (x.module === y.module ? 0 : x.module === 'client' ? -1 : 1) || compareKeys(x, y));
}

/** Case-insensitive, then by code unit: the same order on every machine and locale. */
const order = (x: string, y: string) => {
  const a = x.toLowerCase();
  const b = y.toLowerCase();
  return a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0;
};

/** By declaration name, the head first, then members in key order. */
function compareKeys(x: SurfaceEntry, y: SurfaceEntry): number {
  if (x.name !== y.name) return order(x.name, y.name);
  if ((x.role === 'decl' || x.role === 'reexport') !== (y.role === 'decl' || y.role === 'reexport')) return x.role === 'decl' || x.role === 'reexport' ? -1 : 1;
  return order(x.key, y.key);
}

export function renderEntry(e: SurfaceEntry): string {
  switch (e.role) {
    case 'decl':
    case 'reexport':
      return e.type;
    case 'union':
      return `  ${e.key}`;
    case 'member':
      if (e.method) return `  ${e.key.slice(0, -2)}${e.type}`;
      return `  ${e.key}${e.optional ? '?' : ''}${e.value ? ' = ' : ': '}${e.type}`;
  }
}

export function renderSurface(entries: SurfaceEntry[]): string {
  const out = [
    '# API surface of the generated SDK: every exported name of client/index.ts and types/index.ts',
    '# (re-exports followed) with its type; one line per declaration, member and union member, sorted.',
    '# Generated by crmgen from spec/. Do not edit; run `crmgen generate`.',
  ];
  let module: string | undefined;
  for (const e of entries) {
    if (e.module !== module) {
      module = e.module;
      out.push('', `## ${module}/index.ts`);
    }
    out.push(renderEntry(e));
  }
  return `${out.join('\n')}\n`;
}

export function emitApiSurface(sources: GeneratedFile[]): GeneratedFile[] {
  return [{ path: 'api-surface.txt', content: renderSurface(surfaceEntries(sources)), format: 'text' }];
}

// ---- comparing two surfaces ----------------------------------------------------------------

export interface SurfaceChange {
  change: 'added' | 'removed' | 'type' | 'value' | 'became-required' | 'became-optional';
  before?: SurfaceEntry;
  after?: SurfaceEntry;
  /** module: rendered line */
  line: string;
}

export function compareSurfaces(before: SurfaceEntry[], after: SurfaceEntry[]): SurfaceChange[] {
  const key = (e: SurfaceEntry) => `${e.module}\0${e.key}`;
  const b = new Map(before.map((e) => [key(e), e]));
  const a = new Map(after.map((e) => [key(e), e]));
  const out: SurfaceChange[] = [];
  const line = (e: SurfaceEntry) => `${e.module}: ${renderEntry(e).trim()}`;
  for (const [k, x] of b) {
    const y = a.get(k);
    if (!y) out.push({ change: 'removed', before: x, line: line(x) });
    else if (x.type !== y.type) out.push({ change: x.value && y.value ? 'value' : 'type', before: x, after: y, line: `${line(x)} -> ${renderEntry(y).trim()}` });
    else if (!!x.optional !== !!y.optional) out.push({ change: y.optional ? 'became-optional' : 'became-required', before: x, after: y, line: `${line(x)} -> ${renderEntry(y).trim()}` });
  }
  for (const [k, y] of a) if (!b.has(k)) out.push({ change: 'added', after: y, line: line(y) });
  return out;
}
