import { S_TEXT, S_INT, S_FLAG, eventFields, storeEventFields } from '../parts.js';
/** activities/event.createActivity.request */
export const createActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: eventFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
/** activities/event.createActivity.response */
export const createActivityResponse = { root: "response", desc: { k: 'o', f: { id: S_INT, data: eventFields, created: S_TEXT, status: S_TEXT } }, xs: /* @__PURE__ */ new Map([[eventFields, storeEventFields]]) };
/** activities/event.updateActivity.request */
export const updateActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: eventFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
