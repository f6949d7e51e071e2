// Part of the crmgen runtime (runtime/xml.ts), copied into this package by crmgen generate. Do not edit.
// Strict, hostile-input-safe XML reader and writer primitives for the API's XML bodies.
//
// Hand-written instead of using fast-xml-parser: the aim is to decode at least 10x faster than
// fast-xml-parser's generic parse and within about 2x of JSON.parse on the same data. So the hot
// loop scans with indexOf/charCodeAt, uses no regexes, slices instead of concatenating
// characters, and decodes entities only where a '&' (or a '\r' to normalise) is actually present.
//
// Safety: no DOCTYPE (defeats billion-laughs and external entities), only the five predefined
// entities plus character references, an explicit element stack (no recursion, so deep nesting
// cannot overflow the JS stack), size/depth/element-count limits, and every failure is an
// XmlError carrying the offset, line and column of the problem.
//
// Positions: offsets are UTF-16 indexes into the parsed string (for Uint8Array input, the
// UTF-8-decoded text without its BOM); lines are 1-based (LF, CRLF or CR end a line); columns
// are 1-based and count characters (code points). The one exception is "invalid UTF-8", whose
// offset is a byte offset into the input and whose column counts UTF-8 sequences.

export interface XmlElement {
  name: string;
  /** null when the element has no attributes (the common case; saves an allocation). */
  attrs: Record<string, string> | null;
  children: XmlElement[];
  /** Decoded character data directly inside this element (text + CDATA), untrimmed; '' if none. */
  text: string;
  /** Offset of the '<' of the start tag in the input string. */
  offset: number;
}

export interface XmlLimits {
  maxDepth: number;
  maxElements: number;
  maxBytes: number;
}

export class XmlError extends Error {
  readonly offset: number;
  readonly line: number;
  readonly col: number;
  constructor(problem: string, offset: number, line: number, col: number) {
    super(`${problem} at line ${line}, column ${col}`);
    this.name = 'XmlError';
    this.offset = offset;
    this.line = line;
    this.col = col;
  }
}

// ---------------------------------------------------------------------------------------------
// Character classes

const TAB = 9;
const LF = 10;
const CR = 13;
const SP = 32;
const BANG = 33;
const QUOT = 34;
const HASH = 35;
const AMP = 38;
const APOS = 39;
const SLASH = 47;
const SEMI = 59;
const LT = 60;
const EQ = 61;
const GT = 62;
const QMARK = 63;

/** ASCII name-start / name characters: [A-Za-z_:] and [A-Za-z0-9._:-]. */
function asciiTable(start: boolean): Uint8Array {
  const t = new Uint8Array(128);
  for (let c = 0; c < 128; c++) {
    const alpha = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 58;
    t[c] = alpha || (!start && ((c >= 48 && c <= 57) || c === 45 || c === 46)) ? 1 : 0;
  }
  return t;
}
// Pure (/* @__PURE__ */, here and below): a bundler may drop what an app never reads.
const NAME_START = /* @__PURE__ */ asciiTable(true);
const NAME_CHAR = /* @__PURE__ */ asciiTable(false);

/** XML 1.0 (5th edition) NameStartChar, BMP part above ASCII. */
function isWideNameStart(c: number): boolean {
  return (
    (c >= 0xc0 && c <= 0xd6) ||
    (c >= 0xd8 && c <= 0xf6) ||
    (c >= 0xf8 && c <= 0x2ff) ||
    (c >= 0x370 && c <= 0x37d) ||
    (c >= 0x37f && c <= 0x1fff) ||
    c === 0x200c ||
    c === 0x200d ||
    (c >= 0x2070 && c <= 0x218f) ||
    (c >= 0x2c00 && c <= 0x2fef) ||
    (c >= 0x3001 && c <= 0xd7ff) ||
    (c >= 0xf900 && c <= 0xfdcf) ||
    (c >= 0xfdf0 && c <= 0xfffd)
  );
}

function isWideNameChar(c: number): boolean {
  return isWideNameStart(c) || c === 0xb7 || (c >= 0x300 && c <= 0x36f) || c === 0x203f || c === 0x2040;
}

/**
 * End of the Name starting at p (p itself when there is none). Names in U+10000..U+EFFFF are
 * surrogate pairs whose high half is D800..DB7F, taken to be followed by its low half: input
 * where it is not is refused all the same (checkChars, or fail() before any other error).
 */
function scanName(s: string, p: number): number {
  const n = s.length;
  if (p >= n) return p;
  let c = s.charCodeAt(p);
  if (c < 128) {
    if (NAME_START[c] === 0) return p;
    p++;
  } else if (c >= 0xd800 && c <= 0xdb7f) p += 2;
  else if (isWideNameStart(c)) p++;
  else return p;
  while (p < n) {
    c = s.charCodeAt(p);
    if (c < 128) {
      if (NAME_CHAR[c] === 0) break;
      p++;
    } else if (c >= 0xd800 && c <= 0xdb7f) p += 2;
    else if (isWideNameChar(c)) p++;
    else break;
  }
  return p;
}

function isNameCharAt(s: string, p: number): boolean {
  if (p >= s.length) return false;
  const c = s.charCodeAt(p);
  if (c < 128) return NAME_CHAR[c] === 1;
  return (c >= 0xd800 && c <= 0xdb7f) || isWideNameChar(c);
}

function isWS(c: number): boolean {
  return c === SP || c === LF || c === TAB || c === CR;
}

