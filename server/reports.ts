// The six read-only reports over the account's journal. What each one lists, and which field
// holds an entry's date and person in charge, is stated in spec/reports.yaml (`from`); the
// document leaves it open.
import type * as T from '../generated/server/dist/types/index.js';
import { formatDateTime, parseSaveDate } from '../generated/server/dist/runtime/dates.js';
import type { ActivityRow, RecordRow, Tx } from './storage/port.ts';
import type { ReportQuery } from './storage/record-query.ts';
import type { Caller } from './context.ts';
import { activityBySegment, activityByTypeid, kindOf, spec } from './facts.ts';
import { activityDate } from './storage/activity-dates.ts';
import { checkOwners } from './owners.ts';

const day = 86_400_000;
const startOfDay = (ms: number) => Math.floor(ms / day) * day;

/** What each report lists comes from spec/reports.yaml (`from`, `completable`, `ancestors`). */
const reportOf = (name: string) => {
  const r = spec.reports.find((x) => x.name === name);
  if (!r) throw new Error(`the spec has no report '${name}'`);
  return r;
};

/**
 * The fields of a report's entry (its structure in the spec) that the listed activity type also
 * has, except the one holding the entry's date (rendered from the source's `date`): copied as stored.
 */
const projected = new Map<string, string[]>();
function project(report: string, a: ActivityRow): Record<string, unknown> {
  const key = `${report} ${a.segment}`;
  let names = projected.get(key);
  if (!names) {
    const r = reportOf(report);
    const shape = spec.structures.find((s) => s.name === r.entry)?.shape;
    const own = new Set(activityBySegment.get(a.segment)?.fields.map((f) => f.name));
    names = (shape?.kind === 'object' ? shape.fields : [])
      .map((f) => f.name)
      .filter((n) => own.has(n) && n !== r.from[a.segment]?.date);
    projected.set(key, names);
  }
  return Object.fromEntries(names.filter((n) => a.fields[n] !== undefined).map((n) => [n, a.fields[n]]));
}

interface Entry {
  a: ActivityRow;
  date: number | undefined;
  owners: number[];
}

/** The activities a report lists, with their date (none when the date field's condition fails) and who is in charge. */
function entries(name: string, j: Journal): Entry[] {
  const r = reportOf(name);
  const out: Entry[] = [];
  for (const a of j.activities) {
    const src = r.from[a.segment];
    if (!src) continue;
    if (!src.includeCompleted && a.fields.completed === 1) continue;
    const date = activityDate(a, src.date);
    if (src.dated && date === undefined) continue;
    const owner = src.owner ? a.fields[src.owner] : undefined;
    const owners = Array.isArray(owner)
      ? owner.filter((x): x is number => typeof x === 'number')
      : typeof owner === 'number'
        ? [owner]
        : [];
    out.push({ a, date, owners });
  }
  return out;
}

/** A completed flag set by update is stamped here so `last=completed` can find it; never sent to clients. */
export const completedAtKey = '@completedat';

interface Journal {
  activities: ActivityRow[];
  /** The listed activities and the other ones read for them (parents, ancestors). */
  byId: Map<number, ActivityRow>;
  records: Map<number, RecordRow>;
}

/** The SQL selection of a report's `from` types: open ones only unless includeCompleted, dated ones when `dated`. */
function sourcesOf(name: string): ReportQuery['segments'] {
  return Object.entries(reportOf(name).from).map(([segment, src]) => ({
    segment,
    open: !src.includeCompleted,
    dated: !!src.dated,
  }));
}

/**
 * The activities a report lists, selected and ordered in SQL (./storage/record-query.ts), and their
 * records: a report reads the rows it answers with, never the account's journal.
 */
async function journal(tx: Tx, caller: Caller, q: ReportQuery): Promise<Journal> {
  const activities = await tx.reportActivities(caller.accountId, q);
  const records = new Map(
    (await tx.getRecords(caller.accountId, [...new Set(activities.map((a) => a.recordId))])).map((r) => [r.id, r]),
  );
  return {
    activities: activities.filter((a) => records.has(a.recordId)),
    byId: new Map(activities.map((a) => [a.id, a])),
    records,
  };
}

