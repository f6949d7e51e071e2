import type { Message } from '../../runtime/codec.js';
/** records/projectblogs.listRecords.params */
export declare const listRecordsParams: Message;
/** records/projectblogs.listRecords.response */
export declare const listRecordsResponse: Message;
/** records/projectblogs.createRecord.request */
export declare const createRecordRequest: Message;
/** records/projectblogs.createRecord.response */
export declare const createRecordResponse: Message;
/** records/projectblogs.showRecord.response */
export declare const showRecordResponse: Message;
/** records/projectblogs.updateRecord.request */
export declare const updateRecordRequest: Message;
/** records/projectblogs.updateRecord.response */
export declare const updateRecordResponse: Message;
/** records/projectblogs.deleteRecord.response */
export declare const deleteRecordResponse: Message;
/** records/projectblogs.createCategory.request */
export declare const createCategoryRequest: Message;
/** records/projectblogs.createCategory.response */
export declare const createCategoryResponse: Message;
/** records/projectblogs.listCategories.response */
export declare const listCategoriesResponse: Message;
/** records/projectblogs.listFields.response */
export declare const listFieldsResponse: Message;
