import type * as T from "../../types/index.js";
import type * as V from "../../views.js";
import type { Caller, CallOptions, ApiPromise, ActivityId, UploadOptions } from "../../core.js";
/** POST /{kind}/billingbwidget/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: V.CreateActivityRequest<"billingbwidget">, options?: UploadOptions): ApiPromise<V.CreateActivityResponse<"billingbwidget">>;
/** PUT /{kind}/billingbwidget/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: ActivityId<"billingbwidget">, body: V.UpdateActivityRequest<"billingbwidget">, options?: UploadOptions): ApiPromise<T.UpdateActivityResponse>;
/** DELETE /{kind}/billingbwidget/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: ActivityId<"billingbwidget">, options?: CallOptions): ApiPromise<T.DeleteActivityResponse>;
