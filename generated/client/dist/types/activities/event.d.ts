import type { Eventtypes, Repeats, Weekdays } from "../values.js";
import type { ActivityEntry } from "../structures.js";
/**
 * Fields of Event (segment event, typeid 4 or 5).
 * Allowed parents: record.
 */
export interface EventFields {
    title?: string;
    details?: string;
    /** New events cannot be created completed. Cannot be 1 on create. */
    completed?: 0 | 1;
    timestart?: string;
    timeend?: string;
    location?: string;
    eventtype?: Eventtypes;
    /** Range 0-6. */
    priority?: number;
    noticenow?: 0 | 1;
    remindtime?: 0 | 1;
    /** User ids of the account. */
    attendees?: number[];
    externalattendees?: string[];
    repeats?: Repeats;
    /** Only when repeats is not "weekly". */
    repeatevery?: number;
    /** Date, YYYY-MM-DD. */
    repeatuntil?: string;
    /** Days of the week. Each one of Weekdays. Only when repeats = "weekly". */
    repeatinterval?: Array<Weekdays>;
}
/** An activity of type Event in an item's journal. */
export interface EventActivity extends ActivityEntry<"event"> {
    segment: "event";
    typeid: 4 | 5;
}
