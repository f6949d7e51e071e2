// Activities under records and under other activities: create, update (move, reposition,
// complete), delete (soft, restorable), with the hierarchy and field rules of the spec.
import type * as T from '../generated/server/dist/types/index.js';
import { ServiceError } from '../generated/server/dist/index.js';
import {
  checkConditions,
  checkCreate,
  checkOnePerParent,
  checkParent,
  type ValidationError,
} from '../generated/server/dist/validators/index.js';
import { formatCreatedText } from '../generated/server/dist/runtime/dates.js';
import type { UploadedFile } from '../generated/server/dist/runtime/form-data.js';
import type { ActivityRow, RecordRow, Tx } from './storage/port.ts';
import { placeAmong } from './storage/order.ts';
import type { Caller } from './context.ts';
import { activityBySegment, kindOf, spec } from './facts.ts';
import { checkOwners, type OwnerValue } from './owners.ts';
import { completedAtKey } from './reports.ts';
import { fault, faultyActivityData } from './faults.ts';

type Parent = { record: RecordRow; activity?: undefined } | { record: RecordRow; activity: ActivityRow };

function fail(errors: (ValidationError | null)[]): void {
  const real = errors.filter((e): e is ValidationError => e !== null);
  if (real.length) {
    const e = new ServiceError(real[0].key, real[0].message, real[0].path);
    e.errors.splice(0, 1, ...real.map((x) => ({ key: x.key, message: x.message, path: x.path })));
    throw e;
  }
}

/** The parent record or activity; with `kind`, its record must be of that kind (the path's kind), like show. */
async function findParent(tx: Tx, caller: Caller, id: number, kind?: string): Promise<Parent> {
  const found = await (async (): Promise<Parent | undefined> => {
    const record = await tx.getRecord(caller.accountId, id);
    if (record) return { record };
    const activity = await tx.getActivity(caller.accountId, id);
    const root = activity && (await tx.getRecord(caller.accountId, activity.recordId));
    return activity && root ? { record: root, activity } : undefined;
  })();
  if (!found || (kind !== undefined && found.record.kind !== kind))
    throw new ServiceError(
      'itemisnotfound',
      `parent: no ${kind ?? 'record'} or activity of one with id ${id}`,
      'parent',
    );
  return found;
}

const parentToken = (p: Parent) =>
  p.activity ? { kind: 'activity' as const, segment: p.activity.segment } : { kind: 'record' as const };

/** Fields of the owner type must name a user or group of the account, idlists of users (spec `ids`) users of it. */
function ownerValues(segment: string, data: Record<string, unknown>): OwnerValue[] {
  return activityBySegment.get(segment)!.fields.flatMap((f): OwnerValue[] => {
    const v = data[f.name];
    const s = f.shape;
    if (s.kind !== 'scalar') return [];
    if (s.type === 'owner' && typeof v === 'number') return [{ id: v, path: `data.${f.name}` }];
    if (s.ids && Array.isArray(v))
      return v
        .filter((id): id is number => typeof id === 'number')
        .map((id) => ({ id, path: `data.${f.name}`, ...(s.ids === 'users' ? { usersOnly: true } : {}) }));
    return [];
  });
}

/**
 * Conditional fields given while their condition does not hold: refused, or (spec conditionUnmet:
 * ignore) dropped from `given` so they are neither stored nor echoed.
 */
function unmetConditions(
  segment: string,
  all: Record<string, unknown>,
  given: Record<string, unknown>,
): ValidationError[] {
  const unmet = checkConditions(segment, all);
  if (spec.conditionUnmet !== 'ignore') return unmet;
  for (const e of unmet) delete given[e.path.replace(/^data\./, '')];
  return [];
}

/** Stores uploaded files of upload fields; an upload field given without a file part is refused. */
async function storeUploads(
  tx: Tx,
  caller: Caller,
  segment: string,
  data: Record<string, unknown>,
  files: Record<string, UploadedFile> | undefined,
) {
  const type = activityBySegment.get(segment)!;
  for (const f of type.fields) {
    if (f.shape.kind !== 'scalar' || f.shape.type !== 'upload' || data[f.name] === undefined) continue;
    const file = files?.[`data[${f.name}]`] ?? files?.[f.name];
    if (!file)
      throw new ServiceError(
        'invalidvalue',
        `data.${f.name}: the file must be uploaded as multipart/form-data`,
        `data.${f.name}`,
      );
    const row = await tx.insertFile({
      accountId: caller.accountId,
      filename: file.filename,
      contenttype: file.contenttype,
      size: file.size,
      data: file.data,
    });
    data[f.name] = { filename: file.filename, contenttype: file.contenttype, size: file.size, fileid: row.id };
  }
}

