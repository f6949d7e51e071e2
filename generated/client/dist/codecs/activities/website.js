import { S_TEXT, S_INT, S_FLAG, websiteFields, storeWebsiteFields } from '../parts.js';
/** activities/website.createActivity.request */
export const createActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: websiteFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
/** activities/website.createActivity.response */
export const createActivityResponse = { root: "response", desc: { k: 'o', f: { id: S_INT, data: websiteFields, created: S_TEXT, status: S_TEXT } }, xs: /* @__PURE__ */ new Map([[websiteFields, storeWebsiteFields]]) };
/** activities/website.updateActivity.request */
export const updateActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: websiteFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
