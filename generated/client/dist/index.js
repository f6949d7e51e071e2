import { Transport, ServiceError, verifyWebhook, webhookHeader } from './runtime/client.js';
import { decode, encode } from './codecs/index.js';
import { validateRequest } from './validators/index.js';
export { ServiceError, verifyWebhook } from './runtime/client.js';
const kinds = ['contacts', 'companies', 'projectblogs', 'tickets'];
const segments = [
    'attachmentfile',
    'call',
    'comment',
    'marketingawidget',
    'marketingbwidget',
    'event',
    'file',
    'followup',
    'billingawidget',
    'onlinedoc',
    'linkedemails',
    'note',
    'opportunity',
    'photo',
    'photolist',
    'separator',
    'scheduledemail',
    'task',
    'tasklist',
    'template',
    'timerecord',
    'website',
    'billingbwidget',
    'supportwidget',
];
const codec = {
    encode: (target, format, value) => encode(target, format, value),
    decode: (target, format, body) => decode(target, format, body),
    validate: (target, value) => validateRequest(target, value),
    errorTarget: 'error.response',
    quotaHeader: 'Http-X-Service-Api-Call-Limit',
    contentTypes: { xml: 'application/xml', json: 'application/json', form: 'application/x-www-form-urlencoded' },
    batch: { path: '/batch', maxParts: 100 },
};
/** Walks pages until the total is reached or a page comes back empty. */
async function* paginate(list, params, names) {
    let start = params[names.start] ?? 0;
    for (;;) {
        const page = await list({ ...params, [names.start]: start });
        const items = (page[names.items] ?? []);
        yield* items;
        start += items.length;
        if (!items.length || start >= page[names.total])
            return;
    }
}
function activityResource(kind, segment, send) {
    return {
        create: (body, options = {}) => send({
            method: 'POST',
            path: `/${kind}/${segment}/`,
            body: { target: `activities/${segment}.createActivity.request`, value: body },
            response: `activities/${segment}.createActivity.response`,
            ...(options.files && { files: options.files }),
        }),
        update: (id, body, options = {}) => send({
            method: 'PUT',
            path: `/${kind}/${segment}/${id}`,
            body: { target: `activities/${segment}.updateActivity.request`, value: body },
            response: 'activities/updateActivity.response',
            ...(options.files && { files: options.files }),
        }),
        delete: (id) => send({
            method: 'DELETE',
            path: `/${kind}/${segment}/${id}/`,
            response: 'activities/deleteActivity.response',
        }),
    };
}
function kindResource(kind, send) {
    return {
        list: (params = {}) => send({
            method: 'GET',
            path: `/${kind}/`,
            params: { target: `records/${kind}.listRecords.params`, value: params },
            response: `records/${kind}.listRecords.response`,
        }),
        create: (body) => send({
            method: 'POST',
            path: `/${kind}/`,
            body: { target: `records/${kind}.createRecord.request`, value: body },
            response: `records/${kind}.createRecord.response`,
        }),
        show: (id) => send({
            method: 'GET',
            path: `/${kind}/${id}/`,
            response: `records/${kind}.showRecord.response`,
        }),
        update: (id, body) => send({
            method: 'PUT',
            path: `/${kind}/${id}/`,
            body: { target: `records/${kind}.updateRecord.request`, value: body },
            response: `records/${kind}.updateRecord.response`,
        }),
        delete: (id) => send({
            method: 'DELETE',
            path: `/${kind}/${id}/`,
            response: `records/${kind}.deleteRecord.response`,
        }),
        categories: {
            create: (body) => send({
                method: 'POST',
                path: `/${kind}/categories/`,
                body: { target: `records/${kind}.createCategory.request`, value: body },
                response: `records/${kind}.createCategory.response`,
            }),
            list: () => send({
                method: 'GET',
                path: `/${kind}/categories/`,
                response: `records/${kind}.listCategories.response`,
            }),
        },
        fields: {
            list: () => send({
                method: 'GET',
                path: `/${kind}/fields/`,
                response: `records/${kind}.listFields.response`,
            }),
        },
        iterate: (params = {}) => paginate((params) => send({
            method: 'GET',
            path: `/${kind}/`,
            params: { target: `records/${kind}.listRecords.params`, value: params },
            response: `records/${kind}.listRecords.response`,
        }), params, { start: 'start', limit: 'limit', items: 'entries', total: 'count' }),
        activities: Object.fromEntries(segments.map((segment) => [segment, activityResource(kind, segment, send)])),
    };
}
function resources(send) {
    const root = {
        ownership: {
            list: (params = {}) => send({
                method: 'GET',
                path: `/ownership/`,
                params: { target: 'listOwnership.params', value: params },
                response: 'listOwnership.response',
            }),
        },
        hooks: {
            create: (body) => send({
                method: 'POST',
                path: `/hooks/`,
                body: { target: 'createHook.request', value: body },
                response: 'createHook.response',
            }),
            update: (id, body) => send({
                method: 'PUT',
                path: `/hooks/${id}`,
                body: { target: 'updateHook.request', value: body },
                response: 'updateHook.response',
            }),
            list: () => send({ method: 'GET', path: `/hooks/`, response: 'listHooks.response' }),
            deliveries: (id) => send({
                method: 'GET',
                path: `/hooks/${id}/deliveries`,
                response: 'listHookDeliveries.response',
            }),
            redeliver: (id, deliveryId) => send({
                method: 'POST',
                path: `/hooks/${id}/deliveries/${deliveryId}/redeliver`,
                response: 'redeliverHook.response',
            }),
            delete: (id) => send({ method: 'DELETE', path: `/hooks/${id}`, response: 'deleteHook.response' }),
        },
        reports: {
            nextactions: (params = {}) => send({
                method: 'GET',
                path: `/report/nextactions/`,
                params: { target: 'reportNextactions.params', value: params },
                response: 'reportNextactions.response',
            }),
            calendar: (params = {}) => send({
                method: 'GET',
                path: `/report/calendar/`,
                params: { target: 'reportCalendar.params', value: params },
                response: 'reportCalendar.response',
            }),
            followups: (params = {}) => send({
                method: 'GET',
                path: `/report/followups/`,
                params: { target: 'reportFollowups.params', value: params },
                response: 'reportFollowups.response',
            }),
            opportunities: (params = {}) => send({
                method: 'GET',
                path: `/report/opportunities/`,
                params: { target: 'reportOpportunities.params', value: params },
                response: 'reportOpportunities.response',
            }),
            activities: (params = {}) => send({
                method: 'GET',
                path: `/report/activities/`,
                params: { target: 'reportActivities.params', value: params },
                response: 'reportActivities.response',
            }),
            timetracking: (params = {}) => send({
                method: 'GET',
                path: `/report/timetracking/`,
                params: { target: 'reportTimetracking.params', value: params },
                response: 'reportTimetracking.response',
            }),
        },
    };
    return { ...Object.fromEntries(kinds.map((kind) => [kind, kindResource(kind, send)])), ...root };
}
/** A client of the service at baseUrl, authenticating with the e-mail address and API token. */
export function createClient(options) {
    const transport = new Transport(options, codec);
    const client = resources(transport.send);
    Object.defineProperty(client, 'quota', { get: () => transport.quota, enumerable: true });
    Object.defineProperty(client, 'batch', {
        value: () => {
            const queue = transport.batch();
            return Object.assign(resources(queue.send), { send: queue.flush });
        },
    });
    return client;
}
/** Decodes a webhook notification body (xml, json or form, by its Content-Type). Verify its signature first with verifyWebhook. Given the request headers instead of the Content-Type, the result also has webhookId (the webhook-id header: the same on every retry, for dropping duplicates). */
export function decodeNotification(body, contentType) {
    if (typeof contentType !== 'string') {
        const webhookId = webhookHeader(contentType, 'webhook-id');
        const n = decodeNotification(body, webhookHeader(contentType, 'content-type') ?? '');
        return webhookId === undefined ? n : { ...n, webhookId };
    }
    const format = contentType.includes('json') ? 'json' : contentType.includes('form') ? 'form' : 'xml';
    const families = ['items', 'activities'];
    const first = decode('notification/items', format, body).value;
    const family = families.find((f) => String(first.type ?? '').startsWith(`${f}.`));
    if (!family)
        throw new ServiceError(400, [{ key: 'invalidvalue', message: `unknown notification type ${String(first.type)}` }]);
    return decode(`notification/${family}`, format, body).value;
}
