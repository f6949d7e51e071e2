import type { ActivityEntry } from "../structures.js";
/**
 * Fields of Task list (segment tasklist, typeid 22).
 * Allowed parents: record.
 */
export interface TasklistFields {
    title?: string;
    description?: string;
    nodate?: 0 | 1;
    /** Date, YYYY-MM-DD. Only when nodate = 0. */
    milestonedate?: string;
    completed?: 0 | 1;
}
/** An activity of type Task list in an item's journal. */
export interface TasklistActivity extends ActivityEntry<"tasklist"> {
    segment: "tasklist";
    typeid: 22;
}
