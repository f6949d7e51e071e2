// The reference service: the generated handler interface implemented over the storage port.
// Each call runs in one transaction; the changes it made are handed to `onCommit` (webhooks)
// inside that transaction, so an announcement is stored exactly when its change is.
import { timingSafeEqual, createHash } from 'node:crypto';
import {
  createService,
  operations,
  type CallRecord,
  type Dispatch,
  type Handlers,
  type Quota,
} from '../generated/server/dist/index.js';
import { ownerNamedIn, type CodecTarget } from '../generated/server/dist/codecs/index.js';
import type { UserRow, Storage, TransactionOptions, Tx } from './storage/port.ts';
import type { Caller, ChangeEvent } from './context.ts';
import * as records from './records.ts';
import { listRecords } from './list.ts';
import * as activities from './activities.ts';
import * as reports from './reports.ts';
import * as hooks from './hooks.ts';
import { retryAfterOf, spec } from './facts.ts';
import { systemResolver, type Resolver } from './webhook-guard.ts';
import { createLoginThrottle } from './login-throttle.ts';
import { ownerNameLookup } from './owners.ts';
import { hashToken } from './tokens.ts';
import { StorageOutage, type Condition } from './storage/outage.ts';
import { errorKeys } from '../generated/server/dist/types/errors.js';

export interface Principal {
  user: UserRow;
  accountId: number;
}

export interface ReferenceServiceOptions {
  storage: Storage;
  /** Calls allowed per user and window. */
  quota?: { allowed: number; windowSeconds: number };
  clock?: () => number;
  /**
   * Runs inside the transaction of every call that changed something (the webhook outbox); what
   * it returns runs once that transaction has committed (the outbox's delivery loop).
   */
  onCommit?: (tx: Tx, accountId: number, events: ChangeEvent[], now: number) => Promise<(() => void) | void>;
  log?: (line: string) => void;
  /** Failed-login limits (default: the spec's auth.failedLogins; false: none). */
  failedLogins?: { windowSeconds: number; perAddress: number; perAddressAndEmail: number } | false;
  /** Accept hooks whose url is a private or loopback address (development, tests). */
  allowPrivateWebhooks?: boolean;
  /** Resolves hook host names for the address check (default: the system's resolver). */
  webhookResolver?: Resolver;
  /** Called after a redelivery was queued, so the delivery loop looks now. */
  onRedeliver?: () => void;
  /** Told of every answered request and batch part (request log, metrics). */
  observe?: (call: CallRecord<Principal>) => void;
}

export interface ReferenceService {
  dispatch: Dispatch;
  /** Runs fn as a caller of the account, in one transaction, with onCommit (CLI restore uses it). */
  asCaller<T>(principal: Principal, fn: (tx: Tx, caller: Caller) => Promise<T>): Promise<T>;
}

/** Constant-time comparison of two secrets of any length. */
function sameSecret(a: string, b: string): boolean {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y) && a.length === b.length;
}

/** The error key of each outage; its Retry-After is the spec's for the key and the outage's condition. */
const outageKeys: Record<Condition, 'serviceunavailable' | 'insufficientstorage'> = {
  unreachable: 'serviceunavailable',
  readonly: 'serviceunavailable',
  full: 'insufficientstorage',
};

const ORDERS_FIRST: TransactionOptions = { ordersFirst: true };
/** Activities whose parent a service process remembers (the oldest forgotten first). */
const PARENTS_KEPT = 100_000;

const canLogIn = (user: UserRow) => user.deleted === null && user.preventlogin !== 1;
/** Logins remembered by their credentials (oldest forgotten first). */
const REMEMBERED_LOGINS = 1000;

