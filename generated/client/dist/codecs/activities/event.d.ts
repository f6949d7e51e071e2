import type { Message } from '../../runtime/codec.js';
/** activities/event.createActivity.request */
export declare const createActivityRequest: Message;
/** activities/event.createActivity.response */
export declare const createActivityResponse: Message;
/** activities/event.updateActivity.request */
export declare const updateActivityRequest: Message;
