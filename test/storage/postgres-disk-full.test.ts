// A full disk under PostgreSQL is an outage, not a bug. A throw-away cluster (test/support/pg-cluster.ts)
// keeps the service's tables in a tablespace on a small tmpfs of its own (the database's
// default_tablespace names it; WAL and temporary files stay in the data directory, so the cluster
// itself keeps running), and a real `crmgen serve` runs on it under a concurrent write load while
// a filler file takes the space, until PostgreSQL answers writes with 53100 (disk_full). Checked:
// every answer is a success or 507 insufficientstorage with Retry-After (never a 500); reads go on;
// /readyz says writes are refused; once the filler is removed writes succeed again by themselves;
// nothing acknowledged is lost and a refused create left nothing behind, also across a restart of
// the cluster. Skipped with a message where a cluster cannot be made or a tmpfs mounted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, closeSync, mkdirSync, mkdtempSync, openSync, rmSync, statfsSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { call, startServer, type RunningServer } from '../support/server.ts';
import { retryAfterOf } from '../../server/facts.ts';
import { Cluster, clusterUnavailable } from '../support/pg-cluster.ts';

const ANN: [string, string] = ['ann@example.com', 'secret1'];
const SIZE = '16m';
const WORKERS = 4;

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

/** Whether a tmpfs can be mounted here: the reason when not. */
function mountUnavailable(): string | undefined {
  const dir = mkdtempSync(join('/tmp', 'crmgen-mount-probe-'));
  try {
    const r = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir], { encoding: 'utf8' });
    if (r.status !== 0) return `cannot mount a tmpfs here (${(r.stderr || r.error?.message || '').trim()})`;
    spawnSync('umount', [dir]);
    return undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const unavailable = clusterUnavailable() ?? mountUnavailable();
if (unavailable) process.stdout.write(`postgres-disk-full.test.ts skipped: ${unavailable}\n`);

const api = (base: string, method: string, path: string, body?: unknown) =>
  call(base, path, {
    user: ANN,
    method,
    accept: 'application/json',
    contentType: 'application/json',
    body: body === undefined ? undefined : JSON.stringify(body),
  });

interface Answer {
  what: string;
  status: number;
  retryAfter: string | null;
  keys: string[];
}

