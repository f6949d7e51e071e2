import type * as T from '../../types/index.ts';
import type { Caller, UploadOptions } from '../../core.ts';
/** POST /{kind}/website/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: T.CreateActivityRequest<'website'>, options?: UploadOptions): Promise<T.CreateActivityResponse<'website'>>;
/** PUT /{kind}/website/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: number, body: T.UpdateActivityRequest<'website'>, options?: UploadOptions): Promise<T.UpdateActivityResponse>;
/** DELETE /{kind}/website/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: number): Promise<T.DeleteActivityResponse>;
