// What the storage tests share: a new record's row and a storage closed after use.
import type { FieldValues, NewRecord, Storage } from '../../server/storage/port.ts';

/** A contact of the account, made by user 1 at time 1. */
export const newRecord = (accountId: number, name = 'r', fields: FieldValues = {}): NewRecord => ({
  accountId,
  kind: 'contacts',
  name,
  ownership: 1,
  flagged: 0,
  fields,
  created: 1,
  viewed: 1,
  updated: 1,
  creatorId: 1,
  creatorName: 'a',
  modificatorId: 1,
  modificatorName: 'a',
});

/** fn with the storage, which is closed afterwards whatever happens. */
export async function withStorage<S extends Storage, T>(s: S, fn: (s: S) => Promise<T>): Promise<T> {
  try {
    return await fn(s);
  } finally {
    await s.close();
  }
}
