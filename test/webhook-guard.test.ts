// The webhook address guard (server/webhook-guard.ts) and the delivery loop that uses it, in
// process. No lookup leaves this machine and nothing connects anywhere but 127.0.0.0/8: names are
// answered by an injected resolver (a table; an unknown name fails the test), and deliveries to
// anything but loopback go to a recording function that never connects. Real deliveries go only to
// a node:http listener on 127.0.0.2.
import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  addressProblem,
  checkTarget,
  httpDeliver,
  pinnedResolver,
  type Deliver,
  type Delivery,
  type ResolvedAddress,
  type Resolver,
} from '../server/webhook-guard.ts';
import { checkHookUrl } from '../server/hooks.ts';
import { startWebhooks, type Webhooks } from '../server/webhooks.ts';
import { createReferenceService } from '../server/reference-service.ts';
import { createRecord } from '../server/records.ts';
import { openStorage } from '../server/storage/open.ts';
import type { Storage } from '../server/storage/port.ts';
import { hashToken } from '../server/tokens.ts';

const v4 = (address: string): ResolvedAddress => ({ address, family: 4 });
const v6 = (address: string): ResolvedAddress => ({ address, family: 6 });

/** What the injected resolver answers; a name not in it is a test error (it would have gone to DNS). */
const NAMES: Record<string, ResolvedAddress[]> = {
  'public.example': [v4('93.184.216.34')],
  'public6.example': [v6('2606:4700:4700::1111')],
  'both.example': [v4('93.184.216.34'), v6('2606:4700:4700::1111')],
  'internal.example': [v4('10.0.0.7')],
  'loop.example': [v4('127.0.0.1')],
  'mixed.example': [v4('93.184.216.34'), v4('192.168.1.1')],
  'mixed6.example': [v6('2606:4700:4700::1111'), v6('fd00::1')],
  'metadata.example': [v4('169.254.169.254')],
  'xn--bcher-kva.example': [v4('172.16.0.1')],
  'trailing.example.': [v4('100.64.0.1')],
  'upper.example': [v4('198.18.0.1')],
  'mapped.example': [v6('::ffff:10.1.1.1')],
  'nat64.example': [v6('64:ff9b::a00:1')],
};
const lookedUp: string[] = [];
const tableResolver: Resolver = async (host) => {
  lookedUp.push(host);
  const a = NAMES[host];
  if (!a) throw new Error(`test resolver: ${host} is not in the table`);
  return a;
};

