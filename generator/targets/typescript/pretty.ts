// Prettier's layout without prettier's parser, for code whose every construct an emitter controls:
// the emitter builds the same document (prettier/doc's builders) that prettier's estree printer
// builds for that code, and prettier's own document printer lays it out, so the width decisions
// (what fits in 120 columns, what breaks) are prettier's for any names. Parsing and printing the
// syntax tree was most of a cold generate's formatting time. Only the constructs below exist here;
// a text outside them (a quote in a string, an unusual name) throws Unsupported, and the emitter
// then hands the file to prettier. The documents were read off prettier.__debug.printToDoc for the
// ts-morph text; test/pretty.test.ts compares every laid-out file with prettier's output for its
// ts-morph text, on the real spec and on specs with long names.
import { builders as b, printer, type builders } from 'prettier/doc';
import type { StatementStructures } from 'ts-morph';
import { StructureKind } from './structures.ts';

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

/** A parsed TypeScript type, of the few forms the emitters write. */
type TypeNode =
  | { k: 'ref'; name: string; args?: TypeNode[] }
  | { k: 'lit'; text: string }
  | { k: 'num'; text: string }
  | { k: 'array'; of: TypeNode }
  | { k: 'index'; of: TypeNode; index: TypeNode }
  | { k: 'union'; types: TypeNode[] }
  | { k: 'and'; types: TypeNode[] }
  | { k: 'object'; members: TypeMember[]; broken: boolean }
  | { k: 'mapped'; key: string; in: TypeNode; value: TypeNode }
  | { k: 'template'; parts: (string | TypeNode)[] }
  | { k: 'paren'; union: Extract<TypeNode, { k: 'union' }> };

interface TypeMember {
  doc?: string;
  key: string;
  optional: boolean;
  type: TypeNode;
}

/**
 * Parses a type's text: dotted names with type arguments, string and number literal types, `T[]`,
 * indexed access, unions, intersections and object types whose members are `key?: type;` with an
 * optional JSDoc on the line before. Anything else is Unsupported.
 */
function parseType(text: string): TypeNode {
  const toks = text.match(/\/\*\*[\s\S]*?\*\/|`[^`\\]*`|[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*|\d+|'[^'\\\n]*'|"[^"\\\n]*"|\[\]|\n|[ \t]+|./g) ?? [];
  let i = 0;
  const skip = (newlines = true) => {
    while (i < toks.length && (/^[ \t]+$/.test(toks[i]!) || (newlines && toks[i] === '\n'))) i++;
  };
  const peek = () => {
    skip();
    return toks[i];
  };
  const expect = (t: string) => {
    if (peek() !== t) throw new Unsupported(`type ${text}: expected ${t}`);
    i++;
  };
  const union = (): TypeNode => {
    const types = [and()];
    while (peek() === '|') {
      i++;
      types.push(and());
    }
    return types.length > 1 ? { k: 'union', types } : types[0]!;
  };
  const and = (): TypeNode => {
    const types = [postfix()];
    while (peek() === '&') {
      i++;
      types.push(postfix());
    }
    return types.length > 1 ? { k: 'and', types } : types[0]!;
  };
  const postfix = (): TypeNode => {
    let node = primary();
    for (;;) {
      // A `[` after a line break would start another statement in TypeScript: not ours.
      skip(false);
      if (toks[i] === '[]') {
        i++;
        node = { k: 'array', of: node };
      } else if (toks[i] === '[') {
        i++;
        const index = union();
        expect(']');
        node = { k: 'index', of: node, index };
      } else return node;
    }
  };
  const primary = (): TypeNode => {
    const t = peek();
    i++;
    if (t === undefined) throw new Unsupported(`type ${text}: ended early`);
    if (/^['"]/.test(t)) return { k: 'lit', text: t.slice(1, -1) };
    if (t.startsWith('`')) {
      const parts: (string | TypeNode)[] = [];
      let at = 1;
      for (const m of t.slice(0, -1).matchAll(/\$\{([^}]*)\}/g)) {
        parts.push(t.slice(at, m.index), parseType(m[1]!));
        at = m.index + m[0].length;
      }
      parts.push(t.slice(at, -1));
      if (parts.some((p) => typeof p === 'string' && /[$\r\n]/.test(p))) throw new Unsupported(`template type ${t}`);
      return { k: 'template', parts };
    }
    if (/^(0|[1-9]\d{0,14})$/.test(t)) return { k: 'num', text: t };
    if (/^[A-Za-z_$]/.test(t)) {
      if (peek() !== '<') return { k: 'ref', name: t };
      i++;
      const args = [union()];
      while (peek() === ',') {
        i++;
        args.push(union());
      }
      expect('>');
      return { k: 'ref', name: t, args };
    }
    if (t === '(') {
      const inner = union();
      expect(')');
      if (inner.k !== 'union') throw new Unsupported(`type ${text}: parentheses`);
      return { k: 'paren', union: inner };
    }
    if (t === '{') {
      skip(false);
      const broken = toks[i] === '\n';
      if (!broken && peek() === '[') {
        // A mapped type on one line: { [K in T]: V }
        i++;
        const key = peek();
        if (key === undefined || !identifier.test(key)) throw new Unsupported(`type ${text}: mapped key`);
        i++;
        expect('in');
        const over = union();
        expect(']');
        expect(':');
        const value = union();
        expect('}');
        return { k: 'mapped', key, in: over, value };
      }
      const members: TypeMember[] = [];
      for (;;) {
        let m = peek();
        if (m === '}') {
          i++;
          return { k: 'object', members, broken };
        }
        let doc: string | undefined;
        if (m?.startsWith('/**')) {
          i++;
          skip(false);
          // The JSDoc on its own line before the member (prettier keeps a same-line one there).
          if (toks[i] !== '\n') throw new Unsupported(`type ${text}: comment`);
          doc = jsDocText(m);
          m = peek();
        }
        if (m === undefined || !/^([A-Za-z_$][\w$]*|"[^"\\]*")$/.test(m)) throw new Unsupported(`type ${text}: member ${m}`);
        i++;
        let optional = false;
        if (peek() === '?') {
          i++;
          optional = true;
        }
        expect(':');
        members.push({ doc, key: m, optional, type: union() });
        // The last member's `;` may be left out.
        if (peek() === ';') i++;
        else if (peek() !== '}') throw new Unsupported(`type ${text}: expected ;`);
      }
    }
    throw new Unsupported(`type ${text}: ${t}`);
  };
  const node = union();
  if (peek() !== undefined) throw new Unsupported(`type ${text}: trailing ${toks[i]}`);
  return node;
}

