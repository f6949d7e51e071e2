// API tokens at rest (issue 35): only a SHA-256 of each token is stored. A token is shown once (users
// add, users token, the start-up line of a new demo database), never by users list, never in the
// database file, the request log or /metrics; old databases with plaintext tokens migrate on open
// (SQLite and PostgreSQL) and their users still authenticate. New SQLite files are private (0600).
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../server/storage/migrations/sqlite/index.ts';
import { PG_MIGRATIONS } from '../server/storage/migrations/postgres/index.ts';
import { basic, call, startServer, type RunningServer } from './support/server.ts';
import { crmgen } from './support/api.ts';
import { createSchema, dropSchema, sql } from './support/postgres.ts';

const dirs: string[] = [];
const servers: RunningServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'crmgen-secrets-'));
  dirs.push(d);
  return d;
};
const serve = async (o: Parameters<typeof startServer>[0]) => {
  const s = await startServer(o);
  servers.push(s);
  return s;
};

/** Every byte SQLite keeps of the database: the file, its WAL and shared memory. */
const fileBytes = (db: string) =>
  ['', '-wal', '-shm'].map((x) => (existsSync(db + x) ? readFileSync(db + x).toString('latin1') : '')).join('\n');
const status = async (base: string, email: string, token: string) =>
  (await call(base, '/ownership/', { auth: basic(email, token), accept: 'application/json' })).status;

