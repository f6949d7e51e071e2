// Durability over real HTTP: a stream of creates against `crmgen serve` on a SQLite file, the
// server killed with SIGKILL in the middle of it, then restarted on the same file. Every
// create that was answered 201 must still be there.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { basic, startServer, testDatabase, type RunningServer } from './support/server.ts';
import { Client, httpRequest } from './support/api.ts';

const dir = mkdtempSync(join(tmpdir(), 'crmgen-crash-'));
const running: RunningServer[] = [];
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop('SIGKILL')));
  rmSync(dir, { recursive: true, force: true });
});

const user = 'ann@example.com:secret1';
const auth = basic('ann@example.com', 'secret1');

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((ok) => setTimeout(ok, 5));
  }
}

describe('kill -9 during a stream of creates', () => {
  it('every create that got its 201 is there after a restart on the same file', async () => {
    const db = join(dir, 'crm.sqlite');
    const first = await startServer({ db, users: [user] });
    running.push(first);
    const acknowledged = new Map<number, string>();
    let attempted = 0;
    let stop = false;
    // Four concurrent writers, each bounded; they end at the first connection error (the kill).
    const writer = async (w: number) => {
      for (let i = 0; i < 5000 && !stop; i++) {
        const name = `w${w}n${i}`;
        attempted++;
        try {
          const r = await httpRequest(
            `${first.base}/contacts/`,
            'POST',
            { authorization: auth, 'content-type': 'application/json', accept: 'application/json' },
            JSON.stringify({ firstname: name, background: 'x'.repeat(200) }),
          );
          if (r.status !== 201) throw new Error(`create answered ${r.status}`);
          acknowledged.set((JSON.parse(new TextDecoder().decode(r.body)) as { item: { id: number } }).item.id, name);
        } catch (e) {
          if (!stop) throw e;
          return;
        }
      }
    };
    const writers = Array.from({ length: 4 }, (_, w) => writer(w));
    await until(() => acknowledged.size >= 100, 20_000);
    const exited = new Promise<NodeJS.Signals | null>((ok) => first.child.once('exit', (_code, signal) => ok(signal)));
    stop = true;
    // Counted as the signal goes: answers already written may still arrive after it.
    const inFlight = attempted - acknowledged.size;
    first.child.kill('SIGKILL');
    await Promise.all(writers);
    expect(await exited).toBe('SIGKILL');
    expect(inFlight).toBeGreaterThan(0); // some were in flight when it died

    const second = await startServer({ db, users: [user] });
    running.push(second);
    const ann = new Client(second.base, ['ann@example.com', 'secret1']);
    const ids = [...acknowledged.keys()];
    // Show each acknowledged id (8 at a time).
    for (let i = 0; i < ids.length; i += 8) {
      const shown = await Promise.all(ids.slice(i, i + 8).map((id) => ann.get(`/contacts/${id}/`)));
      shown.forEach((r, j) => {
        expect(r.status, `record ${ids[i + j]}`).toBe(200);
        expect(r.body.item.fields.firstname).toBe(acknowledged.get(ids[i + j]));
      });
    }
    // The list holds them all, and at most the few that committed without their answer reaching us.
    const list = await ann.list('contacts', 'limit=5000');
    expect(list.count).toBeGreaterThanOrEqual(ids.length);
    expect(list.count).toBeLessThanOrEqual(attempted);
    for (const id of ids) expect(list.ids).toContain(id);
    // And the restarted service keeps working on the recovered file.
    expect((await ann.post('/contacts/', { firstname: 'After the crash' })).status).toBe(201);
  });
});

describe('kill -9 right after rounds of concurrent creates, a third of them refused inside their transaction', () => {
  it('every acknowledged create is there after a restart, and nothing of a refused one', async () => {
    // On SQLite the creates of a round share COMMITs (group commit); PostgreSQL commits each.
    const { db, drop } = await testDatabase(dir, 'group.sqlite');
    try {
      const first = await startServer({ db, users: [user] });
      running.push(first);
      const ann = new Client(first.base, ['ann@example.com', 'secret1']);
      const acknowledged = new Map<number, string>();
      // A refused create writes its record first, then names a category tag that does not exist.
      const create = async (name: string, refused: boolean) => {
        const r = await ann.post('/contacts/', {
          firstname: name,
          ...(refused ? { categories: { add: { category: [999_999] } } } : {}),
        });
        expect(r.status, r.text).toBe(refused ? 400 : 201);
        if (!refused) acknowledged.set(r.body.item.id as number, name);
      };
      for (let round = 0; round < 10; round++) {
        await Promise.all(Array.from({ length: 12 }, (_, i) => create(`round ${round} create ${i}`, i % 3 === 1)));
      }
      // Killed as soon as the last answers arrived: none of them may be lost, none was in flight.
      const exited = new Promise<NodeJS.Signals | null>((ok) =>
        first.child.once('exit', (_code, signal) => ok(signal)),
      );
      first.child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');

      const second = await startServer({ db, users: [user] });
      running.push(second);
      const again = new Client(second.base, ['ann@example.com', 'secret1']);
      const list = await again.list('contacts', 'limit=5000');
      expect(list.count).toBe(acknowledged.size);
      expect(new Set(list.ids)).toEqual(new Set(acknowledged.keys()));
      const names = Object.values(list.body as Record<string, unknown>).flatMap((v) =>
        typeof v === 'object' && v !== null && 'name' in v ? [(v as { name: string }).name] : [],
      );
      expect(new Set(names)).toEqual(new Set(acknowledged.values()));
      await second.stop();
    } finally {
      await drop();
    }
  });
});
