import { S_TEXT, S_INT, S_FLAG, followupFields, storeFollowupFields } from '../parts.js';
/** activities/followup.createActivity.request */
export const createActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: followupFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
/** activities/followup.createActivity.response */
export const createActivityResponse = { root: "response", desc: { k: 'o', f: { id: S_INT, data: followupFields, created: S_TEXT, status: S_TEXT } }, xs: /* @__PURE__ */ new Map([[followupFields, storeFollowupFields]]) };
/** activities/followup.updateActivity.request */
export const updateActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: followupFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
