import { S_TEXT, S_INT, S_FLAG, tasklistFields, storeTasklistFields } from '../parts.js';
/** activities/tasklist.createActivity.request */
export const createActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: tasklistFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
/** activities/tasklist.createActivity.response */
export const createActivityResponse = { root: "response", desc: { k: 'o', f: { id: S_INT, data: tasklistFields, created: S_TEXT, status: S_TEXT } }, xs: /* @__PURE__ */ new Map([[tasklistFields, storeTasklistFields]]) };
/** activities/tasklist.updateActivity.request */
export const updateActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: tasklistFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
