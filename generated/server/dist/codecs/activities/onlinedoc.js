import { S_TEXT, S_INT, S_FLAG, onlinedocFields, storeOnlinedocFields } from '../parts.js';
/** activities/onlinedoc.createActivity.request */
export const createActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: onlinedocFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
/** activities/onlinedoc.createActivity.response */
export const createActivityResponse = { root: "response", desc: { k: 'o', f: { id: S_INT, data: onlinedocFields, created: S_TEXT, status: S_TEXT } }, xs: /* @__PURE__ */ new Map([[onlinedocFields, storeOnlinedocFields]]) };
/** activities/onlinedoc.updateActivity.request */
export const updateActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: onlinedocFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
