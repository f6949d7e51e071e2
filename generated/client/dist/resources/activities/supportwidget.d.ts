import type * as T from '../../types/index.ts';
import type { Caller, UploadOptions } from '../../core.ts';
/** POST /{kind}/supportwidget/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: T.CreateActivityRequest<'supportwidget'>, options?: UploadOptions): Promise<T.CreateActivityResponse<'supportwidget'>>;
/** PUT /{kind}/supportwidget/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: number, body: T.UpdateActivityRequest<'supportwidget'>, options?: UploadOptions): Promise<T.UpdateActivityResponse>;
/** DELETE /{kind}/supportwidget/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: number): Promise<T.DeleteActivityResponse>;
