import type { ActivitySegment } from "../types/activities/index.js";
import { conditionHolds, type Condition } from "../runtime/validation.js";
export { conditionHolds, type Condition };
/** In allowedParents: any record (every record kind behaves the same). */
export declare const recordParent = "record";
/** Allowed parents of each activity segment (spec/hierarchy.yaml): "record" or a segment. */
export declare const allowedParents: Readonly<Record<ActivitySegment, readonly string[]>>;
/** Flag fields that cannot be 1 when the activity is created. */
export declare const notTrueOnCreate: Readonly<Partial<Record<ActivitySegment, readonly string[]>>>;
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
export declare const isAllowedParent: (segment: string, parent: string) => boolean;
/** A JSONP callback with only the allowed characters kept; an empty result means answer plain JSON. */
export declare const sanitizeCallback: (callback: string) => string;
