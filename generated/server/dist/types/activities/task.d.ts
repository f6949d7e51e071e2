import type { Timemeasures } from "../values.js";
import type { ActivityEntry } from "../structures.js";
/**
 * Fields of Task (segment task, typeid 14).
 * Allowed parents: tasklist.
 */
export interface TaskFields {
    title?: string;
    details?: string;
    assignedto?: number;
    /** Answers: the name of the user or group assignedto names (XML: its cn attribute). Ignored in requests. */
    "assignedto@cn"?: string;
    nodate?: 0 | 1;
    /** A date, or a date and time: a time given is stored and returned, never dropped. Only when nodate = 0. */
    duedate?: string;
    /** New tasks cannot be created completed. Cannot be 1 on create. */
    completed?: 0 | 1;
    sendnotification?: 0 | 1;
    /** In minutes. */
    remindtime?: number;
    /** Range 0-6. */
    priority?: number;
    billed?: 0 | 1;
    ignoreweekends?: 0 | 1;
    timespent?: number;
    timespentmeasure?: Timemeasures;
    timeremains?: number;
    timeremainsmeasure?: Timemeasures;
    invoiced?: string;
    notifyoncomplete?: string[];
}
/** An activity of type Task in an item's journal. */
export interface TaskActivity extends ActivityEntry<"task"> {
    segment: "task";
    typeid: 14;
}
