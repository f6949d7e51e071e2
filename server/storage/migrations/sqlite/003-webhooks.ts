// SQLite migration 3: webhooks and the delivery outbox.
import type { SqliteMigration } from '../migration.ts';

export const migration: SqliteMigration = {
  sql: `
  CREATE TABLE hooks (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id     INTEGER NOT NULL REFERENCES accounts(id),
    type           TEXT NOT NULL,
    title          TEXT NOT NULL,
    active         INTEGER NOT NULL,
    event          TEXT NOT NULL,
    constrainttype TEXT NOT NULL,
    url            TEXT NOT NULL,
    contenttype    TEXT NOT NULL,
    secret         TEXT NOT NULL
  );
  CREATE INDEX hooks_account ON hooks (account_id);
  CREATE TABLE deliveries (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id    INTEGER NOT NULL REFERENCES accounts(id),
    hook_id       INTEGER NOT NULL,
    event         TEXT NOT NULL,
    object_id     INTEGER NOT NULL,
    url           TEXT NOT NULL,
    content_type  TEXT NOT NULL,
    body          TEXT NOT NULL,
    signature     TEXT,
    attempts      INTEGER NOT NULL,
    next_attempt  INTEGER NOT NULL,
    status        TEXT NOT NULL,
    last_error    TEXT NOT NULL,
    claimed_by    TEXT,
    claimed_until INTEGER NOT NULL,
    created       INTEGER NOT NULL
  );
  CREATE INDEX deliveries_due ON deliveries (status, next_attempt);
  `,
};
