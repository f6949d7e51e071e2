// PostgreSQL migration 5: `search` is led by MARK (U+001E) when one of its texts holds SEP (record-query.ts), so
// starts-with reads the JSON texts only then. The rows whose JSON texts may hold SEP (written \u001f) get it.
import type { PgMigration } from '../migration.ts';

export const migration: PgMigration = {
  sql: `
  UPDATE records SET search = chr(30) || search WHERE strpos(item_texts::text, '\\u001f') > 0 AND NOT starts_with(search, chr(30));
  UPDATE activities SET search = chr(30) || search WHERE strpos(texts::text, '\\u001f') > 0 AND NOT starts_with(search, chr(30));
  `,
};
