// SQLite migration 6: reports' owner filters by index; report_date also holds the list's due and unsent dates (backfilled).
import { reportDate, reportOwners } from '../../record-query.ts';
import type { SqliteMigration } from '../migration.ts';

export const migration: SqliteMigration = {
  sql: `
  -- Who is in charge of an activity, with its report_date: an owner's entries of a window are one range.
  CREATE TABLE report_owners (
    activity_id INTEGER NOT NULL,
    owner_id    INTEGER NOT NULL,
    report_date INTEGER,
    PRIMARY KEY (activity_id, owner_id)
  ) WITHOUT ROWID;
  CREATE INDEX report_owners_by_owner ON report_owners (owner_id, report_date, activity_id);
  -- Live records per account, kind and owner, so a list filtered by owner alone counts in O(1).
  CREATE TABLE owner_counts (
    account_id INTEGER NOT NULL,
    kind       TEXT NOT NULL,
    ownership  INTEGER NOT NULL,
    n          INTEGER NOT NULL,
    PRIMARY KEY (account_id, kind, ownership)
  ) WITHOUT ROWID;
  INSERT INTO owner_counts (account_id, kind, ownership, n)
    SELECT account_id, kind, ownership, count(*) FROM records WHERE deleted IS NULL GROUP BY 1, 2, 3;
  CREATE TRIGGER owner_counts_insert AFTER INSERT ON records WHEN new.deleted IS NULL BEGIN
    INSERT INTO owner_counts (account_id, kind, ownership, n) VALUES (new.account_id, new.kind, new.ownership, 1)
      ON CONFLICT DO UPDATE SET n = n + 1;
  END;
  CREATE TRIGGER owner_counts_update AFTER UPDATE OF account_id, kind, ownership, deleted ON records
    WHEN old.account_id IS NOT new.account_id OR old.kind IS NOT new.kind OR old.ownership IS NOT new.ownership
      OR (old.deleted IS NULL) IS NOT (new.deleted IS NULL) BEGIN
    UPDATE owner_counts SET n = n - 1
      WHERE old.deleted IS NULL AND account_id = old.account_id AND kind = old.kind AND ownership = old.ownership;
    INSERT INTO owner_counts (account_id, kind, ownership, n) SELECT new.account_id, new.kind, new.ownership, 1
      WHERE new.deleted IS NULL ON CONFLICT DO UPDATE SET n = n + 1;
  END;
  CREATE TRIGGER owner_counts_delete AFTER DELETE ON records WHEN old.deleted IS NULL BEGIN
    UPDATE owner_counts SET n = n - 1 WHERE account_id = old.account_id AND kind = old.kind AND ownership = old.ownership;
  END;
  -- A number per account that every change of its users or groups raises: owner names are cached by it.
  CREATE TABLE principal_versions (
    account_id INTEGER PRIMARY KEY,
    version    INTEGER NOT NULL
  );
  ${['users', 'workgroups']
    .map((t) =>
      ['INSERT', 'UPDATE', 'DELETE']
        .map(
          (op) => `
  CREATE TRIGGER ${t}_version_${op.toLowerCase()} AFTER ${op} ON ${t} BEGIN
    ${(op === 'INSERT' ? ['new'] : op === 'DELETE' ? ['old'] : ['old', 'new'])
      .map(
        (row) => `INSERT INTO principal_versions (account_id, version) VALUES (${row}.account_id, 1)
      ON CONFLICT (account_id) DO UPDATE SET version = version + 1;`,
      )
      .join('\n    ')}
  END;`,
        )
        .join(''),
    )
    .join('')}
  `,
  // report_date now also holds the list's due and unsent dates; report_owners starts empty.
  backfill(db) {
    const setDate = db.prepare('UPDATE activities SET report_date = ? WHERE id = ?');
    const addOwner = db.prepare(
      'INSERT OR IGNORE INTO report_owners (activity_id, owner_id, report_date) VALUES (?, ?, ?)',
    );
    for (const a of db.prepare('SELECT id, segment, fields FROM activities').all() as Array<{
      id: number;
      segment: string;
      fields: string;
    }>) {
      const row = { segment: a.segment, fields: JSON.parse(a.fields) as Record<string, unknown> };
      const date = reportDate(row);
      setDate.run(date, a.id);
      for (const owner of reportOwners(row)) addOwner.run(a.id, owner, date);
    }
  },
};
