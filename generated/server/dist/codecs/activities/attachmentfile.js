import { S_TEXT, S_INT, S_FLAG, upload, attachmentfileFields, storeUpload } from '../parts.js';
/** activities/attachmentfile.createActivity.request */
export const createActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: attachmentfileFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
/** activities/attachmentfile.createActivity.response */
export const createActivityResponse = { root: "response", desc: { k: 'o', f: { id: S_INT, data: attachmentfileFields, created: S_TEXT, status: S_TEXT } }, xs: /* @__PURE__ */ new Map([[upload, storeUpload]]) };
/** activities/attachmentfile.updateActivity.request */
export const updateActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: attachmentfileFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
