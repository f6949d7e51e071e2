// Small HTTP helpers for the service tests: bodies in the three input formats built by hand
// (XML, JSON, form with bracket notation), an XML reader that is not the service's own codec
// (fast-xml-parser), raw socket requests for what fetch hides (Connection: close, exact bytes),
// multipart/mixed batch bodies written line by line, and the crmgen admin CLI.
//
// Every response that goes through `Client.send` is checked for the rules that hold for all
// answers: a Content-Length equal to the body's byte length, no 500 unless a test says so,
// and no stack trace or source path in the body.
import { spawnSync } from 'node:child_process';
import { expect } from 'vitest';
import { request } from 'node:http';
import { connect } from 'node:net';
import { XMLParser } from 'fast-xml-parser';
import { cli, root } from './paths.ts';
import { basic } from './server.ts';

export type Format = 'xml' | 'json' | 'form';
export const formats: Format[] = ['xml', 'json', 'form'];

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Plain data -> XML elements: objects nest, arrays repeat the element, scalars are text. */
export function toXml(value: unknown, name = 'request'): string {
  if (Array.isArray(value)) return value.map((v) => toXml(v, name)).join('');
  if (value !== null && typeof value === 'object') {
    return `<${name}>${Object.entries(value)
      .map(([k, v]) => toXml(v, k))
      .join('')}</${name}>`;
  }
  return `<${name}>${escapeXml(String(value ?? ''))}</${name}>`;
}

/** Plain data -> application/x-www-form-urlencoded with bracket notation (a[b][]=1, a[b][0][c]=2). */
export function toForm(value: Record<string, unknown>): string {
  const pairs: [string, string][] = [];
  const walk = (key: string, v: unknown) => {
    if (Array.isArray(v))
      v.forEach((e, i) => walk(e !== null && typeof e === 'object' ? `${key}[${i}]` : `${key}[]`, e));
    else if (v !== null && typeof v === 'object')
      for (const [k, e] of Object.entries(v)) walk(key ? `${key}[${k}]` : k, e);
    else pairs.push([key, String(v ?? '')]);
  };
  walk('', value);
  return new URLSearchParams(pairs).toString();
}

export const contentTypes: Record<Format, string> = {
  xml: 'application/xml',
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
};

export function encodeBody(fmt: Format, value: Record<string, unknown>): string {
  return fmt === 'xml' ? toXml(value) : fmt === 'json' ? JSON.stringify(value) : toForm(value);
}

const repeated = new Set(['category', 'relatedto', 'field', 'user', 'group', 'option']);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  trimValues: false,
  isArray: (name) => repeated.has(name),
});

/** The children of <response>, every value as text; category, relatedto, field, user, group and option as arrays. */
export function readXml(text: string): any {
  expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  const doc = parser.parse(text) as { response?: unknown };
  expect(doc.response).toBeDefined();
  return doc.response;
}

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** The body as JSON (Accept: application/json) or XML read by readXml. */
  body: any;
}

export interface SendOptions {
  /** Input format of `body`; default json. A string body is sent as is. */
  fmt?: Format;
  body?: Record<string, unknown> | string;
  contentType?: string;
  /** Output format; default json. */
  accept?: 'xml' | 'json' | string;
  /** Authorization header; null sends none. Default: the client's user. */
  auth?: string | null;
  headers?: Record<string, string>;
  /** Allow a 500 (never expected; tests leave it unset). */
  allow500?: boolean;
}

const stackTrace = /\n\s+at\s|node:internal|\.ts:\d+|\.js:\d+|Error:\s/;

export class Client {
  constructor(
    readonly base: string,
    readonly user: [string, string],
  ) {}

  get auth(): string {
    return basic(...this.user);
  }

