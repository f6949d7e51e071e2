import type { Message } from '../../runtime/codec.js';
/** activities/supportwidget.createActivity.request */
export declare const createActivityRequest: Message;
/** activities/supportwidget.createActivity.response */
export declare const createActivityResponse: Message;
/** activities/supportwidget.updateActivity.request */
export declare const updateActivityRequest: Message;
