import type * as T from '../types/index.ts';
import type { Caller } from '../core.ts';
/** GET /contacts/: List records. */
export declare function listRecords(client: Caller, params?: T.ListRecordsParams): Promise<T.ListRecordsResponse<'contacts'>>;
/** Every list records result, page by page (start/limit). */
export declare function iterateRecords(client: Caller, params?: T.ListRecordsParams): AsyncIterableIterator<NonNullable<T.ListRecordsResponse<'contacts'>['entries']>[number]>;
/** POST /contacts/: Create record. */
export declare function createRecord(client: Caller, body: T.CreateRecordRequest<'contacts'>): Promise<T.CreateRecordResponse<'contacts', T.ActivitySegment>>;
/** GET /contacts/{id}/: Show record with its activities (email messages excluded), categories and related items. */
export declare function showRecord(client: Caller, id: number): Promise<T.ShowRecordResponse<'contacts', T.ActivitySegment>>;
/** PUT /contacts/{id}/: Update record. */
export declare function updateRecord(client: Caller, id: number, body: T.UpdateRecordRequest<'contacts'>): Promise<T.UpdateRecordResponse>;
/** DELETE /contacts/{id}/: Delete record. */
export declare function deleteRecord(client: Caller, id: number): Promise<T.DeleteRecordResponse>;
/** POST /contacts/categories/: Create category tag. */
export declare function createCategory(client: Caller, body: T.CreateCategoryRequest): Promise<T.CreateCategoryResponse>;
/** GET /contacts/categories/: List category tags. */
export declare function listCategories(client: Caller): Promise<T.ListCategoriesResponse>;
/** GET /contacts/fields/: List fields. */
export declare function listFields(client: Caller): Promise<T.ListFieldsResponse>;
