import type * as T from "../../types/index.js";
import type * as V from "../../views.js";
import type { Caller, CallOptions, ApiPromise, ActivityId, UploadOptions } from "../../core.js";
/** POST /{kind}/separator/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: V.CreateActivityRequest<"separator">, options?: UploadOptions): ApiPromise<V.CreateActivityResponse<"separator">>;
/** PUT /{kind}/separator/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: ActivityId<"separator">, body: V.UpdateActivityRequest<"separator">, options?: UploadOptions): ApiPromise<T.UpdateActivityResponse>;
/** DELETE /{kind}/separator/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: ActivityId<"separator">, options?: CallOptions): ApiPromise<T.DeleteActivityResponse>;