/** The text of a JSDoc comment as ts-morph wrote it (`/** a *\/`, or ` * ` lines). */
function jsDocText(comment: string): string {
  const inner = comment.slice(3, -2);
  if (!inner.includes('\n')) return inner.trim();
  const lines = inner.split('\n').map((l) => l.trim());
  if (lines[0] !== '' || lines.at(-1) !== '' || lines.slice(1, -1).some((l) => !l.startsWith('* '))) throw new Unsupported(`comment ${comment}`);
  return lines
    .slice(1, -1)
    .map((l) => l.slice(2))
    .join('\n');
}

/** printTypeParameters keeps one simple argument inline: a keyword, a plain name, a literal. */
const simple = (t: TypeNode) => (t.k === 'ref' && !t.args) || t.k === 'lit' || t.k === 'num';

/** A union's members, each at a `| ` when it breaks; only names (with type arguments) and literals here. */
function unionInner(t: Extract<TypeNode, { k: 'union' }>, objects = false): Doc {
  // With an object among them, prettier hugs a union of it and null or undefined: not modeled.
  if (!t.types.every((m) => m.k === 'ref' || m.k === 'lit' || m.k === 'num' || m.k === 'template' || (objects && m.k === 'object' && m.members.length)) || (objects && t.types.some((m) => m.k === 'ref' && /^(null|undefined|void)$/.test(m.name))))
    throw new Unsupported('union member');
  return b.group([b.ifBreak('| '), b.join([b.line, '| '], t.types.map((m) => b.align(2, typeDoc(m))))]);
}

