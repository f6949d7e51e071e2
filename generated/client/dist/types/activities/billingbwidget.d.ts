import type { ActivityEntry } from "../structures.js";
/**
 * Fields of Billing widget B (segment billingbwidget, typeid 96).
 * Allowed parents: record.
 */
export interface BillingbwidgetFields {
    /** Contact id from the third party. */
    contactid?: number;
}
/** An activity of type Billing widget B in an item's journal. */
export interface BillingbwidgetActivity extends ActivityEntry<"billingbwidget"> {
    segment: "billingbwidget";
    typeid: 96;
}
