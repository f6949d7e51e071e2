// SQLite migration 1: the initial schema.
import type { SqliteMigration } from '../migration.ts';

export const migration: SqliteMigration = {
  sql: `
  CREATE TABLE accounts (
    id   INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL UNIQUE
  );

  CREATE TABLE users (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id         INTEGER NOT NULL REFERENCES accounts(id),
    email              TEXT NOT NULL COLLATE NOCASE,
    name               TEXT NOT NULL,
    token              TEXT NOT NULL,
    preventlogin       INTEGER NOT NULL CHECK (preventlogin IN (0, 1)),
    preventprivatedata INTEGER NOT NULL CHECK (preventprivatedata IN (0, 1)),
    administrator      INTEGER NOT NULL CHECK (administrator IN (0, 1)),
    deleted            INTEGER
  );
  -- The login name is the e-mail address, so it names at most one live user.
  CREATE UNIQUE INDEX users_email ON users(email) WHERE deleted IS NULL;
  CREATE INDEX users_account ON users(account_id, id);

  CREATE TABLE workgroups (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    name       TEXT NOT NULL,
    email      TEXT NOT NULL,
    members    TEXT NOT NULL CHECK (json_valid(members)),
    deleted    INTEGER
  );
  CREATE INDEX workgroups_account ON workgroups(account_id, id);

  -- The one id sequence of records and activities.
  CREATE TABLE items (
    id   INTEGER PRIMARY KEY AUTOINCREMENT,
    type TEXT NOT NULL CHECK (type IN ('record', 'activity'))
  );

  CREATE TABLE records (
    id               INTEGER PRIMARY KEY REFERENCES items(id),
    account_id       INTEGER NOT NULL REFERENCES accounts(id),
    kind             TEXT NOT NULL,
    name             TEXT NOT NULL,
    ownership        INTEGER NOT NULL,
    flagged          INTEGER NOT NULL CHECK (flagged IN (0, 1)),
    fields           TEXT NOT NULL CHECK (json_valid(fields)),
    created          INTEGER NOT NULL,
    viewed           INTEGER NOT NULL,
    updated          INTEGER NOT NULL,
    creator_id       INTEGER NOT NULL,
    creator_name     TEXT NOT NULL,
    modificator_id   INTEGER NOT NULL,
    modificator_name TEXT NOT NULL,
    deleted          INTEGER
  );
  CREATE INDEX records_account_kind ON records(account_id, kind, id);

  CREATE TABLE categories (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    kind       TEXT NOT NULL,
    name       TEXT NOT NULL
  );
  CREATE INDEX categories_account_kind ON categories(account_id, kind, id);

  CREATE TABLE record_categories (
    record_id   INTEGER NOT NULL REFERENCES records(id),
    category_id INTEGER NOT NULL REFERENCES categories(id),
    PRIMARY KEY (record_id, category_id)
  ) WITHOUT ROWID;

  -- rowid keeps the order in which related items were added.
  CREATE TABLE related (
    record_id  INTEGER NOT NULL REFERENCES records(id),
    related_id INTEGER NOT NULL REFERENCES records(id),
    note       TEXT NOT NULL,
    UNIQUE (record_id, related_id)
  );

  CREATE TABLE field_defs (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    kind       TEXT NOT NULL,
    label      TEXT NOT NULL,
    type       TEXT NOT NULL,
    options    TEXT NOT NULL CHECK (json_valid(options)),
    categories TEXT NOT NULL CHECK (json_valid(categories))
  );
  CREATE INDEX field_defs_account_kind ON field_defs(account_id, kind, id);

  CREATE TABLE activities (
    id               INTEGER PRIMARY KEY REFERENCES items(id),
    account_id       INTEGER NOT NULL REFERENCES accounts(id),
    record_id        INTEGER NOT NULL REFERENCES records(id),
    parent_id        INTEGER NOT NULL REFERENCES items(id),
    segment          TEXT NOT NULL,
    typeid           INTEGER NOT NULL,
    level            INTEGER NOT NULL CHECK (level >= 1),
    position         INTEGER NOT NULL CHECK (position >= 1),
    fields           TEXT NOT NULL CHECK (json_valid(fields)),
    flagged          INTEGER NOT NULL CHECK (flagged IN (0, 1)),
    created          INTEGER NOT NULL,
    viewed           INTEGER NOT NULL,
    updated          INTEGER NOT NULL,
    creator_id       INTEGER NOT NULL,
    creator_name     TEXT NOT NULL,
    modificator_id   INTEGER NOT NULL,
    modificator_name TEXT NOT NULL,
    deleted          INTEGER
  );
  CREATE INDEX activities_tree ON activities(account_id, record_id, level, parent_id, position, id);
  CREATE INDEX activities_children ON activities(account_id, parent_id, position, id);
  CREATE INDEX activities_account ON activities(account_id, id);

  CREATE TABLE files (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id  INTEGER NOT NULL REFERENCES accounts(id),
    filename    TEXT NOT NULL,
    contenttype TEXT NOT NULL,
    size        INTEGER NOT NULL,
    data        BLOB NOT NULL
  );

  CREATE TABLE api_calls (
    user_id      INTEGER NOT NULL REFERENCES users(id),
    window_start INTEGER NOT NULL,
    calls        INTEGER NOT NULL,
    PRIMARY KEY (user_id, window_start)
  ) WITHOUT ROWID;
  `,
};