function skipWS(s: string, p: number): number {
  const n = s.length;
  while (p < n) {
    const c = s.charCodeAt(p);
    if (c !== SP && c !== LF && c !== TAB && c !== CR) break;
    p++;
  }
  return p;
}

/** Is c a code point allowed by XML 1.0's Char production? */
function isXmlChar(c: number): boolean {
  return (
    (c >= 0x20 && c <= 0xd7ff) ||
    c === TAB ||
    c === LF ||
    c === CR ||
    (c >= 0xe000 && c <= 0xfffd) ||
    (c >= 0x10000 && c <= 0x10ffff)
  );
}

// Control characters, U+FFFE/U+FFFF, and every surrogate (pairs are then checked one by one).
// One native scan of the whole input, outside the hot loop.
const SUSPECT_CHAR = /[\x00-\x08\x0B\x0C\x0E-\x1F\uD800-\uDFFF\uFFFE\uFFFF]/g;

/**
 * Index of the first character XML 1.0 cannot carry (a control other than TAB/LF/CR, U+FFFE,
 * U+FFFF, an unpaired surrogate), or -1. The reader refuses such input with it, and the service
 * refuses text values with it, so nothing stored can make an XML answer ill-formed.
 */
export function findNonXmlChar(s: string): number {
  SUSPECT_CHAR.lastIndex = 0;
  for (;;) {
    const m = SUSPECT_CHAR.exec(s);
    if (m === null) return -1;
    const i = m.index;
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        SUSPECT_CHAR.lastIndex = i + 2;
        continue;
      }
    }
    SUSPECT_CHAR.lastIndex = 0;
    return i;
  }
}

/** 'invalid character U+0001' or 'unpaired surrogate U+D800', for the character at i. */
export function describeNonXmlChar(s: string, i: number): string {
  const c = s.charCodeAt(i);
  return `${c >= 0xd800 && c <= 0xdfff ? 'unpaired surrogate' : 'invalid character'} ${codePointLabel(c)}`;
}

/**
 * Refuses the first character XML cannot carry in s[a, b), everything before a being checked.
 * scanXml checks the input in such pieces: the parts a run of expected leaves reads need no check
 * (its regex admits no such character), and one scan of the whole input cost 0.25-0.3x JSON.parse
 * of the same data (issue 34). Pieces start and end at markup, so they never split a surrogate pair.
 */
function checkChars(s: string, a: number, b: number): void {
  // Short pieces (the tags between runs, one or two per entry of a page) by a loop: a slice and a
  // regex exec cost more there than they save. Anything suspect goes to the whole check below.
  if (b - a <= 64) {
    let i = a;
    for (; i < b; i++) {
      const c = s.charCodeAt(i);
      if (c < SP ? c !== TAB && c !== LF && c !== CR : c >= 0xd800 && (c <= 0xdfff || c >= 0xfffe)) break;
    }
    if (i === b) return;
  }
  const i = findNonXmlChar(a === 0 && b === s.length ? s : s.slice(a, b));
  if (i >= 0) raise(s, a + i, describeNonXmlChar(s, a + i));
}

function codePointLabel(c: number): string {
  return 'U+' + c.toString(16).toUpperCase().padStart(4, '0');
}

/** How a character found where it should not be is named in messages. */
function describeAt(s: string, p: number): string {
  if (p >= s.length) return 'end of input';
  const c = s.codePointAt(p)!;
  if (c > 0x20 && c < 0x7f) return `'${String.fromCharCode(c)}'`;
  return codePointLabel(c);
}

function clip(s: string): string {
  return s.length > 40 ? s.slice(0, 40) + '...' : s;
}

// ---------------------------------------------------------------------------------------------
// Errors

/**
 * Throws the XmlError of `problem` at offset, unless s holds a character XML cannot carry: then
 * that one (the first), as if every character had been checked before anything else was read.
 */
function fail(s: string, offset: number, problem: string): never {
  const i = findNonXmlChar(s);
  if (i >= 0) raise(s, i, describeNonXmlChar(s, i));
  raise(s, offset, problem);
}

function raise(s: string, offset: number, problem: string): never {
  const { line, col } = lineCol(s, offset);
  throw new XmlError(problem, offset, line, col);
}

function lineCol(s: string, offset: number): { line: number; col: number } {
  if (offset > s.length) offset = s.length;
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    const c = s.charCodeAt(i);
    if (c === LF || (c === CR && s.charCodeAt(i + 1) !== LF)) {
      line++;
      lineStart = i + 1;
    }
  }
  let col = 1;
  for (let i = lineStart; i < offset; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff && i > lineStart) {
      const h = s.charCodeAt(i - 1);
      if (h >= 0xd800 && h <= 0xdbff) continue; // second half of a pair
    }
    if (i === 0 && c === 0xfeff) continue; // a BOM is not a column
    col++;
  }
  return { line, col };
}

// ---------------------------------------------------------------------------------------------
// Input

const UTF8 = /* @__PURE__ */ new TextDecoder('utf-8', { fatal: true });

function toSource(input: string | Uint8Array, limits: XmlLimits): string {
  if (typeof input === 'string') {
    if (input.length > limits.maxBytes) {
      throw new XmlError(`input of ${input.length} characters exceeds the limit of ${limits.maxBytes}`, 0, 1, 1);
    }
    return input;
  }
  if (!(input instanceof Uint8Array)) throw new XmlError('input must be a string or a Uint8Array', 0, 1, 1);
  if (input.byteLength > limits.maxBytes) {
    throw new XmlError(`input of ${input.byteLength} bytes exceeds the limit of ${limits.maxBytes} bytes`, 0, 1, 1);
  }
  try {
    return UTF8.decode(input);
  } catch {
    throw utf8Error(input);
  }
}

