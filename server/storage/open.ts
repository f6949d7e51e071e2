// Chooses the storage adapter from a --db value: a file path or :memory: (SQLite, the
// embedded default) or a postgres:// URL.
import type { Storage } from './port.ts';
import { openSqlite } from './sqlite.ts';

export type { Storage };

export async function openStorage(db: string): Promise<Storage> {
  if (/^postgres(ql)?:\/\//.test(db)) {
    throw new Error(`PostgreSQL storage is not available in this build (--db ${db.replace(/:[^:@/]*@/, ':***@')}); use a SQLite file or :memory:`);
  }
  return openSqlite(db);
}
