// A SQLite database whose write lock another process keeps past the writer's wait is an outage,
// not a bug: a real `crmgen serve` on a file, another connection (this test's) holding
// BEGIN IMMEDIATE. The write is answered 503 serviceunavailable with Retry-After, reads go on,
// and writes work again once the lock is let go.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retryAfterOf } from '../../server/facts.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { call, startServer, type RunningServer } from '../support/server.ts';

const ANN: [string, string] = ['ann@example.com', 'secret1'];

const json = (base: string, method: string, path: string, body?: unknown) =>
  call(base, path, {
    user: ANN,
    method,
    accept: 'application/json',
    contentType: 'application/json',
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('a SQLite write lock held by another process', () => {
  const dir = mkdtempSync(join(tmpdir(), 'crmgen-locked-'));
  const db = join(dir, 'crm.sqlite');
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer({
      db,
      users: [`${ANN[0]}:${ANN[1]}`],
      args: ['--log-format', 'json'],
      timeoutMs: 40_000,
    });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers writes 503 serviceunavailable with Retry-After, keeps reading, and writes once the lock is gone', async () => {
    const made = await json(server.base, 'POST', '/contacts/', { firstname: 'Before', lastname: 'lock' });
    expect(made.status, made.text).toBe(201);
    const id = made.json().item.id as number;

    const other = new Database(db);
    other.pragma('busy_timeout = 0');
    other.exec('BEGIN IMMEDIATE');
    try {
      const r = await json(server.base, 'POST', '/contacts/', { firstname: 'During', lastname: 'lock' });
      expect(r.status, r.text).toBe(503);
      expect(Object.keys(r.json().errors)).toEqual(['serviceunavailable']);
      expect(Number(r.headers.get('retry-after'))).toBe(retryAfterOf('serviceunavailable', 'unreachable'));
      const show = await json(server.base, 'GET', `/contacts/${id}/`);
      expect(show.status, show.text).toBe(200);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    const after = await json(server.base, 'POST', '/contacts/', { firstname: 'After', lastname: 'lock' });
    expect(after.status, after.text).toBe(201);
    expect(server.output()).not.toMatch(/"msg":"crmgen: 500 on/);
  }, 60_000);
});
