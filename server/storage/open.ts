// Chooses the storage adapter from a --db value: a file path or :memory: (SQLite, the
// embedded default) or a postgres:// / postgresql:// URL (PostgreSQL, for several instances;
// ?schema=NAME puts the tables in that schema, see ./postgres.ts).
import type { Storage } from './port.ts';

export type { Storage };

export const isPostgresUrl = (db: string): boolean => /^postgres(ql)?:\/\//.test(db);

/** `serve`: the storage of crmgen serve (on SQLite: the file's service lock and quota journal). */
export async function openStorage(db: string, opts: { serve?: boolean } = {}): Promise<Storage> {
  if (isPostgresUrl(db)) {
    // Loaded only when asked for, so SQLite users never load the driver.
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres(db);
  }
  // Loaded when asked for too: the adapters read the spec (server/facts.ts), which `serve --spec`
  // redirects to another spec only after the CLI has loaded this module.
  const { openSqlite } = await import('./sqlite.ts');
  return openSqlite(db, { serve: opts.serve ?? false });
}
