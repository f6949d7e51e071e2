import type * as T from "../types/index.js";
import type * as V from "../views.js";
import type { Caller, CallOptions, ApiPromise, RecordId } from "../core.js";
/** GET /projectblogs/: List records. */
export declare function listRecords(client: Caller, params?: T.ListRecordsParams, options?: CallOptions): ApiPromise<V.ListRecordsResponse<"projectblogs">>;
/** Every list records result, page by page (start/limit). */
export declare function iterateRecords(client: Caller, params?: T.ListRecordsParams, options?: CallOptions): AsyncIterableIterator<NonNullable<V.ListRecordsResponse<"projectblogs">["entries"]>[number]>;
/** POST /projectblogs/: Create record. */
export declare function createRecord(client: Caller, body: T.CreateRecordRequest<"projectblogs">, options?: CallOptions): ApiPromise<V.CreateRecordResponse<"projectblogs", T.ActivitySegment>>;
/** GET /projectblogs/{id}/: Show record with its activities (email messages excluded), categories and related items. */
export declare function showRecord(client: Caller, id: RecordId<"projectblogs">, options?: CallOptions): ApiPromise<V.ShowRecordResponse<"projectblogs", T.ActivitySegment>>;
/** PUT /projectblogs/{id}/: Update record. */
export declare function updateRecord(client: Caller, id: RecordId<"projectblogs">, body: T.UpdateRecordRequest<"projectblogs">, options?: CallOptions): ApiPromise<T.UpdateRecordResponse>;
/** DELETE /projectblogs/{id}/: Delete record. */
export declare function deleteRecord(client: Caller, id: RecordId<"projectblogs">, options?: CallOptions): ApiPromise<T.DeleteRecordResponse>;
/** POST /projectblogs/categories/: Create category tag. */
export declare function createCategory(client: Caller, body: T.CreateCategoryRequest, options?: CallOptions): ApiPromise<T.CreateCategoryResponse>;
/** GET /projectblogs/categories/: List category tags. */
export declare function listCategories(client: Caller, options?: CallOptions): ApiPromise<T.ListCategoriesResponse>;
/** GET /projectblogs/fields/: List fields. */
export declare function listFields(client: Caller, options?: CallOptions): ApiPromise<T.ListFieldsResponse>;