  async send(method: string, path: string, opts: SendOptions = {}): Promise<Reply> {
    const headers: Record<string, string> = { ...opts.headers };
    const auth = opts.auth === undefined ? this.auth : opts.auth;
    if (auth) headers.authorization = auth;
    const accept = opts.accept ?? 'json';
    headers.accept = accept === 'json' ? 'application/json' : accept === 'xml' ? 'application/xml' : accept;
    let body: string | undefined;
    if (opts.body !== undefined) {
      const fmt = opts.fmt ?? 'json';
      body = typeof opts.body === 'string' ? opts.body : encodeBody(fmt, opts.body);
      headers['content-type'] = opts.contentType ?? contentTypes[fmt];
    } else if (opts.contentType) headers['content-type'] = opts.contentType;
    const res = await httpRequest(this.base + path, method, headers, body);
    const bytes = res.body;
    const text = new TextDecoder().decode(bytes);
    // Rules of every answer.
    expect(res.headers.get('content-length'), `${method} ${path}: Content-Length`).toBe(String(bytes.byteLength));
    if (!opts.allow500) expect(res.status, `${method} ${path}: ${text}`).toBeLessThan(500);
    expect(text, `${method} ${path}: no stack trace or source path`).not.toMatch(stackTrace);
    const type = res.headers.get('content-type') ?? '';
    let parsed: unknown;
    if (type.startsWith('application/json')) parsed = JSON.parse(text);
    else if (type.startsWith('application/xml')) parsed = readXml(text);
    return { status: res.status, headers: res.headers, text, body: parsed };
  }

  get(path: string, opts?: SendOptions) {
    return this.send('GET', path, opts);
  }
  post(path: string, body: Record<string, unknown> | string, opts?: SendOptions) {
    return this.send('POST', path, { ...opts, body });
  }
  put(path: string, body: Record<string, unknown> | string, opts?: SendOptions) {
    return this.send('PUT', path, { ...opts, body });
  }
  delete(path: string, opts?: SendOptions) {
    return this.send('DELETE', path, opts);
  }

  /** Creates a record (JSON) and returns its id. */
  async create(kind: string, fields: Record<string, unknown>): Promise<number> {
    const r = await this.post(`/${kind}/`, fields);
    expect(r.status, r.text).toBe(201);
    return r.body.item.id as number;
  }

  /** Show as JSON; the whole response body. */
  async show(kind: string, id: number): Promise<any> {
    const r = await this.get(`/${kind}/${id}/`);
    expect(r.status, r.text).toBe(200);
    return r.body;
  }

  /** List as JSON: the ids of the page in order, and count. */
  async list(kind: string, query = '', opts?: SendOptions): Promise<{ ids: number[]; count: number; body: any }> {
    const r = await this.get(`/${kind}/${query ? `?${query}` : ''}`, opts);
    expect(r.status, r.text).toBe(200);
    const ids = Object.keys(r.body)
      .filter((k) => /^id\d+$/.test(k))
      .map((k) => r.body[k].id as number);
    return { ids, count: r.body.count as number, body: r.body };
  }

  /** Creates an activity (JSON) and returns its id. */
  async activity(segment: string, parent: number, data: Record<string, unknown>): Promise<number> {
    const r = await this.post(`/contacts/${segment}/`, { parent, data });
    expect(r.status, r.text).toBe(200);
    return r.body.id as number;
  }
}

/**
 * One request through node:http (fetch refuses a GET with a body, which list parameters may use).
 * Bounded by a timeout; the body is read to the end.
 */
