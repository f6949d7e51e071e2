import { S_TEXT, S_INT, S_FLAG, opportunityFields, storeOpportunityFields } from '../parts.js';
/** activities/opportunity.createActivity.request */
export const createActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: opportunityFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
/** activities/opportunity.createActivity.response */
export const createActivityResponse = { root: "response", desc: { k: 'o', f: { id: S_INT, data: opportunityFields, created: S_TEXT, status: S_TEXT } }, xs: /* @__PURE__ */ new Map([[opportunityFields, storeOpportunityFields]]) };
/** activities/opportunity.updateActivity.request */
export const updateActivityRequest = { root: "request", desc: { k: 'o', f: { parent: S_INT, data: opportunityFields, flagged: S_FLAG, after: S_INT, before: S_INT } } };
