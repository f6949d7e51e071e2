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
//   lock before BEGIN, so transactions colliding on one hot spot stop colliding). Transactions that
//   order the activities of a parent (Tx.lockOrder) run one after another instead, group-committed
//   (PgStorage.runBatch): those waiting for one parent in this process form a batch, which takes
//   the session advisory lock of each of its parents before BEGIN (so its snapshot shows the
//   previous holder's commit) and runs them in one transaction, one after another, with one
//   COMMIT for all (one that fails after writing is undone by running the others again without it). A body asking for a lock it does not hold runs again holding it.
//   A batch's moves and creates placed last are collected and applied together (gather rounds,
//   PgStorage.gather), still as one serial order: moves alone with one read and one write for the
//   round (placeMoves), creates alone in one statement (placeCreates); both kinds together, or a
//   move carrying a subtree, in one statement (order_batch, migration 10).
//   Reads (shows, lists, reports, authentication) run REPEATABLE READ READ ONLY: one snapshot,
//   never waiting. A transaction opened inside another is refused (./nesting.ts), and a Tx used
//   after its transaction ended throws.
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
// - Faults: every pooled connection has an error listener, idle or checked out, so a database
//   that restarts or dies fails the calls it was serving and never the process; a connection that
//   broke (or timed out) is destroyed, not pooled again, and the pool opens fresh ones. Waits are
//   bounded: connecting (connectTimeoutMs), waiting for a free connection (acquireTimeoutMs, and
//   within the statement timeout), and each call's statements (statementTimeoutMs: on the server
//   as statement_timeout, and here as a deadline for the whole call, which also holds when the
//   server stops answering altogether).
// - Text columns cannot hold U+0000 in PostgreSQL (SQLite's can); JSON values can (escaped).
import { createHash } from 'node:crypto';
import pg from 'pg';
import type {
  ActivityRow,
  ChildCounts,
  DeliveryRow,
  NewActivity,
  GuessedPlace,
  GuessedPlaceResult,
  PlaceOptions,
  PlaceResult,
  Storage,
  TransactionOptions,
  Tx,
  UserRow,
} from './port.ts';
import { reportDate, reportOwners } from './record-query.ts';
import { DeferredWrites } from './deferred.ts';
import {
  ACTIVITY_UPDATE,
  ACTIVITY_WRITE,
  SqlTx,
  WRITTEN_BY_STABLE,
  findUserStatement,
  isId,
  stableReads,
  type TxState,
} from './statements.ts';
import { Bodies, nestedError } from './nesting.ts';
import { pgDialect } from './dialect-postgres.ts';
import { PG_MIGRATIONS } from './migrations/postgres/index.ts';
import { apartFromCalls, callBudget, pgCondition, unlessOutage } from './outage.ts';

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
  if (u.protocol !== 'postgres:' && u.protocol !== 'postgresql:')
    throw new Error(`postgres: expected a postgres:// URL, got ${redact(url)}`);
  const schema = u.searchParams.get('schema') ?? undefined;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new Error(
      `postgres: ?schema= expects lower-case letters, digits and _ (starting with a letter or _), got '${schema}'`,
    );
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
  /** How long opening a connection may take (default 3000 ms). */
  connectTimeoutMs?: number;
  /** How long a call waits for a free pooled connection, connecting included (default 3000 ms). */
  acquireTimeoutMs?: number;
  /** How long a call's statements may take, together (default 5000 ms). */
  statementTimeoutMs?: number;
}

/** Defaults for an interactive API: a call that cannot be served in a few seconds is answered 503. */
export const PG_TIMEOUTS = { connectTimeoutMs: 3000, acquireTimeoutMs: 3000, statementTimeoutMs: 5000 };

interface Timeouts {
  acquire: number;
  statement: number;
}

export async function openPostgres(url: string, opts: PostgresOptions = {}): Promise<Storage> {
  const target = parsePostgresUrl(url);
  const connectTimeout = opts.connectTimeoutMs ?? PG_TIMEOUTS.connectTimeoutMs;
  const timeouts = {
    acquire: opts.acquireTimeoutMs ?? PG_TIMEOUTS.acquireTimeoutMs,
    statement: opts.statementTimeoutMs ?? PG_TIMEOUTS.statementTimeoutMs,
  };
  // The server cancels a statement past the timeout too (and frees what it held).
  // Quoted: a schema named like a keyword (`order`, `full`) is still a name.
  const path = target.schema ? `-c search_path="${target.schema}" ` : '';
  // No JIT: it only pays off for long analytic queries. A generic plan of a statement touching a
  // large account (the recursive subtree walk of a move) is estimated past jit_above_cost and was
  // compiled at every run (about 70 ms for PLACE_GUESSED with 6,000 activities in the account).
  const settings = `${path}-c statement_timeout=${timeouts.statement} -c jit=off`;
  // Keep-alive: a database host that vanished without closing the connection is noticed.
  const common = {
    connectionString: target.connectionString,
    types,
    connectionTimeoutMillis: connectTimeout,
    keepAlive: true,
  };
  const pool = new pg.Pool({ ...common, max: opts.maxConnections ?? 10, options: settings });
  // An idle pooled connection that breaks (server restart) must not take the process down; the
  // pool drops it and the next transaction gets a fresh one. Logged by the outage guard (once).
  pool.on('error', () => undefined);
  // Viewed times and quota counts: committed without waiting for the WAL flush (a crash of the
  // database server may lose the last moment's counts; every other transaction stays durable).
  const relaxed = new pg.Pool({ ...common, max: 2, options: `${settings} -c synchronous_commit=off` });
  relaxed.on('error', () => undefined);
  try {
    const schema = await migrate(pool, target.schema);
    const { rows } = await pool.query<{ key: number }>(`SELECT hashtext($1)::bigint AS key`, [
      `crmgen:retry:${schema}`,
    ]);
    return new PgStorage(pool, relaxed, rows[0]!.key, schema, timeouts);
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
  // The connection lost meanwhile fails the migration's statement (and the start), nothing else.
  const onError = () => undefined;
  client.on('error', onError);
  try {
    await client.query('BEGIN');
    try {
      // Migrations (a backfill of many rows) are not bound by the calls' statement timeout.
      await client.query('SET LOCAL statement_timeout = 0');
      let name = schema;
      if (name === undefined) {
        const { rows } = await client.query<{ s: string | null }>('SELECT current_schema() AS s');
        name = rows[0]?.s ?? undefined;
        if (!name) throw new Error('no schema of the search_path exists; name one with ?schema=NAME');
      }
      // Instances starting together queue here; the first migrates, the others find it done.
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`crmgen:migrate:${name}`]);
      if (schema !== undefined) await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
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
      if (start < PG_MIGRATIONS.length)
        await client.query('UPDATE schema_version SET version = $1', [PG_MIGRATIONS.length]);
      await client.query('COMMIT');
      return name;
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    }
  } finally {
    client.removeListener('error', onError);
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
type Compact = (
  table: 'record_counts' | 'owner_counts',
  accountId: number,
  kind: string,
  value: boolean | number,
) => void;

/** SQLSTATEs after which a transaction is run again: serialization failure, deadlock. */
const RETRY = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 30;

/** A probe (a first attempt reading outside any transaction) reached a write or its end without asking for order locks. */
class ProbeEnded extends Error {
  constructor() {
    super('storage: the transaction runs again, in a transaction');
  }
}

/** Thrown by Tx.lockOrder for locks the transaction does not hold: it runs again, taking them before BEGIN. */
class OrderLocksNeeded extends Error {
  constructor(readonly keys: bigint[]) {
    super('storage: the transaction runs again holding its order locks');
  }
}

const byKey = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);
const codeOf = (e: unknown): string => String((e as { code?: unknown } | null)?.code ?? '');

const SERIALIZABLE = 'BEGIN ISOLATION LEVEL SERIALIZABLE';
/**
 * An order batch's BEGIN. Its statements look rows up by id or parent; a generic plan (made once
 * per connection) spares planning the larger ones (a move's) at every run.
 */
const BATCH_BEGIN = `${SERIALIZABLE}; SET LOCAL plan_cache_mode = force_generic_plan`;
/**
 * Transactions in one batch at most. Each that writes takes a subtransaction id; PostgreSQL keeps
 * 64 of them per transaction in shared memory before every snapshot has to look further.
 */
const GROUP_MAX = 32;

/** A write transaction waiting to run in the batch of its order keys. */
interface OrderJob {
  fn: (tx: Tx) => Promise<unknown>;
  /** Sorted. */
  keys: bigint[];
  ok: (v: unknown) => void;
  fail: (e: unknown) => void;
  /** When the call's statement timeout runs out (ms since the epoch). */
  deadline: number;
  /** Adds the time it took to the call's budget. */
  done: () => void;
  /** Attempts so far. */
  runs: number;
}

/** Transactions that run one after another in one database transaction holding the order locks `keys`. */
class OrderBatch {
  readonly held: Set<bigint>;
  readonly queue: OrderJob[] = [];
  /** Jobs it took in so far. */
  size = 0;
  /** Whether a job arriving now may join it (until it commits). */
  accepting = true;
  constructor(readonly keys: bigint[]) {
    this.held = new Set(keys);
  }
}

