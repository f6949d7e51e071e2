import type { Message } from './codec.ts';
import type { Format } from './formats.ts';
import type { XmlLimits } from './xml.ts';
export type WireFormat = 'xml' | 'json';
export interface Quota {
    used: number;
    allowed: number;
}
export interface RetryOptions {
    /** Retries after the first attempt (default 3); 0 disables. */
    max?: number;
    /** First backoff delay (default 200 ms); doubles each retry, with full jitter. */
    baseDelayMs?: number;
    maxDelayMs?: number;
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
export interface ErrorDetail {
    key: string;
    message: string;
    path?: string;
}
/** A failed call: HTTP status, the envelope's keys and messages, and the quota when known. */
export declare class ServiceError extends Error {
    readonly status: number;
    readonly errors: Record<string, string>;
    readonly details: ErrorDetail[];
    readonly quota: Quota | undefined;
    /** True when the request failed local validation and was never sent. */
    readonly local: boolean;
    constructor(status: number, details: ErrorDetail[], quota?: Quota, local?: boolean);
    get keys(): string[];
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
}
/** Sends one call now (direct) or later (batch): the resources are built over either. */
export type Send = (call: CallSpec) => Promise<unknown>;
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
    /** Decodes a response: the typed body, or a ServiceError from the envelope. */
    read(status: number, contentType: string | null, text: string, response: Message | undefined, quota: Quota | undefined): unknown;
    send: Send;
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
/**
 * Verifies a webhook delivery with the hook's secret.
 * - With the request's headers: the Standard Webhooks signature (webhook-id, webhook-timestamp,
 *   webhook-signature: `v1,` base64 HMAC-SHA256 of `id.timestamp.body`) when present, refusing a
 *   timestamp further than the tolerance (default 5 minutes) from now, so an old notification
 *   cannot be replayed; otherwise X-Service-Hmac-Sha256.
 * - With a string: that X-Service-Hmac-Sha256 value (lower-case hex HMAC-SHA256 of the exact body).
 */
export declare function verifyWebhook(body: string | Uint8Array, signature: string | WebhookHeaders | null | undefined, secret: string, options?: VerifyOptions): Promise<boolean>;