/** Reads into j.byId every live activity above the listed ones (a level at a time: the tree's depth, not the journal). */
async function readAncestors(
  tx: Tx,
  caller: Caller,
  j: Journal,
  from: ActivityRow[],
  levels = Infinity,
): Promise<void> {
  let wanted = from;
  for (let level = 0; level < levels && wanted.length; level++) {
    const ids = [...new Set(wanted.map((a) => a.parentId).filter((id) => !j.byId.has(id) && !j.records.has(id)))];
    if (!ids.length) return;
    wanted = await tx.getActivities(caller.accountId, ids);
    for (const a of wanted) j.byId.set(a.id, a);
  }
}

const dateOf = (v: unknown): number | undefined => (typeof v === 'string' ? parseSaveDate(v)?.ms : undefined);

/** `due`: a keyword's window from spec/report-sources.yaml (dueWindows), or "from,to" (inclusive days). */
function dueMatches(due: string | undefined, date: number | undefined, now: number): boolean {
  if (due === undefined || due === '') return true;
  const today = startOfDay(now);
  const w = spec.dueWindows[due];
  if (w) {
    if (w.nodate) return date === undefined;
    return date !== undefined && (w.overdue || date >= today) && date < today + (w.days ?? 0) * day;
  }
  const [from, to] = due.split(',').map((s) => parseSaveDate(s.trim())?.ms);
  return (
    date !== undefined &&
    from !== undefined &&
    to !== undefined &&
    date >= startOfDay(from) &&
    date < startOfDay(to) + day
  );
}

/** The report_date window dueMatches keeps (in SQL), when it is one. */
function dueWindow(due: string | undefined, now: number): ReportQuery['date'] {
  if (due === undefined || due === '') return undefined;
  const today = startOfDay(now);
  const w = spec.dueWindows[due];
  if (w) return w.nodate ? 'nodate' : { ...(w.overdue ? {} : { from: today }), to: today + (w.days ?? 0) * day };
  const [from, to] = due.split(',').map((s) => parseSaveDate(s.trim())?.ms);
  return from !== undefined && to !== undefined ? { from: startOfDay(from), to: startOfDay(to) + day } : undefined;
}

const dueQuery = (due: string | undefined, now: number): Pick<ReportQuery, 'date'> => {
  const date = dueWindow(due, now);
  return date ? { date } : {};
};
const ownerQuery = (filter: number | '' | undefined): Pick<ReportQuery, 'owner'> =>
  typeof filter === 'number' ? { owner: filter } : {};

/** The [start, end] days inRange keeps, as a window. */
function rangeWindow(start?: string, end?: string): { from?: number; to?: number } {
  const s = start ? parseSaveDate(start)?.ms : undefined;
  const e = end ? parseSaveDate(end)?.ms : undefined;
  return {
    ...(s !== undefined ? { from: startOfDay(s) } : {}),
    ...(e !== undefined ? { to: startOfDay(e) + day } : {}),
  };
}

/** Owner filter: empty = anyone, 0 = no one, else that user or group id. */
function ownerMatches(filter: number | '' | undefined, owners: number[]): boolean {
  if (filter === undefined || filter === '') return true;
  if (filter === 0) return owners.length === 0;
  return owners.includes(filter);
}

function inRange(ms: number | undefined, start?: string, end?: string): boolean {
  if (ms === undefined) return false;
  const s = start ? parseSaveDate(start)?.ms : undefined;
  const e = end ? parseSaveDate(end)?.ms : undefined;
  return (s === undefined || ms >= startOfDay(s)) && (e === undefined || ms < startOfDay(e) + day);
}

function itemData(r: RecordRow): T.ReportItem {
  return { id: r.id, name: r.name, typeid: kindOf(r.kind).typeid, fields: r.fields as T.ReportItem['fields'] };
}

