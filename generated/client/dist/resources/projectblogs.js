import { paginate } from "../core.js";
import { check } from "../validators/problems.js";
import * as c_records_projectblogs from "../codecs/records/projectblogs.js";
import * as v_records_projectblogs from "../validators/schemas/records/projectblogs.js";
/** GET /projectblogs/: List records. */
export function listRecords(client, params = {}, options = {}) {
    return client.call({ method: "GET", path: `/projectblogs/`, params: { message: c_records_projectblogs.listRecordsParams, validate: (v) => check(v_records_projectblogs.records_projectblogs_listRecords_params, v), value: params }, response: c_records_projectblogs.listRecordsResponse, options });
}
/** Every list records result, page by page (start/limit). */
export function iterateRecords(client, params = {}, options = {}) {
    return paginate((params) => listRecords(client, params, options), params, { "start": "start", "limit": "limit", "items": "entries", "total": "count" });
}
/** POST /projectblogs/: Create record. */
export function createRecord(client, body, options = {}) {
    return client.call({ method: "POST", path: `/projectblogs/`, body: { message: c_records_projectblogs.createRecordRequest, validate: (v) => check(v_records_projectblogs.records_projectblogs_createRecord_request, v), value: body }, response: c_records_projectblogs.createRecordResponse, options });
}
/** GET /projectblogs/{id}/: Show record with its activities (email messages excluded), categories and related items. */
export function showRecord(client, id, options = {}) {
    return client.call({ method: "GET", path: `/projectblogs/${id}/`, response: c_records_projectblogs.showRecordResponse, options });
}
/** PUT /projectblogs/{id}/: Update record. */
export function updateRecord(client, id, body, options = {}) {
    return client.call({ method: "PUT", path: `/projectblogs/${id}/`, body: { message: c_records_projectblogs.updateRecordRequest, validate: (v) => check(v_records_projectblogs.records_projectblogs_updateRecord_request, v), value: body }, response: c_records_projectblogs.updateRecordResponse, options });
}
/** DELETE /projectblogs/{id}/: Delete record. */
export function deleteRecord(client, id, options = {}) {
    return client.call({ method: "DELETE", path: `/projectblogs/${id}/`, response: c_records_projectblogs.deleteRecordResponse, options });
}
/** POST /projectblogs/categories/: Create category tag. */
export function createCategory(client, body, options = {}) {
    return client.call({ method: "POST", path: `/projectblogs/categories/`, body: { message: c_records_projectblogs.createCategoryRequest, validate: (v) => check(v_records_projectblogs.records_projectblogs_createCategory_request, v), value: body }, response: c_records_projectblogs.createCategoryResponse, options });
}
/** GET /projectblogs/categories/: List category tags. */
export function listCategories(client, options = {}) {
    return client.call({ method: "GET", path: `/projectblogs/categories/`, response: c_records_projectblogs.listCategoriesResponse, options });
}
/** GET /projectblogs/fields/: List fields. */
export function listFields(client, options = {}) {
    return client.call({ method: "GET", path: `/projectblogs/fields/`, response: c_records_projectblogs.listFieldsResponse, options });
}
