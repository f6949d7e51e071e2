// Part of the crmgen runtime (runtime/client.ts), copied into this package by crmgen generate. Do not edit.
// The transport of the generated client: builds each call's request from its typed value,
// sends it with global fetch (Node 20+ and browsers; no Node-only imports here), retries by the
// shared retry table (retryDecision; spec/conformance/retries.yaml), reads the quota
// header, applies each call's options (signal, timeout, headers), keeps the response's facts
// for withResponse() and turns failures into the ServiceError subclass of their kind. The batch
// queue sends queued calls as one multipart/mixed request, through the same codecs. Branded id
// types live here too: they depend on no spec, the generated client fills in kinds and segments.
import { parseBatchResponse, serializeBatchRequest, type BatchRequestPart } from './batch.ts';
import { parseSaveDate } from './dates.ts';
import type { Message } from './codec.ts';
import type { Format } from './formats.ts';
import type { XmlLimits } from './xml.ts';

export type WireFormat = 'xml' | 'json';

export interface Quota {
  used: number;
  allowed: number;
}

export interface RetryOptions {
  /** Retries after the first attempt (default 3); 0 disables every retry. */
  max?: number;
  /** First backoff delay (default 200 ms); doubles each retry, with full jitter. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /**
   * A 429 is retried once, after waiting its Retry-After, when that is at most this many seconds
   * (default 60); a 429 without Retry-After, or asking for longer, is never retried: each retry
   * spends quota, and before the window resets it would only be refused again.
   */
  maxRetryAfterSeconds?: number;
}

export interface ClientOptions {
  baseUrl: string;
  email: string;
  token: string;
  /** Wire format of bodies (default xml, the API's default). */
  format?: WireFormat;
  fetch?: typeof fetch;
  retry?: RetryOptions;
  /** Per attempt (default 30 s). */
  timeoutMs?: number;
  /** Check requests with the generated validators before sending (default true). */
  validate?: boolean;
  /** Called after every HTTP response, with its status and quota. */
  onResponse?: (info: { status: number; quota: Quota | undefined; method: string; path: string }) => void;
}

declare const recordKind: unique symbol;
declare const activitySegment: unique symbol;
/** The id of a record of kind K: a number the compiler tells apart by its kind. */
export type RecordId<K extends string = string> = number & { readonly [recordKind]: K };
/** The id of an activity of segment S: a number the compiler tells apart by its segment. */
export type ActivityId<S extends string = string> = number & { readonly [activitySegment]: S };

/** The checked number behind asId(): ids are positive integers. */
export function checkedId(name: string, id: number): number {
  if (!Number.isSafeInteger(id) || id < 1)
    throw new TypeError(`${name}: an id is a positive integer, not ${String(id)}`);
  return id;
}

/** Options of one call, the last argument of every method. In a batch only headers apply (to the call's part). */
export interface CallOptions {
  /** Aborts the call (and any wait before a retry); the call rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Per attempt, instead of the client's timeoutMs. */
  timeoutMs?: number;
  /** Extra request headers (Authorization, Accept and Content-Type stay the client's). */
  headers?: Record<string, string>;
}

/** What came back besides the typed value: from withResponse(). */
export interface ResponseInfo {
  status: number;
  headers: Headers;
  /** The Location header (where a created record or activity lives), when sent. */
  location: string | undefined;
  quota: Quota | undefined;
}

/** The promise every method returns: the typed value, or with withResponse() the value and the response's facts. */
export interface ApiPromise<T> extends Promise<T> {
  withResponse(): Promise<{ data: T; response: ResponseInfo }>;
}

/**
 * The error keys of the API. Empty here; the generated client's entry module adds the spec's keys
 * (declaration merging), so ServiceError.keys is typed with them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ServiceErrorKeys {}

/** Keys the client itself gives: a non-envelope answer (http<status>) and a failed connection. */
export type ClientErrorKey = `http${number}` | 'connectionfailed';

/** An error key: the API's (once the generated client has named them) or the client's own. */
export type ErrorKeyOf =
  ([keyof ServiceErrorKeys] extends [never] ? string : Extract<keyof ServiceErrorKeys, string>) | ClientErrorKey;

export interface ErrorDetail {
  key: ErrorKeyOf;
  message: string;
  path?: string;
}

/**
 * A failed call: HTTP status, the envelope's keys and messages, and the quota when known. Its
 * subclasses tell the kind of failure apart with instanceof.
 */