/** Siblings in order, with `moving` placed after/before the given sibling (default: last). */
function place(
  siblings: ActivityRow[],
  moving: ActivityRow,
  after: number | undefined,
  before: number | undefined,
): ActivityRow[] {
  const ordered = placeAmong(siblings, moving, after, before);
  if (!ordered)
    throw new ServiceError(
      'invalidvalue',
      `${after !== undefined ? 'after' : 'before'}: ${after ?? before} is not an activity beside this one`,
      after !== undefined ? 'after' : 'before',
    );
  return ordered;
}

/** Writes dense 1-based positions; only rows whose position changed are stored (the moving row is stored by its caller). */
async function renumber(tx: Tx, ordered: ActivityRow[], skip?: number) {
  const moved: { id: number; position: number }[] = [];
  for (const [i, row] of ordered.entries()) {
    if (row.position !== i + 1) {
      row.position = i + 1;
      if (row.id !== skip) moved.push({ id: row.id, position: row.position });
    }
  }
  if (moved.length) await tx.setPositions(ordered[0]!.accountId, moved);
}

async function descendants(tx: Tx, caller: Caller, root: ActivityRow, includeDeleted = false): Promise<ActivityRow[]> {
  return tx.listDescendants(caller.accountId, root.id, { includeDeleted });
}

/**
 * The activity at /{kind}/{segment}/{id}: of that segment, on a live record of that kind. `lock`
 * (the order locks it needs, from the row) is asked for before the record is read: a first
 * attempt that only learns its locks (PostgreSQL) then costs one read, not two.
 */
async function loadActivity(
  tx: Tx,
  caller: Caller,
  kind: string,
  segment: string,
  id: number,
  lock?: (row: ActivityRow) => Promise<void>,
): Promise<ActivityRow> {
  const row = await tx.getActivity(caller.accountId, id);
  if (row && row.segment === segment) await lock?.(row);
  const record = row && (await tx.getRecord(caller.accountId, row.recordId));
  if (!row || row.segment !== segment || !record || record.kind !== kind) throw new ServiceError('itemisnotfound');
  return row;
}

export async function createActivity(
  tx: Tx,
  caller: Caller,
  input: { kind: string; segment: string; body: T.CreateActivityRequest; files: Record<string, UploadedFile> },
): Promise<T.CreateActivityResponse> {
  const { segment, body } = input;
  const data = { ...((body.data ?? {}) as Record<string, unknown>) };
  const type = activityBySegment.get(segment)!;
  // The request schema checks data's required fields only when data is given at all.
  fail(
    type.fields
      .filter((f) => f.required && data[f.name] === undefined)
      .map((f) => ({ key: 'fieldisrequired', message: `Field is required: data.${f.name}`, path: `data.${f.name}` })),
  );
  // Positions are read, then written: transactions on one parent's order take turns.
  await tx.lockOrder([body.parent]);
  const parent = await findParent(tx, caller, body.parent, input.kind);
  fail([
    ...(fault('hierarchy') ? [] : [checkParent(segment, parentToken(parent))]),
    ...checkCreate(segment, data),
    ...unmetConditions(segment, data, data),
  ]);
  faultyActivityData(type, data);
  const placed = body.after !== undefined || body.before !== undefined;
  const now = caller.now();
  const fresh = {
    accountId: caller.accountId,
    recordId: parent.record.id,
    parentId: body.parent,
    segment,
    typeid: type.typeid,
    level: parent.activity ? parent.activity.level + 1 : 1,
    fields: data,
    flagged: body.flagged ?? 0,
    created: now,
    viewed: now,
    updated: now,
    creatorId: caller.user.id,
    creatorName: caller.user.name,
    modificatorId: caller.user.id,
    modificatorName: caller.user.name,
  };
  if (!placed && !type.onePerParent) {
    // Placed last, of a type any number of which a parent may have: counted and inserted at once
    // (one statement on PostgreSQL); positions that were not dense (1..n) are made so after.
    await checkOwners(tx, caller, ownerValues(segment, data));
    await storeUploads(tx, caller, segment, data, input.files);
    const { row, all, last } = await tx.insertLast(fresh);
    caller.under?.(row.id, row.parentId);
    if (last !== all)
      await renumber(tx, place(await tx.listChildren(caller.accountId, body.parent), row, undefined, undefined));
    return created(caller, segment, row, data, now);
  }
  // Placed last, only the counts are needed while the positions are dense (1..n); placed
  // elsewhere, or to be made dense again, the siblings are read and renumbered.
  const quick = placed ? undefined : await tx.countChildren(caller.accountId, body.parent, segment);
  const siblings =
    !quick || quick.last !== quick.all ? await tx.listChildren(caller.accountId, body.parent) : undefined;
  const counts = siblings
    ? { all: siblings.length, ofSegment: siblings.filter((s) => s.segment === segment).length }
    : quick!;
  fail([checkOnePerParent(segment, counts.ofSegment)]);
  await checkOwners(tx, caller, ownerValues(segment, data));
  await storeUploads(tx, caller, segment, data, input.files);
  const row = await tx.insertActivity({ ...fresh, position: counts.all + 1 });
  caller.under?.(row.id, row.parentId);
  if (siblings) await renumber(tx, place(siblings, row, body.after, body.before));
  return created(caller, segment, row, data, now);
}

