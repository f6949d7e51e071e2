import type { Hookevents } from "./values.js";
import type { ActivityNotificationContent, ItemNotificationContent } from "./structures.js";
import type { KindName } from "./records.js";
import type { ActivitySegment } from "./activities/index.js";
/** A webhook notification of an items.* event. */
export type ItemsNotification<K extends KindName = KindName, S extends ActivitySegment = ActivitySegment> = {
    /** The event. */
    type: Hookevents;
    /** Id of the record or activity. */
    objectid: number;
    /** Time of the change (spelled with one r, as existing receivers expect). UTC date and time, ISO 8601. */
    occured: string;
    content: ItemNotificationContent<K, S>;
};
/** A webhook notification of an activities.* event. */
export type ActivitiesNotification<S extends ActivitySegment = ActivitySegment> = {
    /** The event. */
    type: Hookevents;
    /** Id of the record or activity. */
    objectid: number;
    /** Time of the change (spelled with one r, as existing receivers expect). UTC date and time, ISO 8601. */
    occured: string;
    content: ActivityNotificationContent<S>;
};
/** Any webhook notification. */
export type Notification = ItemsNotification | ActivitiesNotification;
