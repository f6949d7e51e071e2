import type { Message } from '../../runtime/codec.js';
/** activities/marketingawidget.createActivity.request */
export declare const createActivityRequest: Message;
/** activities/marketingawidget.createActivity.response */
export declare const createActivityResponse: Message;
/** activities/marketingawidget.updateActivity.request */
export declare const updateActivityRequest: Message;
