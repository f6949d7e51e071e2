// Part of the crmgen runtime (runtime/connect.ts), copied into this package by crmgen generate. Do not edit.
// Client glue of the generated entry modules (emit/client.ts): a connection or a whole client over
// the transport, paging through list calls, and webhook notifications by their type. What the spec
// decides (the transport's API facts, the resources, the notification families) comes in as data.
import { Transport, ValidationError, webhookHeader, } from './client.js';
/** A connection speaking the one format of `options`, with the API facts of `api`. */
export function connectWith(api, options) {
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
export function wholeClient(transport, resources) {
    const client = resources({ call: transport.send });
    Object.defineProperty(client, 'quota', { get: () => transport.quota, enumerable: true });
    Object.defineProperty(client, 'batch', {
        value: () => {
            const queue = transport.batch();
            return Object.assign(resources({ call: queue.send }), { send: queue.flush });
        },
    });
    return client;
}
/** Walks pages until the total is reached or a page comes back empty; `names` are the list call's start and limit parameters and its answer's items and total. */
export async function* paginate(list, params, names) {
    let start = params[names.start] ?? 0;
    for (;;) {
        const page = (await list({ ...params, [names.start]: start }));
        const items = (page[names.items] ?? []);
        yield* items;
        start += items.length;
        if (!items.length || start >= page[names.total])
            return;
    }
}
/**
 * A webhook notification decoded by its family (the prefix of its type). Given the request headers
 * instead of a Content-Type, the result also has webhookId. Throws ValidationError on an unknown type.
 */
export function decodeNotificationWith(decode, n, body, contentType) {
    if (typeof contentType !== 'string') {
        const webhookId = webhookHeader(contentType, 'webhook-id');
        const decoded = decodeNotificationWith(decode, n, body, webhookHeader(contentType, 'content-type') ?? '');
        return webhookId === undefined ? decoded : { ...decoded, webhookId };
    }
    const format = contentType.includes('json') ? 'json' : contentType.includes('form') ? 'form' : 'xml';
    const first = decode(n.first, format, body);
    const family = n.families.find((f) => String(first.type ?? '').startsWith(`${f}.`));
    if (!family)
        throw new ValidationError(400, [{ key: n.unknownTypeKey, message: `unknown notification type ${String(first.type)}` }], undefined, true);
    return decode(`notification/${family}`, format, body);
}