export class ServiceError extends Error {
  readonly status: number;
  readonly errors: Partial<Record<ErrorKeyOf, string>>;
  readonly details: ErrorDetail[];
  readonly quota: Quota | undefined;
  /** True when the request failed local validation and was never sent. */
  readonly local: boolean;
  constructor(status: number, details: ErrorDetail[], quota?: Quota, local = false, options?: { cause?: unknown }) {
    super(details.map((d) => `${d.key}: ${d.message}`).join('; ') || `HTTP ${status}`, options);
    this.name = new.target.name;
    this.status = status;
    this.details = details;
    this.errors = Object.fromEntries(details.map((d) => [d.key, d.message])) as Partial<Record<ErrorKeyOf, string>>;
    this.quota = quota;
    this.local = local;
  }
  get keys(): ErrorKeyOf[] {
    return this.details.map((d) => d.key);
  }
}

/** 401 (or 403): the e-mail address and token were refused, or the caller may not do this. */
export class AuthenticationError extends ServiceError {}
/** 404: no such record, activity, hook or endpoint. */
export class NotFoundError extends ServiceError {}
/** 400: the request breaks a rule of the API; local is true when the client found it before sending. */
export class ValidationError extends ServiceError {}
/** 429: the quota is spent (or too many failed logins); retryAfter says when to try again. */
export class RateLimitError extends ServiceError {
  /** Seconds to wait, from the Retry-After header; undefined when the service sent none. */
  readonly retryAfter: number | undefined;
  constructor(status: number, details: ErrorDetail[], quota: Quota | undefined, retryAfter: number | undefined) {
    super(status, details, quota);
    this.retryAfter = retryAfter;
  }
}
/** 5xx: the service failed or is busy. */
export class ServerError extends ServiceError {}
/** No answer: the connection failed or timed out (cause holds why). */
export class ConnectionError extends ServiceError {}

/** The error class of an answer's status. */
function failureOf(
  status: number,
  details: ErrorDetail[],
  quota: Quota | undefined,
  retryAfter: number | undefined,
): ServiceError {
  if (status === 401 || status === 403) return new AuthenticationError(status, details, quota);
  if (status === 404) return new NotFoundError(status, details, quota);
  if (status === 429) return new RateLimitError(status, details, quota, retryAfter);
  if (status >= 500) return new ServerError(status, details, quota);
  if (status === 400 || status === 422) return new ValidationError(status, details, quota);
  return new ServiceError(status, details, quota);
}

/**
 * What the generated part tells the transport about the API. Messages are not looked up here:
 * each call brings its own (CallSpec), so a bundle holds the messages of the calls an app makes.
 */
export interface ClientCodec {
  /** The body formats this client speaks (a modular client holds only the one it was given). */
  formats: Partial<Record<WireFormat, Format>>;
  /** A message as a query string or form fields. */
  form(message: Message, value: unknown): string;
  /** The error envelope. */
  error: Message;
  /** Bounds on answers (spec limits). */
  limits: XmlLimits;
  quotaHeader: string;
  contentTypes: { xml: string; json: string; form: string };
  batch: { path: string; maxParts: number };
}

/** A request part of a call: its message, its typed value and the message's validator. */
export interface CallPart {
  message: Message;
  value: unknown;
  validate?: (value: unknown) => ErrorDetail[];
}

/** One call of an operation, as the generated resources describe it. */
export interface CallSpec {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  params?: CallPart;
  body?: CallPart;
  response?: Message;
  /** Files of upload fields: name -> content; the body goes as multipart/form-data. */
  files?: Record<string, Blob | Uint8Array>;
  /** The caller's options of this call. */
  options?: CallOptions | undefined;
}

/** Sends one call now (direct) or later (batch): the resources are built over either. */
export type Send = (call: CallSpec) => ApiPromise<unknown>;

const idempotent = new Set(['GET', 'PUT', 'DELETE']);

/** Waits ms, or rejects with the signal's reason when it aborts first. */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const done = () => {
      signal?.removeEventListener('abort', abort);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/** Aborts when either signal does (AbortSignal.any where the platform has it: Node 20.3+, current browsers). */
function eitherSignal(a: AbortSignal, b: AbortSignal): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([a, b]);
  const both = new AbortController();
  for (const s of [a, b]) {
    if (s.aborted) both.abort(s.reason);
    else s.addEventListener('abort', () => both.abort(s.reason), { once: true });
  }
  return both.signal;
}

