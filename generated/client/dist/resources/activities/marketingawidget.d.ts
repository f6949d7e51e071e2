import type * as T from "../../types/index.js";
import type * as V from "../../views.js";
import type { Caller, CallOptions, ApiPromise, ActivityId, UploadOptions } from "../../core.js";
/** POST /{kind}/marketingawidget/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: V.CreateActivityRequest<"marketingawidget">, options?: UploadOptions): ApiPromise<V.CreateActivityResponse<"marketingawidget">>;
/** PUT /{kind}/marketingawidget/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: ActivityId<"marketingawidget">, body: V.UpdateActivityRequest<"marketingawidget">, options?: UploadOptions): ApiPromise<T.UpdateActivityResponse>;
/** DELETE /{kind}/marketingawidget/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: ActivityId<"marketingawidget">, options?: CallOptions): ApiPromise<T.DeleteActivityResponse>;
