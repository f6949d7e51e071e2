import { S_TEXT, S_INT, S_FLAG, upload, fileFields, storeFileFields, storeUpload } from '../parts.js';
/** activities/file.createActivity.request */
export const createActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: fileFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
/** activities/file.createActivity.response */
export const createActivityResponse = { root: "response", desc: { k: 'o', f: { id: S_INT, data: fileFields, created: S_TEXT, status: S_TEXT } }, xs: /* @__PURE__ */ new Map([[fileFields, storeFileFields], [upload, storeUpload]]) };
/** activities/file.updateActivity.request */
export const updateActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: fileFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