/** The answer to a create, its event told. */
function created(
  caller: Caller,
  segment: string,
  row: ActivityRow,
  data: Record<string, unknown>,
  now: number,
): T.CreateActivityResponse {
  caller.events.push({ event: 'activities.create', segment, id: row.id });
  return {
    id: row.id,
    data: echo(data) as T.CreateActivityResponse['data'],
    created: formatCreatedText(now),
    status: 'success',
  };
}

/** The data as the client sent it (upload fields without the stored file's id). */
function echo(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) {
    if (v && typeof v === 'object' && !Array.isArray(v) && 'fileid' in v) {
      const { fileid: _, ...file } = v as Record<string, unknown>;
      out[k] = file;
    } else out[k] = v;
  }
  return out;
}

/** Whether an update changes the order of some parent's activities (it asks for that order before writing). */
export const reorders = (body: T.UpdateActivityRequest): boolean =>
  body.parent !== undefined || body.after !== undefined || body.before !== undefined;

export async function updateActivity(
  tx: Tx,
  caller: Caller,
  input: {
    kind: string;
    segment: string;
    id: number;
    body: T.UpdateActivityRequest;
    files: Record<string, UploadedFile>;
  },
): Promise<T.UpdateActivityResponse> {
  const { segment, id, body } = input;
  if (await placedAsGuessed(tx, caller, input)) return { status: 'success' };
  const row = await loadActivity(tx, caller, input.kind, segment, id, async (r) => {
    if (body.parent !== undefined && body.parent !== r.parentId) await tx.lockOrder([r.parentId, body.parent]);
    else if (body.after !== undefined || body.before !== undefined) await tx.lockOrder([r.parentId]);
  });
  const changes = { ...((body.data ?? {}) as Record<string, unknown>) };
  const merged = { ...row.fields, ...changes };
  fail(unmetConditions(segment, merged, changes));
  faultyActivityData(activityBySegment.get(segment)!, changes);
  await checkOwners(tx, caller, ownerValues(segment, changes));
  await storeUploads(tx, caller, segment, changes, input.files);
  if (changes.completed === 1 && row.fields.completed !== 1) changes[completedAtKey] = caller.now();
  row.fields = { ...row.fields, ...changes };
  if (body.flagged !== undefined) row.flagged = body.flagged;
  const oldParent = row.parentId;
  const moving = body.parent !== undefined && body.parent !== row.parentId;
  let levelShift = 0;
  if (moving) {
    // A different parent moves the activity, with its subtree, to another record.
    const target = await findParent(tx, caller, body.parent!);
    const titles = (spec.moveTargets ?? spec.kinds.map((k) => k.name)).map((k) => kindOf(k).singular).join(', ');
    if (target.activity)
      throw new ServiceError(
        'invalidparent',
        `parent: an activity moves to a ${titles}, not under another activity`,
        'parent',
      );
    if (spec.moveTargets && !spec.moveTargets.includes(target.record.kind))
      throw new ServiceError(
        'invalidparent',
        `parent: an activity moves to a ${titles}, not a ${kindOf(target.record.kind).singular}`,
        'parent',
      );
    fail([checkParent(segment, { kind: 'record' })]);
    levelShift = 1 - row.level;
    row.parentId = body.parent!;
    row.recordId = target.record.id;
    row.level = 1;
  }
  row.updated = caller.now();
  row.modificatorId = caller.user.id;
  row.modificatorName = caller.user.name;
  if (moving || body.after !== undefined || body.before !== undefined) {
    // Placed, the siblings renumbered, the old parent's gap closed and the subtree carried in one
    // call (one statement on PostgreSQL, under the parents' order locks). Checked after it: a
    // refusal throws, and nothing of the transaction is kept.
    const got = await tx.placeActivity(row, {
      after: body.after,
      before: body.before,
      ...(moving ? { from: oldParent, levelShift } : {}),
    });
    if (moving) fail([checkOnePerParent(segment, got.ofSegment)]);
    if (!got.placed) {
      const which = body.after !== undefined ? 'after' : 'before';
      throw new ServiceError(
        'invalidvalue',
        `${which}: ${body.after ?? body.before} is not an activity beside this one`,
        which,
      );
    }
  } else await tx.updateActivity(row);
  caller.under?.(row.id, row.parentId);
  caller.events.push({ event: 'activities.update', segment, id: row.id });
  return { status: 'success' };
}

