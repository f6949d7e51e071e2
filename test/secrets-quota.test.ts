// One quota per user and window (issue 35), with the real CLI: a kill -9 inside a window hands out
// no fresh allowance (on SQLite each count reaches FILE-quota before the call runs; on PostgreSQL it
// is committed), and a second `crmgen serve` on one SQLite file is refused at start, naming the
// cause and PostgreSQL.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { basic, call, startServer, steadyQuotaWindow, type RunningServer } from './support/server.ts';
import { cli, root } from './support/paths.ts';
import { createSchema, dropSchema } from './support/postgres.ts';

const dirs: string[] = [];
const servers: RunningServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const tempDb = () => {
  const d = mkdtempSync(join(tmpdir(), 'crmgen-quota-'));
  dirs.push(d);
  return join(d, 'crm.sqlite');
};
const ANN = ['ann@example.com', 'ann-token-1'] as const;
const serve = async (db: string, quota: number) => {
  const s = await startServer({ db, users: [ANN.join(':')], args: ['--quota', String(quota), '--log-format', 'none'] });
  servers.push(s);
  return s;
};
/** One call; its status and the quota header's used count. */
const once = async (base: string) => {
  const r = await call(base, '/ownership/', { auth: basic(...ANN), accept: 'application/json' });
  return { status: r.status, used: Number(r.headers.get('http-x-service-api-call-limit')?.split('/')[0]) };
};
const killed = async (s: RunningServer) => {
  expect(await s.stop('SIGKILL')).toBe(null);
  expect(s.child.signalCode).toBe('SIGKILL');
};

describe('the quota across a kill -9 (PostgreSQL: each count committed before the call runs)', () => {
  it('after a restart in the same window, the calls left are what was left', async () => {
    const { schema, url } = await createSchema('quotakill');
    try {
      let server = await serve(url, 20);
      for (let i = 1; i <= 7; i++) expect(await once(server.base)).toEqual({ status: 200, used: i });
      await killed(server);
      server = await serve(url, 20);
      for (let i = 8; i <= 20; i++) expect(await once(server.base)).toEqual({ status: 200, used: i });
      expect((await once(server.base)).status).toBe(429);
      await killed(server);
    } finally {
      await dropSchema(schema);
    }
  });
});

describe('the quota across a kill -9 (SQLite file)', () => {
  it('after a restart in the same window, the calls left are what was left', async () => {
    const db = tempDb();
    let server = await serve(db, 30);
    for (let i = 1; i <= 12; i++) expect(await once(server.base)).toEqual({ status: 200, used: i });
    await killed(server);
    // The last count before the kill is in the journal, whatever was stored in the database.
    expect(readFileSync(`${db}-quota`, 'utf8')).toMatch(/^\d+ \d+ 12$/m);
    server = await serve(db, 30);
    // 18 were left: the 13th to the 30th pass, the 31st is refused.
    for (let i = 13; i <= 30; i++) expect(await once(server.base)).toEqual({ status: 200, used: i });
    expect((await once(server.base)).status).toBe(429);
    await killed(server);
    // Killed again with the allowance spent: still spent.
    server = await serve(db, 30);
    expect((await once(server.base)).status).toBe(429);
    // A clean stop keeps it too, in the database: the journal is left empty.
    expect(await server.stop()).toBe(0);
    expect(statSync(`${db}-quota`).size).toBe(0);
    server = await serve(db, 30);
    expect((await once(server.base)).status).toBe(429);
    expect(steadyQuotaWindow()).toBeGreaterThan(900); // the whole test ran inside one window
  });
});

describe('a second crmgen serve on the same SQLite file', () => {
  it('is refused at start with the cause and PostgreSQL named; the first keeps serving; after a kill -9 a new one starts', async () => {
    const db = tempDb();
    const first = await serve(db, 50);
    expect((await once(first.base)).status).toBe(200);
    const second = spawnSync(process.execPath, [cli, 'serve', '--port', '0', '--db', db, '--quota', '50'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(second.status).toBe(1);
    expect(second.stdout).not.toMatch(/listening/);
    expect(second.stderr).toContain(`${db} is being served by another crmgen serve`);
    expect(second.stderr).toMatch(/one service process per SQLite file/);
    expect(second.stderr).toMatch(/PostgreSQL \(--db postgres:\/\/\.\.\.\)/);
    expect(await once(first.base)).toEqual({ status: 200, used: 2 });
    // Other commands still work on the file beside the service.
    const list = spawnSync(process.execPath, [cli, 'users', 'list', '--db', db], {
      cwd: root,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(list.status).toBe(0);
    expect(list.stdout).toContain(ANN[0]);
    // The operating system drops the lock of a killed process: no stale lock.
    await killed(first);
    const next = await serve(db, 50);
    expect(await once(next.base)).toEqual({ status: 200, used: 3 });
  });
});
