import { S_TEXT, S_INT, S_FLAG, billingawidgetFields, storeBillingawidgetFields } from '../parts.js';
/** activities/billingawidget.createActivity.request */
export const createActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: billingawidgetFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
/** activities/billingawidget.createActivity.response */
export const createActivityResponse = { root: "response", desc: { k: 'o', f: { id: S_INT, data: billingawidgetFields, created: S_TEXT, status: S_TEXT } }, xs: /* @__PURE__ */ new Map([[billingawidgetFields, storeBillingawidgetFields]]) };
/** activities/billingawidget.updateActivity.request */
export const updateActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: billingawidgetFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
