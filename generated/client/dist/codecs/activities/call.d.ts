import type { Message } from '../../runtime/codec.js';
/** activities/call.createActivity.request */
export declare const createActivityRequest: Message;
/** activities/call.createActivity.response */
export declare const createActivityResponse: Message;
/** activities/call.updateActivity.request */
export declare const updateActivityRequest: Message;
