// Emits generated/api-surface.txt: every exported name of the generated client
// (client/index.ts) and types (types/index.ts, re-exports followed), with its type, one line
// per declaration, member and union member, sorted, so a regeneration's golden diff shows
// every change an SDK user sees. Built from the files the client and types emitters wrote in
// this run (generate.ts hands them over; this module runs no emitter), parsed (not type-checked)
// with TypeScript's parser alone: no project, no lib files, no checker (exports are read from the
// export keyword). ts-morph's wrappers around each node measured more than the parse itself.
// `crmgen diff` compares two surfaces with compareSurfaces() to cross-check its verdict.
import { createHash } from 'node:crypto';
import type { ts as TS } from 'ts-morph';
import { ts } from '../ts-morph.ts';
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

let printer: TS.Printer | undefined;

const hasModifier = (n: TS.Node, kind: TS.SyntaxKind) => !!(n as { modifiers?: TS.NodeArray<TS.ModifierLike> }).modifiers?.some((m) => m.kind === kind);
const exported = (n: TS.Node) => hasModifier(n, ts.SyntaxKind.ExportKeyword);

class SurfaceBuilder {
  readonly entries: SurfaceEntry[] = [];
  private module: SurfaceEntry['module'] = 'types';
  private readonly parsed = new Map<string, TS.SourceFile>();
  /** The file whose nodes are being read (the printer and getText need it). */
  private sf!: TS.SourceFile;

  /** Parsed when the walk first reaches them: modules no entry reaches cost nothing. */
  constructor(private readonly texts: ReadonlyMap<string, string>) {}

  private source(path: string): TS.SourceFile | undefined {
    let sf = this.parsed.get(path);
    const text = this.texts.get(path);
    if (!sf && text !== undefined) {
      // As ts-morph parses a project's file: the latest syntax, parents set.
      sf = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
      this.parsed.set(path, sf);
    }
    return sf;
  }

