// The PostgreSQL adapter: the storage port (./port.ts) over `pg` (node-postgres), for a service
// that runs as several instances on one database.
//
// - Connection: `postgres://user[:password]@host[:port]/dbname[?schema=NAME]`. Every libpq-style
//   parameter `pg` understands (sslmode, application_name, ...) passes through; `schema` is ours:
//   the tables live in that schema (created when missing) instead of the first one on the
//   search_path (normally `public`). It is set per connection as `search_path`, so one database can
//   hold several independent services or test runs. Lower-case letters, digits and _ only.
// - Schema: numbered migrations (./migrations/postgres.ts) run at open, all in one transaction that
//   holds `pg_advisory_xact_lock` on a key derived from the schema name, so instances starting
//   together migrate once (the others wait, then find the version up to date). The version is in
//   the `schema_version` table; a schema newer than this code is refused.
// - Transactions: no lock shared by unrelated requests. Writes run at SERIALIZABLE: a handler
//   that reads, then writes (activity positions, moves, an edit of a record, "does the tag exist")
//   commits only if the result equals some one-after-another order; on a serialization failure or
//   deadlock the whole transaction runs again (up to 30 times; retries take a per-schema advisory
//   lock before BEGIN, so transactions colliding on one hot spot stop colliding). Reads (shows,
//   lists, reports, authentication) run REPEATABLE READ READ ONLY: one snapshot, never waiting. A
//   transaction opened inside another is refused, and a Tx used after its transaction ended throws.
// - The quota counter (one row per user and window, INSERT ... ON CONFLICT DO UPDATE ... RETURNING)
//   and the viewed times of shows (./deferred.ts) go through a second small pool whose sessions
//   run synchronous_commit = off: atomic and exact across instances, but without waiting for the
//   WAL flush. Every other commit is durable.
// - Records and activities take their ids from ONE sequence (`item_ids`) through the `items`
//   table, which `records.id`, `activities.id` and `activities.parent_id` reference. Users and
//   workgroups share the `principal_ids` sequence (an ownership value names either).
// - JSON values (fields, options, categories, members) are `json` columns: validated, kept as
//   written (key order, and `\u0000` escapes, which `jsonb` refuses). Files are `bytea`. Times and
//   ids are `bigint`, read back as JS numbers.
// - Webhook outbox: claimDeliveries takes due rows with `SELECT ... FOR UPDATE SKIP LOCKED` and
//   leases them (claimed_by, claimed_until) in the same statement; a crashed instance's leases
//   simply expire (claimed_until <= now) and another instance claims the rows again.
// - Statements are named (server-side prepared once per pooled connection): parse and plan once.
// - Text columns cannot hold U+0000 in PostgreSQL (SQLite's can); JSON values can (escaped).
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import pg from 'pg';
import type {
  Account,
  ActivityRow,
  CategoryRow,
  DeliveryRow,
  FieldDefRow,
  FileRow,
  GroupRow,
  HookRow,
  NewActivity,
  NewRecord,
  RecordRow,
  RelatedRow,
  Storage,
  Tx,
  UserRow,
} from './port.ts';
import { PG_DELIVERY_LOG_MIGRATION, PG_FIRST_OF_OBJECT, pgDeliveryLog } from './deliveries-postgres.ts';
import type { DeliveryLogTx } from './delivery-log.ts';
import { DeferredWrites } from './deferred.ts';
import { columns } from './columns.ts';
import { activitySearch, buildRecordQuery, buildReportQuery, recordSearch, reportDate, reportOwners, type ReportQuery, SEP, type Dialect, type RecordQuery } from './record-query.ts';

export { PG_MIGRATIONS } from './migrations/postgres.ts';
import { PG_MIGRATIONS } from './migrations/postgres.ts';


