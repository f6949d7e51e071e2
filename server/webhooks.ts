// Webhook delivery. enqueue() runs inside the transaction of the change (the outbox), so a
// notification is stored exactly when its change is and a crash loses none. A delivery loop,
// off the request path, claims due deliveries under a lease, POSTs them signed, retries with
// growing delays, and marks them failed after the spec's number of retries.
import { createHmac, randomUUID } from 'node:crypto';
import { encode, type CodecTarget } from '../generated/server/dist/codecs/index.js';
import { formatDateTime } from '../generated/server/dist/runtime/dates.js';
import type { ChangeEvent } from './context.ts';
import type { DeliveryRow, HookRow, Storage, Tx } from './storage/port.ts';
import { isPrivateHost } from './hooks.ts';
import { renderShow } from './records.ts';
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
  /** false: only write the outbox (CLI commands); another process delivers. */
  deliver?: boolean;
  fetch?: typeof fetch;
}

export interface Webhooks {
  enqueue(tx: Tx, accountId: number, events: ChangeEvent[], now: number): Promise<void>;
  stop(): Promise<void>;
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
  return createHmac('sha256', secret).update(fault('signature') ? body.slice(0, -1) : body, 'utf8').digest('hex');
}

export function startWebhooks(opts: WebhookOptions): Webhooks {
  const { storage, log } = opts;
  const retryBase = opts.retryBaseMs ?? 1000;
  const leaseMs = opts.leaseMs ?? 30_000;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const pollMs = opts.pollMs ?? 1000;
  const maxInFlight = opts.maxInFlight ?? 20;
  const send = opts.fetch ?? fetch;
  const claimer = randomUUID();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  async function enqueue(tx: Tx, accountId: number, events: ChangeEvent[], now: number) {
    const hooks = await tx.listHooks(accountId);
    if (!hooks.length) return;
    const rows: Omit<DeliveryRow, 'id'>[] = [];
    for (const e of events) {
      const targets = hooks.filter((h) => wants(h, e));
      if (!targets.length) continue;
      const c = await content(tx, accountId, e);
      if (c === undefined) continue;
      const family = e.event.split('.')[0];
      const note = { type: e.event, objectid: e.id, occured: formatDateTime(now), content: c };
      for (const h of targets) {
        const body = encode(`notification/${family}` as CodecTarget, h.contenttype as 'xml' | 'json' | 'form', note as never);
        rows.push({
          accountId,
          hookId: h.id,
          event: e.event,
          objectId: e.id,
          url: h.url,
          contentType: contentTypes[h.contenttype] ?? contentTypes.xml,
          body,
          signature: h.secret ? sign(body, h.secret) : null,
          attempts: 0,
          nextAttempt: now,
          status: 'pending',
          lastError: '',
          claimedBy: null,
          claimedUntil: 0,
          created: now,
        });
      }
    }
    if (rows.length) {
      await tx.enqueueDeliveries(rows);
      // Deliver once this transaction has committed.
      setImmediate(poke);
    }
  }

  async function attempt(d: DeliveryRow): Promise<{ ok: boolean; error: string }> {
    try {
      if (!opts.allowPrivate && isPrivateHost(new URL(d.url).hostname)) return { ok: false, error: 'address is not public' };
      const headers: Record<string, string> = { 'content-type': `${d.contentType}; charset=utf-8` };
      if (d.signature) headers[spec.notification.signature.header.toLowerCase()] = d.signature;
      const res = await send(d.url, { method: 'POST', headers, body: d.body, signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
      await res.arrayBuffer().catch(() => undefined);
      return res.status >= 200 && res.status < 300 ? { ok: true, error: '' } : { ok: false, error: `HTTP ${res.status}` };
    } catch (e) {
      return { ok: false, error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
    }
  }

  /** One claimed delivery: attempt it and record the outcome (the lease makes it ours alone). */
  async function deliver(d: DeliveryRow) {
    const r = await attempt(d);
    const attempts = d.attempts + 1;
    const retriesLeft = attempts <= spec.notification.retries;
    const outcome = r.ok
      ? { status: 'delivered' as const, attempts, nextAttempt: d.nextAttempt, lastError: '' }
      : retriesLeft
        ? { status: 'pending' as const, attempts, nextAttempt: Date.now() + retryBase * 2 ** (attempts - 1), lastError: r.error }
        : { status: 'failed' as const, attempts, nextAttempt: d.nextAttempt, lastError: r.error };
    const mine = await storage.transaction((tx) => tx.finishDelivery(d.id, claimer, outcome));
    if (mine && outcome.status === 'failed') log(`crmgen: webhook delivery ${d.id} (${d.event} ${d.objectId}) to ${d.url} failed after ${attempts} attempts: ${r.error}`);
  }

  // Deliveries run side by side, each on its own: a slow or hanging receiver holds up only its
  // own notifications, not those of other hooks (up to maxInFlight at a time).
  const inFlight = new Set<Promise<void>>();

  async function loop() {
    while (!stopped && inFlight.size < maxInFlight) {
      const now = Date.now();
      const batch = await storage.transaction((tx) => tx.claimDeliveries(now, maxInFlight - inFlight.size, leaseMs, claimer));
      if (!batch.length) break;
      for (const d of batch) {
        const task: Promise<void> = deliver(d)
          .catch((e: unknown) => log(`crmgen: webhook delivery ${d.id}: ${e instanceof Error ? e.message : String(e)}`))
          .finally(() => {
            inFlight.delete(task);
            poke();
          });
        inFlight.add(task);
      }
    }
  }

  function schedule() {
    if (stopped) return;
    clearTimeout(timer);
    void storage
      .transaction((tx) => tx.nextDeliveryDue())
      .then((due) => {
        if (stopped) return;
        // Also look again after pollMs when nothing is due: another process (crmgen restore,
        // a second instance) may have written to the outbox.
        const wait = due === undefined ? pollMs : Math.min(Math.max(0, due - Date.now()) + 5, pollMs);
        clearTimeout(timer);
        timer = setTimeout(poke, wait);
        timer.unref();
      })
      .catch(() => undefined);
  }

  function poke() {
    if (stopped || opts.deliver === false) return;
    if (running) {
      again = true;
      return;
    }
    running = loop()
      .catch((e: unknown) => log(`crmgen: webhook delivery loop: ${e instanceof Error ? e.message : String(e)}`))
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
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await Promise.all(inFlight);
    },
  };
}
