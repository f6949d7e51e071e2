import type { Message } from '../../runtime/codec.js';
/** activities/website.createActivity.request */
export declare const createActivityRequest: Message;
/** activities/website.createActivity.response */
export declare const createActivityResponse: Message;
/** activities/website.updateActivity.request */
export declare const updateActivityRequest: Message;
