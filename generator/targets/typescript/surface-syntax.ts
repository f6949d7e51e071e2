// The declarations of a generated module as generator/emit/api-surface.ts reads them: each type,
// member and value as TypeScript's printer prints it (comments removed, whitespace collapsed).
// Two readers make the same view: a small parser for the TypeScript the client and types
// emitters write (no compiler to load: that cost a quarter of a second of every cold generate),
// and TypeScript's own parser and printer, for a module using syntax the small one does not know
// (it throws Unknown there; test/api-surface.test.ts checks the two agree on every module the
// surface reads, and that the small one knows them all).
import { createRequire } from 'node:module';
import type { ts as TS } from 'ts-morph';

/** A type as the surface splits it. */
export type TypeView =
  | { kind: 'union'; members: string[] }
  | { kind: 'literal'; text: string }
  | { kind: 'object'; members: MemberView[] }
  | { kind: 'intersection'; parts: Typed[] }
  /** `{ [P in C]: T }[X]`. */
  | { kind: 'mapped-index'; param: string; constraint?: string; template?: TypeView }
  | { kind: 'array'; element: TypeView }
  /** `Array<...>`. */
  | { kind: 'array-ref'; arg?: TypeView }
  | { kind: 'other' };

export type Typed = TypeView & { text: string };

export type MemberView =
  | { kind: 'property'; name: string; optional: boolean; readonly: boolean; type?: Typed }
  | { kind: 'method'; name: string; text: string }
  | { kind: 'other'; text: string };

export type ValueView = { kind: 'object'; props: { name: string; value: ValueView }[] } | { kind: 'array'; elements: string[] } | { kind: 'other'; text: string };

export interface FileView {
  exports: { specifier?: string; typeOnly: boolean; named: { name: string; typeOnly: boolean }[] }[];
  interfaces: { name: string; exported: boolean; typeParams: string[]; extends: string[]; members: MemberView[] }[];
  aliases: { name: string; exported: boolean; typeParams: string[]; type: Typed }[];
  /** Implementations and ambient declarations, not overload signatures. */
  functions: { name?: string; exported: boolean; typeParams: string[]; params: string[]; returnType?: string }[];
  variables: { exported: boolean; decls: { name: string; type?: string; asConst?: ValueView; init?: string }[] }[];
  /** Public members as printed, bodies cut. */
  classes: { name?: string; exported: boolean; members: string[] }[];
}

/** Syntax the small parser leaves to TypeScript's. */
export class Unknown extends Error {}

// ---- the small parser ------------------------------------------------------------------------

type Tok = { t: 'id' | 'str' | 'num' | 'tpl' | 'p'; v: string; nl: boolean };

/** Letters, digits, _ and $ (what \\w and $ match). */
const wordChar = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36;

const singlePuncts = new Set('()[]{}<>,;:?|&=.-+*!@#%^~/');

/** Tokens of a module; a template literal is one token, its substitutions read separately only where a type needs them. */
function lex(text: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  let nl = false;
  const n = text.length;
  const push = (t: Tok['t'], v: string) => {
    out.push({ t, v, nl });
    nl = false;
  };
  while (i < n) {
    const code = text.charCodeAt(i);
    const c = text[i]!;
    if (code === 10) {
      nl = true;
      i++;
    } else if (code === 32 || code === 9 || code === 13) i++;
    else if (code === 47 && text.charCodeAt(i + 1) === 47) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? n : end;
    } else if (code === 47 && text.charCodeAt(i + 1) === 42) {
      const close = text.indexOf('*/', i + 2);
      if (close < 0) throw new Unknown('unterminated comment');
      i = close + 2;
    } else if (c === '"' || c === "'") {
      const start = i++;
      while (i < n && text[i] !== c) {
        if (text.charCodeAt(i) === 10) throw new Unknown('line break in a string');
        i += text.charCodeAt(i) === 92 ? 2 : 1;
      }
      if (i >= n) throw new Unknown('unterminated string');
      push('str', text.slice(start, ++i));
    } else if (c === '`') {
      const start = i;
      i = templateEnd(text, i);
      push('tpl', text.slice(start, i));
    } else if (wordChar(code)) {
      const start = i;
      const number = code >= 48 && code <= 57;
      while (i < n && (wordChar(text.charCodeAt(i)) || (number && text.charCodeAt(i) === 46))) i++;
      push(number ? 'num' : 'id', text.slice(start, i));
    } else if (c === '.' && text.startsWith('...', i)) {
      push('p', '...');
      i += 3;
    } else if ((c === '=' && text[i + 1] === '>') || (c === '?' && text[i + 1] === '.')) {
      push('p', text.slice(i, i + 2));
      i += 2;
    } else if (singlePuncts.has(c)) {
      push('p', c);
      i++;
    } else throw new Unknown(`character ${JSON.stringify(c)}`);
  }
  return out;
}

