import type * as T from '../../types/index.ts';
import type { Caller, UploadOptions } from '../../core.ts';
/** POST /{kind}/file/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: T.CreateActivityRequest<'file'>, options?: UploadOptions): Promise<T.CreateActivityResponse<'file'>>;
/** PUT /{kind}/file/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: number, body: T.UpdateActivityRequest<'file'>, options?: UploadOptions): Promise<T.UpdateActivityResponse>;
/** DELETE /{kind}/file/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: number): Promise<T.DeleteActivityResponse>;
