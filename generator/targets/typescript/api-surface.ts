// Emits generated/api-surface.txt: every exported name of the generated client
// (client/index.ts) and types (types/index.ts, re-exports followed), with its type, one line
// per declaration, member and union member, sorted, so a regeneration's golden diff shows
// every change an SDK user sees. Built from the files the client and types emitters wrote in
// this run (generate.ts hands them over; this module runs no emitter), parsed by TypeScript, not
// type-checked (surface-view.ts: exports are read from the export keyword).
// `crmgen diff` compares two surfaces with compareSurfaces() to cross-check its verdict.
import { createHash } from 'node:crypto';
import type { GeneratedFile } from '../../pipeline/generated-file.ts';
import type { SurfaceLine } from '../contract.ts';
import {
  moduleView,
  type FileView,
  type MemberView,
  type TypeView,
  type Typed,
  type ValueView,
} from './surface-view.ts';

/** One line of the surface. */
export type SurfaceEntry = SurfaceLine;

/** A member's or property's name: an identifier as it is, anything else quoted. */
const propName = (name: string) =>
  /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name.replace(/^['"]|['"]$/g, ''));

class SurfaceBuilder {
  readonly entries: SurfaceEntry[] = [];
  private module: SurfaceEntry['module'] = 'types';
  private readonly views = new Map<string, FileView>();

  /** Read when the walk first reaches them: modules no entry reaches cost nothing. */
  constructor(private readonly texts: ReadonlyMap<string, string>) {}

  private source(path: string): FileView | undefined {
    let view = this.views.get(path);
    const text = this.texts.get(path);
    if (!view && text !== undefined) {
      view = moduleView(path, text);
      this.views.set(path, view);
    }
    return view;
  }

  add(e: Omit<SurfaceEntry, 'module'>) {
    this.entries.push({ module: this.module, ...e });
  }

  /** Entry modules walked on their own: another entry re-exporting one of them in full gets one line, not a copy. */
  private readonly entryPaths = new Set<string>();

  /** Walks one entry module and the generated modules it re-exports. */
  walk(module: SurfaceEntry['module'], path: string) {
    this.module = module;
    if (!this.source(path)) throw new Error(`api-surface: no module ${path}`);
    this.file(path, new Set());
  }

  entry(path: string) {
    this.entryPaths.add(path);
  }

  private file(path: string, seen: Set<string>) {
    if (seen.has(path)) return;
    seen.add(path);
    const view = this.source(path)!;
    for (const ex of view.exports) {
      if (!ex.specifier) continue;
      const targetPath = resolvePath(path, ex.specifier);
      const target = this.source(targetPath);
      const named = ex.named;
      if (target && !named.length && this.entryPaths.has(targetPath) && targetPath !== path) {
        const from = targetPath.replace(/^\/generated\/client\/src\//, '');
        this.add({
          key: `* from ${from}`,
          name: `*${from}`,
          role: 'reexport',
          type: `export${ex.typeOnly ? ' type' : ''} * from ${from} (listed below; names this module declares or names itself take precedence)`,
        });
        continue;
      }
      if (target && !named.length) {
        this.file(targetPath, seen);
        continue;
      }
      if (target) {
        // Named re-exports of generated modules: only those names.
        this.declarations(target, new Set(named.map((n) => n.name)));
        continue;
      }
      // From outside generated/ (the runtime): listed by name and origin only.
      const from = ex.specifier.replace(/^(\.\.?\/)+/, '');
      for (const n of named)
        this.add({
          key: n.name,
          name: n.name,
          role: 'reexport',
          type: `export${ex.typeOnly || n.typeOnly ? ' type' : ''} ${n.name} from ${from}`,
        });
    }
    this.declarations(view);
  }

  private declarations(view: FileView, only?: Set<string>) {
    const want = (name: string) => !only || only.has(name);
    const params = (tps: string[]) => (tps.length ? `<${tps.join(', ')}>` : '');
    for (const d of view.interfaces) {
      if (!d.exported || !want(d.name)) continue;
      const name = d.name;
      this.add({
        key: name,
        name,
        role: 'decl',
        type: `interface ${name}${params(d.typeParams)}${d.extends.length ? ` extends ${d.extends.join(', ')}` : ''}`,
      });
      this.members(name, name, d.members);
    }
    for (const d of view.aliases) {
      if (!d.exported || !want(d.name)) continue;
      this.aliasType(d.name, `type ${d.name}${params(d.typeParams)}`, d.type);
    }
    for (const f of view.functions) {
      if (!f.exported || !want(f.name ?? '')) continue;
      const name = f.name!;
      this.add({
        key: `${name}()`,
        name,
        role: 'decl',
        type: `function ${name}${params(f.typeParams)}(${f.params.join(', ')}): ${f.returnType ?? 'void'}`,
      });
    }
    for (const v of view.variables) {
      if (!v.exported) continue;
      for (const d of v.decls) {
        const name = d.name;
        if (!want(name)) continue;
        if (d.type !== undefined) this.add({ key: name, name, role: 'decl', type: `const ${name}: ${d.type}` });
        else if (d.asConst) {
          this.add({ key: name, name, role: 'decl', type: `const ${name} (as const)` });
          this.constValue(name, name, d.asConst);
        } else this.add({ key: name, name, role: 'decl', type: `const ${name} = ${d.init ?? 'undefined'}` });
      }
    }
    for (const c of view.classes) {
      if (!c.exported || !want(c.name ?? '')) continue;
      const name = c.name!;
      this.add({ key: name, name, role: 'decl', type: `class ${name}` });
      for (const t of c.members) this.add({ key: `${name}.${t}`, name, role: 'member', type: t });
    }
  }

  /** A type alias: unions, object literals and intersections are split so an addition reads as one added line. */
  private aliasType(name: string, head: string, node: Typed) {
    // A single literal is a union of one: adding a second value then reads as an addition.
    if (node.kind === 'union' || node.kind === 'literal') {
      this.add({ key: name, name, role: 'decl', type: `${head} = union` });
      for (const m of node.kind === 'union' ? node.members : [node.text])
        this.add({ key: `${name} | ${m}`, name, role: 'union', type: m });
      return;
    }
    if (node.kind === 'object') {
      this.add({ key: name, name, role: 'decl', type: `${head} = {}` });
      this.members(name, name, node.members);
      return;
    }
    if (node.kind === 'intersection' && node.parts.some((t) => t.kind === 'object')) {
      this.add({ key: name, name, role: 'decl', type: `${head} = intersection` });
      this.intersection(name, node.parts);
      return;
    }
    // A union built per member of a type parameter ({ [X in S]: A<X> & {...} }[S]): its template is split like an intersection.
    const template = node.kind === 'mapped-index' ? node.template : undefined;
    if (
      node.kind === 'mapped-index' &&
      template &&
      (template.kind === 'object' ||
        (template.kind === 'intersection' && template.parts.some((t) => t.kind === 'object')))
    ) {
      this.add({
        key: name,
        name,
        role: 'decl',
        type: `${head} = union per ${node.param} in ${node.constraint ?? '?'}`,
      });
      if (template.kind === 'object') this.members(name, name, template.members);
      else if (template.kind === 'intersection') this.intersection(name, template.parts);
      return;
    }
    this.add({ key: name, name, role: 'decl', type: `${head} = ${node.text}` });
  }

  /** The parts of an intersection: its object literals' members, and each other part as one line. */
  private intersection(name: string, parts: Typed[]) {
    for (const t of parts) {
      if (t.kind === 'object') this.members(name, name, t.members);
      else this.add({ key: `${name} & ${t.text}`, name, role: 'union', type: `& ${t.text}` });
    }
  }

  /** Properties, methods and index signatures of an interface or type literal; nested literals are split too. */
  private members(name: string, prefix: string, members: MemberView[]) {
    for (const m of members) {
      if (m.kind === 'property') {
        const key = `${prefix}.${propName(m.name)}`;
        const t = m.type;
        const ro = m.readonly ? 'readonly ' : '';
        const literal = t && nestedLiteral(t);
        if (literal) {
          this.add({
            key,
            name,
            role: 'member',
            type: `${ro}${literal.array ? 'Array<{}>' : '{}'}`,
            optional: m.optional,
          });
          this.members(name, `${key}${literal.array ? '[]' : ''}`, literal.members);
        } else this.add({ key, name, role: 'member', type: `${ro}${t ? t.text : 'any'}`, optional: m.optional });
      } else if (m.kind === 'method') {
        this.add({
          key: `${prefix}.${m.name}()`,
          name,
          role: 'member',
          type: m.text.slice(m.text.indexOf('(')),
          method: true,
        });
      } else {
        this.add({
          key: `${prefix}.${m.text.replace(/:.*$/, '')}`,
          name,
          role: 'member',
          type: m.text.replace(/^[^:]*:\s*/, ''),
        });
      }
    }
  }

  /** The literal of an `as const`: object properties and array elements as members. */
  private constValue(name: string, prefix: string, v: ValueView) {
    if (v.kind === 'object') {
      for (const p of v.props) {
        const key = `${prefix}.${propName(p.name)}`;
        if (p.value.kind === 'other') this.add({ key, name, role: 'member', type: p.value.text, value: true });
        else this.constValue(name, key, p.value);
      }
    } else if (v.kind === 'array') {
      for (const e of v.elements) this.add({ key: `${prefix}[] ${e}`, name, role: 'union', type: e, value: true });
    } else this.add({ key: prefix, name, role: 'member', type: v.text, value: true });
  }
}

/** An inline object type of a member, directly or as Array<{...}> / {...}[]. */
function nestedLiteral(t: TypeView): { members: MemberView[]; array: boolean } | undefined {
  if (t.kind === 'object') return { members: t.members, array: false };
  if (t.kind === 'array' && t.element.kind === 'object') return { members: t.element.members, array: true };
  if (t.kind === 'array-ref' && t.arg?.kind === 'object') return { members: t.arg.members, array: true };
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
  const texts = new Map(
    sources.map((f) => [`/generated/${f.path.startsWith('client/') ? f.path : `client/src/${f.path}`}`, f.content]),
  );
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
  if ((x.role === 'decl' || x.role === 'reexport') !== (y.role === 'decl' || y.role === 'reexport'))
    return x.role === 'decl' || x.role === 'reexport' ? -1 : 1;
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
    else if (x.type !== y.type)
      out.push({
        change: x.value && y.value ? 'value' : 'type',
        before: x,
        after: y,
        line: `${line(x)} -> ${renderEntry(y).trim()}`,
      });
    else if (!!x.optional !== !!y.optional)
      out.push({
        change: y.optional ? 'became-optional' : 'became-required',
        before: x,
        after: y,
        line: `${line(x)} -> ${renderEntry(y).trim()}`,
      });
  }
  for (const [k, y] of a) if (!b.has(k)) out.push({ change: 'added', after: y, line: line(y) });
  return out;
}
