// SQLite migration 5: webhook delivery log, ordering, failure counts (read and written by server/storage/statements.ts).
import type { SqliteMigration } from '../migration.ts';

export const migration: SqliteMigration = {
  sql: `

  ALTER TABLE deliveries ADD COLUMN webhook_id TEXT NOT NULL DEFAULT '';
  UPDATE deliveries SET webhook_id = 'msg_' || id;
  -- Per receiver url and object, only the oldest pending delivery may go (notifications in order).
  CREATE INDEX deliveries_order ON deliveries (object_id, id) WHERE status = 'pending';
  CREATE INDEX deliveries_failed ON deliveries (account_id, id) WHERE status = 'failed';
  ALTER TABLE hooks ADD COLUMN consecutive_failures INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE hooks ADD COLUMN disabled_reason TEXT NOT NULL DEFAULT '';
  CREATE TABLE delivery_attempts (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id   INTEGER NOT NULL REFERENCES accounts(id),
    hook_id      INTEGER NOT NULL,
    delivery_id  INTEGER NOT NULL,
    attempt      INTEGER NOT NULL,
    attempted    INTEGER NOT NULL,
    outcome      TEXT NOT NULL CHECK (outcome IN ('delivered', 'retrying', 'failed', 'cancelled')),
    http_status  INTEGER,
    error        TEXT NOT NULL,
    duration_ms  INTEGER NOT NULL,
    next_attempt INTEGER
  );
  CREATE INDEX delivery_attempts_hook ON delivery_attempts (hook_id, id);
  `,
};
