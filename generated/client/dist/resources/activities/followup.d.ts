import type * as T from '../../types/index.ts';
import type { Caller, UploadOptions } from '../../core.ts';
/** POST /{kind}/followup/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: T.CreateActivityRequest<'followup'>, options?: UploadOptions): Promise<T.CreateActivityResponse<'followup'>>;
/** PUT /{kind}/followup/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: number, body: T.UpdateActivityRequest<'followup'>, options?: UploadOptions): Promise<T.UpdateActivityResponse>;
/** DELETE /{kind}/followup/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: number): Promise<T.DeleteActivityResponse>;
