// Owner fields (ownership, assignedto, responsible, person) hold a user or group id of the
// caller's account; one check for records and activities.
import { ServiceError } from '../generated/server/dist/index.js';
import type { Tx } from './storage/port.ts';
import type { Caller } from './context.ts';

/** Refuses the first value that names no user or group of the account. */
export async function checkOwners(tx: Tx, caller: Caller, values: { id: number; path: string }[]): Promise<void> {
  if (!values.length) return;
  const owners = new Set([...(await tx.listUsers(caller.accountId, false)).map((u) => u.id), ...(await tx.listGroups(caller.accountId, false)).map((g) => g.id)]);
  const bad = values.find((v) => !owners.has(v.id));
  if (bad) throw new ServiceError('invalidvalue', `${bad.path}: ${bad.id} is not a user or group of this account`, bad.path);
}
