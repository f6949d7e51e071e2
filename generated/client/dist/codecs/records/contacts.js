import { S_TEXT, S_INT, S_FLAG, S_TEXT_LIST, categoryTag, listEntryContact, relatedItemAdd, contactItemFields, itemContact, activityEntry, relatedItem, categoryChanges, relatedItemRemove, fieldDefinition, storeListEntryContact, storeCategoryTag, storeItemContact, storeContactItemFields, storeActivityEntry, storeRelatedItem, storeFieldDefinition } from '../parts.js';
/** records/contacts.listRecords.params */
export const listRecordsParams = { root: "request", desc: { k: 'o', f: { layout: S_INT, fieldslist: S_TEXT_LIST, categories: S_FLAG, filtermode: S_TEXT, filtervalue: S_TEXT, special: S_TEXT, searchmode: S_TEXT, searchvalue: S_TEXT, limit: S_INT, start: S_INT, sortfield: S_TEXT, sortdir: S_TEXT } } };
/** records/contacts.listRecords.response */
export const listRecordsResponse = { root: "response", desc: { k: 'o', f: { entries: S_TEXT, count: S_INT, status: S_TEXT }, inl: { p: "id", as: "entries", of: listEntryContact } }, xs: /* @__PURE__ */ new Map([[listEntryContact, storeListEntryContact], [categoryTag, storeCategoryTag]]) };
/** records/contacts.createRecord.request */
export const createRecordRequest = { root: "request", desc: { k: 'o', f: { firstname: S_TEXT, lastname: S_TEXT, businessemail: S_TEXT, personalemail: S_TEXT, businessphonedirect: S_TEXT, businessphonemain: S_TEXT, homephone: S_TEXT, cellularphone: S_TEXT, businessfax: S_TEXT, businessaddress: S_TEXT, jobtitle: S_TEXT, background: S_TEXT, website: S_TEXT, assignedto: S_INT, ownership: S_INT, flagged: S_FLAG, categories: { k: 'o', f: { add: { k: 'l', e: "category", of: S_INT } } }, relateditems: { k: 'o', f: { add: { k: 'l', e: "relatedto", of: relatedItemAdd } } } }, c: "^custom[0-9]+$", an: { a: "cn", s: "@cn", f: ["ownership", "assignedto"] } } };
/** records/contacts.createRecord.response */
export const createRecordResponse = { root: "response", desc: { k: 'o', f: { item: itemContact, activities: { k: 'y', p: "id", as: "activities", of: activityEntry }, categories: { k: 'l', e: "category", of: categoryTag }, relateditems: { k: 'l', e: "relatedto", of: relatedItem }, status: S_TEXT } }, xs: /* @__PURE__ */ new Map([[itemContact, storeItemContact], [contactItemFields, storeContactItemFields], [activityEntry, storeActivityEntry], [categoryTag, storeCategoryTag], [relatedItem, storeRelatedItem]]) };
/** records/contacts.showRecord.response */
export const showRecordResponse = { root: "response", desc: { k: 'o', f: { item: itemContact, activities: { k: 'y', p: "id", as: "activities", of: activityEntry }, categories: { k: 'l', e: "category", of: categoryTag }, relateditems: { k: 'l', e: "relatedto", of: relatedItem }, status: S_TEXT } }, xs: /* @__PURE__ */ new Map([[itemContact, storeItemContact], [contactItemFields, storeContactItemFields], [activityEntry, storeActivityEntry], [categoryTag, storeCategoryTag], [relatedItem, storeRelatedItem]]) };
/** records/contacts.updateRecord.request */
export const updateRecordRequest = { root: "request", desc: { k: 'o', f: { firstname: S_TEXT, lastname: S_TEXT, businessemail: S_TEXT, personalemail: S_TEXT, businessphonedirect: S_TEXT, businessphonemain: S_TEXT, homephone: S_TEXT, cellularphone: S_TEXT, businessfax: S_TEXT, businessaddress: S_TEXT, jobtitle: S_TEXT, background: S_TEXT, website: S_TEXT, assignedto: S_INT, ownership: S_INT, flagged: S_FLAG, categories: categoryChanges, relateditems: { k: 'o', f: { add: { k: 'l', e: "relatedto", of: relatedItemAdd }, remove: { k: 'l', e: "relatedto", of: relatedItemRemove } } } }, c: "^custom[0-9]+$", an: { a: "cn", s: "@cn", f: ["ownership", "assignedto"] } } };
/** records/contacts.updateRecord.response */
export const updateRecordResponse = { root: "response", desc: { k: 'o', f: { status: S_TEXT } } };
/** records/contacts.deleteRecord.response */
export const deleteRecordResponse = { root: "response", desc: { k: 'o', f: { status: S_TEXT } } };
/** records/contacts.createCategory.request */
export const createCategoryRequest = { root: "request", desc: { k: 'o', f: { name: S_TEXT } } };
/** records/contacts.createCategory.response */
export const createCategoryResponse = { root: "response", desc: { k: 'o', f: { id: S_INT, status: S_TEXT } } };
/** records/contacts.listCategories.response */
export const listCategoriesResponse = { root: "response", desc: { k: 'o', f: { categories: { k: 'l', e: "category", of: categoryTag }, status: S_TEXT } }, xs: /* @__PURE__ */ new Map([[categoryTag, storeCategoryTag]]) };
/** records/contacts.listFields.response */
export const listFieldsResponse = { root: "response", desc: { k: 'o', f: { fields: { k: 'l', e: "field", of: fieldDefinition }, status: S_TEXT } }, xs: /* @__PURE__ */ new Map([[fieldDefinition, storeFieldDefinition]]) };