/** Locates the first invalid UTF-8 sequence (error path only). */
function utf8Error(b: Uint8Array): XmlError {
  const n = b.length;
  let i = 0;
  let bad = -1;
  while (i < n) {
    const c = b[i]!;
    if (c < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) need = 1;
    else if (c >= 0xe0 && c <= 0xef) {
      need = 2;
      if (c === 0xe0) lo = 0xa0;
      else if (c === 0xed) hi = 0x9f; // no surrogates
    } else if (c >= 0xf0 && c <= 0xf4) {
      need = 3;
      if (c === 0xf0) lo = 0x90;
      else if (c === 0xf4) hi = 0x8f;
    } else {
      bad = i;
      break;
    }
    let ok = i + need < n;
    if (ok) {
      // i + need < n: every byte of the sequence is there.
      const d = b[i + 1]!;
      ok = d >= lo && d <= hi;
      for (let k = 2; ok && k <= need; k++) ok = b[i + k]! >= 0x80 && b[i + k]! <= 0xbf;
    }
    if (!ok) {
      bad = i;
      break;
    }
    i += need + 1;
  }
  if (bad === -1) return new XmlError('invalid UTF-8 (input could not be decoded)', 0, 1, 1);
  let line = 1;
  let col = 1;
  for (let k = 0; k < bad; k++) {
    const c = b[k]!;
    if (c === LF) {
      line++;
      col = 1;
    } else if ((c & 0xc0) !== 0x80 && !(k === 0 && c === 0xef && b[1] === 0xbb && b[2] === 0xbf)) col++;
  }
  return new XmlError(`invalid UTF-8 (byte 0x${b[bad]!.toString(16).toUpperCase().padStart(2, '0')})`, bad, line, col);
}

// ---------------------------------------------------------------------------------------------
// Entities and normalisation (slow path: only when a segment holds '&' or a '\r', or an
// attribute value holds '&', TAB, LF or CR)

/** Where the entity reference most recently decoded by decodeEntity ended. */
let entityEnd = 0;

/** Decodes the reference at s[i] === '&', which must end before b; sets entityEnd. */
function decodeEntity(s: string, i: number, b: number): string {
  let p = i + 1;
  if (s.charCodeAt(p) === HASH) {
    p++;
    let hex = false;
    if (s.charCodeAt(p) === 120 /* x */) {
      hex = true;
      p++;
    }
    const ds = p;
    let v = 0;
    for (; p < b; p++) {
      const c = s.charCodeAt(p);
      let d: number;
      if (c >= 48 && c <= 57) d = c - 48;
      else if (hex && c >= 97 && c <= 102) d = c - 87;
      else if (hex && c >= 65 && c <= 70) d = c - 55;
      else break;
      v = v * (hex ? 16 : 10) + d;
      if (v > 0x10ffff) v = 0x110000; // clamp: stays invalid, never overflows
    }
    if (p === ds || p >= b || s.charCodeAt(p) !== SEMI) {
      fail(s, i, `malformed character reference '${clip(s.slice(i, Math.min(p + 1, b)))}'`);
    }
    if (!isXmlChar(v)) fail(s, i, `character reference '${clip(s.slice(i, p + 1))}' is not an allowed XML character`);
    entityEnd = p + 1;
    return String.fromCodePoint(v);
  }
  const e = scanName(s, p);
  if (e === p || e >= b || s.charCodeAt(e) !== SEMI) {
    fail(s, i, "malformed entity reference ('&' must be written as '&amp;')");
  }
  entityEnd = e + 1;
  switch (s.slice(p, e)) {
    case 'lt':
      return '<';
    case 'gt':
      return '>';
    case 'amp':
      return '&';
    case 'quot':
      return '"';
    case 'apos':
      return "'";
  }
  return fail(s, i, `unknown entity '${clip(s.slice(i, e + 1))}'`);
}

/** Where decodePredefined found the next '&' at or after its text's end (-1: none). */
let ampAfter = -1;

/**
 * Decodes s[a, b) that a regex has proved to hold no reference but the five predefined entities
 * and no '\r' (a run's or LEAF's text), its first '&' at amp: each reference is told by its
 * second and third characters, and the text between them is jumped over with indexOf, where
 * decodeSlow reads every character (issue 34: decodeSlow and decodeEntity were 7% of decoding a
 * page, one `&amp;` per entry). Sets ampAfter.
 */
function decodePredefined(s: string, a: number, b: number, amp: number): string {
  let out = '';
  let last = a;
  let i = amp;
  do {
    const c = s.charCodeAt(i + 1);
    // &amp; &apos; &lt; &gt; &quot;
    const amp5 = c === 97 && s.charCodeAt(i + 2) === 109;
    out += s.slice(last, i) + (amp5 ? '&' : c === 97 ? "'" : c === 108 ? '<' : c === 103 ? '>' : '"');
    last = i + (amp5 ? 5 : c === 97 || c === 113 ? 6 : 4);
    i = s.indexOf('&', last);
  } while (i !== -1 && i < b);
  ampAfter = i;
  return out + s.slice(last, b);
}

/**
 * Decodes s[a, b): entity and character references; line ends (CRLF, CR) become LF in text; in
 * an attribute value (attr = true) TAB, LF, CR and CRLF each become one space, as XML requires.
 */
