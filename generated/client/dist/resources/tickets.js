import { paginate } from "../core.js";
import { check } from "../validators/problems.js";
import * as c_records_tickets from "../codecs/records/tickets.js";
import * as v_records_tickets from "../validators/schemas/records/tickets.js";
/** GET /tickets/: List records. */
export function listRecords(client, params = {}, options = {}) {
    return client.call({ method: "GET", path: `/tickets/`, params: { message: c_records_tickets.listRecordsParams, validate: (v) => check(v_records_tickets.records_tickets_listRecords_params, v), value: params }, response: c_records_tickets.listRecordsResponse, options });
}
/** Every list records result, page by page (start/limit). */
export function iterateRecords(client, params = {}, options = {}) {
    return paginate((params) => listRecords(client, params, options), params, { "start": "start", "limit": "limit", "items": "entries", "total": "count" });
}
/** POST /tickets/: Create record. */
export function createRecord(client, body, options = {}) {
    return client.call({ method: "POST", path: `/tickets/`, body: { message: c_records_tickets.createRecordRequest, validate: (v) => check(v_records_tickets.records_tickets_createRecord_request, v), value: body }, response: c_records_tickets.createRecordResponse, options });
}
/** GET /tickets/{id}/: Show record with its activities (email messages excluded), categories and related items. */
export function showRecord(client, id, options = {}) {
    return client.call({ method: "GET", path: `/tickets/${id}/`, response: c_records_tickets.showRecordResponse, options });
}
/** PUT /tickets/{id}/: Update record. */
export function updateRecord(client, id, body, options = {}) {
    return client.call({ method: "PUT", path: `/tickets/${id}/`, body: { message: c_records_tickets.updateRecordRequest, validate: (v) => check(v_records_tickets.records_tickets_updateRecord_request, v), value: body }, response: c_records_tickets.updateRecordResponse, options });
}
/** DELETE /tickets/{id}/: Delete record. */
export function deleteRecord(client, id, options = {}) {
    return client.call({ method: "DELETE", path: `/tickets/${id}/`, response: c_records_tickets.deleteRecordResponse, options });
}
/** POST /tickets/categories/: Create category tag. */
export function createCategory(client, body, options = {}) {
    return client.call({ method: "POST", path: `/tickets/categories/`, body: { message: c_records_tickets.createCategoryRequest, validate: (v) => check(v_records_tickets.records_tickets_createCategory_request, v), value: body }, response: c_records_tickets.createCategoryResponse, options });
}
/** GET /tickets/categories/: List category tags. */
export function listCategories(client, options = {}) {
    return client.call({ method: "GET", path: `/tickets/categories/`, response: c_records_tickets.listCategoriesResponse, options });
}
/** GET /tickets/fields/: List fields. */
export function listFields(client, options = {}) {
    return client.call({ method: "GET", path: `/tickets/fields/`, response: c_records_tickets.listFieldsResponse, options });
}