/** Steps in JavaScript that run right after migration n's SQL, in its transaction. */
const PG_BACKFILLS: Record<number, (client: pg.PoolClient) => Promise<void>> = {
  // The search columns hold JavaScript's lower-casing, so existing rows are filled here.
  async 2(client) {
    const records = await client.query<{ id: number; kind: string; name: string; fields: RecordRow['fields'] }>('SELECT id, kind, name, fields FROM records');
    for (const r of records.rows) {
      await client.query('UPDATE records SET name_key = $1, search = $2, item_texts = $3, field_texts = $4 WHERE id = $5', [...searchColumns(r), r.id]);
    }
    const activities = await client.query<{ id: number; segment: string; fields: Record<string, unknown> }>('SELECT id, segment, fields FROM activities');
    for (const a of activities.rows) await client.query('UPDATE activities SET search = $1, texts = $2, report_date = $3 WHERE id = $4', [...journalColumns(a), a.id]);
    await addTrigramIndexes(client);
  },
  // report_date now also holds the list's due and unsent dates; report_owners starts empty.
  async 4(client) {
    const activities = await client.query<{ id: number; segment: string; fields: Record<string, unknown> }>('SELECT id, segment, fields FROM activities');
    for (const a of activities.rows) {
      await client.query('UPDATE activities SET report_date = $1 WHERE id = $2', [reportDate(a), a.id]);
      for (const owner of reportOwners(a)) await client.query('INSERT INTO report_owners (activity_id, owner_id, report_date) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [a.id, owner, reportDate(a)]);
    }
  },
};

/**
 * GIN trigram indexes on the search texts (pg_trgm), which LIKE '%needle%' uses. The extension
 * lives in one schema of the database, so its operator class is named with that schema. Without
 * pg_trgm (not installed, no right to create it) lists still answer, by scanning.
 */
async function addTrigramIndexes(client: pg.PoolClient): Promise<void> {
  await client.query('SAVEPOINT trgm');
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await client.query('RELEASE SAVEPOINT trgm');
  } catch {
    await client.query('ROLLBACK TO SAVEPOINT trgm');
  }
  const { rows } = await client.query<{ schema: string }>(
    `SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
  );
  const ext = rows[0]?.schema;
  if (ext === undefined) {
    process.stderr.write('crmgen: pg_trgm is not available; list searches will scan instead of using an index\n');
    return;
  }
  const ops = `${pg.escapeIdentifier(ext)}.gin_trgm_ops`;
  await client.query(`CREATE INDEX records_search ON records USING gin (search ${ops})`);
  await client.query(`CREATE INDEX activities_search ON activities USING gin (search ${ops})`);
}

// ---------------------------------------------------------------------------------------------
// column lists (shared: ./columns.ts) and raw row shapes

const USER_COLS = columns('users');
const GROUP_COLS = columns('workgroups');
const RECORD_COLS = columns('records');
const CATEGORY_COLS = columns('categories');
const FIELD_DEF_COLS = columns('field_defs');
const ACTIVITY_COLS = columns('activities');
const FILE_COLS = columns('files');
const HOOK_COLS = columns('hooks');
/** Delivery columns, qualified by table `t` when given (an UPDATE ... FROM needs it). */
const deliveryCols = (t = '') => {
  const c = (name: string, alias?: string) => `${t ? `${t}.` : ''}${name}${alias ? ` AS "${alias}"` : ''}`;
  return [
    c('id'), c('account_id', 'accountId'), c('hook_id', 'hookId'), c('event'), c('object_id', 'objectId'), c('url'),
    c('content_type', 'contentType'), c('body'), c('signature'), c('webhook_id', 'webhookId'), c('attempts'), c('next_attempt', 'nextAttempt'),
    c('status'), c('last_error', 'lastError'), c('claimed_by', 'claimedBy'), c('claimed_until', 'claimedUntil'), c('created'),
  ].join(', ');
};
const DELIVERY_COLS = deliveryCols();

type RawFile = Omit<FileRow, 'data'> & { data: Buffer };
// A plain Uint8Array (a copy), not a Buffer, so adapters return the same type.
const toFile = (r: RawFile): FileRow => ({ ...r, data: new Uint8Array(r.data) });
const bytea = (u: Uint8Array): Buffer => Buffer.from(u.buffer, u.byteOffset, u.byteLength);
const json = (v: unknown): string => JSON.stringify(v);

// Text columns cannot hold U+0000: the sort key carries SEP in its place (the search texts do on both adapters).
const noNul = (s: string) => s.replaceAll('\u0000', SEP);
const searchColumns = (r: Pick<RecordRow, 'kind' | 'name' | 'fields'>) => {
  const s = recordSearch(r.kind, r.name, r.fields);
  return [noNul(s.nameKey), s.search, s.itemTexts, s.fieldTexts];
};
const journalColumns = (a: Pick<ActivityRow, 'segment' | 'fields'>) => {
  const s = activitySearch(a.fields);
  return [s.search, s.texts, reportDate(a)];
};
const ACTIVITY_COLS_A = columns('activities', 'a');
const RECORD_COLS_R = columns('records', 'r');

export const pgDialect: Dialect = {
  placeholder: (i) => `$${i}`,
  jsonText: (column, key) => `(${column} ->> '${key}')`,
  jsonNumberEquals: (column, key, param) =>
    `(CASE WHEN json_typeof(${column} -> '${key}') = 'number' THEN (${column} ->> '${key}')::numeric END) = ${param}::numeric`,
  jsonNumber: (column, key) => `(CASE WHEN json_typeof(${column} -> '${key}') = 'number' THEN (${column} ->> '${key}')::numeric END)`,
  anyElement: (column, test) => `EXISTS (SELECT 1 FROM json_array_elements_text(${column}) AS e(v) WHERE ${test('e.v')})`,
  searchIndex: (_table, alias, param) => `${alias}.search LIKE ${param}`,
  searchPattern: (needle) => `%${noNul(needle).replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
  contains: (haystack, needle) => `strpos(${haystack}, ${needle}::text) > 0`,
  startsWith: (haystack, needle) => `starts_with(${haystack}, ${needle}::text)`,
  inIds: (expr, param) => `${expr} = ANY(${param}::bigint[])`,
  idsParam: (ids) => ids,
  driverJoin: 'JOIN',
};

const notDeleted = (includeDeleted: boolean | undefined) => (includeDeleted ? '' : ' AND deleted IS NULL');

/** An id a bigint column can hold; anything else names no row (SQLite simply finds none). */
const isId = (n: number): boolean => Number.isSafeInteger(n);

// bigint (int8, oid 20) as a JS number: ids and millisecond times stay far below 2^53.
const types = new pg.TypeOverrides();
types.setTypeParser(20, (v: string) => Number(v));

// ---------------------------------------------------------------------------------------------

export interface PostgresTarget {
  /** The connection string handed to `pg`, without our own parameters. */
  connectionString: string;
  /** The schema from ?schema=NAME, if given. */
  schema?: string;
}

/** Splits our `schema` parameter off a postgres:// URL; throws on a schema name we do not accept. */
export function parsePostgresUrl(url: string): PostgresTarget {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error(`postgres: not a valid connection URL: ${redact(url)}`);
  }
  if (u.protocol !== 'postgres:' && u.protocol !== 'postgresql:') throw new Error(`postgres: expected a postgres:// URL, got ${redact(url)}`);
  const schema = u.searchParams.get('schema') ?? undefined;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new Error(`postgres: ?schema= expects lower-case letters, digits and _ (starting with a letter or _), got '${schema}'`);
  }
  u.searchParams.delete('schema');
  return { connectionString: u.toString(), schema };
}

/** The URL with its password replaced by ***, for messages. */
export function redact(url: string): string {
  return url.replace(/^(postgres(?:ql)?:\/\/[^:@/]*):[^@/]*@/, '$1:***@');
}

export interface PostgresOptions {
  /** Pooled connections per instance (default 10). */
  maxConnections?: number;
}

