import { Transport, type ClientCodec, type ClientOptions, type ErrorKeyOf, type Quota, type Send, type WebhookHeaders } from './client.js';
import type { Format } from './formats.js';
/** What the functions of ./resources/* call through: a connection, or one of its batches. */
export interface Caller {
    call: Send;
}
/** Calls queued by passing this to resource functions, sent together by send() (one multipart/mixed request per batch's parts limit). */
export interface BatchConnection extends Caller {
    send(): Promise<void>;
}
/** A connection to the service: pass it to the functions of ./resources/*. */
export interface Connection extends Caller {
    /** The latest quota the service reported. */
    readonly quota: Quota | undefined;
    batch(): BatchConnection;
}
export interface ConnectOptions extends Omit<ClientOptions, 'format'> {
    /** The body format: xml from ./xml or json from ./json (only the one imported is bundled). */
    format: Format;
}
/** A connection speaking the one format of `options`, with the API facts of `api`. */
export declare function connectWith(api: Omit<ClientCodec, 'formats'>, options: ConnectOptions): Connection;
/** The resources `resources` builds over the transport, with its latest quota and batches of the same resources. */
export declare function wholeClient<R extends object>(transport: Transport, resources: (c: Caller) => R): R & {
    readonly quota: Quota | undefined;
    batch(): R & {
        send(): Promise<void>;
    };
};
/** Walks pages until the total is reached or a page comes back empty; `names` are the list call's start and limit parameters and its answer's items and total. */
export declare function paginate<P extends object, R>(list: (params: P) => Promise<R>, params: P, names: {
    start: string;
    limit: string;
    items: string;
    total: string;
}): AsyncIterableIterator<any>;
/** The notification families of the spec, the message to read a body's type with, and the key of an unknown type. */
export interface Notifications {
    readonly families: readonly string[];
    /** Any notification message: its type member tells the family. */
    readonly first: string;
    readonly unknownTypeKey: ErrorKeyOf;
}
export type NotificationFormat = 'xml' | 'json' | 'form';
/**
 * A webhook notification decoded by its family (the prefix of its type). Given the request headers
 * instead of a Content-Type, the result also has webhookId. Throws ValidationError on an unknown type.
 */
export declare function decodeNotificationWith(decode: (target: string, format: NotificationFormat, body: string) => unknown, n: Notifications, body: string, contentType: string | WebhookHeaders): unknown;