export function createReferenceService(opts: ReferenceServiceOptions): ReferenceService {
  const clock = opts.clock ?? Date.now;
  const quota = opts.quota ?? { allowed: spec.quota.defaultAllowed, windowSeconds: spec.quota.defaultWindowSeconds };
  const { storage } = opts;
  // Read here, so a spec without these values stops the start instead of a first outage.
  const outageAnswers = Object.fromEntries(
    Object.entries(outageKeys).map(([condition, key]) => [
      condition,
      { key, retryAfter: retryAfterOf(key, condition) },
    ]),
  ) as Record<Condition, { key: 'serviceunavailable' | 'insufficientstorage'; retryAfter: number }>;
  const failedLogins = opts.failedLogins ?? spec.auth.failedLogins;
  const loginThrottle = failedLogins ? createLoginThrottle({ ...failedLogins, clock }) : undefined;

  // Answers that name owners read the names in the call's own transaction (no second one on the
  // hot path): the handlers of those operations mark their principal, the transaction leaves the
  // names for the ownerNames hook. A principal serves one call at a time (batch parts run in turn).
  const wantsNames = new Set<Principal>();
  const names = new WeakMap<Principal, (id: number) => string | undefined>();
  const keepNames = async (tx: Tx, p: Principal) => {
    if (wantsNames.has(p)) names.set(p, await ownerNameLookup(tx, p.accountId));
  };

  // Where this process last saw each activity (account and id -> parent): the order locks a move,
  // reorder or delete of it will ask for, guessed. The storage checks the guess (another instance
  // may have moved it): a wrong one only runs the call again holding the right locks. By account:
  // a call naming another account's activity gets no guess (it would wait for that account's locks).
  const parents = new Map<string, number>();
  const under = (accountId: number, id: number, parent: number | undefined) => {
    const key = `${accountId}:${id}`;
    parents.delete(key);
    if (parent === undefined) return;
    parents.set(key, parent);
    if (parents.size > PARENTS_KEPT) parents.delete(parents.keys().next().value!);
  };
  const ordersOf = (accountId: number, id: number, target?: number): TransactionOptions => {
    const now = parents.get(`${accountId}:${id}`);
    if (now === undefined) return ORDERS_FIRST;
    return { ordersFirst: true, orderHint: target !== undefined && target !== now ? [now, target] : [now] };
  };

  async function asCaller<T>(
    p: Principal,
    fn: (tx: Tx, caller: Caller) => Promise<T>,
    txOptions?: TransactionOptions,
  ): Promise<T> {
    // A retried transaction runs fn again: only its last attempt's follow-up runs.
    let committed = undefined as (() => void) | void;
    const result = await storage.transaction(async (tx) => {
      const caller: Caller = {
        user: p.user,
        accountId: p.accountId,
        now: clock,
        events: [],
        under: (id, parent) => under(p.accountId, id, parent),
        parentOf: (id) => parents.get(`${p.accountId}:${id}`),
      };
      const value = await fn(tx, caller);
      await keepNames(tx, p);
      committed =
        caller.events.length && opts.onCommit
          ? await opts.onCommit(tx, p.accountId, caller.events, clock())
          : undefined;
      return value;
    }, txOptions);
    committed?.();
    return result;
  }

  // Logins by their credentials, each with the version of its account's users and groups it was
  // read at (principal_versions, raised by every change of them, in any process): a call whose
  // account still has that version needs one point query instead of the lookup and two hashes.
  // The principal is a new object each call (names and wantsNames are keyed by it).
  const logins = new Map<string, { user: UserRow; version: number }>();
  // Each user's last stored count (user id -> window start, calls): while the database refuses
  // writes (a full disk, read-only) reads go on, their calls counted here from there.
  const lastCounts = new Map<number, { windowStart: number; calls: number }>();

  const urlGuard = {
    allowPrivate: opts.allowPrivateWebhooks ?? false,
    resolver: opts.webhookResolver ?? systemResolver,
  };
  // Calls that only read run in a read transaction: they never wait for another call's writes.
  function asReader<T>(p: Principal, fn: (tx: Tx, caller: Caller) => Promise<T>): Promise<T> {
    return storage.read(async (tx) => {
      const result = await fn(tx, { user: p.user, accountId: p.accountId, now: clock, events: [] });
      await keepNames(tx, p);
      return result;
    });
  }

  const handlers: Handlers<Principal> = {
    listRecords: async (i, p) => {
      // Those filters read viewed times in SQL: store the ones shows marked first.
      if (i.params.filtermode === 'viewed' || i.params.filtermode === 'notviewed') await storage.flushViewed();
      return asReader(p, (tx, c) => listRecords(tx, c, i.kind, i.params));
    },
    createRecord: (i, p) => asCaller(p, (tx, c) => records.createRecord(tx, c, i.kind, i.body)),
    showRecord: (i, p) => asReader(p, (tx, c) => records.showRecord(tx, c, i.kind, i.id)),
    updateRecord: (i, p) => asCaller(p, (tx, c) => records.updateRecord(tx, c, i.kind, i.id, i.body)),
    deleteRecord: (i, p) => asCaller(p, (tx, c) => records.deleteRecord(tx, c, i.kind, i.id)),
    createCategory: (i, p) => asCaller(p, (tx, c) => records.createCategory(tx, c, i.kind, i.body)),
    listCategories: (i, p) => asReader(p, (tx, c) => records.listCategories(tx, c, i.kind)),
    listFields: (i, p) => asReader(p, (tx, c) => records.listFields(tx, c, i.kind)),
    listOwnership: (i, p) => asReader(p, (tx, c) => records.listOwnership(tx, c, i.params)),
    // These ask for the order of the parents they change before writing anything.
    createActivity: (i, p) => asCaller(p, (tx, c) => activities.createActivity(tx, c, i), ORDERS_FIRST),
    updateActivity: (i, p) =>
      asCaller(
        p,
        (tx, c) => activities.updateActivity(tx, c, i),
        activities.reorders(i.body) ? ordersOf(p.accountId, i.id, i.body.parent) : undefined,
      ),
    deleteActivity: (i, p) => asCaller(p, (tx, c) => activities.deleteActivity(tx, c, i), ordersOf(p.accountId, i.id)),
    reportNextactions: (i, p) => asReader(p, (tx, c) => reports.nextactions(tx, c, i.params)),
    reportCalendar: (i, p) => asReader(p, (tx, c) => reports.calendar(tx, c, i.params)),
    reportFollowups: (i, p) => asReader(p, (tx, c) => reports.followups(tx, c, i.params)),
    reportOpportunities: (i, p) => asReader(p, (tx, c) => reports.opportunities(tx, c, i.params)),
    reportActivities: (i, p) => asReader(p, (tx, c) => reports.activities(tx, c, i.params)),
    reportTimetracking: (i, p) => asReader(p, (tx, c) => reports.timetracking(tx, c, i.params)),
    // The url's host is resolved before the transaction: a slow lookup holds no lock.
    createHook: async (i, p) => (
      await hooks.checkHookUrl(i.body.url, urlGuard),
      asCaller(p, (tx, c) => hooks.createHook(tx, c, i.body))
    ),
    updateHook: async (i, p) => (
      await hooks.checkHookUrl(i.body.url, urlGuard),
      asCaller(p, (tx, c) => hooks.updateHook(tx, c, i.id, i.body))
    ),
    listHooks: (i, p) => asReader(p, (tx, c) => hooks.listHooks(tx, c)),
    deleteHook: (i, p) => asCaller(p, (tx, c) => hooks.deleteHook(tx, c, i.id)),
    listHookDeliveries: (i, p) => asCaller(p, (tx, c) => hooks.listHookDeliveries(tx, c, i.id)),
    redeliverHook: async (i, p) => {
      const id = await asCaller(p, (tx, c) => hooks.redeliver(tx, c.accountId, i.id, i.deliveryId, c.now()));
      opts.onRedeliver?.();
      return { id, status: 'success' as const };
    },
  };

  for (const op of operations) {
    if (!Object.values(op.response ?? {}).some((target) => ownerNamedIn(target as CodecTarget))) continue;
    const id = op.id as keyof Handlers<Principal>;
    const handler = handlers[id] as (i: unknown, p: Principal) => Promise<unknown>;
    (handlers as unknown as Record<string, unknown>)[id] = async (i: unknown, p: Principal) => {
      wantsNames.add(p);
      try {
        return await handler(i, p);
      } finally {
        wantsNames.delete(p);
      }
    };
  }

  const dispatch = createService<Principal>(handlers, {
    async authenticate(email, token) {
      // Only the token's hash is stored; the remembered logins keep no plaintext token either.
      const presented = hashToken(token);
      const key = `${email.length}:${email}${presented}`;
      const known = logins.get(key);
      if (known) {
        if ((await storage.principalsVersion(known.user.accountId)) === known.version)
          return { user: known.user, accountId: known.user.accountId };
        logins.delete(key);
      }
      const address = email.trim().toLowerCase();
      const user = await storage.findUserByEmail(address);
      // Compare even when the user is unknown, so timing does not tell which e-mails exist.
      const ok = sameSecret(user?.tokenHash ?? '\u0000no-user', presented);
      if (!user || !ok || !canLogIn(user)) return undefined;
      // Remembered with the version read BEFORE the row it stands for: a change made in between
      // raises the version past it, so the next call looks the user up again.
      const version = await storage.principalsVersion(user.accountId);
      const again = await storage.findUserByEmail(address);
      if (
        again &&
        again.id === user.id &&
        again.accountId === user.accountId &&
        again.tokenHash === user.tokenHash &&
        canLogIn(again)
      ) {
        if (logins.size >= REMEMBERED_LOGINS) logins.delete(logins.keys().next().value!);
        logins.set(key, { user: Object.freeze(again), version });
      }
      return { user, accountId: user.accountId };
    },
    async countCalls(p, n): Promise<Quota> {
      const windowMs = quota.windowSeconds * 1000;
      const windowStart = Math.floor(clock() / windowMs) * windowMs;
      let used: number;
      try {
        used = await storage.countCalls(p.user.id, windowStart, n);
      } catch (e) {
        if (!(e instanceof StorageOutage) || e.condition === 'unreachable') throw e;
        const last = lastCounts.get(p.user.id);
        used = (last?.windowStart === windowStart ? last.calls : 0) + n;
      }
      const full = lastCounts.size >= REMEMBERED_LOGINS && !lastCounts.has(p.user.id);
      if (full) lastCounts.delete(lastCounts.keys().next().value!);
      lastCounts.set(p.user.id, { windowStart, calls: used });
      return { used, allowed: quota.allowed };
    },
    // Fixed windows (as countCalls counts them): whole seconds to the next one, at least 1.
    quotaRetryAfter(): number {
      const windowMs = quota.windowSeconds * 1000;
      return Math.max(1, Math.ceil((windowMs - (clock() % windowMs)) / 1000));
    },
    // Left by the call's transaction (above); otherwise a read, which never waits for writes.
    ownerNames: (p) => {
      const kept = names.get(p);
      names.delete(p);
      return kept ? Promise.resolve(kept) : storage.read((tx) => ownerNameLookup(tx, p.accountId));
    },
    ...(loginThrottle ? { loginThrottle } : {}),
    ...(opts.observe ? { observe: opts.observe } : {}),
    // The database down, timed out, read-only or out of space: the client may retry; the guard
    // (server/storage/outage.ts) logs each episode once.
    outage(error) {
      if (!(error instanceof StorageOutage)) return undefined;
      const a = outageAnswers[error.condition];
      const message = `${errorKeys[a.key].message} (${error.condition})`;
      return { key: a.key, message, headers: { 'retry-after': String(a.retryAfter) } };
    },
    onFault(error, request) {
      // The path only: a query string may carry what the request log would have redacted.
      const path = request.url.split('?')[0];
      opts.log?.(
        `crmgen: 500 on ${request.method} ${path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
    },
  });

  return { dispatch, asCaller };
}
