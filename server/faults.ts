// TEST-ONLY fault switches: CRMGEN_TEST_FAULTS=valuelist,range,hierarchy,isolation,signature
// breaks one rule each, so tests can show that `crmgen verify` notices (test/verify.test.ts).
// Never set it in production; unset, nothing here changes behaviour.
import { spec, type ActivityType } from './facts.ts';
import { ServiceError } from '../generated/server/dist/index.js';

export const faultNames = ['valuelist', 'range', 'hierarchy', 'isolation', 'signature'] as const;
export type Fault = (typeof faultNames)[number];

const enabled = new Set(
  (process.env.CRMGEN_TEST_FAULTS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
for (const name of enabled)
  if (!(faultNames as readonly string[]).includes(name))
    throw new Error(`CRMGEN_TEST_FAULTS: unknown fault '${name}' (known: ${faultNames.join(', ')})`);
if (enabled.size)
  process.stderr.write(`crmgen: TEST FAULTS ENABLED (${[...enabled].join(', ')}); never use this outside tests\n`);

export const fault = (name: Fault): boolean => enabled.has(name);

/**
 * valuelist: the last entry of each activity value list is refused (a list out of date);
 * range: the upper bound of each activity range is refused (an exclusive bound).
 */
export function faultyActivityData(type: ActivityType, data: Record<string, unknown>): void {
  for (const f of type.fields) {
    if (f.shape.kind !== 'scalar' || data[f.name] === undefined) continue;
    const v = data[f.name];
    if (fault('valuelist') && f.shape.type === 'enum' && f.shape.values) {
      const list = spec.values.find((l) => l.name === (f.shape as { values: string }).values)!;
      if (String(list.values.at(-1)!.value) === String(v))
        throw new ServiceError('notinlist', `data.${f.name}: not in the list`, `data.${f.name}`);
    }
    if (fault('range') && f.shape.max !== undefined && Number(v) === f.shape.max)
      throw new ServiceError('outofrange', `data.${f.name}: out of range`, `data.${f.name}`);
  }
}
