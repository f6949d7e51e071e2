// Several `crmgen serve` instances on one PostgreSQL database behave as one service. Three real
// child processes share a fresh schema of the test server (test/support/postgres.ts); the test
// sends its requests round-robin over them. Checked: ids, shows and lists agree across instances;
// the quota is counted in the database, across instances; a webhook receiver (node:http on
// 127.0.0.1) gets each of 300 notifications exactly once, although one instance is killed with
// SIGKILL while its deliveries are on the wire (another instance delivers them after the lease).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { call, startServer, type CallResult, type RunningServer } from './support/server.ts';
import { createSchema, dropSchema, sql } from './support/postgres.ts';

const ANN: [string, string] = ['ann@example.com', 'secret1'];
/** The webhook lease of every instance: a dead instance's claimed deliveries wait this long. */
const LEASE_MS = 6_000;

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

/** Polls fn until it returns something truthy; bounded by timeoutMs. */
async function until<T>(what: () => string, fn: () => T | null | undefined | false, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`);
    await sleep(20);
  }
}

/** Runs fn over items with at most n at a time; results in the order of items. */
async function inParallel<T, R>(items: T[], n: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
}

const json = (base: string, method: string, path: string, body?: unknown, user = ANN): Promise<CallResult> =>
  call(base, path, {
    user,
    method,
    contentType: 'application/json',
    accept: 'application/json',
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function create(base: string, kind: string, fields: Record<string, unknown>): Promise<number> {
  const r = await json(base, 'POST', `/${kind}/`, fields);
  expect(r.status, r.text).toBe(201);
  return r.json().item.id as number;
}

async function list(base: string, kind: string, query: string): Promise<{ ids: number[]; count: number }> {
  const r = await json(base, 'GET', `/${kind}/?${query}`);
  expect(r.status, r.text).toBe(200);
  const body = r.json() as Record<string, { id: number }> & { count: number };
  return {
    ids: Object.keys(body)
      .filter((k) => /^id\d+$/.test(k))
      .map((k) => body[k]!.id),
    count: body.count,
  };
}

async function startInstances(n: number, url: string, args: string[]): Promise<RunningServer[]> {
  // Started together: they migrate the new schema (once, under the advisory lock) side by side.
  return Promise.all(
    Array.from({ length: n }, () =>
      startServer({ db: url, users: [`${ANN[0]}:${ANN[1]}:multi`], args, timeoutMs: 40_000 }),
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// the webhook receiver: counts acknowledged notifications per objectid; can hold its answers

interface Held {
  objectid: number;
  res: ServerResponse;
  /** The sender's connection closed before we answered (it died). */
  gone: boolean;
}

class Receiver {
  /** objectid -> how many times a notification for it was answered 200. */
  readonly acked = new Map<number, number>();
  /** Notifications whose sender vanished before the answer (never acknowledged). */
  unanswered = 0;
  received = 0;
  held: Held[] = [];
  holding = false;
  port = 0;
  private server?: Server;

  async start(): Promise<void> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.received++;
        const { objectid } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { objectid: number };
        const h: Held = { objectid, res, gone: false };
        res.on('close', () => {
          if (!res.writableFinished) h.gone = true;
        });
        if (this.holding) this.held.push(h);
        else this.answer(h);
      });
    });
    await new Promise<void>((ok, fail) => {
      server.once('error', fail);
      server.listen(0, '127.0.0.1', () => ok());
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
  }

  private answer(h: Held): void {
    if (h.gone || h.res.destroyed) {
      this.unanswered++;
      return;
    }
    h.res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    this.acked.set(h.objectid, (this.acked.get(h.objectid) ?? 0) + 1);
  }

  /** Answers everything held, and from now on answers at once. */
  release(): void {
    this.holding = false;
    const held = this.held;
    this.held = [];
    for (const h of held) this.answer(h);
  }

  get ackedCount(): number {
    let n = 0;
    for (const c of this.acked.values()) n += c;
    return n;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((ok) => server.close(() => ok()));
  }
}

// ---------------------------------------------------------------------------------------------

describe('three instances on one PostgreSQL schema', () => {
  let schema: string;
  let servers: RunningServer[] = [];
  const rx = new Receiver();

  beforeAll(async () => {
    const s = await createSchema('multi');
    schema = s.schema;
    await rx.start();
    servers = await startInstances(3, s.url, [
      '--allow-private-webhooks',
      '--webhook-retry-ms',
      '100',
      '--webhook-lease-ms',
      String(LEASE_MS),
    ]);
  }, 90_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await rx.stop();
    if (schema) await dropSchema(schema);
  });

  it('creates, shows and lists agree across instances; ids are unique; paging is consistent', async () => {
    const bases = servers.map((s) => s.base);
    // Three at a time, one per instance, so the instances really write side by side.
    const ids = await inParallel(
      Array.from({ length: 30 }, (_, i) => i),
      3,
      (i) => create(bases[i % 3]!, 'companies', { name: `Company ${String(i).padStart(2, '0')}` }),
    );
    expect(new Set(ids).size).toBe(30);
    // Created on A, shown by B.
    for (const [i, id] of ids.entries()) {
      const r = await json(bases[(i + 1) % 3]!, 'GET', `/companies/${id}/`);
      expect(r.status, r.text).toBe(200);
      expect(r.json().item).toMatchObject({ id, name: `Company ${String(i).padStart(2, '0')}` });
    }
    // Listed by every instance, the same way.
    for (const base of bases) {
      const all = await list(base, 'companies', 'limit=100');
      expect(all.count).toBe(30);
      expect(sorted(all.ids)).toEqual(sorted(ids));
    }
    // Pages of 7 fetched round-robin add up to the whole list, in order, without gaps or repeats.
    const whole = (await list(bases[0]!, 'companies', 'limit=100&sortfield=name')).ids;
    const paged: number[] = [];
    for (let page = 0; page * 7 < 30; page++) {
      const p = await list(bases[page % 3]!, 'companies', `limit=7&start=${page * 7}&sortfield=name`);
      expect(p.count).toBe(30);
      paged.push(...p.ids);
    }
    expect(paged).toEqual(whole);
    expect(whole).toEqual(ids); // names sort in creation order
    // A record deleted through C is gone for A and B.
    expect((await json(bases[2]!, 'DELETE', `/companies/${ids[0]}/`)).status).toBe(200);
    expect((await json(bases[0]!, 'GET', `/companies/${ids[0]}/`)).status).toBe(404);
    expect((await list(bases[1]!, 'companies', 'limit=100')).count).toBe(29);
  }, 60_000);

  it('delivers each of 300 notifications exactly once, although one instance is killed with SIGKILL mid-way', async () => {
    const [a, b, c] = servers as [RunningServer, RunningServer, RunningServer];
    const hook = await json(a.base, 'POST', '/hooks/', {
      event: 'items.create',
      url: `http://127.0.0.1:${rx.port}/multi`,
      contenttype: 'json',
      constrainttype: 'contact',
    });
    expect(hook.status, hook.text).toBe(200);
    const created: number[] = [];
    const createOn = (bases: string[], from: number, count: number) =>
      inParallel(
        Array.from({ length: count }, (_, i) => from + i),
        6,
        async (n, i) => {
          created.push(
            await create(bases[i % bases.length]!, 'contacts', { firstname: 'Contact', lastname: String(n) }),
          );
        },
      );
    const progress = () =>
      `acked ${rx.ackedCount} of ${created.length} created, ${rx.held.length} held, ${rx.unanswered} unanswered, ${rx.received} received`;

    // 1. 150 creates over the three instances; every notification arrives.
    await createOn([a.base, b.base, c.base], 0, 150);
    await until(progress, () => rx.acked.size === 150, 20_000);

    // 2. The receiver holds its answers: 30 more creates, and their deliveries stay on the wire.
    rx.holding = true;
    const gateClosed = Date.now();
    await createOn([a.base, b.base, c.base], 150, 30);
    await until(progress, () => rx.held.length === 30, 4_000);

    // 3. kill -9 the third instance while it waits for the receiver's answers.
    const exited = new Promise((ok) => c.child.once('exit', ok));
    c.child.kill('SIGKILL');
    await exited;
    await until(
      () => 'the receiver to see the dead connections',
      () => rx.held.some((h) => h.gone),
      2_000,
    );
    await sleep(200);
    const lost = rx.held.filter((h) => h.gone).length;
    rx.release();
    // Held for less than the lease, so no live instance's delivery was taken over meanwhile.
    expect(Date.now() - gateClosed).toBeLessThan(LEASE_MS);
    expect(lost).toBeGreaterThan(0);
    expect(rx.unanswered).toBe(lost);

    // 4. The rest through the two live instances; the dead one's deliveries come after its lease.
    await createOn([a.base, b.base], 180, 120);
    expect(created).toHaveLength(300);
    expect(new Set(created).size).toBe(300);
    await until(progress, () => rx.acked.size === 300, 30_000);
    // Long enough for a duplicate to show: another lease and a retry.
    await sleep(LEASE_MS + 1_000);

    expect(sorted([...rx.acked.keys()])).toEqual(sorted(created));
    const twice = [...rx.acked].filter(([, n]) => n !== 1);
    expect(twice, `notifications answered more than once: ${JSON.stringify(twice)}`).toEqual([]);
    expect(rx.ackedCount).toBe(300);
    expect(rx.received).toBe(300 + lost);
    // The outbox agrees: every delivery done, none left claimed.
    const states = await sql<{ status: string; claimed: string; n: string }>(
      schema,
      `SELECT status, (claimed_by IS NOT NULL)::text AS claimed, count(*)::text AS n FROM deliveries GROUP BY 1, 2`,
    );
    expect(states).toEqual([{ status: 'delivered', claimed: 'false', n: '300' }]);
    // The survivors list all 300 records.
    expect((await list(a.base, 'contacts', 'limit=1000')).count).toBe(300);
    expect(sorted((await list(b.base, 'contacts', 'limit=1000')).ids)).toEqual(sorted(created));
  }, 120_000);
});

describe('the quota across instances', () => {
  let schema: string;
  let servers: RunningServer[] = [];

  beforeAll(async () => {
    const s = await createSchema('quota');
    schema = s.schema;
    servers = await startInstances(3, s.url, ['--quota', '30', '--quota-window', '86400']);
  }, 90_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    if (schema) await dropSchema(schema);
  });

  it('is counted in the database: 30 calls over three instances pass, the 31st on any instance gets 429', async () => {
    const bases = servers.map((s) => s.base);
    const statuses = await inParallel(
      Array.from({ length: 30 }, (_, i) => i),
      6,
      async (i) => (await json(bases[i % 3]!, 'GET', '/companies/')).status,
    );
    expect(statuses).toEqual(Array(30).fill(200));
    for (const base of bases) {
      const r = await json(base, 'GET', '/companies/');
      expect(r.status, r.text).toBe(429);
    }
  }, 60_000);
});
