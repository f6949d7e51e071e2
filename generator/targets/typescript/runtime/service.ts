// The request pipeline of a service built on the generated stubs: one path for every
// request, direct or nested in a batch. Framework-neutral: dispatch(request) -> response on
// plain objects; runtime/node-http.ts adapts it to node:http. What it needs to know about
// the API (routes, message targets, error keys, content types) comes in a ServiceDefinition
// that generated/server builds from the spec. The one exception is PipelineErrorKey: the keys
// this pipeline answers with itself, which the generated definition must hold (tsc checks it).
import { BatchError, parseBatchRequest, serializeBatchResponse, type BatchResponsePart } from './batch.ts';
import { CodecError, formToNested, type DecodeIssue } from './codec.ts';
import { MalformedForm, UploadTooLarge, parseMultipartForm, type UploadedFile } from './form-data.ts';
import { describeNonXmlChar, findNonXmlChar } from './xml.ts';

export interface ServiceRequest {
  method: string;
  /** Path and query string, as on the request line. */
  url: string;
  /** Lower-case header names. */
  headers: Record<string, string | undefined>;
  body: Uint8Array;
  /** The client's network address (the HTTP shell fills it in); keys the failed-login throttle. */
  remoteAddress?: string | undefined;
  /** Set when the HTTP shell already let the request in from its head (Dispatch.admit). */
  admission?: Admission | undefined;
}

/** What a request is before its body is read. */
export type RequestHead = Omit<ServiceRequest, 'body' | 'admission'>;

/** A request authenticated and counted from its head; good for one dispatch. */
export interface Admission {
  readonly admitted: true;
}

export interface Dispatch {
  (request: ServiceRequest): Promise<ServiceResponse>;
  /**
   * Authenticates the caller and counts the call from the head alone, so that the HTTP shell can
   * answer a refusal (401, 429) without reading the body: strangers cannot make the service
   * buffer megabytes. An admitted request is dispatched with `admission` set.
   */
  admit(head: RequestHead): Promise<{ refused: ServiceResponse } | { admission: Admission }>;
}

export interface ServiceResponse {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
}

/** K: the error keys of the spec (the generated ErrorKey). */
export interface ErrorEntry<K extends string = string> {
  key: K;
  message: string;
  path?: string;
}

/**
 * Keys the pipeline answers with on its own (routing, content types, batches, authentication,
 * quota, faults). The spec must define each: ServiceDefinition.errors is typed to hold them.
 */
export type PipelineErrorKey =
  | 'unknownpath'
  | 'methodnotallowed'
  | 'unsupportedmediatype'
  | 'malformedrequest'
  | 'incorrectfield'
  | 'invalidvalue'
  | 'invalidcharacter'
  | 'requesttoolarge'
  | 'invalidbatch'
  | 'toomanyparts'
  | 'partauthorization'
  | 'authenticationfailed'
  | 'toomanyfailedlogins'
  | 'quotaexceeded'
  | 'internalerror';

/** A failure a handler reports: the key of the error envelope and, optionally, a more precise message. */
export class ServiceError<K extends string = string> extends Error {
  readonly errors: ErrorEntry<K>[];
  constructor(key: K, message?: string, path?: string) {
    super(message ?? key);
    this.name = 'ServiceError';
    this.errors = [{ key, message: message ?? '', ...(path ? { path } : {}) }];
  }
  /** Several failures at once; the first names the error. */
  static of<K extends string>(errors: readonly ErrorEntry<K>[]): ServiceError<K> {
    if (!errors[0]) throw new TypeError('ServiceError.of needs at least one error');
    const e = new ServiceError(errors[0].key);
    e.errors.splice(0, 1, ...errors);
    return e;
  }
}

/**
 * ServiceError bound to one spec's keys: generated/server exports ServiceError with this type,
 * so a handler naming a key its spec does not define does not compile. The value is the class
 * above (instanceof holds across both).
 */
export interface ServiceErrorClass<K extends string> {
  new (key: K, message?: string, path?: string): ServiceError<K>;
  of(errors: readonly ErrorEntry<K>[]): ServiceError<K>;
  readonly prototype: ServiceError<K>;
}

export type Format = 'xml' | 'json' | 'form';
export type Scope = 'kind' | 'activity' | 'global';

export interface OperationInfo {
  id: string;
  method: string;
  /** Path template segments: literal text or {kind}, {segment}, {id}, {deliveryId}. */
  path: string[];
  scope: Scope;
  status: number;
  location: boolean;
  upload: boolean;
  multipart: boolean;
  /** Message targets by binding: the kind (scope kind), the segment (scope activity) or '*'. */
  params?: Record<string, string>;
  request?: Record<string, string>;
  response?: Record<string, string>;
  /** Upload fields by segment: sent form-encoded, such a field holds the file's bytes in base64. */
  files?: Record<string, readonly string[]>;
  /** Parameters matched in any case: name -> the values as the spec spells them. */
  anyCase?: Record<string, readonly string[]>;
}

/** What the dispatcher hands to a handler. */
export interface OperationInput {
  kind?: string | undefined;
  segment?: string | undefined;
  id?: number | undefined;
  deliveryId?: number | undefined;
  params?: unknown;
  body?: unknown;
  files?: Record<string, UploadedFile>;
}

