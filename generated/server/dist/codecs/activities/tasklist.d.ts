import type { Message } from '../../runtime/codec.js';
/** activities/tasklist.createActivity.request */
export declare const createActivityRequest: Message;
/** activities/tasklist.createActivity.response */
export declare const createActivityResponse: Message;
/** activities/tasklist.updateActivity.request */
export declare const updateActivityRequest: Message;
