import type { ActivityEntry } from "../structures.js";
/**
 * Fields of Online document (segment onlinedoc, typeid 37).
 * Allowed parents: record, task.
 */
export interface OnlinedocFields {
    title?: string;
    url?: string;
}
/** An activity of type Online document in an item's journal. */
export interface OnlinedocActivity extends ActivityEntry<"onlinedoc"> {
    segment: "onlinedoc";
    typeid: 37;
}
