import { S_TEXT, S_INT, S_FLAG, photolistFields, storePhotolistFields } from '../parts.js';
/** activities/photolist.createActivity.request */
export const createActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: photolistFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
/** activities/photolist.createActivity.response */
export const createActivityResponse = { root: "response", desc: { k: 'o', f: { id: S_INT, data: photolistFields, created: S_TEXT, status: S_TEXT } }, xs: /* @__PURE__ */ new Map([[photolistFields, storePhotolistFields]]) };
/** activities/photolist.updateActivity.request */
export const updateActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: photolistFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
