import type { Message } from '../../runtime/codec.js';
/** activities/task.createActivity.request */
export declare const createActivityRequest: Message;
/** activities/task.createActivity.response */
export declare const createActivityResponse: Message;
/** activities/task.updateActivity.request */
export declare const updateActivityRequest: Message;
