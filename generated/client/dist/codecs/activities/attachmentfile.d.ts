import type { Message } from '../../runtime/codec.js';
/** activities/attachmentfile.createActivity.request */
export declare const createActivityRequest: Message;
/** activities/attachmentfile.createActivity.response */
export declare const createActivityResponse: Message;
/** activities/attachmentfile.updateActivity.request */
export declare const updateActivityRequest: Message;
