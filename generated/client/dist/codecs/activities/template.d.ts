import type { Message } from '../../runtime/codec.js';
/** activities/template.createActivity.request */
export declare const createActivityRequest: Message;
/** activities/template.createActivity.response */
export declare const createActivityResponse: Message;
/** activities/template.updateActivity.request */
export declare const updateActivityRequest: Message;
