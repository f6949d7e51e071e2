// PostgreSQL migration 2: lists answered in SQL (server/storage/record-query.ts): search columns and sort indexes; the trigram indexes follow in addTrigramIndexes, as pg_trgm may be missing.
import pg from 'pg';
import { activitySearch, recordSearch, reportDate } from '../../record-query.ts';
import { pgDialect } from '../../dialect-postgres.ts';
import type { PgMigration } from '../migration.ts';

export const migration: PgMigration = {
  sql: `
  ALTER TABLE records ADD COLUMN name_key text COLLATE "C" NOT NULL DEFAULT '',
    ADD COLUMN search text NOT NULL DEFAULT '',
    ADD COLUMN item_texts json NOT NULL DEFAULT '[]',
    ADD COLUMN field_texts json NOT NULL DEFAULT '{}';
  ALTER TABLE activities ADD COLUMN search text NOT NULL DEFAULT '',
    ADD COLUMN texts json NOT NULL DEFAULT '[]',
    ADD COLUMN report_date bigint;
  CREATE INDEX activities_by_report_date ON activities (account_id, segment, report_date);
  CREATE INDEX activities_by_created ON activities (account_id, segment, created);
  CREATE INDEX activities_by_updated ON activities (account_id, segment, updated);
  CREATE INDEX records_by_name ON records (account_id, kind, name_key, id) WHERE deleted IS NULL;
  CREATE INDEX records_by_updated ON records (account_id, kind, updated, id) WHERE deleted IS NULL;
  CREATE INDEX records_by_created ON records (account_id, kind, created, id) WHERE deleted IS NULL;
  CREATE INDEX records_by_flagged ON records (account_id, kind, flagged, id) WHERE deleted IS NULL;
  CREATE INDEX records_by_viewed ON records (account_id, kind, viewed) WHERE deleted IS NULL;
  CREATE INDEX records_by_owner ON records (account_id, kind, ownership) WHERE deleted IS NULL;
  CREATE INDEX activities_by_segment ON activities (account_id, segment, id);

  -- Live and deleted records per account and kind, so an unfiltered list counts without a scan.
  -- Each change appends a +1 / -1 row (no row that concurrent creates would fight over); a read
  -- that finds many rows folds them into one (compactCounts).
  CREATE TABLE record_counts (
    account_id bigint NOT NULL,
    kind       text NOT NULL,
    deleted    boolean NOT NULL,
    n          bigint NOT NULL
  );
  CREATE INDEX record_counts_key ON record_counts (account_id, kind, deleted);
  INSERT INTO record_counts (account_id, kind, deleted, n)
    SELECT account_id, kind, deleted IS NOT NULL, count(*) FROM records GROUP BY 1, 2, 3;
  CREATE FUNCTION record_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      INSERT INTO record_counts VALUES (OLD.account_id, OLD.kind, OLD.deleted IS NOT NULL, -1);
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
      INSERT INTO record_counts VALUES (NEW.account_id, NEW.kind, NEW.deleted IS NOT NULL, 1);
    END IF;
    RETURN NULL;
  END $$;
  CREATE TRIGGER record_counts_insert AFTER INSERT OR DELETE ON records FOR EACH ROW EXECUTE FUNCTION record_counts_track();
  CREATE TRIGGER record_counts_update AFTER UPDATE OF account_id, kind, deleted ON records FOR EACH ROW
    WHEN (OLD.account_id IS DISTINCT FROM NEW.account_id OR OLD.kind IS DISTINCT FROM NEW.kind
      OR (OLD.deleted IS NULL) IS DISTINCT FROM (NEW.deleted IS NULL))
    EXECUTE FUNCTION record_counts_track();
  `,
  // The search columns hold JavaScript's lower-casing, so existing rows are filled here.
  async backfill(client) {
    const records = await client.query<{ id: number; kind: string; name: string; fields: Record<string, unknown> }>(
      'SELECT id, kind, name, fields FROM records',
    );
    for (const r of records.rows) {
      const s = recordSearch(r.kind, r.name, r.fields);
      await client.query(
        'UPDATE records SET name_key = $1, search = $2, item_texts = $3, field_texts = $4 WHERE id = $5',
        [pgDialect.text(s.nameKey), s.search, s.itemTexts, s.fieldTexts, r.id],
      );
    }
    const activities = await client.query<{ id: number; segment: string; fields: Record<string, unknown> }>(
      'SELECT id, segment, fields FROM activities',
    );
    for (const a of activities.rows) {
      const s = activitySearch(a.fields);
      await client.query('UPDATE activities SET search = $1, texts = $2, report_date = $3 WHERE id = $4', [
        s.search,
        s.texts,
        reportDate(a),
        a.id,
      ]);
    }
    await addTrigramIndexes(client);
  },
};

/**
 * GIN trigram indexes on the search texts (pg_trgm), which LIKE '%needle%' uses. The extension
 * lives in one schema of the database, so its operator class is named with that schema. Without
 * pg_trgm (not installed, no right to create it) lists still answer, by scanning.
 */
async function addTrigramIndexes(client: pg.PoolClient): Promise<void> {
  await client.query('SAVEPOINT trgm');
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await client.query('RELEASE SAVEPOINT trgm');
  } catch {
    await client.query('ROLLBACK TO SAVEPOINT trgm');
  }
  const { rows } = await client.query<{ schema: string }>(
    `SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
  );
  const ext = rows[0]?.schema;
  if (ext === undefined) {
    process.stderr.write('crmgen: pg_trgm is not available; list searches will scan instead of using an index\n');
    return;
  }
  const ops = `${pg.escapeIdentifier(ext)}.gin_trgm_ops`;
  await client.query(`CREATE INDEX records_search ON records USING gin (search ${ops})`);
  await client.query(`CREATE INDEX activities_search ON activities USING gin (search ${ops})`);
}
