import type { Message } from '../../runtime/codec.js';
/** activities/file.createActivity.request */
export declare const createActivityRequest: Message;
/** activities/file.createActivity.response */
export declare const createActivityResponse: Message;
/** activities/file.updateActivity.request */
export declare const updateActivityRequest: Message;
