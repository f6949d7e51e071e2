// Compile-time checks that hand-written code can only name error keys and hook events the spec
// has; never run, only type-checked (by `tsc -p tsconfig.json` and by test/error-keys.test.ts).
// Every `@ts-expect-error: <words>` line must fail to compile, for the reason <words> names.
import { ServiceError } from '../generated/server/dist/index.js';
import type { ErrorKey as PackageErrorKey } from '../generated/server/dist/types/errors.js';
import type { ServiceDefinition } from '../generator/targets/typescript/runtime/service.ts';
import type { ChangeEvent } from '../server/context.ts';
import { spec, type ActivitySegment, type ErrorKey, type HookEvent, type RecordKind } from '../server/facts.ts';

type Equal<A, B> = (<V>() => V extends A ? 1 : 2) extends <V>() => V extends B ? 1 : 2 ? true : false;
const same = <A, B>(ok: Equal<A, B>) => ok;

export function serviceErrors(): ServiceError[] {
  return [
    new ServiceError('itemisnotfound', 'No contact 7'),
    // @ts-expect-error: itemisnotfund
    new ServiceError('itemisnotfund', 'No contact 7'),
    ServiceError.of([{ key: 'unknownowner', message: 'not an owner', path: 'assignedto' }]),
    // @ts-expect-error: unknownownr
    ServiceError.of([{ key: 'unknownownr', message: 'not an owner', path: 'assignedto' }]),
  ];
}

export function caught(e: unknown): ErrorKey | undefined {
  // instanceof narrows to the spec's keys.
  if (e instanceof ServiceError) return e.errors[0]?.key;
  return undefined;
}

export const events: ChangeEvent[] = [
  { event: 'items.create', kind: 'contacts', id: 1 },
  // @ts-expect-error: items.creat
  { event: 'items.creat', kind: 'contacts', id: 1 },
  { event: 'activities.delete', segment: 'task', id: 2 },
  // @ts-expect-error: activity.delete
  { event: 'activity.delete', segment: 'task', id: 2 },
];

export const facts = {
  key: 'outofrange' satisfies ErrorKey,
  // @ts-expect-error: outofrenge
  misspeltKey: 'outofrenge' satisfies ErrorKey,
  event: 'items.update' satisfies HookEvent,
  kind: 'contacts' satisfies RecordKind,
  // @ts-expect-error: contact
  singular: 'contact' satisfies RecordKind,
  segment: 'task' satisfies ActivitySegment,
  // The facts' keys are the server package's keys: one spec, one union.
  sameKeys: same<ErrorKey, PackageErrorKey>(true),
  envelopeKey: spec.errors[0]?.key satisfies ErrorKey | undefined,
  // Positions stay in the generator: the facts have none.
  // @ts-expect-error: pos
  position: spec.activities[0]?.pos,
};

// The runtime answers some failures itself; a definition whose spec lacks one of those keys does not compile.
export const pipelineKeys: ServiceDefinition<'itemisnotfound'>['errors'][] = [
  // @ts-expect-error: PipelineErrorKey
  { itemisnotfound: { status: 404, message: 'Item is not found' } },
];
