import type * as T from '../../types/index.ts';
import type { Caller, UploadOptions } from '../../core.ts';
/** POST /{kind}/marketingawidget/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: T.CreateActivityRequest<'marketingawidget'>, options?: UploadOptions): Promise<T.CreateActivityResponse<'marketingawidget'>>;
/** PUT /{kind}/marketingawidget/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: number, body: T.UpdateActivityRequest<'marketingawidget'>, options?: UploadOptions): Promise<T.UpdateActivityResponse>;
/** DELETE /{kind}/marketingawidget/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: number): Promise<T.DeleteActivityResponse>;
