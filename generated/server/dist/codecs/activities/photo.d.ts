import type { Message } from '../../runtime/codec.js';
/** activities/photo.createActivity.request */
export declare const createActivityRequest: Message;
/** activities/photo.createActivity.response */
export declare const createActivityResponse: Message;
/** activities/photo.updateActivity.request */
export declare const updateActivityRequest: Message;
