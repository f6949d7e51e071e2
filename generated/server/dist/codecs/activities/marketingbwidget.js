import { S_TEXT, S_INT, S_FLAG, marketingbwidgetFields } from '../parts.js';
/** activities/marketingbwidget.createActivity.request */
export const createActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: marketingbwidgetFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
/** activities/marketingbwidget.createActivity.response */
export const createActivityResponse = { root: "response", desc: { k: 'o', f: { id: S_INT, data: marketingbwidgetFields, created: S_TEXT, status: S_TEXT } } };
/** activities/marketingbwidget.updateActivity.request */
export const updateActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: marketingbwidgetFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
