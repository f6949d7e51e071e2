// Acceptance of "Webhooks that really deliver": `crmgen serve` runs as a child process on
// 127.0.0.1, and notifications go over real HTTP to a node:http receiver in this file (also on
// 127.0.0.1, random port). Nothing is mocked. Every test works in its own account, so the hooks
// of one test never see the changes of another; the receiver tells hooks apart by path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac } from 'node:crypto';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decode } from '../generated/server/src/codecs/index.ts';
import { call, startServer, type CallResult, type RunningServer } from './support/server.ts';
import { cli, root } from './support/paths.ts';

// ---------------------------------------------------------------------------------------------
// the receiver: a real HTTP server that records every notification and answers as told

interface Hit {
  path: string;
  headers: IncomingHttpHeaders;
  /** The exact body bytes. */
  raw: Buffer;
  text: string;
  /** When the request had fully arrived, and when the receiver answered it. */
  at: number;
  answeredAt?: number;
}

interface Answer {
  status: number;
  delayMs?: number;
}

class Receiver {
  readonly hits: Hit[] = [];
  port = 0;
  private server?: Server;
  private rules = new Map<string, (n: number) => Answer>();
  private timers = new Set<NodeJS.Timeout>();

  async start(port = 0): Promise<void> {
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
          res.writeHead(answer.status, { 'content-type': 'text/plain' }).end('thanks');
        };
        if (!answer.delayMs) return reply();
        const t = setTimeout(() => {
          this.timers.delete(t);
          reply();
        }, answer.delayMs);
        this.timers.add(t);
      });
    });
    await new Promise<void>((ok, fail) => {
      server.once('error', fail);
      server.listen(port, '127.0.0.1', () => ok());
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** How to answer the n-th (1-based) request to path. */
  rule(path: string, answer: (n: number) => Answer): void {
    this.rules.set(path, answer);
  }

  at(path: string): Hit[] {
    return this.hits.filter((h) => h.path === path);
  }

  async stop(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((ok) => server.close(() => ok()));
  }
}

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

/** Polls `fn` until it returns something truthy; bounded by timeoutMs. */
async function until<T>(what: string, fn: () => T | null | undefined | false, timeoutMs = 8_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** Waits until path has at least n hits and returns them. */
const hitsAt = (rx: Receiver, path: string, n: number, timeoutMs?: number) =>
  until(
    `${n} notification(s) at ${path} (have ${rx.at(path).length})`,
    () => rx.at(path).length >= n && rx.at(path),
    timeoutMs,
  );

// ---------------------------------------------------------------------------------------------
// the service

type User = [string, string];
const ACCOUNTS = [
  'hooks',
  'hooksjson',
  'validation',
  'alice',
  'mallory',
  'events',
  'batch',
  'narrow',
  'bodies',
  'sign',
  'retry',
  'slow',
] as const;
const user = (account: (typeof ACCOUNTS)[number]): User => [`${account}@example.com`, `token-${account}`];
const userArgs = (accounts: readonly string[]) => accounts.map((a) => `${a}@example.com:token-${a}:${a}`);

const dir = mkdtempSync(join(tmpdir(), 'crmgen-webhooks-'));
const db = join(dir, 'main.sqlite');
const rx = new Receiver();
let srv: RunningServer;

beforeAll(async () => {
  await rx.start();
  srv = await startServer({
    db,
    users: userArgs(ACCOUNTS),
    args: ['--allow-private-webhooks', '--webhook-retry-ms', '50'],
  });
});

afterAll(async () => {
  await srv?.stop();
  await rx.stop();
  rmSync(dir, { recursive: true, force: true });
});

const JSON_IO = { contentType: 'application/json', accept: 'application/json' };
const XML_IO = { contentType: 'application/xml' };

async function jsonCall(u: User, method: string, path: string, body?: unknown, base = srv.base): Promise<CallResult> {
  return call(base, path, { user: u, method, ...JSON_IO, body: body === undefined ? undefined : JSON.stringify(body) });
}

async function createHook(u: User, fields: Record<string, unknown>, base = srv.base): Promise<number> {
  const r = await jsonCall(u, 'POST', '/hooks/', fields, base);
  expect(r.status, r.text).toBe(200);
  return r.json().id as number;
}

async function createContact(
  u: User,
  fields: Record<string, unknown>,
  kind = 'contacts',
  base = srv.base,
): Promise<number> {
  const r = await jsonCall(u, 'POST', `/${kind}/`, fields, base);
  expect(r.status, r.text).toBe(201);
  return r.json().item.id as number;
}

async function createActivity(
  u: User,
  segment: string,
  parent: number,
  data: Record<string, unknown>,
  base = srv.base,
): Promise<number> {
  const r = await jsonCall(u, 'POST', `/contacts/${segment}/`, { parent, data }, base);
  expect(r.status, r.text).toBe(200);
  return r.json().id as number;
}

async function ok(r: Promise<CallResult>): Promise<CallResult> {
  const res = await r;
  expect(res.status, res.text).toBeLessThan(300);
  return res;
}

/** crmgen restore on the server's database file, as an administrator would run it. */
async function restore(dbFile: string, account: string, what: string, id: number): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [cli, 'restore', what, String(id), '--db', dbFile, '--account', account],
    { cwd: root, timeout: 20_000 },
  );
  return stdout;
}