/** The settled value and response as an ApiPromise: awaiting it gives the value. */
function apiPromise<T>(exchange: Promise<{ data: T; response: ResponseInfo }>): ApiPromise<T> {
  const value = exchange.then((r) => r.data) as ApiPromise<T>;
  value.withResponse = () => {
    // The caller awaits this one instead: the value's own rejection is not left unhandled.
    value.catch(() => {});
    return exchange;
  };
  return value;
}

function parseQuota(header: string | null): Quota | undefined {
  const m = header ? /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(header) : null;
  return m ? { used: Number(m[1]), allowed: Number(m[2]) } : undefined;
}

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const httpDate =
  /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d{2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/;

/**
 * Retry-After in seconds from `now` (ms): whole delta-seconds, or an HTTP date (IMF-fixdate, as
 * servers send it); undefined when absent or anything else (a negative or fractional number, a
 * word), which Date.parse would otherwise read as some date.
 */
export function parseRetryAfter(header: string | null | undefined, now = Date.now()): number | undefined {
  const text = header?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text);
  const m = httpDate.exec(text);
  if (!m) return undefined;
  const at = Date.UTC(Number(m[3]), months.indexOf(m[2]!), Number(m[1]), Number(m[4]), Number(m[5]), Number(m[6]));
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** What to do after a failed attempt: try again after delayMs, or give the failure to the caller. */
export type RetryDecision = { retry: false } | { retry: true; delayMs: number; backoff: boolean };

/**
 * The retry table every crmgen SDK follows (spec/conformance/retries.yaml): a 429 ran nothing, so
 * any call waits out its Retry-After, once, when that is at most maxRetryAfterSeconds; a 5xx is
 * retried only for calls that may run twice (GET, PUT, DELETE: a proxy's 503 or a lost connection
 * may have let a POST run), after its Retry-After (at most maxRetryAfterSeconds) or the backoff;
 * nothing else, and nothing after `max` retries.
 */
export function retryDecision(
  failure: {
    method: string;
    status: number;
    retryAfter: number | undefined;
    attempt: number;
    rateLimitedBefore: boolean;
  },
  retry: RetryOptions = {},
): RetryDecision {
  const max = retry.max ?? 3;
  const cap = retry.maxRetryAfterSeconds ?? 60;
  const { status, retryAfter, attempt } = failure;
  if (attempt >= max) return { retry: false };
  const after = retryAfter === undefined ? undefined : retryAfter <= cap ? retryAfter * 1000 : null;
  if (status === 429)
    return after === undefined || after === null || failure.rateLimitedBefore
      ? { retry: false }
      : { retry: true, delayMs: after, backoff: false };
  const retried = status >= 500 && idempotent.has(failure.method);
  if (!retried || after === null) return { retry: false };
  if (after !== undefined) return { retry: true, delayMs: after, backoff: false };
  return { retry: true, delayMs: backoffMs(attempt, retry), backoff: true };
}

/** Full jitter over an exponential window: baseDelayMs doubling per retry, at most maxDelayMs. */
export function backoffMs(attempt: number, retry: RetryOptions = {}): number {
  return Math.random() * Math.min(retry.maxDelayMs ?? 10_000, (retry.baseDelayMs ?? 200) * 2 ** attempt);
}

/** The value at a problem's dotted path (data.duedate, items.0.date). */
function valueAt(value: unknown, path: string | undefined): unknown {
  if (!path) return value;
  return path
    .split('.')
    .reduce<unknown>(
      (v, k) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined),
      value,
    );
}

/**
 * Problems of a request value, as the service would report them. The service reads every save
 * form of a date (YYYY-MM-DD, YYYY-MM-DD hh:mm:ss, ISO 8601 with any offset) into its canonical
 * form before it validates, so a date the service accepts is not an error here either.
 */
function problemsOf(part: CallPart): ErrorDetail[] {
  const value = part.value;
  return (part.validate?.(value) ?? []).filter((p) => {
    if (p.key !== 'invaliddate') return true;
    const v = valueAt(value, p.path);
    return typeof v !== 'string' || parseSaveDate(v) === null;
  });
}

function basic(email: string, token: string): string {
  const bytes = new TextEncoder().encode(`${email}:${token}`);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return `Basic ${btoa(bin)}`;
}

const infoOf = (res: { status: number; headers: Headers }, quota: Quota | undefined): ResponseInfo => ({
  status: res.status,
  headers: res.headers,
  location: res.headers.get('location') ?? undefined,
  quota,
});

export class Transport {
  quota: Quota | undefined;
  private readonly format: WireFormat;
  private readonly wire: Format;
  private readonly fetchImpl: typeof fetch;
  private readonly auth: string;
  private readonly base: string;

