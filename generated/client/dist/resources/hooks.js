import { check } from "../validators/problems.js";
import * as c_common from "../codecs/common.js";
import * as v_common from "../validators/schemas/common.js";
/** POST /hooks/: Create webhook. */
export function createHook(client, body, options = {}) {
    return client.call({ method: "POST", path: `/hooks/`, body: { message: c_common.createHookRequest, validate: (v) => check(v_common.createHook_request, v), value: body }, response: c_common.createHookResponse, options });
}
/** PUT /hooks/{id}: Update webhook; the body holds any of the fields. */
export function updateHook(client, id, body, options = {}) {
    return client.call({ method: "PUT", path: `/hooks/${id}`, body: { message: c_common.updateHookRequest, validate: (v) => check(v_common.updateHook_request, v), value: body }, response: c_common.updateHookResponse, options });
}
/** GET /hooks/: List webhooks. */
export function listHooks(client, options = {}) {
    return client.call({ method: "GET", path: `/hooks/`, response: c_common.listHooksResponse, options });
}
/** GET /hooks/{id}/deliveries: Recent delivery attempts of a webhook, newest first. */
export function listHookDeliveries(client, id, options = {}) {
    return client.call({ method: "GET", path: `/hooks/${id}/deliveries`, response: c_common.listHookDeliveriesResponse, options });
}
/** POST /hooks/{id}/deliveries/{deliveryId}/redeliver: Send a notification of a webhook again (a new delivery with the same webhook-id, attempted at once). */
export function redeliverHook(client, id, deliveryId, options = {}) {
    return client.call({ method: "POST", path: `/hooks/${id}/deliveries/${deliveryId}/redeliver`, response: c_common.redeliverHookResponse, options });
}
/** DELETE /hooks/{id}: Delete webhook. */
export function deleteHook(client, id, options = {}) {
    return client.call({ method: "DELETE", path: `/hooks/${id}`, response: c_common.deleteHookResponse, options });
}
