// Webhook delivery. enqueue() runs inside the transaction of the change (the outbox), so a
// notification is stored exactly when its change is and a crash loses none. A delivery loop,
// off the request path, claims due deliveries under a lease, POSTs them signed, retries with
// growing delays, and marks them failed after the spec's number of retries. Per receiver url and
// object only the oldest pending delivery is claimed, so notifications of one object arrive in
// order; other receivers and objects go in parallel. Every attempt is logged (GET /hooks/{id}/deliveries).
import { apartFromCalls, StorageOutage } from './storage/outage.ts';
import { createHmac, randomUUID } from 'node:crypto';
import { encode, nameOwnersIn, ownerNamedIn, type CodecTarget } from '../generated/server/dist/codecs/index.js';
import { formatDateTime } from '../generated/server/dist/runtime/dates.js';
import type { ChangeEvent } from './context.ts';
import type { DeliveryRow, HookRow, Storage, Tx } from './storage/port.ts';
import { checkTarget, httpDeliver, systemResolver, type Deliver, type Resolver } from './webhook-guard.ts';
import { renderShow } from './records.ts';
import { ownerNameLookup } from './owners.ts';
import { kindOf, spec } from './facts.ts';
import { fault } from './faults.ts';

export interface WebhookOptions {
  storage: Storage;
  allowPrivate: boolean;
  /** First retry delay; each further retry doubles it. */
  retryBaseMs?: number;
  /** A delivery held by an instance that died is retried by another after this lease. */
  leaseMs?: number;
  timeoutMs?: number;
  /** How often an idle loop looks for deliveries written by another process (default 1 s). */
  pollMs?: number;
  /** Deliveries attempted at the same time (default 20). */
  maxInFlight?: number;
  log: (line: string) => void;
  /** Told of every delivery attempt (request log, metrics). */
  onAttempt?: (attempt: DeliveryAttempt) => void;
  /** false: only write the outbox (CLI commands); another process delivers. */
  deliver?: boolean;
  /** Resolves hook host names (default: the system's resolver). */
  resolver?: Resolver;
  /** Sends one checked delivery (default: node:http(s) to the checked address). */
  send?: Deliver;
  /** A hook is disabled after this many notifications in a row failed for good (default 10; 0: never). */
  disableAfter?: number;
}

/** One delivery attempt and what became of the delivery. */
export interface DeliveryAttempt {
  delivery: number;
  hook: number;
  event: string;
  objectId: number;
  url: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** The receiver's HTTP status; undefined when none answered. */
  status?: number | undefined;
  error: string;
  outcome: 'delivered' | 'retry' | 'failed';
  ms: number;
}

export interface Webhooks {
  /** Writes the deliveries in the change's transaction; returns what to run once it has committed. */
  enqueue(tx: Tx, accountId: number, events: ChangeEvent[], now: number): Promise<(() => void) | void>;
  /** Looks for due deliveries now (after a redelivery was written). */
  poke(): void;
  /**
   * Claims no more and waits for the deliveries in flight; with graceMs, those still running
   * after it have their leases released (due again at once, for whichever instance runs next).
   */
  stop(graceMs?: number): Promise<void>;
}

/** A delivery of `body` to `hook`, signed with its secret, due now: what enqueue and redeliver store. */
export function pendingDelivery(
  hook: HookRow,
  d: Pick<DeliveryRow, 'accountId' | 'event' | 'objectId' | 'contentType' | 'body' | 'webhookId'>,
  now: number,
): Omit<DeliveryRow, 'id'> {
  return {
    ...d,
    hookId: hook.id,
    url: hook.url,
    signature: hook.secret ? sign(d.body, hook.secret) : null,
    attempts: 0,
    nextAttempt: now,
    status: 'pending',
    lastError: '',
    claimedBy: null,
    claimedUntil: 0,
    created: now,
  };
}

/** A new webhook-id (Standard Webhooks): one per notification and hook. */
export const newWebhookId = (): string => `msg_${randomUUID().replace(/-/g, '')}`;

/** webhook-signature (Standard Webhooks v1): base64 HMAC-SHA256 of `id.timestamp.body`, keyed by the hook's secret (UTF-8). */
export function signStandard(webhookId: string, timestamp: number, body: string, secret: string): string {
  return `v1,${createHmac('sha256', secret).update(`${webhookId}.${timestamp}.${body}`, 'utf8').digest('base64')}`;
}