/** The end of a template literal starting at `start`, substitutions included (strings, comments and nested templates in them too). */
function templateEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\') i += 2;
    else if (c === '`') return i + 1;
    else if (c === '$' && text[i + 1] === '{') {
      i += 2;
      let depth = 1;
      while (depth > 0) {
        if (i >= text.length) throw new Unknown('unterminated template');
        const d = text[i]!;
        if (d === '{') depth++;
        else if (d === '}') depth--;
        else if (d === '`') {
          i = templateEnd(text, i);
          continue;
        } else if (d === '"' || d === "'" || d === '/') throw new Unknown('a string, comment or slash in a template substitution');
        i++;
      }
    } else i++;
  }
  throw new Unknown('unterminated template');
}

const keywordTypes = new Set(['string', 'number', 'boolean', 'any', 'unknown', 'never', 'void', 'undefined', 'null', 'object', 'symbol', 'bigint', 'this', 'true', 'false']);

/** A type's node, enough to print it as TypeScript's printer does and to view it. */
type TypeNode =
  | { k: 'union' | 'intersection'; parts: TypeNode[] }
  | { k: 'conditional'; check: TypeNode; ext: TypeNode; yes: TypeNode; no: TypeNode }
  | { k: 'function'; typeParams: string[]; params: string[]; ret: TypeNode }
  | { k: 'operator'; op: string; type: TypeNode }
  | { k: 'array'; element: TypeNode }
  | { k: 'indexed'; object: TypeNode; index: TypeNode }
  | { k: 'literal'; text: string }
  | { k: 'template'; text: string }
  | { k: 'ref'; name: string; args: TypeNode[] }
  | { k: 'query'; name: string }
  | { k: 'paren'; type: TypeNode }
  | { k: 'object'; members: MemberNode[] }
  | { k: 'mapped'; readonly: string; param: string; constraint: TypeNode; as?: TypeNode; question: string; type?: TypeNode }
  | { k: 'keyword'; text: string };

type MemberNode =
  | { k: 'property'; name: string; optional: boolean; readonly: boolean; type?: TypeNode }
  | { k: 'method'; name: string; optional: boolean; typeParams: string[]; params: string[]; ret?: TypeNode }
  | { k: 'call'; typeParams: string[]; params: string[]; ret?: TypeNode }
  | { k: 'index'; readonly: boolean; params: string[]; type: TypeNode };

function printType(t: TypeNode): string {
  switch (t.k) {
    case 'union':
      return t.parts.map(printType).join(' | ');
    case 'intersection':
      return t.parts.map(printType).join(' & ');
    case 'conditional':
      return `${printType(t.check)} extends ${printType(t.ext)} ? ${printType(t.yes)} : ${printType(t.no)}`;
    case 'function':
      return `${t.typeParams.length ? `<${t.typeParams.join(', ')}>` : ''}(${t.params.join(', ')}) => ${printType(t.ret)}`;
    case 'operator':
      return `${t.op} ${printType(t.type)}`;
    case 'array':
      return `${printType(t.element)}[]`;
    case 'indexed':
      return `${printType(t.object)}[${printType(t.index)}]`;
    case 'literal':
    case 'template':
    case 'keyword':
      return t.text;
    case 'ref':
      return `${t.name}${t.args.length ? `<${t.args.map(printType).join(', ')}>` : ''}`;
    case 'query':
      return `typeof ${t.name}`;
    case 'paren':
      return `(${printType(t.type)})`;
    case 'object':
      // Multi-line, each member ending with a semicolon; collapsed by the caller.
      return t.members.length ? `{ ${t.members.map((m) => `${printMember(m)};`).join(' ')} }` : '{}';
    case 'mapped':
      return `{ ${t.readonly}[${t.param} in ${printType(t.constraint)}${t.as ? ` as ${printType(t.as)}` : ''}]${t.question}${t.type ? `: ${printType(t.type)}` : ''}; }`;
  }
}

function printMember(m: MemberNode): string {
  const sig = (typeParams: string[], params: string[], ret: TypeNode | undefined) => `${typeParams.length ? `<${typeParams.join(', ')}>` : ''}(${params.join(', ')})${ret ? `: ${printType(ret)}` : ''}`;
  switch (m.k) {
    case 'property':
      return `${m.readonly ? 'readonly ' : ''}${m.name}${m.optional ? '?' : ''}${m.type ? `: ${printType(m.type)}` : ''}`;
    case 'method':
      return `${m.name}${m.optional ? '?' : ''}${sig(m.typeParams, m.params, m.ret)}`;
    case 'call':
      return sig(m.typeParams, m.params, m.ret);
    case 'index':
      return `${m.readonly ? 'readonly ' : ''}[${m.params.join(', ')}]: ${printType(m.type)}`;
  }
}

