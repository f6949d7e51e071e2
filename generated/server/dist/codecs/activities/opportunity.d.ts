import type { Message } from '../../runtime/codec.js';
/** activities/opportunity.createActivity.request */
export declare const createActivityRequest: Message;
/** activities/opportunity.createActivity.response */
export declare const createActivityResponse: Message;
/** activities/opportunity.updateActivity.request */
export declare const updateActivityRequest: Message;
