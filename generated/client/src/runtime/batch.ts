// Part of the crmgen runtime (runtime/batch.ts), copied into this package by crmgen generate. Do not edit.
// The multipart/mixed codec of POST /batch, for both sides: the server parses requests and
// writes responses, the client writes requests and parses responses (document section 4,
// "Batch"). Each part is `application/http` holding one complete nested HTTP message.
//
// Line endings of the whole multipart structure (boundary lines, part headers, request or
// status line, nested headers) must be CRLF; a bare LF or CR there makes the batch invalid.
// Nested bodies are opaque bytes: their length is the nested Content-Length when given, else
// the rest of the part. The parser is for hostile input: it only ever throws BatchError, its
// work is linear in the body size (delimiters are found with a Knuth-Morris-Pratt search),
// and it stops counting parts as soon as there are more than the limit allows.
//
// Runs in browsers too: bytes are Uint8Array, text goes through TextEncoder/TextDecoder.

export interface BatchRequestPart {
  method: string;
  /** As in the request line: starts with '/', may include a query string. */
  path: string;
  /** Lower-case header names. */
  headers: Record<string, string>;
  body: Uint8Array;
  /** The part's Content-ID without its angle brackets. */
  contentId?: string;
}

export interface BatchResponsePart {
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string>;
  body: Uint8Array;
  /**
   * The Content-ID of the request part this response answers, without angle brackets. The
   * wire form is `<response-ID>` (`<response-N>`, N 1-based, when the request had none);
   * parseBatchResponse strips the `response-` prefix again.
   */
  contentId?: string | undefined;
}

export type BatchErrorKey = 'invalidbatch' | 'toomanyparts';

/** A batch body that cannot be accepted; `key` is the error key of the envelope. */
export class BatchError extends Error {
  readonly key: BatchErrorKey;
  constructor(key: BatchErrorKey, message: string) {
    super(message);
    this.name = 'BatchError';
    this.key = key;
  }
}

export interface BatchLimits {
  maxParts: number;
}

export const BATCH_METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'DELETE'];
const PART_CONTENT_TYPE = 'application/http';
const HTTP_VERSION = 'HTTP/1.1';
const MAX_BOUNDARY_LENGTH = 70;

const CR = 0x0d;
const LF = 0x0a;
const SP = 0x20;
const HT = 0x09;
const DASH = 0x2d;

// Pure: a bundler may drop them when nothing that reads them is kept.
const encoder = /* @__PURE__ */ new TextEncoder();
const decoder = /* @__PURE__ */ new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

// ---------------------------------------------------------------------------------------------
// Content-Type

/**
 * The boundary parameter of a `multipart/mixed` Content-Type (quoted or not); undefined when
 * the type is not multipart/mixed, the parameters are malformed, or the boundary is absent or
 * empty.
 */
