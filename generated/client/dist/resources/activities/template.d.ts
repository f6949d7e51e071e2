import type * as T from '../../types/index.ts';
import type { Caller, UploadOptions } from '../../core.ts';
/** POST /{kind}/template/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: T.CreateActivityRequest<'template'>, options?: UploadOptions): Promise<T.CreateActivityResponse<'template'>>;
/** PUT /{kind}/template/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: number, body: T.UpdateActivityRequest<'template'>, options?: UploadOptions): Promise<T.UpdateActivityResponse>;
/** DELETE /{kind}/template/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: number): Promise<T.DeleteActivityResponse>;
