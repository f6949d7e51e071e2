// The database behind every command that takes --db: a SQLite file (the default), :memory: or a
// PostgreSQL URL.
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { openStorage, type Storage, type StorageOptions } from '../server/storage/open.ts';

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export const defaultDb = () => resolve(process.cwd(), 'data', 'crm.sqlite');

export function dbOption(value: string | undefined): string {
  return value ?? process.env.DATABASE_URL ?? defaultDb();
}

export async function openDb(db: string, opts: StorageOptions = {}): Promise<Storage> {
  if (db !== ':memory:' && !/^postgres(ql)?:\/\//.test(db)) mkdirSync(dirname(resolve(db)), { recursive: true });
  // Unset options take the adapter's defaults.
  const given = Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== undefined)) as StorageOptions;
  return openStorage(db, given);
}