/** K: the spec's error keys; they must include the pipeline's own. */
export interface ServiceDefinition<K extends string = string> {
  operations: OperationInfo[];
  kinds: readonly string[];
  segments: readonly string[];
  errors: Record<K | PipelineErrorKey, { status: number; message: string }>;
  contentTypes: { xml: readonly string[]; json: readonly string[]; form: readonly string[]; upload: readonly string[] };
  output: { xml: string; json: string; jsonp: string };
  jsonpParameter: string;
  quotaHeader: string;
  batch: { maxParts: number; contentType: string };
  /** maxDepth: nesting of JSON and form bodies (and XML's), the spec's maxXmlDepth. */
  limits: { maxBodyBytes: number; maxUploadBytes: number; maxDepth: number };
  decode(
    target: string,
    format: Format,
    body: string | Uint8Array | Record<string, unknown>,
  ): { value: unknown; issues: DecodeIssue[] };
  encode(target: string, format: 'xml' | 'json', value: unknown): string;
  encodeError(format: 'xml' | 'json', errors: Record<string, string>): string;
  /** Sets owners' names in an answer's value; false when the message has no owner-valued element. */
  nameOwners?(target: string, value: unknown, name: (id: number) => string | undefined): boolean;
  ownerNamed?(target: string): boolean;
  validate(target: string, value: unknown): ErrorEntry<K>[];
  sanitizeCallback(callback: string): string;
  /** Calls the typed handler of an operation. */
  invoke(operation: string, input: OperationInput, context: unknown): Promise<unknown>;
}

export interface Quota {
  used: number;
  allowed: number;
}

/** Failed-login throttling: consulted before credentials are checked. */
export interface LoginThrottle {
  /**
   * One login attempt from `address` as `email`: retryAfter > 0 (seconds) refuses it unchecked.
   * With 0 the credentials are checked and settle() tells the outcome; only 'failed' counts.
   * (Counting attempts still being checked would refuse a client's honest parallel calls.)
   */
  attempt(
    address: string,
    email: string,
  ): { retryAfter: number; settle(outcome: 'matched' | 'failed' | 'fault'): void };
}

export interface ServiceHooks<C> {
  /** Basic auth: the caller's context, or undefined when the e-mail and token do not match. */
  authenticate(email: string, token: string): Promise<C | undefined>;
  /** Counts n calls against the caller's quota and returns the new state. */
  countCalls?(context: C, n: number): Promise<Quota>;
  /** Seconds until the caller's quota window resets: the Retry-After of a quotaexceeded answer. */
  quotaRetryAfter?(context: C): number;
  /** Unexpected faults (500): logged by the caller, never shown to the client. */
  onFault?(error: unknown, request: ServiceRequest): void;
  /**
   * A fault that is an outage, not a bug (a database that is down, a full disk): the error key to
   * answer it with, and headers (Retry-After). Undefined: a 500, told to onFault.
   */
  outage?(error: unknown): { key: string; message?: string; headers?: Record<string, string> } | undefined;
  /** The display name of each user or group id the caller can see (owner names of answers, spec formats.ownerNames). */
  ownerNames?(context: C): Promise<(id: number) => string | undefined>;
  /** Refuses wrong-credential floods (429 with Retry-After); without it every guess is answered. */
  loginThrottle?: LoginThrottle;
  /** Told of every answered call, a request or a batch part (request logs, metrics). */
  observe?(call: CallRecord<C>): void;
}

/** One answered call, as observe() sees it. */
export interface CallRecord<C> {
  request: ServiceRequest;
  response: ServiceResponse;
  /** The operation's id, once routed. */
  operation?: string | undefined;
  /** The caller, once authenticated. */
  context?: C | undefined;
  /** The quota after this call, when counted. */
  quota?: Quota | undefined;
  /** Error keys of a failed call's envelope. */
  errors: string[];
  /** From the request's arrival at dispatch to its answer. */
  ms: number;
  /** Set for a batch part: the batch request, the part's position (0-based) and Content-ID. */
  batch?: { request: ServiceRequest; index: number; contentId?: string | undefined } | undefined;
}

/** What the pipeline learnt about a call while answering it, for observe(). */
interface Trace<C> {
  operation?: string;
  context?: C;
  quota?: Quota;
}

interface Match {
  op: OperationInfo;
  kind?: string;
  segment?: string;
  id?: number;
  deliveryId?: number;
}

const encoder = new TextEncoder();
// Node's Buffer.from takes small answers from a pool; TextEncoder makes an ArrayBuffer for each.
const NodeBuffer = (globalThis as { Buffer?: { from(text: string, encoding: 'utf8'): Uint8Array } }).Buffer;
const utf8 = NodeBuffer
  ? (text: string): Uint8Array => NodeBuffer.from(text, 'utf8')
  : (text: string): Uint8Array => encoder.encode(text);
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * ServiceDefinition.invoke over an object with one method per operation (the generated Handlers<C>):
 * the method named by the operation's id, called on that object. An operation without a method is
 * a programming error, not the caller's: it throws (the pipeline answers 500).
 */
export function invokeHandlers<C>(handlers: object): ServiceDefinition['invoke'] {
  return (operation, input, context) => {
    const method = (handlers as Record<string, unknown>)[operation];
    if (typeof method !== 'function') throw new TypeError(`the handlers have no method ${operation}`);
    return (method as (input: OperationInput, context: C) => Promise<unknown>).call(handlers, input, context as C);
  };
}

