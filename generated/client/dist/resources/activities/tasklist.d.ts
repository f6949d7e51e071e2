import type * as T from '../../types/index.ts';
import type { Caller, UploadOptions } from '../../core.ts';
/** POST /{kind}/tasklist/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: T.CreateActivityRequest<'tasklist'>, options?: UploadOptions): Promise<T.CreateActivityResponse<'tasklist'>>;
/** PUT /{kind}/tasklist/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: number, body: T.UpdateActivityRequest<'tasklist'>, options?: UploadOptions): Promise<T.UpdateActivityResponse>;
/** DELETE /{kind}/tasklist/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: number): Promise<T.DeleteActivityResponse>;
