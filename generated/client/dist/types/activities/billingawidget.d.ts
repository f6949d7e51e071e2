import type { ActivityEntry } from "../structures.js";
/**
 * Fields of Billing widget A (segment billingawidget, typeid 27).
 * Allowed parents: record.
 */
export interface BillingawidgetFields {
    /** Client id from the third party. */
    clientid?: number;
}
/** An activity of type Billing widget A in an item's journal. */
export interface BillingawidgetActivity extends ActivityEntry<"billingawidget"> {
    segment: "billingawidget";
    typeid: 27;
}
