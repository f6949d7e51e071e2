// PostgreSQL migration 9: the planner's guess of how many children a parent has. An order batch
// runs its statements with generic plans (planned once per connection, parameters unknown), which
// estimate `parent_id = $n` as the table's rows over the distinct parents ANALYZE counted. With
// few parents holding many activities (one account's notes under a handful of records) that guess
// was thousands of rows, and a move's renumbering joined every activity of the table by hash
// instead of looking each sibling up by its key: a move's statement went from 0.5 to 2.4 ms of
// server CPU with 6,000 activities under one other record. Parents are declared to have about 20
// children on average (5% of the rows distinct): lookups by parent then stay index lookups,
// which is right however many children a parent has. The estimate is stored by ANALYZE: run here
// (on the one column, a sample of at most 30,000 rows) on a table that has rows, so an existing
// large one does not wait for autovacuum's next; not on a new, empty one (analyzed empty, its
// first plans cost more: 0.46–0.61 ms of backend CPU per move against 0.31–0.50 without, 3 runs each).
import type { PgMigration } from '../migration.ts';

export const migration: PgMigration = {
  sql: `
  ALTER TABLE activities ALTER COLUMN parent_id SET (n_distinct = -0.05);
  DO $$ BEGIN IF EXISTS (SELECT FROM activities) THEN ANALYZE activities (parent_id); END IF; END $$;
  `,
};
