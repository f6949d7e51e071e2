import type * as T from '../../types/index.ts';
import type { Caller, UploadOptions } from '../../core.ts';
/** POST /{kind}/billingbwidget/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: T.CreateActivityRequest<'billingbwidget'>, options?: UploadOptions): Promise<T.CreateActivityResponse<'billingbwidget'>>;
/** PUT /{kind}/billingbwidget/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: number, body: T.UpdateActivityRequest<'billingbwidget'>, options?: UploadOptions): Promise<T.UpdateActivityResponse>;
/** DELETE /{kind}/billingbwidget/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: number): Promise<T.DeleteActivityResponse>;
