import type { Message } from '../../runtime/codec.js';
/** records/tickets.listRecords.params */
export declare const listRecordsParams: Message;
/** records/tickets.listRecords.response */
export declare const listRecordsResponse: Message;
/** records/tickets.createRecord.request */
export declare const createRecordRequest: Message;
/** records/tickets.createRecord.response */
export declare const createRecordResponse: Message;
/** records/tickets.showRecord.response */
export declare const showRecordResponse: Message;
/** records/tickets.updateRecord.request */
export declare const updateRecordRequest: Message;
/** records/tickets.updateRecord.response */
export declare const updateRecordResponse: Message;
/** records/tickets.deleteRecord.response */
export declare const deleteRecordResponse: Message;
/** records/tickets.createCategory.request */
export declare const createCategoryRequest: Message;
/** records/tickets.createCategory.response */
export declare const createCategoryResponse: Message;
/** records/tickets.listCategories.response */
export declare const listCategoriesResponse: Message;
/** records/tickets.listFields.response */
export declare const listFieldsResponse: Message;
