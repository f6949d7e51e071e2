// Chooses the storage adapter from a --db value: a file path or :memory: (SQLite, the
// embedded default) or a postgres:// / postgresql:// URL (PostgreSQL, for several instances;
// ?schema=NAME puts the tables in that schema, see ./postgres.ts).
import type { Storage } from './port.ts';
import { openSqlite } from './sqlite.ts';

export type { Storage };

export const isPostgresUrl = (db: string): boolean => /^postgres(ql)?:\/\//.test(db);

export async function openStorage(db: string): Promise<Storage> {
  if (isPostgresUrl(db)) {
    // Loaded only when asked for, so SQLite users never load the driver.
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres(db);
  }
  return openSqlite(db);
}
