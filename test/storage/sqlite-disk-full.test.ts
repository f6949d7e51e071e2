// A full disk under the SQLite database is an outage, not a bug. A real `crmgen serve` runs on a
// database in a small tmpfs (mounted here; skipped with a message where the machine does not
// allow mounting); a filler file takes most of the space, then creates run until the disk is
// full. Checked: the write that finds no space is answered 507 insufficientstorage with
// Retry-After; reads go on; /readyz says writes are refused; the condition is logged once; once
// the filler is removed writes succeed again by themselves; nothing acknowledged is lost, also
// across a restart of the service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, statfsSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, startServer, type RunningServer } from '../support/server.ts';
import { retryAfterOf } from '../../server/facts.ts';

const ANN: [string, string] = ['ann@example.com', 'secret1'];
const SIZE = '8m';

/** Mounts a tmpfs of SIZE at a new folder; the reason when it cannot. */
function mountTmpfs(): { dir: string } | { skip: string } {
  const dir = mkdtempSync(join(tmpdir(), 'crmgen-full-'));
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${SIZE}`, 'tmpfs', dir], { encoding: 'utf8' });
  if (r.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    return { skip: `cannot mount a tmpfs here (${(r.stderr || r.error?.message || '').trim()})` };
  }
  return { dir };
}

const mounted = mountTmpfs();
if ('skip' in mounted) process.stdout.write(`sqlite-disk-full.test.ts skipped: ${mounted.skip}\n`);

const json = (base: string, method: string, path: string, body?: unknown) =>
  call(base, path, {
    user: ANN,
    method,
    accept: 'application/json',
    contentType: 'application/json',
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe.skipIf('skip' in mounted)('a full disk under the SQLite database', () => {
  const dir = 'dir' in mounted ? mounted.dir : '';
  const db = join(dir, 'crm.sqlite');
  const filler = join(dir, 'filler');
  let server: RunningServer;

  const start = () =>
    startServer({ db, users: [`${ANN[0]}:${ANN[1]}`], args: ['--log-format', 'json'], timeoutMs: 40_000 });

  beforeAll(async () => {
    server = await start();
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    spawnSync('umount', [dir]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 507 insufficientstorage, keeps reading, writes again once space is freed; nothing acknowledged lost', async () => {
    // Most of the space goes to a filler file: a few hundred KiB are left for the database.
    const free = () => Number(statfsSync(dir).bavail) * Number(statfsSync(dir).bsize);
    const fd = openSync(filler, 'w');
    const chunk = Buffer.alloc(64 * 1024, 1);
    while (free() > 512 * 1024) writeSync(fd, chunk);
    closeSync(fd);

    const acked = new Map<number, string>();
    const background = 'x'.repeat(4000);
    let full: Awaited<ReturnType<typeof json>> | undefined;
    for (let n = 0; n < 2000 && !full; n++) {
      const fields = { firstname: 'Full', lastname: `n${n}`, background: `${n} ${background}` };
      const r = await json(server.base, 'POST', '/contacts/', fields);
      if (r.status === 201) acked.set(r.json().item.id as number, `n${n}`);
      else full = r;
    }
    expect(full, 'the disk never filled up').toBeDefined();
    expect(full!.status, full!.text).toBe(507);
    expect(Object.keys(full!.json().errors)).toEqual(['insufficientstorage']);
    expect(Number(full!.headers.get('retry-after'))).toBe(retryAfterOf('insufficientstorage', 'full'));
    expect(acked.size).toBeGreaterThan(0);

    // Writes stay refused while the disk is full; every one is answered 507, never 500.
    for (let i = 0; i < 5; i++) {
      const r = await json(server.base, 'POST', '/contacts/', { firstname: 'Full', lastname: 'again', background });
      expect(r.status, r.text).toBe(507);
    }
    // Reads go on: a show and a list.
    const [someId, someName] = [...acked][0]!;
    const show = await json(server.base, 'GET', `/contacts/${someId}/`);
    expect(show.status, show.text).toBe(200);
    expect(show.json().item.fields.lastname).toBe(someName);
    const list = await json(server.base, 'GET', '/contacts/?limit=5');
    expect(list.status, list.text).toBe(200);
    // /readyz: ready (reads are served), and it says writes are not.
    const ready = await call(server.base, '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.text).toMatch(/writes refused since .*disk is full/);

    // Space freed: writes succeed again without a restart.
    rmSync(filler);
    let again: Awaited<ReturnType<typeof json>> | undefined;
    for (let i = 0; i < 100; i++) {
      again = await json(server.base, 'POST', '/contacts/', { firstname: 'Full', lastname: 'after' });
      if (again.status === 201) break;
      expect(again.status, again.text).toBe(507);
      await new Promise((ok) => setTimeout(ok, 100));
    }
    expect(again!.status, again!.text).toBe(201);
    acked.set(again!.json().item.id as number, 'after');
    const readyAfter = await call(server.base, '/readyz');
    expect(readyAfter.text).toBe('ready\n');

    // The condition was logged once (one episode), and its end once (a second after it).
    for (let i = 0; i < 100 && !server.output().includes('recovered ('); i++)
      await new Promise((ok) => setTimeout(ok, 50));
    const out = server.output();
    expect(out.match(/disk is full \(/g) ?? []).toHaveLength(1);
    expect(out.match(/recovered \(the database's disk is full no more\)/g) ?? []).toHaveLength(1);
    expect(out).not.toMatch(/"msg":"crmgen: 500 on/);
    // Background jobs that met the full disk (viewed times, the search index) leave it to those lines.
    expect(out).not.toMatch(/storing viewed times failed|indexing search texts failed/);

    // Nothing acknowledged is lost, also after a restart on the same file.
    for (const restart of [false, true]) {
      if (restart) {
        expect(await server.stop()).toBe(0);
        server = await start();
      }
      for (const [id, name] of acked) {
        const r = await json(server.base, 'GET', `/contacts/${id}/`);
        expect(r.status, r.text).toBe(200);
        expect(r.json().item.fields.lastname).toBe(name);
      }
    }
  }, 120_000);
});
