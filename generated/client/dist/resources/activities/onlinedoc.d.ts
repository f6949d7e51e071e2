import type * as T from '../../types/index.ts';
import type { Caller, UploadOptions } from '../../core.ts';
/** POST /{kind}/onlinedoc/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: T.CreateActivityRequest<'onlinedoc'>, options?: UploadOptions): Promise<T.CreateActivityResponse<'onlinedoc'>>;
/** PUT /{kind}/onlinedoc/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: number, body: T.UpdateActivityRequest<'onlinedoc'>, options?: UploadOptions): Promise<T.UpdateActivityResponse>;
/** DELETE /{kind}/onlinedoc/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: number): Promise<T.DeleteActivityResponse>;
