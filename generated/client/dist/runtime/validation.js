// Part of the crmgen runtime (runtime/validation.ts), copied into this package by crmgen generate. Do not edit.
// Request validation glue of the generated validators/ (emit/validators.ts): ajv's errors as
// envelope errors, and the checks JSON Schema cannot express (allowed parents, flags that cannot
// be set on create, `when` conditions, one-per-parent segments, JSONP callbacks). Every API fact
// (error keys and their messages, patterns, the rule tables) comes in as data from the generated
// modules; this file names none.
/** Lists longer than this are described by their length, not spelled out. */
const shortList = 12;
export function problem(messages, key, path, detail) {
    return { key, path, message: `${messages[key].message}: ${detail}` };
}
export const show = (v) => (typeof v === 'string' ? JSON.stringify(v) : String(v));
const oneOf = (values) => values.length <= shortList ? `one of ${values.map(show).join(', ')}` : `one of the ${values.length} allowed values`;
const where = (path) => path || 'the value';
export const join = (path, name) => (path ? `${path}.${name}` : String(name));
/** A table's entry for a segment, never an inherited property (constructor, toString). */
export const own = (table, key) => Object.hasOwn(table, key) ? table[key] : undefined;
/** JSON pointer (/data/priority) to dotted path (data.priority); unescaping only when needed keeps it cheap. */
export const dotted = (pointer) => pointer.includes('~')
    ? pointer
        .slice(1)
        .split('/')
        .map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'))
        .join('.')
    : pointer.slice(1).replaceAll('/', '.');
/** One ajv error as an error of the envelope. */
function fromAjv(t, e) {
    const K = t.keys;
    const at = dotted(e.instancePath);
    const p = e.params;
    const say = (key, path, detail) => problem(t.messages, key, path, detail);
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
            return say(K.invalidValue, at, `${where(at)} must be ${Array.isArray(p.type) ? p.type.join(' or ') : String(p.type)}`);
        case 'enum':
            return say(K.notInList, at, `${where(at)} must be ${oneOf(p.allowedValues)}`);
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
            if (date)
                return say(K.invalidDate, at, `${where(at)} must be a date as ${date}`);
            const list = t.listPatterns.get(pattern);
            if (list)
                return say(K.notInList, at, `${where(at)} must be ${oneOf(list)}`);
            return say(K.invalidValue, at, `${where(at)} must match ${pattern}`);
        }
        case 'anyOf':
            return say(K.invalidValue, at, `${where(at)} matches none of the allowed forms`);
        default:
            return say(K.invalidValue, at, `${where(at)} fails ${e.keyword}`);
    }
}
/** ajv's errors as envelope errors: one per problem, without the branch errors of a failed anyOf or propertyNames. */
export function fromAjvErrors(t, errors) {
    const failedAnyOf = errors.filter((e) => e.keyword === 'anyOf');
    return errors
        .filter((e) => e.propertyName === undefined &&
        e.keyword !== 'if' &&
        !failedAnyOf.some((a) => a !== e && e.schemaPath.startsWith(`${a.schemaPath}/`) && e.instancePath.startsWith(a.instancePath)))
        .map((e) => fromAjv(t, e));
}
/** The problems of a value by one compiled validator; empty when valid. */
export function check(t, validate, value) {
    return validate(value) ? [] : fromAjvErrors(t, validate.errors ?? []);
}
/** Whether an activity of `segment` may be created under `parent` (a record token or a segment). */
export function isAllowedParent(allowedParents, segment, parent) {
    return own(allowedParents, segment)?.includes(parent) ?? false;
}
/** Whether `c.field` may be given with this data (call it only when c.field is given). */
export function conditionHolds(c, data) {
    const other = data[c.on] ?? c.absent;
    return 'equals' in c ? other === c.equals : other !== c.notEquals;
}
/** A JSONP callback with only the allowed characters kept (`allowed` has the g flag); empty means answer plain JSON. */
export function sanitizeCallback(allowed, callback) {
    return callback.match(allowed)?.join('') ?? '';
}
/** The invalid-parent error unless an activity of `segment` may be created under `parent`. */
export function checkParent(r, segment, parent) {
    const token = parent.kind === 'record' ? r.recordParent : parent.segment;
    if (isAllowedParent(r.allowedParents, segment, token))
        return null;
    const allowed = own(r.allowedParents, segment);
    return problem(r.messages, r.keys.invalidParent, r.parentField, allowed
        ? `${segment} cannot be created under ${token}; allowed parents: ${allowed.join(', ')}`
        : `${segment} is not an activity type`);
}
/** The cannot-create-completed error for each flag of `data` that cannot be on when the activity is created. */
export function checkCreate(r, segment, data) {
    const fields = own(r.notTrueOnCreate, segment) ?? [];
    return fields
        .filter((field) => data[field] === r.flagOn)
        .map((field) => {
        const path = join(r.dataField, field);
        return problem(r.messages, r.keys.cannotCreateCompleted, path, `${path} cannot be ${r.flagOn} when ${segment} is created`);
    });
}
/** The condition-not-met error for each conditional field of `data` given while its condition does not hold. */
export function checkConditions(r, segment, data) {
    const list = own(r.conditions, segment) ?? [];
    return list
        .filter((c) => data[c.field] !== undefined && !conditionHolds(c, data))
        .map((c) => problem(r.messages, r.keys.conditionNotMet, join(r.dataField, c.field), `${join(r.dataField, c.field)} is allowed only when ${join(r.dataField, c.on)} ${'equals' in c ? `is ${show(c.equals)}` : `is not ${show(c.notEquals)}`}`));
}
/** The only-one-per-parent error when the parent already holds an activity of a one-per-parent segment. */
export function checkOnePerParent(r, segment, existingOfSameType) {
    if (existingOfSameType < 1 || !r.onePerParent.includes(segment))
        return null;
    return problem(r.messages, r.keys.onlyOnePerParent, r.parentField, `the parent already has ${existingOfSameType} ${segment}`);
}
