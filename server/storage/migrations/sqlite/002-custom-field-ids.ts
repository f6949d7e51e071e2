// SQLite migration 2: custom field ids start at 1001 (spec/list.yaml customFieldIdStart); standard fields use 1..n.
import type { SqliteMigration } from '../migration.ts';
import { spec } from '../../../facts.ts';

const { customFieldIdStart } = spec.listSemantics;

export const migration: SqliteMigration = {
  sql: `
  INSERT INTO sqlite_sequence (name, seq)
    SELECT 'field_defs', ${customFieldIdStart - 1} WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'field_defs');
  UPDATE sqlite_sequence SET seq = max(seq, ${customFieldIdStart - 1}) WHERE name = 'field_defs';
  `,
};