  constructor(
    readonly options: ClientOptions,
    readonly codec: ClientCodec,
  ) {
    this.format = options.format ?? 'xml';
    const wire = codec.formats[this.format];
    if (!wire) throw new TypeError(`this client was built without the ${this.format} format; pass its format object`);
    this.wire = wire;
    this.fetchImpl = options.fetch ?? ((...a: Parameters<typeof fetch>) => globalThis.fetch(...a));
    this.auth = basic(options.email, options.token);
    this.base = options.baseUrl.replace(/\/+$/, '');
  }

  /** Validates (unless disabled) and returns the request line, headers and body of a call. */
  prepare(call: CallSpec): { path: string; headers: Record<string, string>; body?: string | FormData | undefined } {
    if (this.options.validate !== false) {
      const problems = [...(call.params ? problemsOf(call.params) : []), ...(call.body ? problemsOf(call.body) : [])];
      if (problems.length) throw new ValidationError(400, problems, this.quota, true);
    }
    let path = call.path;
    if (call.params) {
      const query = this.codec.form(call.params.message, call.params.value);
      if (query) path += `${path.includes('?') ? '&' : '?'}${query}`;
    }
    const headers: Record<string, string> = { ...call.options?.headers, accept: this.codec.contentTypes[this.format] };
    let body: string | FormData | undefined;
    if (call.body && call.files && Object.keys(call.files).length) {
      const form = new FormData();
      for (const [k, v] of new URLSearchParams(this.codec.form(call.body.message, call.body.value))) {
        // Upload fields travel as file parts, not as their description.
        if (!Object.keys(call.files).some((f) => k === `data[${f}]` || k.startsWith(`data[${f}][`))) form.append(k, v);
      }
      for (const [name, content] of Object.entries(call.files)) {
        const described = (call.body.value as { data?: Record<string, { filename?: string; contenttype?: string }> })
          .data?.[name];
        const blob =
          content instanceof Blob
            ? content
            : new Blob([content as Uint8Array<ArrayBuffer>], {
                type: described?.contenttype ?? 'application/octet-stream',
              });
        form.append(`data[${name}]`, blob, described?.filename ?? 'upload');
      }
      body = form;
    } else if (call.body) {
      headers['content-type'] = this.codec.contentTypes[this.format];
      body = this.wire.encode(call.body.message, call.body.value);
    }
    return { path, headers, body };
  }

  /** Decodes a response: the typed body, or the ServiceError subclass of its status from the envelope. */
  read(
    status: number,
    contentType: string | null,
    text: string,
    response: Message | undefined,
    quota: Quota | undefined,
    retryAfter?: number,
  ): unknown {
    // The answer's own format when this client speaks it (a proxy may answer otherwise), else the client's.
    const format = this.codec.formats[contentType && contentType.includes('json') ? 'json' : 'xml'] ?? this.wire;
    if (status >= 200 && status < 300)
      return response && text ? format.decode(response, text, this.codec.limits) : { status: 'success' };
    let details: ErrorDetail[] = [];
    try {
      const env = format.decode(this.codec.error, text, this.codec.limits) as { errors?: Record<string, string> };
      details = Object.entries(env.errors ?? {}).map(([key, message]) => ({ key: key as ErrorKeyOf, message }));
    } catch {
      // Not an envelope (a proxy's error page): the status says it all.
    }
    return failureOf(
      status,
      details.length ? details : [{ key: `http${status}`, message: text.slice(0, 200) }],
      quota,
      retryAfter,
    );
  }

  send: Send = (call) => apiPromise(this.exchange(call));

