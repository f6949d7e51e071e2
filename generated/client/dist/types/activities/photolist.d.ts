import type { ActivityEntry } from "../structures.js";
/**
 * Fields of Photo list (segment photolist, typeid 31).
 * Allowed parents: record.
 */
export interface PhotolistFields {
    title?: string;
}
/** An activity of type Photo list in an item's journal. */
export interface PhotolistActivity extends ActivityEntry<"photolist"> {
    segment: "photolist";
    typeid: 31;
}
