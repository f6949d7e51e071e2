import type { ActivityEntry } from "../structures.js";
/**
 * Fields of Follow-up (segment followup, typeid 6).
 * Allowed parents: record.
 */
export interface FollowupFields {
    details?: string;
    assignedto?: number;
    /** Answers: the name of the user or group assignedto names (XML: its cn attribute). Ignored in requests. */
    "assignedto@cn"?: string;
    nodate?: 0 | 1;
    /** A date, or a date and time: a time given is stored and returned, never dropped. Only when nodate = 0. */
    duedate?: string;
    /** New follow-ups cannot be created completed. Cannot be 1 on create. */
    completed?: 0 | 1;
    sendnotification?: 0 | 1;
    /** In minutes. */
    remindtime?: number;
}
/** An activity of type Follow-up in an item's journal. */
export interface FollowupActivity extends ActivityEntry<"followup"> {
    segment: "followup";
    typeid: 6;
}
