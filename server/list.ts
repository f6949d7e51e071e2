// List records: every filtermode, searchmode, sort and page of the document, applied to the
// account's records of one kind. The storage port returns candidate rows and this module
// filters them, so every adapter behaves the same. Semantics the document leaves open are
// spec facts (api.yaml listSemantics).
import type * as T from '../generated/server/dist/types/index.js';
import { ServiceError } from '../generated/server/dist/index.js';
import { formatDateTime, parseSaveDate } from '../generated/server/dist/runtime/dates.js';
import type { ActivityRow, RecordRow, Tx } from './storage/port.ts';
import type { Caller } from './context.ts';
import { fieldsetOf, spec, standardFieldId } from './facts.ts';
import { activityDate } from './journal.ts';

const day = 86_400_000;
const semantics = spec.listSemantics;
const limits = { default: spec.limits.listLimitDefault, max: spec.limits.listLimitMax };

function fieldNameById(kind: string, id: number, custom: { id: number; name: string }[]): string | undefined {
  const standard = fieldsetOf(kind).fields.find((f) => standardFieldId(kind, f.name) === id);
  return standard?.name ?? custom.find((d) => d.id === id)?.name;
}

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v)).toLowerCase();

/** Text of an activity's fields, for the journal searchmodes. */
function journalText(a: ActivityRow): string[] {
  return Object.values(a.fields)
    .flatMap((v) => (Array.isArray(v) ? v : [v]))
    .filter((v) => typeof v === 'string' || typeof v === 'number')
    .map(text);
}

function startOfDay(ms: number): number {
  return Math.floor(ms / day) * day;
}

/** Due date of an open activity of a type list.yaml names under `due`, or undefined. */
function openDue(a: ActivityRow): number | undefined {
  const field = semantics.due[a.segment];
  if (!field || a.fields.completed === 1) return undefined;
  return activityDate(a, field);
}

