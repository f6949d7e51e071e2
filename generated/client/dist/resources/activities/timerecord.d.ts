import type * as T from '../../types/index.ts';
import type { Caller, UploadOptions } from '../../core.ts';
/** POST /{kind}/timerecord/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: T.CreateActivityRequest<'timerecord'>, options?: UploadOptions): Promise<T.CreateActivityResponse<'timerecord'>>;
/** PUT /{kind}/timerecord/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: number, body: T.UpdateActivityRequest<'timerecord'>, options?: UploadOptions): Promise<T.UpdateActivityResponse>;
/** DELETE /{kind}/timerecord/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: number): Promise<T.DeleteActivityResponse>;
