import type * as T from '../types/index.ts';
import type { Caller } from '../core.ts';
/** GET /tickets/: List records. */
export declare function listRecords(client: Caller, params?: T.ListRecordsParams): Promise<T.ListRecordsResponse<'tickets'>>;
/** Every list records result, page by page (start/limit). */
export declare function iterateRecords(client: Caller, params?: T.ListRecordsParams): AsyncIterableIterator<NonNullable<T.ListRecordsResponse<'tickets'>['entries']>[number]>;
/** POST /tickets/: Create record. */
export declare function createRecord(client: Caller, body: T.CreateRecordRequest<'tickets'>): Promise<T.CreateRecordResponse<'tickets', T.ActivitySegment>>;
/** GET /tickets/{id}/: Show record with its activities (email messages excluded), categories and related items. */
export declare function showRecord(client: Caller, id: number): Promise<T.ShowRecordResponse<'tickets', T.ActivitySegment>>;
/** PUT /tickets/{id}/: Update record. */
export declare function updateRecord(client: Caller, id: number, body: T.UpdateRecordRequest<'tickets'>): Promise<T.UpdateRecordResponse>;
/** DELETE /tickets/{id}/: Delete record. */
export declare function deleteRecord(client: Caller, id: number): Promise<T.DeleteRecordResponse>;
/** POST /tickets/categories/: Create category tag. */
export declare function createCategory(client: Caller, body: T.CreateCategoryRequest): Promise<T.CreateCategoryResponse>;
/** GET /tickets/categories/: List category tags. */
export declare function listCategories(client: Caller): Promise<T.ListCategoriesResponse>;
/** GET /tickets/fields/: List fields. */
export declare function listFields(client: Caller): Promise<T.ListFieldsResponse>;
