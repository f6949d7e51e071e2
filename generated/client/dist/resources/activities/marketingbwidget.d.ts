import type * as T from '../../types/index.ts';
import type { Caller, UploadOptions } from '../../core.ts';
/** POST /{kind}/marketingbwidget/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: T.CreateActivityRequest<'marketingbwidget'>, options?: UploadOptions): Promise<T.CreateActivityResponse<'marketingbwidget'>>;
/** PUT /{kind}/marketingbwidget/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: number, body: T.UpdateActivityRequest<'marketingbwidget'>, options?: UploadOptions): Promise<T.UpdateActivityResponse>;
/** DELETE /{kind}/marketingbwidget/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: number): Promise<T.DeleteActivityResponse>;
