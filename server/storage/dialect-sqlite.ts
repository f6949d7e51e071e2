// SQLite's side of the shared statements (./statements.ts) and list queries (./record-query.ts).
import type { SqlDialect } from './statements.ts';

/** better-sqlite3 binds @p1, @p2, ... from an object: a placeholder may then repeat. */
const named = (params: unknown[]) => Object.fromEntries(params.map((v, i) => [`p${i + 1}`, v]));

/**
 * The FTS5 query of a pattern: trigrams that cover it (at 0, 3, 6, ... and the last), AND-ed. A
 * superset of the rows holding the pattern (the exact check follows), from few doclists.
 */
function ftsQuery(pattern: string): string {
  const cps = [...pattern];
  const terms = new Set<string>();
  for (let i = 0; i + 3 <= cps.length; i += 3) terms.add(cps.slice(i, i + 3).join(''));
  terms.add(cps.slice(-3).join(''));
  return [...terms].map((t) => `"${t.replaceAll('"', '""')}"`).join(' AND ');
}

export const sqliteDialect: SqlDialect = {
  placeholder: (i) => `@p${i}`,
  jsonText: (column, key) => `json_extract(${column}, '$."${key}"')`,
  jsonNumberEquals: (column, key, param) =>
    `(json_type(${column}, '$."${key}"') IN ('integer', 'real') AND json_extract(${column}, '$."${key}"') = ${param})`,
  jsonNumber: (column, key) =>
    `(CASE WHEN json_type(${column}, '$."${key}"') IN ('integer', 'real') THEN json_extract(${column}, '$."${key}"') END)`,
  anyElement: (column, test) => `EXISTS (SELECT 1 FROM json_each(${column}) WHERE ${test('value')})`,
  // Rows holding trigrams of the needle (FTS5 reads only its index: no GLOB, which would read each
  // candidate's text from the table once more before the exact check does), and the rows not
  // indexed yet (ids above fts_marks.upto, a range of the rowid: the indexer's tail, a few hundred
  // at most). No row is in both: the indexer moves upto in the transaction that indexes. CROSS
  // JOIN keeps that order: the candidates first, then each one's row.
  searchFrom: (table, param) => {
    const tail = `SELECT id FROM ${table} WHERE id > (SELECT upto FROM fts_marks WHERE tbl = '${table}')`;
    const ids = `SELECT rowid AS id FROM ${table}_fts WHERE ${table}_fts MATCH ${param} UNION ALL ${tail}`;
    const records =
      table === 'records' ? ids : `SELECT DISTINCT a2.record_id AS id FROM activities a2 WHERE a2.id IN (${ids})`;
    return { from: `(${records}) c CROSS JOIN records r ON r.id = c.id` };
  },
  searchPattern: ftsQuery,
  contains: (haystack, needle) => `instr(${haystack}, ${needle}) > 0`,
  startsWith: (haystack, needle) => `substr(${haystack}, 1, length(${needle})) = ${needle}`,
  inIds: (expr, param) => `${expr} IN (SELECT value FROM json_each(${param}))`,
  idsParam: (ids) => JSON.stringify(ids),
  driverJoin: 'CROSS JOIN',
  filterOnly: (column) => `+${column}`,
  plansOnBoundValues: true,
  pinIndex: (index) => ` INDEXED BY ${index}`,
  unread: (param) => `+${param}`,

  sql: (text) => text,
  bind: (params) => [named(params)],
  json: <T>(value: unknown) => JSON.parse(value as string) as T,
  text: (s) => s,
  bool: (b) => (b ? 1 : 0),
  sumInt: (expr) => `sum(${expr})`,
  greatest: 'max',
  inTexts: (expr, param) => `${expr} IN (SELECT value FROM json_each(${param}))`,
  textsParam: (values) => JSON.stringify(values),
  idRows: (param) => `(SELECT value AS v FROM json_each(${param})) o`,
  emailEquals: (column, param) => `${column} = ${param}`,
  relatedOrder: 'rowid',
  skipLocked: '',
};
