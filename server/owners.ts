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
    throw ServiceError.of(bad.map((v) => ({ key: 'unknownowner', message: `${errorKeys.unknownowner.message}: ${v.path} = ${v.id}${v.usersOnly ? ' (not a user of this account)' : ''}`, path: v.path })));
  }
}

/** The display name of each user and group id of an account, deleted ones included: what they own keeps their name. */
export async function ownerNames(tx: Tx, accountId: number): Promise<(id: number) => string | undefined> {
  const owners = [...(await tx.listUsers(accountId, true)), ...(await tx.listGroups(accountId, true))];
  const byId = new Map(owners.map((o) => [o.id, o.name]));
  return (id) => byId.get(id);
}
