// Chooses the storage adapter from a --db value: a file path or :memory: (SQLite, the
// embedded default) or a postgres:// / postgresql:// URL (PostgreSQL, for several instances;
// ?schema=NAME puts the tables in that schema, see ./postgres.ts). Either way its outages
// (unreachable, read-only, disk full) come out as StorageOutage (./outage.ts).
import type { Storage } from './port.ts';
import type { PostgresOptions } from './postgres.ts';
import { guardStorage, pgCondition, sqliteCondition } from './outage.ts';

export type { Storage };

export const isPostgresUrl = (db: string): boolean => /^postgres(ql)?:\/\//.test(db);

/**
 * Timeouts of the PostgreSQL adapter (SQLite is in-process: they do not apply), and `serve`: the
 * storage of crmgen serve (on SQLite: the file's service lock and quota journal).
 */
export type StorageOptions = Pick<PostgresOptions, 'connectTimeoutMs' | 'acquireTimeoutMs' | 'statementTimeoutMs'> & {
  serve?: boolean;
};

export async function openStorage(db: string, opts: StorageOptions = {}): Promise<Storage> {
  if (isPostgresUrl(db)) {
    // Loaded only when asked for, so SQLite users never load the driver.
    const { openPostgres } = await import('./postgres.ts');
    return guardStorage(await openPostgres(db, opts), pgCondition);
  }
  // Loaded when asked for too: the adapters read the spec (server/facts.ts), which `serve --spec`
  // redirects to another spec only after the CLI has loaded this module.
  const { openSqlite } = await import('./sqlite.ts');
  return guardStorage(openSqlite(db, { serve: opts.serve ?? false }), sqliteCondition);
}
