import type { ActivityEntry } from "../structures.js";
/**
 * Fields of Marketing widget A (segment marketingawidget, typeid 29).
 * Allowed parents: record.
 */
export interface MarketingawidgetFields {
    /** Contact id from the third party. */
    contactid?: number;
}
/** An activity of type Marketing widget A in an item's journal. */
export interface MarketingawidgetActivity extends ActivityEntry<"marketingawidget"> {
    segment: "marketingawidget";
    typeid: 29;
}