function base(a: ActivityRow, j: Journal, itemsdata: number | undefined) {
  const r = j.records.get(a.recordId)!;
  return {
    id: a.id,
    type: a.typeid,
    itemid: r.id,
    itemtype: kindOf(r.kind).typeid,
    itemname: r.name,
    owner: a.creatorId,
    created: formatDateTime(a.created),
    ...(itemsdata === 1 ? { item: itemData(r) } : {}),
  };
}

const num = (v: unknown) => (typeof v === 'number' ? v : undefined);

function renderAction(
  report: 'nextactions' | 'calendar',
  x: { a: ActivityRow; date: number | undefined },
  j: Journal,
  itemsdata: number | undefined,
): T.ReportAction {
  return {
    ...base(x.a, j, itemsdata),
    ...project(report, x.a),
    ...(x.date !== undefined ? { date: formatDateTime(x.date) } : {}),
    completed: x.a.fields.completed === 1 ? 1 : 0,
  };
}

const byDate = <X extends { date: number | undefined; a: ActivityRow }>(xs: X[]) =>
  xs.sort((p, q) => (p.date ?? Infinity) - (q.date ?? Infinity) || p.a.id - q.a.id);

export async function nextactions(
  tx: Tx,
  caller: Caller,
  p: T.ReportNextactionsParams,
): Promise<T.ReportNextactionsResponse> {
  const j = await journal(tx, caller, {
    segments: sourcesOf('nextactions'),
    ...dueQuery(p.due, caller.now()),
    ...ownerQuery(p.filter),
    order: 'date',
  });
  const rows = byDate(
    entries('nextactions', j).filter(
      (x) => ownerMatches(p.filter, x.owners) && dueMatches(p.due, x.date, caller.now()),
    ),
  );
  return { actions: rows.map((x) => renderAction('nextactions', x, j, p.itemsdata)), status: 'success' };
}

export async function calendar(tx: Tx, caller: Caller, p: T.ReportCalendarParams): Promise<T.ReportCalendarResponse> {
  const j = await journal(tx, caller, {
    segments: sourcesOf('calendar'),
    date: rangeWindow(p.start, p.end),
    ...ownerQuery(p.filter),
    order: 'date',
  });
  const rows = byDate(
    entries('calendar', j).filter(
      (x) => x.date !== undefined && inRange(x.date, p.start, p.end) && ownerMatches(p.filter, x.owners),
    ),
  );
  return { actions: rows.map((x) => renderAction('calendar', x, j, p.itemsdata)), status: 'success' };
}

export async function followups(
  tx: Tx,
  caller: Caller,
  p: T.ReportFollowupsParams,
): Promise<T.ReportFollowupsResponse> {
  const j = await journal(tx, caller, {
    segments: sourcesOf('followups'),
    ...dueQuery(p.due, caller.now()),
    ...ownerQuery(p.responsible),
    order: 'date',
  });
  const rows = byDate(
    entries('followups', j).filter(
      (x) => ownerMatches(p.responsible, x.owners) && dueMatches(p.due, x.date, caller.now()),
    ),
  );
  return {
    followups: rows.map(({ a, date }) => ({
      ...base(a, j, p.itemsdata),
      ...project('followups', a),
      nodate: a.fields.nodate === 1 ? 1 : 0,
      ...(date !== undefined ? { duedate: formatDateTime(date) } : {}),
    })),
    status: 'success',
  };
}

export async function opportunities(
  tx: Tx,
  caller: Caller,
  p: T.ReportOpportunitiesParams,
): Promise<T.ReportOpportunitiesResponse> {
  const j = await journal(tx, caller, {
    segments: sourcesOf('opportunities'),
    ...dueQuery(p.due, caller.now()),
    ...ownerQuery(p.filter),
    order: 'date',
  });
  const rows = byDate(
    entries('opportunities', j).filter(
      // The report's status values are the lower-case spelling of the opportunity's.
      (x) =>
        ownerMatches(p.filter, x.owners) &&
        (p.status === undefined || String(x.a.fields.status ?? '').toLowerCase() === p.status) &&
        dueMatches(p.due, x.date, caller.now()),
    ),
  );
  return {
    opportunities: rows.map(({ a, date }) => {
      return {
        ...base(a, j, p.itemsdata),
        modified: formatDateTime(a.updated),
        ...project('opportunities', a),
        ...(date !== undefined ? { closingdate: formatDateTime(date) } : {}),
      } as T.ReportOpportunity;
    }),
    status: 'success',
  };
}

