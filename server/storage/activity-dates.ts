// The dates an activity holds, read the same way by list queries (storage) and reports (the domain).
import { parseSaveDate } from '../../generated/server/dist/runtime/dates.js';
import { activityBySegment } from '../facts.ts';

/**
 * The date an activity holds in `field` (ms, UTC), or undefined when it has none or the field's
 * `when` condition fails (a due date while nodate = 1). A missing flag reads as 0.
 */
export function activityDate(
  a: { segment: string; fields: Record<string, unknown> },
  field: string,
): number | undefined {
  const when = activityBySegment.get(a.segment)?.fields.find((f) => f.name === field)?.when;
  if (when) {
    const other = a.fields[when.field] ?? 0;
    if (when.equals !== undefined ? other !== when.equals : other === when.notEquals) return undefined;
  }
  const v = a.fields[field];
  return typeof v === 'string' ? parseSaveDate(v)?.ms : undefined;
}