export async function openPostgres(url: string, opts: PostgresOptions = {}): Promise<Storage> {
  const target = parsePostgresUrl(url);
  const pool = new pg.Pool({
    connectionString: target.connectionString,
    max: opts.maxConnections ?? 10,
    types,
    ...(target.schema ? { options: `-c search_path=${target.schema}` } : {}),
  });
  // An idle pooled connection that breaks (server restart) must not take the process down; the
  // pool drops it and the next transaction gets a fresh one.
  pool.on('error', (e) => process.stderr.write(`crmgen: postgres connection lost: ${e.message}\n`));
  // Viewed times and quota counts: committed without waiting for the WAL flush (a crash of the
  // database server may lose the last moment's counts; every other transaction stays durable).
  const relaxed = new pg.Pool({
    connectionString: target.connectionString,
    max: 2,
    types,
    options: `${target.schema ? `-c search_path=${target.schema} ` : ''}-c synchronous_commit=off`,
  });
  relaxed.on('error', (e) => process.stderr.write(`crmgen: postgres connection lost: ${e.message}\n`));
  try {
    const schema = await migrate(pool, target.schema);
    const { rows } = await pool.query<{ key: number }>(`SELECT hashtext($1)::bigint AS key`, [`crmgen:retry:${schema}`]);
    return new PgStorage(pool, relaxed, rows[0]!.key);
  } catch (e) {
    await pool.end().catch(() => undefined);
    await relaxed.end().catch(() => undefined);
    const message = (e as Error).message || String(e);
    throw new Error(`postgres (${redact(url)}): ${message}`, { cause: e });
  }
}

/** Brings the schema up to date under an advisory lock; returns the schema's name. */
async function migrate(pool: pg.Pool, schema: string | undefined): Promise<string> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    try {
      let name = schema;
      if (name === undefined) {
        const { rows } = await client.query<{ s: string | null }>('SELECT current_schema() AS s');
        name = rows[0]?.s ?? undefined;
        if (!name) throw new Error('no schema of the search_path exists; name one with ?schema=NAME');
      }
      // Instances starting together queue here; the first migrates, the others find it done.
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`crmgen:migrate:${name}`]);
      if (schema !== undefined) await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      await client.query(`CREATE TABLE IF NOT EXISTS schema_version (
        one     boolean PRIMARY KEY DEFAULT true CHECK (one),
        version integer NOT NULL)`);
      await client.query('INSERT INTO schema_version (version) VALUES (0) ON CONFLICT DO NOTHING');
      const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_version');
      const start = rows[0]!.version;
      if (start > PG_MIGRATIONS.length) {
        throw new Error(`database schema version ${start} is newer than this program (${PG_MIGRATIONS.length})`);
      }
      for (let n = start + 1; n <= PG_MIGRATIONS.length; n++) {
        try {
          await client.query(PG_MIGRATIONS[n - 1]!);
          await PG_BACKFILLS[n]?.(client);
        } catch (e) {
          throw new Error(`migration ${n} failed: ${(e as Error).message}`, { cause: e });
        }
      }
      if (start < PG_MIGRATIONS.length) await client.query('UPDATE schema_version SET version = $1', [PG_MIGRATIONS.length]);
      await client.query('COMMIT');
      return name;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    }
  } finally {
    client.release();
  }
}

const statementNames = new Map<string, string>();
/** A short stable name per SQL text, for server-side prepared statements. */
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) {
    name = `crmgen_${createHash('sha1').update(sql).digest('hex').slice(0, 16)}`;
    statementNames.set(sql, name);
  }
  return name;
}

/** One open transaction; `active` turns false when it commits or rolls back. */
interface TxState {
  active: boolean;
}

/** Folds the +1 / -1 rows of one count (record_counts by deleted, owner_counts by ownership) into one, in the background. */
type Compact = (table: 'record_counts' | 'owner_counts', accountId: number, kind: string, value: boolean | number) => void;

/** SQLSTATEs after which a transaction is run again: serialization failure, deadlock. */
const RETRY = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 30;
/** Count rows of one account and kind past which a read folds them into one. */
const COMPACT_AT = 64;

class PgStorage implements Storage {
  private readonly current = new AsyncLocalStorage<TxState>();
  private readonly running = new Set<Promise<unknown>>();
  private closing = false;
  private closed: Promise<void> | undefined;
  readonly viewed: DeferredWrites;

