import type { Message } from '../../runtime/codec.js';
/** activities/billingbwidget.createActivity.request */
export declare const createActivityRequest: Message;
/** activities/billingbwidget.createActivity.response */
export declare const createActivityResponse: Message;
/** activities/billingbwidget.updateActivity.request */
export declare const updateActivityRequest: Message;