/** As api-surface's text(): whitespace collapsed, `; }` closed up. */
const canonical = (s: string) => s.replace(/\s+/g, ' ').replace(/; }/g, ' }').trim();

function viewOf(t: TypeNode): TypeView {
  switch (t.k) {
    case 'union':
      return { kind: 'union', members: t.parts.map((p) => canonical(printType(p))) };
    case 'literal':
      return { kind: 'literal', text: t.text };
    case 'object':
      return { kind: 'object', members: t.members.map(memberView) };
    case 'intersection':
      return { kind: 'intersection', parts: t.parts.map(typed) };
    case 'indexed':
      if (t.object.k === 'mapped') {
        const m = t.object;
        return { kind: 'mapped-index', param: m.param, constraint: canonical(printType(m.constraint)), template: m.type && viewOf(m.type) };
      }
      return { kind: 'other' };
    case 'array':
      return { kind: 'array', element: viewOf(t.element) };
    case 'ref':
      return t.name === 'Array' ? { kind: 'array-ref', arg: t.args[0] && viewOf(t.args[0]) } : { kind: 'other' };
    default:
      return { kind: 'other' };
  }
}

const typed = (t: TypeNode): Typed => ({ ...viewOf(t), text: canonical(printType(t)) });

function memberView(m: MemberNode): MemberView {
  if (m.k === 'property') return { kind: 'property', name: m.name, optional: m.optional, readonly: m.readonly, type: m.type && typed(m.type) };
  const text = canonical(`${printMember(m)};`).replace(/;$/, '');
  return m.k === 'method' ? { kind: 'method', name: m.name, text } : { kind: 'other', text };
}

class Parser {
  private i = 0;
  constructor(private readonly toks: Tok[]) {}

  private peek(o = 0): Tok | undefined {
    return this.toks[this.i + o];
  }
  private is(v: string, o = 0) {
    const t = this.peek(o);
    return !!t && (t.t === 'p' || t.t === 'id') && t.v === v;
  }
  private eat(v: string) {
    if (!this.is(v)) throw new Unknown(`expected ${v} at ${this.where()}`);
    this.i++;
  }
  private maybe(v: string) {
    if (!this.is(v)) return false;
    this.i++;
    return true;
  }
  private id(): string {
    const t = this.peek();
    if (t?.t !== 'id') throw new Unknown(`expected a name at ${this.where()}`);
    this.i++;
    return t.v;
  }
  private where() {
    return this.toks.slice(this.i, this.i + 6).map((t) => t.v).join(' ');
  }

  file(): FileView {
    const f: FileView = { exports: [], interfaces: [], aliases: [], functions: [], variables: [], classes: [] };
    while (this.peek()) {
      if (this.maybe(';')) continue;
      const exported = this.is('export');
      if (!exported) {
        if (this.is('import') && !this.is('(', 1) && !this.is('.', 1)) this.skipTo(';');
        else this.skipStatement();
        continue;
      }
      this.i++;
      if (this.is('{') || this.is('*') || (this.is('type') && (this.is('{', 1) || this.is('*', 1)))) {
        f.exports.push(this.exportDeclaration());
        continue;
      }
      if (this.maybe('interface')) f.interfaces.push(this.iface());
      else if (this.is('type')) {
        this.i++;
        f.aliases.push(this.alias());
      } else if (this.maybe('function')) {
        const fn = this.fn();
        if (fn) f.functions.push(fn);
      } else if (this.is('const') || this.is('let') || this.is('var')) {
        this.i++;
        f.variables.push({ exported: true, decls: this.variableDeclarations() });
      } else throw new Unknown(`export ${this.where()}`);
    }
    return f;
  }

  private exportDeclaration(): FileView['exports'][number] {
    const typeOnly = this.maybe('type');
    const named: { name: string; typeOnly: boolean }[] = [];
    if (this.maybe('*')) {
      if (this.maybe('as')) this.id();
    } else {
      this.eat('{');
      while (!this.maybe('}')) {
        const specTypeOnly = this.is('type') && !this.is(',', 1) && !this.is('}', 1) && !this.is('as', 1);
        if (specTypeOnly) this.i++;
        const first = this.peek()!;
        if (first.t === 'str') throw new Unknown('a string export name');
        let name = this.id();
        if (this.maybe('as')) name = this.id();
        named.push({ name, typeOnly: specTypeOnly });
        if (!this.maybe(',') && !this.is('}')) throw new Unknown(`export list at ${this.where()}`);
      }
    }
    let specifier: string | undefined;
    if (this.maybe('from')) {
      const t = this.peek();
      if (t?.t !== 'str') throw new Unknown('a module specifier');
      if (t.v.includes('\\')) throw new Unknown('an escape in a module specifier');
      specifier = t.v.slice(1, -1);
      this.i++;
    }
    this.maybe(';');
    return { specifier, typeOnly, named };
  }

