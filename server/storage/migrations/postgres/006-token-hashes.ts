// PostgreSQL migration 6: API tokens at rest as their SHA-256 only (../../../tokens.ts computes the
// same hex digest). Existing tokens are hashed in place: every user keeps authenticating.
// Rerunnable (migrations.test.ts lowers a current schema's version): without `token`, nothing to do.
import type { PgMigration } from '../migration.ts';

export const migration: PgMigration = {
  sql: `
  DO $$ BEGIN
    IF EXISTS (SELECT 1 FROM information_schema.columns
               WHERE table_schema = current_schema() AND table_name = 'users' AND column_name = 'token') THEN
      ALTER TABLE users ADD COLUMN token_hash text;
      EXECUTE $q$UPDATE users SET token_hash = encode(sha256(convert_to(token, 'UTF8')), 'hex')$q$;
      ALTER TABLE users ALTER COLUMN token_hash SET NOT NULL;
      ALTER TABLE users DROP COLUMN token;
    END IF;
  END $$;
  `,
};
