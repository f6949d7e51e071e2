import type * as T from '../../types/index.ts';
import type { Caller, UploadOptions } from '../../core.ts';
/** POST /{kind}/task/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: T.CreateActivityRequest<'task'>, options?: UploadOptions): Promise<T.CreateActivityResponse<'task'>>;
/** PUT /{kind}/task/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: number, body: T.UpdateActivityRequest<'task'>, options?: UploadOptions): Promise<T.UpdateActivityResponse>;
/** DELETE /{kind}/task/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: number): Promise<T.DeleteActivityResponse>;
