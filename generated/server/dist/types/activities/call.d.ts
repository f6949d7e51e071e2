import type { ActivityEntry } from "../structures.js";
/**
 * Fields of Call (segment call, typeid 73).
 * Also called Interaction.
 * Allowed parents: record.
 */
export interface CallFields {
    details?: string;
    /** UTC date and time, ISO 8601. */
    dateoccured?: string;
    /** In minutes. */
    duration?: number;
}
/** An activity of type Call in an item's journal. */
export interface CallActivity extends ActivityEntry<"call"> {
    segment: "call";
    typeid: 73;
}