/** What every stage of the pipeline reads: the definition, the hooks and what is derived from them once. */
interface Pipeline<C, K extends string> {
  def: ServiceDefinition<K>;
  hooks: ServiceHooks<C>;
  kinds: ReadonlySet<string>;
  segments: ReadonlySet<string>;
  /** The operations by the number of their path segments, in the definition's order. */
  bySegments: ReadonlyMap<number, readonly OperationInfo[]>;
  /** Error keys of the responses failure() made, for observe(). */
  errorKeysOf: WeakMap<ServiceResponse, string[]>;
  /** Content-Type of an answer by its format, charset included. */
  contentType: { xml: string; json: string; jsonp: string };
}

/** An entry of a service's envelope: a key of its spec or of the pipeline. */
type Entry<K extends string> = ErrorEntry<K | PipelineErrorKey>;

// ---------------------------------------------------------------------------------------------
// routing: the request target to an operation and its path parameters

/** What the pipeline reads of a request target. */
interface Target {
  pathname: string;
  searchParams: URLSearchParams;
}

/**
 * The request target as a URL. An absolute-form target that does not parse (`GET http://[ HTTP/1.1`)
 * threw outside every handler and answered a bare 500; it now becomes a path that no endpoint has.
 */
function urlOf(target: string): Target {
  try {
    // An origin-form target is a path even when it starts with '//' (not a host, as for a relative URL).
    return new URL(target.startsWith('/') ? `http://service.invalid${target}` : target, 'http://service.invalid');
  } catch {
    return new URL('http://service.invalid/%00');
  }
}

// A path and query of only these characters is one the URL parser leaves as it is (no dot
// segment, escape, backslash or character it would encode): such a target is split, not parsed.
const plainPath = /^\/[A-Za-z0-9_~\-/]*$/;
const plainQuery = /^[A-Za-z0-9&=%+._~:@/,;!$()*?-]*$/;
const noQuery = new URLSearchParams();

/** urlOf without a URL object for the plain targets of nearly every call. */
function targetOf(target: string): Target {
  const q = target.indexOf('?');
  const path = q < 0 ? target : target.slice(0, q);
  if (!plainPath.test(path)) return urlOf(target);
  if (q < 0) return { pathname: path, searchParams: noQuery };
  const query = target.slice(q);
  // The search string keeps its '?', which URLSearchParams takes off (a second one is data).
  return plainQuery.test(query.slice(1)) ? { pathname: path, searchParams: new URLSearchParams(query) } : urlOf(target);
}

