import { type DecodeIssue } from './codec.js';
import { type UploadedFile } from './form-data.js';
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
    admit(head: RequestHead): Promise<{
        refused: ServiceResponse;
    } | {
        admission: Admission;
    }>;
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
export type PipelineErrorKey = 'unknownpath' | 'methodnotallowed' | 'unsupportedmediatype' | 'malformedrequest' | 'incorrectfield' | 'invalidvalue' | 'invalidcharacter' | 'requesttoolarge' | 'invalidbatch' | 'toomanyparts' | 'partauthorization' | 'authenticationfailed' | 'toomanyfailedlogins' | 'quotaexceeded' | 'internalerror';
/** A failure a handler reports: the key of the error envelope and, optionally, a more precise message. */
export declare class ServiceError<K extends string = string> extends Error {
    readonly errors: ErrorEntry<K>[];
    constructor(key: K, message?: string, path?: string);
    /** Several failures at once; the first names the error. */
    static of<K extends string>(errors: readonly ErrorEntry<K>[]): ServiceError<K>;
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
    errors: Record<K | PipelineErrorKey, {
        status: number;
        message: string;
    }>;
    contentTypes: {
        xml: readonly string[];
        json: readonly string[];
        form: readonly string[];
        upload: readonly string[];
    };
    output: {
        xml: string;
        json: string;
        jsonp: string;
    };
    jsonpParameter: string;
    quotaHeader: string;
    batch: {
        maxParts: number;
        contentType: string;
    };
    /** maxDepth: nesting of JSON and form bodies (and XML's), the spec's maxXmlDepth. */
    limits: {
        maxBodyBytes: number;
        maxUploadBytes: number;
        maxDepth: number;
    };
    decode(target: string, format: Format, body: string | Uint8Array | Record<string, unknown>): {
        value: unknown;
        issues: DecodeIssue[];
    };
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
    attempt(address: string, email: string): {
        retryAfter: number;
        settle(outcome: 'matched' | 'failed' | 'fault'): void;
    };
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
    outage?(error: unknown): {
        key: string;
        message?: string;
        headers?: Record<string, string>;
    } | undefined;
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
    batch?: {
        request: ServiceRequest;
        index: number;
        contentId?: string | undefined;
    } | undefined;
}
/**
 * ServiceDefinition.invoke over an object with one method per operation (the generated Handlers<C>):
 * the method named by the operation's id, called on that object. An operation without a method is
 * a programming error, not the caller's: it throws (the pipeline answers 500).
 */
export declare function invokeHandlers<C>(handlers: object): ServiceDefinition['invoke'];
export declare function createDispatch<C, K extends string = string>(def: ServiceDefinition<K>, hooks: ServiceHooks<C>): Dispatch;
