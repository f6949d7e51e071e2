import type * as T from '../../types/index.ts';
import type { Caller, UploadOptions } from '../../core.ts';
/** POST /{kind}/comment/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: T.CreateActivityRequest<'comment'>, options?: UploadOptions): Promise<T.CreateActivityResponse<'comment'>>;
/** PUT /{kind}/comment/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: number, body: T.UpdateActivityRequest<'comment'>, options?: UploadOptions): Promise<T.UpdateActivityResponse>;
/** DELETE /{kind}/comment/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: number): Promise<T.DeleteActivityResponse>;
