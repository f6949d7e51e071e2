// The PostgreSQL adapter: the storage port (./port.ts) over `pg` (node-postgres), for a service
// that runs as several instances on one database.
//
// - Connection: `postgres://user[:password]@host[:port]/dbname[?schema=NAME]`. Every libpq-style
//   parameter `pg` understands (sslmode, application_name, ...) passes through; `schema` is ours:
//   the tables live in that schema (created when missing) instead of the first one on the
//   search_path (normally `public`). It is set per connection as `search_path`, so one database can
//   hold several independent services or test runs. Lower-case letters, digits and _ only.
// - Schema: numbered migrations (./migrations/postgres/, one file each) run at open, all in one transaction that
//   holds `pg_advisory_xact_lock` on a key derived from the schema name, so instances starting
//   together migrate once (the others wait, then find the version up to date). The version is in
//   the `schema_version` table; a schema newer than this code is refused.
// - Transactions: no lock shared by unrelated requests. Writes run at SERIALIZABLE: a handler
//   that reads, then writes (activity positions, moves, an edit of a record, "does the tag exist")
//   commits only if the result equals some one-after-another order; on a serialization failure or
//   deadlock the whole transaction runs again (up to 30 times; retries take a per-schema advisory
//   lock before BEGIN, so transactions colliding on one hot spot stop colliding). Reads (shows,
//   lists, reports, authentication) run REPEATABLE READ READ ONLY: one snapshot, never waiting. A
//   transaction opened inside another is refused (./nesting.ts), and a Tx used after its transaction ended throws.
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
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { DeliveryRow, Storage, Tx, UserRow } from './port.ts';
import { DeferredWrites } from './deferred.ts';
import { SqlTx, findUserStatement, principalsVersionStatement, type TxState } from './statements.ts';
import { Bodies, nestedError } from './nesting.ts';
import { pgDialect } from './dialect-postgres.ts';
import { PG_MIGRATIONS } from './migrations/postgres/index.ts';

export { PG_MIGRATIONS, pgDialect };

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

/**
 * The URL with every password replaced by ***, for messages: the user-info's and any query
 * parameter naming one (`?password=`, `sslpassword`), which pg accepts as well. A text that is no
 * URL loses everything between :// and its last @, and every such parameter's value.
 */
export function redact(url: string): string {
  const secretParam = /pass/i;
  // A file path (SQLite) is printed as it is.
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return url;
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    for (const name of new Set(u.searchParams.keys())) if (secretParam.test(name)) u.searchParams.set(name, '***');
    return u.toString().replace(/%2A%2A%2A/g, '***');
  } catch {
    return url
      .replace(/^([a-z][a-z0-9+.-]*:\/\/)[^]*@/i, '$1***@')
      .replace(/([?&;][^=&;]*pass[^=&;]*=)[^&;#]*/gi, '$1***');
  }
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
          const m = PG_MIGRATIONS[n - 1]!;
          await client.query(m.sql);
          await m.backfill?.(client);
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

/** Folds the +1 / -1 rows of one count (record_counts by deleted, owner_counts by ownership) into one, in the background. */
type Compact = (table: 'record_counts' | 'owner_counts', accountId: number, kind: string, value: boolean | number) => void;

/** SQLSTATEs after which a transaction is run again: serialization failure, deadlock. */
const RETRY = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 30;
/** Count rows of one account and kind past which a read folds them into one. */
const COMPACT_AT = 64;

class PgStorage implements Storage {
  private readonly bodies = new Bodies();
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
    if (this.bodies.nested()) return Promise.reject(nestedError());
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
      const value = await this.bodies.run(fn, new PgTx(client, state, this.viewed, this.compactCounts));
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

  async principalsVersion(accountId: number): Promise<number> {
    if (this.closing) throw new Error('storage is closed');
    const { rows } = await this.pool.query<{ v: number }>({ name: statementName(PRINCIPALS_VERSION), text: PRINCIPALS_VERSION, values: [accountId] });
    return Number(rows[0]?.v ?? 0);
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

const FIND_USER = pgDialect.sql(findUserStatement(pgDialect));
const PRINCIPALS_VERSION = pgDialect.sql(principalsVersionStatement);

/** The shared statements (./statements.ts) on one pooled connection. */
class PgTx extends SqlTx {
  constructor(
    private readonly client: pg.PoolClient,
    state: TxState,
    viewed: DeferredWrites,
    /** Folds an account and kind's count rows into one, in the background. */
    private readonly compact: Compact,
  ) {
    super(pgDialect, state, viewed);
  }

  private q<R extends object>(sql: string, params: unknown[]): Promise<pg.QueryResult<R>> {
    // A named statement is parsed and planned once per pooled connection, then only bound and run.
    return this.client.query<R>({ name: statementName(sql), text: sql, values: params });
  }

  protected async all<R>(sql: string, params: unknown[]): Promise<R[]> {
    return (await this.q<R & object>(sql, params)).rows;
  }

  protected async changes(sql: string, params: unknown[]): Promise<number> {
    return (await this.q(sql, params)).rowCount ?? 0;
  }

  protected async insertItem(type: 'record' | 'activity', table: string, cols: string[], values: unknown[]): Promise<number> {
    // The id comes from the one item sequence; one round trip.
    const rows = await this.all<{ id: number }>(
      pgDialect.sql(`WITH item AS (INSERT INTO items (type) VALUES (?) RETURNING id)
       INSERT INTO ${table} (id, ${cols.join(', ')}) SELECT item.id, ${cols.map(() => '?').join(', ')} FROM item
       RETURNING id`),
      [type, ...values],
    );
    return rows[0]!.id;
  }

  /** Users and workgroups take their ids from the principal_ids sequence. */
  protected async principalId(): Promise<undefined> {
    return undefined;
  }

  protected override fold(table: 'record_counts' | 'owner_counts', accountId: number, kind: string, value: boolean | number, parts: number): void {
    if (parts > COMPACT_AT) this.compact(table, accountId, kind, value);
  }

  override async enqueueDeliveries(rows: Omit<DeliveryRow, 'id'>[]): Promise<void> {
    if (rows.length === 0) return;
    // One statement for any number of rows: a column of values per parameter (ids follow the order of rows).
    const col = <K extends keyof Omit<DeliveryRow, 'id'>>(k: K) => rows.map((d) => d[k]);
    await this.count(
      `INSERT INTO deliveries (account_id, hook_id, event, object_id, url, content_type, body, signature, webhook_id, attempts,
         next_attempt, status, last_error, claimed_by, claimed_until, created)
       SELECT a, h, e, o, u, ct, b, s, w, at, na, st, le, cb, cu, cr
       FROM unnest(?::bigint[], ?::bigint[], ?::text[], ?::bigint[], ?::text[], ?::text[], ?::text[],
         ?::text[], ?::text[], ?::bigint[], ?::bigint[], ?::text[], ?::text[], ?::text[], ?::bigint[], ?::bigint[])
         WITH ORDINALITY AS d(a, h, e, o, u, ct, b, s, w, at, na, st, le, cb, cu, cr, n)
       ORDER BY n`,
      col('accountId'), col('hookId'), col('event'), col('objectId'), col('url'), col('contentType'), col('body'),
      col('signature'), col('webhookId'), col('attempts'), col('nextAttempt'), col('status'), col('lastError'), col('claimedBy'),
      col('claimedUntil'), col('created'),
    );
  }
}
