import type { Message } from '../../runtime/codec.js';
/** activities/note.createActivity.request */
export declare const createActivityRequest: Message;
/** activities/note.createActivity.response */
export declare const createActivityResponse: Message;
/** activities/note.updateActivity.request */
export declare const updateActivityRequest: Message;