export function httpRequest(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string | Uint8Array,
): Promise<{ status: number; headers: Headers; body: Uint8Array }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        timeout: 15_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const h = new Headers();
          for (const [k, v] of Object.entries(res.headers))
            if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(', ') : v);
          resolve({ status: res.statusCode ?? 0, headers: h, body: new Uint8Array(Buffer.concat(chunks)) });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${url}: timed out`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** Expects the error envelope with `key` (JSON output) and the given status. */
export function expectError(r: Reply, status: number, key: string): void {
  expect(r.status, r.text).toBe(status);
  expect(r.body.status).toBe('failed');
  expect(Object.keys(r.body.errors)).toContain(key);
}

/**
 * Writes raw bytes to the server on one socket and collects everything it sends back until it
 * closes the connection or `idleMs` pass without data. `closed` tells which happened.
 */
export function rawHttp(
  base: string,
  request: string | Uint8Array,
  idleMs = 500,
): Promise<{ text: string; closed: boolean }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    let text = '';
    let timer = setTimeout(() => done(false), idleMs);
    const done = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, closed });
    };
    socket.on('data', (d) => {
      text += d.toString('latin1');
      clearTimeout(timer);
      timer = setTimeout(() => done(false), idleMs);
    });
    socket.on('end', () => done(true));
    socket.on('error', reject);
    socket.write(request);
  });
}

/** The responses in a raw HTTP/1.1 byte stream (Content-Length framed). */
export function splitResponses(stream: string): { status: number; headers: Record<string, string>; body: string }[] {
  const out: { status: number; headers: Record<string, string>; body: string }[] = [];
  let rest = stream;
  while (rest.length) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) break;
    const [statusLine, ...lines] = rest.slice(0, end).split('\r\n');
    const headers: Record<string, string> = {};
    for (const l of lines) headers[l.slice(0, l.indexOf(':')).toLowerCase()] = l.slice(l.indexOf(':') + 1).trim();
    const length = Number(headers['content-length']);
    expect(Number.isInteger(length), `Content-Length in ${statusLine}`).toBe(true);
    out.push({ status: Number(statusLine.split(' ')[1]), headers, body: rest.slice(end + 4, end + 4 + length) });
    rest = rest.slice(end + 4 + length);
  }
  return out;
}

export interface BatchPart {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  contentId?: string;
}

/** A multipart/mixed batch body, CRLF throughout (eol lets a test break that rule). */
export function batchBody(
  parts: BatchPart[],
  boundary = 'batch_b0undary',
  eol = '\r\n',
): { contentType: string; body: string } {
  let body = '';
  for (const p of parts) {
    body += `--${boundary}${eol}Content-Type: application/http${eol}Content-Transfer-Encoding: binary${eol}`;
    if (p.contentId) body += `Content-ID: <${p.contentId}>${eol}`;
    body += eol;
    body += `${p.method} ${p.path} HTTP/1.1${eol}`;
    const headers = { ...p.headers };
    if (p.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(p.body));
    for (const [k, v] of Object.entries(headers)) body += `${k}: ${v}${eol}`;
    body += eol;
    if (p.body !== undefined) body += p.body;
    body += eol;
  }
  body += `--${boundary}--${eol}`;
  return { contentType: `multipart/mixed; boundary=${boundary}`, body };
}

export interface NestedResponse {
  contentId: string | undefined;
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Reads a multipart/mixed batch response by hand: each part's Content-ID and nested response. */
export function readBatchResponse(contentType: string | null, body: string): NestedResponse[] {
  const m = /boundary=("?)([^";]+)\1/.exec(contentType ?? '');
  expect(m, `boundary in ${contentType}`).not.toBeNull();
  const boundary = m![2];
  const chunks = body.split(`--${boundary}`);
  expect(chunks.at(-1)!.startsWith('--'), 'closing delimiter').toBe(true);
  return chunks.slice(1, -1).map((chunk) => {
    expect(chunk.startsWith('\r\n')).toBe(true);
    const partEnd = chunk.indexOf('\r\n\r\n');
    const partHeaders: Record<string, string> = {};
    for (const l of chunk.slice(2, partEnd).split('\r\n'))
      partHeaders[l.slice(0, l.indexOf(':')).toLowerCase()] = l.slice(l.indexOf(':') + 1).trim();
    expect(partHeaders['content-type']).toBe('application/http');
    const nested = chunk.slice(partEnd + 4);
    const headEnd = nested.indexOf('\r\n\r\n');
    const [statusLine, ...lines] = nested.slice(0, headEnd).split('\r\n');
    expect(statusLine).toMatch(/^HTTP\/1\.1 \d{3}/);
    const headers: Record<string, string> = {};
    for (const l of lines) headers[l.slice(0, l.indexOf(':')).toLowerCase()] = l.slice(l.indexOf(':') + 1).trim();
    const length = Number(headers['content-length']);
    const rest = nested.slice(headEnd + 4);
    const bodyText = Buffer.from(rest, 'utf8').subarray(0, length).toString('utf8');
    expect(Buffer.byteLength(bodyText), 'nested Content-Length').toBe(length);
    return {
      contentId: partHeaders['content-id']?.replace(/^<|>$/g, ''),
      status: Number(statusLine.split(' ')[1]),
      headers,
      body: bodyText,
    };
  });
}

/** Runs `crmgen ARGS` to the end (admin commands) and returns its output; throws on a non-zero exit. */
export function crmgen(...args: string[]): string {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd: root, encoding: 'utf8', timeout: 30_000 });
  if (r.status !== 0) throw new Error(`crmgen ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return r.stdout;
}