function decodeSlow(s: string, a: number, b: number, attr: boolean): string {
  let out = '';
  let last = a;
  for (let i = a; i < b; i++) {
    const c = s.charCodeAt(i);
    if (c === AMP) {
      const r = decodeEntity(s, i, b);
      out += s.slice(last, i) + r;
      i = entityEnd - 1;
      last = entityEnd;
    } else if (c === CR) {
      out += s.slice(last, i) + (attr ? ' ' : '\n');
      if (i + 1 < b && s.charCodeAt(i + 1) === LF) i++;
      last = i + 1;
    } else if (attr && (c === LF || c === TAB)) {
      out += s.slice(last, i) + ' ';
      last = i + 1;
    }
  }
  return last === a ? s.slice(a, b) : out + s.slice(last, b);
}

// ---------------------------------------------------------------------------------------------
// Markup other than elements

/** Parses `<?xml version=... encoding=... standalone=...?>` at s[start]; returns the end. */
function parseDeclaration(s: string, start: number, fromBytes: boolean): number {
  const order = ['version', 'encoding', 'standalone'];
  let next = 0;
  let p = start + 5;
  for (;;) {
    const q = skipWS(s, p);
    if (s.startsWith('?>', q)) {
      if (next === 0) fail(s, start, "XML declaration is missing 'version'");
      return q + 2;
    }
    if (q >= s.length) fail(s, start, 'unterminated XML declaration');
    const e = scanName(s, q);
    if (q === p || e === q) fail(s, q, `unexpected ${describeAt(s, q)} in XML declaration`);
    const name = s.slice(q, e);
    const k = order.indexOf(name, next);
    if (k === -1) fail(s, q, `unexpected '${clip(name)}' in XML declaration`);
    if (next === 0 && k !== 0) fail(s, q, "XML declaration must start with 'version'");
    next = k + 1;
    p = skipWS(s, e);
    if (s.charCodeAt(p) !== EQ) fail(s, p, `expected '=' after '${name}' in XML declaration`);
    p = skipWS(s, p + 1);
    const quote = s.charCodeAt(p);
    if (quote !== QUOT && quote !== APOS) fail(s, p, `expected a quoted value for '${name}' in XML declaration`);
    const close = s.indexOf(quote === QUOT ? '"' : "'", p + 1);
    if (close === -1) fail(s, p, `unterminated value for '${name}' in XML declaration`);
    const v = s.slice(p + 1, close);
    let ok: boolean;
    if (k === 0) ok = /^1\.[0-9]+$/.test(v);
    else if (k === 1) {
      ok = /^[A-Za-z][A-Za-z0-9._-]*$/.test(v);
      if (ok && fromBytes && !/^utf-?8$/i.test(v))
        fail(s, p + 1, `unsupported encoding '${clip(v)}' (only UTF-8 is accepted)`);
    } else ok = v === 'yes' || v === 'no';
    if (!ok) fail(s, p + 1, `invalid ${name} '${clip(v)}' in XML declaration`);
    p = close + 1;
  }
}

/** Skips the processing instruction at s[lt] === '<', s[lt + 1] === '?'; returns its end. */
function skipPI(s: string, lt: number): number {
  const ts = lt + 2;
  const te = scanName(s, ts);
  if (te === ts) {
    fail(
      s,
      ts,
      ts >= s.length
        ? 'unexpected end of input in processing instruction'
        : `invalid processing instruction target ${describeAt(s, ts)}`,
    );
  }
  if (te - ts === 3 && s.slice(ts, te).toLowerCase() === 'xml') {
    const target = s.slice(ts, te);
    fail(
      s,
      lt,
      target === 'xml'
        ? 'XML declaration is only allowed at the very start of the document'
        : `processing instruction target '${target}' is reserved`,
    );
  }
  if (s.startsWith('?>', te)) return te + 2;
  if (!isWS(s.charCodeAt(te))) fail(s, te, `unexpected ${describeAt(s, te)} after processing instruction target`);
  const end = s.indexOf('?>', te);
  if (end === -1) fail(s, lt, 'unterminated processing instruction');
  return end + 2;
}

/** Skips the comment at s[lt] (`<!--`); returns its end. */
function skipComment(s: string, lt: number): number {
  const end = s.indexOf('-->', lt + 4);
  if (end === -1) fail(s, lt, 'unterminated comment');
  const dd = s.indexOf('--', lt + 4);
  if (dd < end) fail(s, dd, "'--' is not allowed inside a comment");
  return end + 3;
}

function isDoctypeAt(s: string, lt: number): boolean {
  return s.slice(lt + 2, lt + 9).toUpperCase() === 'DOCTYPE';
}

/**
 * Skips whitespace, comments and PIs before (afterRoot = false) or after the root element.
 * Returns the offset of the root's '<', or s.length after the root.
 */
function skipMisc(s: string, p: number, afterRoot: boolean): number {
  const n = s.length;
  for (;;) {
    p = skipWS(s, p);
    if (p >= n) {
      if (afterRoot) return n;
      fail(s, p, 'no root element');
    }
    if (s.charCodeAt(p) !== LT) fail(s, p, 'text is not allowed outside the root element');
    const c = s.charCodeAt(p + 1);
    if (c === QMARK) p = skipPI(s, p);
    else if (c === BANG) {
      if (s.startsWith('<!--', p)) p = skipComment(s, p);
      else if (isDoctypeAt(s, p)) fail(s, p, 'DOCTYPE is not allowed');
      else if (s.startsWith('<![CDATA[', p)) fail(s, p, 'CDATA section is not allowed outside the root element');
      else fail(s, p, "invalid markup after '<!'");
    } else if (c === SLASH) {
      fail(s, p, afterRoot ? 'end tag after the root element was closed' : 'end tag before the root element');
    } else if (afterRoot) fail(s, p, 'only one root element is allowed');
    else return p;
  }
}

