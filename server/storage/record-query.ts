// List queries in SQL, shared by both adapters: server/list.ts describes a page of records as a
// RecordQuery and each adapter runs the statement built here through its small Dialect.
//
// Text search keeps the exact JavaScript semantics of the list (String(v).toLowerCase(), then
// startsWith / includes / === '') because the lower-casing happens in JavaScript when a row is
// written, never in SQL (SQLite's lower() folds ASCII only; PostgreSQL's depends on the locale):
// - `item_texts` / activities `texts`: JSON arrays of the lower-cased texts the search modes pool;
//   `field_texts`: a JSON object, field name -> lower-cased text (plus `<name>#digits` for phone
//   fields, what byphone compares). These give the exact answer.
// - `search`: the same texts, each prefixed by SEP, in one string, led by MARK when a text holds
//   SEP itself. A text that contains the needle makes `search` contain it, so a trigram index on
//   `search` (FTS5 `trigram` on SQLite, `pg_trgm` GIN on PostgreSQL) narrows the rows to
//   candidates (on SQLite the rows holding a few trigrams that cover the needle: a superset), then
//   each is checked exactly: `search` contains SEP + needle (startsWith) or the needle (contains);
//   for startsWith in a `search` led by MARK, and for needles holding SEP or MARK, the JSON arrays
//   decide. Trigram indexes answer substring questions, which is what every search
//   mode asks; a word index (FTS5 unicode61, to_tsvector) could not find `ice` in `alice`. Needles
//   shorter than 3 characters or holding SEP skip the index (a scan, still exact).
// - `name_key`: the lower-cased name, cut to NAME_KEY_UNITS, the `name` sort key (names that share
//   their first NAME_KEY_UNITS units then go by id). Both adapters compare it by code point
//   (SQLite BINARY, PostgreSQL COLLATE "C"); JavaScript compared UTF-16 units, which orders only
//   characters U+E000-U+FFFF against those above U+FFFF differently.
import { fieldsetOf, spec } from '../facts.ts';
import { activityDate } from './activity-dates.ts';

export const SEP = '\u001f';

/**
 * A value's text as the list compares it. U+0000 reads as SEP: PostgreSQL's text cannot hold it
 * and SQLite's string functions stop at it, so a needle with U+0000 also finds U+001F there.
 */
const text = (v: unknown) => (v === undefined || v === null ? '' : String(v)).toLowerCase().replaceAll('\u0000', SEP);
const digits = (s: string) => s.replace(/[^0-9+]/g, '');
/** Leads `search` when one of its texts holds SEP itself (then the JSON array decides starts-with). */
export const MARK = '\u001e';
const doc = (texts: string[]) => (texts.some((t) => t.includes(SEP)) ? MARK : '') + texts.map((t) => SEP + t).join('');

/** What a record row stores for the list: its search columns, computed at every write. */
export interface RecordSearch {
  nameKey: string;
  search: string;
  itemTexts: string;
  fieldTexts: string;
}

/**
 * UTF-16 units of a name kept in its sort key: at most 3 bytes of UTF-8 each, so the key stays far
 * below PostgreSQL's B-tree entry limit (2,704 bytes) whatever a client names a record.
 */
export const NAME_KEY_UNITS = 512;

function nameKey(name: string): string {
  const key = name.toLowerCase();
  if (key.length <= NAME_KEY_UNITS) return key;
  // Not half a surrogate pair at the cut.
  const end = (key.charCodeAt(NAME_KEY_UNITS - 1) & 0xfc00) === 0xd800 ? NAME_KEY_UNITS - 1 : NAME_KEY_UNITS;
  return key.slice(0, end);
}

