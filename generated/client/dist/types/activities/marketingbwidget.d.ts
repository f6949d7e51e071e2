import type { ActivityEntry } from "../structures.js";
/**
 * Fields of Marketing widget B (segment marketingbwidget, typeid 39).
 * Allowed parents: record.
 */
export interface MarketingbwidgetFields {
}
/** An activity of type Marketing widget B in an item's journal. */
export interface MarketingbwidgetActivity extends ActivityEntry<"marketingbwidget"> {
    segment: "marketingbwidget";
    typeid: 39;
}
