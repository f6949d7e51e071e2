// The API's facts at run time: generated/facts.js, the IR the generator wrote (spec.json), typed
// by its generated declarations. The server reads kinds, field sets, hierarchy and limits from
// here, never from literals.
// An import, not a file read: crmgen serve --spec points every import of generated/ elsewhere.
import { spec } from '../generated/facts.js';
import type { RuntimeSpec } from '../generator/pipeline/model.ts';

import type { ErrorKey } from '../generated/facts.js';

export { spec };
export type { ActivitySegment, ErrorKey, HookEvent, RecordKind } from '../generated/facts.js';
export type Kind = RuntimeSpec['kinds'][number];
export type FieldSet = RuntimeSpec['fieldsets'][number];
export type ActivityType = RuntimeSpec['activities'][number];

const kindsByName = new Map(spec.kinds.map((k) => [k.name, k]));
const kindsBySingular = new Map(spec.kinds.map((k) => [k.singular, k]));
const fieldsets = new Map(spec.fieldsets.map((f) => [f.name, f]));
export const customFieldPattern = new RegExp(spec.customFields.namePattern);

/**
 * The Retry-After (seconds) the spec gives an error key's answer for one cause
 * (errors.keys.KEY.retryAfter.CAUSE). Missing, the service refuses to start rather than make one up.
 */
export function retryAfterOf(key: ErrorKey, cause: string): number {
  const seconds = spec.errors.find((e) => e.key === key)?.retryAfter?.[cause];
  if (seconds === undefined) throw new Error(`the spec gives no errors.keys.${key}.retryAfter.${cause} (seconds)`);
  return seconds;
}

export function kindOf(name: string): Kind {
  const k = kindsByName.get(name);
  if (!k) throw new Error(`unknown kind ${name}`);
  return k;
}

export const kindBySingular = (singular: string) => kindsBySingular.get(singular);

export function fieldsetOf(kind: string): FieldSet {
  return fieldsets.get(kindOf(kind).fieldset)!;
}

/** Standard fields' ids are their 1-based position in the field set (spec listSemantics). */
export function standardFieldId(kind: string, name: string): number | undefined {
  const i = fieldsetOf(kind).fields.findIndex((f) => f.name === name);
  return i < 0 ? undefined : i + 1;
}

export const activityBySegment = new Map(spec.activities.map((a) => [a.segment, a]));
export const activityByTypeid = new Map(
  spec.activities.flatMap((a) => [a.typeid, ...a.altTypeids].map((t) => [t, a] as const)),
);