describe('crmgen users add / list / token on a SQLite file', () => {
  it('shows the token once, stores only its hash, lists no token, and rotates it', async () => {
    const db = join(tempDir(), 'crm.sqlite');
    const added = crmgen('users', 'add', 'kim@example.com', '--db', db);
    const token = /API token: ([0-9a-f]+)$/m.exec(added)![1]!;
    expect(token).toHaveLength(32); // 128 random bits
    const listed = crmgen('users', 'list', '--db', db);
    expect(listed).toMatch(/kim@example\.com/);
    expect(listed).not.toContain(token);
    expect(listed.split('\n')[0]).toBe('id\temail\taccount');

    const server = await serve({ db, args: ['--log-format', 'json', '--log-bodies'] });
    expect(await status(server.base, 'kim@example.com', token)).toBe(200);
    expect(await status(server.base, 'kim@example.com', `${token}x`)).toBe(401);
    const metrics = await call(server.base, '/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.text).not.toContain(token);

    const rotated = crmgen('users', 'token', 'kim@example.com', '--db', db);
    const fresh = /new API token: ([0-9a-f]+)$/m.exec(rotated)![1]!;
    expect(fresh).not.toBe(token);
    expect(await status(server.base, 'kim@example.com', token)).toBe(401);
    expect(await status(server.base, 'kim@example.com', fresh)).toBe(200);
    await server.stop();
    expect(server.output()).toMatch(/"statusCode":200/);
    for (const t of [token, fresh]) {
      expect(server.output()).not.toContain(t);
      expect(fileBytes(db)).not.toContain(t);
    }
    expect(() => crmgen('users', 'token', 'nobody@example.com', '--db', db)).toThrow(/no user nobody@example.com/);
  });

  it('--user EMAIL:TOKEN and the demo user: hashed too; the demo token is printed once, at start', async () => {
    const db = join(tempDir(), 'crm.sqlite');
    const server = await serve({ db, args: ['--demo'] });
    const m = /demo user: (\S+)\s+API token: (\S+)/.exec(server.output())!;
    expect(await status(server.base, m[1]!, m[2]!)).toBe(200);
    await server.stop();
    expect(fileBytes(db)).not.toContain(m[2]!);
    const again = await serve({ db, users: ['lee@example.com:lee-chosen-token-1'] });
    expect(again.output()).not.toContain(m[2]!);
    expect(await status(again.base, 'lee@example.com', 'lee-chosen-token-1')).toBe(200);
    await again.stop();
    // The same --user again matches the stored hash; another token for it is refused.
    const third = await serve({ db, users: ['lee@example.com:lee-chosen-token-1'] });
    await third.stop();
    await expect(serve({ db, users: ['lee@example.com:another'] })).rejects.toThrow(/exists with another token/);
    expect(fileBytes(db)).not.toContain('lee-chosen-token-1');
  });
});

describe('new SQLite files are readable by their owner only', () => {
  it("crm.sqlite, -wal, -shm and the service's -quota and -serve-lock are 0600 (crmgen serve and crmgen users add)", async () => {
    const dir = tempDir();
    const db = join(dir, 'served.sqlite');
    const server = await serve({ db });
    expect(await status(server.base, 'x@example.com', 'y')).toBe(401);
    for (const f of [db, `${db}-wal`, `${db}-shm`, `${db}-quota`, `${db}-serve-lock`, `${db}-serve-lock-wal`]) {
      expect((statSync(f).mode & 0o777).toString(8), f).toBe('600');
    }
    await server.stop();
    const other = join(dir, 'cli.sqlite');
    crmgen('users', 'add', 'a@example.com', '--db', other);
    expect((statSync(other).mode & 0o777).toString(8)).toBe('600');
  });
});

describe('an old database with plaintext tokens', () => {
  it('SQLite (schema 8): migrates on open, the user authenticates with the old token, which the file no longer holds', async () => {
    const db = join(tempDir(), 'old.sqlite');
    const raw = new Database(db);
    raw.pragma('journal_mode = WAL');
    for (const [i, m] of MIGRATIONS.slice(0, 8).entries()) {
      raw.exec(m.sql);
      m.backfill?.(raw);
      raw.pragma(`user_version = ${i + 1}`);
    }
    raw.exec(`INSERT INTO accounts (name) VALUES ('default');
      INSERT INTO users (id, account_id, email, name, token, preventlogin, preventprivatedata, administrator)
        VALUES (1, 1, 'old@example.com', 'Old', 'plain-old-token-4711', 0, 0, 1);`);
    raw.close();
    expect(fileBytes(db)).toContain('plain-old-token-4711');
    const server = await serve({ db });
    expect(await status(server.base, 'old@example.com', 'plain-old-token-4711')).toBe(200);
    expect(await status(server.base, 'old@example.com', 'plain-old-token-4712')).toBe(401);
    await server.stop();
    expect(fileBytes(db)).not.toContain('plain-old-token-4711');
    expect(crmgen('users', 'list', '--db', db)).not.toContain('plain-old-token-4711');
  });

  it('PostgreSQL (schema 5): migrates on open, the user authenticates with the old token, no column holds it', async () => {
    const { schema, url } = await createSchema('tokold');
    try {
      await sql(
        schema,
        `CREATE TABLE schema_version (one boolean PRIMARY KEY DEFAULT true CHECK (one), version integer NOT NULL);
        INSERT INTO schema_version (version) VALUES (5);
        ${PG_MIGRATIONS.slice(0, 5)
          .map((m) => m.sql)
          .join(';\n')}`,
      );
      await sql(
        schema,
        `INSERT INTO accounts (name) VALUES ('default');
        INSERT INTO users (account_id, email, name, token, preventlogin, preventprivatedata, administrator)
          VALUES (1, 'old@example.com', 'Old', 'plain-old-token-4711', 0, 0, 1)`,
      );
      const server = await serve({ db: url });
      expect(await status(server.base, 'old@example.com', 'plain-old-token-4711')).toBe(200);
      expect(await status(server.base, 'old@example.com', 'plain-old-token-4712')).toBe(401);
      await server.stop();
      const rows = await sql(schema, 'SELECT * FROM users');
      expect(JSON.stringify(rows)).not.toContain('plain-old-token-4711');
      expect(rows).toHaveLength(1);
    } finally {
      await dropSchema(schema);
    }
  });
});
