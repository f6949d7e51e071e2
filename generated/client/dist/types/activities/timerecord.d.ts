import type { ActivityEntry } from "../structures.js";
/**
 * Fields of Time record (segment timerecord, typeid 15).
 * Allowed parents: call, task.
 */
export interface TimerecordFields {
    /** Date, YYYY-MM-DD. */
    date?: string;
    person?: number;
    /** Answers: the name of the user or group person names (XML: its cn attribute). Ignored in requests. */
    "person@cn"?: string;
    hours?: number;
    billable?: 0 | 1;
    details?: string;
    invoiced?: string;
}
/** An activity of type Time record in an item's journal. */
export interface TimerecordActivity extends ActivityEntry<"timerecord"> {
    segment: "timerecord";
    typeid: 15;
}
