import type * as T from "../../types/index.js";
import type * as V from "../../views.js";
import type { Caller, CallOptions, ApiPromise, ActivityId, UploadOptions } from "../../core.js";
/** POST /{kind}/timerecord/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: V.CreateActivityRequest<"timerecord">, options?: UploadOptions): ApiPromise<V.CreateActivityResponse<"timerecord">>;
/** PUT /{kind}/timerecord/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: ActivityId<"timerecord">, body: V.UpdateActivityRequest<"timerecord">, options?: UploadOptions): ApiPromise<T.UpdateActivityResponse>;
/** DELETE /{kind}/timerecord/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: ActivityId<"timerecord">, options?: CallOptions): ApiPromise<T.DeleteActivityResponse>;