// [url, refused?, what the reason mentions]
const TABLE: [string, boolean, string?][] = [
  // loopback, every spelling
  ['http://127.0.0.1/', true, 'loopback'],
  ['http://127.1/', true, 'loopback'],
  ['http://2130706433/', true, 'loopback'],
  ['http://0x7f000001/', true, 'loopback'],
  ['http://0x7f.0.0.1/', true, 'loopback'],
  ['http://0177.0.0.1/', true, 'loopback'],
  ['http://127.255.255.254/', true, 'loopback'],
  ['http://[::1]/', true, 'loopback'],
  ['http://[0:0:0:0:0:0:0:1]/', true, 'loopback'],
  ['http://[::ffff:127.0.0.1]/', true, 'loopback'],
  ['http://[::ffff:7f00:1]/', true, 'loopback'],
  ['http://[::127.0.0.1]/', true, 'IPv4-compatible'],
  ['http://[64:ff9b::127.0.0.1]/', true, 'NAT64'],
  ['http://[64:ff9b:1::1]/', true, 'NAT64'],
  ['http://[2002:7f00:1::]/', true, '6to4'],
  ['http://[::ffff:0:7f00:1]/', true, 'loopback'],
  ['http://localhost/', true, 'loopback'],
  ['http://LOCALHOST./', true, 'loopback'],
  ['http://api.localhost/', true, 'loopback'],
  // private, link-local, unique-local, CGN, benchmark, multicast, broadcast, reserved, unspecified
  ['http://10.0.0.1/', true, 'private'],
  ['http://012.0.0.1/', true, 'private'],
  ['http://172.16.0.1/', true, 'private'],
  ['http://172.31.255.255/', true, 'private'],
  ['http://192.168.0.1/', true, 'private'],
  ['http://3232235521/', true, 'private'],
  ['http://169.254.169.254/latest/meta-data', true, 'linkLocal'],
  ['http://[fe80::1]/', true, 'linkLocal'],
  ['http://[fd12:3456::1]/', true, 'uniqueLocal'],
  ['http://[FC00::1]/', true, 'uniqueLocal'],
  ['http://100.64.0.1/', true, 'carrierGradeNat'],
  ['http://198.18.0.1/', true, 'benchmark'],
  ['http://198.19.255.1/', true, 'benchmark'],
  ['http://224.0.0.1/', true, 'multicast'],
  ['http://[ff02::1]/', true, 'multicast'],
  ['http://255.255.255.255/', true, 'broadcast'],
  ['http://240.0.0.1/', true, 'reserved'],
  ['http://192.0.2.1/', true, 'reserved'],
  ['http://[2001:db8::1]/', true, 'reserved'],
  ['http://0.0.0.0/', true, 'unspecified'],
  ['http://0/', true, 'unspecified'],
  ['http://[::]/', true, 'unspecified'],
  ['http://[::ffff:10.1.1.1]/', true, 'private'],
  ['http://[64:ff9b::192.168.1.1]/', true, 'NAT64'],
  ['http://[2002:c0a8:101::1]/', true, '6to4'],
  // names: any private answer refuses the whole name
  ['http://internal.example/', true, 'private'],
  ['http://loop.example:8080/hook', true, 'loopback'],
  ['http://mixed.example/', true, '192.168.1.1'],
  ['http://mixed6.example/', true, 'uniqueLocal'],
  ['http://metadata.example/', true, 'linkLocal'],
  ['http://bücher.example/', true, 'private'],
  ['http://trailing.example./', true, 'carrierGradeNat'],
  ['http://UPPER.example/', true, 'benchmark'],
  ['http://mapped.example/', true, 'private'],
  ['http://nat64.example/', true, 'NAT64'],
  ['http://unknown.example/', true, 'does not resolve'],
  // public
  ['https://public.example/hook', false],
  ['https://public6.example/hook', false],
  ['https://both.example/hook', false],
  ['http://93.184.216.34/', false],
  ['http://1.1.1.1:8443/x', false],
  ['http://[2606:4700:4700::1111]/', false],
  ['http://[::ffff:93.184.216.34]/', false],
  ['http://[64:ff9b::5db8:d822]/', false],
  ['http://[2002:5db8:d822::1]/', false],
  ['http://100.63.255.255/', false],
  ['http://172.32.0.1/', false],
  ['http://198.20.0.1/', false],
];

describe('the address guard', () => {
  it(`decides ${TABLE.length} hosts and addresses: every range, every spelling`, async () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(40);
    for (const [url, refused, why] of TABLE) {
      const r = await checkTarget(url, tableResolver, false);
      expect(r.ok, `${url}: ${JSON.stringify(r)}`).toBe(!refused);
      if (!r.ok && why) expect(r.reason, url).toContain(why);
    }
    // IP literals and localhost are never looked up; names are, with their IDN and case normalised.
    expect(lookedUp).not.toContain('127.0.0.1');
    expect(lookedUp.some((h) => /localhost/i.test(h))).toBe(false);
    expect(lookedUp).toContain('xn--bcher-kva.example');
    expect(lookedUp).toContain('upper.example');
  });

  it('with allowPrivate, accepts private addresses and still connects to the resolved one', async () => {
    expect(await checkTarget('http://loop.example:9/', tableResolver, true)).toEqual({
      ok: true,
      address: '127.0.0.1',
      family: 4,
    });
    expect(await checkTarget('http://10.0.0.1/', tableResolver, true)).toEqual({
      ok: true,
      address: '10.0.0.1',
      family: 4,
    });
    expect(addressProblem('8.8.8.8')).toBeUndefined();
    expect(addressProblem('::7f00:1')).toContain('IPv4-compatible');
    expect(addressProblem('::127.0.0.1')).toContain('loopback');
    expect(addressProblem('not-an-ip')).toBe('not an IP address');
  });

  it('refuses a hook url when it is saved: invalidvalue with the reason', async () => {
    const guard = { allowPrivate: false, resolver: tableResolver };
    await expect(checkHookUrl('http://internal.example/x', guard)).rejects.toMatchObject({
      errors: [{ key: 'invalidvalue', message: expect.stringContaining('10.0.0.7, which is private') }],
    });
    await expect(checkHookUrl('https://public.example/x', guard)).resolves.toBeUndefined();
    await expect(checkHookUrl('ftp://public.example/x', guard)).rejects.toMatchObject({
      errors: [{ key: 'invalidvalue' }],
    });
  });
});

