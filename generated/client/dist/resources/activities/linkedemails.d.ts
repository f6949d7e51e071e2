import type * as T from '../../types/index.ts';
import type { Caller, UploadOptions } from '../../core.ts';
/** POST /{kind}/linkedemails/: Create activity. */
export declare function createActivity(client: Caller, kind: T.KindName, body: T.CreateActivityRequest<'linkedemails'>, options?: UploadOptions): Promise<T.CreateActivityResponse<'linkedemails'>>;
/** PUT /{kind}/linkedemails/{id}: Update activity. */
export declare function updateActivity(client: Caller, kind: T.KindName, id: number, body: T.UpdateActivityRequest<'linkedemails'>, options?: UploadOptions): Promise<T.UpdateActivityResponse>;
/** DELETE /{kind}/linkedemails/{id}/: Delete activity. */
export declare function deleteActivity(client: Caller, kind: T.KindName, id: number): Promise<T.DeleteActivityResponse>;
