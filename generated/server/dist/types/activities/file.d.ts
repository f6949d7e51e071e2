import type { ActivityEntry, Upload } from "../structures.js";
/**
 * Fields of File (segment file, typeid 23).
 * Allowed parents: record, task.
 */
export interface FileFields {
    caption?: string;
    /** Must be uploaded as form-encoded data. */
    file?: Upload;
}
/** An activity of type File in an item's journal. */
export interface FileActivity extends ActivityEntry<"file"> {
    segment: "file";
    typeid: 23;
}
