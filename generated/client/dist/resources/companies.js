import { paginate } from "../core.js";
import { check } from "../validators/problems.js";
import * as c_records_companies from "../codecs/records/companies.js";
import * as v_records_companies from "../validators/schemas/records/companies.js";
/** GET /companies/: List records. */
export function listRecords(client, params = {}, options = {}) {
    return client.call({ method: "GET", path: `/companies/`, params: { message: c_records_companies.listRecordsParams, validate: (v) => check(v_records_companies.records_companies_listRecords_params, v), value: params }, response: c_records_companies.listRecordsResponse, options });
}
/** Every list records result, page by page (start/limit). */
export function iterateRecords(client, params = {}, options = {}) {
    return paginate((params) => listRecords(client, params, options), params, { "start": "start", "limit": "limit", "items": "entries", "total": "count" });
}
/** POST /companies/: Create record. */
export function createRecord(client, body, options = {}) {
    return client.call({ method: "POST", path: `/companies/`, body: { message: c_records_companies.createRecordRequest, validate: (v) => check(v_records_companies.records_companies_createRecord_request, v), value: body }, response: c_records_companies.createRecordResponse, options });
}
/** GET /companies/{id}/: Show record with its activities (email messages excluded), categories and related items. */
export function showRecord(client, id, options = {}) {
    return client.call({ method: "GET", path: `/companies/${id}/`, response: c_records_companies.showRecordResponse, options });
}
/** PUT /companies/{id}/: Update record. */
export function updateRecord(client, id, body, options = {}) {
    return client.call({ method: "PUT", path: `/companies/${id}/`, body: { message: c_records_companies.updateRecordRequest, validate: (v) => check(v_records_companies.records_companies_updateRecord_request, v), value: body }, response: c_records_companies.updateRecordResponse, options });
}
/** DELETE /companies/{id}/: Delete record. */
export function deleteRecord(client, id, options = {}) {
    return client.call({ method: "DELETE", path: `/companies/${id}/`, response: c_records_companies.deleteRecordResponse, options });
}
/** POST /companies/categories/: Create category tag. */
export function createCategory(client, body, options = {}) {
    return client.call({ method: "POST", path: `/companies/categories/`, body: { message: c_records_companies.createCategoryRequest, validate: (v) => check(v_records_companies.records_companies_createCategory_request, v), value: body }, response: c_records_companies.createCategoryResponse, options });
}
/** GET /companies/categories/: List category tags. */
export function listCategories(client, options = {}) {
    return client.call({ method: "GET", path: `/companies/categories/`, response: c_records_companies.listCategoriesResponse, options });
}
/** GET /companies/fields/: List fields. */
export function listFields(client, options = {}) {
    return client.call({ method: "GET", path: `/companies/fields/`, response: c_records_companies.listFieldsResponse, options });
}
