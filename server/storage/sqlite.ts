// The embedded storage adapter: the storage port (./port.ts) over better-sqlite3.
//
// - Schema: numbered migrations (./migrations/sqlite/, one file each), applied once each at open, each in its own
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
//   Under a steady load a PASSIVE checkpoint never lets the WAL start over, so once it is past
//   WAL_LIMIT_BYTES the writer pauses between two batches while the thread runs a TRUNCATE one.
//   `:memory:` databases have no journal to tune.
// - Transactions: better-sqlite3 is synchronous but the port's transaction body is async, so two
//   requests could otherwise interleave their statements inside one SQLite transaction. Write
//   transactions therefore run one after another (one writer), each in a savepoint of one SQLite
//   transaction that stays open while the WAL's fsyncs are busy: those that arrive meanwhile
//   share its COMMIT and the fsync after it (group commit, SqliteStorage.drain); while another
//   process holds the write lock, BEGIN IMMEDIATE is retried on a timer (busy_timeout would block
//   the event loop). Reads run on a second, read-only connection with
//   their own queue: in WAL mode they see the last commit and never wait for the writer (a
//   :memory: database has one connection, so there they share the writer's queue). A transaction
//   opened from inside another one is refused (./nesting.ts), and a Tx used after its transaction ended throws.
// - Quota counts and the viewed times of shows are kept in memory and stored in batches by a
//   transaction committed with synchronous = NORMAL (./deferred.ts): a power loss may lose the last
//   moment's counts, never an acknowledged create, update or delete. The quota is exact because
//   `crmgen serve` is the file's only service process (its lock, FILE-serve-lock, openQuotaJournal)
//   and appends each count to FILE-quota before the call runs, so a kill -9 loses none.
// - Trigram indexes (records_fts, activities_fts) off the write path: a create no longer indexes
//   its text in its transaction (~80 us a row; ~3 us a row in the indexer's batches). fts_marks.upto
//   is the highest id each index holds; searches take the index's candidates plus the rows above
//   upto (a rowid range), and the exact check after them keeps results exact. The indexer indexes
//   that tail after commits, in a non-durable write job of the writer's queue (its rows are durable
//   already; a batch lost to a crash leaves them in the tail): once INDEX_AT_ROWS rows were
//   inserted or INDEX_AFTER_MS after the first, whichever comes first, at most INDEX_BATCH rows a
//   job. At open it catches up on a tail left by a crash, another process or a bulk load, one job
//   at a time; close() indexes what is left, so the next open starts with none. Every reader of
//   upto (searches, the update triggers, the indexer) reads it in its own transaction: other
//   processes writing the file stay correct (their tails are searched, and indexed by them or here).
// - Records and activities take their ids from one AUTOINCREMENT sequence, the `items` table;
//   `records.id` and `activities.id` reference it, and an activity's parent must be an item.
// - JSON columns (checked with json_valid) hold fields, options, categories and members; files are
//   BLOBs. Statements are prepared once per SQL text and cached.
import { closeSync, fsync, fsyncSync, ftruncateSync, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { Storage, Tx, UserRow } from './port.ts';
import { DeferredWrites } from './deferred.ts';
import { SqlTx, findUserStatement, itemInsert, principalsVersionStatement, type TxState } from './statements.ts';
import { sqliteDialect } from './dialect-sqlite.ts';
import { MIGRATIONS } from './migrations/sqlite/index.ts';
import { Bodies, nestedError } from './nesting.ts';
import { sqliteCondition, unlessOutage } from './outage.ts';

export { MIGRATIONS, sqliteDialect };

type Db = Database.Database;
type Stmt = Database.Statement<unknown[], unknown>;

/** A SQLite storage; indexSearchTexts indexes the search texts not indexed yet (close() does too). */
export type SqliteStore = Storage & Pick<SqliteStorage, 'indexSearchTexts'>;

export interface SqliteOptions {
  /** The WAL's size past which it is emptied between two write batches (default WAL_LIMIT_BYTES). */
  walLimitBytes?: number;
  /**
   * The storage of `crmgen serve`: takes the file's service lock (FILE-serve-lock, see
   * openQuotaJournal), refused while another process holds it, and appends every quota count to
   * FILE-quota before it is used.
   */
  serve?: boolean;
}

/** Another process serves this SQLite file already. */
export class ServeLockError extends Error {
  constructor(file: string) {
    super(
      `${file} is being served by another crmgen serve (its lock ${file}-serve-lock is held): ` +
        'one service process per SQLite file, or the quota would be counted twice; ' +
        'for several instances use PostgreSQL (--db postgres://...)',
    );
    this.name = 'ServeLockError';
  }
}

export function openSqlite(file: string, opts: SqliteOptions = {}): SqliteStore {
  // Taken before anything else: a second service on the file neither migrates nor serves.
  const journal = opts.serve && file !== ':memory:' && file !== '' ? openQuotaJournal(file) : undefined;
  try {
    createPrivately(file);
  } catch (e) {
    closeJournal(journal);
    throw e;
  }
  const db = new Database(file);
  let reader: Db | undefined;
  try {
    configure(db);
    // A migration that dropped secrets (9: plaintext tokens) left their old pages in the WAL: empty it.
    const found = migrate(db);
    if (found > 0 && found < TOKEN_HASHES && !db.memory) db.pragma('wal_checkpoint(TRUNCATE)');
    dropFtsSamples(db);
    // Reads run on a connection of their own: in WAL mode they see the last commit and never
    // wait for the writer. A :memory: database is private to its connection, so reads share it.
    if (!db.memory) {
      reader = new Database(file, { readonly: true });
      reader.pragma('busy_timeout = 5000');
      // No memory mapping (mmap_size): SQLite drops the whole mapping at the first read after any
      // commit (a munmap with its TLB flushes on every core, then the page faults again), so under
      // writes it cost more than it saved. Same-run A/B at 100k contacts: mixed load +12-17%
      // requests/s and a create -8% CPU without it; random shows and searches unchanged.
    }
    // A busy wait inside SQLite would block the event loop (every request) while another process
    // holds the write lock; the writer waits for it asynchronously instead (SqliteStorage.begin).
    db.pragma('busy_timeout = 0');
    // Each write transaction of a group commit runs in a savepoint, whose statement journal (the
    // pages it changes, ~7 a create) SQLite keeps in a temporary file past 64 KiB: a file created,
    // written and unlinked per COMMIT on the event loop. In memory it costs a copy; it serves only
    // ROLLBACK TO (a crash discards the uncommitted transaction anyway). Set after the migrations,
    // whose index builds may sort more than memory should hold.
    db.pragma('temp_store = MEMORY');
    if (journal) foldQuotaJournal(journal, db);
  } catch (e) {
    reader?.close();
    db.close();
    closeJournal(journal);
    throw e;
  }
  return new SqliteStorage(
    db,
    reader,
    db.memory ? undefined : `${db.name}-wal`,
    opts.walLimitBytes ?? WAL_LIMIT_BYTES,
    journal,
  );
}

const closeJournal = (j: QuotaJournal | undefined) => {
  if (!j) return;
  closeSync(j.fd);
  j.lock.close();
};

/** The service lock and the quota journal of a served file (openQuotaJournal). */
interface QuotaJournal {
  lock: Db;
  /** FILE-quota, opened for appending. */
  fd: number;
}

/**
 * What `crmgen serve` holds beside FILE while it runs:
 * - FILE-serve-lock, the service lock: an empty SQLite database held with an exclusive lock
 *   (locking_mode EXCLUSIVE: no other connection may read or write it). A second `crmgen serve` on
 *   FILE fails to take it (ServeLockError): two processes would each count the quota in memory, and
 *   every user would get it twice. The operating system drops the lock when the process ends in
 *   any way (kill -9 included), so no stale lock survives a crash. Other commands never take it.
 * - FILE-quota, the quota's journal: each count is appended as a line `user window calls` before
 *   the call it admits runs. One write() into the page cache, no fsync (about 2 us; an upsert in a
 *   SQLite journal cost 10): a killed process cannot lose it (a power loss can, as before, lose the
 *   last moment's counts). The next start folds the lines into api_calls, so a kill -9 inside a
 *   window hands out no fresh allowance; each background store of the counts empties it again.
 */
function openQuotaJournal(file: string): QuotaJournal {
  const lockPath = `${file}-serve-lock`;
  createPrivately(lockPath);
  const lock = new Database(lockPath);
  try {
    lock.pragma('busy_timeout = 0');
    // Before WAL mode is entered: then the WAL index lives in this process's memory (no -shm file).
    lock.pragma('locking_mode = EXCLUSIVE');
    try {
      lock.pragma('journal_mode = WAL');
      // The first write takes the exclusive lock, kept until close.
      lock.exec('BEGIN IMMEDIATE; CREATE TABLE IF NOT EXISTS held (one INTEGER); COMMIT');
    } catch (e) {
      if ((e as { code?: string }).code === 'SQLITE_BUSY') throw new ServeLockError(file);
      throw e;
    }
    // Read (at start) and appended to; created private.
    return { lock, fd: openSync(`${file}-quota`, 'a+', 0o600) };
  } catch (e) {
    lock.close();
    throw e;
  }
}

/** Counts the last run journaled (a kill -9 left them unstored) join api_calls (the larger wins); the journal starts empty. */
function foldQuotaJournal(journal: QuotaJournal, db: Db): void {
  const counts = new Map<string, [number, number, number]>();
  // A line cut short cannot be: each was one write(), and a kill does not tear a write to a file.
  for (const line of readFileSync(journal.fd, 'latin1').split('\n')) {
    const m = /^(\d+) (\d+) (\d+)$/.exec(line);
    if (!m) continue;
    const [user, window, calls] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const key = `${user}:${window}`;
    if ((counts.get(key)?.[2] ?? -1) < calls) counts.set(key, [user, window, calls]);
  }
  if (counts.size) {
    const keep = db.prepare(
      `INSERT INTO api_calls (user_id, window_start, calls) SELECT ?, ?, ? WHERE EXISTS (SELECT 1 FROM users WHERE id = ?)
       ON CONFLICT (user_id, window_start) DO UPDATE SET calls = max(calls, excluded.calls)`,
    );
    db.transaction(() => {
      for (const [user, window, calls] of counts.values()) keep.run(user, window, calls, user);
    })();
    // Synced before the journal forgets them (here, at start, an fsync costs nothing).
    const fd = openSync(`${db.name}-wal`, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }
  ftruncateSync(journal.fd, 0);
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
    db.pragma(m === 'truncate' ? 'wal_checkpoint(TRUNCATE)' : 'wal_checkpoint(PASSIVE)');
    parentPort.postMessage('');
  } catch (e) {
    parentPort.postMessage(String(e && e.message || e));
  }
});
`;
const betterSqlite3 = createRequire(import.meta.url).resolve('better-sqlite3');

/**
 * The WAL's size past which the writer pauses between two batches for a TRUNCATE checkpoint. A
 * PASSIVE checkpoint never lets the WAL start over while writes keep coming (a commit always lands
 * between the checkpoint and the next write transaction): under a steady load it grew without
 * end (316 MB after 13,000 creates), and every read searches its index.
 */
export const WAL_LIMIT_BYTES = 64 * 1024 * 1024;

/** Checkpoints the WAL off the event loop; falls back to SQLite's own checkpoints when the thread fails. */
class Checkpointer {
  private worker: Worker | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private failed = false;
  private closed = false;
  /** Told when the checkpoint the thread is running ends. */
  private ended: (() => void) | undefined;
  /** Set by a checkpoint that found the WAL past the limit: the writer calls truncate() before its next batch. */
  wantsTruncate = false;

  constructor(
    private readonly file: string,
    private readonly writer: Db,
    private readonly walPath: string,
    private readonly walLimit: number,
  ) {}

  /** Started at the first write (a storage that only reads needs no thread). */
  private start(): Worker {
    const worker = new Worker(CHECKPOINTER, { eval: true, workerData: { file: this.file, module: betterSqlite3 } });
    worker.unref();
    worker.on('message', (error: string) => {
      this.running = false;
      if (error) process.stderr.write(`crmgen: checkpoint failed: ${error}\n`);
      else this.wantsTruncate = walSize(this.walPath) > this.walLimit;
      const ended = this.ended;
      this.ended = undefined;
      ended?.();
    });
    worker.on('error', (e) => this.fallBack(e));
    // An exit not asked for by close() would leave a truncate() waiting for ever.
    worker.on('exit', (code) => this.closed || this.fallBack(new Error(`exited with code ${code}`)));
    this.writer.pragma('wal_autocheckpoint = 0');
    return worker;
  }

  private fallBack(e: unknown): void {
    if (this.failed) return;
    this.failed = true;
    this.running = false;
    this.wantsTruncate = false;
    this.ended?.();
    this.ended = undefined;
    process.stderr.write(
      `crmgen: checkpoint thread failed (${(e as Error).message}); checkpoints run in the writes again\n`,
    );
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

  /**
   * A TRUNCATE checkpoint on the thread; the writer holds no transaction meanwhile and starts none
   * (new writes queue). It waits (busy_timeout) for the reads of older snapshots, copies what the
   * last PASSIVE one left and empties the WAL; new reads go on meanwhile.
   */
  async truncate(): Promise<void> {
    this.wantsTruncate = false;
    if (this.failed || !this.worker) return;
    while (this.running) await new Promise<void>((ok) => (this.ended = ok));
    if (this.failed) return;
    this.running = true;
    const done = new Promise<void>((ok) => (this.ended = ok));
    this.worker.postMessage('truncate');
    await done;
    // Those reads may have kept it from finishing: the next checkpoint looks again.
    this.wantsTruncate = false;
  }

  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.closed = true;
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

const walSize = (path: string): number => {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
};

/** The migration that replaced plaintext tokens by their hashes. */
const TOKEN_HASHES = 9;

/**
 * A new database file is created empty (a valid SQLite database) readable by its owner only: it
 * holds e-mail addresses and hook secrets. SQLite creates its WAL and shared-memory files with the
 * database file's mode, so they are private too. An existing file keeps its mode.
 */
export function createPrivately(file: string): void {
  if (file === ':memory:' || file === '' || file.startsWith('file:')) return;
  try {
    closeSync(openSync(file, 'wx', 0o600));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
}

function configure(db: Db): void {
  if (!db.memory) {
    const mode = db.pragma('journal_mode = WAL', { simple: true });
    if (String(mode).toLowerCase() !== 'wal')
      throw new Error(`sqlite: could not enable WAL (journal_mode is ${String(mode)})`);
    // Commits are made durable by SqliteStorage.synced (an fsync of the WAL off the event loop).
    db.pragma('synchronous = NORMAL');
  }
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
}

/** Brings the schema up to date; returns the version it found. */
function migrate(db: Db): number {
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
      const m = MIGRATIONS[n - 1]!;
      db.exec(m.sql);
      m.backfill?.(db);
      db.pragma(`user_version = ${n}`);
      db.exec('COMMIT');
    } catch (e) {
      if (db.inTransaction) db.exec('ROLLBACK');
      throw new Error(`sqlite: migration ${n} failed: ${(e as Error).message}`, { cause: e });
    }
  }
  return start;
}

/**
 * ANALYZE (or PRAGMA optimize) samples FTS5's term index (sqlite_stat4) like any other: each
 * lookup FTS5 makes in it (two per index segment per search) is then prepared again, since its
 * bound term might change the plan. Those lookups have one plan; their samples go.
 */
function dropFtsSamples(db: Db): void {
  if (db.readonly || !db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat4'").get()) return;
  // ANALYZE sqlite_schema reloads the statistics this connection planned with.
  if (db.prepare("DELETE FROM sqlite_stat4 WHERE tbl IN ('records_fts_idx', 'activities_fts_idx')").run().changes)
    db.exec('ANALYZE sqlite_schema');
}

/** How long a write transaction waits for another process's write lock. */
const BUSY_MS = 5_000;

/** One connection and its statement cache. */
class Conn {
  private readonly statements = new Map<string, Stmt>();

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

  private readonly queries = new Map<string, Query>();

  /**
   * The statement of `sql` for Tx reads: in raw mode (values in an array), each row's object made
   * by a function written for its columns. better-sqlite3 sets each column of an object row by its
   * name, making the name's V8 string (hashed, looked up) per column and row; an object literal of
   * the same names costs a fraction of that (a show's rows were a fifth of its SQLite time).
   */
  query(sql: string): Query {
    let q = this.queries.get(sql);
    if (!q) {
      const stmt = this.db.prepare(sql);
      const names = stmt.reader ? stmt.columns().map((c) => c.name) : [];
      // '__proto__' in a literal would set the prototype: such a statement keeps better-sqlite3's objects.
      if (!stmt.reader || names.includes('__proto__')) q = { stmt };
      else {
        stmt.raw(true);
        const row = new Function(
          'r',
          `return { ${names.map((n, i) => `${JSON.stringify(n)}: r[${i}]`).join(', ')} };`,
        ) as (r: unknown[]) => unknown;
        q = { stmt, row };
      }
      this.queries.set(sql, q);
    }
    return q;
  }

  close(): void {
    this.queries.clear();
    this.statements.clear();
    this.db.close();
  }
}

interface Query {
  stmt: Stmt;
  /** The row object of a raw row; none for a statement that returns no data or runs in object mode. */
  row?: (values: unknown[]) => unknown;
}

interface WriteJob {
  fn: (tx: Tx) => Promise<unknown>;
  durable: boolean;
  ok: (value: unknown) => void;
  fail: (e: unknown) => void;
}

/**
 * Rows inserted that start the indexer at once. Measured under a stream of creates: batches of
 * ~230 rows cost ~3 us a row (the insert trigger: ~80), and a tail of 256 rows added ~50 us to a
 * search of 100k contacts (~1.1 ms); 2,000 added ~300 us.
 */
const INDEX_AT_ROWS = 256;
/** Or this long after the first unindexed insert: a trickle of creates is indexed soon too (at most ~10 jobs a second). */
const INDEX_AFTER_MS = 100;
/** Rows one indexer job takes at most (a few ms of the writer at a catch-up, requests in between). */
const INDEX_BATCH = 2000;
const FTS_TABLES = ['records', 'activities'] as const;

/** Most write transactions sharing one COMMIT. */
const GROUP_MAX = 64;
/** fsyncs of the WAL running at once. */
const SYNCS_AT_ONCE = 2;

class SqliteStorage implements Storage {
  private readonly jobs: WriteJob[] = [];
  private draining: Promise<void> | undefined;
  /** The transaction open on the writer and the write transactions done in it, awaiting its COMMIT. */
  private batch: [WriteJob, unknown][] | undefined;
  /** Resumes a drain waiting for a job or a free fsync. */
  private wake: (() => void) | undefined;
  private readonly writer: Conn;
  private readonly reader: Conn;
  private readonly bodies = new Bodies();
  private closing = false;
  readonly viewed: DeferredWrites;
  /** The quota counters of this process, user:window -> calls (stored by the flush). */
  private readonly calls = new Map<string, { userId: number; windowStart: number; calls: number; stored: number }>();

  private readonly checkpointer: Checkpointer | undefined;

  constructor(
    db: Db,
    reader: Db | undefined,
    private readonly walPath: string | undefined,
    walLimit: number,
    /** The quota journal and service lock, when this storage serves the file (openQuotaJournal). */
    private readonly journal?: QuotaJournal,
  ) {
    this.writer = new Conn(db);
    this.checkpointer = walPath ? new Checkpointer(db.name, db, walPath, walLimit) : undefined;
    this.reader = reader ? new Conn(reader) : this.writer;
    const quiet = unlessOutage(sqliteCondition, 'storing viewed times');
    this.viewed = new DeferredWrites((times) => this.storeDeferred(times), quiet);
    // A tail left by a crash, another process or a bulk load: indexed once open has returned.
    if (this.tailWaiting()) setImmediate(() => this.indexSoon());
  }

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.write(fn, true);
  }

  read<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    if (this.reader === this.writer) return this.write(fn, true);
    if (this.bodies.nested()) return Promise.reject(nestedError());
    if (this.closing) return Promise.reject(new Error('storage is closed'));
    return this.runRead(fn);
  }

  /**
   * The read transaction open on the reader, shared by the reads that start in one turn of the
   * event loop (authentication's point queries included): BEGIN, COMMIT and the WAL read lock
   * (two fcntl calls) once per turn instead of twice per call. Every request served in a turn had
   * arrived before the turn's poll returned, so a snapshot taken in it holds every commit
   * acknowledged before the request: one of another process (whose acknowledgement the client
   * may have seen) at the latest before that poll, one of this process's writer (whose COMMIT
   * closes the shared snapshot to new reads, below) before the COMMIT. New reads join until the
   * turn ends (setImmediate) or the writer commits; then the snapshot ends once its last read is
   * done, and reads arriving meanwhile wait for that (as they waited for each other before).
   */
  private snapshot: { users: number; joinable: boolean } | undefined;
  private readonly snapshotWaiters: (() => void)[] = [];

  /** Joins the shared snapshot (opening one when none is open); false while one is ending. */
  private join(): boolean {
    const s = this.snapshot;
    if (s) {
      if (!s.joinable) return false;
      s.users++;
      return true;
    }
    // A deferred BEGIN: the snapshot is taken by the first read, no write lock.
    this.reader.control('BEGIN');
    const opened = { users: 1, joinable: true };
    this.snapshot = opened;
    setImmediate(() => this.endSnapshot(opened));
    return true;
  }

  private leave(): void {
    const s = this.snapshot!;
    if (--s.users === 0 && !s.joinable) this.closeSnapshot();
  }

  /** No new read joins `s`; it commits once its reads are done. */
  private endSnapshot(s: { users: number; joinable: boolean } | undefined = this.snapshot): void {
    if (!s || this.snapshot !== s || !s.joinable) return;
    s.joinable = false;
    if (s.users === 0) this.closeSnapshot();
  }

  private closeSnapshot(): void {
    this.snapshot = undefined;
    try {
      // SQLite may have ended it already (an I/O error rolls a transaction back).
      if (this.reader.db.inTransaction) this.reader.control('COMMIT');
    } finally {
      for (const ok of this.snapshotWaiters.splice(0)) ok();
    }
  }

  /** Runs `read` inside the shared snapshot (it ends by the time read's promise settles). */
  private async inSnapshot<T>(read: () => T | Promise<T>): Promise<T> {
    while (!this.join()) await new Promise<void>((ok) => this.snapshotWaiters.push(ok));
    try {
      return await read();
    } finally {
      this.leave();
    }
  }

  /** Rows inserted by this process since the last indexer job started (what schedules the next). */
  private unindexed = 0;
  private indexTimer: NodeJS.Timeout | undefined;
  private indexing: Promise<void> | undefined;
  private indexAgain = false;

  /** Called by each insert of a record or activity. */
  private readonly inserted = (): void => {
    if (++this.unindexed >= INDEX_AT_ROWS) this.indexSoon();
    else if (!this.indexTimer) {
      this.indexTimer = setTimeout(() => this.indexSoon(), INDEX_AFTER_MS);
      this.indexTimer.unref();
    }
  };

  /** Starts the indexer (once the current turn's requests are queued), or another pass of the running one. */
  private indexSoon(): void {
    if (this.closing) return;
    clearTimeout(this.indexTimer);
    this.indexTimer = undefined;
    if (this.indexing) this.indexAgain = true;
    else
      // The rows stay in the tail (searched all the same); the next insert or close() tries again.
      this.startIndexer().catch(unlessOutage(sqliteCondition, 'indexing search texts'));
  }

  private startIndexer(): Promise<void> {
    const run = (async () => {
      // Within the turn: the requests read in it queue their writes first.
      await new Promise((ok) => setImmediate(ok));
      do {
        this.indexAgain = false;
        // A long tail: one job per batch, the requests queued meanwhile in between.
        if (this.tailWaiting())
          while (await this.write(async () => this.indexBatch(), false)) await new Promise((ok) => setImmediate(ok));
      } while (this.indexAgain);
    })();
    this.indexing = run;
    void run.then(
      () => this.indexing === run && (this.indexing = undefined),
      () => this.indexing === run && (this.indexing = undefined),
    );
    return run;
  }

  /**
   * Whether a table has rows above its upto, as the writer sees them (its open batch included).
   * Spares the write transaction of an empty tail (its write lock, the checkpoint thread it starts).
   */
  private tailWaiting(): boolean {
    try {
      return FTS_TABLES.some(
        (t) =>
          this.writer
            .stmt(`SELECT 1 FROM ${t} WHERE id > (SELECT upto FROM fts_marks WHERE tbl = '${t}') LIMIT 1`)
            .get() !== undefined,
      );
    } catch {
      return true; // a busy file: the indexer's job waits for it (and reports a failure)
    }
  }

  /**
   * One indexer job (on the writer, in its transaction): up to INDEX_BATCH rows of each tail into
   * their index, and upto past them. True when a tail may hold more.
   */
  private indexBatch(): boolean {
    this.unindexed = 0;
    const w = this.writer;
    let more = false;
    for (const t of FTS_TABLES) {
      const { upto } = w.stmt('SELECT upto FROM fts_marks WHERE tbl = ?').get(t) as { upto: number };
      const { end, n } = w
        .stmt(
          `SELECT max(id) AS end, count(*) AS n FROM (SELECT id FROM ${t} WHERE id > ? ORDER BY id LIMIT ${INDEX_BATCH})`,
        )
        .get(upto) as { end: number | null; n: number };
      if (end === null) continue;
      w.stmt(`INSERT INTO ${t}_fts (rowid, search) SELECT id, search FROM ${t} WHERE id > ? AND id <= ?`).run(
        upto,
        end,
      );
      w.stmt('UPDATE fts_marks SET upto = ? WHERE tbl = ?').run(end, t);
      if (n === INDEX_BATCH) more = true;
    }
    return more;
  }

  /** Indexes the whole tail now (close() does; tests force it). */
  async indexSearchTexts(): Promise<void> {
    clearTimeout(this.indexTimer);
    this.indexTimer = undefined;
    while (this.indexing) await this.indexing.catch(() => undefined);
    await this.startIndexer();
  }

  private async runRead<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    const state: TxState = { active: true };
    try {
      return await this.inSnapshot(() =>
        this.bodies.run(fn, new SqliteTx(this.reader, state, this.viewed, this.inserted)),
      );
    } finally {
      state.active = false;
    }
  }

  /** One statement outside any transaction: in the shared snapshot (on :memory:, queued as a read while the writer has one open). */
  private point<T>(run: (conn: Conn) => T, orRead: (tx: Tx) => Promise<T>): Promise<T> {
    if (this.closing || (this.reader === this.writer && this.writer.db.inTransaction)) return this.read(orRead);
    if (this.reader === this.writer) {
      try {
        return Promise.resolve(run(this.reader));
      } catch (e) {
        return Promise.reject(e);
      }
    }
    // Joined at once unless the snapshot is ending (then after it, like a read).
    let joined = false;
    try {
      joined = this.join();
      if (joined) return Promise.resolve(run(this.reader));
    } catch (e) {
      return Promise.reject(e);
    } finally {
      if (joined) this.leave();
    }
    return this.inSnapshot(() => run(this.reader));
  }

  private write<T>(fn: (tx: Tx) => Promise<T>, durable: boolean): Promise<T> {
    if (this.bodies.nested()) return Promise.reject(nestedError());
    if (this.closing) return Promise.reject(new Error('storage is closed'));
    return new Promise<T>((ok, fail) => {
      this.jobs.push({ fn, durable, ok: ok as (v: unknown) => void, fail });
      this.wake?.();
      this.draining ??= this.drain();
    });
  }

  /**
   * Group commit. The writer keeps one SQLite transaction open (`batch`) while it has work: each
   * write transaction runs in a savepoint of its own inside it as soon as it arrives (one that
   * fails rolls back alone), and the batch COMMITs only when an fsync of the WAL can start at
   * once (or it is full). So the writes that arrive while the disk is busy with earlier ones share
   * one COMMIT (one pass over the WAL and the full-text index instead of one each), then one
   * fsync; each is acknowledged only after both (`synced`). The wait costs no latency: the commit
   * happens when the fsync it needs could start anyway. Before committing, the batch also waits one
   * turn of the event loop, for the requests read in the same turn (on a file database: in memory
   * nothing waits for a disk, and reads share the writer's connection, so they would wait).
   */
  private async drain(): Promise<void> {
    try {
      let waited = false;
      for (;;) {
        if (this.jobs.length) {
          await this.runJobs();
          continue;
        }
        if (!this.batch) return;
        const full = this.batch.length >= GROUP_MAX;
        if (!full && !waited && this.walPath) {
          waited = true;
          await new Promise((ok) => setImmediate(ok));
        } else if (!full && !this.syncFree()) {
          await new Promise<void>((ok) => (this.wake = ok));
          this.wake = undefined;
        } else {
          waited = false;
          this.commit();
        }
      }
    } catch (e) {
      // A statement outside the bodies failed (SAVEPOINT, ROLLBACK TO): nothing of the batch commits.
      try {
        if (this.writer.db.inTransaction) this.writer.control('ROLLBACK');
      } catch {
        // the connection is unusable: the next BEGIN will say so
      }
      for (const [j] of this.batch ?? []) j.fail(e);
      this.batch = undefined;
      for (const j of this.jobs.splice(0)) j.fail(e);
    } finally {
      this.draining = undefined;
    }
  }

  /** Whether the fsync a COMMIT now would need could start at once. */
  private syncFree(): boolean {
    return !this.walPath || this.syncs.size < SYNCS_AT_ONCE;
  }

  /** Runs the queued write transactions in the open batch (BEGIN IMMEDIATE when none is open). */
  private async runJobs(): Promise<void> {
    const conn = this.writer;
    const db = conn.db;
    if (!this.batch) {
      // Between two batches: the only moment a checkpoint can empty the WAL under a steady load.
      if (this.checkpointer?.wantsTruncate) await this.checkpointer.truncate();
      try {
        await this.begin(conn, 'BEGIN IMMEDIATE');
      } catch (e) {
        for (const j of this.jobs.splice(0)) j.fail(e);
        return;
      }
      this.batch = [];
    }
    const batch = this.batch;
    while (this.jobs.length && batch.length < GROUP_MAX) {
      // The first of a batch needs no savepoint (it copies every page the job changes): should it
      // fail, the whole transaction, holding nothing else, rolls back.
      const alone = batch.length === 0;
      if (!alone) conn.control('SAVEPOINT job');
      const job = this.jobs.shift()!;
      const state: TxState = { active: true };
      try {
        const value = await this.bodies.run(job.fn, new SqliteTx(conn, state, this.viewed, this.inserted));
        state.active = false;
        if (!alone) conn.control('RELEASE job');
        batch.push([job, value]);
      } catch (e) {
        state.active = false;
        job.fail(e);
        if (alone) {
          if (db.inTransaction) conn.control('ROLLBACK');
          this.batch = undefined;
          return;
        }
        if (db.inTransaction) {
          conn.control('ROLLBACK TO job');
          conn.control('RELEASE job');
        } else {
          // SQLite rolled the whole transaction back (I/O error, disk full): the others of the
          // batch run again in a new one (a body may run more than once: Storage.transaction).
          this.jobs.unshift(...batch.map(([j]) => j));
          this.batch = undefined;
          return;
        }
      }
    }
  }

  /** COMMITs the batch; its transactions are acknowledged after the fsync (viewed times and quota counts need none). */
  private commit(): void {
    const conn = this.writer;
    const done = this.batch!;
    this.batch = undefined;
    try {
      conn.control('COMMIT');
    } catch (e) {
      if (conn.db.inTransaction) conn.control('ROLLBACK');
      for (const [j] of done) j.fail(e);
      return;
    }
    // Reads that start from now on see this commit: the shared snapshot takes no more of them.
    this.endSnapshot();
    for (const [j, value] of done) {
      if (j.durable && this.walPath) this.synced(() => j.ok(value), j.fail);
      else j.ok(value);
    }
    if (done.length) this.checkpointer?.soon();
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
      this.wake?.();
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
    // Counted here, exactly (crmgen serve is the file's only service process: openQuotaJournal);
    // journaled at once, stored in api_calls in the background with the viewed times.
    const key = `${userId}:${windowStart}`;
    let c = this.calls.get(key);
    if (!c) {
      for (const [k, old] of this.calls)
        if (old.windowStart < windowStart && old.stored === old.calls) this.calls.delete(k);
      const row = this.reader
        .stmt('SELECT calls FROM api_calls WHERE user_id = ? AND window_start = ?')
        .get(userId, windowStart) as { calls: number } | undefined;
      c = { userId, windowStart, calls: row?.calls ?? 0, stored: row?.calls ?? 0 };
      this.calls.set(key, c);
    }
    c.calls += n;
    // In the journal before the call runs: a kill -9 from here on cannot hand these calls out again.
    if (this.journal) writeSync(this.journal.fd, `${userId} ${windowStart} ${c.calls}\n`);
    this.viewed.kick();
    return c.calls;
  }

  flushViewed(): Promise<void> {
    return this.viewed.flush();
  }

  /** Rows written on the writer's connection so far (tells a write that worked from an empty one after a full disk). */
  writes(): number {
    return (this.writer.stmt('SELECT total_changes() AS n').get() as { n: number }).n;
  }

  findUserByEmail(email: string): Promise<UserRow | undefined> {
    return this.point(
      (conn) => conn.stmt(findUserStatement(sqliteDialect)).get(email) as UserRow | undefined,
      (tx) => tx.findUserByEmail(email),
    );
  }

  principalsVersion(accountId: number): Promise<number> {
    return this.point(
      (conn) => (conn.stmt(principalsVersionStatement).get(accountId) as { v: number } | undefined)?.v ?? 0,
      (tx) => tx.principalsVersion(accountId),
    );
  }

  private storeDeferred(times: [number, number][]): Promise<void> {
    const counts = [...this.calls.values()].filter((c) => c.calls !== c.stored).map((c) => ({ c, calls: c.calls }));
    if (!times.length && !counts.length) return Promise.resolve();
    return this.write(async () => {
      const setViewed = this.writer.stmt('UPDATE records SET viewed = ? WHERE id = ?');
      for (const [id, at] of times) setViewed.run(at, id);
      const setCalls = this.writer.stmt(
        `INSERT INTO api_calls (user_id, window_start, calls) VALUES (?, ?, ?)
           ON CONFLICT (user_id, window_start) DO UPDATE SET calls = max(calls, excluded.calls)`,
      );
      for (const { c, calls } of counts) setCalls.run(c.userId, c.windowStart, calls);
    }, false).then(() => {
      for (const { c, calls } of counts) c.stored = Math.max(c.stored, calls);
      // Committed (in the page cache, as the journal is): the journal keeps only what is not stored.
      if (this.journal && counts.length) {
        ftruncateSync(this.journal.fd, 0);
        for (const c of this.calls.values())
          if (c.calls > c.stored) writeSync(this.journal.fd, `${c.userId} ${c.windowStart} ${c.calls}\n`);
      }
    });
  }

  async close(): Promise<void> {
    if (this.closing) return;
    await this.viewed.flush();
    // The next open then starts with no tail (left, it would be correct too: searched, indexed then).
    try {
      await this.indexSearchTexts();
    } catch (e) {
      process.stderr.write(`crmgen: indexing search texts failed: ${(e as Error).message}\n`);
    }
    this.closing = true;
    clearTimeout(this.indexTimer);
    await this.draining; // let queued transactions finish
    while (this.snapshot) {
      this.endSnapshot();
      if (this.snapshot) await new Promise<void>((ok) => this.snapshotWaiters.push(ok));
    }
    while (this.syncs.size) await Promise.all(this.syncs);
    await this.checkpointer?.close();
    if (this.walFd !== undefined) closeSync(this.walFd);
    if (this.reader !== this.writer) this.reader.close();
    this.writer.close();
    // Every count stored (the flush above): the journal is emptied, so it cannot outlive the file
    // it counts for (a new database beside an old journal would inherit its counts). A count made
    // after the flush keeps its line, for the next start to fold.
    if (this.journal && [...this.calls.values()].every((c) => c.calls <= c.stored)) ftruncateSync(this.journal.fd, 0);
    closeJournal(this.journal);
  }
}

/** The shared statements (./statements.ts) on one of this storage's connections. */
class SqliteTx extends SqlTx {
  constructor(
    private readonly conn: Conn,
    state: TxState,
    viewed: DeferredWrites,
    private readonly inserted: () => void,
  ) {
    super(sqliteDialect, state, viewed);
  }

  protected all<R>(sql: string, params: unknown[]): R[] {
    const { stmt, row } = this.conn.query(sql);
    if (!stmt.reader) {
      stmt.run(...params);
      return [];
    }
    const rows = stmt.all(...params) as unknown[];
    if (row) for (let i = 0; i < rows.length; i++) rows[i] = row(rows[i] as unknown[]);
    return rows as R[];
  }

  protected changes(sql: string, params: unknown[]): number {
    return this.conn.stmt(sql).run(...params).changes;
  }

  protected insertItem(type: 'record' | 'activity', table: string, cols: string[], values: unknown[]): number {
    const id = Number(this.conn.stmt('INSERT INTO items (type) VALUES (?)').run(type).lastInsertRowid);
    this.conn.stmt(itemInsert(table, cols)).run(id, ...values);
    this.inserted();
    return id;
  }

  /**
   * Users and workgroups share one id space: an ownership or assignedto value is "a user id or a
   * workgroup id", so the two tables must never hand out the same id (they did: user 1 and group 1).
   * A new one takes 1 + the highest id either table ever gave out (AUTOINCREMENT never reuses).
   */
  protected principalId(): number {
    return (
      this.conn
        .stmt(
          `SELECT 1 + max(
         coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'users'), 0),
         coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'workgroups'), 0),
         coalesce((SELECT max(id) FROM users), 0),
         coalesce((SELECT max(id) FROM workgroups), 0)) AS n`,
        )
        .get() as { n: number }
    ).n;
  }
}
