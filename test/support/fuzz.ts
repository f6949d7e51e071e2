// Property-based fuzzing of every decoder of the request path (issue 19), shared by
// test/fuzz.test.ts (a short seeded run) and bench/fuzz.bench.ts (100,000 inputs each).
// Valid messages come from the spec's codec descriptors; near-valid ones mutate them (wrong
// types, out-of-range values, unknown fields, control characters, deep nesting, huge numbers,
// bad UTF-8, truncation, mangled boundaries and Content-Lengths). The decoders are the shipped
// ones of generated/server/dist, so the error classes are the ones the pipeline checks.
// No vitest import here: the bench runs this module outside vitest.
import fc from 'fast-check';
import { decode, encode, toWire, CodecError, type CodecTarget } from '../../generated/server/dist/codecs/index.js';
import { descriptors } from '../../generated/server/dist/codecs/descriptors.js';
import { validateRequest, validators } from '../../generated/server/dist/validators/index.js';
import { checkJsonDepth, formToNested, parseForm, type Desc } from '../../generated/server/dist/runtime/codec.js';
import {
  parseXml,
  findNonXmlChar,
  escapeXmlText,
  escapeXmlAttr,
  XmlError,
  type XmlElement,
} from '../../generated/server/dist/runtime/xml.js';
import {
  parseBatchRequest,
  parseBatchResponse,
  serializeBatchRequest,
  BatchError,
  type BatchRequestPart,
} from '../../generated/server/dist/runtime/batch.js';
import { parseMultipartForm, MalformedForm, UploadTooLarge } from '../../generated/server/dist/runtime/form-data.js';

export const limits = { maxDepth: 32, maxElements: 100_000, maxBytes: 10_485_760 };
export const maxParts = 100;
export const maxUploadBytes = 1024;

const enc = new TextEncoder();
const targets = Object.keys(descriptors) as CodecTarget[];
const isResponse = (t: string) => t.endsWith('.response') || t.startsWith('notification/');

// ---------------------------------------------------------------------------------------------
// valid typed values from the descriptors

/** Characters that stress escaping in every format; text is built from them and any grapheme. */
const special = [
  '&',
  '<',
  '>',
  '"',
  "'",
  '%',
  '+',
  '=',
  '[',
  ']',
  '{',
  '}',
  ',',
  ';',
  '\\',
  '\t',
  '\n',
  ' ',
  'é',
  '€',
  '中',
  '😀',
  '\u00a0',
  '\u2028',
  ']]>',
  '&amp;',
  '%25',
  'id1',
];
const textUnit = fc.oneof(fc.constantFrom(...special), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }));
/** Text any format carries unchanged: XML characters only, not blank at either end. */
export const safeText = fc
  .string({ unit: textUnit, minLength: 1, maxLength: 12 })
  .map((s) => s.trim())
  .filter((s) => s !== '' && findNonXmlChar(s) < 0);