const errorOf = (r: CallResult) => Object.keys((r.json() as { errors: Record<string, string> }).errors);
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;

// ---------------------------------------------------------------------------------------------

describe('the hooks resource', () => {
  it('creates, updates, lists and deletes a hook in XML', async () => {
    const u = user('hooks');
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<request><type>web</type><title>Sync to billing</title><active>1</active><event>items.update</event><constrainttype>company</constrainttype><url>${rx.url('/x/xml')}</url><contenttype>json</contenttype><secret>s3cret</secret></request>`;
    const created = await call(srv.base, '/hooks/', { user: u, ...XML_IO, body });
    expect(created.status, created.text).toBe(200);
    const echo = decode('createHook.response', 'xml', created.text).value;
    expect(echo).toMatchObject({
      type: 'web',
      title: 'Sync to billing',
      active: 1,
      event: 'items.update',
      constrainttype: 'company',
      url: rx.url('/x/xml'),
      contenttype: 'json',
      secret: 's3cret',
      status: 'success',
    });
    expect(echo.id).toBeGreaterThan(0);
    const id = echo.id;

    const updated = await call(srv.base, `/hooks/${id}`, {
      user: u,
      method: 'PUT',
      ...XML_IO,
      body: '<request><active>0</active></request>',
    });
    expect(updated.status, updated.text).toBe(200);
    expect(decode('updateHook.response', 'xml', updated.text).value).toEqual({ status: 'success' });

    const listed = await call(srv.base, '/hooks/', { user: u });
    expect(listed.status).toBe(200);
    expect(decode('listHooks.response', 'xml', listed.text).value).toEqual({
      hooks: [
        {
          id,
          type: 'web',
          title: 'Sync to billing',
          active: 0,
          event: 'items.update',
          constrainttype: 'company',
          url: rx.url('/x/xml'),
          contenttype: 'json',
          secret: 's3cret',
        },
      ],
      status: 'success',
    });

    const deleted = await call(srv.base, `/hooks/${id}`, { user: u, method: 'DELETE' });
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.text).toContain('<status>success</status>');
    expect(
      decode('listHooks.response', 'xml', (await call(srv.base, '/hooks/', { user: u })).text).value.hooks,
    ).toEqual([]);
    const again = await call(srv.base, `/hooks/${id}`, { user: u, method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(again.text).toContain('<itemisnotfound>');
  });

  it('creates, updates, lists and deletes a hook in JSON, with defaults for what is not given', async () => {
    const u = user('hooksjson');
    const created = await jsonCall(u, 'POST', '/hooks/', { event: 'activities.create', url: rx.url('/x/json') });
    expect(created.status, created.text).toBe(200);
    expect(created.json()).toMatchObject({ event: 'activities.create', url: rx.url('/x/json'), status: 'success' });
    const id = created.json().id as number;
    expect(Number.isInteger(id)).toBe(true);
    const second = await createHook(u, {
      event: 'items.delete',
      url: rx.url('/x/json2'),
      contenttype: 'form',
      title: 'two',
    });

    expect((await jsonCall(u, 'PUT', `/hooks/${id}`, { constrainttype: 'task', title: 'tasks only' })).json()).toEqual({
      status: 'success',
    });
    expect((await jsonCall(u, 'PUT', `/hooks/${second}`, { active: 0 })).json()).toEqual({ status: 'success' });
    const list = (await jsonCall(u, 'GET', '/hooks/')).json();
    expect(list).toEqual({
      hooks: [
        {
          id,
          type: 'web',
          title: 'tasks only',
          active: 1,
          event: 'activities.create',
          constrainttype: 'task',
          url: rx.url('/x/json'),
          contenttype: 'xml',
          secret: '',
        },
        {
          id: second,
          type: 'web',
          title: 'two',
          active: 0,
          event: 'items.delete',
          constrainttype: 'all',
          url: rx.url('/x/json2'),
          contenttype: 'form',
          secret: '',
        },
      ],
      status: 'success',
    });
    expect((await jsonCall(u, 'DELETE', `/hooks/${id}`)).json()).toEqual({ status: 'success' });
    expect((await jsonCall(u, 'GET', '/hooks/')).json().hooks.map((h: { id: number }) => h.id)).toEqual([second]);
    const missing = await jsonCall(u, 'PUT', `/hooks/${id}`, { active: 1 });
    expect(missing.status).toBe(404);
    expect(errorOf(missing)).toEqual(['itemisnotfound']);
  });

  it('requires event and url, and checks constrainttype, event and url', async () => {
    const u = user('validation');
    const url = rx.url('/x/valid');
    const bad = async (fields: Record<string, unknown>, key: string) => {
      const r = await jsonCall(u, 'POST', '/hooks/', fields);
      expect(r.status, `${JSON.stringify(fields)}: ${r.text}`).toBe(400);
      expect(errorOf(r), JSON.stringify(fields)).toContain(key);
      return r;
    };
    expect((await bad({ url }, 'fieldisrequired')).text).toContain('event');
    expect((await bad({ event: 'items.create' }, 'fieldisrequired')).text).toContain('url');
    await bad({}, 'fieldisrequired');
    const xml = await call(srv.base, '/hooks/', {
      user: u,
      ...XML_IO,
      body: `<request><title>no event</title><url>${url}</url></request>`,
    });
    expect(xml.status).toBe(400);
    expect(xml.text).toContain('<fieldisrequired>');
    await bad({ event: 'items.create', url, constrainttype: 'note' }, 'notinlist');
    await bad({ event: 'items.update', url, constrainttype: 'task' }, 'notinlist');
    await bad({ event: 'activities.create', url, constrainttype: 'contact' }, 'notinlist');
    await bad({ event: 'activities.delete', url, constrainttype: 'company' }, 'notinlist');
    await bad({ event: 'items.explode', url }, 'notinlist');
    await bad({ event: 'items.create', url, contenttype: 'yaml' }, 'notinlist');
    await bad({ event: 'items.create', url: 'ftp://127.0.0.1/hook' }, 'invalidvalue');
    await bad({ event: 'items.create', url: 'file:///etc/passwd' }, 'invalidvalue');
    await bad({ event: 'items.create', url: 'javascript:alert(1)' }, 'invalidvalue');
    await bad({ event: 'items.create', url: 'not an address' }, 'invalidvalue');
    // What is valid for each family is accepted.
    await createHook(u, { event: 'items.create', url, constrainttype: 'projectblog' });
    const id = await createHook(u, { event: 'activities.create', url, constrainttype: 'timerecord' });
    // Updates are checked too: the constraint against the (new) event, the url when given.
    const badUpdate = async (fields: Record<string, unknown>, key: string) => {
      const r = await jsonCall(u, 'PUT', `/hooks/${id}`, fields);
      expect(r.status, r.text).toBe(400);
      expect(errorOf(r)).toContain(key);
    };
    await badUpdate({ constrainttype: 'contact' }, 'notinlist');
    await badUpdate({ event: 'items.update' }, 'notinlist'); // timerecord does not apply to items.*
    await badUpdate({ url: 'gopher://127.0.0.1/' }, 'invalidvalue');
    await badUpdate({ active: 2 }, 'notinlist');
    expect(
      (await jsonCall(u, 'PUT', `/hooks/${id}`, { event: 'items.update', constrainttype: 'contact' })).status,
    ).toBe(200);
    const hook = (await jsonCall(u, 'GET', '/hooks/')).json().hooks.find((h: { id: number }) => h.id === id);
    expect(hook).toMatchObject({ event: 'items.update', constrainttype: 'contact', url, active: 1 });
  });

  it('refuses private and loopback addresses unless started with --allow-private-webhooks', async () => {
    // hooks.example.com is answered by --webhook-resolve, never looked up in DNS; no change
    // happens in this account, so nothing is ever sent to it.
    const strict = await startServer({
      users: userArgs(['hooks']),
      args: ['--webhook-resolve', 'hooks.example.com=93.184.216.34'],
    });
    try {
      const u = user('hooks');
      for (const url of [
        rx.url('/x/private'),
        'http://localhost:8080/hook',
        'http://10.1.2.3/hook',
        'http://192.168.0.10/hook',
        'http://172.16.5.4/hook',
        'http://169.254.169.254/latest/meta-data',
        'http://[::1]:8080/hook',
        'http://2130706433/hook',
        'https://0x7f000001/hook',
        'http://[::127.0.0.1]/hook',
        'http://198.18.0.1/hook',
        'http://224.0.0.251/hook',
        'http://[64:ff9b::a00:1]/hook',
        'http://api.localhost/hook',
      ]) {
        const r = await jsonCall(u, 'POST', '/hooks/', { event: 'items.create', url }, strict.base);
        expect(r.status, `${url}: ${r.text}`).toBe(400);
        expect(errorOf(r)).toEqual(['invalidvalue']);
      }
      // A public address is accepted (nothing is sent to it here: no change happens) ...
      const id = await createHook(u, { event: 'items.create', url: 'https://hooks.example.com/crm' }, strict.base);
      // ... and cannot be turned into a private one by an update.
      const r = await jsonCall(u, 'PUT', `/hooks/${id}`, { url: 'http://127.0.0.1:9/x' }, strict.base);
      expect(r.status).toBe(400);
      expect(errorOf(r)).toEqual(['invalidvalue']);
    } finally {
      await strict.stop();
    }
  });

  it('keeps a hook inside its own account: invisible and unchangeable for another, and deaf to its changes', async () => {
    const alice = user('alice');
    const mallory = user('mallory');
    const id = await createHook(alice, { event: 'items.create', url: rx.url('/acct/alice'), title: 'mine' });
    expect((await jsonCall(mallory, 'GET', '/hooks/')).json()).toEqual({ hooks: [], status: 'success' });
    for (const [method, body] of [
      ['PUT', { active: 0 }],
      ['PUT', { url: rx.url('/acct/stolen') }],
      ['DELETE', undefined],
    ] as const) {
      const r = await jsonCall(mallory, method, `/hooks/${id}`, body);
      expect(r.status, `${method}: ${r.text}`).toBe(404);
      expect(errorOf(r)).toEqual(['itemisnotfound']);
    }
    const mine = (await jsonCall(alice, 'GET', '/hooks/')).json().hooks;
    expect(mine).toEqual([
      {
        id,
        type: 'web',
        title: 'mine',
        active: 1,
        event: 'items.create',
        constrainttype: 'all',
        url: rx.url('/acct/alice'),
        contenttype: 'xml',
        secret: '',
      },
    ]);

    // Mallory's record does not reach Alice's hook; Alice's own does.
    await createContact(mallory, { firstname: 'Mal' });
    const own = await createContact(alice, { firstname: 'Alice' });
    const [hit] = await hitsAt(rx, '/acct/alice', 1);
    expect(decode('notification/items', 'xml', hit!.text).value.objectid).toBe(own);
    await sleep(300);
    expect(rx.at('/acct/alice')).toHaveLength(1);
    expect(rx.at('/acct/stolen')).toHaveLength(0);
  });
});

// ---------------------------------------------------------------------------------------------

const EVENTS = [
  'items.create',
  'items.update',
  'items.delete',
  'items.restore',
  'items.categorize',
  'items.uncategorize',
  'activities.create',
  'activities.update',
  'activities.delete',
  'activities.restore',
] as const;

/** One JSON hook per event at /<prefix>/<event>; returns a reader of what arrived per event. */
async function hookPerEvent(u: User, prefix: string) {
  for (const event of EVENTS) await createHook(u, { event, url: rx.url(`/${prefix}/${event}`), contenttype: 'json' });
  return (event: string) =>
    rx.at(`/${prefix}/${event}`).map((h) => JSON.parse(h.text) as { type: string; objectid: number });
}

describe('every event fires', () => {
  it('for calls, and for crmgen restore writing to the outbox of the running server', async () => {
    const u = user('events');
    const got = await hookPerEvent(u, 'ev');
    const tag = (await ok(jsonCall(u, 'POST', '/contacts/categories/', { name: 'VIP' }))).json().id as number;
    const contact = await createContact(u, { firstname: 'Eve', lastname: 'Vent' });
    await ok(jsonCall(u, 'PUT', `/contacts/${contact}/`, { jobtitle: 'Engineer' }));
    await ok(jsonCall(u, 'PUT', `/contacts/${contact}/`, { categories: { add: [tag] } }));
    await ok(jsonCall(u, 'PUT', `/contacts/${contact}/`, { categories: { remove: [tag] } }));
    const note = await createActivity(u, 'note', contact, { details: 'first' });
    await ok(jsonCall(u, 'PUT', `/contacts/note/${note}`, { data: { details: 'second' } }));
    await ok(jsonCall(u, 'DELETE', `/contacts/note/${note}/`));
    expect(await restore(db, 'events', 'note', note)).toContain(`restored activity ${note}`);
    await ok(jsonCall(u, 'DELETE', `/contacts/${contact}/`));
    expect(await restore(db, 'events', 'contacts', contact)).toContain(`restored record ${contact}`);

    const expected: Record<string, number> = {
      'items.create': contact,
      'items.update': contact,
      'items.categorize': contact,
      'items.uncategorize': contact,
      'items.delete': contact,
      'items.restore': contact,
      'activities.create': note,
      'activities.update': note,
      'activities.delete': note,
      'activities.restore': note,
    };
    // The restores were written by another process; the server finds them on its next poll.
    await until('one notification per event', () => EVENTS.every((e) => got(e).length >= 1), 10_000);
    await sleep(300);
    for (const event of EVENTS)
      expect(got(event), event).toEqual([expect.objectContaining({ type: event, objectid: expected[event] })]);
    expect(srv.output()).not.toMatch(/crmgen: 500 /);
  });

  it('for changes made inside a batch (POST /batch, multipart/mixed)', async () => {
    const u = user('batch');
    const got = await hookPerEvent(u, 'bt');
    const tag = (await ok(jsonCall(u, 'POST', '/contacts/categories/', { name: 'Batch' }))).json().id as number;

    const boundary = 'batch_wh_7f3a';
    const batch = async (requests: { method: string; path: string; body?: unknown }[]) => {
      let text = '';
      for (const [i, r] of requests.entries()) {
        const body = r.body === undefined ? '' : JSON.stringify(r.body);
        const headers = [
          'Accept: application/json',
          ...(body ? ['Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`] : []),
        ];
        text += `--${boundary}\r\nContent-Type: application/http\r\nContent-Transfer-Encoding: binary\r\nContent-ID: <part${i + 1}>\r\n\r\n`;
        text += `${r.method} ${r.path} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n${body}\r\n`;
      }
      text += `--${boundary}--\r\n`;
      const res = await call(srv.base, '/batch', {
        user: u,
        method: 'POST',
        contentType: `multipart/mixed; boundary=${boundary}`,
        body: text,
      });
      expect(res.status, res.text).toBe(200);
      const statuses = [...res.text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]));
      expect(statuses, res.text).toHaveLength(requests.length);
      for (const s of statuses) expect(s, res.text).toBeLessThan(300);
      return res.text;
    };

    const first = await batch([
      { method: 'POST', path: '/contacts/', body: { firstname: 'Bat', lastname: 'One', categories: { add: [tag] } } },
      { method: 'POST', path: '/contacts/', body: { firstname: 'Bat', lastname: 'Two' } },
    ]);
    const ids = [...first.matchAll(/Location: \/contacts\/(\d+)\//gi)].map((m) => Number(m[1]));
    expect(ids).toHaveLength(2);
    const [one, two] = ids as [number, number];
    const second = await batch([
      { method: 'PUT', path: `/contacts/${two}/`, body: { jobtitle: 'Pilot' } },
      { method: 'PUT', path: `/contacts/${one}/`, body: { categories: { remove: [tag] } } },
      { method: 'POST', path: '/contacts/note/', body: { parent: two, data: { details: 'from a batch' } } },
    ]);
    const note = Number(/"id":(\d+),"data"/.exec(second)?.[1]);
    expect(note).toBeGreaterThan(0);
    await batch([
      { method: 'PUT', path: `/contacts/note/${note}`, body: { data: { details: 'changed in a batch' } } },
      { method: 'DELETE', path: `/contacts/note/${note}/` },
      { method: 'DELETE', path: `/contacts/${one}/` },
    ]);
    expect(await restore(db, 'batch', 'note', note)).toContain('restored activity');
    expect(await restore(db, 'batch', 'contacts', one)).toContain('restored record');

    await until(
      'every batch event',
      () => EVENTS.every((e) => got(e).length >= (e === 'items.create' ? 2 : 1)),
      10_000,
    );
    await sleep(300);
    const ofEvent = (e: string) =>
      got(e)
        .map((n) => n.objectid)
        .sort((a, b) => a - b);
    expect(ofEvent('items.create')).toEqual([one, two]);
    expect(ofEvent('items.categorize')).toEqual([one]);
    expect(ofEvent('items.update')).toEqual([two]);
    expect(ofEvent('items.uncategorize')).toEqual([one]);
    expect(ofEvent('items.delete')).toEqual([one]);
    expect(ofEvent('items.restore')).toEqual([one]);
    for (const e of ['activities.create', 'activities.update', 'activities.delete', 'activities.restore'])
      expect(ofEvent(e), e).toEqual([note]);
  });
});

