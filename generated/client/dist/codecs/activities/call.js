import { S_TEXT, S_INT, S_FLAG, callFields, storeCallFields } from '../parts.js';
/** activities/call.createActivity.request */
export const createActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: callFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
/** activities/call.createActivity.response */
export const createActivityResponse = { root: "response", desc: { k: 'o', f: { id: S_INT, data: callFields, created: S_TEXT, status: S_TEXT } }, xs: /* @__PURE__ */ new Map([[callFields, storeCallFields]]) };
/** activities/call.updateActivity.request */
export const updateActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: callFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
