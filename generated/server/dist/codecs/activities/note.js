import { S_TEXT, S_INT, S_FLAG, noteFields, storeNoteFields } from '../parts.js';
/** activities/note.createActivity.request */
export const createActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: noteFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
/** activities/note.createActivity.response */
export const createActivityResponse = { root: "response", desc: { k: 'o', f: { id: S_INT, data: noteFields, created: S_TEXT, status: S_TEXT } }, xs: /* @__PURE__ */ new Map([[noteFields, storeNoteFields]]) };
/** activities/note.updateActivity.request */
export const updateActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: noteFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
