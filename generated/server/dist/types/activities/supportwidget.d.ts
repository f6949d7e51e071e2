import type { ActivityEntry } from "../structures.js";
/**
 * Fields of Support widget (segment supportwidget, typeid 97).
 * Allowed parents: record.
 */
export interface SupportwidgetFields {
    /** User id from the third party. */
    userid?: number;
}
/** An activity of type Support widget in an item's journal. */
export interface SupportwidgetActivity extends ActivityEntry<"supportwidget"> {
    segment: "supportwidget";
    typeid: 97;
}