  private async exchange(call: CallSpec): Promise<{ data: unknown; response: ResponseInfo }> {
    const { path, headers, body } = this.prepare(call);
    headers.authorization = this.auth;
    const retry = this.options.retry ?? {};
    const signal = call.options?.signal;
    const timeoutMs = call.options?.timeoutMs ?? this.options.timeoutMs ?? 30_000;
    let rateLimited = false;
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        signal?.throwIfAborted();
        const timeout = AbortSignal.timeout(timeoutMs);
        // fetch reads an undefined body as no body; RequestInit's type only admits null.
        res = await this.fetchImpl(this.base + path, {
          method: call.method,
          headers,
          body: body as BodyInit,
          signal: signal ? eitherSignal(signal, timeout) : timeout,
        });
      } catch (e) {
        if (signal?.aborted) throw signal.reason;
        // No answer: only calls that may run twice go again.
        if (attempt < (retry.max ?? 3) && idempotent.has(call.method)) {
          await sleep(backoffMs(attempt, retry), signal);
          continue;
        }
        throw new ConnectionError(
          0,
          [{ key: 'connectionfailed', message: e instanceof Error ? e.message : String(e) }],
          this.quota,
          false,
          { cause: e },
        );
      }
      const text = await res.text();
      const quota = parseQuota(res.headers.get(this.codec.quotaHeader));
      if (quota) this.quota = quota;
      this.options.onResponse?.({ status: res.status, quota, method: call.method, path });
      const retryAfter = parseRetryAfter(res.headers.get('retry-after'));
      if (res.status === 429 || res.status >= 500) {
        const next = retryDecision(
          { method: call.method, status: res.status, retryAfter, attempt, rateLimitedBefore: rateLimited },
          retry,
        );
        if (next.retry) {
          rateLimited ||= res.status === 429;
          await sleep(next.delayMs, signal);
          continue;
        }
      }
      const out = this.read(res.status, res.headers.get('content-type'), text, call.response, quota, retryAfter);
      if (out instanceof ServiceError) throw out;
      return { data: out, response: infoOf(res, quota) };
    }
  }

  /** A queue whose calls go out together as multipart/mixed batches of at most maxParts. */
  batch(): { send: Send; flush(): Promise<void> } {
    type Settled = { data: unknown; response: ResponseInfo };
    const queued: { call: CallSpec; resolve(v: Settled): void; reject(e: unknown): void }[] = [];
    const send: Send = (call) => {
      const result = new Promise<Settled>((resolve, reject) => {
        if (call.files) return reject(new TypeError('file uploads cannot be sent in a batch'));
        queued.push({ call, resolve, reject });
      });
      // A queued call may fail before send() resolves (local validation, or a part of an earlier
      // chunk while the next one is in flight); callers look at it after `await batch.send()`,
      // so its rejection must not count as unhandled meanwhile. Awaiting it still throws.
      result.catch(() => {});
      const value = apiPromise(result);
      value.catch(() => {});
      return value;
    };
    const flush = async () => {
      const all = queued.splice(0);
      for (let i = 0; i < all.length; i += this.codec.batch.maxParts) {
        const chunk = all.slice(i, i + this.codec.batch.maxParts);
        const parts: BatchRequestPart[] = [];
        const live: typeof chunk = [];
        for (const q of chunk) {
          try {
            const p = this.prepare(q.call);
            parts.push({
              method: q.call.method,
              path: p.path,
              headers: p.headers,
              body: new TextEncoder().encode(typeof p.body === 'string' ? p.body : ''),
              contentId: String(parts.length + 1),
            });
            live.push(q);
          } catch (e) {
            q.reject(e);
          }
        }
        if (!parts.length) continue;
        const { contentType, body } = serializeBatchRequest(parts);
        let responses;
        try {
          const res = await this.fetchImpl(this.base + this.codec.batch.path, {
            method: 'POST',
            headers: {
              authorization: this.auth,
              'content-type': contentType,
              accept: this.codec.contentTypes[this.format],
            },
            body: body as BodyInit,
            signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
          });
          const bytes = new Uint8Array(await res.arrayBuffer());
          const quota = parseQuota(res.headers.get(this.codec.quotaHeader));
          if (quota) this.quota = quota;
          this.options.onResponse?.({ status: res.status, quota, method: 'POST', path: this.codec.batch.path });
          if (res.status !== 200) {
            const err = this.read(
              res.status,
              res.headers.get('content-type'),
              new TextDecoder().decode(bytes),
              undefined,
              quota,
              parseRetryAfter(res.headers.get('retry-after')),
            ) as ServiceError;
            live.forEach((q) => q.reject(err));
            continue;
          }
          responses = parseBatchResponse(bytes, res.headers.get('content-type') ?? undefined);
        } catch (e) {
          live.forEach((q) =>
            q.reject(
              e instanceof ServiceError
                ? e
                : new ConnectionError(
                    0,
                    [{ key: 'connectionfailed', message: e instanceof Error ? e.message : String(e) }],
                    this.quota,
                    false,
                    { cause: e },
                  ),
            ),
          );
          continue;
        }
        live.forEach((q, n) => {
          const r = responses[n];
          if (!r)
            return q.reject(
              new ServerError(
                502,
                [{ key: 'invalidbatch' as ErrorKeyOf, message: `the batch response has no part ${n + 1}` }],
                this.quota,
              ),
            );
          const headers = new Headers(r.headers);
          const partQuota = parseQuota(headers.get(this.codec.quotaHeader)) ?? this.quota;
          const out = this.read(
            r.status,
            r.headers['content-type'] ?? null,
            new TextDecoder().decode(r.body),
            q.call.response,
            partQuota,
            parseRetryAfter(headers.get('retry-after')),
          );
          if (out instanceof ServiceError) q.reject(out);
          else q.resolve({ data: out, response: infoOf({ status: r.status, headers }, partQuota) });
        });
      }
    };
    return { send, flush };
  }
}