// ---------------------------------------------------------------------------------------------
// Elements

/**
 * Attribute records inherit nothing (an attribute named constructor or __proto__ is just a name),
 * as Object.create(null) gives, but as objects of one shape: Object.create(null) makes a
 * dictionary, slow to build for each element with an attribute.
 */
const Attrs = /* @__PURE__ */ (() => {
  function A() {}
  A.prototype = Object.create(null);
  return A as unknown as new () => Record<string, string>;
})();

/** The attributes parseAttributes read last (null: none); read at once by the caller. */
let attrsRead: Record<string, string> | null = null;

/**
 * Parses the attributes of the element `elName` starting at s[p] (just after its name) into
 * attrsRead; returns the offset of the '>' or '/' that ends the start tag.
 */
function parseAttributes(s: string, p: number, ns: number, ne: number): number {
  const n = s.length;
  const elName = s.slice(ns, ne);
  let attrs: Record<string, string> | null = null;
  for (;;) {
    let c = s.charCodeAt(p);
    if (c === GT || c === SLASH) break;
    if (!isWS(c)) {
      fail(
        s,
        p,
        p >= n ? `unexpected end of input inside tag <${elName}>` : `unexpected ${describeAt(s, p)} in tag <${elName}>`,
      );
    }
    p = skipWS(s, p + 1);
    c = s.charCodeAt(p);
    if (c === GT || c === SLASH) break;
    const ns = p;
    const ne = scanName(s, p);
    if (ne === ns) {
      fail(
        s,
        p,
        p >= n ? `unexpected end of input inside tag <${elName}>` : `unexpected ${describeAt(s, p)} in tag <${elName}>`,
      );
    }
    const name = s.slice(ns, ne);
    p = skipWS(s, ne);
    if (s.charCodeAt(p) !== EQ) {
      fail(s, p, p >= n ? `unexpected end of input inside tag <${elName}>` : `expected '=' after attribute '${name}'`);
    }
    p = skipWS(s, p + 1);
    const quote = s.charCodeAt(p);
    if (quote !== QUOT && quote !== APOS) {
      fail(
        s,
        p,
        p >= n ? `unexpected end of input inside tag <${elName}>` : `expected a quoted value for attribute '${name}'`,
      );
    }
    const close = s.indexOf(quote === QUOT ? '"' : "'", p + 1);
    if (close === -1) fail(s, p, `unterminated value for attribute '${name}'`);
    let slow = false;
    for (let i = p + 1; i < close; i++) {
      const d = s.charCodeAt(i);
      if (d === LT) fail(s, i, `'<' is not allowed in the value of attribute '${name}'`);
      if (d === AMP || d === LF || d === TAB || d === CR) slow = true;
    }
    const value = slow ? decodeSlow(s, p + 1, close, true) : s.slice(p + 1, close);
    if (attrs === null) attrs = new Attrs();
    if (attrs[name] !== undefined) fail(s, ns, `duplicate attribute '${name}' in tag <${elName}>`);
    attrs[name] = value;
    p = close + 1;
  }
  attrsRead = attrs;
  return p;
}

/** Do s[a, a + len) and s[b, b + len) hold the same characters? */
function sameSpan(s: string, a: number, b: number, len: number): boolean {
  for (let k = 0; k < len; k++) if (s.charCodeAt(a + k) !== s.charCodeAt(b + k)) return false;
  return true;
}

/** An indexOf result, with "not found" as n (past every segment, so never searched again). */
function found(i: number, n: number): number {
  return i === -1 ? n : i;
}

function unclosed(s: string, name: string, offset: number): never {
  const at = lineCol(s, offset);
  return fail(
    s,
    s.length,
    `unexpected end of input: <${name}> (opened at line ${at.line}, column ${at.col}) is not closed`,
  );
}

/** A whole element <name>text</name> (see scanXml): ASCII name, no attribute, text with no reference but the five predefined entities. */
const LEAF = /<([A-Za-z_:][A-Za-z0-9_:.-]*)>(?:[^<&\r\]]|&(?:amp|lt|gt|quot|apos);)*<\/\1>/y;

/** A run of leaf elements a handler expects next (XmlHandler.expect), made by expectedRun. */
export interface ExpectedRun {
  /**
   * Sticky, without captures: a run of one or more of the elements `names` (ASCII XML names),
   * each `<name>text</name>` or `<name/>`, the text as LEAF allows it, with no attribute but
   * ` attr[i]="value"` where attr[i] is given (the value without '"', '<', '&', TAB, LF or CR:
   * nothing to decode), each optional, in order; no character XML cannot carry. A lookahead on
   * the first name fails at once where no run starts.
   */
  readonly re: RegExp;
  readonly names: readonly string[];
  readonly lens: readonly number[];
  /** First and last character of each name. */
  readonly first: readonly number[];
  readonly last: readonly number[];
  /** Must the name be compared whole (another name of the run has its length and end characters)? */
  readonly whole: readonly boolean[];
  /** The attribute each element may have (an ASCII XML name), or null. */
  readonly attr: readonly (string | null)[];
  /**
   * An attribute object per attribute of attr, kept only so that its hidden class lives: a
   * full collection drops the classes no live object holds, and the optimized code that
   * expects them is thrown away with them ("weak objects", --trace-deopt; issue 34).
   */
  readonly shapes: readonly object[];
}