  private typeParams(): string[] {
    if (!this.maybe('<')) return [];
    const out: string[] = [];
    do {
      if (this.is('const') || this.is('in') || this.is('out')) throw new Unknown('a type parameter modifier');
      const name = this.id();
      const constraint = this.maybe('extends') ? ` extends ${canonical(printType(this.type()))}` : '';
      const def = this.maybe('=') ? ` = ${canonical(printType(this.type()))}` : '';
      out.push(`${name}${constraint}${def}`);
    } while (this.maybe(','));
    this.eat('>');
    return out;
  }

  private params(): string[] {
    this.eat('(');
    const out: string[] = [];
    while (!this.maybe(')')) {
      const rest = this.maybe('...') ? '...' : '';
      if (this.is('public') || this.is('private') || this.is('protected') || this.is('readonly') || this.is('this')) throw new Unknown('a parameter modifier or this');
      const name = this.id();
      const q = this.maybe('?') ? '?' : '';
      const type = this.maybe(':') ? `: ${canonical(printType(this.type()))}` : '';
      let init = '';
      if (this.maybe('=')) init = ` = ${this.simpleExpression()}`;
      out.push(`${rest}${name}${q}${type}${init}`);
      if (!this.maybe(',') && !this.is(')')) throw new Unknown(`parameters at ${this.where()}`);
    }
    return out;
  }

  /** A literal, a name, `{}` or `[]`, as printed. */
  private simpleExpression(): string {
    if (this.is('{') && this.is('}', 1)) {
      this.i += 2;
      return '{}';
    }
    if (this.is('[') && this.is(']', 1)) {
      this.i += 2;
      return '[]';
    }
    const neg = this.maybe('-') ? '-' : '';
    const t = this.peek();
    if (!t || t.t === 'p' || (neg && t.t !== 'num')) throw new Unknown(`expression at ${this.where()}`);
    if (t.t === 'tpl' && t.v.includes('${')) throw new Unknown('a template with substitutions');
    this.i++;
    if (t.t === 'id' && (this.is('.') || this.is('(') || this.is('[') || this.is('<'))) throw new Unknown('an expression');
    return neg + t.v;
  }

  type(): TypeNode {
    // A conditional type: the check type is a union or anything above it.
    const check = this.unionType();
    if (this.is('extends') && !this.peek()!.nl) {
      this.i++;
      const ext = this.unionType();
      this.eat('?');
      const yes = this.type();
      this.eat(':');
      const no = this.type();
      return { k: 'conditional', check, ext, yes, no };
    }
    return check;
  }

  private unionType(): TypeNode {
    this.maybe('|');
    const parts = [this.intersectionType()];
    while (this.maybe('|')) parts.push(this.intersectionType());
    return parts.length === 1 ? parts[0]! : { k: 'union', parts };
  }

  private intersectionType(): TypeNode {
    this.maybe('&');
    const parts = [this.operatorType()];
    while (this.maybe('&')) parts.push(this.operatorType());
    return parts.length === 1 ? parts[0]! : { k: 'intersection', parts };
  }

  private operatorType(): TypeNode {
    for (const op of ['keyof', 'readonly', 'unique']) if (this.is(op) && !this.is('.', 1) && !this.is(',', 1) && !this.is(')', 1) && !this.is('>', 1) && !this.is(']', 1) && !this.is(';', 1)) {
      this.i++;
      return { k: 'operator', op, type: this.operatorType() };
    }
    if (this.is('infer') || this.is('new') || this.is('abstract') || this.is('asserts')) throw new Unknown(this.peek()!.v);
    let t = this.primaryType();
    // Postfix: T[] and T[K], on the same line.
    while (this.is('[') && !this.peek()!.nl) {
      this.i++;
      if (this.maybe(']')) t = { k: 'array', element: t };
      else {
        const index = this.type();
        this.eat(']');
        t = { k: 'indexed', object: t, index };
      }
    }
    return t;
  }

