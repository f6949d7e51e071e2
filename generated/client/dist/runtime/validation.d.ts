/** One problem as ajv's standalone code reports it (the members of its ErrorObject that it sets). */
export interface SchemaError {
    keyword: string;
    instancePath: string;
    schemaPath: string;
    params: Record<string, unknown>;
    propertyName?: string;
    message?: string;
}
/** An ajv standalone validator: true when valid, otherwise `errors` holds every problem. */
export interface CompiledValidator {
    (data: unknown): boolean;
    errors?: SchemaError[] | null;
}
/** One problem of a request: the error key of the envelope, its message with the specifics, and where. */
export interface ValidationError<K extends string = string> {
    key: K;
    message: string;
    /** Dotted path in the typed value: data.priority, categories.add.0; empty for the whole value. */
    path: string;
}
/** The error key's message, by key (the generated errorKeys table). */
export type KeyMessages<K extends string> = Readonly<Record<K, {
    readonly message: string;
}>>;
/** Which error key reports each kind of schema problem. */
export interface SchemaProblemKeys<K extends string> {
    readonly unknownField: K;
    readonly invalidValue: K;
    readonly invalidDate: K;
    readonly outOfRange: K;
    readonly notInList: K;
    readonly required: K;
}
export interface SchemaProblems<K extends string> {
    readonly messages: KeyMessages<K>;
    readonly keys: SchemaProblemKeys<K>;
    /** Patterns of the date types and the date forms they accept. */
    readonly datePatterns: ReadonlyMap<string, string>;
    /** Value lists checked by a pattern (their {template} entries), by pattern. */
    readonly listPatterns: ReadonlyMap<string, readonly (string | number)[]>;
}
export declare function problem<K extends string>(messages: KeyMessages<K>, key: K, path: string, detail: string): ValidationError<K>;
export declare const show: (v: unknown) => string;
export declare const join: (path: string, name: string | number) => string;
/** A table's entry for a segment, never an inherited property (constructor, toString). */
export declare const own: <T>(table: object, key: string) => T | undefined;
/** JSON pointer (/data/priority) to dotted path (data.priority); unescaping only when needed keeps it cheap. */
export declare const dotted: (pointer: string) => string;
/** ajv's errors as envelope errors: one per problem, without the branch errors of a failed anyOf or propertyNames. */
export declare function fromAjvErrors<K extends string>(t: SchemaProblems<K>, errors: readonly SchemaError[]): ValidationError<K>[];
/** The problems of a value by one compiled validator; empty when valid. */
export declare function check<K extends string>(t: SchemaProblems<K>, validate: CompiledValidator, value: unknown): ValidationError<K>[];
/** `field` is allowed only when field `on` of the same data equals (or does not equal) a value. */
export interface Condition {
    readonly field: string;
    readonly on: string;
    readonly equals?: string | number;
    readonly notEquals?: string | number;
    /** Value of `on` when it is not given: its default, or a flag's 0. */
    readonly absent?: string | number;
}
/** The rule tables of the spec's activity types and the error keys their checks report. */
export interface ActivityRules<K extends string> {
    readonly messages: KeyMessages<K>;
    readonly keys: {
        readonly conditionNotMet: K;
        readonly cannotCreateCompleted: K;
        readonly invalidParent: K;
        readonly onlyOnePerParent: K;
    };
    /** Request field holding the activity's fields, and the one naming its parent. */
    readonly dataField: string;
    readonly parentField: string;
    /** In allowedParents: any record. */
    readonly recordParent: string;
    /** Allowed parents of each segment: recordParent or a segment. */
    readonly allowedParents: object;
    /** Flag fields of each segment that cannot be `flagOn` when the activity is created. */
    readonly notTrueOnCreate: object;
    readonly flagOn: number;
    /** Conditional fields of each segment. */
    readonly conditions: object;
    /** Segments of which a parent may hold only one. */
    readonly onePerParent: readonly string[];
}
/** Whether an activity of `segment` may be created under `parent` (a record token or a segment). */
export declare function isAllowedParent(allowedParents: object, segment: string, parent: string): boolean;
/** Whether `c.field` may be given with this data (call it only when c.field is given). */
export declare function conditionHolds(c: Condition, data: Readonly<Record<string, unknown>>): boolean;
/** A JSONP callback with only the allowed characters kept (`allowed` has the g flag); empty means answer plain JSON. */
export declare function sanitizeCallback(allowed: RegExp, callback: string): string;
/** The invalid-parent error unless an activity of `segment` may be created under `parent`. */
export declare function checkParent<K extends string>(r: ActivityRules<K>, segment: string, parent: {
    kind: 'record';
} | {
    kind: 'activity';
    segment: string;
}): ValidationError<K> | null;
/** The cannot-create-completed error for each flag of `data` that cannot be on when the activity is created. */
export declare function checkCreate<K extends string>(r: ActivityRules<K>, segment: string, data: Readonly<Record<string, unknown>>): ValidationError<K>[];
/** The condition-not-met error for each conditional field of `data` given while its condition does not hold. */
export declare function checkConditions<K extends string>(r: ActivityRules<K>, segment: string, data: Readonly<Record<string, unknown>>): ValidationError<K>[];
/** The only-one-per-parent error when the parent already holds an activity of a one-per-parent segment. */
export declare function checkOnePerParent<K extends string>(r: ActivityRules<K>, segment: string, existingOfSameType: number): ValidationError<K> | null;