export function recordSearch(kind: string, name: string, fields: Record<string, unknown>): RecordSearch {
  const t = text;
  const pool = [t(name), ...Object.values(fields).map(t)];
  const byField: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) byField[k] = t(v);
  for (const f of phoneFields(kind)) byField[`${f}#digits`] = digits(text(fields[f]));
  return {
    nameKey: nameKey(name),
    search: doc(pool),
    itemTexts: JSON.stringify(pool),
    fieldTexts: JSON.stringify(byField),
  };
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
      names = fieldsetOf(kind)
        .fields.filter((f) => f.role === 'phone')
        .map((f) => f.name);
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
  /** A live activity of `segments` (not completed when `open`) whose report_date is in [from, to) (or NULL when `orNone`). */
  | { op: 'journalDate'; segments: string[]; open: boolean; from?: number; to?: number; orNone?: boolean }
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
  /** A JSON object column's member as a number, NULL when it is not a number. */
  jsonNumber(column: string, key: string): string;
  /** True when some element of the JSON array column (text) satisfies `test(elementExpr)`. */
  anyElement(column: string, test: (element: string) => string): string;
  /**
   * `records r` narrowed by the trigram index to the rows whose `search` (table records) or one of
   * whose activities' `search` (table activities) may contain the pattern parameter: a superset,
   * each candidate is checked exactly afterwards, and each record comes once. `from` binds
   * `records r`; `where`, when given, is part of the narrowing.
   */
  searchFrom(table: 'records' | 'activities', param: string): { from: string; where?: string };
  /** Binds `needle` for searchFrom (FTS5 wants its trigrams, LIKE a pattern). */
  searchPattern(needle: string): string;
  /** `position of needle in haystack` > 0, case-sensitive (1-based; an empty needle is found). */
  contains(haystack: string, needle: string): string;
  startsWith(haystack: string, needle: string): string;
  /** An id-list parameter used as `x IN (...)`. */
  inIds(expr: string, param: string): string;
  idsParam(ids: number[]): unknown;
  /** A join that keeps its order (SQLite's CROSS JOIN): a few rows on the left, each one's row read by id on the right; PostgreSQL plans it. */
  driverJoin: string;
  /**
   * A column compared as a filter only, never to pick an index (SQLite: `+column`): with ANALYZE's
   * samples, SQLite's planner reads a bound value an index could use and prepares the statement
   * again at every run.
   */
  filterOnly(column: string): string;
  /**
   * Whether the planner reads bound values (SQLite with STAT4: it prepares the statement again at
   * every run). Then a page's LIMIT is written into the text and the journal check names the
   * record's account; PostgreSQL keeps both bound (measured: slower searches at 100k otherwise).
   */
  plansOnBoundValues: boolean;
  /** `records r` read through this index only (SQLite: INDEXED BY); used where plansOnBoundValues. */
  pinIndex(index: string): string;
  /** A parameter the planner cannot read (SQLite: `+param`, its value no longer probed in ANALYZE's samples); used where plansOnBoundValues. */
  unread(param: string): string;
}

/** Ids a bigint column can hold; others name no row. */
const safe = (n: number) => Number.isSafeInteger(n);
const clampTime = (t: number) => Math.max(-Number.MAX_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, Math.round(t)));
const quoteKey = (k: string) => k; // field names come from the spec or custom<id>: letters, digits, '#'

const SORT_COLUMN: Record<SortField, string> = {
  name: 'r.name_key',
  created: 'r.created',
  flagged: 'r.flagged',
  updated: 'r.updated',
};
/** The live records of an account and kind in each sort's order (the SQLite schema's indexes). */
const SORT_INDEX: Record<SortField, string> = {
  name: 'records_by_name',
  created: 'records_by_created',
  flagged: 'records_by_flagged',
  updated: 'records_by_updated',
};

export interface BuiltQuery {
  count: { sql: string; params: unknown[] };
  page: { sql: string; params: unknown[] };
  /** True when no condition narrows the kind's records (the count is the kind's total). */
  unfiltered: boolean;
  /** Set when the only condition is the owner of live records (owner_counts holds the count). */
  ownerOnly?: number;
  /** For searches: the page with the count of all matches in each row's `listCount` (none when the page is empty). */
  counted?: { sql: string; params: unknown[] };
  /**
   * Set with ownerOnly where the planner reads bound values: the page, given the owner's count of
   * live records and the kind's (both stored), through the index that answers it faster.
   */
  byOwner?: (count: number, total: number) => { sql: string; params: unknown[] };
}

interface Ctx {
  d: Dialect;
  p: (v: unknown) => string;
  /** Placeholder of the account id. */
  account: string;
}

/**
 * A condition, built when used (PostgreSQL refuses a parameter the statement does not use). A
 * search the trigram index can answer also comes as arms: each starts from its index's
 * candidates (a few rows, not the sorted list of all) and holds its part of the condition; the
 * parts exclude each other, so the arms' rows together are the matches, each once.
 */
interface Cond {
  sql: () => string;
  arms?: {
    table: 'records' | 'activities';
    /** The placeholder of the index's pattern. */ pattern: () => string;
    test: () => string;
  }[];
}