  private primaryType(): TypeNode {
    const t = this.peek();
    if (!t) throw new Unknown('end of text in a type');
    if (t.t === 'str' || t.t === 'num') {
      this.i++;
      return { k: 'literal', text: t.v };
    }
    if (t.t === 'tpl') {
      this.i++;
      return { k: t.v.includes('${') ? 'template' : 'literal', text: templateType(t.v) };
    }
    if (this.is('-') && this.peek(1)?.t === 'num') {
      this.i += 2;
      return { k: 'literal', text: `-${this.toks[this.i - 1]!.v}` };
    }
    if (this.is('(')) {
      // A function type when the parenthesis holds parameters and => follows.
      if (this.looksLikeFunctionType()) {
        const params = this.params();
        this.eat('=>');
        return { k: 'function', typeParams: [], params, ret: this.returnType() };
      }
      this.i++;
      const type = this.type();
      this.eat(')');
      // ({ a }: T) => R: a destructured parameter, not a parenthesized type.
      if (this.is('=>')) throw new Unknown('a destructured parameter');
      return { k: 'paren', type };
    }
    if (this.is('<')) {
      const typeParams = this.typeParams();
      const params = this.params();
      this.eat('=>');
      return { k: 'function', typeParams, params, ret: this.returnType() };
    }
    if (this.is('{')) return this.objectOrMapped();
    if (this.is('[')) throw new Unknown('a tuple');
    if (this.maybe('typeof')) {
      if (this.is('import')) throw new Unknown('typeof import');
      let name = this.id();
      while (this.maybe('.')) name += `.${this.id()}`;
      if (this.is('<') && !this.peek()!.nl) throw new Unknown('typeof with type arguments');
      return { k: 'query', name };
    }
    if (t.t === 'id') {
      if (t.v === 'import') throw new Unknown('an import type');
      this.i++;
      if (keywordTypes.has(t.v) && !this.is('.')) return { k: t.v === 'true' || t.v === 'false' || t.v === 'null' ? 'literal' : 'keyword', text: t.v };
      let name = t.v;
      while (this.maybe('.')) name += `.${this.id()}`;
      const args: TypeNode[] = [];
      if (this.is('<') && !this.peek()!.nl) {
        this.i++;
        do args.push(this.type());
        while (this.maybe(','));
        this.eat('>');
      }
      return { k: 'ref', name, args };
    }
    throw new Unknown(`type at ${this.where()}`);
  }

  private returnType(): TypeNode {
    // A type predicate (x is T) is left to TypeScript.
    if (this.peek()?.t === 'id' && this.is('is', 1)) throw new Unknown('a type predicate');
    return this.type();
  }

  private looksLikeFunctionType(): boolean {
    // () =>, (...x, (x:, (x?, (x,, (x) =>
    if (this.is(')', 1)) return true;
    if (this.is('...', 1)) return true;
    if (this.peek(1)?.t !== 'id') return false;
    if (this.is(':', 2) || this.is('?', 2) || this.is(',', 2) || this.is('=', 2)) return true;
    return this.is(')', 2) && this.is('=>', 3);
  }

  private objectOrMapped(): TypeNode {
    this.eat('{');
    // { readonly? [K in C as N]?: T }
    const at = this.i;
    let readonly = '';
    if (this.is('+') || this.is('-')) readonly = this.toks[this.i++]!.v;
    if (this.maybe('readonly')) readonly += 'readonly ';
    else readonly = '';
    if (this.is('[') && this.peek(1)?.t === 'id' && this.is('in', 2)) {
      this.i++;
      const param = this.id();
      this.eat('in');
      const constraint = this.type();
      const as = this.maybe('as') ? this.type() : undefined;
      this.eat(']');
      let question = '';
      if (this.is('+') || this.is('-')) question = this.toks[this.i++]!.v;
      if (this.maybe('?')) question += '?';
      else if (question) throw new Unknown('a mapped type modifier');
      const type = this.maybe(':') ? this.type() : undefined;
      this.maybe(';') || this.maybe(',');
      this.eat('}');
      return { k: 'mapped', readonly, param, constraint, as, question, type };
    }
    this.i = at;
    return { k: 'object', members: this.members() };
  }

  /** Members up to and including the closing brace. */
  private members(): MemberNode[] {
    const out: MemberNode[] = [];
    while (!this.maybe('}')) {
      out.push(this.member());
      if (!this.maybe(';') && !this.maybe(',') && !this.is('}') && !this.peek()?.nl) throw new Unknown(`member at ${this.where()}`);
    }
    return out;
  }

  private member(): MemberNode {
    if (this.is('(') || this.is('<')) {
      const typeParams = this.typeParams();
      const params = this.params();
      return { k: 'call', typeParams, params, ret: this.maybe(':') ? this.returnType() : undefined };
    }
    if (this.is('new') && (this.is('(', 1) || this.is('<', 1))) throw new Unknown('a construct signature');
    if (this.is('get') || this.is('set')) {
      if (!this.is(':', 1) && !this.is('?', 1) && !this.is('(', 1) && !this.is(';', 1)) throw new Unknown('an accessor');
    }
    const readonly = this.is('readonly') && !this.is(':', 1) && !this.is('?', 1) && !this.is('(', 1) && !this.is(';', 1) && !this.is('}', 1);
    if (readonly) this.i++;
    if (this.is('[')) {
      // An index signature: [key: T]: U.
      this.i++;
      const name = this.id();
      this.eat(':');
      const keyType = this.type();
      this.eat(']');
      this.eat(':');
      return { k: 'index', readonly, params: [`${name}: ${canonical(printType(keyType))}`], type: this.type() };
    }
    const t = this.peek();
    if (!t || (t.t !== 'id' && t.t !== 'str' && t.t !== 'num')) throw new Unknown(`member name at ${this.where()}`);
    this.i++;
    const name = t.v;
    const optional = this.maybe('?');
    if (this.is('(') || this.is('<')) {
      if (readonly) throw new Unknown('a readonly method');
      const typeParams = this.typeParams();
      const params = this.params();
      return { k: 'method', name, optional, typeParams, params, ret: this.maybe(':') ? this.returnType() : undefined };
    }
    return { k: 'property', name, optional, readonly, type: this.maybe(':') ? this.type() : undefined };
  }

