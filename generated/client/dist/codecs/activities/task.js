import { S_TEXT, S_INT, S_FLAG, taskFields, storeTaskFields } from '../parts.js';
/** activities/task.createActivity.request */
export const createActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: taskFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
/** activities/task.createActivity.response */
export const createActivityResponse = { root: "response", desc: { k: 'o', f: { id: S_INT, data: taskFields, created: S_TEXT, status: S_TEXT } }, xs: /* @__PURE__ */ new Map([[taskFields, storeTaskFields]]) };
/** activities/task.updateActivity.request */
export const updateActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: taskFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
