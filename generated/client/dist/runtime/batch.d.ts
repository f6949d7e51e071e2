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
export declare class BatchError extends Error {
    readonly key: BatchErrorKey;
    constructor(key: BatchErrorKey, message: string);
}
export interface BatchLimits {
    maxParts: number;
}
export declare const BATCH_METHODS: readonly string[];
/**
 * The boundary parameter of a `multipart/mixed` Content-Type (quoted or not); undefined when
 * the type is not multipart/mixed, the parameters are malformed, or the boundary is absent or
 * empty.
 */
export declare function boundaryOf(contentType: string | undefined): string | undefined;
export declare function parseBatchRequest(body: Uint8Array, contentType: string | undefined, limits: BatchLimits): BatchRequestPart[];
export declare function parseBatchResponse(body: Uint8Array, contentType: string | undefined): BatchResponsePart[];
/**
 * The multipart body of a batch request. Each part gets Content-Type application/http,
 * Content-Transfer-Encoding binary and, when given, Content-ID `<id>`; the nested request gets
 * Content-Length from its body when the body is not empty. Throws TypeError for parts that
 * cannot be written (unknown method, a path or header with line breaks, a boundary in a body).
 */
export declare function serializeBatchRequest(parts: BatchRequestPart[], boundary?: string): {
    contentType: string;
    body: Uint8Array;
};
/**
 * The multipart body of a batch response: parts in the given order, each with Content-ID
 * `<response-ID>` (`<response-N>`, 1-based, when the part has no contentId) and a nested
 * `HTTP/1.1 <code> <text>` response whose Content-Length is always set from its body.
 */
export declare function serializeBatchResponse(parts: BatchResponsePart[], boundary?: string): {
    contentType: string;
    body: Uint8Array;
};
/** The reason phrase for a status line ('Created' for 201); '' for codes without one. */
export declare function statusText(code: number): string;
