import type { Message } from './codec.js';
import type { Format } from './formats.js';
import type { XmlLimits } from './xml.js';
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
    onResponse?: (info: {
        status: number;
        quota: Quota | undefined;
        method: string;
        path: string;
    }) => void;
}
declare const recordKind: unique symbol;
declare const activitySegment: unique symbol;
/** The id of a record of kind K: a number the compiler tells apart by its kind. */
export type RecordId<K extends string = string> = number & {
    readonly [recordKind]: K;
};
/** The id of an activity of segment S: a number the compiler tells apart by its segment. */
export type ActivityId<S extends string = string> = number & {
    readonly [activitySegment]: S;
};
/** The checked number behind asId(): ids are positive integers. */
export declare function checkedId(name: string, id: number): number;
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
    withResponse(): Promise<{
        data: T;
        response: ResponseInfo;
    }>;
}
/**
 * The error keys of the API. Empty here; the generated client's entry module adds the spec's keys
 * (declaration merging), so ServiceError.keys is typed with them.
 */
export interface ServiceErrorKeys {
}
/** Keys the client itself gives: a non-envelope answer (http<status>) and a failed connection. */
export type ClientErrorKey = `http${number}` | 'connectionfailed';
/** An error key: the API's (once the generated client has named them) or the client's own. */
export type ErrorKeyOf = ([keyof ServiceErrorKeys] extends [never] ? string : Extract<keyof ServiceErrorKeys, string>) | ClientErrorKey;
export interface ErrorDetail {
    key: ErrorKeyOf;
    message: string;
    path?: string;
}
/**
 * A failed call: HTTP status, the envelope's keys and messages, and the quota when known. Its
 * subclasses tell the kind of failure apart with instanceof.
 */
export declare class ServiceError extends Error {
    readonly status: number;
    readonly errors: Partial<Record<ErrorKeyOf, string>>;
    readonly details: ErrorDetail[];
    readonly quota: Quota | undefined;
    /** True when the request failed local validation and was never sent. */
    readonly local: boolean;
    constructor(status: number, details: ErrorDetail[], quota?: Quota, local?: boolean, options?: {
        cause?: unknown;
    });
    get keys(): ErrorKeyOf[];
}
/** 401 (or 403): the e-mail address and token were refused, or the caller may not do this. */
export declare class AuthenticationError extends ServiceError {
}
/** 404: no such record, activity, hook or endpoint. */
export declare class NotFoundError extends ServiceError {
}
/** 400: the request breaks a rule of the API; local is true when the client found it before sending. */
export declare class ValidationError extends ServiceError {
}
/** 429: the quota is spent (or too many failed logins); retryAfter says when to try again. */
export declare class RateLimitError extends ServiceError {
    /** Seconds to wait, from the Retry-After header; undefined when the service sent none. */
    readonly retryAfter: number | undefined;
    constructor(status: number, details: ErrorDetail[], quota: Quota | undefined, retryAfter: number | undefined);
}
/** 5xx: the service failed or is busy. */
export declare class ServerError extends ServiceError {
}
/** No answer: the connection failed or timed out (cause holds why). */
export declare class ConnectionError extends ServiceError {
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
    contentTypes: {
        xml: string;
        json: string;
        form: string;
    };
    batch: {
        path: string;
        maxParts: number;
    };
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
/**
 * Retry-After in seconds from `now` (ms): whole delta-seconds, or an HTTP date (IMF-fixdate, as
 * servers send it); undefined when absent or anything else (a negative or fractional number, a
 * word), which Date.parse would otherwise read as some date.
 */
export declare function parseRetryAfter(header: string | null | undefined, now?: number): number | undefined;
/** What to do after a failed attempt: try again after delayMs, or give the failure to the caller. */
export type RetryDecision = {
    retry: false;
} | {
    retry: true;
    delayMs: number;
    backoff: boolean;
};
/**
 * The retry table every crmgen SDK follows (spec/conformance/retries.yaml): a 429 ran nothing, so
 * any call waits out its Retry-After, once, when that is at most maxRetryAfterSeconds; a 5xx is
 * retried only for calls that may run twice (GET, PUT, DELETE: a proxy's 503 or a lost connection
 * may have let a POST run), after its Retry-After (at most maxRetryAfterSeconds) or the backoff;
 * nothing else, and nothing after `max` retries.
 */
export declare function retryDecision(failure: {
    method: string;
    status: number;
    retryAfter: number | undefined;
    attempt: number;
    rateLimitedBefore: boolean;
}, retry?: RetryOptions): RetryDecision;
/** Full jitter over an exponential window: baseDelayMs doubling per retry, at most maxDelayMs. */
export declare function backoffMs(attempt: number, retry?: RetryOptions): number;
export declare class Transport {
    readonly options: ClientOptions;
    readonly codec: ClientCodec;
    quota: Quota | undefined;
    private readonly format;
    private readonly wire;
    private readonly fetchImpl;
    private readonly auth;
    private readonly base;
    constructor(options: ClientOptions, codec: ClientCodec);
    /** Validates (unless disabled) and returns the request line, headers and body of a call. */
    prepare(call: CallSpec): {
        path: string;
        headers: Record<string, string>;
        body?: string | FormData | undefined;
    };
    /** Decodes a response: the typed body, or the ServiceError subclass of its status from the envelope. */
    read(status: number, contentType: string | null, text: string, response: Message | undefined, quota: Quota | undefined, retryAfter?: number): unknown;
    send: Send;
    private exchange;
    /** A queue whose calls go out together as multipart/mixed batches of at most maxParts. */
    batch(): {
        send: Send;
        flush(): Promise<void>;
    };
}
/** A request's headers: a fetch Headers object, or node:http's IncomingHttpHeaders (names in lower case). */
export type WebhookHeaders = {
    get(name: string): string | null;
} | Record<string, string | string[] | undefined>;
/** One header of either kind, by lower-case name. */
export declare function webhookHeader(headers: WebhookHeaders, name: string): string | undefined;
export interface VerifyOptions {
    /** Standard Webhooks: how far webhook-timestamp may be from now, in seconds (default 300). */
    toleranceSeconds?: number;
    /** The current time in ms (default Date.now()). */
    now?: number;
}
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
export declare function webhookVerdict(body: string | Uint8Array, signature: string | WebhookHeaders | null | undefined, secret: string, options?: VerifyOptions): Promise<WebhookVerdict>;
/** True when webhookVerdict says valid: the delivery is the service's and, with Standard Webhooks, fresh. */
export declare function verifyWebhook(body: string | Uint8Array, signature: string | WebhookHeaders | null | undefined, secret: string, options?: VerifyOptions): Promise<boolean>;
export {};
