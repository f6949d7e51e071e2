import { S_TEXT, S_INT, S_FLAG, linkedemailsFields, storeLinkedemailsFields } from '../parts.js';
/** activities/linkedemails.createActivity.request */
export const createActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: linkedemailsFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
/** activities/linkedemails.createActivity.response */
export const createActivityResponse = { root: "response", desc: { k: 'o', f: { id: S_INT, data: linkedemailsFields, created: S_TEXT, status: S_TEXT } }, xs: /* @__PURE__ */ new Map([[linkedemailsFields, storeLinkedemailsFields]]) };
/** activities/linkedemails.updateActivity.request */
export const updateActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: linkedemailsFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