/** The count and page statements of a query over `records r`; `cols` is the adapter's column list. */
export function buildRecordQuery(d: Dialect, accountId: number, q: RecordQuery, cols: string): BuiltQuery {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return d.placeholder(params.length);
  };
  const ctx: Ctx = { d, p, account: p(accountId) };
  const conds = q.where.map((c) => condition(ctx, c));
  const driver = conds.find((c) => c.arms);
  // A search reads its records by id (the trigram index's candidates): account and kind only filter.
  const col = (c: string) => (driver ? d.filterOnly(c) : c);
  const parts = [
    `${col('r.account_id')} = ${ctx.account}`,
    `${col('r.kind')} = ${p(q.kind)}`,
    `r.deleted IS ${q.deleted ? 'NOT NULL' : 'NULL'}`,
  ];
  for (const c of conds) if (c !== driver) parts.push(c.sql());
  const dir = q.sort.dir === 'DESC' ? 'DESC' : 'ASC';
  const key = SORT_COLUMN[q.sort.field];
  const flags = {
    unfiltered: q.where.length === 0,
    ...(!q.deleted && q.where.length === 1 && q.where[0]!.op === 'ownership' && safe(q.where[0]!.who)
      ? { ownerOnly: q.where[0]!.who }
      : {}),
  };
  if (driver) {
    // Every candidate of a search is checked (O(matches)): once, not for the count and again for
    // the page. The count rides on the page's rows, only ids and sort keys are sorted, and the
    // page's rows are read last.
    const body = driver
      .arms!.map((arm) => {
        const { from, where } = d.searchFrom(arm.table, arm.pattern());
        return `SELECT r.id AS id, ${key} AS k FROM ${from} WHERE ${[...parts, ...(where ? [where] : []), arm.test()].join(' AND ')}`;
      })
      .join(' UNION ALL ');
    const countParams = [...params];
    const limit = d.plansOnBoundValues ? limitText(q.limit, p) : p(q.limit);
    const offset = p(q.start);
    // The matches are kept once (MATERIALIZED), counted, and their page kept by a top-N sort (a
    // window over them cost SQLite an insert and a delete per match).
    const page = `WITH m AS MATERIALIZED (${body}) SELECT ${cols}, p.n AS "listCount" FROM (SELECT m.id AS id, m.k AS k, (SELECT count(*) FROM m) AS n FROM m
      ORDER BY m.k ${dir}, m.id ASC LIMIT ${limit} OFFSET ${offset}) p ${d.driverJoin} records r ON r.id = p.id ORDER BY p.k ${dir}, r.id ASC`;
    return {
      count: { sql: `SELECT count(*) AS n FROM (${body}) m`, params: countParams },
      page: { sql: page, params },
      counted: { sql: page, params },
      ...flags,
    };
  }
  const where = parts.join(' AND ');
  const countParams = [...params];
  const order = `${key} ${dir}, r.id ASC`;
  const limit = d.plansOnBoundValues ? limitText(q.limit, p) : p(q.limit);
  const offset = p(q.start);
  const page = (from: string, w: string) =>
    `SELECT ${cols} FROM ${from} WHERE ${w} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`;
  const built: BuiltQuery = {
    count: { sql: `SELECT count(*) AS n FROM records r WHERE ${where}`, params: countParams },
    page: { sql: page('records r', where), params },
    ...flags,
  };
  if (d.plansOnBoundValues && !q.deleted && (flags.unfiltered || flags.ownerOnly !== undefined)) {
    // With ANALYZE's samples SQLite reads the bound account (and the owner after it) to plan, so
    // it prepared these pages again at every run. Here the index is chosen instead and the account
    // hidden from the planner: each statement is prepared once.
    const pinned = (index: string) =>
      page(
        `records r${d.pinIndex(index)}`,
        [`r.account_id = ${d.unread(ctx.account)}`, ...parts.slice(1)].join(' AND '),
      );
    if (flags.unfiltered) built.page.sql = pinned(SORT_INDEX[q.sort.field]);
    // The sort index reads about (start + limit) * total / count rows (the owner's rows spread
    // over it), the owner's index reads its count rows and sorts them.
    else
      built.byOwner = (count, total) => ({
        sql: pinned(count * count >= (q.start + q.limit) * total ? SORT_INDEX[q.sort.field] : 'records_by_owner'),
        params,
      });
  }
  return built;
}

