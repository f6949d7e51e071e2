import type { Message } from '../../runtime/codec.js';
/** activities/timerecord.createActivity.request */
export declare const createActivityRequest: Message;
/** activities/timerecord.createActivity.response */
export declare const createActivityResponse: Message;
/** activities/timerecord.updateActivity.request */
export declare const updateActivityRequest: Message;