  private iface(): FileView['interfaces'][number] {
    const name = this.id();
    const typeParams = this.typeParams();
    const ext: string[] = [];
    if (this.maybe('extends'))
      do {
        const t = this.primaryType();
        if (t.k !== 'ref') throw new Unknown('an interface extending a non-reference');
        ext.push(canonical(printType(t)));
      } while (this.maybe(','));
    if (this.is('implements')) throw new Unknown('implements');
    this.eat('{');
    return { name, exported: true, typeParams, extends: ext, members: this.members().map(memberView) };
  }

  private alias(): FileView['aliases'][number] {
    const name = this.id();
    const typeParams = this.typeParams();
    this.eat('=');
    const type = typed(this.type());
    this.maybe(';');
    return { name, exported: true, typeParams, type };
  }

  private fn(): FileView['functions'][number] | undefined {
    if (this.is('*')) throw new Unknown('a generator');
    const name = this.id();
    const typeParams = this.typeParams();
    const params = this.params();
    const returnType = this.maybe(':') ? canonical(printType(this.returnType())) : undefined;
    if (this.maybe(';')) return undefined; // An overload signature.
    if (!this.is('{')) throw new Unknown(`function body at ${this.where()}`);
    this.skipBlock();
    return { name, exported: true, typeParams, params, returnType };
  }

  private variableDeclarations(): FileView['variables'][number]['decls'] {
    const decls: FileView['variables'][number]['decls'] = [];
    do {
      const name = this.id();
      if (this.is('!')) throw new Unknown('a definite assignment');
      if (this.maybe(':')) {
        const type = canonical(printType(this.type()));
        if (this.maybe('=')) this.skipExpression();
        decls.push({ name, type });
        continue;
      }
      if (!this.maybe('=')) {
        decls.push({ name });
        continue;
      }
      const start = this.i;
      try {
        const value = this.value();
        if (this.is('as') && this.is('const', 1)) {
          this.i += 2;
          decls.push({ name, asConst: value });
        } else if (value.kind === 'other' && (this.is(',') || this.is(';') || !this.peek())) decls.push({ name, init: value.text });
        else throw new Unknown('an initializer');
      } catch (e) {
        this.i = start;
        throw e;
      }
    } while (this.maybe(','));
    this.maybe(';');
    return decls;
  }

  /** An object or array literal of literals (an `as const` table), or one literal. */
  private value(): ValueView {
    if (this.maybe('{')) {
      const props: { name: string; value: ValueView }[] = [];
      while (!this.maybe('}')) {
        const t = this.peek();
        if (!t || (t.t !== 'id' && t.t !== 'str' && t.t !== 'num') || !this.is(':', 1)) throw new Unknown(`property at ${this.where()}`);
        this.i += 2;
        props.push({ name: t.v, value: this.value() });
        if (!this.maybe(',') && !this.is('}')) throw new Unknown(`object at ${this.where()}`);
      }
      return { kind: 'object', props };
    }
    if (this.maybe('[')) {
      const elements: string[] = [];
      while (!this.maybe(']')) {
        if (this.is('{') || this.is('[')) throw new Unknown('a nested literal in an array');
        elements.push(this.simpleExpression());
        if (!this.maybe(',') && !this.is(']')) throw new Unknown(`array at ${this.where()}`);
      }
      return { kind: 'array', elements };
    }
    return { kind: 'other', text: this.simpleExpression() };
  }

  /** Skips a balanced block from its opening brace. */
  private skipBlock() {
    this.eat('{');
    let depth = 1;
    while (depth > 0) {
      const t = this.peek();
      if (!t) throw new Unknown('unbalanced braces');
      if (t.t === 'p' && t.v === '/') throw new Unknown('a slash in a body (division or regular expression)');
      if (t.t === 'p' && t.v === '{') depth++;
      else if (t.t === 'p' && t.v === '}') depth--;
      this.i++;
    }
  }

  /** Skips tokens to the `;` ending a statement at depth 0 (included). */
  private skipTo(end: string) {
    let depth = 0;
    for (;;) {
      const t = this.peek();
      if (!t) return;
      if (t.t === 'p' && t.v === '/') throw new Unknown('a slash (division or regular expression)');
      if (t.t === 'p' && (t.v === '{' || t.v === '(' || t.v === '[')) depth++;
      else if (t.t === 'p' && (t.v === '}' || t.v === ')' || t.v === ']')) depth--;
      this.i++;
      if (depth === 0 && t.v === end && t.t === 'p') return;
      if (depth < 0) throw new Unknown('unbalanced brackets');
    }
  }

