import type { Message } from '../../runtime/codec.js';
/** activities/photolist.createActivity.request */
export declare const createActivityRequest: Message;
/** activities/photolist.createActivity.response */
export declare const createActivityResponse: Message;
/** activities/photolist.updateActivity.request */
export declare const updateActivityRequest: Message;
