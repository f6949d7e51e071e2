// SQLite migration 7: `search` is led by MARK (U+001E) when one of its texts holds SEP (record-query.ts), so
// starts-with reads the JSON texts only then. The rows whose JSON texts may hold SEP (written \u001f) get it.
import type { SqliteMigration } from '../migration.ts';

export const migration: SqliteMigration = {
  sql: `
  UPDATE records SET search = char(30) || search WHERE instr(item_texts, '\\u001f') > 0 AND substr(search, 1, 1) <> char(30);
  UPDATE activities SET search = char(30) || search WHERE instr(texts, '\\u001f') > 0 AND substr(search, 1, 1) <> char(30);
  `,
};