  private skipExpression() {
    let depth = 0;
    for (;;) {
      const t = this.peek();
      if (!t) return;
      if (t.t === 'p' && t.v === '/') throw new Unknown('a slash (division or regular expression)');
      if (depth === 0 && t.t === 'p' && (t.v === ';' || t.v === ',')) return;
      if (t.t === 'p' && (t.v === '{' || t.v === '(' || t.v === '[')) depth++;
      else if (t.t === 'p' && (t.v === '}' || t.v === ')' || t.v === ']')) depth--;
      if (depth < 0) throw new Unknown('unbalanced brackets');
      this.i++;
    }
  }

  /** A statement the surface does not read: a declaration ending with its block, or anything ending with `;`. */
  private skipStatement() {
    const head = this.peek()!;
    if (head.t === 'id' && head.v === 'function') {
      this.i++;
      this.fn();
      return;
    }
    if (head.t === 'id' && head.v === 'interface') {
      this.i++;
      this.iface();
      return;
    }
    if (head.t === 'id' && ['async', 'class', 'namespace', 'module', 'enum', 'abstract'].includes(head.v)) throw new Unknown(`a local ${head.v}`);
    if (head.t === 'id' && head.v === 'declare' && this.is('module', 1) && this.peek(2)?.t === 'str' && this.is('{', 3)) {
      this.i += 3;
      this.skipBlock();
      return;
    }
    if (head.t === 'id' && (head.v === 'const' || head.v === 'let' || head.v === 'var' || head.v === 'type')) return this.skipTo(';');
    throw new Unknown(`statement ${this.where()}`);
  }
}

/** A template literal type as printed: its substitutions' types printed, the text between kept. */
function templateType(raw: string): string {
  let out = '';
  let i = 0;
  while (i < raw.length) {
    if (raw[i] === '\\') {
      out += raw.slice(i, i + 2);
      i += 2;
    } else if (raw[i] === '$' && raw[i + 1] === '{') {
      let depth = 1;
      let j = i + 2;
      while (depth > 0) {
        if (raw[j] === '{') depth++;
        else if (raw[j] === '}') depth--;
        else if (raw[j] === '`') throw new Unknown('a template in a template type');
        j++;
      }
      const inner = new Parser(lex(raw.slice(i + 2, j - 1)));
      out += `\${${canonical(printType(inner.type()))}}`;
      i = j;
    } else out += raw[i++];
  }
  return out;
}

/** The view of a module by the small parser; throws Unknown on syntax it leaves to TypeScript. */
export function lightView(text: string): FileView {
  return new Parser(lex(text)).file();
}

// ---- TypeScript's parser and printer ---------------------------------------------------------

let ts: typeof TS | undefined;
let printer: TS.Printer | undefined;

