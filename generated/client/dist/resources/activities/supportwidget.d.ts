import type * as T from "../../types/index.js";
import type * as V from "../../views.js";
import type { Caller, CallOptions, ApiPromise, ActivityId, UploadOptions } from "../../core.js";
/** POST /{kind}/supportwidget/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: V.CreateActivityRequest<"supportwidget">, options?: UploadOptions): ApiPromise<V.CreateActivityResponse<"supportwidget">>;
/** PUT /{kind}/supportwidget/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: ActivityId<"supportwidget">, body: V.UpdateActivityRequest<"supportwidget">, options?: UploadOptions): ApiPromise<T.UpdateActivityResponse>;
/** DELETE /{kind}/supportwidget/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: ActivityId<"supportwidget">, options?: CallOptions): ApiPromise<T.DeleteActivityResponse>;
