import type * as T from "../../types/index.js";
import type * as V from "../../views.js";
import type { Caller, CallOptions, ApiPromise, ActivityId, UploadOptions } from "../../core.js";
/** POST /{kind}/photo/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: V.CreateActivityRequest<"photo">, options?: UploadOptions): ApiPromise<V.CreateActivityResponse<"photo">>;
/** PUT /{kind}/photo/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: ActivityId<"photo">, body: V.UpdateActivityRequest<"photo">, options?: UploadOptions): ApiPromise<T.UpdateActivityResponse>;
/** DELETE /{kind}/photo/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: ActivityId<"photo">, options?: CallOptions): ApiPromise<T.DeleteActivityResponse>;
