// PostgreSQL's side of the shared statements (./statements.ts) and list queries (./record-query.ts).
import { SEP } from './record-query.ts';
import type { SqlDialect } from './statements.ts';

// Text columns cannot hold U+0000: the sort key carries SEP in its place (the search texts do on both adapters).
const noNul = (s: string) => s.replaceAll('\u0000', SEP);

const converted = new Map<string, string>();
/** `?` placeholders as $1, $2, ... (the shared statements hold no other `?`). */
function numbered(text: string): string {
  let sql = converted.get(text);
  if (sql === undefined) {
    let n = 0;
    sql = text.replace(/\?/g, () => `$${++n}`);
    converted.set(text, sql);
  }
  return sql;
}

export const pgDialect: SqlDialect = {
  placeholder: (i) => `$${i}`,
  jsonText: (column, key) => `(${column} ->> '${key}')`,
  jsonNumberEquals: (column, key, param) =>
    `(CASE WHEN json_typeof(${column} -> '${key}') = 'number' THEN (${column} ->> '${key}')::numeric END) = ${param}::numeric`,
  jsonNumber: (column, key) =>
    `(CASE WHEN json_typeof(${column} -> '${key}') = 'number' THEN (${column} ->> '${key}')::numeric END)`,
  anyElement: (column, test) =>
    `EXISTS (SELECT 1 FROM json_array_elements_text(${column}) AS e(v) WHERE ${test('e.v')})`,
  // The records' index narrows `records r` itself (one visit of each candidate row).
  searchFrom: (table, param) =>
    table === 'records'
      ? { from: 'records r', where: `r.search LIKE ${param}` }
      : {
          from: `(SELECT DISTINCT s.record_id AS id FROM activities s WHERE s.search LIKE ${param}) c JOIN records r ON r.id = c.id`,
        },
  searchPattern: (needle) => `%${noNul(needle).replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
  contains: (haystack, needle) => `strpos(${haystack}, ${needle}::text) > 0`,
  startsWith: (haystack, needle) => `starts_with(${haystack}, ${needle}::text)`,
  inIds: (expr, param) => `${expr} = ANY(${param}::bigint[])`,
  idsParam: (ids) => ids,
  driverJoin: 'JOIN',
  filterOnly: (column) => column,
  plansOnBoundValues: false,
  pinIndex: () => '',
  unread: (param) => param,

  sql: numbered,
  bind: (params) => params,
  // `json` columns arrive parsed.
  json: <T>(value: unknown) => value as T,
  text: noNul,
  bool: (b) => b,
  sumInt: (expr) => `sum(${expr})::bigint`,
  greatest: 'greatest',
  inTexts: (expr, param) => `${expr} = ANY(${param}::text[])`,
  textsParam: (values) => values,
  idRows: (param) => `unnest(${param}::bigint[]) AS o(v)`,
  emailEquals: (column, param) => `lower(${column}) = lower(${param})`,
  relatedOrder: 'seq',
  skipLocked: ' FOR UPDATE SKIP LOCKED',
};
