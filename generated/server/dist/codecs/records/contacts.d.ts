import type { Message } from '../../runtime/codec.js';
/** records/contacts.listRecords.params */
export declare const listRecordsParams: Message;
/** records/contacts.listRecords.response */
export declare const listRecordsResponse: Message;
/** records/contacts.createRecord.request */
export declare const createRecordRequest: Message;
/** records/contacts.createRecord.response */
export declare const createRecordResponse: Message;
/** records/contacts.showRecord.response */
export declare const showRecordResponse: Message;
/** records/contacts.updateRecord.request */
export declare const updateRecordRequest: Message;
/** records/contacts.updateRecord.response */
export declare const updateRecordResponse: Message;
/** records/contacts.deleteRecord.response */
export declare const deleteRecordResponse: Message;
/** records/contacts.createCategory.request */
export declare const createCategoryRequest: Message;
/** records/contacts.createCategory.response */
export declare const createCategoryResponse: Message;
/** records/contacts.listCategories.response */
export declare const listCategoriesResponse: Message;
/** records/contacts.listFields.response */
export declare const listFieldsResponse: Message;
