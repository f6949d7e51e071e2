import { S_TEXT, S_INT, S_FLAG, marketingawidgetFields, storeMarketingawidgetFields } from '../parts.js';
/** activities/marketingawidget.createActivity.request */
export const createActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: marketingawidgetFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
/** activities/marketingawidget.createActivity.response */
export const createActivityResponse = { root: "response", desc: { k: 'o', f: { id: S_INT, data: marketingawidgetFields, created: S_TEXT, status: S_TEXT } }, xs: /* @__PURE__ */ new Map([[marketingawidgetFields, storeMarketingawidgetFields]]) };
/** activities/marketingawidget.updateActivity.request */
export const updateActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: marketingawidgetFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
