import type { ActivityEntry } from "../structures.js";
/**
 * Fields of Separator (segment separator, typeid 57).
 * Allowed parents: record.
 */
export interface SeparatorFields {
    title?: string;
    hidesiblings?: 0 | 1;
}
/** An activity of type Separator in an item's journal. */
export interface SeparatorActivity extends ActivityEntry<"separator"> {
    segment: "separator";
    typeid: 57;
}
