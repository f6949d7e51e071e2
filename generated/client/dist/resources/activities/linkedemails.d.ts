import type * as T from "../../types/index.js";
import type * as V from "../../views.js";
import type { Caller, CallOptions, ApiPromise, ActivityId, UploadOptions } from "../../core.js";
/** POST /{kind}/linkedemails/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: V.CreateActivityRequest<"linkedemails">, options?: UploadOptions): ApiPromise<V.CreateActivityResponse<"linkedemails">>;
/** PUT /{kind}/linkedemails/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: ActivityId<"linkedemails">, body: V.UpdateActivityRequest<"linkedemails">, options?: UploadOptions): ApiPromise<T.UpdateActivityResponse>;
/** DELETE /{kind}/linkedemails/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: ActivityId<"linkedemails">, options?: CallOptions): ApiPromise<T.DeleteActivityResponse>;