export function expectedRun(names: string[], attr: (string | null)[]): ExpectedRun {
  // Neither admits a character XML cannot carry: the run's part of the input needs no other check.
  const chars = String.raw`[^<&\r\]\x00-\x08\x0B\x0C\x0E-\x1F\uD800-\uDFFF\uFFFE\uFFFF]*`;
  const text = `${chars}(?:&(?:amp|lt|gt|quot|apos);${chars})*`;
  const dot = (x: string) => x.replace(/\./g, '\\.');
  const esc = names.map(dot);
  const one = (x: string, i: number) => {
    const a = attr[i]
      ? String.raw`(?: ${dot(attr[i]!)}="[^"<&\t\n\r\x00-\x08\x0B\x0C\x0E-\x1F\uD800-\uDFFF\uFFFE\uFFFF]*")?`
      : '';
    return `(?:<${x}${a}(?:>${text}<\\/${x}>|\\/>))?`;
  };
  const sig = (x: string) => `${x.length} ${x[0]} ${x[x.length - 1]}`;
  return {
    re: new RegExp(`(?=<(?:${esc.join('|')})[>/ ])${esc.map(one).join('')}`, 'y'),
    names,
    lens: names.map((x) => x.length),
    first: names.map((x) => x.charCodeAt(0)),
    last: names.map((x) => x.charCodeAt(x.length - 1)),
    whole: names.map((x) => names.some((y) => y !== x && sig(y) === sig(x))),
    attr,
    shapes: attr.flatMap((a) => {
      if (a === null) return [];
      const o = new Attrs();
      o[a] = '';
      return [o];
    }),
  };
}

/** Does s hold `name` at p? */
function sameName(s: string, p: number, name: string): boolean {
  for (let k = 0; k < name.length; k++) if (s.charCodeAt(p + k) !== name.charCodeAt(k)) return false;
  return true;
}

/**
 * What reads a document as scanXml goes through it: each start tag (open), each piece of
 * character data directly inside the current element, decoded (text; an element's text may come
 * in pieces, around comments, CDATA and child elements), and each end (close). Decoders that
 * build their value while the document is scanned implement it; parseXml builds a tree with it.
 */
export interface XmlHandler {
  open(name: string, attrs: Record<string, string> | null, offset: number): void;
  /** An element holding no element, named s[ns, ne): open, its text (all of it, '' if none) and close at once. */
  leaf(s: string, ns: number, ne: number, attrs: Record<string, string> | null, offset: number, text: string): void;
  text(t: string): void;
  close(): void;
  /**
   * The elements the handler expects next (a decoder's next fields, see ExpectedRun); null or
   * absent: none. Each element of a run scanXml matches goes to `expected` instead of `leaf`.
   */
  readonly expect?: ExpectedRun | null;
  /** Element i of the run `run` (its names[i]), with its text decoded and its attribute if it has one. */
  expected?(run: ExpectedRun, i: number, text: string, attrs: Record<string, string> | null): void;
  /** After the elements of a run (expected), once: the last was its element i. */
  ranTo?(run: ExpectedRun, i: number): void;
}

/**
 * Parses a whole document for `h`. Throws XmlError (or what `h` throws). Everything the
 * document's well-formedness and the limits need is checked here, whatever the handler keeps.
 */