export function boundaryOf(contentType: string | undefined): string | undefined {
  if (typeof contentType !== 'string') return undefined;
  const s = contentType;
  const semi = s.indexOf(';');
  const media = (semi < 0 ? s : s.slice(0, semi)).trim().toLowerCase();
  if (media !== 'multipart/mixed' || semi < 0) return undefined;
  let i = semi;
  const n = s.length;
  const isOws = (c: string) => c === ' ' || c === '\t';
  while (i < n) {
    // At a ';' that starts a parameter.
    if (s[i] !== ';') return undefined;
    i++;
    while (i < n && isOws(s[i]!)) i++;
    if (i >= n) break;
    if (s[i] === ';') continue;
    const nameStart = i;
    while (i < n && s[i] !== '=' && s[i] !== ';') i++;
    const name = s.slice(nameStart, i).trim().toLowerCase();
    if (i >= n || s[i] !== '=') return undefined;
    i++;
    while (i < n && isOws(s[i]!)) i++;
    let value = '';
    if (s[i] === '"') {
      i++;
      let closed = false;
      while (i < n) {
        const c = s[i]!;
        if (c === '\\' && i + 1 < n) {
          value += s[i + 1];
          i += 2;
        } else if (c === '"') {
          i++;
          closed = true;
          break;
        } else {
          value += c;
          i++;
        }
      }
      if (!closed) return undefined;
      while (i < n && isOws(s[i]!)) i++;
    } else {
      const valueStart = i;
      while (i < n && s[i] !== ';') i++;
      value = s.slice(valueStart, i).trim();
      if (/[\s"]/.test(value)) return undefined;
    }
    if (name === 'boundary') return value === '' ? undefined : value;
  }
  return undefined;
}

/** `multipart/mixed; boundary=...`, quoting the boundary when it is not a token. */
function multipartContentType(boundary: string): string {
  return /^[A-Za-z0-9'+_\-.]+$/.test(boundary)
    ? `multipart/mixed; boundary=${boundary}`
    : `multipart/mixed; boundary="${boundary}"`;
}

/** Why a boundary is unusable, or undefined when it is fine (RFC 2046: 1-70 characters). */
function boundaryProblem(boundary: string): string | undefined {
  if (boundary.length === 0) return 'the boundary is empty';
  if (boundary.length > MAX_BOUNDARY_LENGTH) return `the boundary is longer than ${MAX_BOUNDARY_LENGTH} characters`;
  if (!/^[\x20-\x7e]+$/.test(boundary)) return 'the boundary contains characters other than printable ASCII';
  if (boundary.endsWith(' ')) return 'the boundary ends with a space';
  if (boundary.includes('"') || boundary.includes('\\')) return 'the boundary contains a quote or backslash';
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Parsing

export function parseBatchRequest(
  body: Uint8Array,
  contentType: string | undefined,
  limits: BatchLimits,
): BatchRequestPart[] {
  const parts = splitParts(body, contentType, limits.maxParts);
  return parts.map((p, i) => parseRequestPart(body, p, i + 1));
}

export function parseBatchResponse(body: Uint8Array, contentType: string | undefined): BatchResponsePart[] {
  const parts = splitParts(body, contentType, Infinity);
  return parts.map((p, i) => parseResponsePart(body, p, i + 1));
}

interface PartRange {
  start: number;
  end: number;
}

function invalid(message: string): BatchError {
  return new BatchError('invalidbatch', message);
}

/** Failure-function of KMP for `pattern`. */
function kmpTable(pattern: Uint8Array): Int32Array {
  const table = new Int32Array(pattern.length);
  let k = 0;
  for (let i = 1; i < pattern.length; i++) {
    while (k > 0 && pattern[i] !== pattern[k]) k = table[k - 1]!;
    if (pattern[i] === pattern[k]) k++;
    table[i] = k;
  }
  return table;
}

/** A linear-time searcher for `pattern` (never backs up in the haystack). */
function searcher(pattern: Uint8Array): (hay: Uint8Array, from: number) => number {
  const table = kmpTable(pattern);
  const m = pattern.length;
  return (hay, from) => {
    let k = 0;
    for (let i = from; i < hay.length; i++) {
      const c = hay[i];
      while (k > 0 && c !== pattern[k]) k = table[k - 1]!;
      if (c === pattern[k]) k++;
      if (k === m) return i - m + 1;
    }
    return -1;
  };
}

type DelimiterKind = { kind: 'open'; contentStart: number } | { kind: 'close' } | { kind: 'none' };

/**
 * What follows `--boundary` at `at` (the first byte after it): `--` closes, optional spaces or
 * tabs then CRLF open a part; anything else means it is not a delimiter line at all. A bare LF
 * or CR ending the line, or the body ending inside it, is an error.
 */
function delimiterAt(body: Uint8Array, at: number, lineNo: number, offset: number): DelimiterKind {
  if (body[at] === DASH && body[at + 1] === DASH) return { kind: 'close' };
  let j = at;
  while (j < body.length && (body[j] === SP || body[j] === HT)) j++;
  if (j >= body.length) {
    throw invalid(
      `boundary line ${lineNo} (byte ${offset}) is not terminated: the body ends before its CRLF and the closing delimiter is missing`,
    );
  }
  if (body[j] === CR) {
    if (body[j + 1] === LF) return { kind: 'open', contentStart: j + 2 };
    throw invalid(`boundary line ${lineNo} (byte ${offset}) ends with a bare CR; line endings must be CRLF`);
  }
  if (body[j] === LF) {
    throw invalid(`boundary line ${lineNo} (byte ${offset}) ends with a bare LF; line endings must be CRLF`);
  }
  return { kind: 'none' };
}

/**
 * Finds the parts between the boundary lines. Throws toomanyparts as soon as part maxParts+1
 * opens, before looking any further.
 */
function splitParts(body: Uint8Array, contentType: string | undefined, maxParts: number): PartRange[] {
  if (!(body instanceof Uint8Array)) throw invalid('the batch body is not bytes');
  const boundary = boundaryOf(contentType);
  if (boundary === undefined) {
    throw invalid(
      `the Content-Type must be multipart/mixed with a boundary parameter (got ${describeValue(contentType)})`,
    );
  }
  const problem = boundaryProblem(boundary);
  if (problem) throw invalid(`${problem} (Content-Type ${describeValue(contentType)})`);

  const dashBoundary = encoder.encode(`--${boundary}`);
  const lfDashBoundary = encoder.encode(`\n--${boundary}`);
  const find = searcher(lfDashBoundary);
  const parts: PartRange[] = [];

  // The first boundary line: at the very start, or at the start of a line of the preamble.
  let lineNo = 1;
  let delimiter: DelimiterKind = { kind: 'none' };
  let delimiterStart = -1;
  if (startsWith(body, 0, dashBoundary)) {
    delimiter = delimiterAt(body, dashBoundary.length, lineNo, 0);
    if (delimiter.kind !== 'none') delimiterStart = 0;
  }
  let from = 0;
  while (delimiterStart < 0) {
    const lf = find(body, from);
    if (lf < 0) throw invalid(`no boundary line "--${boundary}" found: the batch has no parts`);
    delimiter = delimiterAt(body, lf + lfDashBoundary.length, lineNo, lf + 1);
    if (delimiter.kind !== 'none') {
      if (body[lf - 1] !== CR) {
        throw invalid(
          `the line before boundary line ${lineNo} (byte ${lf + 1}) ends with a bare LF; line endings must be CRLF`,
        );
      }
      delimiterStart = lf + 1;
    }
    from = lf + 1;
  }

  for (;;) {
    if (delimiter.kind === 'close') {
      if (parts.length === 0)
        throw invalid(`the batch has no parts: its first boundary line is the closing delimiter "--${boundary}--"`);
      return parts;
    }
    if (delimiter.kind !== 'open') throw invalid('internal: expected a boundary line');
    const partNo = parts.length + 1;
    if (partNo > maxParts) {
      throw new BatchError(
        'toomanyparts',
        `the batch has more than ${maxParts} parts (the limit is ${maxParts} requests per batch)`,
      );
    }
    const start = delimiter.contentStart;
    lineNo++;
    // The next boundary line ends this part; "--boundary" lines that continue otherwise are content.
    let searchFrom = start > 0 ? start - 1 : 0;
    for (;;) {
      const lf = find(body, searchFrom);
      if (lf < 0) {
        throw invalid(
          `part ${partNo} (starting at byte ${start}) is not terminated: the closing delimiter "--${boundary}--" is missing`,
        );
      }
      if (lf < start) {
        // The LF ending the previous boundary line itself, with "--boundary" right after it.
        searchFrom = lf + 1;
        if (delimiterAt(body, lf + lfDashBoundary.length, lineNo, lf + 1).kind !== 'none') {
          throw invalid(
            `part ${partNo} (byte ${start}) is empty: a boundary line follows directly, without part headers or an HTTP message`,
          );
        }
        continue;
      }
      const next = delimiterAt(body, lf + lfDashBoundary.length, lineNo, lf + 1);
      if (next.kind === 'none') {
        searchFrom = lf + 1;
        continue;
      }
      if (lf === start || body[lf - 1] !== CR) {
        throw invalid(
          `part ${partNo}: the line before boundary line ${lineNo} (byte ${lf + 1}) ends with a bare LF; line endings must be CRLF`,
        );
      }
      parts.push({ start, end: lf - 1 });
      delimiter = next;
      break;
    }
  }
}

function startsWith(body: Uint8Array, at: number, prefix: Uint8Array): boolean {
  if (at + prefix.length > body.length) return false;
  for (let i = 0; i < prefix.length; i++) if (body[at + i] !== prefix[i]) return false;
  return true;
}

/**
 * A reader of CRLF-terminated lines inside one part; the part's end also ends a line (the CRLF
 * before a boundary line belongs to the boundary). Lines are numbered per section.
 */
class LineReader {
  private readonly body: Uint8Array;
  readonly end: number;
  /** "part N", for messages. */
  readonly where: string;
  pos: number;
  lineNo = 0;
  section = '';
  constructor(body: Uint8Array, start: number, end: number, where: string) {
    this.body = body;
    this.pos = start;
    this.end = end;
    this.where = where;
  }

  get atEnd(): boolean {
    return this.pos >= this.end;
  }

  /** Starts numbering lines again, for the named section ("part headers", "HTTP request"). */
  begin(section: string): void {
    this.section = section;
    this.lineNo = 0;
  }

  /** Where the current line is, for messages. */
  here(): string {
    return `${this.where}: line ${this.lineNo} of the ${this.section}`;
  }

  /** The next line without its CRLF, decoded; undefined at the end of the part. */
  next(): string | undefined {
    if (this.pos >= this.end) return undefined;
    const { body } = this;
    const lineStart = this.pos;
    this.lineNo++;
    let i = lineStart;
    while (i < this.end && body[i] !== LF && body[i] !== CR) i++;
    if (i >= this.end) {
      this.pos = this.end;
    } else if (body[i] === CR && i + 1 < this.end && body[i + 1] === LF) {
      this.pos = i + 2;
    } else {
      const what = body[i] === LF ? 'ends with a bare LF' : 'contains a bare CR';
      throw invalid(`${this.here()} (byte ${i}) ${what}; line endings must be CRLF`);
    }
    return decoder.decode(body.subarray(lineStart, i));
  }
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// Field values: visible characters, spaces, tabs and obs-text (decoded), no other controls.
const FIELD_VALUE = /^[^\x00-\x08\x0a-\x1f\x7f]*$/;

/** Without leading and trailing spaces and tabs (linear, unlike a regular expression with $). */
function trimOws(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && (s[a] === ' ' || s[a] === '\t')) a++;
  while (b > a && (s[b - 1] === ' ' || s[b - 1] === '\t')) b--;
  return s.slice(a, b);
}

function setHeader(headers: Record<string, string>, name: string, value: string): void {
  if (Object.hasOwn(headers, name)) value = `${headers[name]}, ${value}`;
  Object.defineProperty(headers, name, { value, enumerable: true, writable: true, configurable: true });
}

/** Header lines up to the blank line (or the end of the part). */
function readHeaders(lines: LineReader): Record<string, string> {
  const headers: Record<string, string> = {};
  for (;;) {
    const line = lines.next();
    if (line === undefined || line === '') return headers;
    const where = lines.here();
    if (line[0] === ' ' || line[0] === '\t') {
      throw invalid(`${where} starts with whitespace (folded header lines are not allowed): ${quote(line)}`);
    }
    const colon = line.indexOf(':');
    if (colon < 0) throw invalid(`${where} is not a header ("Name: value"): ${quote(line)}`);
    const name = line.slice(0, colon);
    if (!TOKEN.test(name)) throw invalid(`${where} has an invalid header name ${quote(name)}`);
    const value = trimOws(line.slice(colon + 1));
    if (!FIELD_VALUE.test(value)) throw invalid(`${where} has control characters in the value of ${name}`);
    setHeader(headers, name.toLowerCase(), value);
  }
}

interface PartEnvelope {
  contentId?: string;
  /** The nested HTTP message. */
  lines: LineReader;
  where: string;
}

/** The MIME headers of a part: application/http, binary, Content-ID. */
function readPartEnvelope(body: Uint8Array, range: PartRange, partNo: number): PartEnvelope {
  const where = `part ${partNo}`;
  const lines = new LineReader(body, range.start, range.end, where);
  lines.begin('part headers');
  const mime = readHeaders(lines);
  const type = mime['content-type'];
  if (type === undefined) throw invalid(`${where} has no Content-Type; expected ${PART_CONTENT_TYPE}`);
  const media = type.split(';')[0]!.trim().toLowerCase();
  if (media !== PART_CONTENT_TYPE) {
    throw invalid(`${where} has Content-Type ${quote(type)}; expected ${PART_CONTENT_TYPE}`);
  }
  const cte = mime['content-transfer-encoding'];
  if (cte !== undefined && !['binary', '8bit', '7bit'].includes(cte.trim().toLowerCase())) {
    throw invalid(`${where} has Content-Transfer-Encoding ${quote(cte)}; only binary is supported`);
  }
  if (lines.atEnd) throw invalid(`${where} contains no HTTP message after its headers`);
  const rawId = mime['content-id'];
  const envelope: PartEnvelope = { lines, where };
  if (rawId !== undefined) envelope.contentId = unbracket(rawId);
  return envelope;
}

/** The nested body: Content-Length bytes when given (followed by nothing but CRLFs), else the rest. */
function readBody(body: Uint8Array, lines: LineReader, headers: Record<string, string>, where: string): Uint8Array {
  const start = lines.pos;
  const available = lines.end - start;
  const declared = headers['content-length'];
  if (declared === undefined) return body.slice(start, lines.end);
  if (!/^[0-9]{1,15}$/.test(declared)) throw invalid(`${where}: invalid Content-Length ${quote(declared)}`);
  const length = Number(declared);
  if (length > available) {
    throw invalid(`${where}: Content-Length ${length} exceeds the ${available} bytes of body in the part`);
  }
  for (let i = start + length; i < lines.end; i += 2) {
    if (body[i] !== CR || body[i + 1] !== LF || i + 1 >= lines.end) {
      throw invalid(`${where}: ${available - length} bytes follow the body's Content-Length of ${length}`);
    }
  }
  return body.slice(start, start + length);
}

function parseRequestPart(body: Uint8Array, range: PartRange, partNo: number): BatchRequestPart {
  const { lines, where, contentId } = readPartEnvelope(body, range, partNo);
  lines.begin('HTTP request');
  const requestLine = lines.next()!;
  const fields = requestLine.split(' ');
  if (fields.length !== 3) {
    throw invalid(`${where}: malformed request line ${quote(requestLine)}; expected "<METHOD> <path> ${HTTP_VERSION}"`);
  }
  const [method, path, version] = fields as [string, string, string];
  if (!BATCH_METHODS.includes(method)) {
    throw invalid(
      `${where}: malformed request line ${quote(requestLine)}: method must be one of ${BATCH_METHODS.join(', ')}`,
    );
  }
  if (!path.startsWith('/')) {
    throw invalid(`${where}: malformed request line ${quote(requestLine)}: the path must start with "/"`);
  }
  if (/[\x00-\x20\x7f]/.test(path)) {
    throw invalid(`${where}: malformed request line ${quote(requestLine)}: the path contains control characters`);
  }
  if (version !== HTTP_VERSION) {
    throw invalid(`${where}: malformed request line ${quote(requestLine)}: the version must be ${HTTP_VERSION}`);
  }
  const headers = readHeaders(lines);
  const part: BatchRequestPart = { method, path, headers, body: readBody(body, lines, headers, where) };
  if (contentId !== undefined) part.contentId = contentId;
  return part;
}

function parseResponsePart(body: Uint8Array, range: PartRange, partNo: number): BatchResponsePart {
  const { lines, where, contentId } = readPartEnvelope(body, range, partNo);
  lines.begin('HTTP response');
  const statusLine = lines.next()!;
  const m = /^HTTP\/1\.1 ([1-5][0-9][0-9])(?: [^\x00-\x08\x0a-\x1f\x7f]*)?$/.exec(statusLine);
  if (!m)
    throw invalid(`${where}: malformed status line ${quote(statusLine)}; expected "${HTTP_VERSION} <code> <text>"`);
  const headers = readHeaders(lines);
  const part: BatchResponsePart = { status: Number(m[1]), headers, body: readBody(body, lines, headers, where) };
  if (contentId !== undefined)
    part.contentId = contentId.startsWith('response-') ? contentId.slice('response-'.length) : contentId;
  return part;
}

function unbracket(id: string): string {
  return id.length >= 2 && id.startsWith('<') && id.endsWith('>') ? id.slice(1, -1) : id;
}

/** A short, printable rendering of untrusted text for messages. */
function quote(text: string): string {
  const shown = text.length > 80 ? `${text.slice(0, 80)}…` : text;
  return JSON.stringify(shown);
}

function describeValue(v: string | undefined): string {
  return v === undefined ? 'none' : quote(v);
}

// ---------------------------------------------------------------------------------------------
// Serialization

/**
 * The multipart body of a batch request. Each part gets Content-Type application/http,
 * Content-Transfer-Encoding binary and, when given, Content-ID `<id>`; the nested request gets
 * Content-Length from its body when the body is not empty. Throws TypeError for parts that
 * cannot be written (unknown method, a path or header with line breaks, a boundary in a body).
 */
export function serializeBatchRequest(
  parts: BatchRequestPart[],
  boundary?: string,
): { contentType: string; body: Uint8Array } {
  const b = chooseBoundary(parts, boundary);
  const chunks: Uint8Array[] = [];
  parts.forEach((part, i) => {
    const where = `batch request part ${i + 1}`;
    if (!BATCH_METHODS.includes(part.method))
      throw new TypeError(`${where}: method must be one of ${BATCH_METHODS.join(', ')}`);
    if (!part.path.startsWith('/') || /[\x00-\x20\x7f]/.test(part.path)) {
      throw new TypeError(`${where}: the path must start with "/" and contain no spaces or control characters`);
    }
    const headers = headerLines(
      part.headers,
      where,
      part.body.length > 0 || hasHeader(part.headers, 'content-length') ? part.body.length : undefined,
    );
    let head = `--${b}\r\n${partEnvelope(part.contentId, where)}\r\n`;
    head += `${part.method} ${part.path} ${HTTP_VERSION}\r\n${headers}\r\n`;
    chunks.push(encoder.encode(head), part.body, encoder.encode('\r\n'));
  });
  chunks.push(encoder.encode(`--${b}--\r\n`));
  return { contentType: multipartContentType(b), body: concat(chunks) };
}

/**
 * The multipart body of a batch response: parts in the given order, each with Content-ID
 * `<response-ID>` (`<response-N>`, 1-based, when the part has no contentId) and a nested
 * `HTTP/1.1 <code> <text>` response whose Content-Length is always set from its body.
 */
export function serializeBatchResponse(
  parts: BatchResponsePart[],
  boundary?: string,
): { contentType: string; body: Uint8Array } {
  const b = chooseBoundary(parts, boundary);
  const chunks: Uint8Array[] = [];
  parts.forEach((part, i) => {
    const where = `batch response part ${i + 1}`;
    if (!Number.isInteger(part.status) || part.status < 100 || part.status > 599) {
      throw new TypeError(`${where}: status must be an integer from 100 to 599`);
    }
    const id = `response-${part.contentId ?? String(i + 1)}`;
    const text = statusText(part.status);
    let head = `--${b}\r\n${partEnvelope(id, where)}\r\n`;
    head += `${HTTP_VERSION} ${part.status} ${text}\r\n${headerLines(part.headers, where, part.body.length)}\r\n`;
    chunks.push(encoder.encode(head), part.body, encoder.encode('\r\n'));
  });
  chunks.push(encoder.encode(`--${b}--\r\n`));
  return { contentType: multipartContentType(b), body: concat(chunks) };
}

function partEnvelope(contentId: string | undefined, where: string): string {
  let s = `Content-Type: ${PART_CONTENT_TYPE}\r\nContent-Transfer-Encoding: binary\r\n`;
  if (contentId !== undefined) {
    const id = unbracket(contentId);
    if (!/^[\x21-\x7e]*$/.test(id) || id.includes('<') || id.includes('>')) {
      throw new TypeError(`${where}: Content-ID must be printable ASCII without spaces or angle brackets`);
    }
    s += `Content-ID: <${id}>\r\n`;
  }
  return s;
}

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((k) => k.toLowerCase() === name);
}

/**
 * Header lines: Content-Type first, then Content-Length (replaced by `contentLength` when
 * given), Location, then the rest in their order.
 */
function headerLines(headers: Record<string, string>, where: string, contentLength: number | undefined): string {
  const first = ['content-type', 'content-length', 'location'];
  const entries = Object.entries(headers).filter(([k]) => k.toLowerCase() !== 'content-length');
  if (contentLength !== undefined) entries.push(['content-length', String(contentLength)]);
  entries.sort(([a], [b]) => rank(a) - rank(b));
  function rank(name: string): number {
    const r = first.indexOf(name.toLowerCase());
    return r < 0 ? first.length : r;
  }
  let s = '';
  for (const [name, value] of entries) {
    if (!TOKEN.test(name)) throw new TypeError(`${where}: invalid header name ${quote(name)}`);
    const v = String(value);
    if (!FIELD_VALUE.test(v))
      throw new TypeError(`${where}: the value of header ${name} contains line breaks or control characters`);
    s += `${canonicalName(name)}: ${trimOws(v)}\r\n`;
  }
  return s;
}

function canonicalName(name: string): string {
  return name
    .toLowerCase()
    .split('-')
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join('-');
}

function chooseBoundary(parts: readonly { body: Uint8Array }[], given: string | undefined): string {
  if (given !== undefined) {
    const problem = boundaryProblem(given);
    if (problem) throw new TypeError(`unusable batch boundary: ${problem}`);
    const clash = parts.findIndex((p) => contains(p.body, encoder.encode(`--${given}`)));
    if (clash >= 0) throw new TypeError(`the boundary "${given}" occurs in the body of part ${clash + 1}`);
    return given;
  }
  for (let attempt = 0; attempt < 16; attempt++) {
    const random = new Uint8Array(16);
    globalThis.crypto.getRandomValues(random);
    const candidate = `batch_${Array.from(random, (x) => x.toString(16).padStart(2, '0')).join('')}`;
    const delimiter = encoder.encode(`--${candidate}`);
    if (!parts.some((p) => contains(p.body, delimiter))) return candidate;
  }
  throw new Error('could not find a batch boundary that occurs in no body');
}

function contains(hay: Uint8Array, needle: Uint8Array): boolean {
  return searcher(needle)(hay, 0) >= 0;
}

function concat(chunks: Uint8Array[]): Uint8Array {
  let total = 0;
  for (const c of chunks) total += c.length;
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

const STATUS_TEXT: Record<number, string> = {
  100: 'Continue',
  101: 'Switching Protocols',
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  203: 'Non-Authoritative Information',
  204: 'No Content',
  205: 'Reset Content',
  206: 'Partial Content',
  300: 'Multiple Choices',
  301: 'Moved Permanently',
  302: 'Found',
  303: 'See Other',
  304: 'Not Modified',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  411: 'Length Required',
  412: 'Precondition Failed',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  417: 'Expectation Failed',
  422: 'Unprocessable Content',
  426: 'Upgrade Required',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  505: 'HTTP Version Not Supported',
  507: 'Insufficient Storage',
};

/** The reason phrase for a status line ('Created' for 201); '' for codes without one. */
export function statusText(code: number): string {
  return Object.hasOwn(STATUS_TEXT, code) ? STATUS_TEXT[code]! : '';
}
