import type { Message } from '../../runtime/codec.js';
/** activities/billingawidget.createActivity.request */
export declare const createActivityRequest: Message;
/** activities/billingawidget.createActivity.response */
export declare const createActivityResponse: Message;
/** activities/billingawidget.updateActivity.request */
export declare const updateActivityRequest: Message;
