import type * as T from '../types/index.ts';
import type { Caller } from '../core.ts';
/** GET /projectblogs/: List records. */
export declare function listRecords(client: Caller, params?: T.ListRecordsParams): Promise<T.ListRecordsResponse<'projectblogs'>>;
/** Every list records result, page by page (start/limit). */
export declare function iterateRecords(client: Caller, params?: T.ListRecordsParams): AsyncIterableIterator<NonNullable<T.ListRecordsResponse<'projectblogs'>['entries']>[number]>;
/** POST /projectblogs/: Create record. */
export declare function createRecord(client: Caller, body: T.CreateRecordRequest<'projectblogs'>): Promise<T.CreateRecordResponse<'projectblogs', T.ActivitySegment>>;
/** GET /projectblogs/{id}/: Show record with its activities (email messages excluded), categories and related items. */
export declare function showRecord(client: Caller, id: number): Promise<T.ShowRecordResponse<'projectblogs', T.ActivitySegment>>;
/** PUT /projectblogs/{id}/: Update record. */
export declare function updateRecord(client: Caller, id: number, body: T.UpdateRecordRequest<'projectblogs'>): Promise<T.UpdateRecordResponse>;
/** DELETE /projectblogs/{id}/: Delete record. */
export declare function deleteRecord(client: Caller, id: number): Promise<T.DeleteRecordResponse>;
/** POST /projectblogs/categories/: Create category tag. */
export declare function createCategory(client: Caller, body: T.CreateCategoryRequest): Promise<T.CreateCategoryResponse>;
/** GET /projectblogs/categories/: List category tags. */
export declare function listCategories(client: Caller): Promise<T.ListCategoriesResponse>;
/** GET /projectblogs/fields/: List fields. */
export declare function listFields(client: Caller): Promise<T.ListFieldsResponse>;
