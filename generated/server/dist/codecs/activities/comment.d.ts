import type { Message } from '../../runtime/codec.js';
/** activities/comment.createActivity.request */
export declare const createActivityRequest: Message;
/** activities/comment.createActivity.response */
export declare const createActivityResponse: Message;
/** activities/comment.updateActivity.request */
export declare const updateActivityRequest: Message;
