// Storage faults that are outages, not bugs: a database that cannot be reached, does not answer in
// time or is read-only, and a full disk. Each adapter's driver errors are sorted into these
// conditions here; guardStorage() turns them into a StorageOutage (which the service answers 503
// or 507 with Retry-After instead of 500), logs each episode once (when it starts and when it
// ends) and keeps where things stand for /readyz.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Storage, StorageHealth } from './port.ts';

/**
 * The database time one API call has spent so far. The PostgreSQL adapter bounds the whole of a
 * call's database work (authentication, quota, its transaction) by the statement timeout with it,
 * so a call is answered within that timeout whatever the database does; time spent elsewhere
 * (receiving the body) does not count.
 */
export interface CallBudget {
  spentMs: number;
}
const budgets = new AsyncLocalStorage<CallBudget>();
export const withCallBudget = <T>(budget: CallBudget, fn: () => T): T => budgets.run(budget, fn);
export const callBudget = (): CallBudget | undefined => budgets.getStore();
/**
 * Runs fn, and whatever it starts, outside any call: work a call sets going (webhook deliveries,
 * a flush of viewed times) outlives it and must not spend, nor be bounded by, what is left of its budget.
 */
export const apartFromCalls = <T>(fn: () => T): T => budgets.exit(fn);

/** unreachable: no connection or no answer in time; readonly: writes refused; full: no space for writes. */
export type Condition = 'unreachable' | 'readonly' | 'full';

export class StorageOutage extends Error {
  constructor(
    readonly condition: Condition,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StorageOutage';
  }
}

const code = (e: unknown): string => String((e as { code?: unknown } | null)?.code ?? '');
const text = (e: unknown): string => (e instanceof Error ? e.message : String(e));

// Errors of the operating system's network and file calls.
const NET = new Set([
  ...['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE'],
  ...['EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN'],
]);
// node-postgres and pg-pool name these only by their message.
const PG_LOST = new RegExp(
  '^(Connection terminated|timeout exceeded when trying to connect|Query read timeout' +
    '|Client has encountered a connection error|Client was closed|timeout expired)',
);

/** The condition of an error of node-postgres, or undefined for any other error. */
export function pgCondition(e: unknown): Condition | undefined {
  const c = code(e);
  if (c === '53100') return 'full'; // disk_full
  if (c === '25006') return 'readonly'; // read_only_sql_transaction (a standby, default_transaction_read_only)
  // connection_exception, admin/crash shutdown, cannot_connect_now, too_many_connections, out of
  // memory, query_canceled (our statement_timeout), system errors (I/O).
  if (/^(08|57P0[123]|5300|5320|5330|57014|58)/.test(c)) return 'unreachable';
  if (NET.has(c)) return 'unreachable';
  if (c === 'ENOSPC') return 'full';
  return PG_LOST.test(text(e)) ? 'unreachable' : undefined;
}

/** The condition of an error of better-sqlite3 (or of the fsync after a commit). */
export function sqliteCondition(e: unknown): Condition | undefined {
  const c = code(e);
  if (c === 'SQLITE_FULL' || c === 'ENOSPC' || c === 'EDQUOT') return 'full';
  if (c.startsWith('SQLITE_READONLY') || c === 'EROFS') return 'readonly';
  // Another process holding the write lock past the wait, a disk that fails, a file gone.
  if (/^SQLITE_(BUSY|LOCKED|IOERR|CANTOPEN)/.test(c) || c === 'EIO') return 'unreachable';
  return undefined;
}

/** A background job's failure (viewed times, search index): logged unless an outage, which its episode's lines tell. */
export const unlessOutage =
  (classify: (e: unknown) => Condition | undefined, what: string) =>
  (e: unknown): void => {
    if (!classify(e)) process.stderr.write(`crmgen: ${what} failed: ${text(e)}\n`);
  };

