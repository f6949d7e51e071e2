import type * as T from "../../types/index.js";
import type * as V from "../../views.js";
import type { Caller, CallOptions, ApiPromise, ActivityId, UploadOptions } from "../../core.js";
/** POST /{kind}/scheduledemail/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: V.CreateActivityRequest<"scheduledemail">, options?: UploadOptions): ApiPromise<V.CreateActivityResponse<"scheduledemail">>;
/** PUT /{kind}/scheduledemail/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: ActivityId<"scheduledemail">, body: V.UpdateActivityRequest<"scheduledemail">, options?: UploadOptions): ApiPromise<T.UpdateActivityResponse>;
/** DELETE /{kind}/scheduledemail/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: ActivityId<"scheduledemail">, options?: CallOptions): ApiPromise<T.DeleteActivityResponse>;