describe.skipIf(unavailable !== undefined)('a full disk under PostgreSQL (a throw-away cluster)', () => {
  let cluster: Cluster;
  let server: RunningServer;
  let mount = '';

  const admin = async (text: string) => {
    const c = new pg.Client({ connectionString: cluster.url() });
    await c.connect();
    try {
      return (await c.query(text)).rows as Record<string, unknown>[];
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    cluster = await Cluster.create();
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString());
    mount = join(cluster.dir, 'small');
    mkdirSync(mount);
    const opts = `size=${SIZE},mode=0700,uid=${id('-u')},gid=${id('-g')}`;
    const r = spawnSync('mount', ['-t', 'tmpfs', '-o', opts, 'tmpfs', mount], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    mkdirSync(join(mount, 'ts'));
    chownSync(join(mount, 'ts'), id('-u'), id('-g'));
    await admin(`CREATE TABLESPACE small LOCATION '${join(mount, 'ts')}'`);
    // Every table and index the service's migrations create goes to the small file system.
    await admin('ALTER DATABASE postgres SET default_tablespace = small');
    server = await startServer({
      db: cluster.url('diskfull'),
      users: [`${ANN[0]}:${ANN[1]}`],
      args: ['--log-format', 'json'],
      timeoutMs: 40_000,
    });
    const where = await admin(
      `SELECT t.spcname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_tablespace t ON t.oid = c.reltablespace WHERE n.nspname = 'diskfull' AND c.relname = 'records'`,
    );
    expect(where).toEqual([{ spcname: 'small' }]);
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await cluster?.stop();
    if (mount) spawnSync('umount', [mount]);
    await cluster?.destroy();
  });

  it('answers 507 insufficientstorage under a write load, keeps reading, writes again once space is freed; nothing acknowledged lost', async () => {
    // A filler takes the space but the last few hundred KiB.
    const free = () => Number(statfsSync(mount).bavail) * Number(statfsSync(mount).bsize);
    const filler = join(mount, 'filler');
    const fd = openSync(filler, 'w');
    const chunk = Buffer.alloc(64 * 1024, 1);
    while (free() > 512 * 1024) writeSync(fd, chunk);
    closeSync(fd);

    // Creates (with a long text, so pages fill fast), shows and lists from WORKERS clients,
    // until each has seen three refused writes (bounded, should the disk never fill).
    const acked = new Map<number, string>();
    const refused: string[] = [];
    const answers: Answer[] = [];
    const background = 'x'.repeat(4000);
    const note = (what: string, r: Awaited<ReturnType<typeof api>>) => {
      const keys = r.status >= 400 ? Object.keys((r.json() as { errors?: object }).errors ?? {}) : [];
      answers.push({ what, status: r.status, retryAfter: r.headers.get('retry-after'), keys });
    };
    await Promise.all(
      Array.from({ length: WORKERS }, async (_, w) => {
        let full = 0;
        for (let n = 0; n < 1500 && full < 3; n++) {
          const name = `w${w}-${n}`;
          const r = await api(server.base, 'POST', '/contacts/', { firstname: 'Full', lastname: name, background });
          note('create', r);
          if (r.status === 201) acked.set(r.json().item.id as number, name);
          else if (r.status === 507) {
            full++;
            refused.push(name);
          }
          if (n % 4 === 3) {
            const mine = [...acked].find(([, v]) => v.startsWith(`w${w}-`));
            if (mine) note('show', await api(server.base, 'GET', `/contacts/${mine[0]}/`));
            note('list', await api(server.base, 'GET', '/contacts/?limit=5'));
          }
        }
      }),
    );
    const odd = answers.filter((a) => ![200, 201, 507].includes(a.status));
    expect(odd, 'answers neither a success nor 507').toEqual([]);
    const full = answers.filter((a) => a.status === 507);
    expect(full.length, 'the disk never filled up').toBeGreaterThan(0);
    for (const a of full) {
      expect(a.what).toBe('create');
      expect(a.keys).toEqual(['insufficientstorage']);
      expect(Number(a.retryAfter)).toBe(retryAfterOf('insufficientstorage', 'full'));
    }
    expect(acked.size).toBeGreaterThan(0);

    // Reads go on while writes are refused: every acknowledged record shows, a list answers.
    const refusedNow = await api(server.base, 'POST', '/contacts/', {
      firstname: 'Full',
      lastname: 'again',
      background,
    });
    expect(refusedNow.status, refusedNow.text).toBe(507);
    refused.push('again');
    for (const [id, name] of acked) {
      const r = await api(server.base, 'GET', `/contacts/${id}/`);
      expect(r.status, r.text).toBe(200);
      expect(r.json().item.fields.lastname).toBe(name);
    }
    const list = await api(server.base, 'GET', '/contacts/?limit=5');
    expect(list.status, list.text).toBe(200);
    const ready = await call(server.base, '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.text).toMatch(/writes refused since .*disk is full/);

    // Space freed: writes succeed again without a restart of anything.
    rmSync(filler);
    let again: Awaited<ReturnType<typeof api>> | undefined;
    for (let i = 0; i < 100; i++) {
      again = await api(server.base, 'POST', '/contacts/', { firstname: 'Full', lastname: 'after' });
      if (again.status === 201) break;
      expect(again.status, again.text).toBe(507);
      await sleep(100);
    }
    expect(again!.status, again!.text).toBe(201);
    acked.set(again!.json().item.id as number, 'after');
    for (let i = 0; i < 100 && (await call(server.base, '/readyz')).text !== 'ready\n'; i++) await sleep(50);
    expect((await call(server.base, '/readyz')).text).toBe('ready\n');
    const out = server.output();
    expect(out).toMatch(/disk is full \(/);
    expect(out).not.toMatch(/"msg":"crmgen: 500 on/);

    // Nothing acknowledged lost and no refused create stored, also after the cluster restarts
    // (its shutdown checkpoint writes every page out to the tablespace).
    for (const restart of [false, true]) {
      if (restart) await cluster.restartFast();
      for (let i = 0; i < 100 && (await api(server.base, 'GET', '/contacts/?limit=1')).status !== 200; i++)
        await sleep(100);
      const rows = await admin(
        `SELECT id::int, fields->>'lastname' AS name FROM diskfull.records WHERE kind = 'contacts' AND deleted IS NULL`,
      );
      const stored = new Map(rows.map((r) => [r.id as number, r.name as string]));
      expect(stored).toEqual(acked);
      for (const name of refused) expect([...stored.values()]).not.toContain(name);
      for (const [id, name] of acked) {
        const r = await api(server.base, 'GET', `/contacts/${id}/`);
        expect(r.status, r.text).toBe(200);
        expect(r.json().item.fields.lastname).toBe(name);
      }
    }
  }, 180_000);
});
