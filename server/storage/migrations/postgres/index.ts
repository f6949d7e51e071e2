// The PostgreSQL schema's migrations in order: migration n is PG_MIGRATIONS[n - 1] (the
// schema_version table holds the last one applied). test/storage/migrations.test.ts checks that every
// file here is listed.
import type { PgMigration } from '../migration.ts';
import { migration as m1 } from './001-schema.ts';
import { migration as m2 } from './002-lists-in-sql.ts';
import { migration as m3 } from './003-delivery-log.ts';
import { migration as m4 } from './004-report-owners.ts';
import { migration as m5 } from './005-search-mark.ts';
import { migration as m6 } from './006-token-hashes.ts';
import { migration as m7 } from './007-trgm-schema.ts';
import { migration as m8 } from './008-hot-positions.ts';
import { migration as m9 } from './009-parent-estimates.ts';
import { migration as m10 } from './010-order-batch.ts';

export const PG_MIGRATIONS: readonly PgMigration[] = [m1, m2, m3, m4, m5, m6, m7, m8, m9, m10];
