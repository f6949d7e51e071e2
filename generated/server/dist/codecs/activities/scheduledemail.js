import { S_TEXT, S_INT, S_FLAG, scheduledemailFields, storeScheduledemailFields } from '../parts.js';
/** activities/scheduledemail.createActivity.request */
export const createActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: scheduledemailFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
/** activities/scheduledemail.createActivity.response */
export const createActivityResponse = { root: "response", desc: { k: 'o', f: { id: S_INT, data: scheduledemailFields, created: S_TEXT, status: S_TEXT } }, xs: /* @__PURE__ */ new Map([[scheduledemailFields, storeScheduledemailFields]]) };
/** activities/scheduledemail.updateActivity.request */
export const updateActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: scheduledemailFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
