// List queries in SQL, shared by both adapters: server/list.ts describes a page of records as a
// RecordQuery and each adapter runs the statement built here through its small Dialect.
//
// Text search keeps the exact JavaScript semantics of the list (String(v).toLowerCase(), then
// startsWith / includes / === '') because the lower-casing happens in JavaScript when a row is
// written, never in SQL (SQLite's lower() folds ASCII only; PostgreSQL's depends on the locale):
// - `item_texts` / activities `texts`: JSON arrays of the lower-cased texts the search modes pool;
//   `field_texts`: a JSON object, field name -> lower-cased text (plus `<name>#digits` for phone
//   fields, what byphone compares). These give the exact answer.
// - `search`: the same texts, each prefixed by SEP, in one string. A text that contains the needle
//   makes `search` contain it, so a trigram index on `search` (FTS5 `trigram` on SQLite, `pg_trgm`
//   GIN on PostgreSQL) narrows the rows to candidates, then the JSON arrays decide. Trigram
//   indexes answer substring questions, which is what every search mode asks; a word index (FTS5
//   unicode61, to_tsvector) could not find `ice` in `alice`. Needles shorter than 3 characters or
//   holding SEP skip the index (a scan, still exact).
// - `name_key`: the lower-cased name, the `name` sort key. Both adapters compare it by code point
//   (SQLite BINARY, PostgreSQL COLLATE "C"); JavaScript compared UTF-16 units, which orders only
//   characters U+E000-U+FFFF against those above U+FFFF differently.
import { fieldsetOf, spec } from '../facts.ts';
import { activityDate } from '../journal.ts';

export const SEP = '\u001f';

/**
 * A value's text as the list compares it. U+0000 reads as SEP: PostgreSQL's text cannot hold it
 * and SQLite's string functions stop at it, so a needle with U+0000 also finds U+001F there.
 */
const text = (v: unknown) => (v === undefined || v === null ? '' : String(v)).toLowerCase().replaceAll('\u0000', SEP);
const digits = (s: string) => s.replace(/[^0-9+]/g, '');
const doc = (texts: string[]) => texts.map((t) => SEP + t).join('');

/** What a record row stores for the list: its search columns, computed at every write. */
export interface RecordSearch {
  nameKey: string;
  search: string;
  itemTexts: string;
  fieldTexts: string;
}

export function recordSearch(kind: string, name: string, fields: Record<string, unknown>): RecordSearch {
  const t = text;
  const pool = [t(name), ...Object.values(fields).map(t)];
  const byField: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) byField[k] = t(v);
  for (const f of phoneFields(kind)) byField[`${f}#digits`] = digits(text(fields[f]));
  return { nameKey: name.toLowerCase(), search: doc(pool), itemTexts: JSON.stringify(pool), fieldTexts: JSON.stringify(byField) };
}

/** An activity's journal texts (what Sany / Sanyjournal search): its string and number field values. */
export function activitySearch(fields: Record<string, unknown>): { search: string; texts: string } {
  const texts = Object.values(fields)
    .flatMap((v) => (Array.isArray(v) ? v : [v]))
    .filter((v) => typeof v === 'string' || typeof v === 'number')
    .map(text);
  return { search: doc(texts), texts: JSON.stringify(texts) };
}

const phoneCache = new Map<string, string[]>();
function phoneFields(kind: string): string[] {
  let names = phoneCache.get(kind);
  if (!names) {
    try {
      names = fieldsetOf(kind).fields.filter((f) => f.role === 'phone').map((f) => f.name);
    } catch {
      names = [];
    }
    phoneCache.set(kind, names);
  }
  return names;
}

// ---------------------------------------------------------------------------------------------

export type SortField = 'name' | 'created' | 'flagged' | 'updated';

