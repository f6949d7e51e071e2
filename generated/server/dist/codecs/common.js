import { S_TEXT, S_INT, S_FLAG, S_DATE, S_DATETIME, S_INT_LIST, S_OWNER_FILTER, user, group, hookCreate, hookUpdate, hook, hookDelivery, anyItemFields, reportItem, reportAction, reportFollowup, reportOpportunity, reportComment, reportActivity, reportTimeRecord, itemNotificationContent, activityNotificationContent, storeUser, storeGroup, storeHook, storeHookDelivery, storeReportAction, storeReportItem, storeAnyItemFields, storeReportFollowup, storeReportOpportunity, storeReportActivity, storeReportComment, storeReportTimeRecord } from './parts.js';
/** listOwnership.params */
export const listOwnershipParams = { root: "request", desc: { k: 'o', f: { deleted: S_FLAG } } };
/** listOwnership.response */
export const listOwnershipResponse = { root: "response", desc: { k: 'o', f: { users: { k: 'l', e: "user", of: user }, groups: { k: 'l', e: "group", of: group }, status: S_TEXT } }, xs: /* @__PURE__ */ new Map([[user, storeUser], [group, storeGroup]]) };
/** activities/updateActivity.response */
export const updateActivityResponse = { root: "response", desc: { k: 'o', f: { status: S_TEXT } } };
/** activities/deleteActivity.response */
export const deleteActivityResponse = { root: "response", desc: { k: 'o', f: { status: S_TEXT } } };
/** createHook.request */
export const createHookRequest = { root: "request", desc: hookCreate };
/** createHook.response */
export const createHookResponse = { root: "response", desc: { k: 'o', f: { id: S_INT, status: S_TEXT, type: S_TEXT, title: S_TEXT, active: S_FLAG, event: S_TEXT, constrainttype: S_TEXT, url: S_TEXT, contenttype: S_TEXT, secret: S_TEXT } } };
/** updateHook.request */
export const updateHookRequest = { root: "request", desc: hookUpdate };
/** updateHook.response */
export const updateHookResponse = { root: "response", desc: { k: 'o', f: { status: S_TEXT } } };
/** listHooks.response */
export const listHooksResponse = { root: "response", desc: { k: 'o', f: { hooks: { k: 'l', e: "hook", of: hook }, status: S_TEXT } }, xs: /* @__PURE__ */ new Map([[hook, storeHook]]) };
/** listHookDeliveries.response */
export const listHookDeliveriesResponse = { root: "response", desc: { k: 'o', f: { deliveries: { k: 'l', e: "delivery", of: hookDelivery }, status: S_TEXT } }, xs: /* @__PURE__ */ new Map([[hookDelivery, storeHookDelivery]]) };
/** redeliverHook.response */
export const redeliverHookResponse = { root: "response", desc: { k: 'o', f: { id: S_INT, status: S_TEXT } } };
/** deleteHook.response */
export const deleteHookResponse = { root: "response", desc: { k: 'o', f: { status: S_TEXT } } };
/** reportNextactions.params */
export const reportNextactionsParams = { root: "request", desc: { k: 'o', f: { filter: S_OWNER_FILTER, due: S_TEXT, itemsdata: S_INT } } };
/** reportNextactions.response */
export const reportNextactionsResponse = { root: "response", desc: { k: 'o', f: { actions: { k: 'l', e: "action", of: reportAction }, status: S_TEXT } }, xs: /* @__PURE__ */ new Map([[reportAction, storeReportAction], [reportItem, storeReportItem], [anyItemFields, storeAnyItemFields]]) };
/** reportCalendar.params */
export const reportCalendarParams = { root: "request", desc: { k: 'o', f: { start: S_DATE, end: S_DATE, filter: S_OWNER_FILTER, itemsdata: S_INT } } };
/** reportCalendar.response */
export const reportCalendarResponse = { root: "response", desc: { k: 'o', f: { actions: { k: 'l', e: "action", of: reportAction }, status: S_TEXT } }, xs: /* @__PURE__ */ new Map([[reportAction, storeReportAction], [reportItem, storeReportItem], [anyItemFields, storeAnyItemFields]]) };
/** reportFollowups.params */
export const reportFollowupsParams = { root: "request", desc: { k: 'o', f: { responsible: S_OWNER_FILTER, due: S_TEXT, itemsdata: S_INT } } };
/** reportFollowups.response */
export const reportFollowupsResponse = { root: "response", desc: { k: 'o', f: { followups: { k: 'l', e: "followup", of: reportFollowup }, status: S_TEXT } }, xs: /* @__PURE__ */ new Map([[reportFollowup, storeReportFollowup], [reportItem, storeReportItem], [anyItemFields, storeAnyItemFields]]) };
/** reportOpportunities.params */
export const reportOpportunitiesParams = { root: "request", desc: { k: 'o', f: { filter: S_OWNER_FILTER, status: S_TEXT, due: S_TEXT, itemsdata: S_INT } } };
/** reportOpportunities.response */
export const reportOpportunitiesResponse = { root: "response", desc: { k: 'o', f: { opportunities: { k: 'l', e: "opportunity", of: reportOpportunity }, status: S_TEXT } }, xs: /* @__PURE__ */ new Map([[reportOpportunity, storeReportOpportunity], [reportItem, storeReportItem], [anyItemFields, storeAnyItemFields]]) };
/** reportActivities.params */
export const reportActivitiesParams = { root: "request", desc: { k: 'o', f: { start: S_DATE, end: S_DATE, last: S_TEXT, types: S_INT_LIST, users: S_INT_LIST, categories: S_INT_LIST, itemtypes: S_INT_LIST, itemsdata: S_INT } } };
/** reportActivities.response */
export const reportActivitiesResponse = { root: "response", desc: { k: 'o', f: { activities: { k: 'l', e: "activity", of: reportActivity }, status: S_TEXT } }, xs: /* @__PURE__ */ new Map([[reportActivity, storeReportActivity], [reportComment, storeReportComment], [reportItem, storeReportItem], [anyItemFields, storeAnyItemFields]]) };
/** reportTimetracking.params */
export const reportTimetrackingParams = { root: "request", desc: { k: 'o', f: { start: S_DATE, end: S_DATE, filter: S_TEXT, itemtypes: S_INT_LIST, itemsdata: S_INT } } };
/** reportTimetracking.response */
export const reportTimetrackingResponse = { root: "response", desc: { k: 'o', f: { timerecords: { k: 'l', e: "timerecord", of: reportTimeRecord }, status: S_TEXT } }, xs: /* @__PURE__ */ new Map([[reportTimeRecord, storeReportTimeRecord], [reportItem, storeReportItem], [anyItemFields, storeAnyItemFields]]) };
/** notification/items */
export const itemsNotification = { root: "notification", desc: { k: 'o', f: { type: S_TEXT, objectid: S_INT, occured: S_DATETIME, content: itemNotificationContent } } };
/** notification/activities */
export const activitiesNotification = { root: "notification", desc: { k: 'o', f: { type: S_TEXT, objectid: S_INT, occured: S_DATETIME, content: activityNotificationContent } } };
/** error.response */
export const errorResponse = { root: "response", desc: { k: 'o', f: { status: S_TEXT, errors: { k: 'm', of: S_TEXT } } } };
