import { S_TEXT, S_INT, S_FLAG, upload, photoFields, storeFileFields, storeUpload } from '../parts.js';
/** activities/photo.createActivity.request */
export const createActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: photoFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
/** activities/photo.createActivity.response */
export const createActivityResponse = { root: "response", desc: { k: 'o', f: { id: S_INT, data: photoFields, created: S_TEXT, status: S_TEXT } }, xs: /* @__PURE__ */ new Map([[photoFields, storeFileFields], [upload, storeUpload]]) };
/** activities/photo.updateActivity.request */
export const updateActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: photoFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