// ---------------------------------------------------------------------------------------------

describe('which hooks fire', () => {
  it('constrainttype narrows to a kind or segment, all does not narrow, inactive hooks never fire', async () => {
    const u = user('narrow');
    const p = (name: string) => rx.url(`/nw/${name}`);
    await createHook(u, { event: 'items.create', constrainttype: 'contact', url: p('contact') });
    await createHook(u, { event: 'items.create', constrainttype: 'company', url: p('company') });
    await createHook(u, { event: 'items.create', constrainttype: 'projectblog', url: p('projectblog') });
    await createHook(u, { event: 'items.create', url: p('items-all') });
    await createHook(u, { event: 'items.create', constrainttype: 'all', active: 0, url: p('inactive') });
    const deactivated = await createHook(u, { event: 'items.create', url: p('deactivated') });
    await ok(jsonCall(u, 'PUT', `/hooks/${deactivated}`, { active: 0 }));
    const reactivated = await createHook(u, { event: 'items.create', active: 0, url: p('reactivated') });
    await ok(jsonCall(u, 'PUT', `/hooks/${reactivated}`, { active: 1 }));
    await createHook(u, { event: 'activities.create', constrainttype: 'task', url: p('task') });
    await createHook(u, { event: 'activities.create', constrainttype: 'note', url: p('note') });
    await createHook(u, { event: 'activities.create', url: p('activities-all') });
    await createHook(u, { event: 'activities.create', constrainttype: 'note', active: 0, url: p('note-inactive') });
    // Same segment, other event: does not fire for a create.
    await createHook(u, { event: 'activities.update', constrainttype: 'note', url: p('note-update') });

    const company = await createContact(u, { name: 'Acme Ltd' }, 'companies');
    const contact = await createContact(u, { firstname: 'Nora', lastname: 'Row' });
    const note = await createActivity(u, 'note', contact, { details: 'a note' });
    const tasklist = await createActivity(u, 'tasklist', contact, { title: 'Launch' });
    const task = await createActivity(u, 'task', tasklist, { title: 'Ship it' });

    const ids = (name: string) =>
      rx
        .at(`/nw/${name}`)
        .map((h) => decode('notification/items', 'xml', h.text).value.objectid)
        .sort((a, b) => a - b);
    // "all" hears all of them: the barrier after which the narrowed ones have had their chance.
    await hitsAt(rx, '/nw/items-all', 2);
    await hitsAt(rx, '/nw/activities-all', 3);
    await hitsAt(rx, '/nw/reactivated', 2);
    await hitsAt(rx, '/nw/contact', 1);
    await hitsAt(rx, '/nw/company', 1);
    await hitsAt(rx, '/nw/task', 1);
    await hitsAt(rx, '/nw/note', 1);
    await sleep(400);
    expect(ids('items-all')).toEqual([company, contact].sort((a, b) => a - b));
    expect(ids('reactivated')).toEqual([company, contact].sort((a, b) => a - b));
    expect(ids('contact')).toEqual([contact]);
    expect(ids('company')).toEqual([company]);
    expect(ids('projectblog')).toEqual([]);
    expect(ids('activities-all')).toEqual([note, tasklist, task].sort((a, b) => a - b));
    expect(ids('task')).toEqual([task]);
    expect(ids('note')).toEqual([note]);
    expect(rx.at('/nw/inactive')).toHaveLength(0);
    expect(rx.at('/nw/deactivated')).toHaveLength(0);
    expect(rx.at('/nw/note-inactive')).toHaveLength(0);
    expect(rx.at('/nw/note-update')).toHaveLength(0);
  });
});

