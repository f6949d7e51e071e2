import { paginate } from "../core.js";
import { check } from "../validators/problems.js";
import * as c_records_contacts from "../codecs/records/contacts.js";
import * as v_records_contacts from "../validators/schemas/records/contacts.js";
/** GET /contacts/: List records. */
export function listRecords(client, params = {}, options = {}) {
    return client.call({ method: "GET", path: `/contacts/`, params: { message: c_records_contacts.listRecordsParams, validate: (v) => check(v_records_contacts.records_contacts_listRecords_params, v), value: params }, response: c_records_contacts.listRecordsResponse, options });
}
/** Every list records result, page by page (start/limit). */
export function iterateRecords(client, params = {}, options = {}) {
    return paginate((params) => listRecords(client, params, options), params, { "start": "start", "limit": "limit", "items": "entries", "total": "count" });
}
/** POST /contacts/: Create record. */
export function createRecord(client, body, options = {}) {
    return client.call({ method: "POST", path: `/contacts/`, body: { message: c_records_contacts.createRecordRequest, validate: (v) => check(v_records_contacts.records_contacts_createRecord_request, v), value: body }, response: c_records_contacts.createRecordResponse, options });
}
/** GET /contacts/{id}/: Show record with its activities (email messages excluded), categories and related items. */
export function showRecord(client, id, options = {}) {
    return client.call({ method: "GET", path: `/contacts/${id}/`, response: c_records_contacts.showRecordResponse, options });
}
/** PUT /contacts/{id}/: Update record. */
export function updateRecord(client, id, body, options = {}) {
    return client.call({ method: "PUT", path: `/contacts/${id}/`, body: { message: c_records_contacts.updateRecordRequest, validate: (v) => check(v_records_contacts.records_contacts_updateRecord_request, v), value: body }, response: c_records_contacts.updateRecordResponse, options });
}
/** DELETE /contacts/{id}/: Delete record. */
export function deleteRecord(client, id, options = {}) {
    return client.call({ method: "DELETE", path: `/contacts/${id}/`, response: c_records_contacts.deleteRecordResponse, options });
}
/** POST /contacts/categories/: Create category tag. */
export function createCategory(client, body, options = {}) {
    return client.call({ method: "POST", path: `/contacts/categories/`, body: { message: c_records_contacts.createCategoryRequest, validate: (v) => check(v_records_contacts.records_contacts_createCategory_request, v), value: body }, response: c_records_contacts.createCategoryResponse, options });
}
/** GET /contacts/categories/: List category tags. */
export function listCategories(client, options = {}) {
    return client.call({ method: "GET", path: `/contacts/categories/`, response: c_records_contacts.listCategoriesResponse, options });
}
/** GET /contacts/fields/: List fields. */
export function listFields(client, options = {}) {
    return client.call({ method: "GET", path: `/contacts/fields/`, response: c_records_contacts.listFieldsResponse, options });
}