  constructor(
    private readonly pool: pg.Pool,
    /** Connections with synchronous_commit = off, for the quota and viewed times. */
    private readonly relaxed: pg.Pool,
    /** The advisory lock a transaction holds while it runs again after a serialization failure. */
    private readonly retryKey: number,
  ) {
    this.viewed = new DeferredWrites(async (times) => {
      if (!times.length) return;
      await this.relaxed.query(
        'UPDATE records SET viewed = v.at FROM unnest($1::bigint[], $2::bigint[]) AS v(id, at) WHERE records.id = v.id',
        [times.map((t) => t[0]), times.map((t) => t[1])],
      );
    });
  }

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    // SERIALIZABLE: a handler that reads, then writes (positions, moves, an edit of a record)
    // commits only if running the transactions one after another would give the same result;
    // otherwise it is run again. No lock is shared by unrelated requests.
    return this.track(() => this.run('BEGIN ISOLATION LEVEL SERIALIZABLE', fn, MAX_ATTEMPTS));
  }

  read<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.track(() => this.run('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', fn, 1));
  }

  private track<T>(start: () => Promise<T>): Promise<T> {
    if (this.current.getStore()?.active) {
      return Promise.reject(new Error('storage.transaction called inside a transaction; use the Tx you were given'));
    }
    if (this.closing) return Promise.reject(new Error('storage is closed'));
    const result = start();
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    this.running.add(settled);
    void settled.then(() => this.running.delete(settled));
    return result;
  }

  private async run<T>(begin: string, fn: (tx: Tx) => Promise<T>, attempts: number): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.once(begin, fn, attempt > 1);
      } catch (e) {
        if (attempt >= attempts || !RETRY.has((e as { code?: string }).code ?? '')) throw e;
      }
    }
  }

  /**
   * One attempt. A retry first takes the schema's retry lock (session-level, before BEGIN, so its
   * snapshot is taken after the wait): transactions that collided on one hot spot (the activities
   * of one parent) then run one after another instead of colliding again; first attempts never
   * wait for it.
   */
  private async once<T>(begin: string, fn: (tx: Tx) => Promise<T>, retry: boolean): Promise<T> {
    const client = await this.pool.connect();
    const state: TxState = { active: true };
    let broken: Error | undefined;
    let locked = false;
    try {
      if (retry) {
        await client.query(`SELECT pg_advisory_lock(${this.retryKey})`);
        locked = true;
      }
      await client.query(begin);
      const value = await this.current.run(state, () => fn(new PgTx(client, state, this.viewed, this.compactCounts)));
      state.active = false;
      await client.query('COMMIT');
      return value;
    } catch (e) {
      state.active = false;
      try {
        await client.query('ROLLBACK');
      } catch (r) {
        broken = r as Error; // the connection is unusable: drop it from the pool
      }
      throw e;
    } finally {
      if (locked && !broken) {
        await client.query(`SELECT pg_advisory_unlock(${this.retryKey})`).catch((e: Error) => (broken = e));
      }
      client.release(broken);
    }
  }

  private readonly compacting = new Set<string>();
  private readonly compactCounts: Compact = (table, accountId, kind, value): void => {
    const column = table === 'record_counts' ? 'deleted' : 'ownership';
    const key = `${table}:${accountId}:${kind}:${value}`;
    if (this.compacting.has(key) || this.closing) return;
    this.compacting.add(key);
    // READ COMMITTED, one statement: a row another compaction deleted first is skipped, so every
    // +1 / -1 is summed exactly once.
    void this.relaxed
      .query(
        `WITH gone AS (DELETE FROM ${table} WHERE account_id = $1 AND kind = $2 AND ${column} = $3 RETURNING n)
         INSERT INTO ${table} (account_id, kind, ${column}, n) SELECT $1, $2, $3, sum(n) FROM gone HAVING count(*) > 0`,
        [accountId, kind, value],
      )
      .catch((e: Error) => process.stderr.write(`crmgen: folding record counts failed: ${e.message}\n`))
      .finally(() => this.compacting.delete(key));
  };

  async countCalls(userId: number, windowStart: number, n: number): Promise<number> {
    // One row per user and window, added to atomically: exact across instances, and only the
    // same user's calls touch the row.
    const { rows } = await this.relaxed.query<{ calls: number }>(
      `INSERT INTO api_calls (user_id, window_start, calls) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, window_start) DO UPDATE SET calls = api_calls.calls + excluded.calls
       RETURNING calls`,
      [userId, windowStart, n],
    );
    return rows[0]!.calls;
  }

  flushViewed(): Promise<void> {
    return this.viewed.flush();
  }

  async findUserByEmail(email: string): Promise<UserRow | undefined> {
    if (this.closing) throw new Error('storage is closed');
    // One round trip (a transaction costs BEGIN and COMMIT besides); a named statement, planned once per connection.
    const { rows } = await this.pool.query<UserRow>({ name: statementName(FIND_USER), text: FIND_USER, values: [email] });
    return rows[0];
  }

  close(): Promise<void> {
    this.closed ??= (async () => {
      await this.viewed.flush();
      this.closing = true;
      // Let running transactions finish (and any they were queued behind).
      while (this.running.size) await Promise.all(this.running);
      await this.pool.end();
      await this.relaxed.end();
    })();
    return this.closed;
  }
}

/** The live user first; among deleted ones the latest. */
const FIND_USER = `SELECT ${USER_COLS} FROM users WHERE lower(email) = lower($1) ORDER BY deleted IS NOT NULL, id DESC LIMIT 1`;

class PgTx implements Tx {
  constructor(
    private readonly client: pg.PoolClient,
    private readonly state: TxState,
    private readonly viewed: DeferredWrites,
    /** Folds an account and kind's count rows into one, in the background. */
    private readonly compact: Compact,
  ) {}

  private async q<R extends object>(sql: string, params: unknown[] = []): Promise<pg.QueryResult<R>> {
    if (!this.state.active) throw new Error('storage: this transaction has already ended');
    // A named statement is parsed and planned once per pooled connection, then only bound and run.
    return this.client.query<R>({ name: statementName(sql), text: sql, values: params });
  }
  private async rows<R extends object>(sql: string, ...params: unknown[]): Promise<R[]> {
    return (await this.q<R>(sql, params)).rows;
  }
  private async one<R extends object>(sql: string, ...params: unknown[]): Promise<R | undefined> {
    return (await this.q<R>(sql, params)).rows[0];
  }
  private async count(sql: string, ...params: unknown[]): Promise<number> {
    return (await this.q(sql, params)).rowCount ?? 0;
  }

  private log?: DeliveryLogTx;
  private get deliveryLog(): DeliveryLogTx {
    return (this.log ??= pgDeliveryLog({ rows: (q, ...p) => this.rows(q, ...p), one: (q, ...p) => this.one(q, ...p), count: (q, ...p) => this.count(q, ...p) }));
  }
  cancelDeliveries: DeliveryLogTx['cancelDeliveries'] = (...a) => this.deliveryLog.cancelDeliveries(...a);
  recordAttempt: DeliveryLogTx['recordAttempt'] = (...a) => this.deliveryLog.recordAttempt(...a);
  listAttempts: DeliveryLogTx['listAttempts'] = (...a) => this.deliveryLog.listAttempts(...a);
  getDelivery: DeliveryLogTx['getDelivery'] = (...a) => this.deliveryLog.getDelivery(...a);
  insertDelivery: DeliveryLogTx['insertDelivery'] = (...a) => this.deliveryLog.insertDelivery(...a);
  countOutcome: DeliveryLogTx['countOutcome'] = (...a) => this.deliveryLog.countOutcome(...a);
  resetHookHealth: DeliveryLogTx['resetHookHealth'] = (...a) => this.deliveryLog.resetHookHealth(...a);
  listFailedDeliveries: DeliveryLogTx['listFailedDeliveries'] = (...a) => this.deliveryLog.listFailedDeliveries(...a);
  findAccountId: DeliveryLogTx['findAccountId'] = (...a) => this.deliveryLog.findAccountId(...a);

  // accounts, users, groups