// ---------------------------------------------------------------------------------------------

describe('notification bodies', () => {
  it('are XML <notification>, JSON or form in the hook contenttype, and decode with the generated codecs', async () => {
    const u = user('bodies');
    for (const ct of ['xml', 'json', 'form']) {
      await createHook(u, { event: 'items.update', url: rx.url(`/bd/items/${ct}`), contenttype: ct });
      await createHook(u, { event: 'activities.create', url: rx.url(`/bd/act/${ct}`), contenttype: ct });
    }
    const tag = (await ok(jsonCall(u, 'POST', '/contacts/categories/', { name: 'Key account' }))).json().id as number;
    const other = await createContact(u, { firstname: 'Rel', lastname: 'Ated' });
    const before = Date.now();
    const contact = await createContact(u, {
      firstname: 'Zoë',
      lastname: 'Body',
      categories: { add: [tag] },
      relateditems: { add: [{ id: other, note: 'colleague' }] },
    });
    await ok(jsonCall(u, 'PUT', `/contacts/${contact}/`, { jobtitle: 'Chief <Tester> & "QA"' }));
    const note = await createActivity(u, 'note', contact, { details: 'Called & agreed <yes>' });
    const after = Date.now();

    const mediaType = (h: Hit) => String(h.headers['content-type']).split(';')[0];
    const items: Record<string, Hit> = {};
    const acts: Record<string, Hit> = {};
    for (const ct of ['xml', 'json', 'form']) {
      items[ct] = (await hitsAt(rx, `/bd/items/${ct}`, 1))[0]!;
      acts[ct] = (await hitsAt(rx, `/bd/act/${ct}`, 1))[0]!;
    }
    expect(mediaType(items.xml!)).toBe('application/xml');
    expect(mediaType(items.json!)).toBe('application/json');
    expect(mediaType(items.form!)).toBe('application/x-www-form-urlencoded');
    expect(mediaType(acts.xml!)).toBe('application/xml');

    // The raw shapes.
    expect(items.xml!.text).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\s*<notification><type>items\.update<\/type><objectid>\d+<\/objectid><occured>[^<]+<\/occured><content><item>/,
    );
    expect(items.xml!.text).toContain('<jobtitle label="Job title">Chief &lt;Tester&gt; &amp; "QA"</jobtitle>');
    expect(JSON.parse(items.json!.text)).toMatchObject({
      type: 'items.update',
      objectid: contact,
      content: { item: { id: contact } },
    });
    expect(new URLSearchParams(items.form!.text).get('type')).toBe('items.update');
    expect(new URLSearchParams(items.form!.text).get('objectid')).toBe(String(contact));

    // Decoded with the codecs, the three formats say the same thing.
    const decodedItems = (['xml', 'json', 'form'] as const).map(
      (f) => decode('notification/items', f, items[f]!.text).value,
    );
    for (const n of decodedItems) {
      expect(n.type).toBe('items.update');
      expect(n.objectid).toBe(contact);
      expect(n.occured).toMatch(ISO);
      expect(Date.parse(n.occured)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
      expect(Date.parse(n.occured)).toBeLessThanOrEqual(after);
      expect(n.content.item).toMatchObject({ id: contact, name: 'Zoë Body', typeid: 1 });
      expect(n.content.item.fields).toMatchObject({
        firstname: 'Zoë',
        lastname: 'Body',
        jobtitle: 'Chief <Tester> & "QA"',
      });
      expect(n.content.item.created).toMatch(ISO);
      expect(n.content.categories).toEqual([{ id: tag, name: 'Key account' }]);
      expect(n.content.relateditems).toEqual([
        expect.objectContaining({ id: other, name: 'Rel Ated', note: 'colleague' }),
      ]);
    }
    expect(decodedItems[1]!.content.item).toEqual(decodedItems[0]!.content.item);
    // What show returns for the record (but viewed, which show itself moves).
    const shown = (await jsonCall(u, 'GET', `/contacts/${contact}/`)).json();
    const { viewed: _v1, ...shownItem } = shown.item;
    const { viewed: _v2, ...notifiedItem } = JSON.parse(items.json!.text).content.item;
    expect(notifiedItem).toEqual(shownItem);

    const decodedActs = (['xml', 'json', 'form'] as const).map(
      (f) => decode('notification/activities', f, acts[f]!.text).value,
    );
    for (const n of decodedActs) {
      expect(n.type).toBe('activities.create');
      expect(n.objectid).toBe(note);
      expect(n.occured).toMatch(ISO);
      expect(n.content).toMatchObject({ id: note, name: 'note', typeid: 3, item: contact, parent: contact, level: 1 });
      expect(n.content.fields).toEqual({ details: 'Called & agreed <yes>' });
    }
    expect(acts.xml!.text).toContain('<name>note</name>');
    expect(acts.xml!.text).toContain('<details>Called &amp; agreed &lt;yes&gt;</details>');
    expect(JSON.parse(acts.json!.text)).toMatchObject({
      type: 'activities.create',
      objectid: note,
      content: { id: note, name: 'note', item: contact, fields: { details: 'Called & agreed <yes>' } },
    });
  });
});