/** The view of a module by TypeScript's parser (ts-morph's copy of TypeScript, loaded on first use), as ts-morph parses a project's file. */
export function typescriptView(path: string, text: string): FileView {
  ts ??= (createRequire(import.meta.url)('ts-morph') as { ts: typeof TS }).ts;
  const t = ts;
  printer ??= t.createPrinter({ removeComments: true, newLine: t.NewLineKind.LineFeed });
  const sf = t.createSourceFile(path, text, t.ScriptTarget.Latest, true, t.ScriptKind.TS);
  const p = printer;
  const print = (node: TS.Node) => canonical(p.printNode(t.EmitHint.Unspecified, node, sf));
  const src = (node: TS.Node) => node.getText(sf);
  const hasModifier = (n: TS.Node, kind: TS.SyntaxKind) => !!(n as { modifiers?: TS.NodeArray<TS.ModifierLike> }).modifiers?.some((m) => m.kind === kind);
  const exported = (n: TS.Node) => hasModifier(n, t.SyntaxKind.ExportKeyword);
  const typedOf = (node: TS.TypeNode): Typed => ({ ...typeView(node), text: print(node) });
  const typeView = (node: TS.TypeNode): TypeView => {
    if (t.isUnionTypeNode(node)) return { kind: 'union', members: node.types.map(print) };
    if (t.isLiteralTypeNode(node)) return { kind: 'literal', text: print(node) };
    if (t.isTypeLiteralNode(node)) return { kind: 'object', members: node.members.map(member) };
    if (t.isIntersectionTypeNode(node)) return { kind: 'intersection', parts: node.types.map(typedOf) };
    if (t.isIndexedAccessTypeNode(node) && t.isMappedTypeNode(node.objectType)) {
      const m = node.objectType;
      return { kind: 'mapped-index', param: src(m.typeParameter.name), constraint: m.typeParameter.constraint && print(m.typeParameter.constraint), template: m.type && typeView(m.type) };
    }
    if (t.isArrayTypeNode(node)) return { kind: 'array', element: typeView(node.elementType) };
    if (t.isTypeReferenceNode(node) && src(node.typeName) === 'Array') return { kind: 'array-ref', arg: node.typeArguments?.[0] && typeView(node.typeArguments[0]) };
    return { kind: 'other' };
  };
  const member = (m: TS.TypeElement): MemberView => {
    if (t.isPropertySignature(m)) return { kind: 'property', name: src(m.name), optional: !!m.questionToken, readonly: hasModifier(m, t.SyntaxKind.ReadonlyKeyword), type: m.type && typedOf(m.type) };
    const text = print(m).replace(/;$/, '');
    return t.isMethodSignature(m) ? { kind: 'method', name: src(m.name), text } : { kind: 'other', text };
  };
  const value = (node: TS.Expression): ValueView => {
    if (t.isObjectLiteralExpression(node)) return { kind: 'object', props: node.properties.filter(t.isPropertyAssignment).map((p) => ({ name: src(p.name), value: value(p.initializer) })) };
    if (t.isArrayLiteralExpression(node)) return { kind: 'array', elements: node.elements.map(print) };
    return { kind: 'other', text: print(node) };
  };
  const f: FileView = { exports: [], interfaces: [], aliases: [], functions: [], variables: [], classes: [] };
  for (const s of sf.statements) {
    // The surface reads exported declarations only (the small parser skips the others).
    if (!t.isExportDeclaration(s) && !exported(s)) continue;
    if (t.isExportDeclaration(s)) {
      const specifier = s.moduleSpecifier && t.isStringLiteral(s.moduleSpecifier) ? s.moduleSpecifier.text : undefined;
      // `export * as ns` names no single export: read as `export *` (as ts-morph's getNamedExports left it).
      const named = s.exportClause && t.isNamedExports(s.exportClause) ? s.exportClause.elements : [];
      // The name a specifier exports: its alias as written, else its name (a string name unquoted).
      f.exports.push({ specifier, typeOnly: s.isTypeOnly, named: named.map((n) => ({ name: n.propertyName || !t.isStringLiteral(n.name) ? src(n.name) : n.name.text, typeOnly: n.isTypeOnly })) });
    } else if (t.isInterfaceDeclaration(s)) {
      const ext = (s.heritageClauses ?? []).filter((h) => h.token === t.SyntaxKind.ExtendsKeyword).flatMap((h) => h.types.map(print));
      f.interfaces.push({ name: src(s.name), exported: exported(s), typeParams: (s.typeParameters ?? []).map(print), extends: ext, members: s.members.map(member) });
    } else if (t.isTypeAliasDeclaration(s)) f.aliases.push({ name: src(s.name), exported: exported(s), typeParams: (s.typeParameters ?? []).map(print), type: typedOf(s.type) });
    // Implementations and ambient declarations, not overload signatures (as ts-morph's getFunctions).
    else if (t.isFunctionDeclaration(s) && (s.body || hasModifier(s, t.SyntaxKind.DeclareKeyword)))
      f.functions.push({ name: s.name && src(s.name), exported: exported(s), typeParams: (s.typeParameters ?? []).map(print), params: s.parameters.map(print), returnType: s.type && print(s.type) });
    else if (t.isVariableStatement(s))
      f.variables.push({
        exported: exported(s),
        decls: s.declarationList.declarations.map((d) => {
          const init = d.initializer;
          if (d.type) return { name: src(d.name), type: print(d.type) };
          if (init && t.isAsExpression(init) && src(init.type) === 'const') return { name: src(d.name), asConst: value(init.expression) };
          return { name: src(d.name), init: init && print(init) };
        }),
      });
    else if (t.isClassDeclaration(s)) {
      // As ts-morph's getMembers: methods, properties, accessors, constructors and static blocks; outside an ambient class, no overload signatures.
      const ambient = hasModifier(s, t.SyntaxKind.DeclareKeyword);
      const members = s.members.filter((m) => {
        if (!(t.isMethodDeclaration(m) || t.isPropertyDeclaration(m) || t.isGetAccessorDeclaration(m) || t.isSetAccessorDeclaration(m) || t.isConstructorDeclaration(m) || t.isClassStaticBlockDeclaration(m))) return false;
        if (hasModifier(m, t.SyntaxKind.PrivateKeyword) || hasModifier(m, t.SyntaxKind.ProtectedKeyword)) return false;
        if (ambient || !(t.isConstructorDeclaration(m) || t.isMethodDeclaration(m))) return true;
        if (t.isMethodDeclaration(m) && hasModifier(m, t.SyntaxKind.AbstractKeyword)) return true;
        return m.body !== undefined;
      });
      f.classes.push({ name: s.name && src(s.name), exported: exported(s), members: members.map((m) => print(m).replace(/ \{.*\}$/, '')) });
    }
  }
  return f;
}
