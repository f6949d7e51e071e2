import { S_TEXT, S_INT, S_FLAG, separatorFields, storeSeparatorFields } from '../parts.js';
/** activities/separator.createActivity.request */
export const createActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: separatorFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
/** activities/separator.createActivity.response */
export const createActivityResponse = { root: "response", desc: { k: 'o', f: { id: S_INT, data: separatorFields, created: S_TEXT, status: S_TEXT } }, xs: /* @__PURE__ */ new Map([[separatorFields, storeSeparatorFields]]) };
/** activities/separator.updateActivity.request */
export const updateActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: separatorFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
