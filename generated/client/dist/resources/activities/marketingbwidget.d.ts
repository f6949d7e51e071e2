import type * as T from "../../types/index.js";
import type * as V from "../../views.js";
import type { Caller, CallOptions, ApiPromise, ActivityId, UploadOptions } from "../../core.js";
/** POST /{kind}/marketingbwidget/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: V.CreateActivityRequest<"marketingbwidget">, options?: UploadOptions): ApiPromise<V.CreateActivityResponse<"marketingbwidget">>;
/** PUT /{kind}/marketingbwidget/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: ActivityId<"marketingbwidget">, body: V.UpdateActivityRequest<"marketingbwidget">, options?: UploadOptions): ApiPromise<T.UpdateActivityResponse>;
/** DELETE /{kind}/marketingbwidget/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: ActivityId<"marketingbwidget">, options?: CallOptions): ApiPromise<T.DeleteActivityResponse>;