/**
 * A page's LIMIT, written into the text when it is a plain count: SQLite's planner reads a bound
 * LIMIT's value, so binding one made it prepare the whole statement again at every run (~0.2 ms a
 * search). Limits are few (the list caps them), so the statement cache stays small; OFFSET is bound.
 */
function limitText(limit: number, p: (v: unknown) => string): string {
  return Number.isSafeInteger(limit) && limit >= 0 ? String(limit) : p(limit);
}

function condition(ctx: Ctx, c: RecordCond): Cond {
  const sql = plain(ctx, c);
  return sql !== undefined ? { sql: () => sql } : search(ctx, c as Extract<RecordCond, { op: 'field' | 'anyText' }>);
}

/** The SQL of a condition no index drives (undefined for the searches). */
function plain(ctx: Ctx, c: RecordCond): string | undefined {
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
        return usable
          .map(
            (id) =>
              `EXISTS (SELECT 1 FROM record_categories rc WHERE rc.record_id = r.id AND rc.category_id = ${p(id)})`,
          )
          .join(' AND ');
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
    case 'journalDate': {
      if (!c.segments.length) return 'FALSE';
      const w: string[] = [];
      if (c.from !== undefined) w.push(`a.report_date >= ${p(clampTime(c.from))}`);
      if (c.to !== undefined) w.push(`a.report_date < ${p(clampTime(c.to))}`);
      const inWindow = w.length ? w.join(' AND ') : 'a.report_date IS NOT NULL';
      const date = c.orNone ? `(a.report_date IS NULL OR (${inWindow}))` : inWindow;
      return `r.id IN (SELECT a.record_id FROM activities a WHERE a.account_id = ${ctx.account} AND (${c.segments.map((s) => `a.segment = ${p(s)}`).join(' OR ')})
        AND a.deleted IS NULL${c.open ? ` AND NOT COALESCE(${d.jsonNumberEquals('a.fields', 'completed', '1')}, FALSE)` : ''} AND ${date})`;
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
      return undefined;
    }
    case 'anyText':
      return undefined;
  }
}

/** A placeholder made at its first use. */
const once = (make: () => string) => {
  let made: string | undefined;
  return () => (made ??= make());
};

/** S/C of one field, or of the texts of a record, its live activities or both: from the trigram index when the needle allows. */
function search(ctx: Ctx, c: Extract<RecordCond, { op: 'field' | 'anyText' }>): Cond {
  const { d, p } = ctx;
  const needle = text(c.needle);
  const mode = c.mode as 'S' | 'C';
  const n = once(() => p(needle));
  const pattern = indexPattern(mode, needle);
  const index = pattern === undefined ? undefined : once(() => p(d.searchPattern(pattern)));
  if (c.op === 'field') {
    const v = `COALESCE(${d.jsonText('r.field_texts', quoteKey(c.field))}, '')`;
    const sql = () => (mode === 'S' ? d.startsWith(v, n()) : d.contains(v, n()));
    return index ? { sql, arms: [{ table: 'records', pattern: index, test: sql }] } : { sql };
  }
  const test = (el: string) => (mode === 'S' ? d.startsWith(el, n()) : d.contains(el, n()));
  // `search` holds the same texts as the JSON array, each after SEP: one string test instead of a
  // JSON walk. A needle without SEP is in `search` exactly when a text contains it (an occurrence
  // lies between two SEPs, inside one text; MARK, when there, only leads it). SEP + needle is
  // there when a text starts with the needle, or when a text holds SEP itself: `search` then starts
  // with MARK, and the JSON decides.
  const sep = once(() => p(SEP));
  const inSearch = once(() => p(mode === 'S' ? SEP + needle : needle));
  const exact = (texts: string, search: string) => {
    if (!needle || needle.includes(SEP) || needle.includes(MARK)) return d.anyElement(texts, test);
    if (mode === 'C') return d.contains(search, inSearch());
    return `(CASE WHEN ${d.startsWith(search, sep())} THEN ${d.contains(search, inSearch())} ELSE ${d.anyElement(texts, test)} END)`;
  };
  const item = () => exact('r.item_texts', 'r.search');
  const journal = () =>
    // r.account_id where bound values cost a re-prepare (the same account: r is the account's).
    `EXISTS (SELECT 1 FROM activities a WHERE a.account_id = ${d.plansOnBoundValues ? 'r.account_id' : ctx.account} AND a.record_id = r.id AND a.deleted IS NULL AND ${exact('a.texts', 'a.search')})`;
  if (c.scope === 'anyitem')
    return index ? { sql: item, arms: [{ table: 'records', pattern: index, test: item }] } : { sql: item };
  if (c.scope === 'anyjournal')
    return index ? { sql: journal, arms: [{ table: 'activities', pattern: index, test: journal }] } : { sql: journal };
  const sql = () => `(${item()} OR ${journal()})`;
  if (!index) return { sql };
  // The record's texts match, or else its journal's: the records whose texts match come from the
  // records' index, the others (whose journal matches) from the activities' index.
  return {
    sql,
    arms: [
      { table: 'records', pattern: index, test: item },
      { table: 'activities', pattern: index, test: () => `NOT ${item()} AND ${journal()}` },
    ],
  };
}

