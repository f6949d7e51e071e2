import type { Message } from '../../runtime/codec.js';
/** activities/followup.createActivity.request */
export declare const createActivityRequest: Message;
/** activities/followup.createActivity.response */
export declare const createActivityResponse: Message;
/** activities/followup.updateActivity.request */
export declare const updateActivityRequest: Message;
