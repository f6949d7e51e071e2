// The hooks resource: create, update, list, delete webhooks of the caller's account.
import type * as T from '../generated/server/dist/types/index.js';
import { ServiceError } from '../generated/server/dist/index.js';
import type { HookRow, Tx } from './storage/port.ts';
import type { Caller } from './context.ts';
import { spec } from './facts.ts';

const defaults = Object.fromEntries(spec.hooks.fields.filter((f) => f.shape.kind === 'scalar' && f.shape.default !== undefined).map((f) => [f.name, (f.shape as { default: string | number }).default]));
const valueList = (name: string) => spec.values.find((v) => v.name === name)!.values.map((e) => e.value);

/** constrainttype must belong to the event's family (items.* kinds, activities.* segments). */
function checkConstraint(event: string, constrainttype: string) {
  const family = event.split('.')[0];
  const list = spec.hooks.constraintsByEventFamily[family];
  const allowed = list ? valueList(list) : [];
  if (!allowed.includes(constrainttype)) {
    throw new ServiceError('notinlist', `constrainttype: ${JSON.stringify(constrainttype)} does not apply to ${event}; allowed: ${allowed.join(', ')}`, 'constrainttype');
  }
}

/** A private, loopback or link-local address (by literal host; names are not resolved). */
export function isPrivateHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost') || h === '0.0.0.0' || h === '::' || h === '::1') return true;
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(h);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return a === 10 || a === 127 || a === 0 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127);
  }
  return /^f[cd][0-9a-f]{2}:/.test(h) || /^fe[89ab][0-9a-f]:/.test(h) || h.startsWith('::ffff:');
}

export function checkHookUrl(url: string, allowPrivate: boolean) {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new ServiceError('invalidvalue', `url: ${JSON.stringify(url)} is not an absolute address`, 'url');
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new ServiceError('invalidvalue', `url: only http and https addresses can receive notifications`, 'url');
  if (!allowPrivate && isPrivateHost(u.hostname)) throw new ServiceError('invalidvalue', `url: ${u.hostname} is not a publicly reachable address`, 'url');
}

function render(h: HookRow): T.Hook {
  return { id: h.id, type: h.type as T.Hook['type'], title: h.title, active: h.active, event: h.event as T.Hook['event'], constrainttype: h.constrainttype, url: h.url, contenttype: h.contenttype as T.Hook['contenttype'], secret: h.secret };
}

export async function createHook(tx: Tx, caller: Caller, body: T.HookCreate, allowPrivate: boolean): Promise<T.CreateHookResponse> {
  const merged = { ...defaults, ...body } as Required<T.HookCreate>;
  checkConstraint(merged.event, String(merged.constrainttype));
  checkHookUrl(merged.url, allowPrivate);
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

export async function updateHook(tx: Tx, caller: Caller, id: number, body: T.HookUpdate, allowPrivate: boolean): Promise<T.UpdateHookResponse> {
  const row = await load(tx, caller, id);
  const next: HookRow = { ...row, ...(body as Partial<HookRow>), id: row.id, accountId: row.accountId };
  if (body.event !== undefined || body.constrainttype !== undefined) checkConstraint(next.event, next.constrainttype);
  if (body.url !== undefined) checkHookUrl(next.url, allowPrivate);
  await tx.updateHook(next);
  return { status: 'success' };
}

export async function listHooks(tx: Tx, caller: Caller): Promise<T.ListHooksResponse> {
  return { hooks: (await tx.listHooks(caller.accountId)).map(render), status: 'success' };
}

export async function deleteHook(tx: Tx, caller: Caller, id: number): Promise<T.DeleteHookResponse> {
  await load(tx, caller, id);
  await tx.deleteHook(caller.accountId, id);
  return { status: 'success' };
}