  async ensureAccount(name: string): Promise<Account> {
    // Look first, so a repeated ensure does not use up identity values.
    const found = await this.one<Account>('SELECT id, name FROM accounts WHERE name = $1', name);
    if (found) return found;
    await this.q('INSERT INTO accounts (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [name]);
    return (await this.one<Account>('SELECT id, name FROM accounts WHERE name = $1', name))!;
  }

  async getAccount(id: number): Promise<Account | undefined> {
    if (!isId(id)) return undefined;
    return this.one<Account>('SELECT id, name FROM accounts WHERE id = $1', id);
  }

  async addUser(u: Omit<UserRow, 'id' | 'deleted'>): Promise<UserRow> {
    return (await this.one<UserRow>(
      `INSERT INTO users (account_id, email, name, token, preventlogin, preventprivatedata, administrator)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${USER_COLS}`,
      u.accountId, u.email, u.name, u.token, u.preventlogin, u.preventprivatedata, u.administrator,
    ))!;
  }

  async setUserDeleted(accountId: number, id: number, deleted: number | null): Promise<boolean> {
    if (!isId(id)) return false;
    return (await this.count('UPDATE users SET deleted = $1 WHERE id = $2 AND account_id = $3', deleted, id, accountId)) === 1;
  }

  async setGroupDeleted(accountId: number, id: number, deleted: number | null): Promise<boolean> {
    if (!isId(id)) return false;
    return (await this.count('UPDATE workgroups SET deleted = $1 WHERE id = $2 AND account_id = $3', deleted, id, accountId)) === 1;
  }

  async findUserByEmail(email: string): Promise<UserRow | undefined> {
    return this.one<UserRow>(FIND_USER, email);
  }

  async listUsers(accountId: number, includeDeleted: boolean): Promise<UserRow[]> {
    return this.rows<UserRow>(`SELECT ${USER_COLS} FROM users WHERE account_id = $1${notDeleted(includeDeleted)} ORDER BY id`, accountId);
  }

  async principalsVersion(accountId: number): Promise<number> {
    if (!isId(accountId)) return 0;
    return (await this.one<{ v: number }>('SELECT version AS v FROM principal_versions WHERE account_id = $1', accountId))?.v ?? 0;
  }

  async countUsers(): Promise<number> {
    return (await this.one<{ n: number }>('SELECT count(*) AS n FROM users'))!.n;
  }

  async addGroup(g: Omit<GroupRow, 'id' | 'deleted'>): Promise<GroupRow> {
    return (await this.one<GroupRow>(
      `INSERT INTO workgroups (account_id, name, email, members) VALUES ($1, $2, $3, $4) RETURNING ${GROUP_COLS}`,
      g.accountId, g.name, g.email, json(g.members),
    ))!;
  }

  async listGroups(accountId: number, includeDeleted: boolean): Promise<GroupRow[]> {
    return this.rows<GroupRow>(`SELECT ${GROUP_COLS} FROM workgroups WHERE account_id = $1${notDeleted(includeDeleted)} ORDER BY id`, accountId);
  }

  // records

  async insertRecord(r: NewRecord): Promise<RecordRow> {
    // The id comes from the one item sequence; one round trip.
    return (await this.one<RecordRow>(
      `WITH item AS (INSERT INTO items (type) VALUES ('record') RETURNING id)
       INSERT INTO records (id, account_id, kind, name, ownership, flagged, fields, created, viewed, updated,
         creator_id, creator_name, modificator_id, modificator_name, name_key, search, item_texts, field_texts)
       SELECT item.id, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17 FROM item
       RETURNING ${RECORD_COLS}`,
      r.accountId, r.kind, r.name, r.ownership, r.flagged, json(r.fields), r.created, r.viewed,
      r.updated, r.creatorId, r.creatorName, r.modificatorId, r.modificatorName, ...searchColumns(r),
    ))!;
  }

  async getRecord(accountId: number, id: number, opts?: { includeDeleted?: boolean }): Promise<RecordRow | undefined> {
    if (!isId(id)) return undefined;
    const row = await this.one<RecordRow>(
      `SELECT ${RECORD_COLS} FROM records WHERE id = $1 AND account_id = $2${notDeleted(opts?.includeDeleted)}`,
      id, accountId,
    );
    return row && this.viewed.overlay(row);
  }

  async getRecords(accountId: number, ids: number[]): Promise<RecordRow[]> {
    const wanted = ids.filter(isId);
    if (!wanted.length) return [];
    const rows = await this.rows<RecordRow>(
      `SELECT ${RECORD_COLS} FROM records WHERE id = ANY($1::bigint[]) AND account_id = $2 AND deleted IS NULL ORDER BY id`,
      wanted, accountId,
    );
    return rows.map((r) => this.viewed.overlay(r));
  }

  async updateRecord(r: RecordRow): Promise<void> {
    const changes = await this.count(
      `UPDATE records SET kind = $1, name = $2, ownership = $3, flagged = $4, fields = $5, created = $6, viewed = $7,
         updated = $8, creator_id = $9, creator_name = $10, modificator_id = $11, modificator_name = $12, deleted = $13,
         name_key = $16, search = $17, item_texts = $18, field_texts = $19
       WHERE id = $14 AND account_id = $15`,
      r.kind, r.name, r.ownership, r.flagged, json(r.fields), r.created, r.viewed, r.updated,
      r.creatorId, r.creatorName, r.modificatorId, r.modificatorName, r.deleted, r.id, r.accountId, ...searchColumns(r),
    );
    if (changes !== 1) throw new Error(`storage: no record ${r.id} in account ${r.accountId}`);
  }

  async setRecordDeleted(accountId: number, id: number, deleted: number | null): Promise<void> {
    if (!isId(id)) return;
    await this.q('UPDATE records SET deleted = $1 WHERE id = $2 AND account_id = $3', [deleted, id, accountId]);
  }

  async listRecords(accountId: number, kind: string, opts: { deleted: boolean }): Promise<RecordRow[]> {
    // deleted: false -> the live records; true -> only the soft-deleted ones (filtermode archived).
    const rows = await this.rows<RecordRow>(
      `SELECT ${RECORD_COLS} FROM records WHERE account_id = $1 AND kind = $2
       AND deleted IS ${opts.deleted ? 'NOT NULL' : 'NULL'} ORDER BY id`,
      accountId, kind,
    );
    return rows.map((r) => this.viewed.overlay(r));
  }

  async pageRecords(accountId: number, q: RecordQuery): Promise<{ count: number; rows: RecordRow[] }> {
    if (!isId(accountId)) return { count: 0, rows: [] };
    const built = buildRecordQuery(pgDialect, accountId, q, RECORD_COLS_R);
    let count: number;
    if (built.unfiltered) {
      const c = (await this.one<{ n: number | null; parts: number }>(
        'SELECT sum(n)::bigint AS n, count(*)::bigint AS parts FROM record_counts WHERE account_id = $1 AND kind = $2 AND deleted = $3',
        accountId, q.kind, q.deleted,
      ))!;
      count = c.n ?? 0;
      if (c.parts > COMPACT_AT) this.compact('record_counts', accountId, q.kind, q.deleted);
    } else if (built.ownerOnly !== undefined) {
      const c = (await this.one<{ n: number | null; parts: number }>(
        'SELECT sum(n)::bigint AS n, count(*)::bigint AS parts FROM owner_counts WHERE account_id = $1 AND kind = $2 AND ownership = $3',
        accountId, q.kind, built.ownerOnly,
      ))!;
      count = c.n ?? 0;
      if (c.parts > COMPACT_AT) this.compact('owner_counts', accountId, q.kind, built.ownerOnly);
    } else {
      count = (await this.one<{ n: number }>(built.count.sql, ...built.count.params))!.n;
    }
    const rows = count > q.start ? await this.rows<RecordRow>(built.page.sql, ...built.page.params) : [];
    return { count, rows: rows.map((r) => this.viewed.overlay(r)) };
  }

  // category tags

  async insertCategory(c: Omit<CategoryRow, 'id'>): Promise<CategoryRow> {
    return (await this.one<CategoryRow>(
      `INSERT INTO categories (account_id, kind, name) VALUES ($1, $2, $3) RETURNING ${CATEGORY_COLS}`,
      c.accountId, c.kind, c.name,
    ))!;
  }

  async listCategories(accountId: number, kind: string): Promise<CategoryRow[]> {
    return this.rows<CategoryRow>(`SELECT ${CATEGORY_COLS} FROM categories WHERE account_id = $1 AND kind = $2 ORDER BY id`, accountId, kind);
  }

  async getCategory(accountId: number, id: number): Promise<CategoryRow | undefined> {
    if (!isId(id)) return undefined;
    return this.one<CategoryRow>(`SELECT ${CATEGORY_COLS} FROM categories WHERE id = $1 AND account_id = $2`, id, accountId);
  }

  async addRecordCategory(recordId: number, categoryId: number): Promise<boolean> {
    return (
      (await this.count(
        'INSERT INTO record_categories (record_id, category_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
        recordId, categoryId,
      )) === 1
    );
  }

  async removeRecordCategory(recordId: number, categoryId: number): Promise<boolean> {
    if (!isId(recordId) || !isId(categoryId)) return false;
    return (await this.count('DELETE FROM record_categories WHERE record_id = $1 AND category_id = $2', recordId, categoryId)) === 1;
  }

  async recordCategories(recordIds: number[]): Promise<Map<number, number[]>> {
    // Every asked id gets an entry (empty when untagged); tag ids ascending.
    const out = new Map<number, number[]>(recordIds.map((id) => [id, []]));
    const wanted = recordIds.filter(isId);
    if (wanted.length === 0) return out;
    const rows = await this.rows<{ recordId: number; categoryId: number }>(
      `SELECT record_id AS "recordId", category_id AS "categoryId" FROM record_categories
       WHERE record_id = ANY($1::bigint[]) ORDER BY record_id, category_id`,
      wanted,
    );
    for (const r of rows) out.get(r.recordId)!.push(r.categoryId);
    return out;
  }

  // related items (listed in the order they were first added; adding again replaces the note)

  async addRelated(r: RelatedRow): Promise<void> {
    await this.q(
      `INSERT INTO related (record_id, related_id, note) VALUES ($1, $2, $3)
       ON CONFLICT (record_id, related_id) DO UPDATE SET note = excluded.note`,
      [r.recordId, r.relatedId, r.note],
    );
  }

  async removeRelated(recordId: number, relatedId: number): Promise<void> {
    if (!isId(recordId) || !isId(relatedId)) return;
    await this.q('DELETE FROM related WHERE record_id = $1 AND related_id = $2', [recordId, relatedId]);
  }

  async listRelated(recordId: number): Promise<RelatedRow[]> {
    if (!isId(recordId)) return [];
    return this.rows<RelatedRow>(
      'SELECT record_id AS "recordId", related_id AS "relatedId", note FROM related WHERE record_id = $1 ORDER BY seq',
      recordId,
    );
  }

  // custom field definitions

  async insertFieldDef(f: Omit<FieldDefRow, 'id' | 'name'>): Promise<FieldDefRow> {
    return (await this.one<FieldDefRow>(
      `INSERT INTO field_defs (account_id, kind, label, type, options, categories) VALUES ($1, $2, $3, $4, $5, $6)
       RETURNING ${FIELD_DEF_COLS}`,
      f.accountId, f.kind, f.label, f.type, json(f.options), json(f.categories),
    ))!;
  }

  async listFieldDefs(accountId: number, kind: string): Promise<FieldDefRow[]> {
    return this.rows<FieldDefRow>(`SELECT ${FIELD_DEF_COLS} FROM field_defs WHERE account_id = $1 AND kind = $2 ORDER BY id`, accountId, kind);
  }

  // activities

  async insertActivity(a: NewActivity): Promise<ActivityRow> {
    const row = (await this.one<ActivityRow>(
      `WITH item AS (INSERT INTO items (type) VALUES ('activity') RETURNING id)
       INSERT INTO activities (id, account_id, record_id, parent_id, segment, typeid, level, position, fields,
         flagged, created, viewed, updated, creator_id, creator_name, modificator_id, modificator_name, search, texts, report_date)
       SELECT item.id, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19 FROM item
       RETURNING ${ACTIVITY_COLS}`,
      a.accountId, a.recordId, a.parentId, a.segment, a.typeid, a.level, a.position, json(a.fields),
      a.flagged, a.created, a.viewed, a.updated, a.creatorId, a.creatorName, a.modificatorId, a.modificatorName,
      ...journalColumns(a),
    ))!;
    await this.setOwners(row.id, a);
    return row;
  }

  /** The activity's rows of report_owners, rewritten at every write of it. */
  private async setOwners(id: number, a: Pick<ActivityRow, 'segment' | 'fields'>, replace = false): Promise<void> {
    if (replace) await this.q('DELETE FROM report_owners WHERE activity_id = $1', [id]);
    const owners = reportOwners(a);
    if (owners.length) await this.q('INSERT INTO report_owners (activity_id, owner_id, report_date) SELECT $1, unnest($2::bigint[]), $3', [id, owners, reportDate(a)]);
  }

  async getActivity(accountId: number, id: number, opts?: { includeDeleted?: boolean }): Promise<ActivityRow | undefined> {
    if (!isId(id)) return undefined;
    return this.one<ActivityRow>(
      `SELECT ${ACTIVITY_COLS} FROM activities WHERE id = $1 AND account_id = $2${notDeleted(opts?.includeDeleted)}`,
      id, accountId,
    );
  }

  async updateActivity(a: ActivityRow): Promise<void> {
    const changes = await this.count(
      `UPDATE activities SET record_id = $1, parent_id = $2, segment = $3, typeid = $4, level = $5, position = $6,
         fields = $7, flagged = $8, created = $9, viewed = $10, updated = $11, creator_id = $12, creator_name = $13,
         modificator_id = $14, modificator_name = $15, deleted = $16, search = $19, texts = $20, report_date = $21
       WHERE id = $17 AND account_id = $18`,
      a.recordId, a.parentId, a.segment, a.typeid, a.level, a.position, json(a.fields), a.flagged,
      a.created, a.viewed, a.updated, a.creatorId, a.creatorName, a.modificatorId, a.modificatorName, a.deleted,
      a.id, a.accountId, ...journalColumns(a),
    );
    if (changes !== 1) throw new Error(`storage: no activity ${a.id} in account ${a.accountId}`);
    await this.setOwners(a.id, a, true);
  }

  async setActivityDeleted(accountId: number, ids: number[], deleted: number | null): Promise<void> {
    const wanted = ids.filter(isId);
    if (wanted.length === 0) return;
    await this.q('UPDATE activities SET deleted = $1 WHERE account_id = $2 AND id = ANY($3::bigint[])', [deleted, accountId, wanted]);
  }

  async listActivitiesOfRecord(accountId: number, recordId: number, opts?: { includeDeleted?: boolean }): Promise<ActivityRow[]> {
    if (!isId(recordId)) return [];
    return this.rows<ActivityRow>(
      `SELECT ${ACTIVITY_COLS} FROM activities WHERE account_id = $1 AND record_id = $2${notDeleted(opts?.includeDeleted)}
       ORDER BY level, parent_id, position, id`,
      accountId, recordId,
    );
  }

  async listChildren(accountId: number, parentId: number, opts?: { includeDeleted?: boolean }): Promise<ActivityRow[]> {
    if (!isId(parentId)) return [];
    return this.rows<ActivityRow>(
      `SELECT ${ACTIVITY_COLS} FROM activities WHERE account_id = $1 AND parent_id = $2${notDeleted(opts?.includeDeleted)}
       ORDER BY position, id`,
      accountId, parentId,
    );
  }

  async listActivities(accountId: number, opts?: { segments?: string[]; includeDeleted?: boolean }): Promise<ActivityRow[]> {
    // segments undefined: every segment; an empty list matches nothing. Ordered by id.
    const segments = opts?.segments;
    const params: unknown[] = [accountId];
    if (segments) params.push(segments);
    return this.rows<ActivityRow>(
      `SELECT ${ACTIVITY_COLS} FROM activities WHERE account_id = $1${segments ? ' AND segment = ANY($2::text[])' : ''}${notDeleted(opts?.includeDeleted)}
       ORDER BY id`,
      ...params,
    );
  }

  async reportActivities(accountId: number, q: ReportQuery): Promise<ActivityRow[]> {
    if (!isId(accountId)) return [];
    const built = buildReportQuery(pgDialect, accountId, q, ACTIVITY_COLS_A);
    return this.rows<ActivityRow>(built.sql, ...built.params);
  }

  async getActivities(accountId: number, ids: number[]): Promise<ActivityRow[]> {
    const wanted = ids.filter(isId);
    if (!wanted.length) return [];
    return this.rows<ActivityRow>(
      `SELECT ${ACTIVITY_COLS} FROM activities WHERE id = ANY($1::bigint[]) AND account_id = $2 AND deleted IS NULL ORDER BY id`,
      wanted, accountId,
    );
  }

  async childrenOf(accountId: number, parentIds: number[], segment: string): Promise<ActivityRow[]> {
    const wanted = parentIds.filter(isId);
    if (!wanted.length) return [];
    return this.rows<ActivityRow>(
      `SELECT ${ACTIVITY_COLS} FROM activities WHERE account_id = $1 AND parent_id = ANY($2::bigint[]) AND segment = $3
       AND deleted IS NULL ORDER BY created, id`,
      accountId, wanted, segment,
    );
  }

  // uploaded files

  async insertFile(f: Omit<FileRow, 'id'>): Promise<FileRow> {
    const row = await this.one<{ id: number }>(
      'INSERT INTO files (account_id, filename, contenttype, size, data) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      f.accountId, f.filename, f.contenttype, f.size, bytea(f.data),
    );
    return { id: row!.id, accountId: f.accountId, filename: f.filename, contenttype: f.contenttype, size: f.size, data: new Uint8Array(f.data) };
  }

  async getFile(accountId: number, id: number): Promise<FileRow | undefined> {
    if (!isId(id)) return undefined;
    const raw = await this.one<RawFile>(`SELECT ${FILE_COLS} FROM files WHERE id = $1 AND account_id = $2`, id, accountId);
    return raw && toFile(raw);
  }

  // webhooks and the outbox

  async insertHook(h: Omit<HookRow, 'id'>): Promise<HookRow> {
    const row = await this.one<{ id: number }>(
      `INSERT INTO hooks (account_id, type, title, active, event, constrainttype, url, contenttype, secret)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      h.accountId, h.type, h.title, h.active, h.event, h.constrainttype, h.url, h.contenttype, h.secret,
    );
    return { id: row!.id, ...h };
  }

  async getHook(accountId: number, id: number): Promise<HookRow | undefined> {
    if (!isId(id)) return undefined;
    return this.one<HookRow>(`SELECT ${HOOK_COLS} FROM hooks WHERE id = $1 AND account_id = $2`, id, accountId);
  }

  async updateHook(h: HookRow): Promise<void> {
    const changes = await this.count(
      `UPDATE hooks SET type = $1, title = $2, active = $3, event = $4, constrainttype = $5, url = $6, contenttype = $7, secret = $8
       WHERE id = $9 AND account_id = $10`,
      h.type, h.title, h.active, h.event, h.constrainttype, h.url, h.contenttype, h.secret, h.id, h.accountId,
    );
    if (changes !== 1) throw new Error(`storage: no hook ${h.id} in account ${h.accountId}`);
  }

  async deleteHook(accountId: number, id: number): Promise<void> {
    if (!isId(id)) return;
    await this.q('DELETE FROM hooks WHERE id = $1 AND account_id = $2', [id, accountId]);
  }

  async listHooks(accountId: number): Promise<HookRow[]> {
    return this.rows<HookRow>(`SELECT ${HOOK_COLS} FROM hooks WHERE account_id = $1 ORDER BY id`, accountId);
  }

  async enqueueDeliveries(rows: Omit<DeliveryRow, 'id'>[]): Promise<void> {
    if (rows.length === 0) return;
    // One statement for any number of rows: a column of values per parameter (ids follow the order of rows).
    const col = <K extends keyof Omit<DeliveryRow, 'id'>>(k: K) => rows.map((d) => d[k]);
    await this.q(
      `INSERT INTO deliveries (account_id, hook_id, event, object_id, url, content_type, body, signature, webhook_id, attempts,
         next_attempt, status, last_error, claimed_by, claimed_until, created)
       SELECT a, h, e, o, u, ct, b, s, w, at, na, st, le, cb, cu, cr
       FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::bigint[], $5::text[], $6::text[], $7::text[],
         $8::text[], $9::text[], $10::bigint[], $11::bigint[], $12::text[], $13::text[], $14::text[], $15::bigint[], $16::bigint[])
         WITH ORDINALITY AS d(a, h, e, o, u, ct, b, s, w, at, na, st, le, cb, cu, cr, n)
       ORDER BY n`,
      [
        col('accountId'), col('hookId'), col('event'), col('objectId'), col('url'), col('contentType'), col('body'),
        col('signature'), col('webhookId'), col('attempts'), col('nextAttempt'), col('status'), col('lastError'), col('claimedBy'),
        col('claimedUntil'), col('created'),
      ],
    );
  }

  async claimDeliveries(now: number, limit: number, leaseMs: number, claimer: string): Promise<DeliveryRow[]> {
    // SKIP LOCKED: rows another instance is claiming right now are left to it, not waited for.
    const rows = await this.rows<DeliveryRow>(
      `WITH due AS (
         SELECT id FROM deliveries
         WHERE status = 'pending' AND next_attempt <= $1 AND claimed_until <= $1 AND ${PG_FIRST_OF_OBJECT}
         ORDER BY next_attempt, id LIMIT $2
         FOR UPDATE SKIP LOCKED)
       UPDATE deliveries SET claimed_by = $3, claimed_until = $4
       FROM due WHERE deliveries.id = due.id
       RETURNING ${deliveryCols('deliveries')}`,
      now, limit, claimer, now + leaseMs,
    );
    return rows.sort((a, b) => a.nextAttempt - b.nextAttempt || a.id - b.id);
  }

  async finishDelivery(
    id: number,
    claimer: string,
    o: { status: DeliveryRow['status']; attempts: number; nextAttempt: number; lastError: string },
  ): Promise<boolean> {
    return (
      (await this.count(
        `UPDATE deliveries SET status = $1, attempts = $2, next_attempt = $3, last_error = $4, claimed_by = NULL, claimed_until = 0
         WHERE id = $5 AND claimed_by = $6`,
        o.status, o.attempts, o.nextAttempt, o.lastError, id, claimer,
      )) === 1
    );
  }

  async listDeliveries(accountId: number): Promise<DeliveryRow[]> {
    return this.rows<DeliveryRow>(`SELECT ${DELIVERY_COLS} FROM deliveries WHERE account_id = $1 ORDER BY id`, accountId);
  }

  async pendingDeliveries(): Promise<number> {
    const row = await this.one<{ n: string | number }>(`SELECT count(*) AS n FROM deliveries WHERE status = 'pending'`);
    return Number(row?.n ?? 0);
  }

  async nextDeliveryDue(): Promise<number | undefined> {
    const row = await this.one<{ t: number | null }>(
      `SELECT min(greatest(next_attempt, claimed_until)) AS t FROM deliveries WHERE status = 'pending' AND ${PG_FIRST_OF_OBJECT}`,
    );
    return row?.t ?? undefined;
  }

  async markViewed(id: number, at: number): Promise<void> {
    this.viewed.mark(id, at);
  }

  // the API quota

  async countCalls(userId: number, windowStart: number, n: number): Promise<number> {
    return (await this.one<{ calls: number }>(
      `INSERT INTO api_calls (user_id, window_start, calls) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, window_start) DO UPDATE SET calls = api_calls.calls + excluded.calls
       RETURNING calls`,
      userId, windowStart, n,
    ))!.calls;
  }
}