// ---------------------------------------------------------------------------------------------

describe('signature', () => {
  it('with a secret, X-Service-Hmac-Sha256 is the lower-case hex HMAC-SHA256 of the exact body bytes; without, no header', async () => {
    const u = user('sign');
    const secret = 'söme-sêcret/key';
    for (const ct of ['xml', 'json', 'form'])
      await createHook(u, { event: 'items.create', url: rx.url(`/sg/${ct}`), contenttype: ct, secret });
    await createHook(u, { event: 'items.create', url: rx.url('/sg/plain'), contenttype: 'json' });
    await createHook(u, { event: 'items.create', url: rx.url('/sg/other'), contenttype: 'json', secret: 'another' });
    // Non-ASCII text, so "the bytes" and "the characters" differ.
    await createContact(u, { firstname: 'Jürgen', lastname: 'Ørsted ✓' });

    for (const ct of ['xml', 'json', 'form']) {
      const [hit] = await hitsAt(rx, `/sg/${ct}`, 1);
      const header = hit!.headers['x-service-hmac-sha256'];
      expect(header, ct).toMatch(/^[0-9a-f]{64}$/);
      expect(header, ct).toBe(createHmac('sha256', Buffer.from(secret, 'utf8')).update(hit!.raw).digest('hex'));
    }
    const [other] = await hitsAt(rx, '/sg/other', 1);
    expect(other!.headers['x-service-hmac-sha256']).toBe(
      createHmac('sha256', 'another').update(other!.raw).digest('hex'),
    );
    expect(other!.headers['x-service-hmac-sha256']).not.toBe(
      createHmac('sha256', secret).update(other!.raw).digest('hex'),
    );
    const [plain] = await hitsAt(rx, '/sg/plain', 1);
    expect(plain!.headers).not.toHaveProperty('x-service-hmac-sha256');
    expect(plain!.text).toContain('Jürgen');
  });
});

