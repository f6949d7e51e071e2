import type * as T from "./types/index.js";
import type { ActivityId, CallOptions, ClientCodec, RecordId } from "./runtime/client.js";
import { type Connection, type ConnectOptions } from "./runtime/connect.js";
export { paginate, type BatchConnection, type Caller, type Connection, type ConnectOptions } from "./runtime/connect.js";
export { ServiceError, AuthenticationError, NotFoundError, ValidationError, RateLimitError, ServerError, ConnectionError, verifyWebhook, type WebhookHeaders, type VerifyOptions, type Quota, type RetryOptions, type ErrorDetail, type ActivityId, type ApiPromise, type CallOptions, type RecordId, type ResponseInfo, type ErrorKeyOf, type ClientErrorKey } from "./runtime/client.js";
export type { Format } from "./runtime/formats.js";
/** The API's error keys type ServiceError.keys, errors and details (here, so the modular client has them too). */
declare module './runtime/client.ts' {
    interface ServiceErrorKeys extends Record<T.ErrorKey, true> {
    }
}
/** Turns a plain number from elsewhere (a URL, a database, a notification) into the id of a record of a kind (asId('contacts', 12)) or of an activity of a segment (asId('tasklist', 7)). Ids the client returns already carry their kind: use this only for numbers it did not give you. Throws a TypeError unless the number is a positive integer. */
export declare function asId<N extends T.KindName | T.ActivitySegment>(name: N, id: number): N extends T.KindName ? RecordId<N> : ActivityId<N>;
/** File contents of upload fields (data.file): the request goes as multipart/form-data. */
export interface UploadOptions extends CallOptions {
    files?: Record<string, Blob | Uint8Array>;
}
/** What the transport knows of the API besides the messages each call brings (spec: quota header, content types, batch, limits). */
export declare const api: Omit<ClientCodec, 'formats'>;
/** A connection to the service at baseUrl in one body format, for the functions of ./resources/*: a bundle holds the calls an app makes and nothing else. */
export declare function connect(options: ConnectOptions): Connection;
