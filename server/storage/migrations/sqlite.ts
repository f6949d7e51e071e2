// The SQLite schema: numbered migrations, applied in order by ./sqlite.ts (with the JavaScript
// backfills listed there). Append new ones, never edit a released one; values the spec states
// (customFieldIdStart) are read from it, so the SQL of a released migration stays the same.
import { spec } from '../../facts.ts';
import { DELIVERY_LOG_MIGRATION } from '../deliveries-sqlite.ts';

const { customFieldIdStart } = spec.listSemantics;

/** Migration n (1-based) is MIGRATIONS[n - 1]; append new ones, never edit a released one. */
export const MIGRATIONS: readonly string[] = [
  /* 1: the initial schema */ `
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
  /* 2: custom field ids start at 1001 (spec/list.yaml customFieldIdStart); standard fields use 1..n */ `
  INSERT INTO sqlite_sequence (name, seq)
    SELECT 'field_defs', ${customFieldIdStart - 1} WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'field_defs');
  UPDATE sqlite_sequence SET seq = max(seq, ${customFieldIdStart - 1}) WHERE name = 'field_defs';
  `,
  /* 3: webhooks and the delivery outbox */ `
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
  /* 4: lists answered in SQL (server/storage/record-query.ts): search columns, sort indexes, trigram indexes */ `
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
  /* 5: webhook delivery log, ordering, failure counts (server/storage/deliveries-sqlite.ts) */ DELIVERY_LOG_MIGRATION,
  /* 6: reports' owner filters by index; report_date also holds the list's due and unsent dates (backfilled) */ `
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
  ${['users', 'workgroups'].map((t) => ['INSERT', 'UPDATE', 'DELETE'].map((op) => `
  CREATE TRIGGER ${t}_version_${op.toLowerCase()} AFTER ${op} ON ${t} BEGIN
    ${(op === 'INSERT' ? ['new'] : op === 'DELETE' ? ['old'] : ['old', 'new']).map((row) => `INSERT INTO principal_versions (account_id, version) VALUES (${row}.account_id, 1)
      ON CONFLICT (account_id) DO UPDATE SET version = version + 1;`).join('\n    ')}
  END;`).join('')).join('')}
  `,
];
