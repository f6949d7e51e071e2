import type { Message } from '../../runtime/codec.js';
/** records/companies.listRecords.params */
export declare const listRecordsParams: Message;
/** records/companies.listRecords.response */
export declare const listRecordsResponse: Message;
/** records/companies.createRecord.request */
export declare const createRecordRequest: Message;
/** records/companies.createRecord.response */
export declare const createRecordResponse: Message;
/** records/companies.showRecord.response */
export declare const showRecordResponse: Message;
/** records/companies.updateRecord.request */
export declare const updateRecordRequest: Message;
/** records/companies.updateRecord.response */
export declare const updateRecordResponse: Message;
/** records/companies.deleteRecord.response */
export declare const deleteRecordResponse: Message;
/** records/companies.createCategory.request */
export declare const createCategoryRequest: Message;
/** records/companies.createCategory.response */
export declare const createCategoryResponse: Message;
/** records/companies.listCategories.response */
export declare const listCategoriesResponse: Message;
/** records/companies.listFields.response */
export declare const listFieldsResponse: Message;
