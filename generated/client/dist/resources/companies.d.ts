import type * as T from "../types/index.js";
import type * as V from "../views.js";
import type { Caller, CallOptions, ApiPromise, RecordId } from "../core.js";
/** GET /companies/: List records. */
export declare function listRecords(client: Caller, params?: T.ListRecordsParams, options?: CallOptions): ApiPromise<V.ListRecordsResponse<"companies">>;
/** Every list records result, page by page (start/limit). */
export declare function iterateRecords(client: Caller, params?: T.ListRecordsParams, options?: CallOptions): AsyncIterableIterator<NonNullable<V.ListRecordsResponse<"companies">["entries"]>[number]>;
/** POST /companies/: Create record. */
export declare function createRecord(client: Caller, body: T.CreateRecordRequest<"companies">, options?: CallOptions): ApiPromise<V.CreateRecordResponse<"companies", T.ActivitySegment>>;
/** GET /companies/{id}/: Show record with its activities (email messages excluded), categories and related items. */
export declare function showRecord(client: Caller, id: RecordId<"companies">, options?: CallOptions): ApiPromise<V.ShowRecordResponse<"companies", T.ActivitySegment>>;
/** PUT /companies/{id}/: Update record. */
export declare function updateRecord(client: Caller, id: RecordId<"companies">, body: T.UpdateRecordRequest<"companies">, options?: CallOptions): ApiPromise<T.UpdateRecordResponse>;
/** DELETE /companies/{id}/: Delete record. */
export declare function deleteRecord(client: Caller, id: RecordId<"companies">, options?: CallOptions): ApiPromise<T.DeleteRecordResponse>;
/** POST /companies/categories/: Create category tag. */
export declare function createCategory(client: Caller, body: T.CreateCategoryRequest, options?: CallOptions): ApiPromise<T.CreateCategoryResponse>;
/** GET /companies/categories/: List category tags. */
export declare function listCategories(client: Caller, options?: CallOptions): ApiPromise<T.ListCategoriesResponse>;
/** GET /companies/fields/: List fields. */
export declare function listFields(client: Caller, options?: CallOptions): ApiPromise<T.ListFieldsResponse>;
