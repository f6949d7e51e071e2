import type * as T from '../../types/index.ts';
import type { Caller, UploadOptions } from '../../core.ts';
/** POST /{kind}/photo/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: T.CreateActivityRequest<'photo'>, options?: UploadOptions): Promise<T.CreateActivityResponse<'photo'>>;
/** PUT /{kind}/photo/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: number, body: T.UpdateActivityRequest<'photo'>, options?: UploadOptions): Promise<T.UpdateActivityResponse>;
/** DELETE /{kind}/photo/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: number): Promise<T.DeleteActivityResponse>;
