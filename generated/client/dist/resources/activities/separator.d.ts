import type * as T from '../../types/index.ts';
import type * as V from '../../views.ts';
import type { Caller, CallOptions, ApiPromise, ActivityId, UploadOptions } from '../../core.ts';
/** POST /{kind}/separator/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: V.CreateActivityRequest<'separator'>, options?: UploadOptions): ApiPromise<V.CreateActivityResponse<'separator'>>;
/** PUT /{kind}/separator/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: ActivityId<'separator'>, body: V.UpdateActivityRequest<'separator'>, options?: UploadOptions): ApiPromise<T.UpdateActivityResponse>;
/** DELETE /{kind}/separator/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: ActivityId<'separator'>, options?: CallOptions): ApiPromise<T.DeleteActivityResponse>;
