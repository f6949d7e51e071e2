import type * as T from "../../types/index.js";
import type * as V from "../../views.js";
import type { Caller, CallOptions, ApiPromise, ActivityId, UploadOptions } from "../../core.js";
/** POST /{kind}/billingawidget/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: V.CreateActivityRequest<"billingawidget">, options?: UploadOptions): ApiPromise<V.CreateActivityResponse<"billingawidget">>;
/** PUT /{kind}/billingawidget/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: ActivityId<"billingawidget">, body: V.UpdateActivityRequest<"billingawidget">, options?: UploadOptions): ApiPromise<T.UpdateActivityResponse>;
/** DELETE /{kind}/billingawidget/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: ActivityId<"billingawidget">, options?: CallOptions): ApiPromise<T.DeleteActivityResponse>;
