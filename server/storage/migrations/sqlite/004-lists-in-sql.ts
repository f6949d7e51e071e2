// SQLite migration 4: lists answered in SQL (server/storage/record-query.ts): search columns, sort indexes, trigram indexes.
import { activitySearch, recordSearch, reportDate } from '../../record-query.ts';
import type { SqliteMigration } from '../migration.ts';

export const migration: SqliteMigration = {
  sql: `
  ALTER TABLE records ADD COLUMN name_key TEXT NOT NULL DEFAULT '';
  ALTER TABLE records ADD COLUMN search TEXT NOT NULL DEFAULT '';
  ALTER TABLE records ADD COLUMN item_texts TEXT NOT NULL DEFAULT '[]';
  ALTER TABLE records ADD COLUMN field_texts TEXT NOT NULL DEFAULT '{}';
  ALTER TABLE activities ADD COLUMN search TEXT NOT NULL DEFAULT '';
  ALTER TABLE activities ADD COLUMN texts TEXT NOT NULL DEFAULT '[]';
  ALTER TABLE activities ADD COLUMN report_date INTEGER;
  CREATE INDEX activities_by_report_date ON activities (account_id, segment, report_date);
  CREATE INDEX activities_by_created ON activities (account_id, segment, created);
  CREATE INDEX activities_by_updated ON activities (account_id, segment, updated);
  -- One index per sort field (id breaks ties), live records only as every list but archived.
  CREATE INDEX records_by_name ON records (account_id, kind, name_key, id) WHERE deleted IS NULL;
  CREATE INDEX records_by_updated ON records (account_id, kind, updated, id) WHERE deleted IS NULL;
  CREATE INDEX records_by_created ON records (account_id, kind, created, id) WHERE deleted IS NULL;
  CREATE INDEX records_by_flagged ON records (account_id, kind, flagged, id) WHERE deleted IS NULL;
  CREATE INDEX records_by_viewed ON records (account_id, kind, viewed) WHERE deleted IS NULL;
  CREATE INDEX records_by_owner ON records (account_id, kind, ownership) WHERE deleted IS NULL;
  CREATE INDEX activities_by_segment ON activities (account_id, segment, id);
  -- Trigram indexes of the search texts; GLOB through them is an exact substring test.
  CREATE VIRTUAL TABLE records_fts USING fts5 (search, content = 'records', content_rowid = 'id',
    tokenize = 'trigram case_sensitive 1', detail = none);
  CREATE VIRTUAL TABLE activities_fts USING fts5 (search, content = 'activities', content_rowid = 'id',
    tokenize = 'trigram case_sensitive 1', detail = none);
  CREATE TRIGGER records_fts_insert AFTER INSERT ON records BEGIN
    INSERT INTO records_fts (rowid, search) VALUES (new.id, new.search);
  END;
  CREATE TRIGGER records_fts_update AFTER UPDATE OF search ON records WHEN old.search IS NOT new.search BEGIN
    INSERT INTO records_fts (records_fts, rowid, search) VALUES ('delete', old.id, old.search);
    INSERT INTO records_fts (rowid, search) VALUES (new.id, new.search);
  END;
  CREATE TRIGGER activities_fts_insert AFTER INSERT ON activities BEGIN
    INSERT INTO activities_fts (rowid, search) VALUES (new.id, new.search);
  END;
  CREATE TRIGGER activities_fts_update AFTER UPDATE OF search ON activities WHEN old.search IS NOT new.search BEGIN
    INSERT INTO activities_fts (activities_fts, rowid, search) VALUES ('delete', old.id, old.search);
    INSERT INTO activities_fts (rowid, search) VALUES (new.id, new.search);
  END;
  -- Live and deleted records per account and kind, so an unfiltered list counts in O(1).
  CREATE TABLE record_counts (
    account_id INTEGER NOT NULL,
    kind       TEXT NOT NULL,
    deleted    INTEGER NOT NULL,
    n          INTEGER NOT NULL,
    PRIMARY KEY (account_id, kind, deleted)
  ) WITHOUT ROWID;
  INSERT INTO record_counts (account_id, kind, deleted, n)
    SELECT account_id, kind, deleted IS NOT NULL, count(*) FROM records GROUP BY 1, 2, 3;
  CREATE TRIGGER record_counts_insert AFTER INSERT ON records BEGIN
    INSERT INTO record_counts (account_id, kind, deleted, n) VALUES (new.account_id, new.kind, new.deleted IS NOT NULL, 1)
      ON CONFLICT DO UPDATE SET n = n + 1;
  END;
  CREATE TRIGGER record_counts_update AFTER UPDATE OF account_id, kind, deleted ON records
    WHEN old.account_id IS NOT new.account_id OR old.kind IS NOT new.kind OR (old.deleted IS NULL) IS NOT (new.deleted IS NULL) BEGIN
    UPDATE record_counts SET n = n - 1 WHERE account_id = old.account_id AND kind = old.kind AND deleted = (old.deleted IS NOT NULL);
    INSERT INTO record_counts (account_id, kind, deleted, n) VALUES (new.account_id, new.kind, new.deleted IS NOT NULL, 1)
      ON CONFLICT DO UPDATE SET n = n + 1;
  END;
  CREATE TRIGGER record_counts_delete AFTER DELETE ON records BEGIN
    UPDATE record_counts SET n = n - 1 WHERE account_id = old.account_id AND kind = old.kind AND deleted = (old.deleted IS NOT NULL);
  END;
  `,
  // The search columns hold JavaScript's lower-casing, so existing rows are filled here.
  backfill(db) {
    // The trigram tables start empty over existing rows: index their (empty) texts first, or the
    // update triggers' 'delete' of a row the index never held reads as a corrupt table.
    db.exec(
      `INSERT INTO records_fts (records_fts) VALUES ('rebuild'); INSERT INTO activities_fts (activities_fts) VALUES ('rebuild');`,
    );
    const setRecord = db.prepare(
      'UPDATE records SET name_key = ?, search = ?, item_texts = ?, field_texts = ? WHERE id = ?',
    );
    for (const r of db.prepare('SELECT id, kind, name, fields FROM records').all() as Array<{
      id: number;
      kind: string;
      name: string;
      fields: string;
    }>) {
      const s = recordSearch(r.kind, r.name, JSON.parse(r.fields) as Record<string, unknown>);
      setRecord.run(s.nameKey, s.search, s.itemTexts, s.fieldTexts, r.id);
    }
    const setActivity = db.prepare('UPDATE activities SET search = ?, texts = ?, report_date = ? WHERE id = ?');
    for (const a of db.prepare('SELECT id, segment, fields FROM activities').all() as Array<{
      id: number;
      segment: string;
      fields: string;
    }>) {
      const fields = JSON.parse(a.fields) as Record<string, unknown>;
      const s = activitySearch(fields);
      setActivity.run(s.search, s.texts, reportDate({ segment: a.segment, fields }), a.id);
    }
  },
};
