import type { ActivityEntry } from "../structures.js";
/**
 * Fields of Linked emails (segment linkedemails, typeid 90).
 * Allowed parents: record.
 * One per parent.
 */
export interface LinkedemailsFields {
    fields?: string[];
    keywords?: string[];
    exceptions?: string[];
}
/** An activity of type Linked emails in an item's journal. */
export interface LinkedemailsActivity extends ActivityEntry<"linkedemails"> {
    segment: "linkedemails";
    typeid: 90;
}
