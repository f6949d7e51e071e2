import type * as T from "../../types/index.js";
import type * as V from "../../views.js";
import type { Caller, CallOptions, ApiPromise, ActivityId, UploadOptions } from "../../core.js";
/** POST /{kind}/attachmentfile/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: V.CreateActivityRequest<"attachmentfile">, options?: UploadOptions): ApiPromise<V.CreateActivityResponse<"attachmentfile">>;
/** PUT /{kind}/attachmentfile/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: ActivityId<"attachmentfile">, body: V.UpdateActivityRequest<"attachmentfile">, options?: UploadOptions): ApiPromise<T.UpdateActivityResponse>;
/** DELETE /{kind}/attachmentfile/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: ActivityId<"attachmentfile">, options?: CallOptions): ApiPromise<T.DeleteActivityResponse>;
