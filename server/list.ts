// List records: every filtermode, searchmode, sort and page of the document, applied to the
// account's records of one kind. This module reads the parameters into a RecordQuery that the
// storage answers in SQL (server/storage/record-query.ts), so a page costs the page, not the
// account. Semantics the document leaves open are spec facts (api.yaml listSemantics).
import type * as T from '../generated/server/dist/types/index.js';
import { ServiceError } from '../generated/server/dist/index.js';
import { formatDateTime } from '../generated/server/dist/runtime/dates.js';
import type { Tx } from './storage/port.ts';
import type { RecordCond, SortField } from './storage/record-query.ts';
import type { Caller } from './context.ts';
import { fieldsetOf, spec, standardFieldId } from './facts.ts';

const day = 86_400_000;
const semantics = spec.listSemantics;
const limits = { default: spec.limits.listLimitDefault, max: spec.limits.listLimitMax };

function fieldNameById(kind: string, id: number, custom: { id: number; name: string }[]): string | undefined {
  const standard = fieldsetOf(kind).fields.find((f) => standardFieldId(kind, f.name) === id);
  return standard?.name ?? custom.find((d) => d.id === id)?.name;
}

/** The list's sort fields; update_time (and any other) sorts by the update time. */
const sortField = (f: string): SortField => (f === 'name' || f === 'created' || f === 'flagged' ? f : 'updated');

function startOfDay(ms: number): number {
  return Math.floor(ms / day) * day;
}

export async function listRecords(
  tx: Tx,
  caller: Caller,
  kind: string,
  params: T.ListRecordsParams,
): Promise<T.ListRecordsResponse> {
  const now = caller.now();
  const fields = fieldsetOf(kind).fields;
  const value = params.filtervalue ?? '';
  const days = (fallback: number) => {
    const n = Number.parseInt(value, 10);
    return Number.isFinite(n) && n > 0 ? n : fallback;
  };
  const where: RecordCond[] = [];

  switch (params.filtermode) {
    case undefined:
    case 'archived':
      break;
    case 'flagged':
      where.push({ op: 'flagged' });
      break;
    case 'assigned':
      // Assigned: any owner-typed field of the kind's field set names them.
      where.push({
        op: 'ownerField',
        fields: fields.filter((f) => f.type === 'owner').map((f) => f.name),
        who: value === '' ? caller.user.id : Number(value),
      });
      break;
    case 'owner':
      where.push({ op: 'ownership', who: value === '' ? caller.user.id : Number(value) });
      break;
    case 'nocategory':
      where.push({ op: 'noCategory' });
      break;
    case 'category': {
      const wanted = value
        .split(',')
        .map((s) => Number(s.trim()))
        .filter((n) => Number.isInteger(n) && n > 0);
      if (!wanted.length)
        throw new ServiceError(
          'invalidvalue',
          'filtervalue: filtermode category needs one or more category tag ids',
          'filtervalue',
        );
      where.push({ op: 'category', ids: wanted, all: params.special === 'AND' });
      break;
    }
    case 'created':
    case 'updated':
    case 'viewed':
      where.push({
        op: 'time',
        column: params.filtermode,
        since: now - days(semantics.recentDays) * day,
        before: false,
      });
      break;
    case 'notviewed':
    case 'notupdated':
      where.push({
        op: 'time',
        column: params.filtermode === 'notviewed' ? 'viewed' : 'updated',
        since: now - days(semantics.staleDays) * day,
        before: true,
      });
      break;
    case 'duetoday':
    case 'duesoon':
    case 'tasksoverdue': {
      // Records with an open activity due in the window (report_date holds the `due` field's date).
      const today = startOfDay(now);
      const mode = params.filtermode;
      const window =
        mode === 'duetoday'
          ? { from: today, to: today + day }
          : mode === 'duesoon'
            ? { from: today, to: today + (semantics.soonDays + 1) * day }
            : { to: today };
      const segments = Object.keys(semantics.due).filter(
        (s) => mode !== 'tasksoverdue' || semantics.overdueSegments.includes(s),
      );
      where.push({ op: 'journalDate', segments, open: true, ...window });
      break;
    }
    case 'unsent':
      // Scheduled for later than now, or not at all (report_date holds the `unsent` field's date).
      where.push({
        op: 'journalDate',
        segments: Object.keys(semantics.unsent),
        open: false,
        from: now + 1,
        orNone: true,
      });
      break;
    case 'byphone':
    case 'byemail': {
      const role = params.filtermode === 'byphone' ? 'phone' : 'email';
      where.push({
        op: 'fieldText',
        fields: fields.filter((f) => f.role === role).map((f) => f.name),
        needle: value,
        digits: role === 'phone',
      });
      break;
    }
  }

  if (params.searchmode) {
    const mode = params.searchmode;
    const needle = params.searchvalue ?? '';
    const op = mode[0] as 'S' | 'C' | 'E' | 'N';
    const rest = mode.slice(1);
    if (/^\d+$/.test(rest)) {
      const name = fieldNameById(kind, Number(rest), await tx.listFieldDefs(caller.accountId, kind));
      if (!name) throw new ServiceError('invalidvalue', `searchmode: no field has the id ${rest}`, 'searchmode');
      where.push({ op: 'field', field: name, mode: op, needle });
    } else {
      // Any other pool name reads as `any`, and every mode but S as contains (as before).
      const scope = rest === 'anyitem' || rest === 'anyjournal' ? rest : 'any';
      where.push({ op: 'anyText', scope, mode: op === 'S' ? 'S' : 'C', needle });
    }
  }

  const limit = Math.min(params.limit ?? limits.default, limits.max);
  const { count, rows: page } = await tx.pageRecords(caller.accountId, {
    kind,
    deleted: params.filtermode === 'archived',
    where,
    sort: {
      field: sortField(params.sortfield ?? semantics.defaultSort.field),
      dir: params.sortdir ?? semantics.defaultSort.dir,
    },
    start: params.start ?? 0,
    limit,
  });
  const categories = await tx.recordCategories(page.map((r) => r.id));
  // The page's companies in one statement (a statement per entry cost the page, not the list).
  const related = await tx.relatedOfKind(
    caller.accountId,
    page.map((r) => r.id),
    semantics.companyKind,
  );
  const layoutAll = params.layout === 1;
  const wantedFields = params.fieldslist?.length ? new Set(params.fieldslist) : undefined;
  const entries: T.ListEntry[] = [];
  // The kind's tags, read once for the page (names of the tags on each entry).
  const tags = layoutAll && params.categories === 1 ? await tx.listCategories(caller.accountId, kind) : [];
  for (const r of page) {
    const companies = related.get(r.id) ?? [];
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
      entry.categories = (categories.get(r.id) ?? []).map((id) => ({
        id,
        name: tags.find((t) => t.id === id)?.name ?? '',
      }));
    }
    entries.push(entry as unknown as T.ListEntry);
  }
  return { entries, count, status: 'success' };
}