/** One condition of a list; all of a query's conditions hold at once. */
export type RecordCond =
  | { op: 'flagged' }
  | { op: 'ownership'; who: number }
  /** Any of these owner-typed fields holds the number `who`. */
  | { op: 'ownerField'; fields: string[]; who: number }
  | { op: 'noCategory' }
  | { op: 'category'; ids: number[]; all: boolean }
  | { op: 'time'; column: 'created' | 'updated' | 'viewed'; since: number; before: boolean }
  | { op: 'ids'; ids: number[] }
  /** byemail (contains) / byphone (digits contain digits): a non-empty field of `fields` matches. */
  | { op: 'fieldText'; fields: string[]; needle: string; digits: boolean }
  /** S/C/E/N of one field's text. */
  | { op: 'field'; field: string; mode: 'S' | 'C' | 'E' | 'N'; needle: string }
  /** S/C over the record's texts (anyitem), its live activities' texts (anyjournal) or both (any). */
  | { op: 'anyText'; scope: 'anyitem' | 'anyjournal' | 'any'; mode: 'S' | 'C'; needle: string };

export interface RecordQuery {
  kind: string;
  /** false: live records; true: only soft-deleted ones (filtermode archived). */
  deleted: boolean;
  where: RecordCond[];
  sort: { field: SortField; dir: 'ASC' | 'DESC' };
  start: number;
  limit: number;
}

/** What differs between the SQL of the two adapters. */
export interface Dialect {
  /** The placeholder of the index-th (1-based) parameter; a placeholder may be used more than once. */
  placeholder(index: number): string;
  /** A text member of a JSON object column (NULL when missing). */
  jsonText(column: string, key: string): string;
  /** True when the JSON object column's member is a number equal to the parameter. */
  jsonNumberEquals(column: string, key: string, param: string): string;
  /** True when some element of the JSON array column (text) satisfies `test(elementExpr)`. */
  anyElement(column: string, test: (element: string) => string): string;
  /** Rows of `table` (as `alias`) whose `search` matches the pattern parameter, through the trigram index. */
  searchIndex(table: 'records' | 'activities', alias: string, param: string): string;
  /** Binds `needle` for searchIndex (FTS5 wants a phrase, LIKE a pattern). */
  searchPattern(needle: string): string;
  /** `position of needle in haystack` > 0, case-sensitive (1-based; an empty needle is found). */
  contains(haystack: string, needle: string): string;
  startsWith(haystack: string, needle: string): string;
  /** An id-list parameter used as `x IN (...)`. */
  inIds(expr: string, param: string): string;
  idsParam(ids: number[]): unknown;
  /** How the candidate ids join the records: SQLite's CROSS JOIN keeps that order; PostgreSQL plans it. */
  driverJoin: string;
}

/** Ids a bigint column can hold; others name no row. */
const safe = (n: number) => Number.isSafeInteger(n);
const clampTime = (t: number) => Math.max(-Number.MAX_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, Math.round(t)));
const quoteKey = (k: string) => k; // field names come from the spec or custom<id>: letters, digits, '#'

const SORT_COLUMN: Record<SortField, string> = { name: 'r.name_key', created: 'r.created', flagged: 'r.flagged', updated: 'r.updated' };

export interface BuiltQuery {
  count: { sql: string; params: unknown[] };
  page: { sql: string; params: unknown[] };
  /** True when no condition narrows the kind's records (the count is the kind's total). */
  unfiltered: boolean;
}

interface Ctx {
  d: Dialect;
  p: (v: unknown) => string;
  /** Placeholder of the account id. */
  account: string;
  /** Subqueries of candidate record ids (a superset) from a trigram index: the query starts there. */
  drivers: string[];
}