export async function listRecords(tx: Tx, caller: Caller, kind: string, params: T.ListRecordsParams): Promise<T.ListRecordsResponse> {
  const now = caller.now();
  const archived = params.filtermode === 'archived';
  let rows = await tx.listRecords(caller.accountId, kind, { deleted: archived });
  const ids = rows.map((r) => r.id);
  const categories = await tx.recordCategories(ids);
  const customDefs = await tx.listFieldDefs(caller.accountId, kind);
  const fields = fieldsetOf(kind).fields;
  const phoneFields = fields.filter((f) => f.role === 'phone').map((f) => f.name);
  const emailFields = fields.filter((f) => f.role === 'email').map((f) => f.name);
  let activities: Map<number, ActivityRow[]> | undefined;
  const journal = async () => {
    if (!activities) {
      activities = new Map();
      for (const a of await tx.listActivities(caller.accountId)) {
        const list = activities.get(a.recordId) ?? [];
        list.push(a);
        activities.set(a.recordId, list);
      }
    }
    return activities;
  };
  const value = params.filtervalue ?? '';
  const days = (fallback: number) => {
    const n = Number.parseInt(value, 10);
    return Number.isFinite(n) && n > 0 ? n : fallback;
  };

  switch (params.filtermode) {
    case undefined:
    case 'archived':
      break;
    case 'flagged':
      rows = rows.filter((r) => r.flagged === 1);
      break;
    case 'assigned': {
      // Assigned: any owner-typed field of the kind's field set names them.
      const who = value === '' ? caller.user.id : Number(value);
      const ownerFields = fields.filter((f) => f.type === 'owner').map((f) => f.name);
      rows = rows.filter((r) => ownerFields.some((n) => r.fields[n] === who));
      break;
    }
    case 'owner': {
      const who = value === '' ? caller.user.id : Number(value);
      rows = rows.filter((r) => r.ownership === who);
      break;
    }
    case 'nocategory':
      rows = rows.filter((r) => !(categories.get(r.id)?.length));
      break;
    case 'category': {
      const wanted = value.split(',').map((s) => Number(s.trim())).filter((n) => Number.isInteger(n) && n > 0);
      if (!wanted.length) throw new ServiceError('invalidvalue', 'filtervalue: filtermode category needs one or more category tag ids', 'filtervalue');
      const all = params.special === 'AND';
      rows = rows.filter((r) => {
        const has = categories.get(r.id) ?? [];
        return all ? wanted.every((c) => has.includes(c)) : wanted.some((c) => has.includes(c));
      });
      break;
    }
    case 'created':
    case 'updated':
    case 'viewed': {
      const since = now - days(semantics.recentDays) * day;
      const mode = params.filtermode;
      rows = rows.filter((r) => r[mode] >= since);
      break;
    }
    case 'notviewed':
    case 'notupdated': {
      const since = now - days(semantics.staleDays) * day;
      const key = params.filtermode === 'notviewed' ? 'viewed' : 'updated';
      rows = rows.filter((r) => r[key] < since);
      break;
    }
    case 'duetoday':
    case 'duesoon':
    case 'tasksoverdue': {
      const j = await journal();
      const today = startOfDay(now);
      const test =
        params.filtermode === 'duetoday'
          ? (d: number) => startOfDay(d) === today
          : params.filtermode === 'duesoon'
            ? (d: number) => d >= today && d < today + (semantics.soonDays + 1) * day
            : (d: number) => d < today;
      rows = rows.filter((r) => (j.get(r.id) ?? []).some((a) => !a.deleted && (params.filtermode !== 'tasksoverdue' || semantics.overdueSegments.includes(a.segment)) && openDue(a) !== undefined && test(openDue(a)!)));
      break;
    }
    case 'unsent': {
      const j = await journal();
      rows = rows.filter((r) =>
        (j.get(r.id) ?? []).some((a) => {
          const field = semantics.unsent[a.segment];
          if (!field || a.deleted) return false;
          const when = activityDate(a, field);
          return when === undefined || when > now;
        }),
      );
      break;
    }
    case 'byphone':
    case 'byemail': {
      const names = params.filtermode === 'byphone' ? phoneFields : emailFields;
      const needle = text(value);
      const digits = (s: string) => s.replace(/[^0-9+]/g, '');
      rows = rows.filter((r) =>
        names.some((n) => {
          const v = text(r.fields[n]);
          if (!v) return false;
          if (!needle) return true;
          return params.filtermode === 'byphone' ? digits(v).includes(digits(needle)) : v.includes(needle);
        }),
      );
      break;
    }
  }

  if (params.searchmode) {
    const mode = params.searchmode;
    const needle = text(params.searchvalue);
    const op = mode[0] as 'S' | 'C' | 'E' | 'N';
    const matches = (v: string) => (op === 'S' ? v.startsWith(needle) : v.includes(needle));
    const rest = mode.slice(1);
    if (/^\d+$/.test(rest)) {
      const name = fieldNameById(kind, Number(rest), customDefs);
      if (!name) throw new ServiceError('invalidvalue', `searchmode: no field has the id ${rest}`, 'searchmode');
      rows = rows.filter((r) => {
        const v = text(r.fields[name]);
        return op === 'E' ? v === '' : op === 'N' ? v !== '' : matches(v);
      });
    } else {
      const j = rest === 'any' || rest === 'anyjournal' ? await journal() : undefined;
      rows = rows.filter((r) => {
        const itemTexts = [text(r.name), ...Object.values(r.fields).map(text)];
        const journalTexts = j ? (j.get(r.id) ?? []).filter((a) => !a.deleted).flatMap(journalText) : [];
        const pool = rest === 'anyitem' ? itemTexts : rest === 'anyjournal' ? journalTexts : [...itemTexts, ...journalTexts];
        return pool.some(matches);
      });
    }
  }

  const sortfield = params.sortfield ?? semantics.defaultSort.field;
  const dir = (params.sortdir ?? semantics.defaultSort.dir) === 'DESC' ? -1 : 1;
  const key = (r: RecordRow): string | number => (sortfield === 'name' ? r.name.toLowerCase() : sortfield === 'created' ? r.created : sortfield === 'flagged' ? r.flagged : r.updated);
  rows.sort((a, b) => {
    const x = key(a);
    const y = key(b);
    return (x < y ? -1 : x > y ? 1 : 0) * dir || a.id - b.id;
  });

  const count = rows.length;
  const start = params.start ?? 0;
  const limit = Math.min(params.limit ?? limits.default, limits.max);
  const page = rows.slice(start, start + limit);
  const layoutAll = params.layout === 1;
  const wantedFields = params.fieldslist?.length ? new Set(params.fieldslist) : undefined;
  const entries: T.ListEntry[] = [];
  // The kind's tags, read once for the page (names of the tags on each entry).
  const tags = layoutAll && params.categories === 1 ? await tx.listCategories(caller.accountId, kind) : [];
  for (const r of page) {
    const related = await tx.listRelated(r.id);
    const companies: RecordRow[] = [];
    for (const rel of related) {
      const other = await tx.getRecord(caller.accountId, rel.relatedId);
      if (other && other.kind === semantics.companyKind) companies.push(other);
    }
    const entry: Record<string, unknown> = {
      id: r.id,
      name: r.name,
      parentid: companies[0]?.id ?? 0,
      flagged: r.flagged,
    };
    if (layoutAll) {
      for (const [name, v] of Object.entries(r.fields)) {
        if (v === '' || v === undefined) continue;
        if (wantedFields && !wantedFields.has(name)) continue;
        if (name === 'name') continue;
        entry[name] = v;
      }
    }
    if (companies.length) entry.company = companies.map((c) => c.name).join(', ');
    entry.created = formatDateTime(r.created);
    entry.viewed = formatDateTime(r.viewed);
    entry.updated = formatDateTime(r.updated);
    if (layoutAll && params.categories === 1) {
      entry.categories = (categories.get(r.id) ?? []).map((id) => ({ id, name: tags.find((t) => t.id === id)?.name ?? '' }));
    }
    entries.push(entry as unknown as T.ListEntry);
  }
  return { entries, count, status: 'success' };
}
