import { S_TEXT, S_INT, S_FLAG, templateFields, storeTemplateFields } from '../parts.js';
/** activities/template.createActivity.request */
export const createActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: templateFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
/** activities/template.createActivity.response */
export const createActivityResponse = { root: "response", desc: { k: 'o', f: { id: S_INT, data: templateFields, created: S_TEXT, status: S_TEXT } }, xs: /* @__PURE__ */ new Map([[templateFields, storeTemplateFields]]) };
/** activities/template.updateActivity.request */
export const updateActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: templateFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
