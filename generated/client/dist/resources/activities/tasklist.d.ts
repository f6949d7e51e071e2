import type * as T from "../../types/index.js";
import type * as V from "../../views.js";
import type { Caller, CallOptions, ApiPromise, ActivityId, UploadOptions } from "../../core.js";
/** POST /{kind}/tasklist/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: V.CreateActivityRequest<"tasklist">, options?: UploadOptions): ApiPromise<V.CreateActivityResponse<"tasklist">>;
/** PUT /{kind}/tasklist/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: ActivityId<"tasklist">, body: V.UpdateActivityRequest<"tasklist">, options?: UploadOptions): ApiPromise<T.UpdateActivityResponse>;
/** DELETE /{kind}/tasklist/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: ActivityId<"tasklist">, options?: CallOptions): ApiPromise<T.DeleteActivityResponse>;
