import { S_TEXT, S_INT, S_FLAG, supportwidgetFields, storeSupportwidgetFields } from '../parts.js';
/** activities/supportwidget.createActivity.request */
export const createActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: supportwidgetFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
/** activities/supportwidget.createActivity.response */
export const createActivityResponse = { root: "response", desc: { k: 'o', f: { id: S_INT, data: supportwidgetFields, created: S_TEXT, status: S_TEXT } }, xs: /* @__PURE__ */ new Map([[supportwidgetFields, storeSupportwidgetFields]]) };
/** activities/supportwidget.updateActivity.request */
export const updateActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: supportwidgetFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
