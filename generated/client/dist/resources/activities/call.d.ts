import type * as T from '../../types/index.ts';
import type { Caller, UploadOptions } from '../../core.ts';
/** POST /{kind}/call/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: T.CreateActivityRequest<'call'>, options?: UploadOptions): Promise<T.CreateActivityResponse<'call'>>;
/** PUT /{kind}/call/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: number, body: T.UpdateActivityRequest<'call'>, options?: UploadOptions): Promise<T.UpdateActivityResponse>;
/** DELETE /{kind}/call/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: number): Promise<T.DeleteActivityResponse>;
