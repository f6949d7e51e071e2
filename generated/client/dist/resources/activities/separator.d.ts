import type * as T from '../../types/index.ts';
import type { Caller, UploadOptions } from '../../core.ts';
/** POST /{kind}/separator/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: T.CreateActivityRequest<'separator'>, options?: UploadOptions): Promise<T.CreateActivityResponse<'separator'>>;
/** PUT /{kind}/separator/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: number, body: T.UpdateActivityRequest<'separator'>, options?: UploadOptions): Promise<T.UpdateActivityResponse>;
/** DELETE /{kind}/separator/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: number): Promise<T.DeleteActivityResponse>;
