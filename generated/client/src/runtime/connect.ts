// Part of the crmgen runtime (runtime/connect.ts), copied into this package by crmgen generate. Do not edit.
// Client glue of the generated entry modules (emit/client.ts): a connection or a whole client over
// the transport, paging through list calls, and webhook notifications by their type. What the spec
// decides (the transport's API facts, the resources, the notification families) comes in as data.
import {
  Transport,
  ValidationError,
  webhookHeader,
  type ClientCodec,
  type ClientOptions,
  type ErrorKeyOf,
  type Quota,
  type Send,
  type WebhookHeaders,
} from './client.ts';
import type { Format } from './formats.ts';

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
export function connectWith(api: Omit<ClientCodec, 'formats'>, options: ConnectOptions): Connection {
  const format = options.format;
  const transport = new Transport({ ...options, format: format.name }, { ...api, formats: { [format.name]: format } });
  return {
    call: transport.send,
    get quota() {
      return transport.quota;
    },
    batch: () => {
      const queue = transport.batch();
      return { call: queue.send, send: queue.flush };
    },
  };
}

/** The resources `resources` builds over the transport, with its latest quota and batches of the same resources. */
export function wholeClient<R extends object>(
  transport: Transport,
  resources: (c: Caller) => R,
): R & { readonly quota: Quota | undefined; batch(): R & { send(): Promise<void> } } {
  const client = resources({ call: transport.send });
  Object.defineProperty(client, 'quota', { get: () => transport.quota, enumerable: true });
  Object.defineProperty(client, 'batch', {
    value: () => {
      const queue = transport.batch();
      return Object.assign(resources({ call: queue.send }), { send: queue.flush });
    },
  });
  return client as R & { readonly quota: Quota | undefined; batch(): R & { send(): Promise<void> } };
}

/** Walks pages until the total is reached or a page comes back empty; `names` are the list call's start and limit parameters and its answer's items and total. */
export async function* paginate<P extends object, R>(
  list: (params: P) => Promise<R>,
  params: P,
  names: { start: string; limit: string; items: string; total: string },
): AsyncIterableIterator<any> {
  let start = ((params as Record<string, unknown>)[names.start] as number | undefined) ?? 0;
  for (;;) {
    const page = (await list({ ...params, [names.start]: start })) as Record<string, unknown>;
    const items = (page[names.items] ?? []) as unknown[];
    yield* items;
    start += items.length;
    if (!items.length || start >= (page[names.total] as number)) return;
  }
}

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
export function decodeNotificationWith(
  decode: (target: string, format: NotificationFormat, body: string) => unknown,
  n: Notifications,
  body: string,
  contentType: string | WebhookHeaders,
): unknown {
  if (typeof contentType !== 'string') {
    const webhookId = webhookHeader(contentType, 'webhook-id');
    const decoded = decodeNotificationWith(decode, n, body, webhookHeader(contentType, 'content-type') ?? '') as object;
    return webhookId === undefined ? decoded : { ...decoded, webhookId };
  }
  const format = contentType.includes('json') ? 'json' : contentType.includes('form') ? 'form' : 'xml';
  const first = decode(n.first, format, body) as { type?: string };
  const family = n.families.find((f) => String(first.type ?? '').startsWith(`${f}.`));
  if (!family)
    throw new ValidationError(
      400,
      [{ key: n.unknownTypeKey, message: `unknown notification type ${String(first.type)}` }],
      undefined,
      true,
    );
  return decode(`notification/${family}`, format, body);
}
