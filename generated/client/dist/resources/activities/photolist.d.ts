import type * as T from '../../types/index.ts';
import type { Caller, UploadOptions } from '../../core.ts';
/** POST /{kind}/photolist/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: T.CreateActivityRequest<'photolist'>, options?: UploadOptions): Promise<T.CreateActivityResponse<'photolist'>>;
/** PUT /{kind}/photolist/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: number, body: T.UpdateActivityRequest<'photolist'>, options?: UploadOptions): Promise<T.UpdateActivityResponse>;
/** DELETE /{kind}/photolist/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: number): Promise<T.DeleteActivityResponse>;