export async function activities(
  tx: Tx,
  caller: Caller,
  p: T.ReportActivitiesParams,
): Promise<T.ReportActivitiesResponse> {
  const types = p.types?.length
    ? new Set(p.types.map((t) => activityByTypeid.get(t)?.segment).filter(Boolean) as string[])
    : new Set(spec.reportActivityTypes.map((t) => activityByTypeid.get(t.typeid)?.segment).filter(Boolean) as string[]);
  // A filter naming another account's users is refused like an owner field naming them.
  await checkOwners(
    tx,
    caller,
    (p.users ?? []).map((id) => ({ id, path: 'users' })),
  );
  // Ids that name no activity type of ours (61, non-linked events) select nothing.
  if (!types.size) return { activities: [], status: 'success' };
  const last = p.last ?? 'changed';
  const completable = reportOf('activities').completable;
  const window = rangeWindow(p.start, p.end);
  const kinds = p.itemtypes?.length
    ? spec.kinds.filter((k) => p.itemtypes!.includes(k.typeid as T.Itemtypes)).map((k) => k.name)
    : undefined;
  const j = await journal(tx, caller, {
    segments: [...types].filter((s) => last !== 'completed' || completable.includes(s)).map((segment) => ({ segment })),
    ...(last === 'completed'
      ? { completed: { key: completedAtKey, ...window } }
      : { touched: { column: last === 'created' ? 'created' : last === 'updated' ? 'updated' : 'either', ...window } }),
    ...(p.users?.length ? { users: p.users } : {}),
    ...(p.categories?.length ? { categories: p.categories } : {}),
    ...(kinds ? { kinds } : {}),
    order: 'created',
  });
  // Entries name their parent's type and carry their comments: the parents and the comments of these rows.
  await readAncestors(tx, caller, j, j.activities, 1);
  const comments = commentSegment
    ? await tx.childrenOf(
        caller.accountId,
        j.activities.map((a) => a.id),
        commentSegment,
      )
    : [];
  const commentsOf = new Map<number, ActivityRow[]>();
  for (const c of comments) commentsOf.set(c.parentId, [...(commentsOf.get(c.parentId) ?? []), c]);
  const rows = j.activities.filter((a) => {
    const r = j.records.get(a.recordId)!;
    if (p.users?.length && !p.users.includes(a.creatorId) && !p.users.includes(a.modificatorId)) return false;
    if (p.itemtypes?.length && !p.itemtypes.includes(kindOf(r.kind).typeid as T.Itemtypes)) return false;
    if (last === 'created') return inRange(a.created, p.start, p.end);
    if (last === 'updated') return a.updated !== a.created && inRange(a.updated, p.start, p.end);
    if (last === 'completed')
      return (
        completable.includes(a.segment) &&
        a.fields.completed === 1 &&
        inRange(num(a.fields[completedAtKey]) ?? a.updated, p.start, p.end)
      );
    return inRange(a.created, p.start, p.end) || inRange(a.updated, p.start, p.end);
  });
  return {
    activities: rows.map((a) => renderReportActivity(a, j, commentsOf.get(a.id) ?? [], p.itemsdata)),
    status: 'success',
  };
}

/** An activities report entry: what integrations of the original read (typeid, parent, parenttypeid, fields, comments) beside our own members. */
function renderReportActivity(
  a: ActivityRow,
  j: Journal,
  children: ActivityRow[],
  itemsdata: number | undefined,
): T.ReportActivity {
  const r = j.records.get(a.recordId)!;
  const parentTypeid = a.parentId === r.id ? kindOf(r.kind).typeid : (j.byId.get(a.parentId)?.typeid ?? 0);
  const comments = children.map((c) => ({
    id: c.id,
    created: formatDateTime(c.created),
    owner: c.creatorId,
    posttext: typeof c.fields.posttext === 'string' ? c.fields.posttext : '',
  }));
  return {
    ...base(a, j, itemsdata),
    typeid: a.typeid,
    parent: a.parentId,
    parenttypeid: parentTypeid,
    updated: formatDateTime(a.updated),
    ...(typeof a.fields.title === 'string' ? { title: a.fields.title } : {}),
    ...(a.fields.completed !== undefined ? { completed: a.fields.completed === 1 ? 1 : 0 } : {}),
    fields: a.fields as T.ReportActivity['fields'],
    comments,
  };
}

