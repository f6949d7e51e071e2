import type { Message } from '../../runtime/codec.js';
/** activities/scheduledemail.createActivity.request */
export declare const createActivityRequest: Message;
/** activities/scheduledemail.createActivity.response */
export declare const createActivityResponse: Message;
/** activities/scheduledemail.updateActivity.request */
export declare const updateActivityRequest: Message;
