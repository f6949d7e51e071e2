import type * as T from "../types/index.js";
import type * as V from "../views.js";
import type { Caller, CallOptions, ApiPromise, RecordId } from "../core.js";
/** GET /contacts/: List records. */
export declare function listRecords(client: Caller, params?: T.ListRecordsParams, options?: CallOptions): ApiPromise<V.ListRecordsResponse<"contacts">>;
/** Every list records result, page by page (start/limit). */
export declare function iterateRecords(client: Caller, params?: T.ListRecordsParams, options?: CallOptions): AsyncIterableIterator<NonNullable<V.ListRecordsResponse<"contacts">["entries"]>[number]>;
/** POST /contacts/: Create record. */
export declare function createRecord(client: Caller, body: T.CreateRecordRequest<"contacts">, options?: CallOptions): ApiPromise<V.CreateRecordResponse<"contacts", T.ActivitySegment>>;
/** GET /contacts/{id}/: Show record with its activities (email messages excluded), categories and related items. */
export declare function showRecord(client: Caller, id: RecordId<"contacts">, options?: CallOptions): ApiPromise<V.ShowRecordResponse<"contacts", T.ActivitySegment>>;
/** PUT /contacts/{id}/: Update record. */
export declare function updateRecord(client: Caller, id: RecordId<"contacts">, body: T.UpdateRecordRequest<"contacts">, options?: CallOptions): ApiPromise<T.UpdateRecordResponse>;
/** DELETE /contacts/{id}/: Delete record. */
export declare function deleteRecord(client: Caller, id: RecordId<"contacts">, options?: CallOptions): ApiPromise<T.DeleteRecordResponse>;
/** POST /contacts/categories/: Create category tag. */
export declare function createCategory(client: Caller, body: T.CreateCategoryRequest, options?: CallOptions): ApiPromise<T.CreateCategoryResponse>;
/** GET /contacts/categories/: List category tags. */
export declare function listCategories(client: Caller, options?: CallOptions): ApiPromise<T.ListCategoriesResponse>;
/** GET /contacts/fields/: List fields. */
export declare function listFields(client: Caller, options?: CallOptions): ApiPromise<T.ListFieldsResponse>;
