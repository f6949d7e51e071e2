import { conditionHolds, isAllowedParent as allowedIn, sanitizeCallback as sanitizeWith } from "../runtime/validation.js";
export { conditionHolds };
/** In allowedParents: any record (every record kind behaves the same). */
export const recordParent = "record";
/** Allowed parents of each activity segment (spec/hierarchy.yaml): "record" or a segment. */
export const allowedParents = { attachmentfile: ["scheduledemail"], call: ["record"], comment: ["billingawidget", "billingbwidget", "call", "event", "file", "followup", "linkedemails", "marketingawidget", "marketingbwidget", "note", "onlinedoc", "opportunity", "photolist", "scheduledemail", "separator", "supportwidget", "task", "tasklist", "website"], marketingawidget: ["record"], marketingbwidget: ["record"], event: ["record"], file: ["record", "task"], followup: ["record"], billingawidget: ["record"], onlinedoc: ["record", "task"], linkedemails: ["record"], note: ["record"], opportunity: ["record"], photo: ["photolist"], photolist: ["record"], separator: ["record"], scheduledemail: ["record"], task: ["tasklist"], tasklist: ["record"], template: ["record"], timerecord: ["call", "task"], website: ["record"], billingbwidget: ["record"], supportwidget: ["record"] };
/** Flag fields that cannot be 1 when the activity is created. */
export const notTrueOnCreate = { event: ["completed"], followup: ["completed"], task: ["completed"] };
/** Conditional fields of each segment (`when` in spec/activities.yaml). */
export const conditions = { event: [{ field: "repeatevery", on: "repeats", notEquals: "weekly" }, { field: "repeatinterval", on: "repeats", equals: "weekly" }], followup: [{ field: "duedate", on: "nodate", equals: 0, absent: 0 }], task: [{ field: "duedate", on: "nodate", equals: 0, absent: 0 }], tasklist: [{ field: "milestonedate", on: "nodate", equals: 0, absent: 0 }] };
/** Segments of which a parent may hold only one. */
export const onePerParent = ["linkedemails"];
/** Bounds of the records-per-page parameter of list calls (spec limits.listLimitMax, listLimitDefault). */
export const listLimit = { param: "limit", min: 1, max: 5000, default: 50 };
/** Query parameter naming a JSONP callback. */
export const jsonpParameter = "callback";
/** Characters a JSONP callback may keep (spec formats.jsonp.allowed); others are stripped, not rejected. */
export const jsonpAllowed = /* @__PURE__ */ new RegExp("[A-Za-z0-9_]", 'g');
/** Whether an activity of `segment` may be created under `parent` (recordParent or a segment). */
export const isAllowedParent = (segment, parent) => allowedIn(allowedParents, segment, parent);
/** A JSONP callback with only the allowed characters kept; an empty result means answer plain JSON. */
export const sanitizeCallback = (callback) => sanitizeWith(jsonpAllowed, callback);