// ---------------------------------------------------------------------------------------------
// the delivery loop with the guard: a real in-memory SQLite database and the reference service

let storage: Storage | undefined;
let webhooks: Webhooks | undefined;
let server: Server | undefined;

afterEach(async () => {
  await webhooks?.stop();
  await storage?.close();
  server?.closeAllConnections();
  await new Promise<void>((ok) => (server ? server.close(() => ok()) : ok()));
  storage = webhooks = server = undefined;
});

async function setUp(opts: { resolver: Resolver; send?: Deliver; allowPrivate: boolean }) {
  storage = await openStorage(':memory:');
  webhooks = startWebhooks({
    storage,
    allowPrivate: opts.allowPrivate,
    resolver: opts.resolver,
    ...(opts.send && { send: opts.send }),
    retryBaseMs: 20,
    pollMs: 50,
    log: () => undefined,
  });
  const service = createReferenceService({
    storage,
    onCommit: webhooks.enqueue,
    allowPrivateWebhooks: opts.allowPrivate,
  });
  const principal = await storage.transaction(async (tx) => {
    const account = await tx.ensureAccount('guard');
    const user = await tx.addUser({
      accountId: account.id,
      email: 'guard@example.com',
      name: 'g',
      tokenHash: hashToken('t'),
      preventlogin: 0,
      preventprivatedata: 0,
      administrator: 1,
    });
    return { user, accountId: account.id };
  });
  /** A hook written straight to storage, as if its url had passed the check when it was saved. */
  const hook = (url: string, secret = '') =>
    storage!.transaction((tx) =>
      tx.insertHook({
        accountId: principal.accountId,
        type: 'web',
        title: '',
        active: 1,
        event: 'items.create',
        constrainttype: 'all',
        url,
        contenttype: 'json',
        secret,
      }),
    );
  const contact = (firstname: string) =>
    service.asCaller(principal, (tx, c) => createRecord(tx, c, 'contacts', { firstname } as never));
  const attempts = (hookId: number) => storage!.transaction((tx) => tx.listAttempts(principal.accountId, hookId, 100));
  return { hook, contact, attempts };
}

const until = async <T>(
  what: string,
  fn: () => Promise<T | undefined | false> | T | undefined | false,
  ms = 5_000,
): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((ok) => setTimeout(ok, 20));
  }
};

