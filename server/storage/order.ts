// The order of a parent's children, shared by the handlers and the SQL adapters' placeActivity.
import type { ActivityRow } from './port.ts';

/**
 * The siblings other than `moving`, in their order (position, id), with `moving` placed after or
 * before the sibling named (else last); undefined when that sibling is not among them.
 */
export function placeAmong(
  siblings: ActivityRow[],
  moving: ActivityRow,
  after: number | undefined,
  before: number | undefined,
): ActivityRow[] | undefined {
  const rest = siblings.filter((s) => s.id !== moving.id).sort((a, b) => a.position - b.position || a.id - b.id);
  const anchor = after ?? before;
  if (anchor === undefined) return [...rest, moving];
  const i = rest.findIndex((s) => s.id === anchor);
  if (i < 0) return undefined;
  const at = after !== undefined ? i + 1 : i;
  return [...rest.slice(0, at), moving, ...rest.slice(at)];
}
