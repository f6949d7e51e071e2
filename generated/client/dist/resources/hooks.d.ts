import type * as T from '../types/index.ts';
import type { Caller } from '../core.ts';
/** POST /hooks/: Create webhook. */
export declare function createHook(client: Caller, body: T.CreateHookRequest): Promise<T.CreateHookResponse>;
/** PUT /hooks/{id}: Update webhook; the body holds any of the fields. */
export declare function updateHook(client: Caller, id: number, body: T.UpdateHookRequest): Promise<T.UpdateHookResponse>;
/** GET /hooks/: List webhooks. */
export declare function listHooks(client: Caller): Promise<T.ListHooksResponse>;
/** GET /hooks/{id}/deliveries: Recent delivery attempts of a webhook, newest first. */
export declare function listHookDeliveries(client: Caller, id: number): Promise<T.ListHookDeliveriesResponse>;
/** POST /hooks/{id}/deliveries/{deliveryId}/redeliver: Send a notification of a webhook again (a new delivery with the same webhook-id, attempted at once). */
export declare function redeliverHook(client: Caller, id: number, deliveryId: number): Promise<T.RedeliverHookResponse>;
/** DELETE /hooks/{id}: Delete webhook. */
export declare function deleteHook(client: Caller, id: number): Promise<T.DeleteHookResponse>;
