// Request validation glue of the generated validators/ (emit/validators.ts): ajv's errors as
// envelope errors, and the checks JSON Schema cannot express (allowed parents, flags that cannot
// be set on create, `when` conditions, one-per-parent segments, JSONP callbacks). Every API fact
// (error keys and their messages, patterns, the rule tables) comes in as data from the generated
// modules; this file names none.

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
export type KeyMessages<K extends string> = Readonly<Record<K, { readonly message: string }>>;

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

/** Lists longer than this are described by their length, not spelled out. */
const shortList = 12;

export function problem<K extends string>(
  messages: KeyMessages<K>,
  key: K,
  path: string,
  detail: string,
): ValidationError<K> {
  return { key, path, message: `${messages[key].message}: ${detail}` };
}

export const show = (v: unknown) => (typeof v === 'string' ? JSON.stringify(v) : String(v));
const oneOf = (values: readonly unknown[]) =>
  values.length <= shortList ? `one of ${values.map(show).join(', ')}` : `one of the ${values.length} allowed values`;
const where = (path: string) => path || 'the value';
export const join = (path: string, name: string | number) => (path ? `${path}.${name}` : String(name));
/** A table's entry for a segment, never an inherited property (constructor, toString). */
export const own = <T>(table: object, key: string): T | undefined =>
  Object.hasOwn(table, key) ? (table as Readonly<Record<string, T>>)[key] : undefined;
/** JSON pointer (/data/priority) to dotted path (data.priority); unescaping only when needed keeps it cheap. */
export const dotted = (pointer: string) =>
  pointer.includes('~')
    ? pointer
        .slice(1)
        .split('/')
        .map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'))
        .join('.')
    : pointer.slice(1).replaceAll('/', '.');

/** One ajv error as an error of the envelope. */
function fromAjv<K extends string>(t: SchemaProblems<K>, e: SchemaError): ValidationError<K> {
  const K = t.keys;
  const at = dotted(e.instancePath);
  const p = e.params;
  const say = (key: K, path: string, detail: string) => problem(t.messages, key, path, detail);
  switch (e.keyword) {
    case 'additionalProperties': {
      const path = join(at, String(p.additionalProperty));
      return say(K.unknownField, path, path);
    }
    case 'propertyNames': {
      const path = join(at, String(p.propertyName));
      return say(K.unknownField, path, path);
    }
    case 'required': {
      const path = join(at, String(p.missingProperty));
      return say(K.required, path, path);
    }
    case 'type':
      return say(
        K.invalidValue,
        at,
        `${where(at)} must be ${Array.isArray(p.type) ? p.type.join(' or ') : String(p.type)}`,
      );
    case 'enum':
      return say(K.notInList, at, `${where(at)} must be ${oneOf(p.allowedValues as unknown[])}`);
    case 'const':
      return say(K.notInList, at, `${where(at)} must be ${show(p.allowedValue)}`);
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return say(K.outOfRange, at, `${where(at)} must be ${String(p.comparison)} ${String(p.limit)}`);
    case 'pattern': {
      const pattern = String(p.pattern);
      const date = t.datePatterns.get(pattern);
      if (date) return say(K.invalidDate, at, `${where(at)} must be a date as ${date}`);
      const list = t.listPatterns.get(pattern);
      if (list) return say(K.notInList, at, `${where(at)} must be ${oneOf(list)}`);
      return say(K.invalidValue, at, `${where(at)} must match ${pattern}`);
    }
    case 'anyOf':
      return say(K.invalidValue, at, `${where(at)} matches none of the allowed forms`);
    default:
      return say(K.invalidValue, at, `${where(at)} fails ${e.keyword}`);
  }
}

/** ajv's errors as envelope errors: one per problem, without the branch errors of a failed anyOf or propertyNames. */
export function fromAjvErrors<K extends string>(
  t: SchemaProblems<K>,
  errors: readonly SchemaError[],
): ValidationError<K>[] {
  const failedAnyOf = errors.filter((e) => e.keyword === 'anyOf');
  return errors
    .filter(
      (e) =>
        e.propertyName === undefined &&
        e.keyword !== 'if' &&
        !failedAnyOf.some(
          (a) => a !== e && e.schemaPath.startsWith(`${a.schemaPath}/`) && e.instancePath.startsWith(a.instancePath),
        ),
    )
    .map((e) => fromAjv(t, e));
}