const listItem = safeText.map((s) => s.replace(/[,"]/g, '').trim()).filter((s) => s !== '');
const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const day = fc.date({
  min: new Date('1970-01-01T00:00:00Z'),
  max: new Date('2099-12-31T23:59:59Z'),
  noInvalidDate: true,
});
const isoDate = day.map((d) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`);
const isoDateTime = day.map((d) => `${d.toISOString().slice(0, 19)}+00:00`);

function scalarArb(code: string): fc.Arbitrary<unknown> {
  switch (code) {
    case 't':
      return safeText;
    case 'i':
    case 'of':
      return fc.oneof(
        fc.integer({ min: -(2 ** 31), max: 2 ** 31 }),
        fc.constantFrom(0, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER),
      );
    case 'n':
      return fc.integer({ min: -1e9, max: 1e9 }).map((x) => x / 100);
    case 'f':
    case 'F':
      return fc.constantFrom(0, 1);
    case 'd':
      return isoDate;
    case 'dt':
      return isoDateTime;
    case 'dd':
      return fc.oneof(isoDate, isoDateTime);
    case 'il':
      return fc.array(fc.nat(), { maxLength: 4 });
    case 'sl':
      return fc.array(listItem, { maxLength: 3 });
    default:
      throw new Error(`no arbitrary for scalar code ${code}`);
  }
}

const memo = new Map<Desc, fc.Arbitrary<unknown>>();
/** A valid typed value of a descriptor; below `depth` 0 optional structure is left out. */
export function valueArb(desc: Desc, depth = 4): fc.Arbitrary<unknown> {
  const cached = depth === 4 ? memo.get(desc) : undefined;
  if (cached) return cached;
  const arb = build(desc, depth);
  if (depth === 4) memo.set(desc, arb);
  return arb;
}

function build(desc: Desc, depth: number): fc.Arbitrary<unknown> {
  switch (desc.k) {
    case 's':
      return scalarArb(desc.s);
    case 'l':
      return fc.array(valueArb(desc.of, depth - 1), { maxLength: depth > 0 ? 3 : 0 });
    case 'm':
      return fc.dictionary(fc.stringMatching(/^[a-z][a-z0-9]{0,9}$/), safeText, { maxKeys: 3 });
    case 'y':
      return keyed(desc.of, depth);
    case 'o': {
      const fields: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, fd] of Object.entries(desc.f)) {
        if (desc.inl && name === desc.inl.as) continue;
        if (desc.sel && (name === desc.sel.f || name === desc.sel.on)) continue;
        if (depth <= 0 && fd.k !== 's') continue;
        fields[fd.k === 'y' ? fd.as : name] = valueArb(fd, depth - 1);
      }
      const parts: fc.Arbitrary<Record<string, unknown>>[] = [fc.record(fields, { requiredKeys: [] })];
      if (desc.inl) {
        const as = desc.inl.as;
        parts.push(keyed(desc.inl.of, depth).map((a) => ({ [as]: a })));
      }
      if (desc.c)
        parts.push(
          fc.dictionary(
            fc.nat({ max: 99 }).map((n) => `custom${n}`),
            safeText,
            { maxKeys: 2 },
          ),
        );
      if (desc.sel) {
        const { on, f, cases } = desc.sel;
        const onDesc = desc.f[on];
        const keys = Object.keys(cases);
        parts.push(
          fc.constantFrom(...keys).chain((k) =>
            fc.record(
              {
                [on]: fc.constant(onDesc?.k === 's' && onDesc.s === 'i' ? Number(k) : k),
                [f]: valueArb(cases[k]!, depth - 1),
              },
              { requiredKeys: [on] },
            ),
          ),
        );
      }
      return fc.tuple(...parts).map((ps) => Object.assign({}, ...ps) as Record<string, unknown>);
    }
  }
}

/** Entries of an id<N> container: unique ids, each entry carrying its own id. */
function keyed(of: Desc, depth: number): fc.Arbitrary<unknown[]> {
  if (depth <= 0) return fc.constant([]);
  return fc
    .uniqueArray(fc.tuple(fc.nat({ max: 1e6 }), valueArb(of, depth - 1)), { maxLength: 3, selector: ([id]) => id })
    .map((es) => es.map(([id, v]) => (v && typeof v === 'object' ? { ...(v as object), id } : v)));
}

/** A target and one of its valid values. */
export const messageArb = messagesOf(targets);
export const requestMessageArb = messagesOf(targets.filter((t) => !isResponse(t)));
function messagesOf(ts: CodecTarget[]) {
  return fc
    .constantFrom(...ts)
    .chain((target) => valueArb(descriptors[target] as Desc).map((value) => ({ target, value })));
}

/** What a form body can say: no empty objects or lists (they send no field), as the codecs test has it. */
export function formView(v: unknown): unknown {
  const empty = (y: unknown) =>
    y && typeof y === 'object' && (Array.isArray(y) ? y.length === 0 : Object.keys(y).length === 0);
  if (Array.isArray(v)) return v.map(formView).filter((y) => !empty(y));
  if (!v || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    const y = formView(x);
    if (!empty(y)) out[k] = y;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// near-valid and hostile input

/** Values where a field's value belongs: wrong types, out-of-range and huge numbers, characters XML cannot carry. */
export const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    1e308,
    -1e308,
    2 ** 53 + 1,
    1e21,
    5e-324,
    -0,
    '',
    ' ',
    'NaN',
    'Infinity',
    '99999999999999999999999999',
    '-1',
    '0x10',
    '1e5',
    '2026-02-30',
    '0000-00-00 24:00:00',
    '\u0000',
    '\uFFFE',
    '\uD800',
    'a\u001bb',
    '\r\n',
    true,
    false,
    null,
    [],
    {},
    '__proto__',
    'constructor',
  ),
  fc.string({ unit: 'binary', maxLength: 8 }),
  fc.integer(),
  fc.double(),
  fc.nat({ max: 60 }).map((n) => nest(n)),
  fc.jsonValue({ maxDepth: 3 }),
);

/** `{"a": ... n levels ...}`. */
function nest(n: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < n; i++) v = { a: v };
  return v;
}

/** Byte strings that break parsers: markup, escapes, bad UTF-8, huge numbers, deep nesting, big indices. */
const tokens: Uint8Array[] = [
  '\u0000',
  '\u0001',
  '\u001b',
  '\uFFFE',
  '<',
  '>',
  '&',
  '&#0;',
  '&#xD800;',
  '&#x110000;',
  '&unknown;',
  ']]>',
  '<![CDATA[',
  '<!--',
  '<?x',
  '<!DOCTYPE a [<!ENTITY e "x">]>',
  '"',
  "'",
  '{',
  '}',
  '[',
  ']',
  ',',
  ':',
  '\\u',
  '\\ud800',
  '%',
  '%FF',
  '%E0%A4',
  '%00',
  '%0',
  '=',
  '&&',
  '+',
  '\r\n',
  '\r',
  '\n\n',
  '--',
  '\r\n--',
  ';',
  '1e999',
  '-1e999',
  '99999999999999999999999',
  '-0',
  'NaN',
  'null',
  'true',
  '[4294967293]',
  '[99999999]',
  '[]',
  '[__proto__]',
  '[constructor][prototype]',
  '['.repeat(40),
  '{"a":'.repeat(40),
  '<a>'.repeat(40),
  '[a]'.repeat(40),
  'Content-Length: 999999999\r\n',
  'Content-Length: -1\r\n',
  'Content-Length: 1x\r\n',
].map((t) => enc.encode(t));
const badBytes = [[0xff], [0xfe], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82], [0x80]].map(
  (b) => Uint8Array.from(b),
);

type Mutation = {
  op: 'insert' | 'bytes' | 'delete' | 'truncate' | 'repeat' | 'flip';
  at: number;
  len: number;
  pick: number;
};
const mutation: fc.Arbitrary<Mutation> = fc.record({
  op: fc.constantFrom('insert', 'insert', 'bytes', 'delete', 'truncate', 'repeat', 'flip'),
  at: fc.nat(),
  len: fc.nat({ max: 64 }),
  pick: fc.nat(),
});

function mutate(input: Uint8Array, ms: Mutation[]): Uint8Array {
  let b = input;
  for (const m of ms) {
    const at = b.length ? m.at % (b.length + 1) : 0;
    const cat = (...xs: Uint8Array[]) => Uint8Array.from(xs.flatMap((x) => [...x]));
    switch (m.op) {
      case 'insert':
        b = cat(b.subarray(0, at), tokens[m.pick % tokens.length]!, b.subarray(at));
        break;
      case 'bytes':
        b = cat(b.subarray(0, at), badBytes[m.pick % badBytes.length]!, b.subarray(at));
        break;
      case 'delete':
        b = cat(b.subarray(0, at), b.subarray(at + m.len));
        break;
      case 'truncate':
        b = b.subarray(0, at);
        break;
      case 'repeat':
        b = cat(b.subarray(0, at + m.len), b.subarray(at, at + m.len), b.subarray(at + m.len));
        break;
      case 'flip':
        if (at < b.length) {
          b = Uint8Array.from(b);
          b[at] = m.pick & 0xff;
        }
        break;
    }
  }
  return b;
}

/** Byte-level mutations of a valid input, as often none as a few. */
export const mutations = fc.oneof(
  { weight: 1, arbitrary: fc.constant([] as Mutation[]) },
  { weight: 4, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 4 }) },
);

/** Replaces or adds nodes of a JSON wire tree: junk values, unknown fields. */
function plant(tree: unknown, seeds: { at: number; value: unknown; key: string }[]): unknown {
  const root = { r: structuredClone(tree) } as Record<string, unknown>;
  for (const s of seeds) {
    const slots: [Record<string, unknown> | unknown[], string | number][] = [];
    const walk = (node: unknown) => {
      if (Array.isArray(node)) node.forEach((x, i) => (slots.push([node, i]), walk(x)));
      else if (node && typeof node === 'object')
        for (const [k, x] of Object.entries(node)) (slots.push([node as Record<string, unknown>, k]), walk(x));
    };
    walk(root);
    const [parent, key] = slots[s.at % slots.length]!;
    // A copy: constant junk ({} or []) is one object shared by every sample.
    const value = structuredClone(s.value);
    if (Array.isArray(parent)) parent[key as number] = value;
    else if (s.at % 3 === 0 && parent[key] && typeof parent[key] === 'object' && !Array.isArray(parent[key]))
      (parent[key] as Record<string, unknown>)[s.key] = value;
    else parent[key] = value;
  }
  return root.r;
}

const fieldName = fc.oneof(
  fc.constantFrom(
    'unknownfield',
    'custom7',
    'id1',
    'id',
    '__proto__',
    'constructor',
    'a b',
    '1x',
    'x:y',
    '',
    'data',
    'fields',
    'categories',
  ),
  fc.string({ maxLength: 6 }),
);

/** Generic serializers of plain wire data (not the codecs' own): what a client could send. */
function toXmlText(v: unknown, name: string): string {
  if (Array.isArray(v)) return v.map((x) => toXmlText(x, name)).join('');
  const open = /^[A-Za-z_][\w.-]*$/.test(name) ? name : 'x';
  if (v && typeof v === 'object')
    return `<${open}>${Object.entries(v)
      .map(([k, x]) => toXmlText(x, k))
      .join('')}</${open}>`;
  return `<${open}>${String(v ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')}</${open}>`;
}
function toFormText(v: unknown): string {
  const pairs: [string, string][] = [];
  const walk = (key: string, x: unknown) => {
    if (Array.isArray(x)) x.forEach((e, i) => walk(`${key}[${e && typeof e === 'object' ? i : ''}]`, e));
    else if (x && typeof x === 'object') for (const [k, e] of Object.entries(x)) walk(key ? `${key}[${k}]` : k, e);
    else pairs.push([key, String(x ?? '')]);
  };
  walk('', v);
  return pairs
    .map(([k, x]) =>
      `${safeEncodeURI(k)}=${safeEncodeURI(x).replace(/%20/g, '+')}`.replace(/%(5B|5D)/g, (m) =>
        m === '%5B' ? '[' : ']',
      ),
    )
    .join('&');
}
function safeEncodeURI(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80'; // a lone surrogate as the bytes a client would send
  }
}

export type Format = 'xml' | 'json' | 'form';
export interface CodecInput {
  target: CodecTarget;
  format: Format;
  body: string | Uint8Array;
}

/** A body for a codec target in a format: the codec's own encoding or a generic one of a planted wire tree, then byte mutations. */
export const codecInputArb: fc.Arbitrary<CodecInput> = fc
  .tuple(
    messageArb,
    fc.constantFrom<Format>('xml', 'json', 'form'),
    fc.array(fc.record({ at: fc.nat(), value: junk, key: fieldName }), { maxLength: 3 }),
    mutations,
    fc.boolean(),
  )
  .map(([{ target, value }, format, seeds, ms, asBytes]) => {
    let text: string;
    if (seeds.length === 0) text = encode(target, format, value as never);
    else {
      const wire = plant(toWire(target, value as never), seeds);
      text =
        format === 'json'
          ? (JSON.stringify(wire) ?? '')
          : format === 'xml'
            ? toXmlText(wire, isResponse(target) ? 'response' : 'request')
            : toFormText(wire);
    }
    const bytes = mutate(enc.encode(text), ms);
    return { target, format, body: asBytes || ms.length ? bytes : text };
  });

// ---------------------------------------------------------------------------------------------
// the decoders, each run to its end: 'ok', or 'refused' with one of its declared errors

export type Outcome = 'ok' | 'refused';
/** An error a decoder does not declare: a crash of the property (and a 500 in the service). */
export class Crash extends Error {
  constructor(
    readonly decoder: string,
    readonly cause: unknown,
  ) {
    super(`${decoder} threw ${cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause)}`);
  }
}

function declared(decoder: string, e: unknown, ...classes: (abstract new (...a: never[]) => Error)[]): Outcome {
  if (classes.some((c) => e instanceof c)) return 'refused';
  throw new Crash(decoder, e);
}

/** decode() as the service calls it, then the request validators on what it gave. */
export function runCodec(input: CodecInput): Outcome {
  try {
    const { value } = decode(input.target, input.format, input.body);
    if (validators.has(input.target)) validateRequest(input.target, value);
    return 'ok';
  } catch (e) {
    return declared('decode', e, CodecError);
  }
}

export function runXml(input: string | Uint8Array): Outcome {
  try {
    parseXml(input, limits);
    return 'ok';
  } catch (e) {
    return declared('parseXml', e, XmlError);
  }
}

export function runJsonDepth(text: string): Outcome {
  try {
    checkJsonDepth(text, limits.maxDepth);
    return 'ok';
  } catch (e) {
    return declared('checkJsonDepth', e, CodecError);
  }
}

export function runFormDepth(body: string | Uint8Array): Outcome {
  try {
    formToNested(parseForm(body), limits.maxDepth);
    return 'ok';
  } catch (e) {
    return declared('formToNested', e, CodecError);
  }
}

export interface MultipartInput {
  body: Uint8Array;
  contentType: string;
}

export async function runMultipart(input: MultipartInput): Promise<Outcome> {
  try {
    const form = await parseMultipartForm(input.body, input.contentType, maxUploadBytes);
    formToNested(form.fields, limits.maxDepth);
    return 'ok';
  } catch (e) {
    return declared('parseMultipartForm', e, MalformedForm, UploadTooLarge, CodecError);
  }
}

export interface BatchInput {
  body: Uint8Array;
  contentType: string | undefined;
}

export function runBatch(input: BatchInput): Outcome {
  try {
    parseBatchRequest(input.body, input.contentType, { maxParts });
    return 'ok';
  } catch (e) {
    return declared('parseBatchRequest', e, BatchError);
  }
}

/** Depth of plain data ({} or [] at the top is 1), without recursion. */
export function depthOf(v: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[v, 1]];
  while (stack.length) {
    const [x, d] = stack.pop()!;
    if (!x || typeof x !== 'object') continue;
    max = Math.max(max, d);
    for (const y of Object.values(x)) stack.push([y, d + 1]);
  }
  return max;
}

// ---------------------------------------------------------------------------------------------
// XML documents

export interface Tree {
  name: string;
  attrs: Record<string, string> | null;
  text: string;
  children: Tree[];
}
const xmlName = fc.oneof(
  fc.constantFrom('request', 'a', 'id1', 'x-y', 'x.y', '_z', 'é', 'data'),
  fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_.-]{0,8}$/),
);
const attrText = fc.string({ unit: textUnit, maxLength: 8 }).filter((s) => findNonXmlChar(s) < 0 && !s.includes('\r'));
const leafText = attrText.filter((s) => s.trim() === s || s === '');
const treeArb: fc.Arbitrary<Tree> = fc.letrec<{ tree: Tree }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({
      name: xmlName,
      attrs: fc.option(fc.dictionary(xmlName, attrText, { minKeys: 1, maxKeys: 2 }), { nil: null }),
      text: leafText,
      children: fc.constant<Tree[]>([]),
    }),
    fc.record({
      name: xmlName,
      attrs: fc.constant(null),
      text: fc.constant(''),
      children: fc.array(tie('tree'), { minLength: 1, maxLength: 4 }),
    }),
  ),
})).tree;

