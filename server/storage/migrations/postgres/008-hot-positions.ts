// PostgreSQL migration 8: a position change is a HOT update. A move or reorder renumbers about half
// of the parent's children; with `position` in an index each renumbered row got new entries in
// every index of the table (the search GIN one too). Without it, and with room left on each page,
// the renumbered rows are rewritten in place on their page. The children of one parent are few:
// ordering them by position after the index finds them is a small sort.
import type { PgMigration } from '../migration.ts';

export const migration: PgMigration = {
  sql: `
  DROP INDEX activities_children;
  CREATE INDEX activities_children ON activities (account_id, parent_id);
  DROP INDEX activities_tree;
  CREATE INDEX activities_tree ON activities (account_id, record_id, level, parent_id);
  ALTER TABLE activities SET (fillfactor = 80);
  `,
};
