// Webhooks to the standard of the best senders (issue 14), over real HTTP: `crmgen serve` as a
// child process on 127.0.0.1 (SQLite file, or a PostgreSQL schema under CRMGEN_TEST_STORAGE=postgres)
// and a node:http receiver on 127.0.0.1. Cancellation on delete / deactivate / url change, order
// per object, Standard Webhooks signatures (checked here with node:crypto, and with the client's
// verifyWebhook), the delivery log and redelivery through HTTP and the CLI, and auto-disable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac } from 'node:crypto';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, decodeNotification, verifyWebhook } from '../generated/client/src/index.ts';
import { decode } from '../generated/server/src/codecs/index.ts';
import { call, startServer, testDatabase, type CallResult, type RunningServer } from './support/server.ts';
import { cli, root } from './support/paths.ts';

interface Hit {
  path: string;
  headers: IncomingHttpHeaders;
  raw: Buffer;
  text: string;
  at: number;
  answeredAt?: number;
}

class Receiver {
  readonly hits: Hit[] = [];
  port = 0;
  private server?: Server;
  private rules = new Map<string, (n: number) => { status: number; delayMs?: number }>();

  async start(): Promise<void> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks);
        const hit: Hit = { path: req.url ?? '', headers: req.headers, raw, text: raw.toString('utf8'), at: Date.now() };
        this.hits.push(hit);
        const answer = this.rules.get(hit.path)?.(this.at(hit.path).length) ?? { status: 200 };
        const reply = () => {
          hit.answeredAt = Date.now();
          res.writeHead(answer.status, { 'content-type': 'text/plain' }).end('ok');
        };
        if (answer.delayMs) setTimeout(reply, answer.delayMs);
        else reply();
      });
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
  }
  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }
  rule(path: string, answer: (n: number) => { status: number; delayMs?: number }): void {
    this.rules.set(path, answer);
  }
  at(path: string): Hit[] {
    return this.hits.filter((h) => h.path === path);
  }
  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((ok) => (this.server ? this.server.close(() => ok()) : ok()));
  }
}

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));
async function until<T>(
  what: () => string,
  fn: () => T | null | undefined | false | Promise<T | null | undefined | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`);
    await sleep(20);
  }
}

const ACCOUNTS = ['cancel', 'order', 'sign', 'log', 'disable', 'other'] as const;
type User = [string, string];
const user = (a: (typeof ACCOUNTS)[number]): User => [`${a}@example.com`, `token-${a}`];

const dir = mkdtempSync(join(tmpdir(), 'crmgen-deliveries-'));
const rx = new Receiver();
let srv: RunningServer;
let database: { db: string; drop(): Promise<void> };

beforeAll(async () => {
  await rx.start();
  database = await testDatabase(dir);
  srv = await startServer({
    db: database.db,
    users: ACCOUNTS.map((a) => `${a}@example.com:token-${a}:${a}`),
    args: ['--allow-private-webhooks', '--webhook-retry-ms', '40', '--webhook-disable-after', '2'],
  });
});

afterAll(async () => {
  await srv?.stop();
  await rx.stop();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

const json = (u: User, method: string, path: string, body?: unknown): Promise<CallResult> =>
  call(srv.base, path, {
    user: u,
    method,
    contentType: 'application/json',
    accept: 'application/json',
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function hook(u: User, fields: Record<string, unknown>): Promise<number> {
  const r = await json(u, 'POST', '/hooks/', { event: 'items.create', contenttype: 'json', ...fields });
  expect(r.status, r.text).toBe(200);
  return r.json().id as number;
}
async function contact(u: User, firstname: string): Promise<number> {
  const r = await json(u, 'POST', '/contacts/', { firstname });
  expect(r.status, r.text).toBe(201);
  return r.json().item.id as number;
}
const hitsAt = (path: string, n: number, ms?: number) =>
  until(
    () => `${n} hit(s) at ${path} (have ${rx.at(path).length})`,
    () => rx.at(path).length >= n && rx.at(path),
    ms,
  );
const crmgen = async (...args: string[]) =>
  (await promisify(execFile)(process.execPath, [cli, ...args, '--db', database.db], { cwd: root, timeout: 30_000 }))
    .stdout;
const deliveries = async (u: User, id: number) => {
  const r = await json(u, 'GET', `/hooks/${id}/deliveries`);
  expect(r.status, r.text).toBe(200);
  return r.json().deliveries as Record<string, unknown>[];
};

describe('cancellation', () => {
  it('deleting, deactivating or moving a hook cancels its pending deliveries; a new url gets only later changes', async () => {
    const u = user('cancel');
    // Each first attempt is held 1 s and then fails: the change to the hook comes while it is on the wire.
    for (const p of ['/c/off', '/c/gone', '/c/moved']) rx.rule(p, () => ({ status: 503, delayMs: 1_000 }));
    const off = await hook(u, { url: rx.url('/c/off') });
    const gone = await hook(u, { url: rx.url('/c/gone') });
    const moved = await hook(u, { url: rx.url('/c/moved') });
    const first = await contact(u, 'Before');
    await Promise.all(['/c/off', '/c/gone', '/c/moved'].map((p) => hitsAt(p, 1)));
    expect((await json(u, 'PUT', `/hooks/${off}`, { active: 0 })).status).toBe(200);
    expect((await json(u, 'DELETE', `/hooks/${gone}`)).status).toBe(200);
    expect((await json(u, 'PUT', `/hooks/${moved}`, { url: rx.url('/c/new') })).status).toBe(200);
    // Without the cancellation, retries would follow 40, 80, 160, 320 ms after each failed answer.
    await sleep(2_000);
    expect(rx.at('/c/off')).toHaveLength(1);
    expect(rx.at('/c/gone')).toHaveLength(1);
    expect(rx.at('/c/moved')).toHaveLength(1);
    expect(rx.at('/c/new')).toHaveLength(0);
    for (const id of [off, moved]) {
      const log = await deliveries(u, id);
      expect(log[0], JSON.stringify(log)).toMatchObject({
        objectid: first,
        outcome: 'cancelled',
        event: 'items.create',
      });
      expect(log.some((e) => e.outcome === 'retrying')).toBe(false);
    }
    expect((await deliveries(u, off))[0]!.error).toBe('the hook was deactivated');
    expect((await deliveries(u, moved))[0]!.error).toBe('the hook url changed');
    expect((await json(u, 'GET', `/hooks/${gone}/deliveries`)).status).toBe(404);

    const second = await contact(u, 'After');
    const [n] = await hitsAt('/c/new', 1);
    expect(JSON.parse(n!.text)).toMatchObject({ type: 'items.create', objectid: second });
    await sleep(300);
    expect(rx.at('/c/new')).toHaveLength(1);
    expect(rx.at('/c/off')).toHaveLength(1);
  });
});

describe('order', () => {
  it('notifications of one object arrive in the order of the changes, each after the previous was answered; other objects do not wait', async () => {
    const u = user('order');
    rx.rule('/o/all', (n) => (n === 1 ? { status: 200, delayMs: 800 } : { status: 200 }));
    for (const event of ['items.create', 'items.update']) await hook(u, { event, url: rx.url('/o/all') });
    const a = await contact(u, 'A0');
    await hitsAt('/o/all', 1);
    for (let i = 1; i <= 3; i++)
      expect((await json(u, 'PUT', `/contacts/${a}/`, { firstname: `A${i}` })).status).toBe(200);
    const b = await contact(u, 'B0');
    const hits = await hitsAt('/o/all', 5);
    const seen = hits.map(
      (h) =>
        JSON.parse(h.text) as { type: string; objectid: number; content: { item: { fields: { firstname: string } } } },
    );
    // B's create went out while A's create was still held by the receiver.
    const bHit = hits[seen.findIndex((n) => n.objectid === b)]!;
    expect(bHit.at).toBeLessThan(hits[0]!.answeredAt ?? Infinity);
    const ofA = hits.filter((_, i) => seen[i]!.objectid === a);
    expect(ofA.map((h) => JSON.parse(h.text).content.item.fields.firstname)).toEqual(['A0', 'A1', 'A2', 'A3']);
    expect(ofA.map((h) => JSON.parse(h.text).type)).toEqual([
      'items.create',
      'items.update',
      'items.update',
      'items.update',
    ]);
    for (let i = 1; i < ofA.length; i++)
      expect(ofA[i]!.at, `update ${i} after the answer to ${i - 1}`).toBeGreaterThanOrEqual(ofA[i - 1]!.answeredAt!);
  });
});

describe('Standard Webhooks signatures', () => {
  it('webhook-id, webhook-timestamp and webhook-signature beside X-Service-Hmac-Sha256; the id stays the same on a retry', async () => {
    const u = user('sign');
    const secret = 'sêcret-of-the-hook';
    rx.rule('/s/flaky', (n) => ({ status: n === 1 ? 500 : 200 }));
    await hook(u, { url: rx.url('/s/flaky'), secret });
    const id = await contact(u, 'Jürgen ✓');
    const [one, two] = await hitsAt('/s/flaky', 2);
    for (const h of [one!, two!]) {
      const wid = String(h.headers['webhook-id']);
      const ts = String(h.headers['webhook-timestamp']);
      expect(wid).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(Math.abs(Number(ts) - Date.now() / 1000)).toBeLessThan(60);
      // Checked here with node:crypto, as a receiver following the specification would.
      const expected = createHmac('sha256', Buffer.from(secret, 'utf8'))
        .update(Buffer.concat([Buffer.from(`${wid}.${ts}.`), h.raw]))
        .digest('base64');
      expect(h.headers['webhook-signature']).toBe(`v1,${expected}`);
      // The old header, byte for byte as before: lower-case hex over the body alone.
      expect(h.headers['x-service-hmac-sha256']).toBe(createHmac('sha256', secret).update(h.raw).digest('hex'));
      // The client's helper agrees on both schemes, and decodeNotification gives the id.
      expect(await verifyWebhook(h.raw, h.headers, secret)).toBe(true);
      expect(await verifyWebhook(h.raw, String(h.headers['x-service-hmac-sha256']), secret)).toBe(true);
      expect(await verifyWebhook(h.raw, h.headers, 'wrong')).toBe(false);
      expect(decodeNotification(h.text, h.headers)).toMatchObject({
        type: 'items.create',
        objectid: id,
        webhookId: wid,
      });
    }
    expect(one!.headers['webhook-id']).toBe(two!.headers['webhook-id']);

    // A replay: the same request, checked 6 minutes later, is refused (tolerance 5 minutes) ...
    const later = Number(one!.headers['webhook-timestamp']) * 1000 + 6 * 60_000;
    expect(await verifyWebhook(one!.raw, one!.headers, secret, { now: later })).toBe(false);
    expect(await verifyWebhook(one!.raw, one!.headers, secret, { now: later, toleranceSeconds: 600 })).toBe(true);
    // ... and a timestamp moved forward to pass the check breaks the signature.
    const forged = { ...one!.headers, 'webhook-timestamp': String(Math.floor(later / 1000)) };
    expect(await verifyWebhook(one!.raw, forged, secret, { now: later })).toBe(false);
    // Without webhook-signature the headers fall back to X-Service-Hmac-Sha256.
    const { 'webhook-signature': _, ...legacy } = one!.headers;
    expect(await verifyWebhook(one!.raw, legacy, secret)).toBe(true);
  });
});

describe('the delivery log', () => {
  it('lists attempts through HTTP and the CLI, and redelivers through both', async () => {
    const u = user('log');
    rx.rule('/l/flaky', (n) => ({ status: n === 1 ? 502 : 200 }));
    const id = await hook(u, { url: rx.url('/l/flaky'), secret: 'k' });
    const obj = await contact(u, 'Logged');
    await hitsAt('/l/flaky', 2);
    const log = await until(
      () => 'two logged attempts',
      async () => {
        const l = await deliveries(u, id);
        return l.length >= 2 && l;
      },
    );
    expect(log).toHaveLength(2);
    const [second, first] = log as [Record<string, unknown>, Record<string, unknown>];
    expect(first).toMatchObject({
      event: 'items.create',
      objectid: obj,
      attempt: 1,
      outcome: 'retrying',
      httpstatus: 502,
      error: 'HTTP 502',
    });
    expect(second).toMatchObject({
      id: first.id,
      webhookid: first.webhookid,
      attempt: 2,
      outcome: 'delivered',
      httpstatus: 200,
    });
    expect(Date.parse(String(first.nextretry))).toBeGreaterThan(Date.parse(String(first.attempted)) - 1);
    expect(second.nextretry).toBeUndefined();
    expect(first.duration).toBeGreaterThanOrEqual(0);
    // XML, decoded with the generated codec.
    const xml = await call(srv.base, `/hooks/${id}/deliveries`, { user: u });
    expect(decode('listHookDeliveries.response', 'xml', xml.text).value.deliveries[0]).toMatchObject({
      id: first.id,
      attempt: 2,
      outcome: 'delivered',
    });

    // Redelivery through HTTP: the same body and webhook-id, delivered again at once.
    const again = await json(u, 'POST', `/hooks/${id}/deliveries/${first.id}/redeliver`);
    expect(again.status, again.text).toBe(200);
    const newId = again.json().id as number;
    expect(newId).not.toBe(first.id);
    const third = (await hitsAt('/l/flaky', 3))[2]!;
    expect(third.text).toBe(rx.at('/l/flaky')[0]!.text);
    expect(third.headers['webhook-id']).toBe(first.webhookid);
    expect(await verifyWebhook(third.raw, third.headers, 'k')).toBe(true);

    // And through the CLI, on the service's database; the running service sends it.
    const cliOut = await crmgen('hooks', 'redeliver', String(id), String(first.id), '--account', 'log');
    expect(cliOut).toMatch(new RegExp(`^queued delivery \\d+ \\(again delivery ${first.id} of hook ${id}\\)`));
    const fourth = (await hitsAt('/l/flaky', 4, 15_000))[3]!;
    expect(fourth.headers['webhook-id']).toBe(first.webhookid);
    const listed = await until(
      () => 'the CLI listing of four attempts',
      async () => {
        const out = await crmgen('hooks', 'deliveries', String(id), '--account', 'log');
        return out.trim().split('\n').length >= 4 && out;
      },
    );
    const lines = listed.trim().split('\n');
    expect(lines[0]).toMatch(
      new RegExp(`^delivery \\d+ attempt 1 delivered items.create ${obj} \\S+ \\d+ms HTTP 200 ${first.webhookid}$`),
    );
    expect(lines[3]).toMatch(
      new RegExp(
        `^delivery ${first.id} attempt 1 retrying items.create ${obj} \\S+ \\d+ms HTTP 502 next \\S+ ${first.webhookid}$`,
      ),
    );

    // The generated client has both operations.
    for (const format of ['xml', 'json'] as const) {
      const client = createClient({ baseUrl: srv.base, email: u[0], token: u[1], format });
      const viaClient = await client.hooks.deliveries(id);
      expect(viaClient.deliveries.find((e) => e.id === first.id && e.attempt === 1)).toMatchObject({
        outcome: 'retrying',
        httpstatus: 502,
        webhookid: first.webhookid,
      });
      const queued = await client.hooks.redeliver(id, Number(first.id));
      expect(queued).toMatchObject({ status: 'success', id: expect.any(Number) });
    }
    await hitsAt('/l/flaky', 6, 15_000);

    // Mistakes: unknown delivery, a delivery of another hook, another account's hook.
    const other = await hook(u, { url: rx.url('/l/other') });
    for (const path of [
      `/hooks/${id}/deliveries/999999/redeliver`,
      `/hooks/${other}/deliveries/${first.id}/redeliver`,
    ]) {
      const r = await json(u, 'POST', path);
      expect(r.status, r.text).toBe(404);
      expect(Object.keys(r.json().errors)).toEqual(['itemisnotfound']);
    }
    expect((await json(user('other'), 'GET', `/hooks/${id}/deliveries`)).status).toBe(404);
    expect((await json(user('other'), 'POST', `/hooks/${id}/deliveries/${first.id}/redeliver`)).status).toBe(404);
    const bad = await promisify(execFile)(
      process.execPath,
      [cli, 'hooks', 'redeliver', String(id), '999999', '--account', 'log', '--db', database.db],
      { cwd: root },
    ).catch((e: { code: number; stderr: string }) => e);
    expect((bad as { code: number }).code).toBe(2);
    expect((bad as { stderr: string }).stderr).toContain('has no delivery 999999');
  });
});

describe('auto-disable', () => {
  it('after the configured number of notifications failed in a row, the hook is inactive with the reason listed; failures are shown by the CLI', async () => {
    const u = user('disable');
    rx.rule('/d/down', () => ({ status: 503 }));
    const id = await hook(u, { url: rx.url('/d/down'), title: 'down' });
    const a = await contact(u, 'One');
    const b = await contact(u, 'Two');
    // 1 + 4 attempts each (--webhook-disable-after 2).
    await hitsAt('/d/down', 10, 15_000);
    const listed = await until(
      () => 'the hook disabled',
      async () => {
        const h = (await json(u, 'GET', '/hooks/')).json().hooks.find((x: { id: number }) => x.id === id);
        return h.active === 0 && h;
      },
    );
    expect(listed.disabledreason).toMatch(
      /^disabled at \S+: the last 2 notifications failed after every retry \(last: HTTP 503\)$/,
    );
    const failures = await crmgen('hooks', 'failures', '--account', 'disable');
    for (const obj of [a, b])
      expect(failures).toMatch(
        new RegExp(
          `^delivery \\d+ hook ${id} items.create ${obj} to ${rx.url('/d/down').replace(/[.]/g, '\\.')} failed after 5 attempts: HTTP 503`,
          'm',
        ),
      );
    // Disabled: a new change is not sent.
    await contact(u, 'Three');
    await sleep(500);
    expect(rx.at('/d/down')).toHaveLength(10);
    // Active again: the reason goes.
    expect((await json(u, 'PUT', `/hooks/${id}`, { active: 1 })).status).toBe(200);
    const back = (await json(u, 'GET', '/hooks/')).json().hooks.find((x: { id: number }) => x.id === id);
    expect(back).toMatchObject({ active: 1 });
    expect(back).not.toHaveProperty('disabledreason');
  });
});

describe('crmgen serve webhook flags', () => {
  it('refuses a --webhook-resolve that is not HOST=IP and a --webhook-disable-after that is not a count', async () => {
    const run = (flag: string) =>
      promisify(execFile)(process.execPath, [cli, 'serve', '--port', '0', '--db', ':memory:', flag], {
        cwd: root,
        timeout: 20_000,
      }).then(
        () => ({ code: 0, stderr: '' }),
        (e: { code: number; stderr: string }) => ({ code: e.code, stderr: e.stderr }),
      );
    const results = await Promise.all(
      [
        '--webhook-resolve=hooks.example',
        '--webhook-resolve=hooks.example=not-an-ip',
        '--webhook-resolve==127.0.0.1',
        '--webhook-disable-after=-1',
        '--webhook-disable-after=x',
      ].map(run),
    );
    for (const r of results.slice(0, 3)) {
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('--webhook-resolve expects HOST=ADDRESS[,ADDRESS...] with IP addresses');
    }
    for (const r of results.slice(3)) {
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('--webhook-disable-after expects 0 or a positive integer');
    }
  });
});