/** What a gather round (PgStorage.gather) uses of the batch transaction it runs in (PgStorage.runLocked). */
interface BatchRun {
  client: pg.PoolClient;
  /** The round's transactions neither done nor failed when it threw: they fail or run again with the batch. */
  pending: OrderJob[];
  /** Fails the job if its deadline passed. */
  expired(job: OrderJob): boolean;
  tx(job: OrderJob, state: TxState): PgTx;
  finished(job: OrderJob, tx: PgTx, value: unknown): void;
  /** Rolls everything back and begins again; the transactions done so far, then `others`, wait in the queue. */
  undo(deadline: number, others: OrderJob[]): Promise<void>;
  /** The job failed: alone, or (it wrote) undone with everything, `others` queued again. Throws an outage or serialization failure. */
  failed(job: OrderJob, tx: PgTx, e: unknown, others: OrderJob[]): Promise<void>;
  broken(): boolean;
}

/** What a member of a gather round sends in order_batch (migration 10). */
type Collected = { op: 'move'; place: GuessedPlace } | { op: 'create'; values: unknown[] };

/** PLACE_GUESSED's row (and order_batch's for a move). */
interface GuessedRow {
  ofSegment: number;
  position: number | null;
  stored: number;
  fields: Record<string, unknown> | string | null;
}

/** Thrown into the members of a gather round that is called off (they run again, or fail with the batch). */
class RoundCalledOff extends Error {
  constructor() {
    super('storage: the transaction runs again');
  }
}

/** One transaction of a gather round. */
interface Member {
  job: OrderJob;
  tx: PgTx;
  state: TxState;
  /** Running its body; parked at a statement (resume lets it go on); or its body settled. */
  phase: 'running' | 'parked' | 'settled';
  /** Settles when it stops running: parked, or settled. Renewed each time it runs again. */
  stopped: Promise<void>;
  stop: () => void;
  resume?: (row: unknown) => void;
  abort?: (e: unknown) => void;
  /** The statement it parked with, to be sent in order_batch. */
  collected?: Collected;
  /** The statement it parked at. */
  sql?: string;
  outcome?: { value: unknown } | { error: unknown };
}

/**
 * The transactions of a batch run together up to their first statement of the parent's chain
 * (PgStorage.gather): each then waits here, parked, and the storage decides when it goes on.
 */
class Round {
  /** Until order_batch is sent: a move's or create's statement is collected for it. */
  gathering = true;
  readonly members: Member[] = [];
  private readonly byTx = new Map<PgTx, Member>();
  private calledOff = false;
  /** The record kinds moves may go to (the spec's, the same for every call): order_batch takes one list. */
  targets: string[] | undefined;

  start(job: OrderJob, tx: PgTx, state: TxState, body: () => Promise<unknown>): void {
    const m = { job, tx, state, phase: 'running' } as Member;
    m.stopped = new Promise((ok) => (m.stop = ok));
    this.members.push(m);
    this.byTx.set(tx, m);
    void body()
      .then(
        (value) => (m.outcome = { value }),
        (error: unknown) => ((state.active = false), (m.outcome = { error })),
      )
      .finally(() => {
        m.phase = 'settled';
        m.stop();
      });
  }

  /** Whether order_batch can take the statement (one list of move targets for all). */
  takes(c: Collected): boolean {
    if (!this.gathering) return false;
    if (c.op === 'create') return true;
    this.targets ??= c.place.kinds;
    return this.targets.join('\0') === c.place.kinds.join('\0');
  }

  /** The member parks until resumed; resolves with its order_batch row when it collected a statement. */
  park(tx: PgTx, collected: Collected | undefined, sql: string): Promise<unknown> {
    const m = this.byTx.get(tx)!;
    if (this.calledOff) return Promise.reject(new RoundCalledOff());
    return new Promise((ok, fail) => {
      m.phase = 'parked';
      m.collected = collected;
      m.sql = sql;
      m.resume = ok;
      m.abort = fail;
      m.stop();
    });
  }

  /** Lets a parked member go on; resolves when it stops again (parked anew, or settled). */
  run(m: Member, row?: unknown): Promise<void> {
    return this.wake(m, (resume) => resume(row));
  }

  private wake(m: Member, how: (resume: (row: unknown) => void, abort: (e: unknown) => void) => void): Promise<void> {
    const { resume, abort } = m;
    m.phase = 'running';
    m.resume = m.abort = m.collected = undefined;
    m.stopped = new Promise((ok) => (m.stop = ok));
    how(resume!, abort!);
    return m.stopped;
  }

  /** Resolves when no member runs. */
  async quiet(): Promise<void> {
    while (this.members.some((m) => m.phase === 'running')) await Promise.all(this.members.map((m) => m.stopped));
  }

  /** Ends the bodies still going: they send nothing more; waits until every one settled. */
  async callOff(): Promise<void> {
    this.calledOff = true;
    for (const m of this.members) m.state.active = false;
    while (this.members.some((m) => m.phase !== 'settled')) {
      for (const m of this.members)
        if (m.phase === 'parked') void this.wake(m, (_, abort) => abort(new RoundCalledOff()));
      await Promise.all(this.members.map((m) => m.stopped));
    }
  }
}

/**
 * This process's queue per order key: of its transactions on one parent, only the first waits for
 * (and holds) the advisory lock and a pooled connection; the others wait here with neither.
 */
class LocalLocks {
  private readonly tails = new Map<bigint, Promise<void>>();

