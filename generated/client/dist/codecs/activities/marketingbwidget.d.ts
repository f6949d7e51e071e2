import type { Message } from '../../runtime/codec.js';
/** activities/marketingbwidget.createActivity.request */
export declare const createActivityRequest: Message;
/** activities/marketingbwidget.createActivity.response */
export declare const createActivityResponse: Message;
/** activities/marketingbwidget.updateActivity.request */
export declare const updateActivityRequest: Message;
