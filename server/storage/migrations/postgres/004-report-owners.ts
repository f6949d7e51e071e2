// PostgreSQL migration 4: reports' owner filters by index; report_date also holds the list's due and unsent dates (backfilled).
import { reportDate, reportOwners } from '../../record-query.ts';
import type { PgMigration } from '../migration.ts';

export const migration: PgMigration = {
  sql: `
  -- Who is in charge of an activity, with its report_date: an owner's entries of a window are one range.
  CREATE TABLE report_owners (
    activity_id bigint NOT NULL,
    owner_id    bigint NOT NULL,
    report_date bigint,
    PRIMARY KEY (activity_id, owner_id)
  );
  CREATE INDEX report_owners_by_owner ON report_owners (owner_id, report_date, activity_id);
  -- Live records per account, kind and owner (+1 / -1 rows, folded like record_counts), so a list
  -- filtered by owner alone counts without a scan.
  CREATE TABLE owner_counts (
    account_id bigint NOT NULL,
    kind       text NOT NULL,
    ownership  bigint NOT NULL,
    n          bigint NOT NULL
  );
  CREATE INDEX owner_counts_key ON owner_counts (account_id, kind, ownership);
  INSERT INTO owner_counts (account_id, kind, ownership, n)
    SELECT account_id, kind, ownership, count(*) FROM records WHERE deleted IS NULL GROUP BY 1, 2, 3;
  CREATE FUNCTION owner_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      IF OLD.deleted IS NULL THEN
        INSERT INTO owner_counts VALUES (OLD.account_id, OLD.kind, OLD.ownership, -1);
      END IF;
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
      IF NEW.deleted IS NULL THEN
        INSERT INTO owner_counts VALUES (NEW.account_id, NEW.kind, NEW.ownership, 1);
      END IF;
    END IF;
    RETURN NULL;
  END $$;
  CREATE TRIGGER owner_counts_insert AFTER INSERT OR DELETE ON records FOR EACH ROW EXECUTE FUNCTION owner_counts_track();
  CREATE TRIGGER owner_counts_update AFTER UPDATE OF account_id, kind, ownership, deleted ON records FOR EACH ROW
    WHEN (OLD.account_id IS DISTINCT FROM NEW.account_id OR OLD.kind IS DISTINCT FROM NEW.kind
      OR OLD.ownership IS DISTINCT FROM NEW.ownership OR (OLD.deleted IS NULL) IS DISTINCT FROM (NEW.deleted IS NULL))
    EXECUTE FUNCTION owner_counts_track();
  -- A number per account that every change of its users or groups raises: owner names are cached by it.
  CREATE TABLE principal_versions (
    account_id bigint PRIMARY KEY,
    version    bigint NOT NULL
  );
  CREATE FUNCTION principal_versions_bump() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      INSERT INTO principal_versions VALUES (OLD.account_id, 1)
        ON CONFLICT (account_id) DO UPDATE SET version = principal_versions.version + 1;
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
      INSERT INTO principal_versions VALUES (NEW.account_id, 1)
        ON CONFLICT (account_id) DO UPDATE SET version = principal_versions.version + 1;
    END IF;
    RETURN NULL;
  END $$;
  CREATE TRIGGER users_version AFTER INSERT OR UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION principal_versions_bump();
  CREATE TRIGGER workgroups_version AFTER INSERT OR UPDATE OR DELETE ON workgroups FOR EACH ROW EXECUTE FUNCTION principal_versions_bump();
  `,
  // report_date now also holds the list's due and unsent dates; report_owners starts empty.
  async backfill(client) {
    const activities = await client.query<{ id: number; segment: string; fields: Record<string, unknown> }>(
      'SELECT id, segment, fields FROM activities',
    );
    for (const a of activities.rows) {
      await client.query('UPDATE activities SET report_date = $1 WHERE id = $2', [reportDate(a), a.id]);
      for (const owner of reportOwners(a)) {
        await client.query(
          'INSERT INTO report_owners (activity_id, owner_id, report_date) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
          [a.id, owner, reportDate(a)],
        );
      }
    }
  },
};