/**
 * A move or reorder that changes nothing else, where this process last saw the activity: one
 * statement (Tx.placeGuessed) that checks the guess and the records the long way reads, instead of
 * reading the row, then writing (a round trip less in the parent's chain). False, with nothing
 * written, when it does not apply or any check fails: the long way then answers, with its errors.
 * Refusals found after the write throw: nothing of the transaction is kept.
 */
async function placedAsGuessed(
  tx: Tx,
  caller: Caller,
  input: { kind: string; segment: string; id: number; body: T.UpdateActivityRequest },
): Promise<boolean> {
  const { segment, id, body } = input;
  const from = caller.parentOf?.(id);
  if (!tx.placeGuessed || from === undefined || body.flagged !== undefined) return false;
  if (body.data !== undefined && Object.keys(body.data).length) return false;
  // Ids the statement can take as bigint; others get the long way's answers.
  if (![body.parent, body.after, body.before].every((v) => v === undefined || (Number.isSafeInteger(v) && v > 0)))
    return false;
  const moving = body.parent !== undefined && body.parent !== from;
  if (!moving && body.after === undefined && body.before === undefined) return false;
  if (moving && checkParent(segment, { kind: 'record' })) return false;
  // The guess's locks (a wrong guess held by no batch runs the call again holding them).
  await tx.lockOrder(moving ? [from, body.parent!] : [from]);
  const got = await tx.placeGuessed({
    accountId: caller.accountId,
    id,
    segment,
    kind: input.kind,
    from,
    to: moving ? body.parent! : from,
    kinds: spec.moveTargets ?? spec.kinds.map((k) => k.name),
    after: body.after,
    before: body.before,
    updated: caller.now(),
    modificatorId: caller.user.id,
    modificatorName: caller.user.name,
  });
  if (!got) return false;
  // In the long way's order: conditions of the stored data, then one per parent.
  fail(unmetConditions(segment, got.fields, {}));
  if (moving) fail([checkOnePerParent(segment, got.ofSegment)]);
  caller.under?.(id, moving ? body.parent! : from);
  caller.events.push({ event: 'activities.update', segment, id });
  return true;
}

export async function deleteActivity(
  tx: Tx,
  caller: Caller,
  input: { kind: string; segment: string; id: number },
): Promise<T.DeleteActivityResponse> {
  const row = await loadActivity(tx, caller, input.kind, input.segment, input.id, (r) => tx.lockOrder([r.parentId]));
  const subtree = await descendants(tx, caller, row);
  await tx.setActivityDeleted(caller.accountId, [row.id, ...subtree.map((d) => d.id)], caller.now());
  await tx.closeGaps(caller.accountId, row.parentId);
  caller.under?.(row.id, undefined);
  caller.events.push({ event: 'activities.delete', segment: input.segment, id: row.id });
  return { status: 'success' };
}

/** Trash: puts a deleted activity (and what was deleted with it) back at its old position. */
export async function restoreActivity(tx: Tx, caller: Caller, segment: string, id: number): Promise<ActivityRow> {
  const row = await tx.getActivity(caller.accountId, id, { includeDeleted: true });
  if (!row || row.segment !== segment || row.deleted === null)
    throw new ServiceError('itemisnotfound', `no deleted ${segment} activity ${id}`);
  // Under a parent activity that is still deleted it would come back as an orphan in the journal.
  if (row.parentId !== row.recordId && !(await tx.getActivity(caller.accountId, row.parentId))) {
    throw new ServiceError(
      'itemisnotfound',
      `the parent ${row.parentId} of ${segment} activity ${id} is deleted; restore it first`,
    );
  }
  await tx.lockOrder([row.parentId]);
  const subtree = (await descendants(tx, caller, row, true)).filter((d) => d.deleted === row.deleted);
  await tx.setActivityDeleted(caller.accountId, [row.id, ...subtree.map((d) => d.id)], null);
  const siblings = (await tx.listChildren(caller.accountId, row.parentId))
    .filter((s) => s.id !== row.id)
    .sort((a, b) => a.position - b.position);
  const at = Math.min(Math.max(row.position - 1, 0), siblings.length);
  await renumber(tx, [...siblings.slice(0, at), { ...row, deleted: null }, ...siblings.slice(at)]);
  caller.events.push({ event: 'activities.restore', segment: row.segment, id: row.id });
  return row;
}