export function scanXml(input: string | Uint8Array, limits: XmlLimits, h: XmlHandler): void {
  const s = toSource(input, limits);
  const n = s.length;
  const maxDepth = limits.maxDepth;
  const maxElements = limits.maxElements;

  let pos = n > 0 && s.charCodeAt(0) === 0xfeff ? 1 : 0;
  if (s.startsWith('<?xml', pos)) {
    const c = s.charCodeAt(pos + 5);
    if (isWS(c) || c === QMARK) pos = parseDeclaration(s, pos, typeof input !== 'string');
  }
  pos = skipMisc(s, pos, false);

  // The open elements: names and start offsets (for the end tags and the unclosed-element message).
  const names: string[] = [];
  const offsets: number[] = [];
  let depth = 0;
  let count = 0;
  // Next '&', '\r' and ']]>' at or after the current text: each is searched for again only once
  // passed, so all three searches together cost one pass over the input.
  let nextAmp = -1;
  let nextCR = -1;
  let nextCdEnd = -1;
  // The input before ck has been checked for characters XML cannot carry (see checkChars).
  let ck = 0;

  outer: for (;;) {
    // First, a run of the leaf elements the handler expects next (a decoder's next fields, in
    // order, each optional): one native test of the run's sticky regex proves the whole run
    // well-formed (texts as LEAF below allows them), then each element is named by its length and
    // end characters among the run's names and its text cut out. A regex with captures would do
    // both, but its captures cost more than the match (issue 34). Where the run matches nothing,
    // at the root, or at the depth limit, the paths below read on, with their checks and messages.
    const run = depth > 0 && depth < maxDepth ? h.expect : null;
    let end = pos;
    if (run) {
      run.re.lastIndex = pos;
      if (run.re.test(s)) end = run.re.lastIndex;
    }
    LEAF.lastIndex = pos;
    if (end > pos) {
      if (ck < pos) checkChars(s, ck, pos);
      ck = end;
      const { names, lens, first, last, whole, attr } = run!;
      let i = 0;
      for (; pos < end; i++) {
        // The element at pos is the first of names[i..] whose group matched there: its length
        // ends the name (a '>', '/' or, before its attribute, ' ' follows), and the end
        // characters tell it from the others, or, where another name shares them, the whole name.
        let len = lens[i]!;
        let c = s.charCodeAt(pos + 1 + len);
        while (
          (c !== GT && c !== SLASH && (c !== SP || attr[i] === null)) ||
          s.charCodeAt(pos + 1) !== first[i] ||
          s.charCodeAt(pos + len) !== last[i] ||
          (whole[i] && !sameName(s, pos + 1, names[i]!))
        ) {
          len = lens[++i]!;
          c = s.charCodeAt(pos + 1 + len);
        }
        if (++count > maxElements) fail(s, pos, `too many elements (limit ${maxElements})`);
        let q = pos + 1 + len;
        let attrs: Record<string, string> | null = null;
        if (c === SP) {
          // ` name="value"`, the value with nothing to decode or normalise (the regex says so).
          const a = attr[i]!;
          const vs = q + a.length + 3;
          q = s.indexOf('"', vs) + 1;
          attrs = new Attrs();
          attrs[a] = s.slice(vs, q - 1);
          c = s.charCodeAt(q);
        }
        if (c === SLASH) {
          h.expected!(run!, i, '', attrs);
          pos = q + 2;
        } else {
          const ts = q + 1;
          const lt = s.indexOf('<', ts);
          let t = '';
          if (lt !== ts) {
            if (nextAmp < ts) nextAmp = found(s.indexOf('&', ts), n);
            if (nextAmp < lt) {
              t = decodePredefined(s, ts, lt, nextAmp);
              nextAmp = found(ampAfter, n);
            } else t = s.slice(ts, lt);
          }
          h.expected!(run!, i, t, attrs);
          pos = lt + len + 3;
        }
      }
      h.ranTo?.(run!, i - 1);
    } else if (LEAF.test(s)) {
      // Then the commonest element: <name>text</name>, with an ASCII name, no attribute, and text
      // that needs no check (no '\r', ']' or '<'; '&' only in &amp; &lt; &gt; &quot; &apos;),
      // matched by one native regex test (LEAF) instead of a walk over the name, the text and the
      // end tag. Anything else (and anything malformed) is read by the general path below, with
      // its checks and messages.
      if (++count > maxElements) fail(s, pos, `too many elements (limit ${maxElements})`);
      if (depth >= maxDepth) fail(s, pos, `elements nested too deeply (limit ${maxDepth})`);
      const ne = s.indexOf('>', pos);
      const te = LEAF.lastIndex;
      const lt = te - (ne - pos) - 2;
      let t = '';
      if (lt !== ne + 1) {
        if (nextAmp <= ne) nextAmp = found(s.indexOf('&', ne + 1), n);
        if (nextAmp < lt) {
          t = decodePredefined(s, ne + 1, lt, nextAmp);
          nextAmp = found(ampAfter, n);
        } else t = s.slice(ne + 1, lt);
      }
      h.leaf(s, pos + 1, ne, null, pos, t);
      pos = te;
      if (depth === 0) break;
    } else {
      // A start tag at s[pos] === '<'.
      const ns = pos + 1;
      const ne = scanName(s, ns);
      if (ne === ns) {
        fail(
          s,
          ns,
          ns >= n
            ? "unexpected end of input after '<'"
            : `expected an element name after '<' but found ${describeAt(s, ns)}`,
        );
      }
      if (++count > maxElements) fail(s, pos, `too many elements (limit ${maxElements})`);
      if (depth >= maxDepth) fail(s, pos, `elements nested too deeply (limit ${maxDepth})`);
      const offset = pos;
      let p = ne;
      let c = s.charCodeAt(p);
      let attrs: Record<string, string> | null = null;
      if (c !== GT && c !== SLASH) {
        p = parseAttributes(s, p, ns, ne);
        attrs = attrsRead;
        c = s.charCodeAt(p);
      }
      if (c === GT) {
        pos = p + 1;
        // A leaf, text or nothing then its own end tag (most elements): one call to the handler,
        // with the name as a span of the input (a string of it is made only by those who need one).
        const lt = s.indexOf('<', pos);
        const te = lt + 2 + ne - ns;
        if (
          lt !== -1 &&
          s.charCodeAt(lt + 1) === SLASH &&
          s.charCodeAt(te) === GT &&
          sameSpan(s, ns, lt + 2, ne - ns)
        ) {
          let t = '';
          if (lt !== pos) {
            if (nextAmp < pos) nextAmp = found(s.indexOf('&', pos), n);
            if (nextCR < pos) nextCR = found(s.indexOf('\r', pos), n);
            if (nextCdEnd < pos) nextCdEnd = found(s.indexOf(']]>', pos), n);
            if (nextCdEnd < lt) fail(s, nextCdEnd, "']]>' is not allowed in text");
            t = nextAmp < lt || nextCR < lt ? decodeSlow(s, pos, lt, false) : s.slice(pos, lt);
          }
          h.leaf(s, ns, ne, attrs, offset, t);
          pos = te + 1;
          if (depth === 0) break;
        } else {
          const name = s.slice(ns, ne);
          h.open(name, attrs, offset);
          names[depth] = name;
          offsets[depth] = offset;
          depth++;
        }
      } else {
        if (s.charCodeAt(p + 1) !== GT) {
          const name = s.slice(ns, ne);
          fail(
            s,
            p + 1,
            p + 1 >= n ? `unexpected end of input inside tag <${name}>` : `expected '>' after '/' in tag <${name}>`,
          );
        }
        h.leaf(s, ns, ne, attrs, offset, '');
        pos = p + 2;
        if (depth === 0) break;
      }
    }

    // Content of the innermost open element until the next start tag (continue outer) or the root's end tag (break).
    for (;;) {
      const lt = s.charCodeAt(pos) === LT ? pos : s.indexOf('<', pos);
      if (lt === -1) unclosed(s, names[depth - 1]!, offsets[depth - 1]!);
      if (lt !== pos) {
        if (nextAmp < pos) nextAmp = found(s.indexOf('&', pos), n);
        if (nextCR < pos) nextCR = found(s.indexOf('\r', pos), n);
        if (nextCdEnd < pos) nextCdEnd = found(s.indexOf(']]>', pos), n);
        if (nextCdEnd < lt) fail(s, nextCdEnd, "']]>' is not allowed in text");
        h.text(nextAmp < lt || nextCR < lt ? decodeSlow(s, pos, lt, false) : s.slice(pos, lt));
      }
      const c2 = s.charCodeAt(lt + 1);
      if (c2 === SLASH) {
        const name = names[depth - 1]!;
        let q = lt + 2;
        if (s.startsWith(name, q) && !isNameCharAt(s, q + name.length)) {
          q = skipWS(s, q + name.length);
          if (s.charCodeAt(q) !== GT) {
            fail(
              s,
              q,
              q >= n
                ? `unexpected end of input in end tag </${name}>`
                : `expected '>' to close end tag </${name}> but found ${describeAt(s, q)}`,
            );
          }
        } else {
          const e = scanName(s, lt + 2);
          if (e >= n) fail(s, lt, `unexpected end of input in end tag (expected </${name}>)`);
          if (e === lt + 2) fail(s, lt, `invalid end tag (expected </${name}>)`);
          fail(s, lt, `mismatched end tag: expected </${name}> but found </${clip(s.slice(lt + 2, e))}>`);
        }
        pos = q + 1;
        h.close();
        if (--depth === 0) break outer;
      } else if (c2 === BANG) {
        if (s.startsWith('<!--', lt)) pos = skipComment(s, lt);
        else if (s.startsWith('<![CDATA[', lt)) {
          const end = s.indexOf(']]>', lt + 9);
          if (end === -1) fail(s, lt, 'unterminated CDATA section');
          if (nextCR < lt) nextCR = found(s.indexOf('\r', lt), n);
          h.text(nextCR < end ? s.slice(lt + 9, end).replace(/\r\n?/g, '\n') : s.slice(lt + 9, end));
          pos = end + 3;
        } else if (isDoctypeAt(s, lt)) fail(s, lt, 'DOCTYPE is not allowed');
        else fail(s, lt, "invalid markup after '<!'");
      } else if (c2 === QMARK) {
        pos = skipPI(s, lt);
      } else {
        pos = lt;
        continue outer;
      }
    }
  }

  skipMisc(s, pos, true);
  checkChars(s, ck, n);
}

