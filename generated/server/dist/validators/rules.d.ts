import type { ActivitySegment } from "../types/activities/index.js";
/** In allowedParents: any record (every record kind behaves the same). */
export declare const recordParent = "record";
/** Allowed parents of each activity segment (spec/hierarchy.yaml): "record" or a segment. */
export declare const allowedParents: Readonly<Record<ActivitySegment, readonly string[]>>;
/** Flag fields that cannot be 1 when the activity is created. */
export declare const notTrueOnCreate: Readonly<Partial<Record<ActivitySegment, readonly string[]>>>;
/** `field` is allowed only when field `on` of the same data equals (or does not equal) a value. */
export interface Condition {
    readonly field: string;
    readonly on: string;
    readonly equals?: string | number;
    readonly notEquals?: string | number;
    /** Value of `on` when it is not given: its default, or a flag's 0. */
    readonly absent?: string | number;
}
/** Conditional fields of each segment (`when` in spec/activities.yaml). */
export declare const conditions: Readonly<Partial<Record<ActivitySegment, readonly Condition[]>>>;
/** Segments of which a parent may hold only one. */
export declare const onePerParent: readonly ActivitySegment[];
/** Bounds of the records-per-page parameter of list calls (spec limits.listLimitMax, listLimitDefault). */
export declare const listLimit: {
    readonly param: "limit";
    readonly min: 1;
    readonly max: 5000;
    readonly default: 50;
};
/** Query parameter naming a JSONP callback. */
export declare const jsonpParameter = "callback";
/** Characters a JSONP callback may keep (spec formats.jsonp.allowed); others are stripped, not rejected. */
export declare const jsonpAllowed: RegExp;
/** Whether an activity of `segment` may be created under `parent` (recordParent or a segment). */
export declare function isAllowedParent(segment: string, parent: string): boolean;
/** Whether `c.field` may be given with this data (call it only when c.field is given). */
export declare function conditionHolds(c: Condition, data: Readonly<Record<string, unknown>>): boolean;
/** A JSONP callback with only the allowed characters kept; an empty result means answer plain JSON. */
export declare function sanitizeCallback(callback: string): string;
