import { S_TEXT, S_INT, S_FLAG, timerecordFields, storeTimerecordFields } from '../parts.js';
/** activities/timerecord.createActivity.request */
export const createActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: timerecordFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
/** activities/timerecord.createActivity.response */
export const createActivityResponse = { root: "response", desc: { k: 'o', f: { id: S_INT, data: timerecordFields, created: S_TEXT, status: S_TEXT } }, xs: /* @__PURE__ */ new Map([[timerecordFields, storeTimerecordFields]]) };
/** activities/timerecord.updateActivity.request */
export const updateActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: timerecordFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
