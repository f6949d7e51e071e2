import { S_TEXT, S_INT, S_FLAG, commentFields, storeCommentFields } from '../parts.js';
/** activities/comment.createActivity.request */
export const createActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: commentFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
/** activities/comment.createActivity.response */
export const createActivityResponse = { root: "response", desc: { k: 'o', f: { id: S_INT, data: commentFields, created: S_TEXT, status: S_TEXT } }, xs: /* @__PURE__ */ new Map([[commentFields, storeCommentFields]]) };
/** activities/comment.updateActivity.request */
export const updateActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: commentFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