function typeDoc(t: TypeNode): Doc {
  switch (t.k) {
    case 'lit':
      return str(t.text);
    case 'num':
      return t.text;
    case 'ref': {
      const dotted = t.name.split('.').flatMap((p, k) => (k ? ['.', p] : [p]));
      if (!t.args) return dotted;
      if (t.args.some((a) => a.k === 'object' || a.k === 'and' || a.k === 'mapped' || a.k === 'paren') || (t.args.length === 1 && t.args[0]!.k === 'template')) throw new Unsupported('type argument');
      // A union argument is not indented further: it breaks inside the arguments' group.
      const args = t.args.map((a) => (a.k === 'union' ? unionInner(a) : typeDoc(a)));
      return [dotted, t.args.length === 1 && simple(t.args[0]!) ? ['<', args[0]!, '>'] : b.group(['<', b.indent([b.softline, b.join([',', b.line], args)]), b.softline, '>'])];
    }
    case 'array':
      if (t.of.k === 'union' || t.of.k === 'and' || t.of.k === 'object' || t.of.k === 'mapped' || t.of.k === 'paren') throw new Unsupported('array of');
      return [typeDoc(t.of), '[]'];
    case 'index':
      if (t.of.k === 'union' || t.of.k === 'and' || t.of.k === 'object' || t.of.k === 'paren' || t.index.k === 'paren' || t.index.k === 'and' || t.index.k === 'object' || t.index.k === 'mapped') throw new Unsupported('indexed');
      return [typeDoc(t.of), '[', t.index.k === 'union' ? indentedUnion(t.index) : typeDoc(t.index), ']'];
    case 'and': {
      // printIntersectionType: names joined by ` &` and a line, an object kept beside its neighbour.
      const parts: Doc[] = [];
      let indented = false;
      t.types.forEach((m, k) => {
        if (m.k === 'union' || m.k === 'mapped') throw new Unsupported('in an intersection');
        const doc = typeDoc(m);
        if (k === 0) parts.push(doc);
        else if (t.types[k - 1]!.k !== 'object' && m.k !== 'object') parts.push(b.indent([' &', b.line, doc]));
        else if (t.types[k - 1]!.k === 'object' && m.k === 'object') parts.push(' & ', indented ? b.indent(doc) : doc);
        else {
          if (k > 1) indented = true;
          parts.push(' & ', k > 1 ? b.indent(doc) : doc);
        }
      });
      return b.group(parts);
    }
    case 'object': {
      if (!t.members.length) throw new Unsupported('empty object type');
      const members = t.members.map((m) => {
        const member = b.group([propertyKey(m.key), m.optional ? '?' : '', ':', ' ', m.type.k === 'union' ? indentedUnion(m.type) : typeDoc(m.type)]);
        return m.doc === undefined ? member : [jsDoc(m.doc), b.hardline, member];
      });
      return b.group(['{', b.indent([b.line, b.join([';', b.line], members), b.ifBreak(';')]), b.line, '}'], { shouldBreak: t.broken });
    }
    case 'paren':
      // A union of objects in parentheses (inside an intersection).
      return ['(', b.group([b.indent([b.softline, unionInner(t.union, true)]), b.softline]), ')'];
    case 'template':
      return [b.lineSuffixBoundary, '`', t.parts.map((p) => (typeof p === 'string' ? p : b.group(['${', typeDoc(p), b.lineSuffixBoundary, '}']))), '`'];
    case 'mapped':
      if ((t.in.k !== 'ref' && t.in.k !== 'lit' && t.in.k !== 'union') || t.value.k === 'union') throw new Unsupported('mapped type');
      return b.group(['{', b.indent([b.line, b.group([b.group(['[', b.indent([b.softline, name(t.key), ' in ', t.in.k === 'union' ? indentedUnion(t.in) : typeDoc(t.in)]), b.softline, ']']), ': ', typeDoc(t.value)]), b.ifBreak(';')]), b.line, '}']);
    case 'union':
      throw new Unsupported('union here');
  }
}

/** A type as prettier prints it where it stands alone (a parameter's or return type, a type argument). */
export const type = (text: string): Doc => typeDoc(parseType(text));

/** A union that breaks onto its own line first (a member's type, an index, a mapped type's keys), then into `| a` lines. */
const indentedUnion = (t: Extract<TypeNode, { k: 'union' }>): Doc => b.group(b.indent([b.softline, unionInner(t)]));

/** A member's type annotation. */
function memberType(text: string): Doc {
  const t = parseType(text);
  return t.k === 'union' ? indentedUnion(t) : typeDoc(t);
}

/**
 * `export type Name<params> = type;` as printAssignment lays out the right side: break-lhs when
 * more than one type parameter has a constraint or default (isComplexTypeAliasParams), else a
 * union after a line break, anything else (a literal too) fluid.
 */
