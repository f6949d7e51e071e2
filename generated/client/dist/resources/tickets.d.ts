import type * as T from "../types/index.js";
import type * as V from "../views.js";
import type { Caller, CallOptions, ApiPromise, RecordId } from "../core.js";
/** GET /tickets/: List records. */
export declare function listRecords(client: Caller, params?: T.ListRecordsParams, options?: CallOptions): ApiPromise<V.ListRecordsResponse<"tickets">>;
/** Every list records result, page by page (start/limit). */
export declare function iterateRecords(client: Caller, params?: T.ListRecordsParams, options?: CallOptions): AsyncIterableIterator<NonNullable<V.ListRecordsResponse<"tickets">["entries"]>[number]>;
/** POST /tickets/: Create record. */
export declare function createRecord(client: Caller, body: T.CreateRecordRequest<"tickets">, options?: CallOptions): ApiPromise<V.CreateRecordResponse<"tickets", T.ActivitySegment>>;
/** GET /tickets/{id}/: Show record with its activities (email messages excluded), categories and related items. */
export declare function showRecord(client: Caller, id: RecordId<"tickets">, options?: CallOptions): ApiPromise<V.ShowRecordResponse<"tickets", T.ActivitySegment>>;
/** PUT /tickets/{id}/: Update record. */
export declare function updateRecord(client: Caller, id: RecordId<"tickets">, body: T.UpdateRecordRequest<"tickets">, options?: CallOptions): ApiPromise<T.UpdateRecordResponse>;
/** DELETE /tickets/{id}/: Delete record. */
export declare function deleteRecord(client: Caller, id: RecordId<"tickets">, options?: CallOptions): ApiPromise<T.DeleteRecordResponse>;
/** POST /tickets/categories/: Create category tag. */
export declare function createCategory(client: Caller, body: T.CreateCategoryRequest, options?: CallOptions): ApiPromise<T.CreateCategoryResponse>;
/** GET /tickets/categories/: List category tags. */
export declare function listCategories(client: Caller, options?: CallOptions): ApiPromise<T.ListCategoriesResponse>;
/** GET /tickets/fields/: List fields. */
export declare function listFields(client: Caller, options?: CallOptions): ApiPromise<T.ListFieldsResponse>;