// ---------------------------------------------------------------------------------------------

describe('retries', () => {
  it('delivers on the third attempt after two 500s, and gives up after 1 + 4 attempts with growing delays, logging the failure', async () => {
    const u = user('retry');
    rx.rule('/rt/flaky', (n) => ({ status: n <= 2 ? 500 : 200 }));
    rx.rule('/rt/down', () => ({ status: 503 }));
    await createHook(u, { event: 'items.create', url: rx.url('/rt/flaky'), contenttype: 'json', secret: 'k' });
    const downHook = await createHook(u, { event: 'items.create', url: rx.url('/rt/down'), contenttype: 'json' });
    const contact = await createContact(u, { firstname: 'Tri', lastname: 'Again' });

    const flaky = await hitsAt(rx, '/rt/flaky', 3);
    // The same notification each time, with the same signature.
    for (const h of flaky) {
      expect(h.text).toBe(flaky[0]!.text);
      expect(h.headers['x-service-hmac-sha256']).toBe(flaky[0]!.headers['x-service-hmac-sha256']);
    }
    expect(JSON.parse(flaky[0]!.text)).toMatchObject({ type: 'items.create', objectid: contact });

    const down = await hitsAt(rx, '/rt/down', 5);
    const line = await until('the failure in the server log', () =>
      /crmgen: webhook delivery \d+ \(items\.create (\d+)\) to (\S+) failed after (\d+) attempts: HTTP 503/.exec(
        srv.output(),
      ),
    );
    expect(line[1]).toBe(String(contact));
    expect(line[2]).toBe(rx.url('/rt/down'));
    expect(line[3]).toBe('5');
    // Given up: nothing more arrives (the last delay was 400 ms, a fifth retry would come after 800).
    await sleep(1_000);
    expect(rx.at('/rt/down')).toHaveLength(5);
    expect(rx.at('/rt/flaky')).toHaveLength(3);
    expect(srv.output().match(/failed after/g)).toHaveLength(1);
    // Delays 50, 100, 200, 400 ms (--webhook-retry-ms 50, doubling): each at least its nominal
    // value, and growing.
    const gaps = down.slice(1).map((h, i) => h.at - down[i]!.at);
    gaps.forEach((g, i) =>
      expect(g, `gap ${i + 1} of ${JSON.stringify(gaps)}`).toBeGreaterThanOrEqual(50 * 2 ** i - 5),
    );
    expect(gaps[3]!, JSON.stringify(gaps)).toBeGreaterThan(gaps[0]!);
    expect(gaps[3]!, JSON.stringify(gaps)).toBeGreaterThan(gaps[1]!);
    expect(gaps[2]!, JSON.stringify(gaps)).toBeGreaterThan(gaps[0]!);
    // The hook itself stays as it was (a failed delivery does not disable it).
    expect(
      (await jsonCall(u, 'GET', '/hooks/')).json().hooks.find((h: { id: number }) => h.id === downHook),
    ).toMatchObject({ active: 1 });
  });
});

