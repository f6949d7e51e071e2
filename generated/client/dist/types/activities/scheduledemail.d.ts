import type { Emailpriorities } from "../values.js";
import type { ActivityEntry } from "../structures.js";
/**
 * Fields of Scheduled email (segment scheduledemail, typeid 88).
 * Allowed parents: record.
 */
export interface ScheduledemailFields {
    to?: string[];
    cc?: string[];
    bcc?: string[];
    from?: string;
    subject?: string;
    priority?: Emailpriorities;
    /** When html is given the text part is created automatically. */
    body?: string;
    /** A date, or a date and time: a time given is stored and returned, never dropped. */
    scheduledtime?: string;
}
/** An activity of type Scheduled email in an item's journal. */
export interface ScheduledemailActivity extends ActivityEntry<"scheduledemail"> {
    segment: "scheduledemail";
    typeid: 88;
}
