import type { Message } from '../../runtime/codec.js';
/** activities/onlinedoc.createActivity.request */
export declare const createActivityRequest: Message;
/** activities/onlinedoc.createActivity.response */
export declare const createActivityResponse: Message;
/** activities/onlinedoc.updateActivity.request */
export declare const updateActivityRequest: Message;