const describe: Record<Condition, string> = {
  unreachable: 'the database cannot be reached or does not answer',
  readonly: 'the database refuses writes (read-only)',
  full: "the database's disk is full",
};

/** A fault this soon after its episode ended continues it (calls in flight fail and succeed mixed a while). */
const SETTLE_MS = 1000;

/**
 * The storage with its outages sorted: every method's driver errors of a known condition become a
 * StorageOutage. An episode starts at its first fault (logged once) and ends when a call that
 * needs what it lacked succeeds again: any call for unreachable, a write for readonly and full.
 * Its end is logged SETTLE_MS later, unless a fault of the same condition came meanwhile: then
 * the episode goes on, unlogged.
 */
export function guardStorage<S extends Storage>(inner: S, classify: (e: unknown) => Condition | undefined): S {
  const since = new Map<Condition, number>();
  /** Episodes just ended: their start, and the timer that logs their end. */
  const ending = new Map<Condition, { since: number; timer: NodeJS.Timeout }>();
  let log = (line: string): void => void process.stderr.write(`${line}\n`);
  const health: StorageHealth = {
    conditions: () => [...since].map(([condition, at]) => ({ condition, since: at, message: describe[condition] })),
    onLog(fn) {
      log = fn;
    },
  };
  const fault = (e: unknown): unknown => {
    if (e instanceof StorageOutage) return e;
    const condition = classify(e);
    if (!condition) return e;
    const ended = ending.get(condition);
    if (ended) {
      clearTimeout(ended.timer);
      ending.delete(condition);
      since.set(condition, ended.since);
    } else if (!since.has(condition)) {
      since.set(condition, Date.now());
      const status = condition === 'full' ? 507 : 503;
      log(`crmgen: storage: ${describe[condition]} (${text(e)}); answering ${status} until it recovers`);
    }
    return new StorageOutage(condition, `${describe[condition]}: ${text(e)}`, { cause: e });
  };
  const recovered = (write: boolean) => {
    if (!since.size) return;
    for (const [condition, start] of since) {
      if (condition !== 'unreachable' && !write) continue;
      since.delete(condition);
      const timer = setTimeout(() => {
        ending.delete(condition);
        log(`crmgen: storage: recovered (${describe[condition]} no more)`);
      }, SETTLE_MS);
      timer.unref();
      ending.set(condition, { since: start, timer });
    }
  };
  const guard = <T>(write: boolean, run: () => Promise<T>): Promise<T> => {
    let started: Promise<T>;
    try {
      started = run();
    } catch (e) {
      return Promise.reject(fault(e));
    }
    return started.then(
      (v) => (write || recovered(false), v),
      (e: unknown) => Promise.reject(fault(e)),
    );
  };
  // Every member of the adapter stays reachable (indexSearchTexts, viewed, ...); the port's
  // methods are replaced on a wrapper that delegates to the adapter itself.
  const guarded: Storage & { health: StorageHealth } = {
    transaction: (fn, opts) => {
      // While writes are refused, only a transaction that wrote something shows they work again.
      const refused = since.has('full') || since.has('readonly');
      const before = refused && inner.writes ? inner.writes() : undefined;
      return guard(true, () => inner.transaction(fn, opts)).then((v) => {
        recovered(before === undefined || inner.writes!() !== before);
        return v;
      });
    },
    read: (fn) => guard(false, () => inner.read(fn)),
    countCalls: (userId, windowStart, n) => guard(false, () => inner.countCalls(userId, windowStart, n)),
    flushViewed: () => guard(false, () => inner.flushViewed()),
    findUserByEmail: (email) => guard(false, () => inner.findUserByEmail(email)),
    principalsVersion: (accountId) => guard(false, () => inner.principalsVersion(accountId)),
    close: () => inner.close(),
    health,
  };
  return new Proxy(inner, {
    get(target, name) {
      if (Object.hasOwn(guarded, name)) return guarded[name as keyof typeof guarded];
      const v = Reflect.get(target, name, target) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}
