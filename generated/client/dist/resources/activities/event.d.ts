import type * as T from '../../types/index.ts';
import type { Caller, UploadOptions } from '../../core.ts';
/** POST /{kind}/event/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: T.CreateActivityRequest<'event'>, options?: UploadOptions): Promise<T.CreateActivityResponse<'event'>>;
/** PUT /{kind}/event/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: number, body: T.UpdateActivityRequest<'event'>, options?: UploadOptions): Promise<T.UpdateActivityResponse>;
/** DELETE /{kind}/event/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: number): Promise<T.DeleteActivityResponse>;
