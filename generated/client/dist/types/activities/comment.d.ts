import type { ActivityEntry } from "../structures.js";
/**
 * Fields of Comment (segment comment, typeid 91).
 * Allowed parents: billingawidget, billingbwidget, call, event, file, followup, linkedemails, marketingawidget, marketingbwidget, note, onlinedoc, opportunity, photolist, scheduledemail, separator, supportwidget, task, tasklist, website.
 */
export interface CommentFields {
    posttext?: string;
}
/** An activity of type Comment in an item's journal. */
export interface CommentActivity extends ActivityEntry<"comment"> {
    segment: "comment";
    typeid: 91;
}
