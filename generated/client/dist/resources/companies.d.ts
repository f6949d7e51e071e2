import type * as T from '../types/index.ts';
import type { Caller } from '../core.ts';
/** GET /companies/: List records. */
export declare function listRecords(client: Caller, params?: T.ListRecordsParams): Promise<T.ListRecordsResponse<'companies'>>;
/** Every list records result, page by page (start/limit). */
export declare function iterateRecords(client: Caller, params?: T.ListRecordsParams): AsyncIterableIterator<NonNullable<T.ListRecordsResponse<'companies'>['entries']>[number]>;
/** POST /companies/: Create record. */
export declare function createRecord(client: Caller, body: T.CreateRecordRequest<'companies'>): Promise<T.CreateRecordResponse<'companies', T.ActivitySegment>>;
/** GET /companies/{id}/: Show record with its activities (email messages excluded), categories and related items. */
export declare function showRecord(client: Caller, id: number): Promise<T.ShowRecordResponse<'companies', T.ActivitySegment>>;
/** PUT /companies/{id}/: Update record. */
export declare function updateRecord(client: Caller, id: number, body: T.UpdateRecordRequest<'companies'>): Promise<T.UpdateRecordResponse>;
/** DELETE /companies/{id}/: Delete record. */
export declare function deleteRecord(client: Caller, id: number): Promise<T.DeleteRecordResponse>;
/** POST /companies/categories/: Create category tag. */
export declare function createCategory(client: Caller, body: T.CreateCategoryRequest): Promise<T.CreateCategoryResponse>;
/** GET /companies/categories/: List category tags. */
export declare function listCategories(client: Caller): Promise<T.ListCategoriesResponse>;
/** GET /companies/fields/: List fields. */
export declare function listFields(client: Caller): Promise<T.ListFieldsResponse>;