/** Serializes a tree, text as escaped characters or CDATA; `style` picks between equal spellings. */
export function writeTree(t: Tree, style: number): string {
  const attrs = t.attrs
    ? Object.entries(t.attrs)
        .map(([k, v]) => ` ${k}="${escapeXmlAttr(v)}"`)
        .join('')
    : '';
  const cdata = style % 3 === 1 && t.text !== '' && !t.text.includes(']]>');
  const inner = t.children.length
    ? t.children.map((c, i) => writeTree(c, style + i)).join(style % 5 === 2 ? '<!-- c -->' : '')
    : cdata
      ? `<![CDATA[${t.text}]]>`
      : escapeXmlText(t.text);
  return inner === '' && style % 2 ? `<${t.name}${attrs}/>` : `<${t.name}${attrs}>${inner}</${t.name}>`;
}

/** What parseXml gives, in the Tree shape (comments dropped, text as read). */
export function readTree(el: XmlElement): Tree {
  return {
    name: el.name,
    attrs: el.attrs,
    text: el.children.length ? '' : el.text,
    children: el.children.map(readTree),
  };
}

export const xmlDocArb = fc.tuple(treeArb, fc.nat(), fc.boolean()).map(([tree, style, decl]) => ({
  tree,
  text: (decl ? '<?xml version="1.0" encoding="UTF-8"?>\n' : '') + writeTree(tree, style),
}));
export const xmlInputArb = fc.tuple(xmlDocArb, mutations, fc.boolean()).map(([doc, ms, asBytes]) => {
  const bytes = mutate(enc.encode(doc.text), ms);
  return asBytes || ms.length ? bytes : doc.text;
});

