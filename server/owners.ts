// Owner fields (ownership, assignedto, responsible, person) hold a user or group id of the
// caller's account, lists of user ids (event attendees) user ids of it; one check for records
// and activities.
import { ServiceError } from '../generated/server/dist/index.js';
import { errorKeys } from '../generated/server/dist/types/errors.js';
import type { Tx } from './storage/port.ts';
import type { Caller } from './context.ts';

/** An id to check; `usersOnly` for lists that name users (not groups). */
export interface OwnerValue {
  id: number;
  path: string;
  usersOnly?: boolean;
}

/** Refuses every value that names no user (or group) of the caller's account. */
export async function checkOwners(tx: Tx, caller: Caller, values: OwnerValue[]): Promise<void> {
  if (!values.length) return;
  const users = new Set((await tx.listUsers(caller.accountId, false)).map((u) => u.id));
  const groups = new Set((await tx.listGroups(caller.accountId, false)).map((g) => g.id));
  const bad = values.filter((v) => !users.has(v.id) && (v.usersOnly || !groups.has(v.id)));
  if (bad.length) {
    throw ServiceError.of(
      bad.map((v) => ({
        key: 'unknownowner',
        message: `${errorKeys.unknownowner.message}: ${v.path} = ${v.id}${v.usersOnly ? ' (not a user of this account)' : ''}`,
        path: v.path,
      })),
    );
  }
}

/** Owner names by account, with the principals version they were read at. */
const nameCache = new Map<number, { version: number; byId: Map<number, string> }>();
const CACHED_ACCOUNTS = 1000;

/**
 * Display names of the account's users and groups by id; deleted ones keep their name on what
 * they own. Read in the caller's transaction: one point query while the account's users and groups
 * are unchanged (principal_versions, raised by every change of them, in any process).
 */
export async function ownerNameLookup(tx: Tx, accountId: number): Promise<(id: number) => string | undefined> {
  const version = await tx.principalsVersion(accountId);
  let hit = nameCache.get(accountId);
  if (!hit || hit.version !== version) {
    const byId = new Map(
      [...(await tx.listUsers(accountId, true)), ...(await tx.listGroups(accountId, true))].map((o) => [o.id, o.name]),
    );
    hit = { version, byId };
    nameCache.delete(accountId);
    if (nameCache.size >= CACHED_ACCOUNTS) nameCache.delete(nameCache.keys().next().value!);
    nameCache.set(accountId, hit);
  }
  const { byId } = hit;
  return (id) => byId.get(id);
}