/**
 * What the trigram index is asked for (a superset; the exact test follows): the needle, also for
 * startsWith (a text starting with it contains it), whose SEP + first letters are among the
 * commonest trigrams (and pg_trgm reads SEP as a word boundary: its padded trigrams are shared by
 * every word with those first letters); SEP + needle only for a needle of 2 characters, which has
 * no trigram of its own. Undefined when the index cannot help (too short, or SEP inside).
 */
function indexPattern(mode: 'S' | 'C', needle: string): string | undefined {
  if (needle.includes(SEP)) return undefined;
  const length = [...needle].length;
  if (length >= 3) return needle;
  return mode === 'S' && length === 2 ? SEP + needle : undefined;
}

// ---------------------------------------------------------------------------------------------
// Reports and the due / unsent list filters select activities in SQL on `report_date`: the date
// the spec reads from an activity of that segment (spec/report-sources.yaml `from`, list.yaml
// `due` and `unsent`; ms, or NULL when it has none or the date field's condition fails), and on
// `report_owners`: who is in charge of it (the `owner` field of report-sources.yaml), one row per
// owner id, with the activity's report_date (so an owner's window is one index range). Both are
// written with the activity. server/reports.ts renders the rows selected here (and checks its
// exact filters on them again: a few rows, never the journal).

const journalDateField = new Map<string, string>();
const ownerField = new Map<string, string>();
const claim = (map: Map<string, string>, segment: string, field: string | undefined, what: string) => {
  if (field === undefined) return;
  const had = map.get(segment);
  // One column holds one date (owner) per activity: the spec must name one field per segment.
  if (had !== undefined && had !== field)
    throw new Error(`spec: activity '${segment}' has two ${what} fields (${had}, ${field}); report_date holds one`);
  map.set(segment, field);
};
for (const r of spec.reports) {
  for (const [segment, src] of Object.entries(r.from)) {
    claim(journalDateField, segment, src.date, 'date');
    claim(ownerField, segment, src.owner, 'owner');
  }
}
for (const [segment, field] of Object.entries(spec.listSemantics.due)) claim(journalDateField, segment, field, 'date');
for (const [segment, field] of Object.entries(spec.listSemantics.unsent))
  claim(journalDateField, segment, field, 'date');

export function reportDate(a: { segment: string; fields: Record<string, unknown> }): number | null {
  const field = journalDateField.get(a.segment);
  const ms = field ? activityDate(a as Parameters<typeof activityDate>[0], field) : undefined;
  return ms === undefined || !Number.isSafeInteger(ms) ? null : ms;
}

/** The user and group ids in charge of an activity (its segment's owner field: a number or a list of them). */
export function reportOwners(a: { segment: string; fields: Record<string, unknown> }): number[] {
  const field = ownerField.get(a.segment);
  const v = field ? a.fields[field] : undefined;
  const ids = Array.isArray(v) ? v : [v];
  return [...new Set(ids.filter((x): x is number => Number.isSafeInteger(x)))];
}

type Window = { from?: number; to?: number };

export interface ReportQuery {
  /** The activity types listed; `open`: without completed ones; `dated`: only with a report date. */
  segments: { segment: string; open?: boolean; dated?: boolean }[];
  /** report_date window [from, to) (either end open), or `nodate`: no report date. */
  date?: Window | 'nodate';
  /** report_date, or the created time when there is none, in [from, to) (timetracking). */
  dateOrCreated?: Window;
  /** created / updated / either time in [from, to), for the activities report. */
  touched?: { column: 'created' | 'updated' | 'either'; from?: number; to?: number };
  /** Completed (completed = 1), at the time in fields[key] (else the update time) in [from, to). */
  completed?: Window & { key: string };
  /** An owner (report_owners) is this id; 0: it has none. */
  owner?: number;
  /** Created or last changed by one of these users. */
  users?: number[];
  /** The record carries one of these category tags. */
  categories?: number[];
  /** The record is of one of these kinds. */
  kinds?: string[];
  order: 'date' | 'dateOrCreated' | 'created';
}

