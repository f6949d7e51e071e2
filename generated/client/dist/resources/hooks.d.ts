import type * as T from "../types/index.js";
import type * as V from "../views.js";
import type { Caller, CallOptions, ApiPromise } from "../core.js";
/** POST /hooks/: Create webhook. */
export declare function createHook(client: Caller, body: V.CreateHookRequest, options?: CallOptions): ApiPromise<T.CreateHookResponse>;
/** PUT /hooks/{id}: Update webhook; the body holds any of the fields. */
export declare function updateHook(client: Caller, id: number, body: V.UpdateHookRequest, options?: CallOptions): ApiPromise<T.UpdateHookResponse>;
/** GET /hooks/: List webhooks. */
export declare function listHooks(client: Caller, options?: CallOptions): ApiPromise<V.ListHooksResponse>;
/** GET /hooks/{id}/deliveries: Recent delivery attempts of a webhook, newest first. */
export declare function listHookDeliveries(client: Caller, id: number, options?: CallOptions): ApiPromise<T.ListHookDeliveriesResponse>;
/** POST /hooks/{id}/deliveries/{deliveryId}/redeliver: Send a notification of a webhook again (a new delivery with the same webhook-id, attempted at once). */
export declare function redeliverHook(client: Caller, id: number, deliveryId: number, options?: CallOptions): ApiPromise<T.RedeliverHookResponse>;
/** DELETE /hooks/{id}: Delete webhook. */
export declare function deleteHook(client: Caller, id: number, options?: CallOptions): ApiPromise<T.DeleteHookResponse>;