// ---------------------------------------------------------------------------------------------
// JSON and form nesting

export const jsonTextArb = fc.oneof(
  fc.jsonValue({ maxDepth: 6 }).map((v) => JSON.stringify(v)),
  fc
    .tuple(
      fc.nat({ max: 80 }),
      fc.constantFrom('[', '{"a":', '{"a":[', '[{"b":'),
      fc.constantFrom('1', '"x"', '"]}"', '"\\"[["', '{}', ''),
    )
    .map(([n, open, leaf]) => {
      const close = open
        .replace(/\{"a":|\{"b":/g, '{')
        .replace(/[^[{]/g, '')
        .split('')
        .reverse()
        .map((c) => (c === '[' ? ']' : '}'))
        .join('');
      return open.repeat(n) + leaf + close.repeat(n);
    }),
  fc
    .tuple(fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', ',', ':', '1', 'a', ' '), maxLength: 120 }))
    .map(([s]) => s),
);

export const formBodyArb = fc.oneof(
  fc
    .tuple(
      fc.array(
        fc.tuple(
          fc.array(
            fc.oneof(
              fc.constantFrom('', '0', '1', 'a', 'add', 'category', '4294967293', '99999999', '__proto__', '[', ']'),
              fc.nat({ max: 40 }).map(String),
            ),
            { maxLength: 40 },
          ),
          fc.string({ maxLength: 5 }),
        ),
        { maxLength: 6 },
      ),
      fc.constantFrom('data', 'categories', 'x'),
    )
    .map(([pairs, name]) =>
      pairs.map(([segs, v]) => `${name}${segs.map((s) => `[${s}]`).join('')}=${encodeURIComponent(v)}`).join('&'),
    ),
  fc
    .tuple(
      fc.string({ unit: fc.constantFrom('a', '[', ']', '=', '&', '%', '2', 'F', '+', '0'), maxLength: 120 }),
      mutations,
    )
    .map(([s, ms]) => mutate(enc.encode(s), ms)),
);

// ---------------------------------------------------------------------------------------------
// multipart/form-data

export interface FormPart {
  name: string;
  value: string;
  file?: { filename: string; type: string };
}
const partName = fc.oneof(
  fc.constantFrom(
    'parent',
    'data[details]',
    'data[file]',
    'file',
    'data[a][b]',
    'x[4294967293]',
    'categories[add][category][]',
  ),
  fc.string({ minLength: 1, maxLength: 8 }).map((s) => s.replace(/["\r\n\\]/g, '') || 'n'),
);
export const formPartsArb = fc.array(
  fc.record(
    {
      name: partName,
      value: fc.string({ maxLength: 40 }),
      file: fc.option(
        fc.record({
          filename: fc.stringMatching(/^[A-Za-z0-9 _()-]{1,10}\.[a-z]{1,4}$/),
          type: fc.constantFrom('text/plain', 'image/png', 'application/octet-stream'),
        }),
        { nil: undefined },
      ),
    },
    { requiredKeys: ['name', 'value'] },
  ),
  { maxLength: 6 },
);
const formBoundary = fc.stringMatching(/^[A-Za-z0-9'+_.-]{1,40}$/);

export function writeMultipart(parts: FormPart[], boundary: string): Uint8Array {
  const chunks = parts.map((p) => {
    const disp = `form-data; name="${p.name}"${p.file ? `; filename="${p.file.filename}"` : ''}`;
    return `--${boundary}\r\nContent-Disposition: ${disp}\r\n${p.file ? `Content-Type: ${p.file.type}\r\n` : ''}\r\n${p.value}\r\n`;
  });
  return enc.encode(chunks.join('') + `--${boundary}--\r\n`);
}

export const multipartInputArb: fc.Arbitrary<MultipartInput & { parts: FormPart[]; mutated: boolean }> = fc
  .tuple(
    formPartsArb,
    formBoundary,
    mutations,
    fc.oneof(
      { weight: 3, arbitrary: fc.constant(undefined) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          'multipart/form-data',
          'multipart/form-data; boundary=',
          'multipart/form-data; boundary="a b"',
          'text/plain',
          'multipart/form-data; boundary=' + 'x'.repeat(200),
        ),
      },
    ),
  )
  .map(([parts, boundary, ms, badType]) => ({
    parts,
    mutated: ms.length > 0 || badType !== undefined,
    contentType: badType ?? `multipart/form-data; boundary=${boundary}`,
    body: mutate(writeMultipart(parts, boundary), ms),
  }));

// ---------------------------------------------------------------------------------------------
// multipart/mixed batches

const batchPartArb: fc.Arbitrary<BatchRequestPart> = fc.record(
  {
    method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
    path: fc.oneof(
      fc.constantFrom('/contacts/', '/contacts/12/', '/tickets/?limit=5', '/contacts/call/', '/hooks/'),
      fc.stringMatching(/^\/[a-z0-9\/?=&%]{0,20}$/),
    ),
    headers: fc.dictionary(
      fc.constantFrom('content-type', 'accept', 'x-extra', 'x-b'),
      fc.stringMatching(/^[ -~]{0,20}$/).map((s) => s.trim()),
      { maxKeys: 2 },
    ),
    body: fc.uint8Array({ maxLength: 60 }),
    contentId: fc.option(fc.stringMatching(/^[A-Za-z0-9._-]{1,10}$/), { nil: undefined }),
  },
  { requiredKeys: ['method', 'path', 'headers', 'body'] },
);
export const batchPartsArb = fc.array(batchPartArb, { minLength: 1, maxLength: 5 });

/** Rewrites Content-Length values and the boundary: the batch-specific ways to lie. */
const batchLie = fc.record({
  lengths: fc.oneof(
    { weight: 2, arbitrary: fc.constant([] as string[]) },
    {
      weight: 1,
      arbitrary: fc.array(
        fc.oneof(
          fc.nat({ max: 200 }).map(String),
          fc.constantFrom('-1', '99999999999999999999', '1e3', '0x10', '', ' 5', '5 ', '+5', '18446744073709551616'),
        ),
        { minLength: 1, maxLength: 3 },
      ),
    },
  ),
  boundary: fc.oneof(
    { weight: 3, arbitrary: fc.constant(undefined) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('', '"unclosed', 'a b', 'x'.repeat(71), '"quoted-ok"', 'ünï', 'a;b', 'other'),
    },
  ),
});

export const batchInputArb: fc.Arbitrary<BatchInput & { parts: BatchRequestPart[]; mutated: boolean }> = fc
  .tuple(batchPartsArb, batchLie, mutations)
  .map(([parts, lie, ms]) => {
    const { contentType, body } = serializeBatchRequest(parts);
    let text = new TextDecoder('latin1').decode(body);
    let k = 0;
    if (lie.lengths.length)
      text = text.replace(/Content-Length: \d+/gi, (m) =>
        k < lie.lengths.length ? `Content-Length: ${lie.lengths[k++]}` : m,
      );
    const bytes = k ? Uint8Array.from(text, (c) => c.charCodeAt(0)) : body;
    const type = lie.boundary === undefined ? contentType : `multipart/mixed; boundary=${lie.boundary}`;
    return {
      parts,
      mutated: k > 0 || lie.boundary !== undefined || ms.length > 0,
      contentType: type,
      body: mutate(bytes, ms),
    };
  });

export { targets };

// ---------------------------------------------------------------------------------------------
// whole HTTP requests

const kinds = ['contacts', 'companies', 'projectblogs', 'tickets'];
const segments = [
  'attachmentfile',
  'billingawidget',
  'call',
  'comment',
  'event',
  'file',
  'followup',
  'note',
  'opportunity',
  'photo',
  'task',
  'timerecord',
  'website',
];
const reports = ['activities', 'calendar', 'followups', 'nextactions', 'opportunities', 'timetracking'];
const idText = fc.oneof(
  fc.nat({ max: 50 }).map(String),
  fc.constantFrom('0', '-1', '99999999999999999999', '1e3', '%00', '%E0%A4%A', '..', '%2e%2e', 'abc', '1;x', ''),
);
const queryArb = fc
  .array(
    fc.tuple(
      fc.constantFrom(
        'format',
        'callback',
        'limit',
        'offset',
        'ids',
        'filter',
        'sort',
        'dir',
        'from',
        'to',
        'users',
        'q',
        'x',
        'categories[add][category][4294967293]',
      ),
      fc.oneof(
        fc.constantFrom(
          'json',
          'xml',
          'jsonp',
          '-1',
          '1e999',
          '99999999999999999999',
          '',
          'a\u0001',
          '%FF',
          '%00',
          '2026-02-30',
          '1,2,3',
          'alert(1)',
        ),
        fc.string({ maxLength: 6 }),
      ),
    ),
    { maxLength: 3 },
  )
  .map((qs) =>
    qs.length ? '?' + qs.map(([k, v]) => `${k}=${/^%[0-9A-F]{2}$/.test(v) ? v : safeEncodeURI(v)}`).join('&') : '',
  );

export interface HttpCase {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Uint8Array;
}

/** A request: method and path near the API's, a body from the codec, multipart or batch generators, headers that may lie. */
export function httpCaseArb(auth: string, otherAuth: string[]): fc.Arbitrary<HttpCase> {
  const path = fc.oneof(
    fc
      .tuple(fc.constantFrom(...kinds, 'contact', ''), idText, queryArb)
      .map(([k, id, q]) => `/${k}/${id ? id + '/' : ''}${q}`),
    fc
      .tuple(fc.constantFrom(...kinds), fc.constantFrom(...segments, 'nosuch'), idText, queryArb)
      .map(([k, s, id, q]) => `/${k}/${s}/${id ? id + '/' : ''}${q}`),
    fc
      .tuple(fc.constantFrom(...kinds), fc.constantFrom('categories', 'fields'), queryArb)
      .map(([k, s, q]) => `/${k}/${s}/${q}`),
    fc.tuple(fc.constantFrom(...reports, 'x'), queryArb).map(([r, q]) => `/report/${r}/${q}`),
    fc
      .tuple(
        fc.constantFrom('/hooks/', '/hooks/1', '/ownership/', '/batch/', '/', '//', '/%', '/contacts/%ZZ/'),
        queryArb,
      )
      .map(([p, q]) => p + q),
  );
  const contentType = fc.constantFrom(
    'application/xml',
    'text/xml',
    'application/json',
    'application/x-www-form-urlencoded',
    'application/json; charset=utf-16',
    'application/xml; charset=latin1',
    'multipart/form-data',
    'multipart/mixed',
    'text/plain',
    '',
    'application/json;;',
    'APPLICATION/JSON',
  );
  const body = fc.oneof(
    codecInputArb.map((c) => ({
      type:
        c.format === 'xml'
          ? 'application/xml'
          : c.format === 'json'
            ? 'application/json'
            : 'application/x-www-form-urlencoded',
      bytes: typeof c.body === 'string' ? enc.encode(c.body) : c.body,
    })),
    multipartInputArb.map((m) => ({ type: m.contentType, bytes: m.body })),
    batchInputArb.map((b) => ({ type: b.contentType ?? '', bytes: b.body })),
    fc.uint8Array({ maxLength: 64 }).map((bytes) => ({ type: '', bytes })),
  );
  return fc
    .record({
      method: fc.constantFrom('GET', 'GET', 'POST', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'),
      path,
      body: fc.option(body, { nil: undefined, freq: 3 }),
      overrideType: fc.option(contentType, { nil: undefined, freq: 2 }),
      accept: fc.constantFrom(
        undefined,
        'application/json',
        'application/xml',
        '*/*',
        'text/html',
        'application/json;q=0.1, application/xml',
      ),
      auth: fc.constantFrom(
        auth,
        auth,
        auth,
        auth,
        auth,
        auth,
        ...otherAuth,
        undefined,
        'Basic !!!',
        'Basic ' + Buffer.from('ann@example.com:wrong').toString('base64'),
        'Bearer x',
      ),
      extra: fc.dictionary(
        fc.constantFrom('x-forwarded-for', 'content-id', 'x-http-method-override', 'range', 'origin'),
        fc.stringMatching(/^[ -~]{0,16}$/),
        { maxKeys: 2 },
      ),
    })
    .map(({ method, path, body, overrideType, accept, auth, extra }) => {
      const headers: Record<string, string> = { ...extra };
      if (auth) headers.authorization = auth;
      if (accept) headers.accept = accept;
      if (body) {
        const type = overrideType ?? body.type;
        if (type) headers['content-type'] = type;
      }
      return { method, path, headers, body: body && method !== 'GET' && method !== 'HEAD' ? body.bytes : undefined };
    });
}

/** What is wrong with an answer, or undefined: a 5xx, a body that does not parse in its format, an error outside the envelope, a stack trace. */
export function answerProblem(
  c: HttpCase,
  status: number,
  headers: Headers,
  body: string,
  parseXmlText: (s: string) => boolean,
): string | undefined {
  if (status >= 500) return `status ${status}`;
  if (/\bat [\w.<>]+ \(|node:internal|\.ts:\d+:\d+/.test(body)) return 'a stack trace in the body';
  if (c.method === 'HEAD' || status === 204 || (c.method === 'OPTIONS' && body === '')) return undefined;
  const type = headers.get('content-type') ?? '';
  if (type.startsWith('multipart/mixed') && status === 200) {
    // A batch's answer: well-formed, and each nested answer holds to the same rules.
    let parts;
    try {
      parts = parseBatchResponse(enc.encode(body), type);
    } catch (e) {
      return `a batch answer that does not parse: ${(e as Error).message}`;
    }
    for (const p of parts) {
      const nested = new Headers(p.headers);
      const problem = answerProblem(
        { method: 'GET', path: '/', headers: { accept: nested.get('content-type') ?? '' } },
        p.status,
        nested,
        new TextDecoder().decode(p.body),
        parseXmlText,
      );
      if (problem) return `in a batch part: ${problem}`;
    }
    return undefined;
  }
  // The asked format: ?callback= asks for JSON (JSONP when a name is left after sanitizing), else Accept.
  let callback: string | null = null;
  try {
    callback = new URL('http://127.0.0.1' + c.path).searchParams.get('callback');
  } catch {
    // A path URL cannot parse asks for nothing in particular.
  }
  const asked =
    callback !== null
      ? callback.replace(/[^A-Za-z0-9_]/g, '')
        ? 'application/javascript'
        : 'application/json'
      : (c.headers.accept ?? '').toLowerCase().includes('application/json')
        ? 'application/json'
        : 'application/xml';
  if (!type.startsWith(asked)) return `an answer of type ${type || '(none)'} where ${asked} was asked`;
  if (type.startsWith('application/json')) {
    let v: unknown;
    try {
      v = JSON.parse(body);
    } catch {
      return 'JSON that does not parse';
    }
    if (status >= 400) {
      const errors = (v as { errors?: unknown })?.errors;
      if (
        !errors ||
        typeof errors !== 'object' ||
        !Object.keys(errors).length ||
        !Object.values(errors).every((m) => typeof m === 'string' && m !== '')
      )
        return 'a JSON error outside the envelope';
    }
    return undefined;
  }
  if (type.startsWith('application/xml')) {
    if (!parseXmlText(body)) return 'XML that does not parse';
    if (
      status >= 400 &&
      !/^<\?xml[^>]*\?>\s*<response>(?:<status>failed<\/status>)?<errors>(?:<[a-z]+>[^<]+<\/[a-z]+>)+<\/errors>/.test(
        body,
      )
    )
      return 'an XML error outside the envelope';
    return undefined;
  }
  if (type.startsWith('application/javascript'))
    return /^[A-Za-z0-9_]+\(.*\)$/s.test(body) ? undefined : 'JSONP that is not name(...)';
  return `an answer of type ${type || '(none)'}`;
}

/**
 * Serve flags for fuzzing: generated hooks name any host, so every name is answered with loopback
 * (refused, as the fuzz servers do not allow private hooks) instead of DNS, and nothing is ever
 * delivered (an IP literal that passes the guard stays in the outbox).
 */
export const noWebhookTraffic = ['--webhook-resolve', '*=127.0.0.1', '--outbox-only'];