/** The count and page statements of a query over `records r`; `cols` is the adapter's column list. */
export function buildRecordQuery(d: Dialect, accountId: number, q: RecordQuery, cols: string): BuiltQuery {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return d.placeholder(params.length);
  };
  const ctx: Ctx = { d, p, account: p(accountId), drivers: [] };
  const parts = [`r.account_id = ${ctx.account}`, `r.kind = ${p(q.kind)}`, `r.deleted IS ${q.deleted ? 'NOT NULL' : 'NULL'}`];
  for (const c of q.where) parts.push(condition(ctx, c));
  const where = parts.join(' AND ');
  // A search starts from the index's candidates (a few rows), not from the sorted list of all.
  const from = ctx.drivers.length
    ? `(${ctx.drivers[0]}) c ${d.driverJoin} records r ON r.id = c.id${ctx.drivers.slice(1).map((s) => ` AND r.id IN (${s})`).join('')}`
    : 'records r';
  const countParams = [...params];
  const dir = q.sort.dir === 'DESC' ? 'DESC' : 'ASC';
  const order = `${SORT_COLUMN[q.sort.field]} ${dir}, r.id ASC`;
  const limit = p(q.limit);
  const offset = p(q.start);
  return {
    count: { sql: `SELECT count(*) AS n FROM ${from} WHERE ${where}`, params: countParams },
    page: { sql: `SELECT ${cols} FROM ${from} WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`, params },
    unfiltered: q.where.length === 0,
  };
}

function condition(ctx: Ctx, c: RecordCond): string {
  const { d, p } = ctx;
  switch (c.op) {
    case 'flagged':
      return 'r.flagged = 1';
    case 'ownership':
      return safe(c.who) ? `r.ownership = ${p(c.who)}` : 'FALSE';
    case 'ownerField': {
      if (!Number.isFinite(c.who) || !c.fields.length) return 'FALSE';
      const who = p(c.who);
      return `(${c.fields.map((f) => d.jsonNumberEquals('r.fields', quoteKey(f), who)).join(' OR ')})`;
    }
    case 'noCategory':
      return 'NOT EXISTS (SELECT 1 FROM record_categories rc WHERE rc.record_id = r.id)';
    case 'category': {
      const ids = [...new Set(c.ids)];
      const usable = ids.filter(safe);
      if (c.all) {
        if (usable.length < ids.length) return 'FALSE';
        return usable.map((id) => `EXISTS (SELECT 1 FROM record_categories rc WHERE rc.record_id = r.id AND rc.category_id = ${p(id)})`).join(' AND ');
      }
      if (!usable.length) return 'FALSE';
      return `EXISTS (SELECT 1 FROM record_categories rc WHERE rc.record_id = r.id AND ${d.inIds('rc.category_id', p(d.idsParam(usable)))})`;
    }
    case 'time':
      return `r.${c.column} ${c.before ? '<' : '>='} ${p(clampTime(c.since))}`;
    case 'ids': {
      const ids = c.ids.filter(safe);
      return ids.length ? d.inIds('r.id', p(d.idsParam(ids))) : 'FALSE';
    }
    case 'fieldText': {
      if (!c.fields.length) return 'FALSE';
      const needle = c.digits ? digits(text(c.needle)) : text(c.needle);
      const n = p(needle);
      return `(${c.fields
        .map((f) => {
          const v = `COALESCE(${d.jsonText('r.field_texts', quoteKey(f))}, '')`;
          const hay = c.digits ? `COALESCE(${d.jsonText('r.field_texts', `${quoteKey(f)}#digits`)}, '')` : v;
          return `(${v} <> '' AND ${d.contains(hay, n)})`;
        })
        .join(' OR ')})`;
    }
    case 'field': {
      const v = `COALESCE(${d.jsonText('r.field_texts', quoteKey(c.field))}, '')`;
      if (c.mode === 'E') return `${v} = ''`;
      if (c.mode === 'N') return `${v} <> ''`;
      const needle = text(c.needle);
      const pattern = indexPattern(c.mode, needle);
      if (pattern !== undefined) ctx.drivers.push(`SELECT r2.id FROM records r2 WHERE ${d.searchIndex('records', 'r2', p(d.searchPattern(pattern)))}`);
      const n = p(needle);
      return c.mode === 'S' ? d.startsWith(v, n) : d.contains(v, n);
    }
    case 'anyText': {
      const needle = text(c.needle);
      const n = p(needle);
      const test = (el: string) => (c.mode === 'S' ? d.startsWith(el, n) : d.contains(el, n));
      const pattern = indexPattern(c.mode, needle);
      if (pattern !== undefined) {
        const pat = p(d.searchPattern(pattern));
        const sources: string[] = [];
        if (c.scope !== 'anyjournal') sources.push(`SELECT r2.id FROM records r2 WHERE ${d.searchIndex('records', 'r2', pat)}`);
        if (c.scope !== 'anyitem') sources.push(`SELECT a2.record_id AS id FROM activities a2 WHERE ${d.searchIndex('activities', 'a2', pat)}`);
        ctx.drivers.push(sources.join(' UNION '));
      }
      const item = d.anyElement('r.item_texts', test);
      const journal = `EXISTS (SELECT 1 FROM activities a WHERE a.account_id = ${ctx.account} AND a.record_id = r.id AND a.deleted IS NULL AND ${d.anyElement('a.texts', test)})`;
      if (c.scope === 'anyitem') return item;
      if (c.scope === 'anyjournal') return journal;
      return `(${item} OR ${journal})`;
    }
  }
}

