import type { Message } from '../../runtime/codec.js';
/** activities/linkedemails.createActivity.request */
export declare const createActivityRequest: Message;
/** activities/linkedemails.createActivity.response */
export declare const createActivityResponse: Message;
/** activities/linkedemails.updateActivity.request */
export declare const updateActivityRequest: Message;
