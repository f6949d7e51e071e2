// SQLite migration 9: API tokens at rest as their SHA-256 only (../../../tokens.ts). Existing tokens
// are hashed in place, so every user keeps authenticating with the token they have. Rerunnable
// (migrations.test.ts lowers a current file's version): a table without `token` is left alone.
import type { SqliteMigration } from '../migration.ts';
import { hashToken } from '../../../tokens.ts';

export const migration: SqliteMigration = {
  sql: '',
  backfill(db) {
    const columns = (db.prepare('PRAGMA table_info(users)').all() as { name: string }[]).map((c) => c.name);
    if (!columns.includes('token')) return;
    db.exec(`ALTER TABLE users ADD COLUMN token_hash TEXT NOT NULL DEFAULT ''`);
    const set = db.prepare('UPDATE users SET token_hash = ? WHERE id = ?');
    for (const u of db.prepare('SELECT id, token FROM users').all() as { id: number; token: string }[])
      set.run(hashToken(u.token), u.id);
    // Rewriting the rows frees the old ones' space: zeroed, so no token lingers in the file (openSqlite
    // then empties the WAL, which held their pages).
    db.pragma('secure_delete = ON');
    db.exec('ALTER TABLE users DROP COLUMN token');
    db.pragma('secure_delete = OFF');
  },
};