const contentTypes: Record<string, string> = {
  xml: spec.formats.output.xml,
  json: spec.formats.output.json,
  form: spec.formats.input.form[0],
};

/** Does the hook want this change? Active, same event, and constrainttype all or matching. */
function wants(hook: HookRow, e: ChangeEvent): boolean {
  if (hook.active !== 1 || hook.event !== e.event) return false;
  if (hook.constrainttype === 'all' || hook.constrainttype === '') return true;
  return e.kind ? kindOf(e.kind).singular === hook.constrainttype : e.segment === hook.constrainttype;
}

async function content(tx: Tx, accountId: number, e: ChangeEvent): Promise<unknown | undefined> {
  if (e.kind) {
    const row = await tx.getRecord(accountId, e.id, { includeDeleted: true });
    if (!row) return undefined;
    const { status: _, ...show } = await renderShow(tx, { accountId } as Parameters<typeof renderShow>[1], row);
    return show;
  }
  const a = await tx.getActivity(accountId, e.id, { includeDeleted: true });
  if (!a) return undefined;
  return {
    id: a.id,
    name: a.segment,
    typeid: a.typeid,
    item: a.recordId,
    parent: a.parentId,
    level: a.level,
    position: a.position,
    created: formatDateTime(a.created),
    updated: formatDateTime(a.updated),
    creatorid: a.creatorId,
    creatorname: a.creatorName,
    fields: a.fields,
  };
}

export function sign(body: string, secret: string): string {
  // Test-only fault `signature`: the hash leaves out the body's last byte.
  return createHmac('sha256', secret)
    .update(fault('signature') ? body.slice(0, -1) : body, 'utf8')
    .digest('hex');
}

/** The first pause before an outcome's write is tried again, and the longest. */
const RECORD_RETRY_MS = 100;
const RECORD_RETRY_MAX_MS = 2000;

