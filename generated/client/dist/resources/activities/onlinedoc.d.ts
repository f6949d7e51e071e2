import type * as T from "../../types/index.js";
import type * as V from "../../views.js";
import type { Caller, CallOptions, ApiPromise, ActivityId, UploadOptions } from "../../core.js";
/** POST /{kind}/onlinedoc/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: V.CreateActivityRequest<"onlinedoc">, options?: UploadOptions): ApiPromise<V.CreateActivityResponse<"onlinedoc">>;
/** PUT /{kind}/onlinedoc/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: ActivityId<"onlinedoc">, body: V.UpdateActivityRequest<"onlinedoc">, options?: UploadOptions): ApiPromise<T.UpdateActivityResponse>;
/** DELETE /{kind}/onlinedoc/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: ActivityId<"onlinedoc">, options?: CallOptions): ApiPromise<T.DeleteActivityResponse>;