/**
 * What the trigram index is asked for: the needle, or for startsWith SEP + needle (a text's start
 * in `search`); undefined when the index cannot help (fewer than 3 characters, or SEP inside).
 */
function indexPattern(mode: 'S' | 'C', needle: string): string | undefined {
  if (needle.includes(SEP)) return undefined;
  const sub = mode === 'S' ? SEP + needle : needle;
  return [...sub].length < 3 ? undefined : sub;
}

// ---------------------------------------------------------------------------------------------
// Reports: which activities a report lists is selected in SQL on `report_date`, the date the
// report sources (spec/report-sources.yaml) read from an activity of that segment (ms, or NULL
// when it has none or the date field's condition fails), written with the row. server/reports.ts
// still applies its exact filters and projection to the rows selected here.

const reportDateField = new Map<string, string>();
for (const r of spec.reports) for (const [segment, src] of Object.entries(r.from)) if (!reportDateField.has(segment)) reportDateField.set(segment, src.date);

export function reportDate(a: { segment: string; fields: Record<string, unknown> }): number | null {
  const field = reportDateField.get(a.segment);
  const ms = field ? activityDate(a as Parameters<typeof activityDate>[0], field) : undefined;
  return ms === undefined || !Number.isSafeInteger(ms) ? null : ms;
}

export interface ReportQuery {
  segments: string[];
  /** report_date window [from, to) (either end open), or `nodate`: no report date. */
  date?: { from?: number; to?: number } | 'nodate';
  /** created / updated / either time in [from, to), for the activities report. */
  touched?: { column: 'created' | 'updated' | 'either'; from?: number; to?: number };
}

/** The live activities of live records a report reads, ordered by id; `cols` qualified by `a`. */
export function buildReportQuery(d: Dialect, accountId: number, q: ReportQuery, cols: string): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return d.placeholder(params.length);
  };
  const parts = [`a.account_id = ${p(accountId)}`, `a.deleted IS NULL`, `r.deleted IS NULL`];
  parts.push(q.segments.length ? q.segments.map((s) => `a.segment = ${p(s)}`).join(' OR ').replace(/^(.*)$/, '($1)') : 'FALSE');
  const window = (col: string, w: { from?: number; to?: number }) => {
    const out: string[] = [];
    if (w.from !== undefined) out.push(`${col} >= ${p(clampTime(w.from))}`);
    if (w.to !== undefined) out.push(`${col} < ${p(clampTime(w.to))}`);
    return out.length ? out.join(' AND ') : 'TRUE';
  };
  if (q.date === 'nodate') parts.push('a.report_date IS NULL');
  else if (q.date) parts.push(window('a.report_date', q.date));
  const t = q.touched;
  if (t) parts.push(t.column === 'either' ? `((${window('a.created', t)}) OR (${window('a.updated', t)}))` : window(`a.${t.column}`, t));
  return { sql: `SELECT ${cols} FROM activities a JOIN records r ON r.id = a.record_id WHERE ${parts.join(' AND ')} ORDER BY a.id`, params };
}
