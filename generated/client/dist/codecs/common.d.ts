import type { Message } from '../runtime/codec.js';
/** listOwnership.params */
export declare const listOwnershipParams: Message;
/** listOwnership.response */
export declare const listOwnershipResponse: Message;
/** activities/updateActivity.response */
export declare const updateActivityResponse: Message;
/** activities/deleteActivity.response */
export declare const deleteActivityResponse: Message;
/** createHook.request */
export declare const createHookRequest: Message;
/** createHook.response */
export declare const createHookResponse: Message;
/** updateHook.request */
export declare const updateHookRequest: Message;
/** updateHook.response */
export declare const updateHookResponse: Message;
/** listHooks.response */
export declare const listHooksResponse: Message;
/** listHookDeliveries.response */
export declare const listHookDeliveriesResponse: Message;
/** redeliverHook.response */
export declare const redeliverHookResponse: Message;
/** deleteHook.response */
export declare const deleteHookResponse: Message;
/** reportNextactions.params */
export declare const reportNextactionsParams: Message;
/** reportNextactions.response */
export declare const reportNextactionsResponse: Message;
/** reportCalendar.params */
export declare const reportCalendarParams: Message;
/** reportCalendar.response */
export declare const reportCalendarResponse: Message;
/** reportFollowups.params */
export declare const reportFollowupsParams: Message;
/** reportFollowups.response */
export declare const reportFollowupsResponse: Message;
/** reportOpportunities.params */
export declare const reportOpportunitiesParams: Message;
/** reportOpportunities.response */
export declare const reportOpportunitiesResponse: Message;
/** reportActivities.params */
export declare const reportActivitiesParams: Message;
/** reportActivities.response */
export declare const reportActivitiesResponse: Message;
/** reportTimetracking.params */
export declare const reportTimetrackingParams: Message;
/** reportTimetracking.response */
export declare const reportTimetrackingResponse: Message;
/** notification/items */
export declare const itemsNotification: Message;
/** notification/activities */
export declare const activitiesNotification: Message;
/** error.response */
export declare const errorResponse: Message;
