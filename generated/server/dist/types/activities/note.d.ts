import type { ActivityEntry } from "../structures.js";
/**
 * Fields of Note (segment note, typeid 3).
 * Allowed parents: record.
 */
export interface NoteFields {
    details?: string;
}
/** An activity of type Note in an item's journal. */
export interface NoteActivity extends ActivityEntry<"note"> {
    segment: "note";
    typeid: 3;
}
