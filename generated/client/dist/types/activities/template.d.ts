import type { ActivityEntry } from "../structures.js";
/**
 * Fields of Template of activities (segment template, typeid 51).
 * Allowed parents: record.
 */
export interface TemplateFields {
    templateid?: number;
}
/** An activity of type Template of activities in an item's journal. */
export interface TemplateActivity extends ActivityEntry<"template"> {
    segment: "template";
    typeid: 51;
}
