// Prettier's layout without prettier's parser, for code whose every construct an emitter controls:
// the emitter builds the same document (prettier/doc's builders) that prettier's estree printer
// builds for that code, and prettier's own document printer lays it out, so the width decisions
// (what fits in 120 columns, what breaks) are prettier's for any names. Parsing and printing the
// syntax tree was most of a cold generate's formatting time. Only the constructs below exist here;
// a text outside them (a quote in a string, an unusual name) throws Unsupported, and the emitter
// then hands the file to prettier. test/pretty.test.ts compares the documents and the text with
// prettier's on the real spec and on specs with long names.
import { builders as b, printer, type builders } from 'prettier/doc';
import type { StatementStructures } from 'ts-morph';
import { StructureKind } from '../ts-morph.ts';

export type Doc = builders.Doc;

/** A text these builders do not model: the caller formats the file with prettier instead. */
export class Unsupported extends Error {}

const identifier = /^[A-Za-z_$][\w$]*$/;

export function name(text: string): string {
  if (!identifier.test(text)) throw new Unsupported(`not a plain identifier: ${text}`);
  return text;
}

/** A string literal as prettier quotes it (single quotes); only texts that need no escape. */
export function str(text: string): string {
  if (/['"\\\r\n\u2028\u2029]/.test(text)) throw new Unsupported(`string needs escapes: ${text}`);
  return `'${text}'`;
}

/** `a.b.c` in an expression (prettier's member chain of plain names). */
export const member = (...parts: string[]): Doc => parts.flatMap((p, i) => (i === 0 ? [name(p)] : [b.lineSuffixBoundary, '.', name(p)]));

/** A template literal whose placeholders are plain names: `/${kind}/x/`. */
export function template(text: string): Doc {
  const parts: Doc[] = ['`'];
  let at = 0;
  for (const m of text.matchAll(/\$\{([^}]*)\}/g)) {
    parts.push(plainTemplateText(text.slice(at, m.index)), b.group(['${', name(m[1]!), b.lineSuffixBoundary, '}']));
    at = m.index + m[0].length;
  }
  parts.push(plainTemplateText(text.slice(at)), '`');
  return parts;
}

function plainTemplateText(text: string): string {
  if (/[`\\$\r\n]/.test(text)) throw new Unsupported(`template text: ${text}`);
  return text;
}

/**
 * A TypeScript type as prettier prints it, from its text: dotted names, type arguments, string and
 * number literal types, `T[]` and indexed access (`X<'a', Y>['k'][number]`); anything else is
 * Unsupported. A union is handled by member (see member), not here.
 */
export function type(text: string): Doc {
  const toks = (text.match(/[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*|\d+|'[^'\\]*'|"[^"\\]*"|\[\]|[<>,[\]]|\s+|./g) ?? []).filter((t) => !/^\s+$/.test(t));
  let i = 0;
  const expect = (t: string) => {
    if (toks[i] !== t) throw new Unsupported(`type ${text}: expected ${t}`);
    i++;
  };
  const parse = (): { doc: Doc; simple: boolean } => {
    const t = toks[i++];
    if (t === undefined) throw new Unsupported(`type ${text}: ended early`);
    let doc: Doc;
    let simple: boolean;
    if (/^['"]/.test(t)) {
      doc = str(t.slice(1, -1));
      simple = true;
    } else if (/^(0|[1-9]\d*)$/.test(t) && t.length < 16) {
      doc = t;
      simple = true;
    } else if (/^[A-Za-z_$]/.test(t)) {
      const dotted = t.split('.');
      doc = dotted.flatMap((p, k) => (k ? ['.', p] : [p]));
      simple = true;
      if (toks[i] === '<') {
        i++;
        const args = [parse()];
        while (toks[i] === ',') {
          i++;
          args.push(parse());
        }
        expect('>');
        // printTypeParameters: one simple argument stays inline, anything else is a breakable group.
        doc = [doc, args.length === 1 && args[0]!.simple ? ['<', args[0]!.doc, '>'] : b.group(['<', b.indent([b.softline, b.join([',', b.line], args.map((a) => a.doc))]), b.softline, '>'])];
        simple = false;
      }
    } else throw new Unsupported(`type ${text}: ${t}`);
    for (;;) {
      if (toks[i] === '[]') {
        i++;
        doc = [doc, '[]'];
      } else if (toks[i] === '[') {
        i++;
        const index = parse();
        expect(']');
        doc = [doc, '[', index.doc, ']'];
      } else break;
      simple = false;
    }
    return { doc, simple };
  };
  const out = parse();
  if (i !== toks.length) throw new Unsupported(`type ${text}: trailing ${toks[i]}`);
  return out.doc;
}

/** The members of a top-level union (`a | b`), or undefined for a type that is none. */
function unionMembers(text: string): string[] | undefined {
  if (!text.includes('|')) return undefined;
  let depth = 0;
  const parts = [''];
  for (const ch of text) {
    if (ch === '<' || ch === '[' || ch === '(' || ch === '{') depth++;
    if (ch === '>' || ch === ']' || ch === ')' || ch === '}') depth--;
    if (ch === '|' && depth === 0) parts.push('');
    else parts[parts.length - 1] += ch;
  }
  if (depth !== 0 || parts.some((p) => !p.trim())) throw new Unsupported(`union ${text}`);
  return parts.length > 1 ? parts.map((p) => p.trim()) : undefined;
}

/** A member's type annotation (a union breaks into `| a` lines, indented under the member). */
function memberType(text: string): Doc {
  const members = unionMembers(text);
  if (!members) return type(text);
  return b.group(b.indent([b.softline, b.group([b.ifBreak('| '), b.join([b.line, '| '], members.map((m) => b.align(2, type(m))))])]));
}

/** A JSDoc comment as prettier reprints one: a one-line text stays `/** text *\/`, more lines get ` * ` each. */
export function jsDoc(text: string): Doc {
  const lines = text.split('\n');
  if (lines.some((l) => !l || l !== l.trim() || /\*\/|\r/.test(l))) throw new Unsupported(`JSDoc: ${text}`);
  if (lines.length === 1) return `/** ${text} */`;
  return ['/**', ...lines.flatMap((l) => [b.hardline, ` * ${l}`]), b.hardline, ' */'];
}

/** An object literal's property value, by the layout prettier's printAssignment picks for it. */
export type Value =
  | { kind: 'string'; text: string }
  | { kind: 'member'; parts: string[] }
  | { kind: 'name'; text: string }
  | { kind: 'template'; text: string }
  | { kind: 'object'; props: Prop[] }
  | { kind: 'arrow'; params: Param[]; body: Doc };

export type Prop = { key: string; value: Value } | { shorthand: string } | { spread: Doc };

let ids = 0;

function value(v: Value): Doc {
  switch (v.kind) {
    case 'string':
      return str(v.text);
    case 'member':
      return member(...v.parts);
    case 'name':
      return name(v.text);
    case 'template':
      return template(v.text);
    case 'object':
      return object(v.props);
    case 'arrow':
      return arrow(v.params, v.body);
  }
}

function prop(p: Prop): Doc {
  if ('shorthand' in p) return name(p.shorthand);
  if ('spread' in p) return ['...', p.spread];
  const key = b.group(name(p.key));
  const v = p.value;
  // break-after-operator (strings, member chains), never-break (templates, objects), fluid (the rest).
  if (v.kind === 'string' || v.kind === 'member') return b.group([key, ':', b.group(b.indent([b.line, value(v)]))]);
  if (v.kind === 'template') return b.group([key, ':', ' ', b.lineSuffixBoundary, value(v)]);
  if (v.kind === 'object') return b.group([key, ':', ' ', value(v)]);
  const id = Symbol(`assignment ${ids++}`);
  return b.group([key, ':', b.group(b.indent(b.line), { id }), b.lineSuffixBoundary, b.indentIfBreak(v.kind === 'arrow' ? b.group(value(v)) : value(v), { groupId: id })]);
}

export function object(props: Prop[]): Doc {
  if (!props.length) return '{}';
  return b.group(['{', b.indent([b.line, b.join([',', b.line], props.map(prop))]), b.ifBreak(','), b.line, '}']);
}

export interface Param {
  name: string;
  type?: string;
  /** Only `{}` (an empty object literal). */
  init?: '{}';
}

const param = (p: Param): Doc => [name(p.name), p.type === undefined ? '' : [':', ' ', type(p.type)], p.init ? [' = ', b.group(b.group(['{', '}']))] : ''];

/** An arrow function with a parenthesized parameter list and an expression body. */
export function arrow(params: Param[], body: Doc): Doc {
  const list = b.group(['(', b.indent([b.softline, b.join([',', b.line], params.map(param))]), b.ifBreak(','), b.softline, ')']);
  return [b.group(list, { id: Symbol('arrow-chain') }), ' =>', b.group(b.indent([b.line, body]))];
}

/** The arguments of a call, none of them an object or function that prettier would hug. */
export const plainArgs = (args: Doc[]): Doc => b.group(['(', b.indent([b.softline, b.join([',', b.line], args)]), b.ifBreak(','), b.softline, ')']);

/**
 * The arguments of a call whose last argument is an object literal prettier hugs (printCallArguments'
 * three states: all flat, the last one expanded, all broken out). Built per state, as prettier does.
 */
export function huggedLastArgs(args: () => Doc[]): Doc {
  const flat = args();
  const hugged = args();
  const all = args();
  return b.conditionalGroup([
    ['(', b.join([',', b.line], flat), ')'],
    ['(', b.join([',', b.line], [...hugged.slice(0, -1), b.group(hugged.at(-1)!, { shouldBreak: true })]), ')'],
    b.group(['(', b.indent([b.line, b.join([',', b.line], all)]), b.ifBreak(','), b.line, ')'], { shouldBreak: true }),
  ]);
}

/** `(options.files && { files: options.files })`: an upload's files, spread into a call's options. */
export const filesSpread = (): Doc => ['(', b.group([b.group(member('options', 'files')), ' ', b.group(['&&', ' ', object([{ key: 'files', value: { kind: 'member', parts: ['options', 'files'] } }])])]), ')'];

/** A call of a plain function: `f(args)`. */
export const call = (fn: string, args: Doc): Doc => [name(fn), b.lineSuffixBoundary, args];

/** A call of a method of a plain object (a member chain of one call): `o.m(args)`. */
export const methodCall = (object: string, method: string, args: Doc): Doc => b.group([name(object), '.', name(method), args]);

/** `export function name(params): returnType { statements }` with a one-line JSDoc. */
export function exportedFunction(doc: string, fnName: string, params: Param[], returnType: string, body: Doc[]): Doc {
  if (doc.includes('\n')) throw new Unsupported(`JSDoc: ${doc}`);
  return [
    jsDoc(doc),
    b.hardline,
    'export function ',
    name(fnName),
    b.group(['(', b.indent([b.softline, b.join([',', b.line], params.map(param))]), b.ifBreak(','), b.softline, ')', ':', ' ', type(returnType)]),
    ' {',
    b.indent([b.hardline, b.join(b.hardline, body)]),
    b.hardline,
    '}',
  ];
}

/** `import type * as T from '...';`, `import { a, b } from '...';` */
export function importDecl(o: { typeOnly?: boolean; from: string; namespace?: string; named?: string[] }): Doc {
  const head = o.typeOnly ? 'import type ' : 'import ';
  const tail = [' from ', str(o.from), ';'];
  if (o.namespace !== undefined) return [head, '* as ', name(o.namespace), tail];
  const named = (o.named ?? []).map(name);
  // One specifier never breaks; more are a group.
  if (named.length === 1) return [head, '{ ', named[0]!, ' }', tail];
  return [head, b.group(['{', b.indent([b.line, b.join([',', b.line], named)]), b.ifBreak(','), b.line, '}']), tail];
}

/** A module: leading line comments, then statements, `blank` marking those after a blank line. */
export function module(comments: string[], statements: { doc: Doc; blank?: boolean }[]): Doc {
  const parts: Doc[] = [];
  for (const c of comments) {
    if (!c.startsWith('//') || /[\r\n]/.test(c) || c !== c.trimEnd()) throw new Unsupported(`comment: ${c}`);
    parts.push(c, b.hardline);
  }
  statements.forEach((s, i) => {
    if (i) parts.push(b.hardline);
    if (i && s.blank) parts.push(b.hardline);
    parts.push(s.doc);
  });
  parts.push(b.hardline);
  return parts;
}

/** A property key: a plain name, or a quoted one that needs its quotes (prettier unquotes the others). */
function propertyKey(key: string): Doc {
  if (identifier.test(key)) return key;
  let text: unknown;
  try {
    text = JSON.parse(key);
  } catch {
    throw new Unsupported(`key ${key}`);
  }
  if (typeof text !== 'string' || identifier.test(text) || /^\d/.test(text)) throw new Unsupported(`key ${key}`);
  return str(text);
}

/** The docs of a ts-morph structure: one JSDoc of a plain description, or none. */
function docsOf(docs: unknown): string | undefined {
  if (docs === undefined || (Array.isArray(docs) && !docs.length)) return undefined;
  if (!Array.isArray(docs) || docs.length !== 1) throw new Unsupported('docs');
  const d = docs[0] as unknown;
  if (typeof d === 'string') return d;
  const o = d as { description?: unknown; tags?: unknown[] };
  if (typeof o !== 'object' || o === null || typeof o.description !== 'string' || o.tags?.length || Object.keys(o).some((k) => !['kind', 'description', 'tags'].includes(k))) throw new Unsupported('docs');
  return o.description;
}

const only = (s: object, keys: string[]) => {
  for (const [k, v] of Object.entries(s)) if (v !== undefined && v !== false && !(Array.isArray(v) && !v.length) && !keys.includes(k)) throw new Unsupported(`${k} of a structure`);
};

/**
 * ts-morph structures in prettier's layout: type-only or plain imports, and exported interfaces of
 * properties (at most one `extends`). Anything else throws Unsupported.
 */
export function structures(statements: readonly (string | StatementStructures)[]): { doc: Doc; blank: boolean }[] {
  let previous: string | undefined;
  return statements.map((structure) => {
    if (typeof structure === 'string') throw new Unsupported('text statement');
    // Read loosely: only the keys checked below are used.
    const st = structure as unknown as Record<string, unknown> & { kind: number };
    let doc: Doc;
    if (st.kind === StructureKind.ImportDeclaration) {
      only(st, ['kind', 'isTypeOnly', 'moduleSpecifier', 'namedImports', 'namespaceImport']);
      const named = st.namedImports as unknown[] | undefined;
      if (named && named.some((n) => typeof n !== 'string')) throw new Unsupported('import specifier');
      doc = importDecl({ typeOnly: st.isTypeOnly as boolean | undefined, from: st.moduleSpecifier as string, namespace: st.namespaceImport as string | undefined, named: named as string[] | undefined });
    } else if (st.kind === StructureKind.Interface) {
      only(st, ['kind', 'isExported', 'name', 'docs', 'extends', 'properties']);
      if (!st.isExported) throw new Unsupported('interface not exported');
      const ext = (st.extends ?? []) as unknown[];
      if (ext.length > 1 || ext.some((e) => typeof e !== 'string')) throw new Unsupported('extends');
      const props = (st.properties ?? []) as Record<string, unknown>[];
      const members = props.map((p) => {
        only(p, ['kind', 'name', 'hasQuestionToken', 'type', 'docs']);
        if (typeof p.type !== 'string' || typeof p.name !== 'string') throw new Unsupported('property');
        const d = docsOf(p.docs);
        const member = b.group([propertyKey(p.name), p.hasQuestionToken ? '?' : '', ':', ' ', memberType(p.type)]);
        return d === undefined ? [member, ';'] : [jsDoc(d), b.hardline, member, ';'];
      });
      const d = docsOf(st.docs);
      doc = [
        d === undefined ? '' : [jsDoc(d), b.hardline],
        'export interface ',
        name(st.name as string),
        ext.length ? [' extends ', type(ext[0] as string)] : '',
        members.length ? [' {', b.indent([b.hardline, b.join(b.hardline, members)]), b.hardline, '}'] : ' {}',
      ];
    } else throw new Unsupported(`structure kind ${st.kind}`);
    // ts-morph puts a blank line before and after a block (an interface), none between imports.
    const blank = previous !== undefined && (previous !== 'import' || st.kind !== StructureKind.ImportDeclaration);
    previous = st.kind === StructureKind.ImportDeclaration ? 'import' : 'block';
    return { doc, blank };
  });
}

/** The text prettier prints for the document (printWidth 120, two spaces, as generate's prettier options). */
export const print = (doc: Doc): string => printer.printDocToString(doc, { printWidth: 120, tabWidth: 2, useTabs: false }).formatted;
