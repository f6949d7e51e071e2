import type * as T from '../../types/index.ts';
import type { Caller, UploadOptions } from '../../core.ts';
/** POST /{kind}/opportunity/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: T.CreateActivityRequest<'opportunity'>, options?: UploadOptions): Promise<T.CreateActivityResponse<'opportunity'>>;
/** PUT /{kind}/opportunity/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: number, body: T.UpdateActivityRequest<'opportunity'>, options?: UploadOptions): Promise<T.UpdateActivityResponse>;
/** DELETE /{kind}/opportunity/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: number): Promise<T.DeleteActivityResponse>;
