// The hooks resource: create, update, list, delete webhooks of the caller's account.
import type * as T from '../generated/server/dist/types/index.js';
import { ServiceError } from '../generated/server/dist/index.js';
import type { HookRow, Tx } from './storage/port.ts';
import type { Caller } from './context.ts';
import { spec } from './facts.ts';
import { formatDateTime } from '../generated/server/dist/runtime/dates.js';
import { checkTarget, type Resolver } from './webhook-guard.ts';
import { newWebhookId, pendingDelivery } from './webhooks.ts';

/** Attempts listed by GET /hooks/{id}/deliveries. */
const LOG_LIMIT = 100;

const defaults = Object.fromEntries(
  spec.hooks.fields
    .filter((f) => f.shape.kind === 'scalar' && f.shape.default !== undefined)
    .map((f) => [f.name, (f.shape as { default: string | number }).default]),
);
const valueList = (name: string) => spec.values.find((v) => v.name === name)!.values.map((e) => e.value);

/** constrainttype must belong to the event's family (items.* kinds, activities.* segments). */
function checkConstraint(event: string, constrainttype: string) {
  const family = event.split('.')[0];
  const list = spec.hooks.constraintsByEventFamily[family];
  const allowed = list ? valueList(list) : [];
  if (!allowed.includes(constrainttype)) {
    throw new ServiceError(
      'notinlist',
      `constrainttype: ${JSON.stringify(constrainttype)} does not apply to ${event}; allowed: ${allowed.join(', ')}`,
      'constrainttype',
    );
  }
}

/** Where hook addresses are checked: names resolved by `resolver`, private ones refused unless allowed. */
export interface UrlGuard {
  allowPrivate: boolean;
  resolver: Resolver;
}

/** The url's form (absolute, http or https); no lookup, so it may run inside a transaction. */
function checkUrlForm(url: string): URL {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new ServiceError('invalidvalue', `url: ${JSON.stringify(url)} is not an absolute address`, 'url');
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw new ServiceError('invalidvalue', `url: only http and https addresses can receive notifications`, 'url');
  return u;
}

/** Form and address of a hook url; resolves the host, so call it before the transaction. */
export async function checkHookUrl(url: unknown, guard: UrlGuard): Promise<void> {
  if (typeof url !== 'string') return; // the validators have answered already
  checkUrlForm(url);
  if (guard.allowPrivate) return; // any address will do: nothing to look up until a delivery
  const target = await checkTarget(url, guard.resolver, false);
  if (!target.ok)
    throw new ServiceError('invalidvalue', `url: not a publicly reachable address: ${target.reason}`, 'url');
}

function render(h: HookRow): T.Hook {
  return {
    id: h.id,
    type: h.type as T.Hook['type'],
    title: h.title,
    active: h.active,
    event: h.event as T.Hook['event'],
    constrainttype: h.constrainttype,
    url: h.url,
    contenttype: h.contenttype as T.Hook['contenttype'],
    secret: h.secret,
    ...(h.disabledReason ? { disabledreason: h.disabledReason } : {}),
  };
}

/** The url was checked by checkHookUrl before the transaction. */
export async function createHook(tx: Tx, caller: Caller, body: T.HookCreate): Promise<T.CreateHookResponse> {
  const merged = { ...defaults, ...body } as Required<T.HookCreate>;
  checkConstraint(merged.event, String(merged.constrainttype));
  checkUrlForm(merged.url);
  const row = await tx.insertHook({
    accountId: caller.accountId,
    type: String(merged.type),
    title: merged.title ?? '',
    active: merged.active === 0 ? 0 : 1,
    event: merged.event,
    constrainttype: String(merged.constrainttype),
    url: merged.url,
    contenttype: String(merged.contenttype),
    secret: merged.secret ?? '',
  });
  return { ...body, id: row.id, status: 'success' };
}

async function load(tx: Tx, caller: Caller, id: number): Promise<HookRow> {
  const row = await tx.getHook(caller.accountId, id);
  if (!row) throw new ServiceError('itemisnotfound');
  return row;
}

/** A given url was checked by checkHookUrl before the transaction. */
export async function updateHook(
  tx: Tx,
  caller: Caller,
  id: number,
  body: T.HookUpdate,
): Promise<T.UpdateHookResponse> {
  const row = await load(tx, caller, id);
  const next: HookRow = { ...row, ...(body as Partial<HookRow>), id: row.id, accountId: row.accountId };
  if (body.event !== undefined || body.constrainttype !== undefined) checkConstraint(next.event, next.constrainttype);
  if (body.url !== undefined) checkUrlForm(next.url);
  await tx.updateHook(next);
  // Queued notifications go nowhere once the hook is off or elsewhere; a new url gets the changes made after it.
  if (row.active === 1 && next.active === 0)
    await tx.cancelDeliveries(row.accountId, id, caller.now(), 'the hook was deactivated');
  else if (next.url !== row.url) await tx.cancelDeliveries(row.accountId, id, caller.now(), 'the hook url changed');
  if (row.active === 0 && next.active === 1) await tx.resetHookHealth(row.accountId, id);
  return { status: 'success' };
}

export async function listHooks(tx: Tx, caller: Caller): Promise<T.ListHooksResponse> {
  return { hooks: (await tx.listHooks(caller.accountId)).map(render), status: 'success' };
}

export async function deleteHook(tx: Tx, caller: Caller, id: number): Promise<T.DeleteHookResponse> {
  await load(tx, caller, id);
  await tx.cancelDeliveries(caller.accountId, id, caller.now(), 'the hook was deleted');
  await tx.deleteHook(caller.accountId, id);
  return { status: 'success' };
}

export async function listHookDeliveries(tx: Tx, caller: Caller, id: number): Promise<T.ListHookDeliveriesResponse> {
  await load(tx, caller, id);
  const deliveries = (await tx.listAttempts(caller.accountId, id, LOG_LIMIT)).map((a): T.HookDelivery => ({
    id: a.deliveryId,
    webhookid: a.webhookId,
    event: a.event as T.HookDelivery['event'],
    objectid: a.objectId,
    attempt: a.attempt,
    attempted: formatDateTime(a.attempted),
    outcome: a.outcome,
    ...(a.httpStatus !== null ? { httpstatus: a.httpStatus } : {}),
    ...(a.error ? { error: a.error } : {}),
    duration: a.durationMs,
    ...(a.nextAttempt !== null ? { nextretry: formatDateTime(a.nextAttempt) } : {}),
  }));
  return { deliveries, status: 'success' };
}

/**
 * A new delivery of an earlier notification of the hook: same body and webhook-id (receivers
 * drop duplicates by it), to the hook's current url, signed with its current secret, due now.
 */
export async function redeliver(
  tx: Tx,
  accountId: number,
  hookId: number,
  deliveryId: number,
  now: number,
): Promise<number> {
  const hook = await tx.getHook(accountId, hookId);
  if (!hook) throw new ServiceError('itemisnotfound', `no hook ${hookId}`);
  const d = await tx.getDelivery(accountId, deliveryId);
  if (!d || d.hookId !== hookId)
    throw new ServiceError('itemisnotfound', `hook ${hookId} has no delivery ${deliveryId}`);
  if (hook.active !== 1)
    throw new ServiceError('invalidvalue', `hook ${hookId} is not active; set active to 1 first`, 'active');
  return tx.insertDelivery(pendingDelivery(hook, { ...d, webhookId: d.webhookId || newWebhookId() }, now));
}
