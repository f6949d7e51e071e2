import type { Currencies, Opportunitystatuses, Valueintervals } from "../values.js";
import type { ActivityEntry } from "../structures.js";
/**
 * Fields of Opportunity (segment opportunity, typeid 32).
 * Also called Deal.
 * Allowed parents: record.
 */
export interface OpportunityFields {
    description?: string;
    valueunit?: number;
    valuecurrency?: Currencies;
    valueinterval?: Valueintervals;
    valueduration?: number;
    /** Range 0-100. */
    stage?: number;
    /** Range 0-100. */
    probability?: number;
    /** Date, YYYY-MM-DD. */
    closingdate?: string;
    responsible?: number;
    /** Answers: the name of the user or group responsible names (XML: its cn attribute). Ignored in requests. */
    "responsible@cn"?: string;
    status?: Opportunitystatuses;
}
/** An activity of type Opportunity in an item's journal. */
export interface OpportunityActivity extends ActivityEntry<"opportunity"> {
    segment: "opportunity";
    typeid: 32;
}