// ---------------------------------------------------------------------------------------------

describe('a slow receiver', () => {
  it('does not slow API calls, nor the deliveries to other hooks', async () => {
    const u = user('slow');
    rx.rule('/sl/slow', () => ({ status: 200, delayMs: 3_000 }));
    await createHook(u, { event: 'items.create', url: rx.url('/sl/slow'), contenttype: 'json' });
    await createHook(u, { event: 'items.create', url: rx.url('/sl/fast'), contenttype: 'json' });
    await createContact(u, { firstname: 'First' });
    const [slowHit] = await hitsAt(rx, '/sl/slow', 1);
    expect(slowHit!.answeredAt).toBeUndefined(); // the receiver is still sitting on it

    const started = Date.now();
    const second = await createContact(u, { firstname: 'Second' });
    const answered = Date.now();
    expect(slowHit!.answeredAt, 'the API answered before the slow receiver did').toBeUndefined();
    expect(answered - started).toBeLessThan(1_000);

    // The other hook gets the second notification while the slow one still holds the first.
    const fast = await hitsAt(rx, '/sl/fast', 2);
    expect(JSON.parse(fast[1]!.text)).toMatchObject({ objectid: second });
    expect(slowHit!.answeredAt, 'the fast hook was served before the slow receiver answered').toBeUndefined();

    // And the slow hook is served in the end (it answers 200, only late), each notification once.
    const slow = await hitsAt(rx, '/sl/slow', 2, 10_000);
    await until('the slow receiver to answer both', () => slow.every((h) => h.answeredAt !== undefined), 10_000);
    await sleep(300);
    expect(
      rx
        .at('/sl/slow')
        .map((h) => JSON.parse(h.text).content.item.fields.firstname)
        .sort(),
    ).toEqual(['First', 'Second']);
  });
});

