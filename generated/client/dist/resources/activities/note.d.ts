import type * as T from '../../types/index.ts';
import type { Caller, UploadOptions } from '../../core.ts';
/** POST /{kind}/note/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: T.CreateActivityRequest<'note'>, options?: UploadOptions): Promise<T.CreateActivityResponse<'note'>>;
/** PUT /{kind}/note/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: number, body: T.UpdateActivityRequest<'note'>, options?: UploadOptions): Promise<T.UpdateActivityResponse>;
/** DELETE /{kind}/note/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: number): Promise<T.DeleteActivityResponse>;
