import type * as T from '../../types/index.ts';
import type { Caller, UploadOptions } from '../../core.ts';
/** POST /{kind}/{segment}/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: T.CreateActivityRequest<'followup'>, options?: UploadOptions): Promise<T.CreateActivityResponse<'followup'>>;
/** PUT /{kind}/{segment}/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: number, body: T.UpdateActivityRequest<'followup'>, options?: UploadOptions): Promise<T.UpdateActivityResponse>;
/** DELETE /{kind}/{segment}/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: number): Promise<T.DeleteActivityResponse>;
