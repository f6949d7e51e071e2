import type { ActivityEntry, Upload } from "../structures.js";
/**
 * Fields of Attached file (segment attachmentfile, typeid 55).
 * Allowed parents: scheduledemail.
 */
export interface AttachmentfileFields {
    file: Upload;
}
/** An activity of type Attached file in an item's journal. */
export interface AttachmentfileActivity extends ActivityEntry<"attachmentfile"> {
    segment: "attachmentfile";
    typeid: 55;
}
