import { S_TEXT, S_INT, S_FLAG, billingbwidgetFields, storeMarketingawidgetFields } from '../parts.js';
/** activities/billingbwidget.createActivity.request */
export const createActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: billingbwidgetFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
/** activities/billingbwidget.createActivity.response */
export const createActivityResponse = { root: "response", desc: { k: 'o', f: { id: S_INT, data: billingbwidgetFields, created: S_TEXT, status: S_TEXT } }, xs: /* @__PURE__ */ new Map([[billingbwidgetFields, storeMarketingawidgetFields]]) };
/** activities/billingbwidget.updateActivity.request */
export const updateActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: billingbwidgetFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
