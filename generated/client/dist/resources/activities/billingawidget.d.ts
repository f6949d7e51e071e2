import type * as T from '../../types/index.ts';
import type { Caller, UploadOptions } from '../../core.ts';
/** POST /{kind}/billingawidget/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: T.CreateActivityRequest<'billingawidget'>, options?: UploadOptions): Promise<T.CreateActivityResponse<'billingawidget'>>;
/** PUT /{kind}/billingawidget/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: number, body: T.UpdateActivityRequest<'billingawidget'>, options?: UploadOptions): Promise<T.UpdateActivityResponse>;
/** DELETE /{kind}/billingawidget/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: number): Promise<T.DeleteActivityResponse>;