describe('deliveries through the guard', () => {
  it('connect to the address checked at the attempt: a name that rebinds to a private address is refused, never sent', async () => {
    const sent: Delivery[] = [];
    let answers = 0;
    // First answer public (when the hook was saved), then loopback: DNS rebinding.
    const rebinding: Resolver = async (host) => {
      if (host !== 'rebind.example' && host !== 'steady.example') throw new Error(`unexpected lookup of ${host}`);
      if (host === 'steady.example') return [v4('93.184.216.34')];
      return answers++ === 0 ? [v4('93.184.216.34')] : [v4('127.0.0.1')];
    };
    const t = await setUp({ resolver: rebinding, allowPrivate: false, send: async (d) => (sent.push(d), 200) });
    expect((await checkTarget('http://rebind.example/hook', rebinding, false)).ok).toBe(true); // as at save time
    const rebind = await t.hook('http://rebind.example/hook');
    const steady = await t.hook('http://steady.example/hook', 'k');
    await t.contact('Ann');
    const log = await until('the steady delivery and a refused rebind attempt', async () => {
      const [a, b] = [await t.attempts(rebind.id), await t.attempts(steady.id)];
      return a.length >= 1 && b.length >= 1 && { a, b };
    });
    expect(log.a[0]).toMatchObject({
      outcome: 'retrying',
      httpStatus: null,
      error: expect.stringContaining('127.0.0.1, which is loopback'),
    });
    expect(log.b[0]).toMatchObject({ outcome: 'delivered', httpStatus: 200 });
    // Only the steady hook's delivery reached the sender, pinned to the address checked.
    expect(sent.map((d) => [d.url, d.address])).toEqual([['http://steady.example/hook', '93.184.216.34']]);
    expect(sent[0]!.headers).toMatchObject({
      'webhook-id': expect.stringMatching(/^msg_[0-9a-f]{32}$/),
      'webhook-timestamp': expect.stringMatching(/^\d+$/),
      'webhook-signature': expect.stringMatching(/^v1,[A-Za-z0-9+/]+=*$/),
    });
  });

  it('a name that resolves to loopback: refused without allowPrivate, delivered with it to the resolved address (no second lookup)', async () => {
    // The receiver listens on 127.0.0.2 only. The resolver answers 127.0.0.2 for `localhost`'s
    // sibling name; had the sender looked the name up again it would not reach this listener.
    const got: { host: string | undefined; body: string }[] = [];
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        got.push({ host: req.headers.host, body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((ok) => server!.listen(0, '127.0.0.2', () => ok()));
    const port = (server.address() as AddressInfo).port;
    const lookups: string[] = [];
    const resolver: Resolver = async (host) => {
      lookups.push(host);
      if (host !== 'receiver.test') throw new Error(`unexpected lookup of ${host}`);
      return [v4('127.0.0.2')];
    };
    const url = `http://receiver.test:${port}/hook`;

    expect(await checkTarget(url, resolver, false)).toEqual({
      ok: false,
      reason: 'receiver.test resolves to 127.0.0.2, which is loopback',
    });
    await expect(checkHookUrl(url, { allowPrivate: false, resolver })).rejects.toMatchObject({
      errors: [{ key: 'invalidvalue' }],
    });

    const t = await setUp({ resolver, allowPrivate: true, send: httpDeliver });
    const h = await t.hook(url);
    await t.contact('Loop');
    await until('the delivery on 127.0.0.2', () => got.length === 1);
    expect(got[0]!.host).toBe(`receiver.test:${port}`);
    expect(JSON.parse(got[0]!.body)).toMatchObject({ type: 'items.create' });
    // The attempt is stored after the receiver answered: wait for it rather than race it.
    const [attempt] = await until('the attempt stored', async () => {
      const log = await t.attempts(h.id);
      return log.length > 0 && log;
    });
    expect(attempt).toMatchObject({ outcome: 'delivered', httpStatus: 204, attempt: 1 });
    expect(lookups.every((l) => l === 'receiver.test')).toBe(true);
  });
});

describe('pinnedResolver (--webhook-resolve)', () => {
  it("answers the names it was given, '*' every other name, and asks its fallback only without '*'", async () => {
    const asked: string[] = [];
    const fallback: Resolver = async (host) => {
      asked.push(host);
      return [{ address: '127.0.0.9', family: 4 }];
    };
    const one = pinnedResolver(new Map([['hooks.example.com', ['127.0.0.2']]]), fallback);
    expect(await one('HOOKS.example.com.')).toEqual([{ address: '127.0.0.2', family: 4 }]);
    expect(await one('other.example')).toEqual([{ address: '127.0.0.9', family: 4 }]);
    expect(asked).toEqual(['other.example']);
    const all = pinnedResolver(
      new Map([
        ['hooks.example.com', ['127.0.0.2']],
        ['*', ['127.0.0.1']],
      ]),
      fallback,
    );
    expect(await all('any.where.example')).toEqual([{ address: '127.0.0.1', family: 4 }]);
    expect(await all('hooks.example.com')).toEqual([{ address: '127.0.0.2', family: 4 }]);
    expect(asked).toEqual(['other.example']);
    // A name answered with loopback is refused without --allow-private-webhooks, before any connection.
    expect((await checkTarget('https://any.where.example/h', all, false)).ok).toBe(false);
  });
});