/** The decoded path, or undefined when its percent-encoding is broken (no endpoint has such a path). */
function decodePath(pathname: string): string | undefined {
  if (!pathname.includes('%')) return pathname;
  try {
    return decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
}

const digits = /^\d{1,15}$/;

/** The operation at method and path; the methods allowed there when none is that method; undefined when no endpoint is there. */
function match<C, K extends string>(
  p: Pipeline<C, K>,
  method: string,
  path: string,
): Match | { allow: string[] } | undefined {
  const parts = path.split('/').filter((s, i, all) => s !== '' || (i > 0 && i < all.length - 1));
  let allow: Set<string> | undefined;
  // Only the operations with as many segments; the path's values are taken once the whole template matches.
  for (const op of p.bySegments.get(parts.length) ?? []) {
    let ok = true;
    for (let i = 0; i < parts.length && ok; i++) {
      const t = op.path[i];
      const s = parts[i]!;
      if (t === '{kind}') ok = p.kinds.has(s) && s !== '';
      else if (t === '{segment}') ok = p.segments.has(s) && s !== '';
      // Id 0 names nothing: no endpoint takes it.
      else if (t === '{id}' || t === '{deliveryId}') ok = digits.test(s) && Number(s) !== 0;
      else ok = t === s;
    }
    if (!ok) continue;
    if (op.method !== method) {
      (allow ??= new Set()).add(op.method);
      continue;
    }
    const m: Match = { op };
    for (let i = 0; i < parts.length; i++) {
      const t = op.path[i];
      if (t === '{kind}') m.kind = parts[i]!;
      else if (t === '{segment}') m.segment = parts[i]!;
      else if (t === '{id}') m.id = Number(parts[i]);
      else if (t === '{deliveryId}') m.deliveryId = Number(parts[i]);
    }
    return m;
  }
  return allow ? { allow: [...allow] } : undefined;
}

interface Routed {
  url: Target;
  m: Match | { allow: string[] } | undefined;
  /** The answer's format, from the query string and Accept. */
  out: Output;
}

/** The request's URL, route and answer format (admission found them already for a request it let in). */
function route<C, K extends string>(p: Pipeline<C, K>, req: RequestHead): Routed {
  const url = targetOf(req.url);
  // A malformed escape (%E0%A4%A) used to throw a URIError here and answer 500.
  const path = decodePath(url.pathname);
  return {
    url,
    m: path === undefined ? undefined : match(p, req.method.toUpperCase(), path),
    out: outputOf(p, req, url.searchParams),
  };
}

// ---------------------------------------------------------------------------------------------
// answers: the format asked for, the body, the error envelope, the quota headers

interface Output {
  format: 'xml' | 'json';
  callback?: string;
}

function outputOf<C, K extends string>(p: Pipeline<C, K>, req: RequestHead, query: URLSearchParams): Output {
  const raw = query === noQuery ? null : query.get(p.def.jsonpParameter);
  if (raw !== null) {
    const callback = p.def.sanitizeCallback(raw);
    return callback ? { format: 'json', callback } : { format: 'json' };
  }
  const accept = req.headers.accept;
  if (!accept) return { format: 'xml' };
  const lower = accept.toLowerCase();
  return { format: p.def.contentTypes.json.some((t) => lower.includes(t)) ? 'json' : 'xml' };
}

function respond<C, K extends string>(
  p: Pipeline<C, K>,
  status: number,
  text: string,
  out: Output,
  extra: Record<string, string> = {},
): ServiceResponse {
  const body = out.callback ? `${out.callback}(${text})` : text;
  const type = out.callback ? p.contentType.jsonp : p.contentType[out.format];
  return { status, headers: { 'content-type': type, ...extra }, body: utf8(body) };
}

/** The error envelope of `errors` (at least one); its status is the first error's unless given. */
function failure<C, K extends string>(
  p: Pipeline<C, K>,
  errors: readonly Entry<K>[],
  out: Output,
  extra: Record<string, string> = {},
  status?: number,
): ServiceResponse {
  const byKey: Record<string, string> = {};
  for (const e of errors) {
    const known = p.def.errors[e.key];
    // Messages may quote the request (a JSON parser's snippet): the XML envelope must still parse.
    const text = printable(e.message || known?.message || e.key);
    byKey[e.key] = byKey[e.key] ? `${byKey[e.key]}; ${text}` : text;
  }
  const code = status ?? p.def.errors[errors[0]!.key]?.status ?? 400;
  const r = respond(p, code, p.def.encodeError(out.format, byKey), out, extra);
  if (p.hooks.observe) p.errorKeysOf.set(r, Object.keys(byKey));
  return r;
}

/** The quota header of an answer (a fresh object: answers add their own headers to it). */
function withQuota<C, K extends string>(p: Pipeline<C, K>, q: Quota | undefined): Record<string, string> {
  return q ? { [p.def.quotaHeader]: `${q.used}/${q.allowed}` } : {};
}

/** Every quotaexceeded answer says when the window resets, so a client can wait instead of spending more calls. */
function overQuota<C, K extends string>(p: Pipeline<C, K>, q: Quota, context: C): Record<string, string> {
  const headers = withQuota(p, q);
  const after = p.hooks.quotaRetryAfter?.(context);
  if (after !== undefined) headers['retry-after'] = String(after);
  return headers;
}

function quotaExceeded<C, K extends string>(p: Pipeline<C, K>, quota: Quota, context: C, out: Output): ServiceResponse {
  return failure(
    p,
    [{ key: 'quotaexceeded', message: `API call limit exceeded: ${quota.used}/${quota.allowed}` }],
    out,
    overQuota(p, quota, context),
  );
}

// ---------------------------------------------------------------------------------------------
// admission: credentials, the failed-login throttle, the quota

/** The e-mail and token of a Basic Authorization header, or undefined (absent or unreadable). */
function credentialsOf(req: RequestHead): { email: string; token: string } | undefined {
  const auth = req.headers.authorization ?? '';
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(auth);
  if (!m) return undefined;
  let decoded: string;
  try {
    const bin = atob(m[1]!);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    decoded = strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { email: decoded.slice(0, colon), token: decoded.slice(colon + 1) };
}

/**
 * The caller, undefined for missing or wrong credentials, or a wait in seconds when the throttle
 * refuses to check them. Only credentials that were checked and did not match count as failed:
 * a request without any (a browser's first try, before the challenge) is no guess.
 */
async function authenticate<C, K extends string>(
  p: Pipeline<C, K>,
  req: RequestHead,
): Promise<{ context: C } | { retryAfter: number } | undefined> {
  const credentials = credentialsOf(req);
  if (!credentials) return undefined;
  const attempt = p.hooks.loginThrottle?.attempt(req.remoteAddress ?? '', credentials.email);
  if (attempt && attempt.retryAfter > 0) return { retryAfter: attempt.retryAfter };
  let context: C | undefined;
  try {
    context = await p.hooks.authenticate(credentials.email, credentials.token);
  } catch (e) {
    attempt?.settle('fault');
    throw e;
  }
  attempt?.settle(context === undefined ? 'failed' : 'matched');
  if (context === undefined) return undefined;
  return { context };
}

/** A request let in: its caller, its quota, and what its head told. */
interface Admitted<C> {
  context: C;
  quota: Quota | undefined;
  /** The head's URL and route, for the call. */
  routed: Routed;
  routedFor: string;
  /** When the head arrived: a call's time in the request log counts from there. */
  started: number;
}

/** Authentication, then the call counted against the quota: everything decided by the head. */
async function admitHead<C, K extends string>(
  p: Pipeline<C, K>,
  req: RequestHead,
): Promise<{ refused: ServiceResponse } | Omit<Admitted<C>, 'started'>> {
  const routed = route(p, req);
  const { out } = routed;
  const auth = await authenticate(p, req);
  if (auth !== undefined && 'retryAfter' in auth) {
    const known = p.def.errors.toomanyfailedlogins;
    return {
      refused: failure(
        p,
        [{ key: 'toomanyfailedlogins', message: `${known?.message ?? ''}; retry after ${auth.retryAfter} s` }],
        out,
        { 'retry-after': String(auth.retryAfter) },
        known?.status ?? 429,
      ),
    };
  }
  const context = auth?.context;
  if (context === undefined) {
    const r = failure(
      p,
      [
        {
          key: 'authenticationfailed',
          message: 'Basic authentication with the e-mail address and API token is required',
        },
      ],
      out,
    );
    r.headers['www-authenticate'] = 'Basic realm="service"';
    return { refused: r };
  }
  // A batch counts each nested call, not the envelope. Which request is the batch is decided by
  // its route: deciding by the Content-Type let any call that claimed multipart/mixed skip the quota.
  const isBatch = routed.m !== undefined && 'op' in routed.m && routed.m.op.multipart;
  let quota: Quota | undefined;
  if (p.hooks.countCalls && !isBatch) {
    quota = await p.hooks.countCalls(context, 1);
    if (quota.used > quota.allowed) return { refused: quotaExceeded(p, quota, context, out) };
  }
  return { context, quota, routed, routedFor: `${req.method} ${req.url}` };
}

// ---------------------------------------------------------------------------------------------
// decoding: the body and query string to the operation's input, validated

function inputFormat<C, K extends string>(
  p: Pipeline<C, K>,
  contentType: string | undefined,
): Format | 'upload' | 'batch' | undefined {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === '') return 'xml';
  const types = p.def.contentTypes;
  if (types.json.includes(type)) return 'json';
  if (types.form.includes(type)) return 'form';
  if (types.upload.includes(type)) return 'upload';
  if (types.xml.includes(type)) return 'xml';
  if (type === p.def.batch.contentType) return 'batch';
  return undefined;
}

/** The input of a routed call, or the answer that refuses it (unsupported body, invalid values). */
async function decodeInput<C, K extends string>(
  p: Pipeline<C, K>,
  req: ServiceRequest,
  m: Match,
  binding: string,
  url: Target,
  out: Output,
  headers: Record<string, string>,
): Promise<{ input: OperationInput } | { refused: ServiceResponse }> {
  const { op } = m;
  const { def } = p;
  const input: OperationInput = {
    kind: m.kind,
    segment: m.segment,
    id: m.id,
    ...(m.deliveryId !== undefined && { deliveryId: m.deliveryId }),
  };
  const issues: Entry<K>[] = [];
  const hasBody = req.body.length > 0;
  // The Content-Type of an empty body does not matter (below).
  const fmt = hasBody ? inputFormat(p, req.headers['content-type']) : undefined;
  // multipart/mixed is the batch's format only; sent to any other endpoint it is as unknown as text/plain.
  if (hasBody && (fmt === undefined || fmt === 'batch'))
    return {
      refused: failure(
        p,
        [{ key: 'unsupportedmediatype', message: `Unsupported content type ${req.headers['content-type']}` }],
        out,
        headers,
      ),
    };
  let bodyData: string | Uint8Array | Record<string, unknown>;
  let bodyFormat: Format;
  if (hasBody && fmt === 'upload') {
    if (!op.upload)
      return {
        refused: failure(
          p,
          [{ key: 'unsupportedmediatype', message: 'multipart/form-data is accepted by file uploads only' }],
          out,
          headers,
        ),
      };
    const form = await parseMultipartForm(req.body, req.headers['content-type']!, def.limits.maxUploadBytes);
    bodyData = formToNested(form.fields, def.limits.maxDepth);
    bodyFormat = 'form';
    input.files = form.files;
  } else if (hasBody) {
    bodyData = req.body;
    bodyFormat = fmt as Format;
  } else {
    // An empty body is an empty request whatever the Content-Type ("no field is required"):
    // it used to be read as XML, so an empty form or JSON POST failed as "malformed XML".
    bodyData = {};
    bodyFormat = 'form';
  }
  // List and report parameters: the query string, then a `request` body of the GET;
  // parameters the service does not know are ignored (existing clients send extras).
  const paramsTarget = op.params?.[binding] ?? op.params?.['*'];
  if (paramsTarget) {
    const query = Object.fromEntries([...url.searchParams].filter(([k]) => k !== def.jsonpParameter));
    const fromQuery = def.decode(paramsTarget, 'form', query).value as Record<string, unknown>;
    const fromBody = def.decode(paramsTarget, bodyFormat, bodyData).value as Record<string, unknown>;
    const params: Record<string, unknown> = { ...fromBody, ...fromQuery };
    for (const [name, spelled] of Object.entries(op.anyCase ?? {})) {
      const v = params[name];
      const found = typeof v === 'string' ? spelled.find((s) => s.toLowerCase() === v.toLowerCase()) : undefined;
      if (found !== undefined) params[name] = found;
    }
    input.params = params;
    issues.push(...def.validate(paramsTarget, input.params));
  }
  const requestTarget = op.request?.[binding] ?? op.request?.['*'];
  if (requestTarget) {
    const decoded = def.decode(requestTarget, bodyFormat, bodyData);
    input.body = decoded.value;
    issues.push(...decoded.issues);
    if (hasBody && fmt === 'form') issues.push(...formFiles(p, op.files?.[binding] ?? [], input));
    // One error per place: what decoding (an unknown field, a file that is not base64) already said is not said again.
    issues.push(
      ...def
        .validate(requestTarget, input.body)
        .filter((e) => !issues.some((i) => i.path === e.path && (i.key === e.key || i.key === 'invalidvalue'))),
    );
  }
  // Alone: the other issues may quote the offending text, which the XML envelope cannot carry.
  // A call without body, parameters or files (a show) has no text to look at.
  if (input.body === undefined && input.params === undefined && input.files === undefined && !issues.length)
    return { input };
  const badText = nonXmlText(
    {
      body: input.body,
      params: input.params,
      names: issues.map((i) => i.path ?? ''),
      files: Object.entries(input.files ?? {}).map(([name, f]): [string, string] => [name, f.filename]),
    },
    def.errors.invalidcharacter?.message ?? '',
  );
  if (badText.length) return { refused: failure(p, badText, out, headers) };
  if (issues.length) return { refused: failure(p, issues, out, headers) };
  return { input };
}

/**
 * Files sent form-encoded (application/x-www-form-urlencoded): data[<field>] holds the bytes in
 * base64. Each becomes an uploaded file named after its field, as a multipart file part would.
 */
function formFiles<C, K extends string>(
  p: Pipeline<C, K>,
  fields: readonly string[],
  input: OperationInput,
): Entry<K>[] {
  const data = (input.body as { data?: Record<string, unknown> } | undefined)?.data;
  const issues: Entry<K>[] = [];
  for (const field of fields) {
    const v = data?.[field];
    if (typeof v !== 'string') continue;
    const path = `data.${field}`;
    const bytes = fromBase64(v);
    if (!bytes) {
      issues.push({
        key: 'invalidvalue',
        message: `${p.def.errors.invalidvalue?.message ?? 'Invalid value'}: ${path}: a file sent form-encoded is its bytes in base64`,
        path,
      });
      continue;
    }
    if (bytes.byteLength > p.def.limits.maxUploadBytes) throw new UploadTooLarge(p.def.limits.maxUploadBytes);
    const file: UploadedFile = {
      filename: field,
      contenttype: 'application/octet-stream',
      size: bytes.byteLength,
      data: bytes,
    };
    (input.files ??= {})[`data[${field}]`] = file;
    data![field] = { filename: file.filename, contenttype: file.contenttype, size: file.size };
  }
  return issues;
}

// ---------------------------------------------------------------------------------------------
// invoking: the handler, then its result encoded as the answer

async function invokeAndEncode<C, K extends string>(
  p: Pipeline<C, K>,
  op: OperationInfo,
  binding: string,
  input: OperationInput,
  context: C,
  out: Output,
  headers: Record<string, string>,
): Promise<ServiceResponse> {
  const { def, hooks } = p;
  const result = (await def.invoke(op.id, input, context)) as { body: unknown; location?: string } | unknown;
  const responseTarget = op.response?.[binding] ?? op.response?.['*'];
  let value = result;
  const extra: Record<string, string> = { ...headers };
  if (op.location && result && typeof result === 'object' && 'location' in (result as object)) {
    extra.location = (result as { location: string }).location;
    value = (result as { body: unknown }).body;
  }
  if (responseTarget && hooks.ownerNames && def.nameOwners && def.ownerNamed?.(responseTarget)) {
    const names = await hooks.ownerNames(context);
    def.nameOwners(responseTarget, value, names);
  }
  const text = responseTarget ? def.encode(responseTarget, out.format, value) : '';
  return respond(p, op.status, text, out, extra);
}

/** The envelope of what a call threw: the client's mistakes by their keys, anything else a 500 (logged by onFault). */
function callFailure<C, K extends string>(
  p: Pipeline<C, K>,
  e: unknown,
  req: ServiceRequest,
  out: Output,
  headers: Record<string, string>,
): ServiceResponse {
  // A handler's ServiceError is typed by the generated ServiceError, whose keys are K.
  if (e instanceof ServiceError) return failure(p, (e as ServiceError<K>).errors, out, headers);
  if (e instanceof CodecError) return failure(p, [{ key: 'malformedrequest', message: e.message }], out, headers);
  if (e instanceof BatchError) return failure(p, [{ key: e.key, message: e.message }], out, headers);
  if (e instanceof UploadTooLarge) return failure(p, [{ key: 'requesttoolarge', message: e.message }], out, headers);
  if (e instanceof MalformedForm) return failure(p, [{ key: 'malformedrequest', message: e.message }], out, headers);
  const outage = p.hooks.outage?.(e);
  if (outage)
    return failure(p, [{ key: outage.key as K, message: outage.message ?? '' }], out, {
      ...headers,
      ...outage.headers,
    });
  p.hooks.onFault?.(e, req);
  return failure(
    p,
    [{ key: 'internalerror', message: p.def.errors.internalerror?.message ?? 'Internal error' }],
    out,
    headers,
    500,
  );
}

/** One call: route, decode, validate, invoke, encode. The caller has authenticated and counted it. */
async function call<C, K extends string>(
  p: Pipeline<C, K>,
  req: ServiceRequest,
  context: C,
  quota: Quota | undefined,
  nested: boolean,
  trace: Trace<C>,
  routed?: Routed,
): Promise<ServiceResponse> {
  const { url, m, out } = routed ?? route(p, req);
  const headers = withQuota(p, quota);
  try {
    if (!m) return failure(p, [{ key: 'unknownpath', message: `No endpoint at ${url.pathname}` }], out, headers);
    if ('allow' in m)
      return failure(
        p,
        [{ key: 'methodnotallowed', message: `${req.method} is not allowed here; allowed: ${m.allow.join(', ')}` }],
        out,
        { ...headers, allow: m.allow.join(', ') },
      );
    const { op } = m;
    trace.operation = op.id;
    if (op.multipart) return await batchCall(p, req, context, out, nested, trace, headers);
    const binding = op.scope === 'kind' ? m.kind! : op.scope === 'activity' ? m.segment! : '*';
    const decoded = await decodeInput(p, req, m, binding, url, out, headers);
    if ('refused' in decoded) return decoded.refused;
    return await invokeAndEncode(p, op, binding, decoded.input, context, out, headers);
  } catch (e) {
    return callFailure(p, e, req, out, headers);
  }
}

// ---------------------------------------------------------------------------------------------
// batches: every part a call of its own, run as the batch's caller

async function batchCall<C, K extends string>(
  p: Pipeline<C, K>,
  req: ServiceRequest,
  context: C,
  out: Output,
  nested: boolean,
  trace: Trace<C>,
  headers: Record<string, string>,
): Promise<ServiceResponse> {
  if (nested) return failure(p, [{ key: 'invalidbatch', message: 'A batch cannot contain a batch' }], out, headers);
  try {
    return await runBatch(p, req, context, trace);
  } catch (e) {
    // A refused batch counted no call; its answer still tells the caller where the quota stands.
    if (e instanceof BatchError)
      return failure(
        p,
        [{ key: e.key, message: e.message }],
        out,
        withQuota(p, p.hooks.countCalls ? await p.hooks.countCalls(context, 0) : undefined),
      );
    throw e;
  }
}

/** One batch part, run as the batch's caller. */
async function runPart<C, K extends string>(
  p: Pipeline<C, K>,
  nested: ServiceRequest,
  ownCredentials: boolean,
  context: C,
  trace: Trace<C>,
): Promise<ServiceResponse> {
  // Every part runs as the batch's caller: a part with credentials of its own (even the same
  // ones) is refused before it is counted or run, so no one runs calls inside another's batch.
  if (ownCredentials)
    return failure(
      p,
      [{ key: 'partauthorization', message: p.def.errors.partauthorization?.message ?? '' }],
      route(p, nested).out,
      withQuota(p, trace.quota),
    );
  if (p.hooks.countCalls) {
    const quota = (trace.quota = await p.hooks.countCalls(context, 1));
    if (quota.used > quota.allowed) return quotaExceeded(p, quota, context, route(p, nested).out);
  }
  return call(p, nested, context, trace.quota, true, trace);
}

/** Batch: parse every part first (a malformed batch runs nothing), then run each as its own call. */
async function runBatch<C, K extends string>(
  p: Pipeline<C, K>,
  req: ServiceRequest,
  context: C,
  outer: Trace<C>,
): Promise<ServiceResponse> {
  const parts = parseBatchRequest(req.body, req.headers['content-type'], { maxParts: p.def.batch.maxParts });
  // Every Content-ID must be one the response can echo. Checked by writing an empty response
  // first: a Content-ID with a space, angle bracket or non-ASCII character used to let every
  // part run (and commit) and then fail the whole answer with a 500.
  try {
    serializeBatchResponse(
      parts.map((part) => ({ status: 200, headers: {}, body: new Uint8Array(), contentId: part.contentId })),
    );
  } catch (e) {
    throw new BatchError(
      'invalidbatch',
      `a Content-ID cannot be echoed: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  const responses: BatchResponsePart[] = [];
  let quota: Quota | undefined;
  for (const [index, part] of parts.entries()) {
    const started = performance.now();
    // Outer headers apply to every nested request unless it overrides them.
    const headers: Record<string, string | undefined> = {
      ...req.headers,
      'content-length': undefined,
      'content-type': undefined,
      ...part.headers,
    };
    const nested: ServiceRequest = { method: part.method, url: part.path, headers, body: part.body };
    const trace: Trace<C> = quota ? { context, quota } : { context };
    const r = await runPart(p, nested, part.headers.authorization !== undefined, context, trace);
    quota = trace.quota ?? quota;
    responses.push({ status: r.status, headers: r.headers, body: r.body, contentId: part.contentId });
    p.hooks.observe?.({
      request: nested,
      response: r,
      operation: trace.operation,
      context: trace.context,
      quota: trace.quota,
      errors: p.errorKeysOf.get(r) ?? [],
      ms: performance.now() - started,
      batch: { request: req, index, contentId: part.contentId },
    });
  }
  if (quota) outer.quota = quota;
  const { contentType, body } = serializeBatchResponse(responses);
  return { status: 200, headers: { 'content-type': contentType, ...withQuota(p, quota) }, body };
}

// ---------------------------------------------------------------------------------------------
// dispatch: admission (from the head, or with the body when the shell did not admit), the call, observe()

/** The envelope of a fault outside every handler; never its details. */
function fault<C, K extends string>(p: Pipeline<C, K>, e: unknown, req: ServiceRequest | RequestHead): ServiceResponse {
  const { out } = route(p, req);
  if (e instanceof BatchError) return failure(p, [{ key: e.key, message: e.message }], out);
  const outage = p.hooks.outage?.(e);
  if (outage) return failure(p, [{ key: outage.key as K, message: outage.message ?? '' }], out, outage.headers);
  p.hooks.onFault?.(e, { ...req, body: new Uint8Array() });
  return failure(p, [{ key: 'internalerror', message: 'Internal error' }], out, {}, 500);
}

async function answer<C, K extends string>(
  p: Pipeline<C, K>,
  req: ServiceRequest,
  state: Admitted<C> | undefined,
  trace: Trace<C>,
): Promise<ServiceResponse> {
  try {
    if (!state) {
      if (req.body.length > p.def.limits.maxBodyBytes)
        return failure(
          p,
          [{ key: 'requesttoolarge', message: `The body is larger than ${p.def.limits.maxBodyBytes} bytes` }],
          route(p, req).out,
        );
      const a = await admitHead(p, req);
      if ('refused' in a) return a.refused;
      state = { ...a, started: 0 };
    }
    trace.context = state.context;
    if (state.quota) trace.quota = state.quota;
    // The route found from the head holds when the request is the one admitted (same method and target).
    const routed = state.routed && state.routedFor === `${req.method} ${req.url}` ? state.routed : undefined;
    return await call(p, req, state.context, state.quota, false, trace, routed);
  } catch (e) {
    return fault(p, e, req);
  }
}

export function createDispatch<C, K extends string = string>(
  def: ServiceDefinition<K>,
  hooks: ServiceHooks<C>,
): Dispatch {
  const o = def.output;
  const contentType = {
    xml: `${o.xml}; charset=utf-8`,
    json: `${o.json}; charset=utf-8`,
    jsonp: `${o.jsonp}; charset=utf-8`,
  };
  const bySegments = new Map<number, OperationInfo[]>();
  for (const op of def.operations) bySegments.set(op.path.length, [...(bySegments.get(op.path.length) ?? []), op]);
  const p: Pipeline<C, K> = {
    def,
    hooks,
    kinds: new Set(def.kinds),
    segments: new Set(def.segments),
    bySegments,
    errorKeysOf: new WeakMap(),
    contentType,
  };
  /**
   * An admission of this dispatcher, holding what the head decided until the one dispatch that
   * takes it (a replayed admission would run a call nobody counted). A class of this dispatcher
   * with a private field: no other object passes for one, and no WeakMap lookup per request.
   */
  class Ticket implements Admission {
    readonly admitted = true as const;
    #state: Admitted<C> | undefined;
    constructor(state: Admitted<C>) {
      this.#state = state;
    }
    static take(a: Admission | undefined): Admitted<C> | undefined {
      if (!(a instanceof Ticket)) return undefined;
      const state = a.#state;
      a.#state = undefined;
      return state;
    }
  }
  const observe = (request: ServiceRequest, response: ServiceResponse, trace: Trace<C>, started: number) =>
    hooks.observe?.({
      request,
      response,
      operation: trace.operation,
      context: trace.context,
      quota: trace.quota,
      errors: p.errorKeysOf.get(response) ?? [],
      ms: performance.now() - started,
    });

  const dispatch = async function dispatch(req: ServiceRequest): Promise<ServiceResponse> {
    const state = Ticket.take(req.admission);
    if (!hooks.observe) return answer(p, req, state, {});
    const started = state?.started ?? performance.now();
    const trace: Trace<C> = {};
    const r = await answer(p, req, state, trace);
    observe(req, r, trace, started);
    return r;
  } as Dispatch;
  dispatch.admit = async (head) => {
    const started = performance.now();
    let a: Awaited<ReturnType<typeof admitHead<C, K>>>;
    try {
      a = await admitHead(p, head);
    } catch (e) {
      a = { refused: fault(p, e, head) };
    }
    if ('refused' in a) {
      // Refused from its head: the body was never read, and the log says so by its size.
      observe({ ...head, body: new Uint8Array() }, a.refused, {}, started);
      return a;
    }
    return {
      admission: new Ticket({ context: a.context, quota: a.quota, routed: a.routed, routedFor: a.routedFor, started }),
    };
  };
  return dispatch;
}

/**
 * Text XML 1.0 cannot carry (U+0000 and the other controls but TAB/LF/CR, U+FFFE/U+FFFF, unpaired
 * surrogates) is refused in every key and value of every format: stored, it would make XML
 * shows, lists and webhook bodies ill-formed (and databases cannot store U+0000).
 * Iterative: no recursion on request data, whatever its depth.
 */
function nonXmlText(
  roots: { body: unknown; params: unknown; names: string[]; files: [string, string][] },
  message: string,
): ErrorEntry<'invalidcharacter'>[] {
  const found: ErrorEntry<'invalidcharacter'>[] = [];
  const check = (s: string, path: string, inName: boolean) => {
    const i = findNonXmlChar(s);
    if (i >= 0 && !found.some((e) => e.path === path))
      found.push({
        key: 'invalidcharacter',
        message: `${message}: ${path || 'value'} (${inName ? 'in the name: ' : ''}${describeNonXmlChar(s, i)} at character ${i + 1})`,
        path,
      });
  };
  // Names the decoder dropped (unknown fields) are only in the paths of its issues.
  for (const name of new Set(roots.names)) check(name, printable(name), true);
  const queue: [unknown, string][] = [
    [roots.body, ''],
    [roots.params, ''],
    ...roots.files.map(([name, file]): [string, string] => [file, `${printable(name)}.filename`]),
  ];
  for (let n = 0; n < queue.length; n++) {
    const [v, path] = queue[n]!;
    if (typeof v === 'string') check(v, path, false);
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        const at = path ? `${path}.${printable(k)}` : printable(k);
        check(k, at, true);
        queue.push([x, at]);
      }
    }
  }
  return found;
}

/** The text with characters XML cannot carry written as \uXXXX. */
function printable(k: string): string {
  return findNonXmlChar(k) < 0
    ? k
    : [...k].map((c) => (findNonXmlChar(c) < 0 ? c : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)).join('');
}

/** Strict base64 (whitespace ignored) to bytes; undefined when it is not base64. */
function fromBase64(text: string): Uint8Array | undefined {
  const t = text.replace(/\s+/g, '');
  if (t === '' || t.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(t)) return undefined;
  const bin = atob(t);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
