// SQLite migration 8: the trigram indexes no longer follow each insert. SqliteStorage indexes new rows
// in batches after their commits; fts_marks.upto is the highest id whose text each index holds
// (rows above it, the tail, are searched by id range: dialect-sqlite.ts searchFrom).
import type { SqliteMigration } from '../migration.ts';

export const migration: SqliteMigration = {
  sql: `
  -- Rerunnable on a schema 8 file (marks kept: they say what its index holds): migrations.test.ts
  -- lowers a current file to schema 6 to run migration 7 again.
  DROP TRIGGER IF EXISTS records_fts_insert;
  DROP TRIGGER IF EXISTS activities_fts_insert;
  DROP TRIGGER IF EXISTS records_fts_update;
  DROP TRIGGER IF EXISTS activities_fts_update;
  CREATE TABLE IF NOT EXISTS fts_marks (
    tbl  TEXT PRIMARY KEY,
    upto INTEGER NOT NULL
  ) WITHOUT ROWID;
  -- The insert triggers indexed every row so far.
  INSERT INTO fts_marks (tbl, upto) VALUES
    ('records', (SELECT coalesce(max(id), 0) FROM records)),
    ('activities', (SELECT coalesce(max(id), 0) FROM activities))
    ON CONFLICT DO NOTHING;
  -- Only an indexed row's entry is replaced: FTS5's 'delete' of a row it never held corrupts the
  -- index, and the indexer reads a tail row's text as it is then.
  CREATE TRIGGER records_fts_update AFTER UPDATE OF search ON records
    WHEN old.search IS NOT new.search AND old.id <= (SELECT upto FROM fts_marks WHERE tbl = 'records') BEGIN
    INSERT INTO records_fts (records_fts, rowid, search) VALUES ('delete', old.id, old.search);
    INSERT INTO records_fts (rowid, search) VALUES (new.id, new.search);
  END;
  CREATE TRIGGER activities_fts_update AFTER UPDATE OF search ON activities
    WHEN old.search IS NOT new.search AND old.id <= (SELECT upto FROM fts_marks WHERE tbl = 'activities') BEGIN
    INSERT INTO activities_fts (activities_fts, rowid, search) VALUES ('delete', old.id, old.search);
    INSERT INTO activities_fts (rowid, search) VALUES (new.id, new.search);
  END;
  `,
};