/** The live activities of live records a report lists, in its order; `cols` qualified by `a`. */
export function buildReportQuery(
  d: Dialect,
  accountId: number,
  q: ReportQuery,
  cols: string,
): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return d.placeholder(params.length);
  };
  const account = p(accountId);
  const parts = [`a.account_id = ${account}`, `a.deleted IS NULL`, `r.deleted IS NULL`];
  const completed = d.jsonNumberEquals('a.fields', 'completed', '1');
  const bySegment = q.segments.map((s) => {
    const c = [`a.segment = ${p(s.segment)}`];
    if (s.open) c.push(`NOT COALESCE(${completed}, FALSE)`);
    if (s.dated) c.push('a.report_date IS NOT NULL');
    return c.length > 1 ? `(${c.join(' AND ')})` : c[0]!;
  });
  parts.push(bySegment.length ? `(${bySegment.join(' OR ')})` : 'FALSE');
  const window = (col: string, w: Window) => {
    const out: string[] = [];
    if (w.from !== undefined) out.push(`${col} >= ${p(clampTime(w.from))}`);
    if (w.to !== undefined) out.push(`${col} < ${p(clampTime(w.to))}`);
    return out.length ? out.join(' AND ') : 'TRUE';
  };
  if (q.date === 'nodate') parts.push('a.report_date IS NULL');
  else if (q.date) parts.push(window('a.report_date', q.date));
  if (q.dateOrCreated && (q.dateOrCreated.from !== undefined || q.dateOrCreated.to !== undefined)) {
    // Two arms so each reads an index: the dated rows by report_date, the others by created.
    parts.push(
      `((${window('a.report_date', q.dateOrCreated)}) OR (a.report_date IS NULL AND ${window('a.created', q.dateOrCreated)}))`,
    );
  }
  const t = q.touched;
  if (t)
    parts.push(
      t.column === 'either'
        ? `((${window('a.created', t)}) OR (${window('a.updated', t)}))`
        : window(`a.${t.column}`, t),
    );
  if (q.completed)
    parts.push(
      `${completed} AND ${window(`COALESCE(${d.jsonNumber('a.fields', q.completed.key)}, a.updated)`, q.completed)}`,
    );
  if (q.owner !== undefined) {
    // The owner's rows of the report_date window: one range of report_owners_by_owner.
    const ownerDate =
      q.date === 'nodate' ? ' AND o.report_date IS NULL' : q.date ? ` AND ${window('o.report_date', q.date)}` : '';
    parts.push(
      q.owner === 0
        ? 'NOT EXISTS (SELECT 1 FROM report_owners o WHERE o.activity_id = a.id)'
        : safe(q.owner)
          ? `a.id IN (SELECT o.activity_id FROM report_owners o WHERE o.owner_id = ${p(q.owner)}${ownerDate})`
          : 'FALSE',
    );
  }
  if (q.users) {
    const ids = q.users.filter(safe);
    if (!ids.length) parts.push('FALSE');
    else {
      const list = p(d.idsParam(ids));
      parts.push(`(${d.inIds('a.creator_id', list)} OR ${d.inIds('a.modificator_id', list)})`);
    }
  }
  if (q.categories) {
    const ids = q.categories.filter(safe);
    parts.push(
      ids.length
        ? `EXISTS (SELECT 1 FROM record_categories rc WHERE rc.record_id = r.id AND ${d.inIds('rc.category_id', p(d.idsParam(ids)))})`
        : 'FALSE',
    );
  }
  if (q.kinds) parts.push(q.kinds.length ? `(${q.kinds.map((k) => `r.kind = ${p(k)}`).join(' OR ')})` : 'FALSE');
  const order =
    q.order === 'created'
      ? 'a.created, a.id'
      : q.order === 'date'
        ? 'a.report_date IS NULL, a.report_date, a.id'
        : 'COALESCE(a.report_date, a.created), a.id';
  return {
    sql: `SELECT ${cols} FROM activities a JOIN records r ON r.id = a.record_id WHERE ${parts.join(' AND ')} ORDER BY ${order}`,
    params,
  };
}
