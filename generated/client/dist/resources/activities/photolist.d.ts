import type * as T from "../../types/index.js";
import type * as V from "../../views.js";
import type { Caller, CallOptions, ApiPromise, ActivityId, UploadOptions } from "../../core.js";
/** POST /{kind}/photolist/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: V.CreateActivityRequest<"photolist">, options?: UploadOptions): ApiPromise<V.CreateActivityResponse<"photolist">>;
/** PUT /{kind}/photolist/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: ActivityId<"photolist">, body: V.UpdateActivityRequest<"photolist">, options?: UploadOptions): ApiPromise<T.UpdateActivityResponse>;
/** DELETE /{kind}/photolist/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: ActivityId<"photolist">, options?: CallOptions): ApiPromise<T.DeleteActivityResponse>;