// ---------------------------------------------------------------------------------------------

describe('durability', () => {
  it('keeps notifications in the outbox across kill -9: all arrive after the restart, none twice', async () => {
    const ddir = mkdtempSync(join(tmpdir(), 'crmgen-webhooks-dur-'));
    const file = join(ddir, 'dur.sqlite');
    const recv = new Receiver();
    await recv.start();
    const port = recv.port;
    const u: User = ['dur@example.com', 'token-dur'];
    // A long first retry delay (2 s), so that the deliveries are pending, not failed, when the server dies.
    let server = await startServer({
      db: file,
      users: ['dur@example.com:token-dur:dur'],
      args: ['--allow-private-webhooks', '--webhook-retry-ms', '2000'],
    });
    try {
      await createHook(
        u,
        { event: 'items.create', url: recv.url('/du/items'), contenttype: 'json', secret: 'durable' },
        server.base,
      );
      await createHook(
        u,
        { event: 'items.delete', url: recv.url('/du/items'), contenttype: 'json', secret: 'durable' },
        server.base,
      );
      await createHook(
        u,
        { event: 'items.restore', url: recv.url('/du/items'), contenttype: 'json', secret: 'durable' },
        server.base,
      );
      await createHook(u, { event: 'activities.create', url: recv.url('/du/acts'), contenttype: 'xml' }, server.base);
      const warmup = await createContact(u, { firstname: 'Before' }, 'contacts', server.base);
      await hitsAt(recv, '/du/items', 1);

      await recv.stop(); // nobody listens on the port any more: every attempt fails now
      const contacts: number[] = [];
      for (let i = 0; i < 3; i++)
        contacts.push(await createContact(u, { firstname: `Down${i}` }, 'contacts', server.base));
      const notes: number[] = [];
      for (const c of contacts.slice(0, 2))
        notes.push(await createActivity(u, 'note', c, { details: `note on ${c}` }, server.base));
      await ok(jsonCall(u, 'DELETE', `/contacts/${warmup}/`, undefined, server.base));
      await sleep(300); // first attempts made and failed; the next are 2 s away

      server.child.kill('SIGKILL');
      await server.stop();
      // While the server is down, an administrator restores the record: only the outbox is written.
      expect(await restore(file, 'dur', 'contacts', warmup)).toContain('restored record');

      await recv.start(port);
      server = await startServer({ db: file, args: ['--allow-private-webhooks', '--webhook-retry-ms', '50'] });
      const key = (h: Hit) => {
        const n =
          h.path === '/du/acts'
            ? decode('notification/activities', 'xml', h.text).value
            : decode('notification/items', 'json', h.text).value;
        return `${n.type} ${n.objectid}`;
      };
      const expected = [
        `items.create ${warmup}`,
        ...contacts.map((c) => `items.create ${c}`),
        `items.delete ${warmup}`,
        `items.restore ${warmup}`,
        ...notes.map((n) => `activities.create ${n}`),
      ].sort();
      await until('every notification after the restart', () => recv.hits.length >= expected.length, 10_000);
      await sleep(500);
      expect(recv.hits.map(key).sort()).toEqual(expected);
      for (const h of recv.at('/du/items'))
        expect(h.headers['x-service-hmac-sha256']).toBe(createHmac('sha256', 'durable').update(h.raw).digest('hex'));
    } finally {
      await server.stop();
      await recv.stop();
      rmSync(ddir, { recursive: true, force: true });
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe('crmgen serve webhook flags', () => {
  it('refuses a --webhook-retry-ms that is not a positive integer', async () => {
    const run = (value: string) =>
      promisify(execFile)(
        process.execPath,
        [cli, 'serve', '--port', '0', '--db', ':memory:', `--webhook-retry-ms=${value}`],
        { cwd: root, timeout: 20_000 },
      ).then(
        () => ({ value, code: 0, stderr: '' }),
        (e: { code: number; stderr: string }) => ({ value, code: e.code, stderr: e.stderr }),
      );
    for (const r of await Promise.all(['abc', '0', '-5', '1.5'].map(run))) {
      expect(r.code, r.value).toBe(2);
      expect(r.stderr).toContain(`--webhook-retry-ms expects a positive integer, got '${r.value}'`);
    }
  });
});
