import type * as T from '../../types/index.ts';
import type { Caller, UploadOptions } from '../../core.ts';
/** POST /{kind}/attachmentfile/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: T.CreateActivityRequest<'attachmentfile'>, options?: UploadOptions): Promise<T.CreateActivityResponse<'attachmentfile'>>;
/** PUT /{kind}/attachmentfile/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: number, body: T.UpdateActivityRequest<'attachmentfile'>, options?: UploadOptions): Promise<T.UpdateActivityResponse>;
/** DELETE /{kind}/attachmentfile/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: number): Promise<T.DeleteActivityResponse>;