/** A request's headers: a fetch Headers object, or node:http's IncomingHttpHeaders (names in lower case). */
export type WebhookHeaders = { get(name: string): string | null } | Record<string, string | string[] | undefined>;

/** One header of either kind, by lower-case name. */
export function webhookHeader(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as { get?: unknown }).get === 'function')
    return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  const v = (headers as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(v) ? v[0] : v;
}

export interface VerifyOptions {
  /** Standard Webhooks: how far webhook-timestamp may be from now, in seconds (default 300). */
  toleranceSeconds?: number;
  /** The current time in ms (default Date.now()). */
  now?: number;
}

const encoder = /* @__PURE__ */ new TextEncoder();

async function hmac(secret: string, data: Uint8Array): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, data as Uint8Array<ArrayBuffer>));
}

/** Compares every character whatever the first difference, so timing does not reveal a matching prefix. */
function sameText(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < b.length; i++) diff |= b.charCodeAt(i) ^ (a.charCodeAt(i) || 0);
  return diff === 0;
}

const bytesOf = (body: string | Uint8Array): Uint8Array => (typeof body === 'string' ? encoder.encode(body) : body);

/** What a delivery's signature says: valid, invalid (wrong, missing, malformed) or stale (a Standard Webhooks timestamp outside the tolerance). */
export type WebhookVerdict = 'valid' | 'invalid' | 'stale';

/**
 * Checks a webhook delivery with the hook's secret.
 * - With the request's headers: the Standard Webhooks signature (webhook-id, webhook-timestamp,
 *   webhook-signature: `v1,` base64 HMAC-SHA256 of `id.timestamp.body`) when present, a timestamp
 *   further than the tolerance (default 5 minutes) from now being stale, so an old notification
 *   cannot be replayed; otherwise X-Service-Hmac-Sha256.
 * - With a string: that X-Service-Hmac-Sha256 value (hex HMAC-SHA256 of the exact body).
 */
export async function webhookVerdict(
  body: string | Uint8Array,
  signature: string | WebhookHeaders | null | undefined,
  secret: string,
  options: VerifyOptions = {},
): Promise<WebhookVerdict> {
  if (!signature) return 'invalid';
  const bytes = bytesOf(body);
  if (typeof signature !== 'string') {
    const id = webhookHeader(signature, 'webhook-id');
    const timestamp = webhookHeader(signature, 'webhook-timestamp');
    const standard = webhookHeader(signature, 'webhook-signature');
    if (standard === undefined) return webhookVerdict(bytes, webhookHeader(signature, 'x-service-hmac-sha256'), secret);
    if (!id || !timestamp || !/^\d{1,12}$/.test(timestamp.trim())) return 'invalid';
    const signed = new Uint8Array([...encoder.encode(`${id}.${timestamp.trim()}.`), ...bytes]);
    const mac = await hmac(secret, signed);
    const expected = btoa(String.fromCharCode(...mac));
    // Several space-separated signatures may be sent (while a secret is rotated); one match is enough.
    const matched = standard
      .trim()
      .split(/\s+/)
      .map((part) => part.split(','))
      .some(([version, value]) => version === 'v1' && value !== undefined && sameText(value, expected));
    if (!matched) return 'invalid';
    const now = options.now ?? Date.now();
    return Math.abs(now / 1000 - Number(timestamp)) > (options.toleranceSeconds ?? 300) ? 'stale' : 'valid';
  }
  const mac = await hmac(secret, bytes);
  const hex = Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('');
  return sameText(signature.trim().toLowerCase(), hex) ? 'valid' : 'invalid';
}

/** True when webhookVerdict says valid: the delivery is the service's and, with Standard Webhooks, fresh. */
export async function verifyWebhook(
  body: string | Uint8Array,
  signature: string | WebhookHeaders | null | undefined,
  secret: string,
  options: VerifyOptions = {},
): Promise<boolean> {
  return (await webhookVerdict(body, signature, secret, options)) === 'valid';
}