/** The problems of a value by one compiled validator; empty when valid. */
export function check<K extends string>(
  t: SchemaProblems<K>,
  validate: CompiledValidator,
  value: unknown,
): ValidationError<K>[] {
  return validate(value) ? [] : fromAjvErrors(t, validate.errors ?? []);
}

// ---------------------------------------------------------------------------------------------
// Rules JSON Schema cannot say.

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
export function isAllowedParent(allowedParents: object, segment: string, parent: string): boolean {
  return own<readonly string[]>(allowedParents, segment)?.includes(parent) ?? false;
}

/** Whether `c.field` may be given with this data (call it only when c.field is given). */
export function conditionHolds(c: Condition, data: Readonly<Record<string, unknown>>): boolean {
  const other = data[c.on] ?? c.absent;
  return 'equals' in c ? other === c.equals : other !== c.notEquals;
}

/** A JSONP callback with only the allowed characters kept (`allowed` has the g flag); empty means answer plain JSON. */
export function sanitizeCallback(allowed: RegExp, callback: string): string {
  return callback.match(allowed)?.join('') ?? '';
}

/** The invalid-parent error unless an activity of `segment` may be created under `parent`. */
export function checkParent<K extends string>(
  r: ActivityRules<K>,
  segment: string,
  parent: { kind: 'record' } | { kind: 'activity'; segment: string },
): ValidationError<K> | null {
  const token = parent.kind === 'record' ? r.recordParent : parent.segment;
  if (isAllowedParent(r.allowedParents, segment, token)) return null;
  const allowed = own<readonly string[]>(r.allowedParents, segment);
  return problem(
    r.messages,
    r.keys.invalidParent,
    r.parentField,
    allowed
      ? `${segment} cannot be created under ${token}; allowed parents: ${allowed.join(', ')}`
      : `${segment} is not an activity type`,
  );
}

/** The cannot-create-completed error for each flag of `data` that cannot be on when the activity is created. */
export function checkCreate<K extends string>(
  r: ActivityRules<K>,
  segment: string,
  data: Readonly<Record<string, unknown>>,
): ValidationError<K>[] {
  const fields = own<readonly string[]>(r.notTrueOnCreate, segment) ?? [];
  return fields
    .filter((field) => data[field] === r.flagOn)
    .map((field) => {
      const path = join(r.dataField, field);
      return problem(
        r.messages,
        r.keys.cannotCreateCompleted,
        path,
        `${path} cannot be ${r.flagOn} when ${segment} is created`,
      );
    });
}

/** The condition-not-met error for each conditional field of `data` given while its condition does not hold. */
export function checkConditions<K extends string>(
  r: ActivityRules<K>,
  segment: string,
  data: Readonly<Record<string, unknown>>,
): ValidationError<K>[] {
  const list = own<readonly Condition[]>(r.conditions, segment) ?? [];
  return list
    .filter((c) => data[c.field] !== undefined && !conditionHolds(c, data))
    .map((c) =>
      problem(
        r.messages,
        r.keys.conditionNotMet,
        join(r.dataField, c.field),
        `${join(r.dataField, c.field)} is allowed only when ${join(r.dataField, c.on)} ${'equals' in c ? `is ${show(c.equals)}` : `is not ${show(c.notEquals)}`}`,
      ),
    );
}

/** The only-one-per-parent error when the parent already holds an activity of a one-per-parent segment. */
export function checkOnePerParent<K extends string>(
  r: ActivityRules<K>,
  segment: string,
  existingOfSameType: number,
): ValidationError<K> | null {
  if (existingOfSameType < 1 || !r.onePerParent.includes(segment)) return null;
  return problem(
    r.messages,
    r.keys.onlyOnePerParent,
    r.parentField,
    `the parent already has ${existingOfSameType} ${segment}`,
  );
}
