import type { Message } from '../../runtime/codec.js';
/** activities/separator.createActivity.request */
export declare const createActivityRequest: Message;
/** activities/separator.createActivity.response */
export declare const createActivityResponse: Message;
/** activities/separator.updateActivity.request */
export declare const updateActivityRequest: Message;