export function startWebhooks(opts: WebhookOptions): Webhooks {
  const { storage, log } = opts;
  const retryBase = opts.retryBaseMs ?? 1000;
  const leaseMs = opts.leaseMs ?? 30_000;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const pollMs = opts.pollMs ?? 1000;
  const maxInFlight = opts.maxInFlight ?? 20;
  const send = opts.send ?? httpDeliver;
  const resolver = opts.resolver ?? systemResolver;
  const disableAfter = opts.disableAfter ?? 10;
  const claimer = randomUUID();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  async function enqueue(tx: Tx, accountId: number, events: ChangeEvent[], now: number) {
    const hooks = await tx.listHooks(accountId);
    if (!hooks.length) return;
    const rows: Omit<DeliveryRow, 'id'>[] = [];
    // A notification's item names its owners as a show does (spec formats.ownerNames).
    let names: ((id: number) => string | undefined) | undefined;
    for (const e of events) {
      const targets = hooks.filter((h) => wants(h, e));
      if (!targets.length) continue;
      const c = await content(tx, accountId, e);
      if (c === undefined) continue;
      const family = e.event.split('.')[0];
      const note = { type: e.event, objectid: e.id, occured: formatDateTime(now), content: c };
      const target = `notification/${family}` as CodecTarget;
      if (ownerNamedIn(target)) nameOwnersIn(target, note, (names ??= await ownerNameLookup(tx, accountId)));
      for (const h of targets) {
        const body = encode(target, h.contenttype as 'xml' | 'json' | 'form', note as never);
        rows.push(
          pendingDelivery(
            h,
            {
              accountId,
              event: e.event,
              objectId: e.id,
              contentType: contentTypes[h.contenttype] ?? contentTypes.xml,
              body,
              webhookId: newWebhookId(),
            },
            now,
          ),
        );
      }
    }
    if (!rows.length) return;
    await tx.enqueueDeliveries(rows);
    // Claimed before the commit, the rows would be invisible and the loop would sleep.
    return poke;
  }

  type Attempt = { ok: boolean; error: string; httpStatus: number | null; durationMs: number };

  async function attempt(d: DeliveryRow, secret: string): Promise<Attempt> {
    const started = Date.now();
    const done = (a: Omit<Attempt, 'durationMs'>): Attempt => ({ ...a, durationMs: Date.now() - started });
    try {
      // Checked at every attempt, and the connection goes to the address checked now.
      const target = await checkTarget(d.url, resolver, opts.allowPrivate);
      if (!target.ok) return done({ ok: false, error: `address refused: ${target.reason}`, httpStatus: null });
      const timestamp = Math.floor(Date.now() / 1000);
      const headers: Record<string, string> = {
        'content-type': `${d.contentType}; charset=utf-8`,
        'webhook-id': d.webhookId,
        'webhook-timestamp': String(timestamp),
      };
      if (d.signature) headers[spec.notification.signature.header.toLowerCase()] = d.signature;
      if (secret) headers['webhook-signature'] = signStandard(d.webhookId, timestamp, d.body, secret);
      const status = await send({
        url: d.url,
        address: target.address,
        family: target.family,
        headers,
        body: d.body,
        timeoutMs,
      });
      return done(
        status >= 200 && status < 300
          ? { ok: true, error: '', httpStatus: status }
          : { ok: false, error: `HTTP ${status}`, httpStatus: status },
      );
    } catch (e) {
      return done({ ok: false, error: e instanceof Error ? `${e.name}: ${e.message}` : String(e), httpStatus: null });
    }
  }

  /**
   * Writes an attempt's outcome, again and again while the delivery's lease is ours: an outcome
   * lost to a passing outage (a timeout, a restart) would have the delivery sent once more when the
   * lease runs out, though the receiver has it. A try that failed yet committed leaves nothing for
   * the next (finishDelivery needs the lease), so the outcome is written once.
   */
  async function recorded<T>(d: DeliveryRow, write: () => Promise<T>): Promise<T> {
    for (let wait = RECORD_RETRY_MS; ; wait = Math.min(wait * 2, RECORD_RETRY_MAX_MS)) {
      try {
        return await write();
      } catch (e) {
        if (stopped || Date.now() + wait >= d.claimedUntil) throw e;
        await new Promise((ok) => setTimeout(ok, wait));
      }
    }
  }

  /** One claimed delivery: attempt it and record the outcome (the lease makes it ours alone). */
  async function deliver(d: DeliveryRow) {
    const hook = await storage.read((tx) => tx.getHook(d.accountId, d.hookId));
    // Deleted, deactivated or moved since: cancellation already took the row, unless it raced us.
    if (!hook || hook.active !== 1 || hook.url !== d.url) {
      await storage.transaction((tx) =>
        tx.finishDelivery(d.id, claimer, {
          status: 'cancelled',
          attempts: d.attempts,
          nextAttempt: d.nextAttempt,
          lastError: 'the hook changed',
        }),
      );
      return;
    }
    const started = performance.now();
    const r = await attempt(d, hook.secret);
    const attempts = d.attempts + 1;
    const retriesLeft = attempts <= spec.notification.retries;
    const outcome = r.ok
      ? { status: 'delivered' as const, attempts, nextAttempt: d.nextAttempt, lastError: '' }
      : retriesLeft
        ? {
            status: 'pending' as const,
            attempts,
            nextAttempt: Date.now() + retryBase * 2 ** (attempts - 1),
            lastError: r.error,
          }
        : { status: 'failed' as const, attempts, nextAttempt: d.nextAttempt, lastError: r.error };
    const now = Date.now();
    const result = await recorded(d, () =>
      storage.transaction(async (tx) => {
        if (!(await tx.finishDelivery(d.id, claimer, outcome))) return { mine: false, disabled: false };
        await tx.recordAttempt({
          accountId: d.accountId,
          hookId: d.hookId,
          deliveryId: d.id,
          attempt: attempts,
          attempted: now - r.durationMs,
          outcome: outcome.status === 'pending' ? 'retrying' : outcome.status,
          httpStatus: r.httpStatus,
          error: r.error,
          durationMs: r.durationMs,
          nextAttempt: outcome.status === 'pending' ? outcome.nextAttempt : null,
        });
        if (outcome.status === 'pending') return { mine: true, disabled: false };
        const reason = `disabled at ${formatDateTime(now)}: the last ${disableAfter} notifications failed after every retry (last: ${r.error})`;
        const disabled = await tx.countOutcome(
          d.accountId,
          d.hookId,
          outcome.status === 'failed',
          disableAfter,
          reason,
        );
        if (disabled) await tx.cancelDeliveries(d.accountId, d.hookId, now, 'the hook was disabled');
        return { mine: true, disabled };
      }),
    );
    if (result.mine)
      opts.onAttempt?.({
        delivery: d.id,
        hook: d.hookId,
        event: d.event,
        objectId: d.objectId,
        url: d.url,
        attempt: attempts,
        status: r.httpStatus ?? undefined,
        error: r.error,
        outcome: outcome.status === 'pending' ? 'retry' : outcome.status,
        ms: performance.now() - started,
      });
    if (result.mine && outcome.status === 'failed')
      log(
        `crmgen: webhook delivery ${d.id} (${d.event} ${d.objectId}) to ${d.url} failed after ${attempts} attempts: ${r.error}`,
      );
  }

  // Deliveries run side by side, each on its own: a slow or hanging receiver holds up only its
  // own notifications, not those of other hooks (up to maxInFlight at a time).
  const inFlight = new Map<Promise<void>, DeliveryRow>();

  async function loop() {
    while (!stopped && inFlight.size < maxInFlight) {
      const now = Date.now();
      const batch = await storage.transaction((tx) =>
        tx.claimDeliveries(now, maxInFlight - inFlight.size, leaseMs, claimer),
      );
      if (!batch.length) break;
      for (const d of batch) {
        const task: Promise<void> = deliver(d)
          // Left for a later attempt (its lease runs out); an outage is logged once by the storage.
          .catch((e: unknown) => {
            if (e instanceof StorageOutage) return;
            log(`crmgen: webhook delivery ${d.id}: ${e instanceof Error ? e.message : String(e)}`);
          })
          .finally(() => {
            inFlight.delete(task);
            poke();
          });
        inFlight.set(task, d);
      }
    }
  }

  function schedule() {
    if (stopped) return;
    clearTimeout(timer);
    const lookAfter = (wait: number) => {
      if (stopped) return;
      clearTimeout(timer);
      timer = setTimeout(poke, wait);
      timer.unref();
    };
    void storage
      .read((tx) => tx.nextDeliveryDue())
      // Also look again after pollMs when nothing is due: another process (crmgen restore,
      // a second instance) may have written to the outbox.
      .then((due) => lookAfter(due === undefined ? pollMs : Math.min(Math.max(0, due - Date.now()) + 5, pollMs)))
      // The database is away (restarting, unreachable): the loop looks again after pollMs, so it
      // resumes by itself once the database is back.
      .catch(() => lookAfter(pollMs));
  }

  // Poked by a call's commit, the loop would otherwise charge its storage work to that call.
  const poke = () => apartFromCalls(lookNow);

  function lookNow() {
    if (stopped || opts.deliver === false) return;
    if (running) {
      again = true;
      return;
    }
    running = loop()
      // An outage is logged once by the storage itself, not at every look of the loop.
      .catch((e: unknown) => {
        if (e instanceof StorageOutage) return;
        log(`crmgen: webhook delivery loop: ${e instanceof Error ? e.message : String(e)}`);
      })
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          poke();
        } else schedule();
      });
  }

  // Deliveries left by an earlier run (or another instance's expired leases).
  if (opts.deliver !== false) setImmediate(poke);

  return {
    enqueue,
    poke,
    async stop(graceMs?: number) {
      stopped = true;
      clearTimeout(timer);
      const finished = (async () => {
        await running;
        await Promise.all(inFlight.keys());
      })();
      if (graceMs === undefined) return finished;
      let timeout: NodeJS.Timeout | undefined;
      const late = await Promise.race([
        finished.then(() => false),
        new Promise<boolean>((ok) => (timeout = setTimeout(() => ok(true), graceMs))),
      ]);
      clearTimeout(timeout);
      if (!late) return;
      // A late answer then finds the lease gone and records nothing; the delivery is sent again (at least once).
      for (const d of inFlight.values()) {
        await storage
          .transaction((tx) =>
            tx.finishDelivery(d.id, claimer, {
              status: 'pending',
              attempts: d.attempts,
              nextAttempt: Date.now(),
              lastError: d.lastError,
            }),
          )
          .catch((e: unknown) =>
            log(`crmgen: releasing webhook delivery ${d.id}: ${e instanceof Error ? e.message : String(e)}`),
          );
      }
    },
  };
}
