import type { ActivityEntry, Upload } from "../structures.js";
/**
 * Fields of Photo (segment photo, typeid 24).
 * Allowed parents: photolist.
 */
export interface PhotoFields {
    caption?: string;
    file?: Upload;
}
/** An activity of type Photo in an item's journal. */
export interface PhotoActivity extends ActivityEntry<"photo"> {
    segment: "photo";
    typeid: 24;
}