/** Builds the tree of a document (parseXml); also what decoders use for a part they read as a tree. */
export class TreeBuilder implements XmlHandler {
  root: XmlElement | null = null;
  private stack: XmlElement[] = [];
  open(name: string, attrs: Record<string, string> | null, offset: number): void {
    const el: XmlElement = { name, attrs, children: [], text: '', offset };
    const top = this.stack[this.stack.length - 1];
    if (top === undefined) this.root = el;
    else top.children.push(el);
    this.stack.push(el);
  }
  leaf(s: string, ns: number, ne: number, attrs: Record<string, string> | null, offset: number, text: string): void {
    const el: XmlElement = { name: s.slice(ns, ne), attrs, children: [], text, offset };
    const top = this.stack[this.stack.length - 1];
    if (top === undefined) this.root = el;
    else top.children.push(el);
  }
  text(t: string): void {
    const top = this.stack[this.stack.length - 1]!;
    top.text = top.text === '' ? t : top.text + t;
  }
  close(): void {
    this.stack.pop();
  }
  /** Open elements (0 once the tree's root is closed). */
  get depth(): number {
    return this.stack.length;
  }
}

/** Parses a whole document and returns its root element. Throws only XmlError. */
export function parseXml(input: string | Uint8Array, limits: XmlLimits): XmlElement {
  const b = new TreeBuilder();
  scanXml(input, limits, b);
  return b.root as XmlElement;
}

// ---------------------------------------------------------------------------------------------
// Writer primitives

/**
 * Escapes text content: & < > always; also CR as &#13; so that a reader's line-end
 * normalisation gives the same string back.
 */
const textSpecial = /[&<>\r]/;
const attrSpecial = /[&<>"\t\n\r]/;

export function escapeXmlText(s: string): string {
  // Most values need no escaping; a native scan says so faster than a character loop.
  return textSpecial.test(s) ? escape(s, false) : s;
}

/**
 * Escapes an attribute value (for double quotes): & < > " always; also TAB, LF and CR as
 * character references, since a reader turns literal ones into spaces.
 */
export function escapeXmlAttr(s: string): string {
  return attrSpecial.test(s) ? escape(s, true) : s;
}

function escape(s: string, attr: boolean): string {
  const n = s.length;
  let out = '';
  let last = 0;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c > GT) continue;
    let r: string;
    if (c === AMP) r = '&amp;';
    else if (c === LT) r = '&lt;';
    else if (c === GT) r = '&gt;';
    else if (c === CR) r = '&#13;';
    else if (!attr) continue;
    else if (c === QUOT) r = '&quot;';
    else if (c === LF) r = '&#10;';
    else if (c === TAB) r = '&#9;';
    else continue;
    out += s.slice(last, i) + r;
    last = i + 1;
  }
  return last === 0 ? s : out + s.slice(last);
}