/** The segment of an entry's comments (report-sources.yaml). */
const commentSegment = reportOf('activities').comments;

export async function timetracking(
  tx: Tx,
  caller: Caller,
  p: T.ReportTimetrackingParams,
): Promise<T.ReportTimetrackingResponse> {
  const j = await journal(tx, caller, {
    segments: sourcesOf('timetracking'),
    ...(p.start || p.end ? { dateOrCreated: rangeWindow(p.start, p.end) } : {}),
    ...(p.itemtypes?.length
      ? { kinds: spec.kinds.filter((k) => p.itemtypes!.includes(k.typeid as T.Itemtypes)).map((k) => k.name) }
      : {}),
    order: 'dateOrCreated',
  });
  // Entry fields naming an ancestor (taskid, tasklistid): the ancestors of these rows.
  await readAncestors(tx, caller, j, j.activities);
  const dates = new Map(entries('timetracking', j).map((e) => [e.a.id, e.date]));
  const rows = j.activities.filter((a) => {
    const r = j.records.get(a.recordId)!;
    if (!dates.has(a.id)) return false;
    const date = dates.get(a.id) ?? a.created;
    if ((p.start || p.end) && !inRange(date, p.start, p.end)) return false;
    if (p.filter === 'invoiced' && !a.fields.invoiced) return false;
    if (p.filter === 'billable' && a.fields.billable !== 1) return false;
    if (p.filter === 'non-billable' && a.fields.billable === 1) return false;
    if (p.itemtypes?.length && !p.itemtypes.includes(kindOf(r.kind).typeid as T.Itemtypes)) return false;
    return true;
  });
  rows.sort((x, y) => (dates.get(x.id) ?? x.created) - (dates.get(y.id) ?? y.created) || x.id - y.id);
  // Entry fields naming an ancestor of the time record (taskid, tasklistid).
  const ancestorIds = (a: ActivityRow): Record<string, ActivityRow | undefined> => {
    const found: Record<string, ActivityRow | undefined> = {};
    for (let up = j.byId.get(a.parentId); up; up = j.byId.get(up.parentId)) {
      for (const [field, segment] of Object.entries(reportOf('timetracking').ancestors))
        if (up.segment === segment && !found[field]) found[field] = up;
    }
    return found;
  };
  return {
    timerecords: rows.map((a) => {
      const r = j.records.get(a.recordId)!;
      const up = ancestorIds(a);
      const f = a.fields;
      // Each ancestor field (taskid) has its name beside it (taskname), from the ancestor's title.
      const ancestorFields = Object.fromEntries(
        Object.keys(reportOf('timetracking').ancestors).flatMap((field) => [
          [field, up[field]?.id ?? 0],
          [
            field.replace(/id$/, 'name'),
            typeof up[field]?.fields.title === 'string' ? (up[field]!.fields.title as string) : '',
          ],
        ]),
      );
      return {
        id: a.id,
        type: a.typeid,
        itemid: r.id,
        itemtype: kindOf(r.kind).typeid,
        owner: a.creatorId,
        created: formatDateTime(a.created),
        billable: f.billable === 1 ? 1 : 0,
        person: num(f.person) ?? a.creatorId,
        hours: num(f.hours) ?? 0,
        date: formatDateTime(dateOf(f.date) ?? a.created),
        invoiced: typeof f.invoiced === 'string' ? f.invoiced : '',
        details: typeof f.details === 'string' ? f.details : '',
        itemname: r.name,
        ...ancestorFields,
        ...(p.itemsdata === 1 ? { item: itemData(r) } : {}),
      } as T.ReportTimeRecord;
    }),
    status: 'success',
  };
}