  /** Canonical one-line text of a node: printed without comments, whitespace collapsed. */
  private text(node: TS.Node): string {
    printer ??= ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });
    return printer
      .printNode(ts.EmitHint.Unspecified, node, this.sf)
      .replace(/\s+/g, ' ')
      .replace(/; }/g, ' }')
      .trim();
  }

  private src(node: TS.Node) {
    return node.getText(this.sf);
  }

  /** A member's or property's name: an identifier as it is, anything else quoted. */
  private propName(n: { name: TS.Node }) {
    const name = this.src(n.name);
    return /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name.replace(/^['"]|['"]$/g, ''));
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

  private file(sf: TS.SourceFile, seen: Set<string>) {
    if (seen.has(sf.fileName)) return;
    seen.add(sf.fileName);
    for (const ex of sf.statements) {
      if (!ts.isExportDeclaration(ex)) continue;
      const spec = ex.moduleSpecifier && ts.isStringLiteral(ex.moduleSpecifier) ? ex.moduleSpecifier.text : undefined;
      if (!spec) continue;
      const target = this.source(resolvePath(sf.fileName, spec));
      // `export * as ns` names no single export: walked as `export *` (as ts-morph's getNamedExports left it).
      const named = ex.exportClause && ts.isNamedExports(ex.exportClause) ? ex.exportClause.elements : [];
      if (target && !named.length && this.entryPaths.has(target.fileName) && target !== sf) {
        const from = target.fileName.replace(/^\/generated\/client\/src\//, '');
        this.add({ key: `* from ${from}`, name: `*${from}`, role: 'reexport', type: `export${ex.isTypeOnly ? ' type' : ''} * from ${from} (listed below; names this module declares or names itself take precedence)` });
        continue;
      }
      if (target && !named.length) {
        this.file(target, seen);
        continue;
      }
      this.sf = sf;
      if (target) {
        // Named re-exports of generated modules: only those names.
        const names = new Set(named.map((n) => this.exportedName(n)));
        this.declarations(target, names);
        continue;
      }
      // From outside generated/ (the runtime): listed by name and origin only.
      const from = spec.replace(/^(\.\.?\/)+/, '');
      for (const n of named) {
        const name = this.exportedName(n);
        this.add({ key: name, name, role: 'reexport', type: `export${ex.isTypeOnly || n.isTypeOnly ? ' type' : ''} ${name} from ${from}` });
      }
    }
    this.declarations(sf);
  }

  /** The name a specifier exports: its alias as written, else its name (a string name unquoted). */
  private exportedName(n: TS.ExportSpecifier) {
    return n.propertyName || !ts.isStringLiteral(n.name) ? this.src(n.name) : n.name.text;
  }

  private declarations(sf: TS.SourceFile, only?: Set<string>) {
    const want = (name: string) => !only || only.has(name);
    const text = (n: TS.Node) => this.text(n);
    const outer = this.sf;
    this.sf = sf;
    const statements = sf.statements;
    for (const d of statements) {
      if (!ts.isInterfaceDeclaration(d) || !exported(d) || !want(this.src(d.name))) continue;
      const name = this.src(d.name);
      const tps = (d.typeParameters ?? []).map(text);
      const ext = (d.heritageClauses ?? []).filter((h) => h.token === ts.SyntaxKind.ExtendsKeyword).flatMap((h) => h.types.map(text));
      this.add({ key: name, name, role: 'decl', type: `interface ${name}${tps.length ? `<${tps.join(', ')}>` : ''}${ext.length ? ` extends ${ext.join(', ')}` : ''}` });
      this.members(name, name, d);
    }
    for (const d of statements) {
      if (!ts.isTypeAliasDeclaration(d) || !exported(d) || !want(this.src(d.name))) continue;
      const name = this.src(d.name);
      const tps = (d.typeParameters ?? []).map(text);
      const head = `type ${name}${tps.length ? `<${tps.join(', ')}>` : ''}`;
      this.aliasType(name, head, d.type);
    }
    for (const f of statements) {
      // Implementations and ambient declarations, not overload signatures (as ts-morph's getFunctions).
      if (!ts.isFunctionDeclaration(f) || !(f.body || hasModifier(f, ts.SyntaxKind.DeclareKeyword))) continue;
      if (!exported(f) || !want(f.name ? this.src(f.name) : '')) continue;
      const name = this.src(f.name!);
      const tps = (f.typeParameters ?? []).map(text);
      const sig = `function ${name}${tps.length ? `<${tps.join(', ')}>` : ''}(${f.parameters.map(text).join(', ')}): ${f.type ? text(f.type) : 'void'}`;
      this.add({ key: `${name}()`, name, role: 'decl', type: sig });
    }
    for (const v of statements) {
      if (!ts.isVariableStatement(v) || !exported(v)) continue;
      for (const d of v.declarationList.declarations) {
        const name = this.src(d.name);
        if (!want(name)) continue;
        const init = d.initializer;
        if (d.type) this.add({ key: name, name, role: 'decl', type: `const ${name}: ${text(d.type)}` });
        else if (init && ts.isAsExpression(init) && this.src(init.type) === 'const') {
          this.add({ key: name, name, role: 'decl', type: `const ${name} (as const)` });
          this.constValue(name, name, init.expression);
        } else this.add({ key: name, name, role: 'decl', type: `const ${name} = ${init ? text(init) : 'undefined'}` });
      }
    }
    for (const c of statements) {
      if (!ts.isClassDeclaration(c) || !exported(c) || !want(c.name ? this.src(c.name) : '')) continue;
      const name = this.src(c.name!);
      this.add({ key: name, name, role: 'decl', type: `class ${name}` });
      for (const m of classMembers(c)) {
        if (hasModifier(m, ts.SyntaxKind.PrivateKeyword) || hasModifier(m, ts.SyntaxKind.ProtectedKeyword)) continue;
        const t = text(m).replace(/ \{.*\}$/, '');
        this.add({ key: `${name}.${t}`, name, role: 'member', type: t });
      }
    }
    this.sf = outer;
  }

  /** A type alias: unions, object literals and intersections are split so an addition reads as one added line. */
  private aliasType(name: string, head: string, node: TS.TypeNode) {
    const text = (n: TS.Node) => this.text(n);
    // A single literal is a union of one: adding a second value then reads as an addition.
    if (ts.isUnionTypeNode(node) || ts.isLiteralTypeNode(node)) {
      this.add({ key: name, name, role: 'decl', type: `${head} = union` });
      for (const m of ts.isUnionTypeNode(node) ? node.types : [node]) this.add({ key: `${name} | ${text(m)}`, name, role: 'union', type: text(m) });
      return;
    }
    if (ts.isTypeLiteralNode(node)) {
      this.add({ key: name, name, role: 'decl', type: `${head} = {}` });
      this.members(name, name, node);
      return;
    }
    if (ts.isIntersectionTypeNode(node) && node.types.some((t) => ts.isTypeLiteralNode(t))) {
      this.add({ key: name, name, role: 'decl', type: `${head} = intersection` });
      this.intersection(name, node);
      return;
    }
    // A union built per member of a type parameter ({ [X in S]: A<X> & {...} }[S]): its template is split like an intersection.
    const mapped = ts.isIndexedAccessTypeNode(node) ? node.objectType : undefined;
    const template = mapped && ts.isMappedTypeNode(mapped) ? mapped.type : undefined;
    if (mapped && ts.isMappedTypeNode(mapped) && template && (ts.isTypeLiteralNode(template) || (ts.isIntersectionTypeNode(template) && template.types.some((t) => ts.isTypeLiteralNode(t))))) {
      const param = mapped.typeParameter;
      const of = param.constraint;
      this.add({ key: name, name, role: 'decl', type: `${head} = union per ${this.src(param.name)} in ${of ? text(of) : '?'}` });
      if (ts.isTypeLiteralNode(template)) this.members(name, name, template);
      else this.intersection(name, template);
      return;
    }
    this.add({ key: name, name, role: 'decl', type: `${head} = ${text(node)}` });
  }

  /** The parts of an intersection: its object literals' members, and each other part as one line. */
  private intersection(name: string, node: TS.Node) {
    if (!ts.isIntersectionTypeNode(node)) return;
    for (const t of node.types) {
      if (ts.isTypeLiteralNode(t)) this.members(name, name, t);
      else this.add({ key: `${name} & ${this.text(t)}`, name, role: 'union', type: `& ${this.text(t)}` });
    }
  }

  /** Properties, methods and index signatures of an interface or type literal; nested literals are split too. */
  private members(name: string, prefix: string, owner: TS.InterfaceDeclaration | TS.TypeLiteralNode) {
    for (const m of owner.members) {
      if (ts.isPropertySignature(m)) {
        const key = `${prefix}.${this.propName(m)}`;
        const t = m.type;
        const optional = !!m.questionToken;
        const ro = hasModifier(m, ts.SyntaxKind.ReadonlyKeyword) ? 'readonly ' : '';
        const literal = t && nestedLiteral(t, this.sf);
        if (literal) {
          this.add({ key, name, role: 'member', type: `${ro}${literal.array ? 'Array<{}>' : '{}'}`, optional });
          this.members(name, `${key}${literal.array ? '[]' : ''}`, literal.node);
        } else this.add({ key, name, role: 'member', type: `${ro}${t ? this.text(t) : 'any'}`, optional });
      } else if (ts.isMethodSignature(m)) {
        const sig = this.text(m).replace(/;$/, '');
        this.add({ key: `${prefix}.${this.src(m.name)}()`, name, role: 'member', type: sig.slice(sig.indexOf('(')), method: true });
      } else {
        const sig = this.text(m).replace(/;$/, '');
        this.add({ key: `${prefix}.${sig.replace(/:.*$/, '')}`, name, role: 'member', type: sig.replace(/^[^:]*:\s*/, '') });
      }
    }
  }

  /** The literal of an `as const`: object properties and array elements as members. */
  private constValue(name: string, prefix: string, node: TS.Node) {
    if (ts.isObjectLiteralExpression(node)) {
      for (const p of node.properties) {
        if (!ts.isPropertyAssignment(p)) continue;
        const key = `${prefix}.${this.propName(p)}`;
        const init = p.initializer;
        if (ts.isObjectLiteralExpression(init) || ts.isArrayLiteralExpression(init)) this.constValue(name, key, init);
        else this.add({ key, name, role: 'member', type: this.text(init), value: true });
      }
    } else if (ts.isArrayLiteralExpression(node)) {
      for (const e of node.elements) this.add({ key: `${prefix}[] ${this.text(e)}`, name, role: 'union', type: this.text(e), value: true });
    } else this.add({ key: prefix, name, role: 'member', type: this.text(node), value: true });
  }
}

/**
 * A class's members as ts-morph's getMembers lists them: methods, properties, accessors,
 * constructors and static blocks; outside an ambient class, no overload signatures.
 */
function classMembers(c: TS.ClassDeclaration): TS.ClassElement[] {
  const ambient = hasModifier(c, ts.SyntaxKind.DeclareKeyword);
  return c.members.filter((m) => {
    if (!(ts.isMethodDeclaration(m) || ts.isPropertyDeclaration(m) || ts.isGetAccessorDeclaration(m) || ts.isSetAccessorDeclaration(m) || ts.isConstructorDeclaration(m) || ts.isClassStaticBlockDeclaration(m))) return false;
    if (ambient || !(ts.isConstructorDeclaration(m) || ts.isMethodDeclaration(m))) return true;
    if (ts.isMethodDeclaration(m) && hasModifier(m, ts.SyntaxKind.AbstractKeyword)) return true;
    return m.body !== undefined;
  });
}

/** An inline object type of a member, directly or as Array<{...}> / {...}[]. */
function nestedLiteral(t: TS.TypeNode, sf: TS.SourceFile): { node: TS.TypeLiteralNode; array: boolean } | undefined {
  if (ts.isTypeLiteralNode(t)) return { node: t, array: false };
  if (ts.isArrayTypeNode(t) && ts.isTypeLiteralNode(t.elementType)) return { node: t.elementType, array: true };
  if (ts.isTypeReferenceNode(t) && t.typeName.getText(sf) === 'Array') {
    const arg = t.typeArguments?.[0];
    if (arg && ts.isTypeLiteralNode(arg)) return { node: arg, array: true };
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
  // Laid out as in the client package: the shared types sit beside the client's entry module.
  const texts = new Map(sources.map((f) => [`/generated/${f.path.startsWith('client/') ? f.path : `client/src/${f.path}`}`, f.content]));
  const b = new SurfaceBuilder(texts);
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
