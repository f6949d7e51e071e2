import type * as T from "../../types/index.js";
import type * as V from "../../views.js";
import type { Caller, CallOptions, ApiPromise, ActivityId, UploadOptions } from "../../core.js";
/** POST /{kind}/opportunity/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: V.CreateActivityRequest<"opportunity">, options?: UploadOptions): ApiPromise<V.CreateActivityResponse<"opportunity">>;
/** PUT /{kind}/opportunity/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: ActivityId<"opportunity">, body: V.UpdateActivityRequest<"opportunity">, options?: UploadOptions): ApiPromise<T.UpdateActivityResponse>;
/** DELETE /{kind}/opportunity/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: ActivityId<"opportunity">, options?: CallOptions): ApiPromise<T.DeleteActivityResponse>;
