// The SQLite schema's migrations in order: migration n is MIGRATIONS[n - 1] (PRAGMA user_version
// holds the last one applied). test/storage/migrations.test.ts checks that every file here is listed.
import type { SqliteMigration } from '../migration.ts';
import { migration as m1 } from './001-initial-schema.ts';
import { migration as m2 } from './002-custom-field-ids.ts';
import { migration as m3 } from './003-webhooks.ts';
import { migration as m4 } from './004-lists-in-sql.ts';
import { migration as m5 } from './005-delivery-log.ts';
import { migration as m6 } from './006-report-owners.ts';
import { migration as m7 } from './007-search-mark.ts';
import { migration as m8 } from './008-fts-off-write-path.ts';
import { migration as m9 } from './009-token-hashes.ts';

export const MIGRATIONS: readonly SqliteMigration[] = [m1, m2, m3, m4, m5, m6, m7, m8, m9];
