// The embedded storage adapter: the storage port (./port.ts) over better-sqlite3.
//
// - Schema: numbered migrations (./migrations/sqlite.ts), applied once each at open, each in its own
//   IMMEDIATE transaction together with the bump of `PRAGMA user_version` (which is transactional,
//   as it lives in the database header). A database newer than this code is refused.
// - Durability: file databases run in WAL mode. A COMMIT writes the WAL (synchronous = NORMAL: no
//   fsync inside SQLite, which would stop the event loop for the whole fsync); the transactions are
//   acknowledged only after an fsync of the WAL file that started after their COMMIT, done on
//   libuv's thread pool. That is what synchronous = FULL guarantees (an acknowledged transaction
//   survives a process crash and a power loss; checkpoints still sync the WAL before and the
//   database after), while requests keep running during the fsync and the commits made meanwhile
//   share the next one. Checkpoints (copying the WAL into the database, with an fsync of each)
//   run on a worker thread's connection, at most once a second after writes, instead of inside
//   the COMMIT that crosses 1,000 pages: that one stopped every request for the checkpoint.
//   `:memory:` databases have no journal to tune.
// - Transactions: better-sqlite3 is synchronous but the port's transaction body is async, so two
//   requests could otherwise interleave their statements inside one SQLite transaction. Write
//   transactions therefore run one after another (one writer), and those that queued up while a
//   COMMIT was being written share the next one (group commit: each in its own savepoint, all
//   acknowledged after the one fsync); while another process holds the write lock, BEGIN
//   IMMEDIATE is retried on a timer (busy_timeout would block the event loop). Reads run on a second, read-only connection with
//   their own queue: in WAL mode they see the last commit and never wait for the writer (a
//   :memory: database has one connection, so there they share the writer's queue). A transaction
//   opened from inside another one is refused, and a Tx used after its transaction ended throws.
// - Quota counts and the viewed times of shows are kept in memory (exact for this process: one
//   service process per database file) and stored in batches by a transaction committed with
//   synchronous = NORMAL (./deferred.ts): a power loss may lose the last moment's counts, never an
//   acknowledged create, update or delete.
// - Records and activities take their ids from one AUTOINCREMENT sequence, the `items` table;
//   `records.id` and `activities.id` reference it, and an activity's parent must be an item.
// - JSON columns (checked with json_valid) hold fields, options, categories and members; files are
//   BLOBs. Statements are prepared once per SQL text and cached.
import { AsyncLocalStorage } from 'node:async_hooks';
import { closeSync, fsync, openSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type {
  Account,
  ActivityRow,
  CategoryRow,
  FieldDefRow,
  FileRow,
  GroupRow,
  NewActivity,
  NewRecord,
  RecordRow,
  RelatedRow,
  Storage,
  Tx,
  UserRow,
  HookRow,
  DeliveryRow,
} from './port.ts';
import { DELIVERY_COLS, DELIVERY_LOG_MIGRATION, FIRST_OF_OBJECT, sqliteDeliveryLog } from './deliveries-sqlite.ts';
import type { DeliveryLogTx } from './delivery-log.ts';
import { DeferredWrites } from './deferred.ts';
import { columns } from './columns.ts';
import { activitySearch, buildRecordQuery, buildReportQuery, recordSearch, reportDate, reportOwners, type ReportQuery, type Dialect, type RecordQuery } from './record-query.ts';

export { MIGRATIONS } from './migrations/sqlite.ts';
import { MIGRATIONS } from './migrations/sqlite.ts';


/** Steps in JavaScript that run right after migration n's SQL, in its transaction. */
const BACKFILLS: Record<number, (db: Db) => void> = {
  // The search columns hold JavaScript's lower-casing, so existing rows are filled here.
  4(db) {
    const setRecord = db.prepare('UPDATE records SET name_key = ?, search = ?, item_texts = ?, field_texts = ? WHERE id = ?');
    for (const r of db.prepare('SELECT id, kind, name, fields FROM records').all() as Array<{ id: number; kind: string; name: string; fields: string }>) {
      const s = recordSearch(r.kind, r.name, JSON.parse(r.fields) as Record<string, unknown>);
      setRecord.run(s.nameKey, s.search, s.itemTexts, s.fieldTexts, r.id);
    }
    const setActivity = db.prepare('UPDATE activities SET search = ?, texts = ?, report_date = ? WHERE id = ?');
    for (const a of db.prepare('SELECT id, segment, fields FROM activities').all() as Array<{ id: number; segment: string; fields: string }>) {
      const fields = JSON.parse(a.fields) as Record<string, unknown>;
      const s = activitySearch(fields);
      setActivity.run(s.search, s.texts, reportDate({ segment: a.segment, fields }), a.id);
    }
  },
  // report_date now also holds the list's due and unsent dates; report_owners starts empty.
  6(db) {
    const setDate = db.prepare('UPDATE activities SET report_date = ? WHERE id = ?');
    const addOwner = db.prepare('INSERT OR IGNORE INTO report_owners (activity_id, owner_id, report_date) VALUES (?, ?, ?)');
    for (const a of db.prepare('SELECT id, segment, fields FROM activities').all() as Array<{ id: number; segment: string; fields: string }>) {
      const row = { segment: a.segment, fields: JSON.parse(a.fields) as Record<string, unknown> };
      const date = reportDate(row);
      setDate.run(date, a.id);
      for (const owner of reportOwners(row)) addOwner.run(a.id, owner, date);
    }
  },
};

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

type Json<T, K extends keyof T> = Omit<T, K> & { [P in K]: string };
type RawGroup = Json<GroupRow, 'members'>;
type RawRecord = Json<RecordRow, 'fields'>;
type RawFieldDef = Json<FieldDefRow, 'options' | 'categories'>;
type RawActivity = Json<ActivityRow, 'fields'>;
type RawFile = Omit<FileRow, 'data'> & { data: Buffer };

const toGroup = (r: RawGroup): GroupRow => ({ ...r, members: JSON.parse(r.members) as number[] });
const toRecord = (r: RawRecord): RecordRow => ({ ...r, fields: JSON.parse(r.fields) as RecordRow['fields'] });
const toFieldDef = (r: RawFieldDef): FieldDefRow => ({
  ...r,
  options: JSON.parse(r.options) as string[],
  categories: JSON.parse(r.categories) as number[],
});
const toActivity = (r: RawActivity): ActivityRow => ({
  ...r,
  fields: JSON.parse(r.fields) as ActivityRow['fields'],
});
// A plain Uint8Array (a copy), not a Buffer, so adapters return the same type.
const toFile = (r: RawFile): FileRow => ({ ...r, data: new Uint8Array(r.data) });
const blob = (u: Uint8Array): Buffer => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

const searchColumns = (r: Pick<RecordRow, 'kind' | 'name' | 'fields'>) => {
  const s = recordSearch(r.kind, r.name, r.fields);
  return [s.nameKey, s.search, s.itemTexts, s.fieldTexts];
};
const journalColumns = (a: Pick<ActivityRow, 'segment' | 'fields'>) => {
  const s = activitySearch(a.fields);
  return [s.search, s.texts, reportDate(a)];
};
/** RECORD_COLS of the list query's `records r`. */
const RECORD_COLS_R = columns('records', 'r');
const ACTIVITY_COLS_A = columns('activities', 'a');
/** better-sqlite3 binds @p1, @p2, ... from an object: a placeholder may then repeat. */
const named = (params: unknown[]) => Object.fromEntries(params.map((v, i) => [`p${i + 1}`, v]));

export const sqliteDialect: Dialect = {
  placeholder: (i) => `@p${i}`,
  jsonText: (column, key) => `json_extract(${column}, '$."${key}"')`,
  jsonNumberEquals: (column, key, param) =>
    `(json_type(${column}, '$."${key}"') IN ('integer', 'real') AND json_extract(${column}, '$."${key}"') = ${param})`,
  jsonNumber: (column, key) =>
    `(CASE WHEN json_type(${column}, '$."${key}"') IN ('integer', 'real') THEN json_extract(${column}, '$."${key}"') END)`,
  anyElement: (column, test) => `EXISTS (SELECT 1 FROM json_each(${column}) WHERE ${test('value')})`,
  searchIndex: (table, alias, param) => `${alias}.id IN (SELECT rowid FROM ${table}_fts WHERE search GLOB ${param})`,
  searchPattern: (needle) => `*${needle.replace(/[*?[]/g, (c) => `[${c}]`)}*`,
  contains: (haystack, needle) => `instr(${haystack}, ${needle}) > 0`,
  startsWith: (haystack, needle) => `substr(${haystack}, 1, length(${needle})) = ${needle}`,
  inIds: (expr, param) => `${expr} IN (SELECT value FROM json_each(${param}))`,
  idsParam: (ids) => JSON.stringify(ids),
  driverJoin: 'CROSS JOIN',
};

const notDeleted = (includeDeleted: boolean | undefined, column = 'deleted') =>
  includeDeleted ? '' : ` AND ${column} IS NULL`;

// ---------------------------------------------------------------------------------------------

type Db = Database.Database;
type Stmt = Database.Statement<unknown[], unknown>;

/** One open transaction; `active` turns false when it commits or rolls back. */
interface TxState {
  active: boolean;
}

export function openSqlite(file: string): Storage {
  const db = new Database(file);
  let reader: Db | undefined;
  try {
    configure(db);
    migrate(db);
    // Reads run on a connection of their own: in WAL mode they see the last commit and never
    // wait for the writer. A :memory: database is private to its connection, so reads share it.
    if (!db.memory) {
      reader = new Database(file, { readonly: true });
      reader.pragma('busy_timeout = 5000');
    }
    // A busy wait inside SQLite would block the event loop (every request) while another process
    // holds the write lock; the writer waits for it asynchronously instead (SqliteStorage.begin).
    db.pragma('busy_timeout = 0');
  } catch (e) {
    reader?.close();
    db.close();
    throw e;
  }
  return new SqliteStorage(db, reader, db.memory ? undefined : `${db.name}-wal`);
}

/** The checkpointing thread: its own connection, a PASSIVE checkpoint per message (never blocks writers). */
const CHECKPOINTER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
parentPort.on('message', (m) => {
  if (m === 'close') {
    db.close();
    process.exit(0);
  }
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage('');
  } catch (e) {
    parentPort.postMessage(String(e && e.message || e));
  }
});
`;
const betterSqlite3 = createRequire(import.meta.url).resolve('better-sqlite3');

/** Checkpoints the WAL off the event loop; falls back to SQLite's own checkpoints when the thread fails. */
class Checkpointer {
  private worker: Worker | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private failed = false;

  constructor(
    private readonly file: string,
    private readonly writer: Db,
  ) {}

  /** Started at the first write (a storage that only reads needs no thread). */
  private start(): Worker {
    const worker = new Worker(CHECKPOINTER, { eval: true, workerData: { file: this.file, module: betterSqlite3 } });
    worker.unref();
    worker.on('message', (error: string) => {
      this.running = false;
      if (error) process.stderr.write(`crmgen: checkpoint failed: ${error}\n`);
    });
    worker.on('error', (e) => this.fallBack(e));
    this.writer.pragma('wal_autocheckpoint = 0');
    return worker;
  }

  private fallBack(e: unknown): void {
    if (this.failed) return;
    this.failed = true;
    this.running = false;
    process.stderr.write(`crmgen: checkpoint thread failed (${(e as Error).message}); checkpoints run in the writes again\n`);
    if (this.writer.open) this.writer.pragma('wal_autocheckpoint = 1000');
  }

  /** After a write: one checkpoint within a second. */
  soon(): void {
    if (this.timer || this.failed) return;
    this.worker ??= this.start();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.running) return this.soon();
      this.running = true;
      this.worker?.postMessage(0);
    }, 1000);
    this.timer.unref();
  }

  async close(): Promise<void> {
    clearTimeout(this.timer);
    const worker = this.worker;
    if (!worker || this.failed) return;
    // Its connection closes first, so the writer's close is the last one (and checkpoints the rest).
    const exited = new Promise((ok) => worker.once('exit', ok));
    worker.postMessage('close');
    const late = setTimeout(() => void worker.terminate(), 2000);
    await exited;
    clearTimeout(late);
  }
}

function configure(db: Db): void {
  if (!db.memory) {
    const mode = db.pragma('journal_mode = WAL', { simple: true });
    if (String(mode).toLowerCase() !== 'wal') throw new Error(`sqlite: could not enable WAL (journal_mode is ${String(mode)})`);
    // Commits are made durable by SqliteStorage.synced (an fsync of the WAL off the event loop).
    db.pragma('synchronous = NORMAL');
  }
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
}

function migrate(db: Db): void {
  const version = (): number => Number(db.pragma('user_version', { simple: true }));
  const start = version();
  if (start > MIGRATIONS.length) {
    throw new Error(`sqlite: database schema version ${start} is newer than this program (${MIGRATIONS.length})`);
  }
  for (let n = start + 1; n <= MIGRATIONS.length; n++) {
    db.exec('BEGIN IMMEDIATE');
    try {
      // Another process may have migrated while we waited for the write lock.
      if (version() >= n) {
        db.exec('COMMIT');
        continue;
      }
      db.exec(MIGRATIONS[n - 1]!);
      BACKFILLS[n]?.(db);
      db.pragma(`user_version = ${n}`);
      db.exec('COMMIT');
    } catch (e) {
      if (db.inTransaction) db.exec('ROLLBACK');
      throw new Error(`sqlite: migration ${n} failed: ${(e as Error).message}`, { cause: e });
    }
  }
}

/** How long a write transaction waits for another process's write lock. */
const BUSY_MS = 5_000;

/** One connection, its statement cache and its queue of transactions. */
class Conn {
  private readonly statements = new Map<string, Stmt>();
  tail: Promise<unknown> = Promise.resolve();

  constructor(readonly db: Db) {}

  /** Runs a transaction control statement (BEGIN, COMMIT, SAVEPOINT ...), prepared once: exec parses it every time. */
  control(sql: string): void {
    this.stmt(sql).run();
  }

  /** The cached prepared statement for `sql`. */
  stmt(sql: string): Stmt {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  close(): void {
    this.statements.clear();
    this.db.close();
  }
}

interface WriteJob {
  fn: (tx: Tx) => Promise<unknown>;
  durable: boolean;
  ok: (value: unknown) => void;
  fail: (e: unknown) => void;
}

/** Most write transactions sharing one COMMIT. */
const GROUP_MAX = 64;
/** fsyncs of the WAL running at once. */
const SYNCS_AT_ONCE = 2;

class SqliteStorage implements Storage {
  private readonly jobs: WriteJob[] = [];
  private draining: Promise<void> | undefined;
  private readonly writer: Conn;
  private readonly reader: Conn;
  private readonly current = new AsyncLocalStorage<TxState>();
  private closing = false;
  readonly viewed: DeferredWrites;
  /** The quota counters of this process, user:window -> calls (stored by the flush). */
  private readonly calls = new Map<string, { userId: number; windowStart: number; calls: number; stored: number }>();

  private readonly checkpointer: Checkpointer | undefined;

  constructor(db: Db, reader: Db | undefined, private readonly walPath: string | undefined) {
    this.writer = new Conn(db);
    this.checkpointer = walPath ? new Checkpointer(db.name, db) : undefined;
    this.reader = reader ? new Conn(reader) : this.writer;
    this.viewed = new DeferredWrites((times) => this.storeDeferred(times));
  }

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.write(fn, true);
  }

  read<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    if (this.reader === this.writer) return this.write(fn, true);
    if (this.current.getStore()?.active) {
      return Promise.reject(new Error('storage.transaction called inside a transaction; use the Tx you were given'));
    }
    if (this.closing) return Promise.reject(new Error('storage is closed'));
    // A deferred BEGIN on the reader: one snapshot for the whole call, no write lock.
    const result = this.reader.tail.then(() => this.runRead(fn));
    this.reader.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }

  private async runRead<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    const conn = this.reader;
    const db = conn.db;
    const state: TxState = { active: true };
    conn.control('BEGIN');
    try {
      const value = await this.current.run(state, () => fn(new SqliteTx(this.reader, state, this.viewed)));
      state.active = false;
      conn.control('COMMIT');
      return value;
    } catch (e) {
      state.active = false;
      if (db.inTransaction) conn.control('ROLLBACK');
      throw e;
    }
  }

  private write<T>(fn: (tx: Tx) => Promise<T>, durable: boolean): Promise<T> {
    if (this.current.getStore()?.active) {
      return Promise.reject(new Error('storage.transaction called inside a transaction; use the Tx you were given'));
    }
    if (this.closing) return Promise.reject(new Error('storage is closed'));
    return new Promise<T>((ok, fail) => {
      this.jobs.push({ fn, durable, ok: ok as (v: unknown) => void, fail });
      this.draining ??= this.drain();
    });
  }

  /**
   * Group commit: the write transactions that queued up while the last COMMIT was on its way to
   * the disk run one after another in ONE SQLite transaction, each in a savepoint of its own (a
   * failing one rolls back alone), and share one COMMIT. Each is acknowledged only once that
   * COMMIT returned and an fsync of the WAL after it did (`synced`: commits made during one fsync
   * share the next).
   */
  private async drain(): Promise<void> {
    try {
      while (this.jobs.length) await this.runGroup(this.jobs.splice(0, GROUP_MAX));
    } finally {
      this.draining = undefined;
    }
  }

  private async runGroup(group: WriteJob[]): Promise<void> {
    const conn = this.writer;
    const db = conn.db;
    {
      try {
        await this.begin(this.writer, 'BEGIN IMMEDIATE');
      } catch (e) {
        for (const j of group) j.fail(e);
        return;
      }
      const done: [WriteJob, unknown][] = [];
      for (const [i, job] of group.entries()) {
        const state: TxState = { active: true };
        conn.control('SAVEPOINT job');
        try {
          const value = await this.current.run(state, () => job.fn(new SqliteTx(this.writer, state, this.viewed)));
          state.active = false;
          conn.control('RELEASE job');
          done.push([job, value]);
        } catch (e) {
          state.active = false;
          if (db.inTransaction) {
            conn.control('ROLLBACK TO job');
            conn.control('RELEASE job');
            job.fail(e);
          } else {
            // SQLite rolled the whole transaction back (I/O error, disk full): the earlier ones too.
            job.fail(e);
            for (const [j] of done) j.fail(e);
            this.jobs.unshift(...group.slice(i + 1));
            return;
          }
        }
      }
      try {
        conn.control('COMMIT');
      } catch (e) {
        if (db.inTransaction) conn.control('ROLLBACK');
        for (const [j] of done) j.fail(e);
        return;
      }
      // Viewed times and quota counts need no fsync (WAL keeps them atomic); the others wait for one.
      for (const [j, value] of done) {
        if (j.durable && this.walPath) this.synced(() => j.ok(value), j.fail);
        else j.ok(value);
      }
      if (done.length) this.checkpointer?.soon();
    }
  }

  private walFd: number | undefined;
  /** fsyncs of the WAL on their way (close() waits for them). */
  private readonly syncs = new Set<Promise<void>>();
  private syncQueued = false;
  private readonly unsynced: { ok: () => void; fail: (e: unknown) => void }[] = [];

  /**
   * Calls ok once an fsync of the WAL that started after this moment has returned (group fsync).
   * Two may run at once: commits made during one fsync start the next at once instead of waiting
   * for it to end, which doubled a create's wait whenever the disk was slow.
   */
  private synced(ok: () => void, fail: (e: unknown) => void): void {
    this.unsynced.push({ ok, fail });
    // The jobs of one COMMIT share one fsync: started once they are all queued.
    if (!this.syncQueued) {
      this.syncQueued = true;
      queueMicrotask(() => {
        this.syncQueued = false;
        this.startSync();
      });
    }
  }

  private startSync(): void {
    if (!this.unsynced.length || this.syncs.size >= SYNCS_AT_ONCE) return;
    const waiting = this.unsynced.splice(0);
    const run = (async () => {
      try {
        // The WAL exists from the first write on, and stays while this connection is open.
        this.walFd ??= openSync(this.walPath!, 'r');
        const fd = this.walFd;
        await new Promise<void>((ok, fail) => fsync(fd, (e) => (e ? fail(e) : ok())));
        for (const w of waiting) w.ok();
      } catch (e) {
        for (const w of waiting) w.fail(e);
      }
    })();
    this.syncs.add(run);
    void run.then(() => {
      this.syncs.delete(run);
      this.startSync();
    });
  }

  /** BEGIN; while another process holds the write lock, retried every few ms for up to 5 s. */
  private async begin(conn: Conn, begin: string): Promise<void> {
    const deadline = Date.now() + BUSY_MS;
    for (;;) {
      try {
        conn.control(begin);
        return;
      } catch (e) {
        if ((e as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > deadline) throw e;
        await new Promise((ok) => setTimeout(ok, 2 + Math.random() * 8));
      }
    }
  }

  async countCalls(userId: number, windowStart: number, n: number): Promise<number> {
    // Counted here, exactly, for this process (one service process per database file); stored in
    // the background with the viewed times.
    const key = `${userId}:${windowStart}`;
    let c = this.calls.get(key);
    if (!c) {
      for (const [k, old] of this.calls) if (old.windowStart < windowStart && old.stored === old.calls) this.calls.delete(k);
      const row = this.reader.stmt('SELECT calls FROM api_calls WHERE user_id = ? AND window_start = ?').get(userId, windowStart) as { calls: number } | undefined;
      c = { userId, windowStart, calls: row?.calls ?? 0, stored: row?.calls ?? 0 };
      this.calls.set(key, c);
    }
    c.calls += n;
    this.viewed.kick();
    return c.calls;
  }

  flushViewed(): Promise<void> {
    return this.viewed.flush();
  }

  findUserByEmail(email: string): Promise<UserRow | undefined> {
    // A statement outside a transaction is a snapshot of its own; while a transaction is open on
    // the connection it would read inside it (the writer's uncommitted rows), so it queues then.
    const conn = this.reader;
    if (this.closing || conn.db.inTransaction) return this.read((tx) => tx.findUserByEmail(email));
    try {
      return Promise.resolve(findUser(conn, email));
    } catch (e) {
      return Promise.reject(e);
    }
  }

  private storeDeferred(times: [number, number][]): Promise<void> {
    const counts = [...this.calls.values()].filter((c) => c.calls !== c.stored).map((c) => ({ c, calls: c.calls }));
    if (!times.length && !counts.length) return Promise.resolve();
    return this.write(
      async () => {
        const setViewed = this.writer.stmt('UPDATE records SET viewed = ? WHERE id = ?');
        for (const [id, at] of times) setViewed.run(at, id);
        const setCalls = this.writer.stmt(
          `INSERT INTO api_calls (user_id, window_start, calls) VALUES (?, ?, ?)
           ON CONFLICT (user_id, window_start) DO UPDATE SET calls = max(calls, excluded.calls)`,
        );
        for (const { c, calls } of counts) setCalls.run(c.userId, c.windowStart, calls);
      },
      false,
    ).then(() => {
      for (const { c, calls } of counts) c.stored = Math.max(c.stored, calls);
    });
  }

  async close(): Promise<void> {
    if (this.closing) return;
    await this.viewed.flush();
    this.closing = true;
    await Promise.all([this.draining, this.reader.tail]); // let queued transactions finish
    while (this.syncs.size) await Promise.all(this.syncs);
    await this.checkpointer?.close();
    if (this.walFd !== undefined) closeSync(this.walFd);
    if (this.reader !== this.writer) this.reader.close();
    this.writer.close();
  }
}

/** The live user by e-mail (the partial unique index finds it), else the latest deleted one. */
function findUser(conn: Conn, email: string): UserRow | undefined {
  return (conn.stmt(`SELECT ${USER_COLS} FROM users WHERE email = ? AND deleted IS NULL`).get(email) ??
    conn.stmt(`SELECT ${USER_COLS} FROM users WHERE email = ? ORDER BY id DESC LIMIT 1`).get(email)) as UserRow | undefined;
}

class SqliteTx implements Tx {
  constructor(
    private readonly conn: Conn,
    private readonly state: TxState,
    private readonly viewed: DeferredWrites,
  ) {}

  private s(sql: string): Stmt {
    if (!this.state.active) throw new Error('storage: this transaction has already ended');
    return this.conn.stmt(sql);
  }
  private get<R>(sql: string, ...params: unknown[]): R | undefined {
    return this.s(sql).get(...params) as R | undefined;
  }
  private all<R>(sql: string, ...params: unknown[]): R[] {
    return this.s(sql).all(...params) as R[];
  }
  private run(sql: string, ...params: unknown[]): Database.RunResult {
    return this.s(sql).run(...params);
  }
  private log?: DeliveryLogTx;
  private get deliveryLog(): DeliveryLogTx {
    return (this.log ??= sqliteDeliveryLog({ get: (q, ...p) => this.get(q, ...p), all: (q, ...p) => this.all(q, ...p), run: (q, ...p) => this.run(q, ...p) }));
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

  private newItemId(type: 'record' | 'activity'): number {
    return Number(this.run('INSERT INTO items (type) VALUES (?)', type).lastInsertRowid);
  }

  // accounts, users, groups

  async ensureAccount(name: string): Promise<Account> {
    this.run('INSERT INTO accounts (name) VALUES (?) ON CONFLICT (name) DO NOTHING', name);
    return this.get<Account>('SELECT id, name FROM accounts WHERE name = ?', name)!;
  }

  async getAccount(id: number): Promise<Account | undefined> {
    return this.get<Account>('SELECT id, name FROM accounts WHERE id = ?', id);
  }

  /**
   * Users and workgroups share one id space: an ownership or assignedto value is "a user id or a
   * workgroup id", so the two tables must never hand out the same id (they did: user 1 and group 1).
   * A new one takes 1 + the highest id either table ever gave out (AUTOINCREMENT never reuses).
   */
  private nextPrincipalId(): number {
    return this.get<{ n: number }>(
      `SELECT 1 + max(
         coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'users'), 0),
         coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'workgroups'), 0),
         coalesce((SELECT max(id) FROM users), 0),
         coalesce((SELECT max(id) FROM workgroups), 0)) AS n`,
    )!.n;
  }

  async addUser(u: Omit<UserRow, 'id' | 'deleted'>): Promise<UserRow> {
    return this.get<UserRow>(
      `INSERT INTO users (id, account_id, email, name, token, preventlogin, preventprivatedata, administrator)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${USER_COLS}`,
      this.nextPrincipalId(), u.accountId, u.email, u.name, u.token, u.preventlogin, u.preventprivatedata, u.administrator,
    )!;
  }

  async setUserDeleted(accountId: number, id: number, deleted: number | null): Promise<boolean> {
    return this.run('UPDATE users SET deleted = ? WHERE id = ? AND account_id = ?', deleted, id, accountId).changes === 1;
  }

  async setGroupDeleted(accountId: number, id: number, deleted: number | null): Promise<boolean> {
    return this.run('UPDATE workgroups SET deleted = ? WHERE id = ? AND account_id = ?', deleted, id, accountId).changes === 1;
  }

  async findUserByEmail(email: string): Promise<UserRow | undefined> {
    if (!this.state.active) throw new Error('storage: this transaction has already ended');
    return findUser(this.conn, email);
  }

  async listUsers(accountId: number, includeDeleted: boolean): Promise<UserRow[]> {
    return this.all<UserRow>(
      `SELECT ${USER_COLS} FROM users WHERE account_id = ?${notDeleted(includeDeleted)} ORDER BY id`,
      accountId,
    );
  }

  async principalsVersion(accountId: number): Promise<number> {
    return this.get<{ v: number }>('SELECT version AS v FROM principal_versions WHERE account_id = ?', accountId)?.v ?? 0;
  }

  async countUsers(): Promise<number> {
    return this.get<{ n: number }>('SELECT count(*) AS n FROM users')!.n;
  }

  async addGroup(g: Omit<GroupRow, 'id' | 'deleted'>): Promise<GroupRow> {
    return toGroup(
      this.get<RawGroup>(
        `INSERT INTO workgroups (id, account_id, name, email, members) VALUES (?, ?, ?, ?, ?) RETURNING ${GROUP_COLS}`,
        this.nextPrincipalId(), g.accountId, g.name, g.email, JSON.stringify(g.members),
      )!,
    );
  }

  async listGroups(accountId: number, includeDeleted: boolean): Promise<GroupRow[]> {
    return this.all<RawGroup>(
      `SELECT ${GROUP_COLS} FROM workgroups WHERE account_id = ?${notDeleted(includeDeleted)} ORDER BY id`,
      accountId,
    ).map(toGroup);
  }

  // records

  async insertRecord(r: NewRecord): Promise<RecordRow> {
    const id = this.newItemId('record');
    return toRecord(
      this.get<RawRecord>(
        `INSERT INTO records (id, account_id, kind, name, ownership, flagged, fields, created, viewed, updated,
           creator_id, creator_name, modificator_id, modificator_name, name_key, search, item_texts, field_texts)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${RECORD_COLS}`,
        id, r.accountId, r.kind, r.name, r.ownership, r.flagged, JSON.stringify(r.fields), r.created, r.viewed,
        r.updated, r.creatorId, r.creatorName, r.modificatorId, r.modificatorName, ...searchColumns(r),
      )!,
    );
  }

  async getRecord(accountId: number, id: number, opts?: { includeDeleted?: boolean }): Promise<RecordRow | undefined> {
    const raw = this.get<RawRecord>(
      `SELECT ${RECORD_COLS} FROM records WHERE id = ? AND account_id = ?${notDeleted(opts?.includeDeleted)}`,
      id, accountId,
    );
    return raw && this.viewed.overlay(toRecord(raw));
  }

  async getRecords(accountId: number, ids: number[]): Promise<RecordRow[]> {
    if (!ids.length) return [];
    return this.all<RawRecord>(
      `SELECT ${RECORD_COLS} FROM records WHERE id IN (SELECT value FROM json_each(?)) AND account_id = ? AND deleted IS NULL ORDER BY id`,
      JSON.stringify(ids), accountId,
    ).map((r) => this.viewed.overlay(toRecord(r)));
  }

  async updateRecord(r: RecordRow): Promise<void> {
    const { changes } = this.run(
      `UPDATE records SET kind = ?, name = ?, ownership = ?, flagged = ?, fields = ?, created = ?, viewed = ?,
         updated = ?, creator_id = ?, creator_name = ?, modificator_id = ?, modificator_name = ?, deleted = ?,
         name_key = ?, search = ?, item_texts = ?, field_texts = ?
       WHERE id = ? AND account_id = ?`,
      r.kind, r.name, r.ownership, r.flagged, JSON.stringify(r.fields), r.created, r.viewed, r.updated,
      r.creatorId, r.creatorName, r.modificatorId, r.modificatorName, r.deleted, ...searchColumns(r), r.id, r.accountId,
    );
    if (changes !== 1) throw new Error(`storage: no record ${r.id} in account ${r.accountId}`);
  }

  async setRecordDeleted(accountId: number, id: number, deleted: number | null): Promise<void> {
    this.run('UPDATE records SET deleted = ? WHERE id = ? AND account_id = ?', deleted, id, accountId);
  }

  async listRecords(accountId: number, kind: string, opts: { deleted: boolean }): Promise<RecordRow[]> {
    // deleted: false -> the live records; true -> only the soft-deleted ones (filtermode archived).
    return this.all<RawRecord>(
      `SELECT ${RECORD_COLS} FROM records WHERE account_id = ? AND kind = ?
       AND deleted IS ${opts.deleted ? 'NOT NULL' : 'NULL'} ORDER BY id`,
      accountId, kind,
    ).map((r) => this.viewed.overlay(toRecord(r)));
  }

  async pageRecords(accountId: number, q: RecordQuery): Promise<{ count: number; rows: RecordRow[] }> {
    const built = buildRecordQuery(sqliteDialect, accountId, q, RECORD_COLS_R);
    const count = built.unfiltered
      ? (this.get<{ n: number }>('SELECT n FROM record_counts WHERE account_id = ? AND kind = ? AND deleted = ?', accountId, q.kind, q.deleted ? 1 : 0)?.n ?? 0)
      : built.ownerOnly !== undefined
        ? (this.get<{ n: number }>('SELECT n FROM owner_counts WHERE account_id = ? AND kind = ? AND ownership = ?', accountId, q.kind, built.ownerOnly)?.n ?? 0)
        : this.get<{ n: number }>(built.count.sql, named(built.count.params))!.n;
    const rows = count > q.start ? this.all<RawRecord>(built.page.sql, named(built.page.params)).map((r) => this.viewed.overlay(toRecord(r))) : [];
    return { count, rows };
  }

  // category tags

  async insertCategory(c: Omit<CategoryRow, 'id'>): Promise<CategoryRow> {
    return this.get<CategoryRow>(
      `INSERT INTO categories (account_id, kind, name) VALUES (?, ?, ?) RETURNING ${CATEGORY_COLS}`,
      c.accountId, c.kind, c.name,
    )!;
  }

  async listCategories(accountId: number, kind: string): Promise<CategoryRow[]> {
    return this.all<CategoryRow>(
      `SELECT ${CATEGORY_COLS} FROM categories WHERE account_id = ? AND kind = ? ORDER BY id`,
      accountId, kind,
    );
  }

  async getCategory(accountId: number, id: number): Promise<CategoryRow | undefined> {
    return this.get<CategoryRow>(`SELECT ${CATEGORY_COLS} FROM categories WHERE id = ? AND account_id = ?`, id, accountId);
  }

  async addRecordCategory(recordId: number, categoryId: number): Promise<boolean> {
    return (
      this.run(
        'INSERT INTO record_categories (record_id, category_id) VALUES (?, ?) ON CONFLICT DO NOTHING',
        recordId, categoryId,
      ).changes === 1
    );
  }

  async removeRecordCategory(recordId: number, categoryId: number): Promise<boolean> {
    return (
      this.run('DELETE FROM record_categories WHERE record_id = ? AND category_id = ?', recordId, categoryId)
        .changes === 1
    );
  }

  async recordCategories(recordIds: number[]): Promise<Map<number, number[]>> {
    // Every asked id gets an entry (empty when untagged); tag ids ascending.
    const out = new Map<number, number[]>(recordIds.map((id) => [id, []]));
    if (recordIds.length === 0) return out;
    const rows = this.all<{ recordId: number; categoryId: number }>(
      `SELECT record_id AS recordId, category_id AS categoryId FROM record_categories
       WHERE record_id IN (SELECT value FROM json_each(?)) ORDER BY record_id, category_id`,
      JSON.stringify(recordIds),
    );
    for (const r of rows) out.get(r.recordId)!.push(r.categoryId);
    return out;
  }

  // related items (listed in the order they were first added; adding again replaces the note)

  async addRelated(r: RelatedRow): Promise<void> {
    this.run(
      `INSERT INTO related (record_id, related_id, note) VALUES (?, ?, ?)
       ON CONFLICT (record_id, related_id) DO UPDATE SET note = excluded.note`,
      r.recordId, r.relatedId, r.note,
    );
  }

  async removeRelated(recordId: number, relatedId: number): Promise<void> {
    this.run('DELETE FROM related WHERE record_id = ? AND related_id = ?', recordId, relatedId);
  }

  async listRelated(recordId: number): Promise<RelatedRow[]> {
    return this.all<RelatedRow>(
      'SELECT record_id AS recordId, related_id AS relatedId, note FROM related WHERE record_id = ? ORDER BY rowid',
      recordId,
    );
  }

  // custom field definitions

  async insertFieldDef(f: Omit<FieldDefRow, 'id' | 'name'>): Promise<FieldDefRow> {
    return toFieldDef(
      this.get<RawFieldDef>(
        `INSERT INTO field_defs (account_id, kind, label, type, options, categories) VALUES (?, ?, ?, ?, ?, ?)
         RETURNING ${FIELD_DEF_COLS}`,
        f.accountId, f.kind, f.label, f.type, JSON.stringify(f.options), JSON.stringify(f.categories),
      )!,
    );
  }

  async listFieldDefs(accountId: number, kind: string): Promise<FieldDefRow[]> {
    return this.all<RawFieldDef>(
      `SELECT ${FIELD_DEF_COLS} FROM field_defs WHERE account_id = ? AND kind = ? ORDER BY id`,
      accountId, kind,
    ).map(toFieldDef);
  }

  // activities

  async insertActivity(a: NewActivity): Promise<ActivityRow> {
    const id = this.newItemId('activity');
    const row = toActivity(
      this.get<RawActivity>(
        `INSERT INTO activities (id, account_id, record_id, parent_id, segment, typeid, level, position, fields,
           flagged, created, viewed, updated, creator_id, creator_name, modificator_id, modificator_name, search, texts, report_date)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${ACTIVITY_COLS}`,
        id, a.accountId, a.recordId, a.parentId, a.segment, a.typeid, a.level, a.position, JSON.stringify(a.fields),
        a.flagged, a.created, a.viewed, a.updated, a.creatorId, a.creatorName, a.modificatorId, a.modificatorName,
        ...journalColumns(a),
      )!,
    );
    this.setOwners(id, a);
    return row;
  }

  /** The activity's rows of report_owners, rewritten at every write of it. */
  private setOwners(id: number, a: Pick<ActivityRow, 'segment' | 'fields'>, replace = false): void {
    if (replace) this.run('DELETE FROM report_owners WHERE activity_id = ?', id);
    const date = reportDate(a);
    for (const owner of reportOwners(a)) this.run('INSERT INTO report_owners (activity_id, owner_id, report_date) VALUES (?, ?, ?)', id, owner, date);
  }

  async getActivity(accountId: number, id: number, opts?: { includeDeleted?: boolean }): Promise<ActivityRow | undefined> {
    const raw = this.get<RawActivity>(
      `SELECT ${ACTIVITY_COLS} FROM activities WHERE id = ? AND account_id = ?${notDeleted(opts?.includeDeleted)}`,
      id, accountId,
    );
    return raw && toActivity(raw);
  }

  async updateActivity(a: ActivityRow): Promise<void> {
    const { changes } = this.run(
      `UPDATE activities SET record_id = ?, parent_id = ?, segment = ?, typeid = ?, level = ?, position = ?,
         fields = ?, flagged = ?, created = ?, viewed = ?, updated = ?, creator_id = ?, creator_name = ?,
         modificator_id = ?, modificator_name = ?, deleted = ?, search = ?, texts = ?, report_date = ?
       WHERE id = ? AND account_id = ?`,
      a.recordId, a.parentId, a.segment, a.typeid, a.level, a.position, JSON.stringify(a.fields), a.flagged,
      a.created, a.viewed, a.updated, a.creatorId, a.creatorName, a.modificatorId, a.modificatorName, a.deleted,
      ...journalColumns(a), a.id, a.accountId,
    );
    if (changes !== 1) throw new Error(`storage: no activity ${a.id} in account ${a.accountId}`);
    this.setOwners(a.id, a, true);
  }

  async setActivityDeleted(accountId: number, ids: number[], deleted: number | null): Promise<void> {
    if (ids.length === 0) return;
    this.run(
      'UPDATE activities SET deleted = ? WHERE account_id = ? AND id IN (SELECT value FROM json_each(?))',
      deleted, accountId, JSON.stringify(ids),
    );
  }

  async listActivitiesOfRecord(
    accountId: number,
    recordId: number,
    opts?: { includeDeleted?: boolean },
  ): Promise<ActivityRow[]> {
    return this.all<RawActivity>(
      `SELECT ${ACTIVITY_COLS} FROM activities WHERE account_id = ? AND record_id = ?${notDeleted(opts?.includeDeleted)}
       ORDER BY level, parent_id, position, id`,
      accountId, recordId,
    ).map(toActivity);
  }

  async listChildren(accountId: number, parentId: number, opts?: { includeDeleted?: boolean }): Promise<ActivityRow[]> {
    return this.all<RawActivity>(
      `SELECT ${ACTIVITY_COLS} FROM activities WHERE account_id = ? AND parent_id = ?${notDeleted(opts?.includeDeleted)}
       ORDER BY position, id`,
      accountId, parentId,
    ).map(toActivity);
  }

  async listActivities(
    accountId: number,
    opts?: { segments?: string[]; includeDeleted?: boolean },
  ): Promise<ActivityRow[]> {
    // segments undefined: every segment; an empty list matches nothing. Ordered by id.
    const segments = opts?.segments;
    const bySegment = segments ? ' AND segment IN (SELECT value FROM json_each(?))' : '';
    const params: unknown[] = [accountId];
    if (segments) params.push(JSON.stringify(segments));
    return this.all<RawActivity>(
      `SELECT ${ACTIVITY_COLS} FROM activities WHERE account_id = ?${bySegment}${notDeleted(opts?.includeDeleted)}
       ORDER BY id`,
      ...params,
    ).map(toActivity);
  }

  async reportActivities(accountId: number, q: ReportQuery): Promise<ActivityRow[]> {
    const built = buildReportQuery(sqliteDialect, accountId, q, ACTIVITY_COLS_A);
    return this.all<RawActivity>(built.sql, named(built.params)).map(toActivity);
  }

  async getActivities(accountId: number, ids: number[]): Promise<ActivityRow[]> {
    if (!ids.length) return [];
    return this.all<RawActivity>(
      `SELECT ${ACTIVITY_COLS} FROM activities WHERE id IN (SELECT value FROM json_each(?)) AND account_id = ? AND deleted IS NULL ORDER BY id`,
      JSON.stringify(ids), accountId,
    ).map(toActivity);
  }

  async childrenOf(accountId: number, parentIds: number[], segment: string): Promise<ActivityRow[]> {
    if (!parentIds.length) return [];
    return this.all<RawActivity>(
      `SELECT ${ACTIVITY_COLS} FROM activities WHERE account_id = ? AND parent_id IN (SELECT value FROM json_each(?))
       AND segment = ? AND deleted IS NULL ORDER BY created, id`,
      accountId, JSON.stringify(parentIds), segment,
    ).map(toActivity);
  }

  // uploaded files

  async insertFile(f: Omit<FileRow, 'id'>): Promise<FileRow> {
    const id = Number(
      this.run(
        'INSERT INTO files (account_id, filename, contenttype, size, data) VALUES (?, ?, ?, ?, ?)',
        f.accountId, f.filename, f.contenttype, f.size, blob(f.data),
      ).lastInsertRowid,
    );
    return { id, accountId: f.accountId, filename: f.filename, contenttype: f.contenttype, size: f.size, data: new Uint8Array(f.data) };
  }

  async getFile(accountId: number, id: number): Promise<FileRow | undefined> {
    const raw = this.get<RawFile>(`SELECT ${FILE_COLS} FROM files WHERE id = ? AND account_id = ?`, id, accountId);
    return raw && toFile(raw);
  }

  // webhooks and the outbox

  async insertHook(h: Omit<HookRow, 'id'>): Promise<HookRow> {
    const id = Number(
      this.run(
        `INSERT INTO hooks (account_id, type, title, active, event, constrainttype, url, contenttype, secret)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        h.accountId, h.type, h.title, h.active, h.event, h.constrainttype, h.url, h.contenttype, h.secret,
      ).lastInsertRowid,
    );
    return { id, ...h };
  }

  async getHook(accountId: number, id: number): Promise<HookRow | undefined> {
    return this.get<HookRow>(`SELECT ${HOOK_COLS} FROM hooks WHERE id = ? AND account_id = ?`, id, accountId);
  }

  async updateHook(h: HookRow): Promise<void> {
    const r = this.run(
      `UPDATE hooks SET type = ?, title = ?, active = ?, event = ?, constrainttype = ?, url = ?, contenttype = ?, secret = ?
       WHERE id = ? AND account_id = ?`,
      h.type, h.title, h.active, h.event, h.constrainttype, h.url, h.contenttype, h.secret, h.id, h.accountId,
    );
    if (r.changes !== 1) throw new Error(`storage: no hook ${h.id} in account ${h.accountId}`);
  }

  async deleteHook(accountId: number, id: number): Promise<void> {
    this.run('DELETE FROM hooks WHERE id = ? AND account_id = ?', id, accountId);
  }

  async listHooks(accountId: number): Promise<HookRow[]> {
    return this.all<HookRow>(`SELECT ${HOOK_COLS} FROM hooks WHERE account_id = ? ORDER BY id`, accountId);
  }

  async enqueueDeliveries(rows: Omit<DeliveryRow, 'id'>[]): Promise<void> {
    for (const d of rows) {
      this.run(
        `INSERT INTO deliveries (account_id, hook_id, event, object_id, url, content_type, body, signature, webhook_id, attempts,
           next_attempt, status, last_error, claimed_by, claimed_until, created)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        d.accountId, d.hookId, d.event, d.objectId, d.url, d.contentType, d.body, d.signature, d.webhookId, d.attempts,
        d.nextAttempt, d.status, d.lastError, d.claimedBy, d.claimedUntil, d.created,
      );
    }
  }

  async claimDeliveries(now: number, limit: number, leaseMs: number, claimer: string): Promise<DeliveryRow[]> {
    // The transaction is BEGIN IMMEDIATE, so no other writer sees these rows unclaimed.
    const rows = this.all<DeliveryRow>(
      `SELECT ${DELIVERY_COLS} FROM deliveries
       WHERE status = 'pending' AND next_attempt <= ? AND claimed_until <= ? AND ${FIRST_OF_OBJECT}
       ORDER BY next_attempt, id LIMIT ?`,
      now, now, limit,
    );
    for (const d of rows) {
      this.run('UPDATE deliveries SET claimed_by = ?, claimed_until = ? WHERE id = ?', claimer, now + leaseMs, d.id);
      d.claimedBy = claimer;
      d.claimedUntil = now + leaseMs;
    }
    return rows;
  }

  async finishDelivery(
    id: number,
    claimer: string,
    o: { status: DeliveryRow['status']; attempts: number; nextAttempt: number; lastError: string },
  ): Promise<boolean> {
    const r = this.run(
      `UPDATE deliveries SET status = ?, attempts = ?, next_attempt = ?, last_error = ?, claimed_by = NULL, claimed_until = 0
       WHERE id = ? AND claimed_by = ?`,
      o.status, o.attempts, o.nextAttempt, o.lastError, id, claimer,
    );
    return r.changes === 1;
  }

  async listDeliveries(accountId: number): Promise<DeliveryRow[]> {
    return this.all<DeliveryRow>(`SELECT ${DELIVERY_COLS} FROM deliveries WHERE account_id = ? ORDER BY id`, accountId);
  }

  async pendingDeliveries(): Promise<number> {
    return this.get<{ n: number }>(`SELECT count(*) AS n FROM deliveries WHERE status = 'pending'`)?.n ?? 0;
  }

  async nextDeliveryDue(): Promise<number | undefined> {
    return this.get<{ t: number | null }>(`SELECT min(max(next_attempt, claimed_until)) AS t FROM deliveries WHERE status = 'pending' AND ${FIRST_OF_OBJECT}`)?.t ?? undefined;
  }

  async markViewed(id: number, at: number): Promise<void> {
    this.viewed.mark(id, at);
  }

  // the API quota

  async countCalls(userId: number, windowStart: number, n: number): Promise<number> {
    return this.get<{ calls: number }>(
      `INSERT INTO api_calls (user_id, window_start, calls) VALUES (?, ?, ?)
       ON CONFLICT (user_id, window_start) DO UPDATE SET calls = calls + excluded.calls
       RETURNING calls`,
      userId, windowStart, n,
    )!.calls;
  }
}
