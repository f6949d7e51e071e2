import type * as T from "../../types/index.js";
import type * as V from "../../views.js";
import type { Caller, CallOptions, ApiPromise, ActivityId, UploadOptions } from "../../core.js";
/** POST /{kind}/call/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: V.CreateActivityRequest<"call">, options?: UploadOptions): ApiPromise<V.CreateActivityResponse<"call">>;
/** PUT /{kind}/call/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: ActivityId<"call">, body: V.UpdateActivityRequest<"call">, options?: UploadOptions): ApiPromise<T.UpdateActivityResponse>;
/** DELETE /{kind}/call/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: ActivityId<"call">, options?: CallOptions): ApiPromise<T.DeleteActivityResponse>;