function typeAlias(name_: string, params: { doc: Doc; complex: boolean }, text: string): Doc {
  const t = parseType(text);
  const rhsDoc = () => (t.k === 'object' && !t.members.length ? b.group('{}') : typeDoc(t));
  if (params.complex) {
    if (t.k === 'union') throw new Unsupported('break-lhs union');
    return ['export ', b.group(['type ', name(name_), params.doc, ' =', ' ', b.group(rhsDoc())]), ';'];
  }
  let rhs: Doc;
  if (t.k === 'union') rhs = b.group(b.indent([b.line, unionInner(t)]));
  else {
    const id = Symbol('assignment');
    rhs = [b.group(b.indent(b.line), { id }), b.lineSuffixBoundary, b.indentIfBreak(rhsDoc(), { groupId: id })];
  }
  return ['export ', b.group([b.group(['type ', name(name_), params.doc]), ' =', rhs]), ';'];
}

/** Type parameters `<K extends C = D, ...>`; each with a constraint, and a default or none. */
function typeParams(params: unknown): { doc: Doc; complex: boolean } {
  const list = (params ?? []) as Record<string, unknown>[];
  if (!Array.isArray(list) || !list.length) return { doc: '', complex: false };
  const docs = list.map((p) => {
    only(p, ['kind', 'name', 'constraint', 'default']);
    if (typeof p.name !== 'string' || typeof p.constraint !== 'string' || (p.default !== undefined && typeof p.default !== 'string')) throw new Unsupported('type parameter');
    const c = Symbol('constraint');
    const parts: Doc[] = [name(p.name), ' extends', b.group(b.indent(b.line), { id: c }), b.lineSuffixBoundary, b.indentIfBreak(type(p.constraint), { groupId: c })];
    if (typeof p.default === 'string') {
      const d = Symbol('default');
      parts.push(' =', b.group(b.indent(b.line), { id: d }), b.lineSuffixBoundary, b.indentIfBreak(type(p.default), { groupId: d }));
    }
    return b.group(parts);
  });
  // Every parameter here has a constraint: more than one makes the alias "complex".
  return { doc: b.group(['<', b.indent([b.softline, b.join([',', b.line], docs)]), b.ifBreak(','), b.softline, '>']), complex: list.length > 1 };
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
 * ts-morph structures in prettier's layout: imports, re-exports, exported interfaces (properties,
 * index signatures, at most one `extends`), type aliases (see parseType) and `const` arrays.
 * Anything else throws Unsupported.
 */
