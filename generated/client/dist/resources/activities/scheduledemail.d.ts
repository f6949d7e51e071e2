import type * as T from '../../types/index.ts';
import type { Caller, UploadOptions } from '../../core.ts';
/** POST /{kind}/scheduledemail/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: T.CreateActivityRequest<'scheduledemail'>, options?: UploadOptions): Promise<T.CreateActivityResponse<'scheduledemail'>>;
/** PUT /{kind}/scheduledemail/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: number, body: T.UpdateActivityRequest<'scheduledemail'>, options?: UploadOptions): Promise<T.UpdateActivityResponse>;
/** DELETE /{kind}/scheduledemail/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: number): Promise<T.DeleteActivityResponse>;