  /** Waits for every key (sorted, so two callers never wait for each other); returns the release. */
  async acquire(keys: bigint[]): Promise<() => void> {
    const releases: (() => void)[] = [];
    try {
      for (const key of keys) {
        const before = this.tails.get(key);
        let release!: () => void;
        const mine = new Promise<void>((ok) => (release = ok));
        const tail = before ? before.then(() => mine) : mine;
        this.tails.set(key, tail);
        releases.push(() => {
          release();
          if (this.tails.get(key) === tail) this.tails.delete(key);
        });
        await before;
      }
    } catch (e) {
      for (const r of releases) r();
      throw e;
    }
    return () => {
      for (const r of releases) r();
    };
  }
}
const isDefined = <T>(v: T | undefined): v is T => v !== undefined;
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
    /** The schema's name: order lock keys are derived from it and a parent's id. */
    private readonly schema: string,
    private readonly timeouts: Timeouts,
  ) {
    this.viewed = new DeferredWrites(
      async (times) => {
        if (!times.length) return;
        await this.query(
          this.relaxed,
          'UPDATE records SET viewed = v.at FROM unnest($1::bigint[], $2::bigint[]) AS v(id, at) WHERE records.id = v.id',
          [times.map((t) => t[0]), times.map((t) => t[1])],
        );
      },
      unlessOutage(pgCondition, 'storing viewed times'),
    );
  }

  transaction<T>(fn: (tx: Tx) => Promise<T>, opts?: TransactionOptions): Promise<T> {
    // SERIALIZABLE: a handler that reads, then writes (positions, moves, an edit of a record)
    // commits only if running the transactions one after another would give the same result;
    // otherwise it is run again. No lock is shared by unrelated requests.
    // Its order locks guessed: straight into the batch holding them (lockOrder checks the guess).
    const hint = opts?.ordersFirst ? opts.orderHint?.filter(isId) : undefined;
    if (hint?.length) return this.track(() => this.ordered(fn, hint.map(this.orderKey), 0));
    return this.track(() => this.run(SERIALIZABLE, fn, MAX_ATTEMPTS, opts?.ordersFirst));
  }

  read<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.track(() => this.run('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', fn, 1));
  }

  private committedWrites = 0;
  /** Transactions committed that changed rows: after a full disk, tells a write that worked from a read. */
  writes(): number {
    return this.committedWrites;
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

  private async run<T>(begin: string, fn: (tx: Tx) => Promise<T>, attempts: number, probe = false): Promise<T> {
    let failed = false;
    for (let attempt = 1; ; attempt++) {
      try {
        // Only write transactions (attempts > 1) order anything. A probe reads without BEGIN
        // (nor ROLLBACK) to learn the order locks fn asks for first.
        return await this.once(probe ? undefined : begin, fn, failed, attempts > 1);
      } catch (e) {
        // It orders a parent's activities: it runs again in that parent's batch.
        if (e instanceof OrderLocksNeeded) return this.ordered(fn, e.keys, attempt);
        // Whatever else a probe found (reads of several snapshots) a transaction decides.
        if (probe && !pgCondition(e)) {
          probe = false;
          continue;
        }
        if (attempt >= attempts || !RETRY.has(codeOf(e))) throw e;
        failed = true;
      }
    }
  }

  private readonly local = new LocalLocks();
  /** The order lock of one parent: a 64-bit hash of the schema and the parent's id (ids are unique per schema). */
  private readonly orderKey = (parentId: number): bigint =>
    BigInt.asIntN(
      64,
      BigInt(`0x${createHash('sha1').update(`crmgen:order:${this.schema}:${parentId}`).digest('hex').slice(0, 16)}`),
    );

  /** One database operation's deadline: the statement timeout, less what the call's earlier ones took. */
  private span(): { deadline: number; done(): void } {
    const started = Date.now();
    const budget = callBudget();
    return {
      deadline: started + this.timeouts.statement - (budget?.spentMs ?? 0),
      done: () => {
        if (budget) budget.spentMs += Date.now() - started;
      },
    };
  }

  /**
   * One attempt of a transaction holding no order lock. A retry first takes the schema's retry
   * lock (session-level, before BEGIN, so its snapshot is taken after the wait): transactions that
   * collided on one hot spot then run one after another instead of colliding again; first
   * attempts never wait for it.
   */
  private async once<T>(
    begin: string | undefined,
    fn: (tx: Tx) => Promise<T>,
    retry: boolean,
    writes: boolean,
  ): Promise<T> {
    const span = this.span();
    try {
      return await this.attempt(begin, fn, retry, writes, span.deadline);
    } finally {
      span.done();
    }
  }

  private async attempt<T>(
    begin: string | undefined,
    fn: (tx: Tx) => Promise<T>,
    retry: boolean,
    writes: boolean,
    deadline: number,
  ): Promise<T> {
    let client: pg.PoolClient | undefined;
    const state: TxState = { active: true };
    let broken: Error | undefined;
    // A connection that dies while checked out emits 'error' (unheard, it would end the process).
    const onError = (e: Error) => (broken ??= e);
    // Taken at the first statement: a body that first asks for order locks costs no connection.
    const connect = async () => {
      const c = await this.acquire(this.pool, deadline);
      c.on('error', onError);
      return (client = c);
    };
    let locked = false;
    const tx = new PgTx(
      connect,
      state,
      this.viewed,
      this.compactCounts,
      deadline,
      begin,
      writes ? { held: new Set(), keyOf: this.orderKey } : undefined,
    );
    tx.probe = begin === undefined;
    const q = (c: pg.PoolClient, text: string) => c.query(timed({ text, query_timeout: left(deadline) }));
    try {
      if (retry) {
        // One round trip: the session lock in an implicit transaction of its own (ended by
        // COMMIT), then BEGIN, whose snapshot follows the wait.
        locked = true;
        await q(await tx.connection(), `SELECT pg_advisory_lock('${this.retryKey}'::bigint); COMMIT; ${begin}`);
        tx.begun = true;
      }
      const value = await this.bodies.run(fn, tx);
      state.active = false;
      tx.rethrow();
      if (begin === undefined) throw new ProbeEnded(); // it asked for no order lock: it runs again, in a transaction
      // Released once committed (the next holder's snapshot shows this transaction), in the same round trip.
      if (tx.begun) await q(client!, locked ? 'COMMIT; SELECT pg_advisory_unlock_all()' : 'COMMIT');
      locked = false;
      if (tx.wrote) this.committedWrites++;
      return value;
    } catch (e) {
      state.active = false;
      // A lost or timed-out connection is not asked anything more (a timed-out statement may
      // still be running on it): destroyed, the server rolls its transaction back and ends its locks.
      if (pgCondition(e) === 'unreachable') broken ??= e as Error;
      if (!broken && tx.begun && client) {
        try {
          await client.query(timed({ text: 'ROLLBACK', query_timeout: this.timeouts.statement }));
        } catch (r) {
          broken = r as Error; // the connection is unusable: drop it from the pool
        }
      }
      throw e;
    } finally {
      await tx.connected();
      if (client) {
        if (locked && !broken) {
          const unlock = timed({ text: 'SELECT pg_advisory_unlock_all()', query_timeout: this.timeouts.statement });
          await client.query(unlock).catch((e: Error) => (broken = e));
        }
        client.removeListener('error', onError);
        client.release(broken);
      }
    }
  }

  /** The batch open for each order key: the one a transaction needing only keys it holds joins. */
  private readonly batches = new Map<bigint, OrderBatch>();

  /** Runs fn in a batch holding the order locks `keys`, after `runs` attempts without them. */
  private ordered<T>(fn: (tx: Tx) => Promise<T>, keys: bigint[], runs: number): Promise<T> {
    const span = this.span();
    return new Promise<T>((ok, fail) =>
      this.enqueue({
        fn,
        keys: [...new Set(keys)].sort(byKey),
        ok: ok as (v: unknown) => void,
        fail,
        deadline: span.deadline,
        done: span.done,
        runs,
      }),
    );
  }

  private enqueue(job: OrderJob): void {
    const open = this.batches.get(job.keys[0]!);
    if (open?.accepting && open.size < GROUP_MAX && job.keys.every((k) => this.batches.get(k) === open)) {
      open.queue.push(job);
      open.size++;
      return;
    }
    const batch = new OrderBatch(job.keys);
    batch.queue.push(job);
    batch.size++;
    for (const k of job.keys) this.batches.set(k, batch);
    void this.runBatch(batch);
  }

  private closeBatch(batch: OrderBatch): void {
    batch.accepting = false;
    for (const k of batch.keys) if (this.batches.get(k) === batch) this.batches.delete(k);
  }

  /**
   * Group commit per parent. A batch waits for this process's earlier batches on its keys (holding
   * no connection; transactions arriving meanwhile join it), takes the advisory locks before
   * BEGIN, then runs its transactions one after another (one that fails having written, or whose
   * statement failed, is undone by a ROLLBACK and a new BEGIN under the same locks, the others run
   * again without it), and COMMITs them together: one lock, one BEGIN and one COMMIT (one
   * WAL flush) for all, each acknowledged only after that COMMIT. A serialization failure or
   * deadlock runs the whole batch again (taking the retry lock too); an outage fails every
   * transaction of the batch with it.
   */
  private async runBatch(batch: OrderBatch): Promise<void> {
    const release = await this.local.acquire(batch.keys);
    try {
      let retry = false;
      while (await this.runLocked(batch, retry)) retry = true;
    } catch (e) {
      for (const j of batch.queue.splice(0)) (j.done(), j.fail(e));
    } finally {
      this.closeBatch(batch);
      release();
      // Joined after its last look at the queue: they run in a batch of their own.
      for (const j of batch.queue.splice(0)) this.enqueue(j);
    }
  }

  /** One transaction of the batch; true when it failed to serialize and its jobs wait in the queue to run again. */
  private async runLocked(batch: OrderBatch, retry: boolean): Promise<boolean> {
    const deadline = Math.min(...batch.queue.map((j) => j.deadline));
    const client = await this.acquire(this.pool, deadline);
    let broken: Error | undefined;
    const onError = (e: Error) => (broken ??= e);
    client.on('error', onError);
    const done: [OrderJob, unknown][] = [];
    let wrote = false;
    let current: OrderJob | undefined;
    const q = (text: string, until: number) => client.query(timed({ text, query_timeout: left(until) }));
    const reads = new Map<string, Promise<unknown[]>>();
    const run: BatchRun = {
      client,
      pending: [],
      expired: (job) => {
        if (job.deadline - Date.now() >= 1) return false;
        job.done();
        job.fail(new Error('timeout expired waiting for the order lock of a parent (statement timeout)'));
        return true;
      },
      // No savepoint per transaction (it would cost a round trip each in the parent's chain):
      // one that fails having written nothing leaves nothing to undo.
      tx: (job, state) =>
        new PgTx(
          async () => client,
          state,
          this.viewed,
          this.compactCounts,
          job.deadline,
          undefined,
          { held: batch.held, keyOf: this.orderKey },
          reads,
        ),
      finished: (job, tx, value) => {
        wrote ||= tx.wrote;
        done.push([job, value]);
      },
      undo: async (deadline, others) => {
        // Everything is rolled back (the order locks stay held: session locks) and the
        // transactions that ran before run again, in a new transaction, with `others`.
        await q(`ROLLBACK; ${BATCH_BEGIN}`, deadline);
        reads.clear();
        wrote = false;
        batch.queue.unshift(...done.splice(0).map(([j]) => j), ...others);
      },
      failed: async (job, tx, e, others) => {
        if (broken || pgCondition(e) || RETRY.has(codeOf(e))) throw e;
        // It wrote, or a statement of it failed (the transaction is aborted): undone with the others.
        if (tx.dirty) await run.undo(job.deadline, others);
        if (e instanceof OrderLocksNeeded && job.runs < MAX_ATTEMPTS) {
          // Its parents changed since it asked: it runs again in a batch holding them all.
          job.runs++;
          job.keys = [...new Set([...job.keys, ...e.keys])].sort(byKey);
          this.enqueue(job);
        } else (job.done(), job.fail(e));
      },
      broken: () => broken !== undefined,
    };
    try {
      // One round trip: the session locks (sorted, the retry lock first: no two batches wait for
      // each other) in an implicit transaction ended by COMMIT, then BEGIN, whose snapshot follows
      // the waits.
      const locks = [...(retry ? [BigInt(this.retryKey)] : []), ...batch.keys];
      await q(
        `${locks.map((k) => `SELECT pg_advisory_lock('${k}'::bigint); `).join('')}COMMIT; ${BATCH_BEGIN}`,
        deadline,
      );
      if (this.gatherPause > 0) this.gatherPause--;
      let gather = this.gatherPause === 0;
      while (batch.queue.length) {
        if (gather && batch.queue.length > 1) {
          gather = await this.gather(batch.queue.splice(0), run);
          continue;
        }
        const job = (current = batch.queue.shift()!);
        if (run.expired(job)) {
          current = undefined;
          continue;
        }
        const state: TxState = { active: true };
        const tx = run.tx(job, state);
        try {
          const value = await this.bodies.run(job.fn, tx);
          state.active = false;
          tx.rethrow();
          run.finished(job, tx, value);
        } catch (e) {
          state.active = false;
          await run.failed(job, tx, e, []);
        }
        current = undefined;
      }
      // Jobs arriving from now on wait for the next batch, whose snapshot will show this one.
      this.closeBatch(batch);
      await q(`${done.length ? 'COMMIT' : 'ROLLBACK'}; SELECT pg_advisory_unlock_all()`, deadline);
      if (done.length && wrote) this.committedWrites++;
      for (const [j, value] of done) (j.done(), j.ok(value));
      return false;
    } catch (e) {
      if (pgCondition(e) === 'unreachable') broken ??= e as Error;
      if (!broken) {
        await client
          .query(timed({ text: 'ROLLBACK; SELECT pg_advisory_unlock_all()', query_timeout: this.timeouts.statement }))
          .catch((r: Error) => (broken = r));
      }
      const all = [...done.map(([j]) => j), ...(current ? [current] : []), ...run.pending];
      if (RETRY.has(codeOf(e)) && !broken) {
        const again = all.filter((j) => j.runs++ < MAX_ATTEMPTS);
        for (const j of all) if (!again.includes(j)) (j.done(), j.fail(e));
        // Before those that joined meanwhile.
        batch.queue.unshift(...again);
        return batch.queue.length > 0;
      }
      // Nothing of the batch is acknowledged: every transaction in it fails with the error.
      for (const j of [...all, ...batch.queue.splice(0)]) (j.done(), j.fail(e));
      return false;
    } finally {
      client.removeListener('error', onError);
      client.release(broken);
    }
  }

  /** Batches left to run without gather rounds, after a round had to be run again one at a time. */
  private gatherPause = 0;

  /**
   * A gather round (migration 10): the batch's queued transactions run together until each parks
   * at its first statement that is not a stable read, or ends. The parked moves (PLACE_GUESSED)
   * and creates placed last (INSERT_LAST) are applied together, in queue order (orderBatch): one
   * or two round trips for all of them instead of one each in the parent's chain. Then, in queue order,
   * each goes on with its own row. Those that wrote nothing there (a wrong guess) and those parked
   * at another statement run after them, one after another. So the batch is still one serial
   * order: the collected ones in queue order, then the others. One that fails having written is
   * undone with everything (the others run again without it, as without a round). A collected
   * one that wrote and then needs another statement while a later one wrote too would break that
   * order: the round is undone and runs again one at a time (and rounds pause for a while).
   * Returns whether the batch may go on gathering.
   */
  private async gather(jobs: OrderJob[], run: BatchRun): Promise<boolean> {
    const round = new Round();
    for (const job of jobs) {
      if (run.expired(job)) continue;
      const state: TxState = { active: true };
      const tx = run.tx(job, state);
      tx.gate = round;
      round.start(job, tx, state, async () => {
        const value = await this.bodies.run(job.fn, tx);
        state.active = false;
        tx.rethrow();
        return value;
      });
    }
    // Members neither done nor failed yet, in queue order.
    const left = new Set(round.members);
    const others = (but?: Member) => round.members.filter((m) => left.has(m) && m !== but).map((m) => m.job);
    /** Takes a settled member's outcome; false when the round was undone (its others wait in the queue). */
    const settle = async (m: Member): Promise<boolean> => {
      const o = m.outcome!;
      if ('value' in o) {
        run.finished(m.job, m.tx, o.value);
        left.delete(m);
        return true;
      }
      if (!m.tx.dirty) {
        await run.failed(m.job, m.tx, o.error, []);
        left.delete(m);
        return true;
      }
      await round.callOff();
      await run.failed(m.job, m.tx, o.error, others(m));
      left.clear();
      return false;
    };
    /** Undoes the round: every member runs again one at a time. */
    const oneAtATime = async (deadline: number): Promise<false> => {
      await round.callOff();
      await run.undo(deadline, others());
      left.clear();
      this.gatherPause = GATHER_PAUSE;
      return false;
    };
    try {
      await round.quiet();
      round.gathering = false;
      // A stable read that failed aborted the transaction: nothing more is sent in it.
      const aborted = round.members.find((m) => m.phase === 'settled' && m.tx.dirty);
      if (aborted) return await settle(aborted);
      const collected = round.members.filter((m) => m.collected);
      let rows: unknown[] = [];
      if (collected.length) {
        const until = Math.min(...collected.map((m) => m.job.deadline));
        try {
          rows = await this.orderBatch(run.client, collected, round.targets ?? [], until);
        } catch (e) {
          if (run.broken() || pgCondition(e) || RETRY.has(codeOf(e))) throw e;
          // One of them failed, and the error does not tell which: one at a time, it fails alone.
          return await oneAtATime(until);
        }
      }
      const wrote = collected.map((m, i) => m.collected!.op === 'create' || (rows[i] as GuessedRow).position !== null);
      const lastWriter = collected[wrote.lastIndexOf(true)];
      const later: Member[] = [];
      for (const m of round.members) {
        const i = collected.indexOf(m);
        if (i >= 0) {
          await round.run(m, rows[i]);
          // It wrote nothing: as if it ran after the collected ones.
          if (m.phase === 'parked' && !wrote[i]) {
            later.push(m);
            continue;
          }
          while (m.phase === 'parked') {
            // A statement on what order_batch touched would see the writes of later ones (the
            // reads of a webhook's content, say); others (report owners, deliveries) commute.
            if (m !== lastWriter && TOUCHED_BY_ORDER_BATCH.test(m.sql!)) return await oneAtATime(m.job.deadline);
            await round.run(m);
          }
        } else if (m.phase === 'parked') {
          later.push(m);
          continue;
        }
        if (!(await settle(m))) return true;
      }
      for (const m of later) {
        m.tx.gate = undefined;
        await round.run(m);
        if (!(await settle(m))) return true;
      }
      return true;
    } catch (e) {
      await round.callOff();
      run.pending = others();
      throw e;
    }
  }

  /**
   * The collected statements of a round, as if run one after another: one row per member, in
   * their order. Moves only, or creates only, are applied here (placeMoves, placeCreates); a round
   * with both, or one placeMoves leaves, goes to order_batch.
   */
  private async orderBatch(
    client: pg.PoolClient,
    members: Member[],
    targets: string[],
    deadline: number,
  ): Promise<unknown[]> {
    const moves = members.map((m) => (m.collected!.op === 'move' ? m.collected!.place : undefined));
    if (moves.every(isDefined)) {
      const placed = await placeMoves(client, moves, targets, deadline);
      if (placed) return placed;
    } else if (!moves.some(isDefined))
      return placeCreates(
        client,
        members.map((m) => (m.collected as { values: unknown[] }).values),
        deadline,
      );
    const of = (f: (p: GuessedPlace) => unknown) => moves.map((p) => (p ? f(p) : null));
    // Text, as node-postgres would send each as a parameter; one row per member (a rectangular array).
    const creates = members.map((m) =>
      m.collected!.op === 'create' ? m.collected!.values.map(asText) : ACTIVITY_WRITE.slice(1).map(() => null),
    );
    const { rows } = await client.query<OrderBatchRow>(
      timed({
        name: statementName(ORDER_BATCH),
        text: ORDER_BATCH,
        values: [
          members.map((m) => m.collected!.op),
          of((p) => p.accountId),
          of((p) => p.id),
          of((p) => p.from),
          of((p) => p.segment),
          of((p) => p.kind),
          of((p) => p.to),
          of((p) => p.after ?? p.before ?? null),
          of((p) => p.after !== undefined),
          of((p) => p.updated),
          of((p) => p.modificatorId),
          of((p) => p.modificatorName),
          targets,
          creates,
        ],
        query_timeout: left(deadline),
      }),
    );
    if (rows.length !== members.length || rows.some((r, i) => r.n !== i + 1))
      throw new Error(`storage: order_batch answered ${rows.length} rows for ${members.length}`);
    return rows.map((r, i) =>
      moves[i]
        ? { ofSegment: r.ofSegment, position: r.position, stored: r.stored, fields: r.fields }
        : { id: r.id, all: r.all, ofSegment: r.ofSegment, last: r.last },
    );
  }

  /**
   * A pooled connection within the acquire timeout (and the call's deadline); one that comes
   * later goes back to the pool. pg-pool's own wait ends at the connect timeout.
   */
  private async acquire(pool: pg.Pool, deadline: number): Promise<pg.PoolClient> {
    const wait = Math.min(this.timeouts.acquire, left(deadline));
    const pending = pool.connect();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, fail) => {
      const what =
        wait < this.timeouts.acquire ? "what was left of the call's statement timeout" : 'the acquire timeout';
      const e = new Error(
        `timeout exceeded when trying to connect (no database connection within ${wait} ms, ${what})`,
      );
      timer = setTimeout(() => fail(e), wait);
    });
    try {
      return await Promise.race([pending, late]);
    } catch (e) {
      pending.then(
        (c) => c.release(),
        () => undefined,
      );
      throw e;
    } finally {
      clearTimeout(timer);
    }
  }

  /** One statement on a connection of its own, within the statement timeout (acquiring included). */
  private async query<R extends object>(
    pool: pg.Pool,
    text: string,
    values: unknown[],
    name?: string,
  ): Promise<pg.QueryResult<R>> {
    const span = this.span();
    try {
      return await this.queryBy(pool, text, values, name, span.deadline);
    } finally {
      span.done();
    }
  }

  private async queryBy<R extends object>(
    pool: pg.Pool,
    text: string,
    values: unknown[],
    name: string | undefined,
    deadline: number,
  ): Promise<pg.QueryResult<R>> {
    const client = await this.acquire(pool, deadline);
    let broken: Error | undefined;
    const onError = (e: Error) => (broken ??= e);
    client.on('error', onError);
    try {
      return await client.query<R>(timed({ text, values, query_timeout: left(deadline), ...(name ? { name } : {}) }));
    } catch (e) {
      if (pgCondition(e) === 'unreachable') broken ??= e as Error;
      throw e;
    } finally {
      client.removeListener('error', onError);
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
    // +1 / -1 is summed exactly once. Not the reading call's work: apart from its budget.
    void apartFromCalls(() =>
      this.query(
        this.relaxed,
        `WITH gone AS (DELETE FROM ${table} WHERE account_id = $1 AND kind = $2 AND ${column} = $3 RETURNING n)
         INSERT INTO ${table} (account_id, kind, ${column}, n) SELECT $1, $2, $3, sum(n) FROM gone HAVING count(*) > 0`,
        [accountId, kind, value],
      ),
    )
      .catch(unlessOutage(pgCondition, 'folding record counts'))
      .finally(() => this.compacting.delete(key));
  };

  /** Quota counts waiting for the statement on its way to end (countCalls). */
  private counts: CountJob[] = [];
  private counting = false;

  countCalls(userId: number, windowStart: number, n: number): Promise<number> {
    // One row per user and window, added to atomically: exact across instances, and only the
    // same user's calls touch the row. Counts arriving while one statement is on its way go
    // together in the next: one round trip for many calls, each told its own running total.
    const { deadline, done } = this.span();
    return new Promise<number>((ok, fail) => {
      const settle =
        <V>(then: (v: V) => void) =>
        (v: V) => (done(), then(v));
      this.counts.push({ userId, windowStart, n, deadline, ok: settle(ok), fail: settle(fail) });
      if (!this.counting) void this.countAll();
    });
  }

  private async countAll(): Promise<void> {
    this.counting = true;
    try {
      while (this.counts.length) {
        const jobs = this.counts.splice(0);
        const rows = new Map<string, CountJob[]>();
        for (const j of jobs) {
          const key = `${j.userId}:${j.windowStart}`;
          rows.set(key, [...(rows.get(key) ?? []), j]);
        }
        const each = [...rows.values()];
        try {
          const { rows: totals } = await this.queryBy<{ userId: number; windowStart: number; calls: number }>(
            this.relaxed,
            COUNT_CALLS,
            [
              each.map((g) => g[0]!.userId),
              each.map((g) => g[0]!.windowStart),
              each.map((g) => g.reduce((sum, j) => sum + j.n, 0)),
            ],
            statementName(COUNT_CALLS),
            Math.min(...jobs.map((j) => j.deadline)),
          );
          for (const row of totals) {
            const group = rows.get(`${row.userId}:${row.windowStart}`)!;
            // In the order they came: each is told the total as of its own count.
            let total = row.calls - group.reduce((sum, j) => sum + j.n, 0);
            for (const j of group) j.ok((total += j.n));
          }
        } catch (e) {
          for (const j of jobs) j.fail(e);
        }
      }
    } finally {
      this.counting = false;
    }
  }

  flushViewed(): Promise<void> {
    return this.viewed.flush();
  }

  async findUserByEmail(email: string): Promise<UserRow | undefined> {
    if (this.closing) throw new Error('storage is closed');
    // One round trip (a transaction costs BEGIN and COMMIT besides); a named statement, planned once per connection.
    const { rows } = await this.query<UserRow>(this.pool, FIND_USER, [email], statementName(FIND_USER));
    return rows[0];
  }

  /** Version checks waiting for the statement on its way to end (principalsVersion). */
  private versionChecks: VersionJob[] = [];
  private checking = false;

  principalsVersion(accountId: number): Promise<number> {
    if (this.closing) return Promise.reject(new Error('storage is closed'));
    // Every call checks its login (one statement each). Checks arriving while one statement is on
    // its way go together in the next: each is answered by a statement sent after it asked, so
    // it sees every change committed before (as a statement of its own would).
    const { deadline, done } = this.span();
    return new Promise<number>((ok, fail) => {
      const settle =
        <V>(then: (v: V) => void) =>
        (v: V) => (done(), then(v));
      this.versionChecks.push({ accountId, deadline, ok: settle(ok), fail: settle(fail) });
      if (!this.checking) void this.checkVersions();
    });
  }

  private async checkVersions(): Promise<void> {
    this.checking = true;
    try {
      while (this.versionChecks.length) {
        const jobs = this.versionChecks.splice(0);
        try {
          const accounts = [...new Set(jobs.map((j) => j.accountId))];
          const { rows } = await this.queryBy<{ a: number; v: number }>(
            this.pool,
            PRINCIPALS_VERSIONS,
            [accounts],
            statementName(PRINCIPALS_VERSIONS),
            Math.min(...jobs.map((j) => j.deadline)),
          );
          const version = new Map(rows.map((r) => [Number(r.a), Number(r.v)]));
          for (const j of jobs) j.ok(version.get(j.accountId) ?? 0);
        } catch (e) {
          for (const j of jobs) j.fail(e);
        }
      }
    } finally {
      this.checking = false;
    }
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
/** Adds to the quota rows, one per user and window given (no two alike); returns their totals. */
const COUNT_CALLS = `INSERT INTO api_calls (user_id, window_start, calls)
  SELECT u, w, n FROM unnest($1::bigint[], $2::bigint[], $3::bigint[]) AS c(u, w, n)
  ON CONFLICT (user_id, window_start) DO UPDATE SET calls = api_calls.calls + excluded.calls
  RETURNING user_id AS "userId", window_start AS "windowStart", calls`;

/** A call's quota count waiting to be added (PgStorage.countCalls). */
interface CountJob {
  userId: number;
  windowStart: number;
  n: number;
  deadline: number;
  ok: (total: number) => void;
  fail: (e: unknown) => void;
}
/** Milliseconds to a deadline, at least 1 (0 would mean no timeout to node-postgres). */
const left = (deadline: number) => Math.max(1, deadline - Date.now());
/** A query with node-postgres's per-query client-side timeout (missing from its type declarations). */
type Timed = pg.QueryConfig & { query_timeout: number };
const timed = (c: Timed): pg.QueryConfig => c;
/** The principal versions of several accounts (an account without a row has version 0). */
const PRINCIPALS_VERSIONS =
  'SELECT account_id AS a, version AS v FROM principal_versions WHERE account_id = ANY($1::bigint[])';

/** A login's version check waiting to be sent (PgStorage.principalsVersion). */
interface VersionJob {
  accountId: number;
  deadline: number;
  ok: (version: number) => void;
  fail: (e: unknown) => void;
}
const POSITION = ACTIVITY_WRITE.indexOf('position');
/** Where the position is among ACTIVITY_UPDATE's parameters. */
const UPDATE_POSITION = ACTIVITY_UPDATE.slice(0, ACTIVITY_UPDATE.indexOf('position = ?')).split('?').length - 1;
const INSERT_LAST = pgDialect.sql(`WITH c AS (
    SELECT count(*) AS n, count(CASE WHEN segment = ? THEN 1 END) AS s, coalesce(max(position), 0) AS l
    FROM activities WHERE account_id = ? AND parent_id = ? AND deleted IS NULL),
  item AS (INSERT INTO items (type) VALUES ('activity') RETURNING id)
  INSERT INTO activities (id, ${ACTIVITY_WRITE.join(', ')})
  SELECT item.id, ${ACTIVITY_WRITE.map((col) => (col === 'position' ? 'c.n + 1' : '?')).join(', ')} FROM item, c
  RETURNING id, (SELECT n FROM c) AS "all", (SELECT s FROM c) AS "ofSegment", (SELECT l FROM c) AS "last"`);
/**
 * PgTx.placeActivity in one statement (one snapshot, under the parents' order locks): the target's
 * live siblings numbered in their order, the row's place among them (none when the anchor is not
 * there, and then nothing is written), the siblings shifted, the row stored with its report
 * owners, the old parent's gap closed and the subtree carried. No row is written twice: the
 * siblings exclude the row, the old parent's children are not the target's, the subtree lies
 * under the row (and is walked only for a move).
 */
const PLACE = pgDialect.sql(`WITH RECURSIVE
  sib AS (SELECT id, segment, row_number() OVER (ORDER BY position, id) AS r FROM activities
    WHERE account_id = ? AND parent_id = ? AND deleted IS NULL AND id <> ?),
  counts AS (SELECT count(*) AS n, count(CASE WHEN segment = ? THEN 1 END) AS s FROM sib),
  spot AS (SELECT CASE WHEN a.anchor_id IS NULL THEN (SELECT n FROM counts) + 1 WHEN a.is_after THEN sib.r + 1 ELSE sib.r END AS p
    FROM (SELECT ?::bigint AS anchor_id, ?::boolean AS is_after) a LEFT JOIN sib ON sib.id = a.anchor_id
    WHERE a.anchor_id IS NULL OR sib.id IS NOT NULL),
  shift AS (UPDATE activities SET position = v.p
    FROM (SELECT sib.id, sib.r + CASE WHEN sib.r >= spot.p THEN 1 ELSE 0 END AS p FROM sib, spot) v
    WHERE activities.id = v.id AND activities.position <> v.p),
  u AS (${ACTIVITY_UPDATE.replace('position = ?', 'position = (SELECT p FROM spot)')} AND EXISTS (SELECT FROM spot) RETURNING id),
  gone AS (DELETE FROM report_owners WHERE activity_id IN (SELECT id FROM u) AND owner_id <> ALL(?::bigint[])),
  kept AS (INSERT INTO report_owners (activity_id, owner_id, report_date) SELECT u.id, o, ? FROM u, unnest(?::bigint[]) AS o
    ON CONFLICT (activity_id, owner_id) DO UPDATE SET report_date = excluded.report_date),
  gaps AS (UPDATE activities SET position = g.r
    FROM (SELECT id, row_number() OVER (ORDER BY position, id) AS r FROM activities
          WHERE account_id = ? AND parent_id = ? AND deleted IS NULL AND id <> ?) g
    WHERE activities.id = g.id AND activities.position <> g.r AND EXISTS (SELECT FROM u)),
  tree(id) AS (SELECT id FROM activities WHERE account_id = ? AND parent_id = ? AND ?::bigint IS NOT NULL
    UNION ALL SELECT c.id FROM activities c JOIN tree ON c.parent_id = tree.id WHERE c.account_id = ?),
  down AS (UPDATE activities SET record_id = ?, level = activities.level + ?::bigint
    FROM tree WHERE activities.id = tree.id AND EXISTS (SELECT FROM u))
  SELECT n AS "all", s AS "ofSegment", (SELECT p FROM spot) AS position, (SELECT count(*) FROM u) AS stored FROM counts`);
/**
 * PgTx.placeGuessed: PLACE for a move or reorder that changes nothing but the place, with the
 * handler's reads folded in (the row where the caller guessed it, its record of the path's kind, a
 * move's target record), so the call is one round trip in the parent's chain. Any of them not so:
 * no spot, and nothing is written. Only the place, level, record and modification columns change
 * (fields, and so report owners, search text and report date, stay).
 * $1 account, $2 id, $3 guessed parent, $4 segment, $5 kind, $6 target, $7 moving, $8 target
 * kinds, $9 anchor, $10 after, $11 updated, $12 modificator id, $13 modificator name.
 * placeMoves applies the same checks and steps to a round of moves, and PLACE_CREATES INSERT_LAST's
 * to a round of creates: a change here belongs there too (tests compare what each stores).
 */
const PLACE_GUESSED = pgDialect.sql(`WITH RECURSIVE
  a AS (SELECT a.id, a.level, a.fields FROM activities a JOIN records r ON r.id = a.record_id
    WHERE a.account_id = $1 AND a.id = $2 AND a.parent_id = $3 AND a.segment = $4 AND a.deleted IS NULL
      AND r.account_id = $1 AND r.deleted IS NULL AND r.kind = $5
      AND (NOT $7::boolean OR EXISTS (SELECT FROM records t
        WHERE t.id = $6 AND t.account_id = $1 AND t.deleted IS NULL AND t.kind = ANY($8::text[])))),
  sib AS (SELECT id, segment, row_number() OVER (ORDER BY position, id) AS r FROM activities
    WHERE account_id = $1 AND parent_id = $6::bigint AND deleted IS NULL AND id <> $2 AND EXISTS (SELECT FROM a)),
  counts AS (SELECT count(*) AS n, count(CASE WHEN segment = $4 THEN 1 END) AS s FROM sib),
  spot AS (SELECT CASE WHEN x.anchor_id IS NULL THEN (SELECT n FROM counts) + 1 WHEN x.is_after THEN sib.r + 1 ELSE sib.r END AS p
    FROM (SELECT $9::bigint AS anchor_id, $10::boolean AS is_after) x LEFT JOIN sib ON sib.id = x.anchor_id
    WHERE (x.anchor_id IS NULL OR sib.id IS NOT NULL) AND EXISTS (SELECT FROM a)),
  shift AS (UPDATE activities SET position = v.p
    FROM (SELECT sib.id, sib.r + CASE WHEN sib.r >= spot.p THEN 1 ELSE 0 END AS p FROM sib, spot) v
    WHERE activities.id = v.id AND activities.position <> v.p),
  u AS (UPDATE activities SET parent_id = $6::bigint,
      record_id = CASE WHEN $7::boolean THEN $6::bigint ELSE activities.record_id END,
      level = CASE WHEN $7::boolean THEN 1 ELSE activities.level END, position = (SELECT p FROM spot),
      updated = $11, modificator_id = $12, modificator_name = $13
    WHERE activities.id = $2 AND activities.account_id = $1 AND EXISTS (SELECT FROM spot) RETURNING id),
  gaps AS (UPDATE activities SET position = g.r
    FROM (SELECT id, row_number() OVER (ORDER BY position, id) AS r FROM activities
          WHERE account_id = $1 AND parent_id = $3 AND deleted IS NULL AND id <> $2) g
    WHERE $7::boolean AND activities.id = g.id AND activities.position <> g.r AND EXISTS (SELECT FROM u)),
  tree(id) AS (SELECT id FROM activities WHERE account_id = $1 AND parent_id = $2 AND $7::boolean
    UNION ALL SELECT c.id FROM activities c JOIN tree ON c.parent_id = tree.id WHERE c.account_id = $1),
  down AS (UPDATE activities SET record_id = $6::bigint, level = activities.level + 1 - (SELECT level FROM a)
    FROM tree WHERE activities.id = tree.id AND EXISTS (SELECT FROM u))
  SELECT s AS "ofSegment", (SELECT p FROM spot) AS position, (SELECT count(*) FROM u) AS stored,
    (SELECT fields FROM a) AS fields FROM counts`);
/**
 * placeMoves' read: the live children of the parents a round's moves leave or enter, and the moved
 * rows wherever they are (with their fields and whether anything lies under them), as JSON arrays;
 * the records those rows and the move targets name. Rows and records are looked up by id in an
 * array: a join there let a generic plan scan the whole table once ANALYZE had counted it.
 */
const PLACE_MOVES_READ = `SELECT
    (SELECT coalesce(json_agg(json_build_array(a.id, a.account_id, a.parent_id, a.segment, a.position,
        a.record_id, a.level, a.deleted IS NULL, CASE WHEN a.id = ANY($3::bigint[]) THEN a.fields END,
        a.id = ANY($3::bigint[]) AND EXISTS (SELECT FROM activities c WHERE c.account_id = a.account_id AND c.parent_id = a.id))), '[]')
      FROM activities a WHERE a.id = ANY(ARRAY(
        SELECT id FROM activities WHERE account_id = ANY($1::bigint[]) AND parent_id = ANY($2::bigint[]) AND deleted IS NULL
        UNION SELECT unnest($3::bigint[])))) AS rows,
    (SELECT coalesce(json_agg(json_build_array(r.id, r.account_id, r.kind, r.deleted IS NULL)), '[]') FROM records r
      WHERE r.id = ANY(ARRAY(SELECT unnest($4::bigint[]) UNION SELECT record_id FROM activities WHERE id = ANY($3::bigint[])))) AS records`;
/** placeMoves' write: every row whose place changed, once; the moved ones with their modification too. */
const PLACE_MOVES_WRITE = `UPDATE activities SET parent_id = v.parent_id, record_id = v.record_id, level = v.level,
    position = v.position, updated = CASE WHEN v.moved THEN v.updated ELSE activities.updated END,
    modificator_id = CASE WHEN v.moved THEN v.mid ELSE activities.modificator_id END,
    modificator_name = CASE WHEN v.moved THEN v.mname ELSE activities.modificator_name END
  FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[], $7::boolean[],
    $8::bigint[], $9::bigint[], $10::text[]) AS v(id, account_id, parent_id, record_id, level, position, moved, updated, mid, mname)
  WHERE activities.id = v.id AND activities.account_id = v.account_id`;

/**
 * placeCreates' statement: the live children of each parent counted once, per segment; each create
 * ($1, one row of text per create, ACTIVITY_WRITE without the position) told the counts from before
 * it (those of the parent plus the creates ahead of it in the round) and inserted last, as
 * INSERT_LAST one after another; the items first, so the ids rise in the round's order. Each value
 * is read by its column's type from text, as order_batch (migration 10) reads them.
 */
const PLACE_CREATES = `WITH v AS (
    SELECT i, c[i][1]::bigint AS a, c[i][3]::bigint AS p, c[i][4] AS s FROM (SELECT $1::text[] AS c) x,
      generate_subscripts($1::text[], 1) AS i),
  cnt AS (SELECT account_id AS a, parent_id AS p, segment AS s, count(*) AS n, max(position) AS l FROM activities
    WHERE account_id = ANY($2::bigint[]) AND parent_id = ANY($3::bigint[]) AND deleted IS NULL
    GROUP BY account_id, parent_id, segment),
  tot AS (SELECT a, p, sum(n) AS n, max(l) AS l FROM cnt GROUP BY a, p),
  w AS (SELECT v.i, coalesce(t.n, 0) AS n, coalesce(t.l, 0) AS l, coalesce(sc.n, 0) AS sn,
      count(*) OVER (PARTITION BY v.a, v.p ORDER BY v.i) - 1 AS ahead,
      count(*) OVER (PARTITION BY v.a, v.p, v.s ORDER BY v.i) - 1 AS ahead_s
    FROM v LEFT JOIN tot t ON t.a = v.a AND t.p = v.p LEFT JOIN cnt sc ON sc.a = v.a AND sc.p = v.p AND sc.s = v.s),
  item AS (INSERT INTO items (type) SELECT 'activity' FROM v RETURNING id),
  ids AS (SELECT id, row_number() OVER (ORDER BY id) AS i FROM item),
  ins AS (INSERT INTO activities (id, account_id, record_id, parent_id, segment, typeid, level, position, fields,
      flagged, created, viewed, updated, creator_id, creator_name, modificator_id, modificator_name, search, texts,
      report_date)
    SELECT ids.id, c[w.i][1]::bigint, c[w.i][2]::bigint, c[w.i][3]::bigint, c[w.i][4], c[w.i][5]::bigint,
      c[w.i][6]::bigint, w.n + w.ahead + 1, c[w.i][7]::json, c[w.i][8]::smallint, c[w.i][9]::bigint,
      c[w.i][10]::bigint, c[w.i][11]::bigint, c[w.i][12]::bigint, c[w.i][13], c[w.i][14]::bigint, c[w.i][15],
      c[w.i][16], c[w.i][17]::json, c[w.i][18]::bigint
    FROM ids JOIN w ON w.i = ids.i, (SELECT $1::text[] AS c) x
    RETURNING id)
  SELECT w.i::float8 AS i, ids.id, (w.n + w.ahead)::float8 AS "all", (w.sn + w.ahead_s)::float8 AS "ofSegment",
    (CASE WHEN w.ahead > 0 THEN greatest(w.l, w.n + w.ahead) ELSE w.l END)::float8 AS "last",
    (SELECT count(*) FROM ins)::float8 AS inserted
  FROM ids JOIN w ON w.i = ids.i ORDER BY w.i`;

/**
 * A gather round of creates placed last only, as INSERT_LAST would run them one after another, in
 * one statement that counts each parent's children once (INSERT_LAST counted every sibling at
 * every create) and inserts them all.
 */
async function placeCreates(client: pg.PoolClient, creates: unknown[][], deadline: number): Promise<unknown[]> {
  // ACTIVITY_WRITE without the position: account, record, parent first.
  const [ACCOUNT, PARENT] = [0, 2];
  const { rows } = await client.query<{
    i: number;
    id: number;
    all: number;
    ofSegment: number;
    last: number;
    inserted: number;
  }>(
    timed({
      name: statementName(PLACE_CREATES),
      text: PLACE_CREATES,
      values: [
        creates.map((c) => c.map(asText)),
        [...new Set(creates.map((c) => c[ACCOUNT]))],
        [...new Set(creates.map((c) => c[PARENT]))],
      ],
      query_timeout: left(deadline),
    }),
  );
  if (rows.length !== creates.length || rows.some((r, i) => r.i !== i + 1 || r.inserted !== creates.length))
    throw new Error(`storage: ${rows.length} of ${creates.length} activities inserted`);
  return rows.map((r) => ({ id: Number(r.id), all: r.all, ofSegment: r.ofSegment, last: r.last }));
}

/** An activity as placeMoves reads it, then moves it. */
interface Placed {
  id: number;
  account: number;
  parent: number;
  segment: string;
  position: number;
  record: number;
  level: number;
  live: boolean;
  fields: GuessedRow['fields'];
  hasChildren: boolean;
  /** What it was read with: a row is written only if its place differs, or it was moved. */
  was: { parent: number; record: number; level: number; position: number };
  moved?: { updated: number; mid: number; mname: string };
}

/**
 * A gather round of moves only, as PLACE_GUESSED would run them one after another, in two
 * statements: the parents' children read once, every move applied here in queue order, then each
 * row whose place changed written once. A move statement per element renumbered the siblings at
 * every move and paid the executor's start for a dozen plan nodes each time (about 1 ms of backend
 * CPU a move, against about 0.2 ms this way; bench/issue-35.md). Undefined, with nothing written,
 * when a move would carry a subtree (PLACE_GUESSED does that in SQL): the round goes to order_batch.
 */
async function placeMoves(
  client: pg.PoolClient,
  moves: GuessedPlace[],
  targets: string[],
  deadline: number,
): Promise<GuessedRow[] | undefined> {
  const parents = [...new Set(moves.flatMap((m) => [m.from, m.to]))];
  const ids = [...new Set(moves.map((m) => m.id))];
  const { rows } = await client.query<{ rows: unknown[][]; records: [number, number, string, boolean][] }>(
    timed({
      name: statementName(PLACE_MOVES_READ),
      text: PLACE_MOVES_READ,
      values: [[...new Set(moves.map((m) => m.accountId))], parents, ids, moves.map((m) => m.to)],
      query_timeout: left(deadline),
    }),
  );
  const records = new Map(rows[0]!.records.map(([id, account, kind, live]) => [id, { account, kind, live }]));
  const byId = new Map<number, Placed>();
  for (const r of rows[0]!.rows) {
    const [id, account, parent, segment, position, record, level, live, fields, hasChildren] = r as [
      number,
      number,
      number,
      string,
      number,
      number,
      number,
      boolean,
      GuessedRow['fields'],
      boolean,
    ];
    byId.set(id, {
      id,
      account,
      parent,
      segment,
      position,
      record,
      level,
      live,
      fields,
      hasChildren,
      was: { parent, record, level, position },
    });
  }
  if (moves.some((m) => m.to !== m.from && byId.get(m.id)?.hasChildren)) return undefined;
  /** The live children of a parent other than `but`, in their order. */
  const children = (account: number, parent: number, but: number): Placed[] =>
    [...byId.values()]
      .filter((a) => a.live && a.account === account && a.parent === parent && a.id !== but)
      .sort((a, b) => a.position - b.position || a.id - b.id);
  const out = moves.map((m): GuessedRow => {
    const moving = m.to !== m.from;
    const row = byId.get(m.id);
    const of = row && records.get(row.record);
    const target = records.get(m.to);
    const found =
      row?.live &&
      row.account === m.accountId &&
      row.parent === m.from &&
      row.segment === m.segment &&
      of?.live &&
      of.account === m.accountId &&
      of.kind === m.kind &&
      (!moving || (target?.live && target.account === m.accountId && targets.includes(target.kind)));
    if (!found) return { ofSegment: 0, position: null, stored: 0, fields: null };
    const sib = children(m.accountId, m.to, m.id);
    const ofSegment = sib.filter((a) => a.segment === m.segment).length;
    const anchor = m.after ?? m.before;
    const at = anchor === undefined ? sib.length : sib.findIndex((a) => a.id === anchor);
    if (at < 0) return { ofSegment, position: null, stored: 0, fields: row.fields };
    const spot = anchor !== undefined && m.after !== undefined ? at + 1 : at;
    sib.splice(spot, 0, row);
    sib.forEach((a, i) => (a.position = i + 1));
    row.parent = m.to;
    if (moving) {
      row.record = m.to;
      row.level = 1;
      children(m.accountId, m.from, m.id).forEach((a, i) => (a.position = i + 1));
    }
    row.moved = { updated: m.updated, mid: m.modificatorId, mname: m.modificatorName };
    return { ofSegment, position: spot + 1, stored: 1, fields: row.fields };
  });
  const changed = [...byId.values()].filter(
    (a) =>
      a.moved ||
      a.parent !== a.was.parent ||
      a.record !== a.was.record ||
      a.level !== a.was.level ||
      a.position !== a.was.position,
  );
  if (changed.length) {
    const col = <T>(f: (a: Placed) => T) => changed.map(f);
    const { rowCount } = await client.query(
      timed({
        name: statementName(PLACE_MOVES_WRITE),
        text: PLACE_MOVES_WRITE,
        values: [
          col((a) => a.id),
          col((a) => a.account),
          col((a) => a.parent),
          col((a) => a.record),
          col((a) => a.level),
          col((a) => a.position),
          col((a) => a.moved !== undefined),
          col((a) => a.moved?.updated ?? null),
          col((a) => a.moved?.mid ?? null),
          col((a) => a.moved?.mname ?? null),
        ],
        query_timeout: left(deadline),
      }),
    );
    if (rowCount !== changed.length) throw new Error(`storage: ${rowCount} of ${changed.length} activities placed`);
  }
  return out;
}

/** A gather round's moves and creates in one statement (migration 10's function; PgStorage.orderBatch). */
const ORDER_BATCH = `SELECT o_n AS n, o_segment AS "ofSegment", o_position AS position, o_stored AS stored,
    o_fields AS fields, o_id AS id, o_all AS "all", o_last AS "last"
  FROM order_batch($1::text[], $2::bigint[], $3::bigint[], $4::bigint[], $5::text[], $6::text[], $7::bigint[],
    $8::bigint[], $9::boolean[], $10::bigint[], $11::bigint[], $12::text[], $13::text[], $14::text[])`;
interface OrderBatchRow {
  n: number;
  ofSegment: number;
  position: number | null;
  stored: number | null;
  fields: GuessedRow['fields'];
  id: number;
  all: number;
  last: number;
}
/** The tables order_batch reads or writes. */
const TOUCHED_BY_ORDER_BATCH = /\b(activities|items|records)\b/;
/** A value as node-postgres sends a parameter. */
const asText = (v: unknown): string | null =>
  v === null || v === undefined ? null : typeof v === 'object' ? JSON.stringify(v) : String(v);
/** Batches that run without gather rounds after one had to run again one at a time (a webhook's reads after a write, say). */
const GATHER_PAUSE = 64;
/** Statements that read stable tables without writing them: they keep a batch's stable reads. */
const KEEPS_STABLE = new Set([PLACE_GUESSED]);
const STABLE = new Set(stableReads().map((text) => pgDialect.sql(text)));

/** The shared statements (./statements.ts) on one pooled connection. */
class PgTx extends SqlTx {
  constructor(
    /** The transaction's connection, taken at its first statement. */
    private readonly connect: () => Promise<pg.PoolClient>,
    state: TxState,
    viewed: DeferredWrites,
    /** Folds an account and kind's count rows into one, in the background. */
    private readonly compact: Compact,
    /** When the call's statement timeout runs out (ms since the epoch). */
    private readonly deadline: number,
    /** The BEGIN statement, sent before the first statement of the body. */
    private pending: string | undefined,
    /** Order locks held since before BEGIN (write transactions only). */
    private readonly order?: { held: Set<bigint>; keyOf: (parentId: number) => bigint },
    /** The rows of stable reads (statements.ts) made in this database transaction, by statement and parameters. */
    private readonly reads?: Map<string, Promise<unknown[]>>,
  ) {
    super(pgDialect, state, viewed);
  }

  /** The gather round this transaction runs in, until it may send statements itself (PgStorage.gather). */
  gate: Round | undefined;

  /** A probe: its statements only read, each in a transaction of its own (PgStorage.run). */
  probe = false;

  /** Whether BEGIN was sent (there is something to commit or roll back); set by the storage when it sent it. */
  begun = false;
  /** Whether a statement changed rows. */
  wrote = false;
  /** Whether a statement that may write was sent, or one failed: there may be something to roll back. */
  dirty = false;

  private beginning: Promise<unknown> | undefined;

  private connecting: Promise<pg.PoolClient> | undefined;
  /** The first statement's error, should the body have gone on without it (the transaction is aborted then). */
  private error: unknown;

  /** The connection (taken now, if no statement took it yet). */
  connection(): Promise<pg.PoolClient> {
    return (this.connecting ??= this.connect());
  }

  /** Settles once the connection asked for (if any) is there or has failed. */
  async connected(): Promise<void> {
    await this.connecting?.catch(() => undefined);
  }

  /** Throws the error of a statement that failed, should the body have caught it: nothing of it may commit. */
  rethrow(): void {
    if (this.error !== undefined) throw this.error;
  }

  private async q<R extends object>(sql: string, params: unknown[]): Promise<pg.QueryResult<R>> {
    if (this.probe && !sql.startsWith('SELECT')) throw new ProbeEnded();
    if (this.reads) {
      // The transactions of a batch share one snapshot: what one read, the next would read again
      // (and members of a gather round asking together wait for the same statement).
      if (STABLE.has(sql)) {
        const key = `${sql}\0${JSON.stringify(params)}`;
        const reads = this.reads;
        let rows = reads.get(key);
        if (!rows) {
          const sent = this.send<R>(sql, params).then((r) => r.rows as unknown[]);
          reads.set(key, (rows = sent));
          sent.catch(() => reads.get(key) === sent && reads.delete(key));
        }
        let got: unknown[];
        try {
          got = structuredClone(await rows);
        } catch (e) {
          // Sent for another member, it failed: this transaction is aborted too.
          this.error ??= e;
          this.dirty = true;
          throw e;
        }
        return { rows: got, rowCount: got.length } as unknown as pg.QueryResult<R>;
      }
      if (!sql.startsWith('SELECT') && !KEEPS_STABLE.has(sql) && WRITTEN_BY_STABLE.test(sql)) this.reads.clear();
    }
    // In a gather round, any other statement waits for this transaction's turn.
    if (this.gate) await this.gate.park(this, undefined, sql);
    return this.send<R>(sql, params);
  }

  private async send<R extends object>(sql: string, params: unknown[]): Promise<pg.QueryResult<R>> {
    if (!this.state.active) throw new Error('storage: this transaction has already ended');
    const client = await this.connection();
    if (!sql.startsWith('SELECT')) this.dirty = true;
    if (this.pending !== undefined && !this.begun) {
      this.beginning = client.query(timed({ text: this.pending, query_timeout: left(this.deadline) }));
      this.pending = undefined;
      this.begun = true;
    }
    try {
      // No statement outside the transaction, should BEGIN fail.
      if (this.beginning) await this.beginning;
      // A named statement is parsed and planned once per pooled connection, then only bound and run.
      const config = timed({ name: statementName(sql), text: sql, values: params, query_timeout: left(this.deadline) });
      const result = await client.query<R>(config);
      if (result.command !== 'SELECT' && result.rowCount) this.wrote = true;
      return result;
    } catch (e) {
      this.error ??= e;
      this.dirty = true;
      throw e;
    }
  }

  override async lockOrder(parentIds: number[]): Promise<void> {
    if (!this.order) return; // a read-only transaction orders nothing
    const missing = parentIds
      .filter(isId)
      .map(this.order.keyOf)
      .filter((k) => !this.order!.held.has(k));
    if (missing.length) throw new OrderLocksNeeded(missing);
  }

  protected async all<R>(sql: string, params: unknown[]): Promise<R[]> {
    return (await this.q<R & object>(sql, params)).rows;
  }

  protected async changes(sql: string, params: unknown[]): Promise<number> {
    return (await this.q(sql, params)).rowCount ?? 0;
  }

  protected async insertItem(
    type: 'record' | 'activity',
    table: string,
    cols: string[],
    values: unknown[],
  ): Promise<number> {
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

  protected override fold(
    table: 'record_counts' | 'owner_counts',
    accountId: number,
    kind: string,
    value: boolean | number,
    parts: number,
  ): void {
    if (parts > COMPACT_AT) this.compact(table, accountId, kind, value);
  }

  override async insertLast(a: Omit<NewActivity, 'position'>): Promise<{ row: ActivityRow } & ChildCounts> {
    // One round trip: the counts and the insert after them, in one statement (one snapshot).
    const values = this.activityValues({ ...a, position: 0 });
    values.splice(POSITION, 1);
    // In a gather round, sent with the round's others in one statement (order_batch).
    const collected: Collected = { op: 'create', values };
    const [got] = this.gate?.takes(collected)
      ? [(await this.gate.park(this, collected, INSERT_LAST)) as { id: number } & ChildCounts]
      : await this.all<{ id: number } & ChildCounts>(INSERT_LAST, [a.segment, a.accountId, a.parentId, ...values]);
    this.dirty = this.wrote = true;
    const { id, ...counts } = got!;
    return { row: await this.stored(id, { ...a, position: counts.all + 1 }), ...counts };
  }

  override async updateActivity(a: ActivityRow): Promise<void> {
    // One round trip: the row, and its report_owners rows replaced (those it keeps updated in place).
    const owners = reportOwners(a);
    const row = await this.all<{ n: number }>(
      pgDialect.sql(`WITH u AS (${ACTIVITY_UPDATE} RETURNING id),
         gone AS (DELETE FROM report_owners WHERE activity_id IN (SELECT id FROM u) AND owner_id <> ALL(?::bigint[])),
         kept AS (INSERT INTO report_owners (activity_id, owner_id, report_date) SELECT u.id, o, ? FROM u, unnest(?::bigint[]) AS o
           ON CONFLICT (activity_id, owner_id) DO UPDATE SET report_date = excluded.report_date)
       SELECT count(*) AS n FROM u`),
      [...this.activityUpdate(a), owners, reportDate(a), owners],
    );
    if (row[0]?.n !== 1) throw new Error(`storage: no activity ${a.id} in account ${a.accountId}`);
  }

  override async placeActivity(row: ActivityRow, opts: PlaceOptions): Promise<PlaceResult> {
    // One round trip under the order locks, however many siblings shift (PLACE).
    const values = this.activityUpdate(row);
    values.splice(UPDATE_POSITION, 1);
    const owners = reportOwners(row);
    const anchor = opts.after ?? opts.before ?? null;
    const from = opts.from ?? null;
    const dirty = this.dirty;
    const [got] = await this.all<{ all: number; ofSegment: number; position: number | null; stored: number }>(PLACE, [
      row.accountId,
      row.parentId,
      row.id,
      row.segment,
      anchor,
      opts.after !== undefined,
      ...values,
      owners,
      reportDate(row),
      owners,
      row.accountId,
      from,
      row.id,
      row.accountId,
      row.id,
      from,
      row.accountId,
      row.recordId,
      opts.levelShift ?? 0,
    ]);
    const counts = { all: got!.all, ofSegment: got!.ofSegment };
    // Not placed, it wrote nothing (the statement is a SELECT with writes in its WITH).
    if (got!.position === null) return ((this.dirty = dirty), { ...counts, placed: false });
    this.wrote = true;
    if (got!.stored !== 1) throw new Error(`storage: no activity ${row.id} in account ${row.accountId}`);
    row.position = got!.position;
    return { ...counts, placed: true };
  }

  async placeGuessed(q: GuessedPlace): Promise<GuessedPlaceResult | undefined> {
    // One round trip for the read and the write (PLACE_GUESSED); a wrong guess writes nothing.
    const moving = q.to !== q.from;
    const dirty = this.dirty;
    // In a gather round, sent with the round's others in one statement (order_batch).
    const collected: Collected = { op: 'move', place: q };
    const [got] = this.gate?.takes(collected)
      ? [(await this.gate.park(this, collected, PLACE_GUESSED)) as GuessedRow]
      : await this.all<GuessedRow>(PLACE_GUESSED, [
          q.accountId,
          q.id,
          q.from,
          q.segment,
          q.kind,
          q.to,
          moving,
          q.kinds,
          q.after ?? q.before ?? null,
          q.after !== undefined,
          q.updated,
          q.modificatorId,
          q.modificatorName,
        ]);
    if (!got || got.position === null || got.fields === null) return void (this.dirty = dirty);
    this.dirty = this.wrote = true;
    if (got.stored !== 1) throw new Error(`storage: no activity ${q.id} in account ${q.accountId}`);
    const fields = typeof got.fields === 'string' ? (JSON.parse(got.fields) as Record<string, unknown>) : got.fields;
    return { fields, ofSegment: got.ofSegment };
  }

  override async setPositions(accountId: number, moved: { id: number; position: number }[]): Promise<void> {
    if (moved.length === 0) return;
    // One statement, however many siblings shift: a renumbering's round trips would hold the parent's order lock.
    await this.count(
      `UPDATE activities SET position = v.p FROM unnest(?::bigint[], ?::bigint[]) AS v(id, p) WHERE activities.id = v.id AND activities.account_id = ?`,
      moved.map((m) => m.id),
      moved.map((m) => m.position),
      accountId,
    );
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
      col('accountId'),
      col('hookId'),
      col('event'),
      col('objectId'),
      col('url'),
      col('contentType'),
      col('body'),
      col('signature'),
      col('webhookId'),
      col('attempts'),
      col('nextAttempt'),
      col('status'),
      col('lastError'),
      col('claimedBy'),
      col('claimedUntil'),
      col('created'),
    );
  }
}