export function structures(statements: readonly (string | StatementStructures)[]): { doc: Doc; blank: boolean }[] {
  let previous: boolean | undefined;
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
      only(st, ['kind', 'isExported', 'name', 'docs', 'extends', 'properties', 'indexSignatures']);
      if (!st.isExported) throw new Unsupported('interface not exported');
      const ext = (st.extends ?? []) as unknown[];
      if (ext.length > 1 || ext.some((e) => typeof e !== 'string')) throw new Unsupported('extends');
      const props = (st.properties ?? []) as Record<string, unknown>[];
      // ts-morph prints the index signatures before the properties.
      const indexes = ((st.indexSignatures ?? []) as Record<string, unknown>[]).map((x) => {
        only(x, ['kind', 'keyName', 'keyType', 'returnType']);
        if (typeof x.keyName !== 'string' || typeof x.keyType !== 'string' || typeof x.returnType !== 'string') throw new Unsupported('index signature');
        return [b.group(['[', b.group([b.indent([b.softline, name(x.keyName), ':', ' ', type(x.keyType)]), b.softline]), ']', ':', ' ', memberType(x.returnType)]), ';'];
      });
      const members = [
        ...indexes,
        ...props.map((p) => {
          only(p, ['kind', 'name', 'hasQuestionToken', 'isReadonly', 'type', 'docs']);
          if (typeof p.type !== 'string' || typeof p.name !== 'string') throw new Unsupported('property');
          const d = docsOf(p.docs);
          const member = b.group([p.isReadonly ? 'readonly ' : '', propertyKey(p.name), p.hasQuestionToken ? '?' : '', ':', ' ', memberType(p.type)]);
          return d === undefined ? [member, ';'] : [jsDoc(d), b.hardline, member, ';'];
        }),
      ];
      const d = docsOf(st.docs);
      doc = [
        d === undefined ? '' : [jsDoc(d), b.hardline],
        'export interface ',
        name(st.name as string),
        ext.length ? [' extends ', type(ext[0] as string)] : '',
        members.length ? [' {', b.indent([b.hardline, b.join(b.hardline, members)]), b.hardline, '}'] : ' {}',
      ];
    } else if (st.kind === StructureKind.TypeAlias) {
      only(st, ['kind', 'isExported', 'name', 'docs', 'typeParameters', 'type']);
      if (!st.isExported || typeof st.type !== 'string') throw new Unsupported('type alias');
      const d = docsOf(st.docs);
      doc = [d === undefined ? '' : [jsDoc(d), b.hardline], typeAlias(st.name as string, typeParams(st.typeParameters), st.type)];
    } else if (st.kind === StructureKind.VariableStatement) {
      only(st, ['kind', 'isExported', 'declarationKind', 'docs', 'declarations']);
      const decls = st.declarations as Record<string, unknown>[];
      if (!st.isExported || st.declarationKind !== 'const' || decls.length !== 1) throw new Unsupported('variable statement');
      only(decls[0]!, ['kind', 'name', 'initializer']);
      const d = docsOf(st.docs);
      doc = [d === undefined ? '' : [jsDoc(d), b.hardline], constArray(decls[0]!.name as string, decls[0]!.initializer)];
    } else if (st.kind === StructureKind.ExportDeclaration) {
      only(st, ['kind', 'isTypeOnly', 'moduleSpecifier', 'namedExports']);
      const named = (st.namedExports ?? []) as unknown[];
      if (named.some((n) => typeof n !== 'string') || typeof st.moduleSpecifier !== 'string') throw new Unsupported('export specifier');
      const head = st.isTypeOnly ? 'export type ' : 'export ';
      const tail = [' from ', str(st.moduleSpecifier), ';'];
      if (!named.length) {
        if (st.isTypeOnly) throw new Unsupported('export type *');
        doc = ['export *', tail];
      } else if (named.length === 1) doc = [head, '{ ', name(named[0] as string), ' }', tail];
      else doc = [head, b.group(['{', b.indent([b.line, b.join([',', b.line], (named as string[]).map(name))]), b.ifBreak(','), b.line, '}']), tail];
    } else throw new Unsupported(`structure kind ${st.kind}`);
    // ts-morph puts a blank line before and after a block (an interface), none between other statements.
    const block = st.kind === StructureKind.Interface;
    const blank = previous !== undefined && (previous || block);
    previous = block;
    return { doc, blank };
  });
}

/** `export const name = [...] as const;` of strings, or of numbers (which prettier fills). */
function constArray(name_: string, initializer: unknown): Doc {
  const m = typeof initializer === 'string' ? /^\[(.+)\] as const$/.exec(initializer) : null;
  if (!m) throw new Unsupported('initializer');
  let items: unknown[];
  try {
    items = JSON.parse(`[${m[1]}]`) as unknown[];
  } catch {
    throw new Unsupported('initializer');
  }
  if (`[${items.map((v) => JSON.stringify(v)).join(', ')}] as const` !== initializer) throw new Unsupported('initializer');
  const array = Symbol('array');
  let elements: Doc;
  if (items.every((v) => typeof v === 'string')) elements = [b.softline, b.join([',', b.line], (items as string[]).map((v) => b.group(str(v)))), b.ifBreak(',')];
  else if (items.every((v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0))
    elements = [b.softline, b.fill(items.flatMap((v, i) => (i ? [b.line, i < items.length - 1 ? [String(v), ','] : [String(v), b.ifBreak(',', '', { groupId: array })]] : [items.length > 1 ? [String(v), ','] : [String(v), b.ifBreak(',', '', { groupId: array })]])))];
  else throw new Unsupported('array items');
  const id = Symbol('assignment');
  const value = [b.group(['[', b.indent(elements), b.softline, ']'], { id: array }), ' ', 'as', ' ', 'const'];
  return ['export ', b.group(['const', ' ', b.group([b.group(name(name_)), ' =', b.group(b.indent(b.line), { id }), b.lineSuffixBoundary, b.indentIfBreak(value, { groupId: id })]), b.indent([]), ';'])];
}

/** The text prettier prints for the document (printWidth 120, two spaces, as generate's prettier options). */
export const print = (doc: Doc): string => printer.printDocToString(doc, { printWidth: 120, tabWidth: 2, useTabs: false }).formatted;
