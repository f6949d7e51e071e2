import type { ActivityEntry } from "../structures.js";
/**
 * Fields of Website (segment website, typeid 7).
 * Allowed parents: record.
 */
export interface WebsiteFields {
    caption?: string;
    url?: string;
}
/** An activity of type Website in an item's journal. */
export interface WebsiteActivity extends ActivityEntry<"website"> {
    segment: "website";
    typeid: 7;
}
