// Operating crmgen serve: the request log (both formats, batch parts, webhook deliveries, bodies
// with secrets redacted), X-Request-Id, /healthz, /readyz, /metrics, graceful shutdown, CRMGEN_*
// variables and the --demo account. Every server is a real `crmgen serve` child on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { basic, call, startServer, testDatabase, type RunningServer } from './support/server.ts';
import { cli, root } from './support/paths.ts';

const ann: [string, string] = ['ann@example.com', 'ann-token-7f3a9c'];
const hookSecret = 'hook-secret-5d2e81';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The JSON lines a server printed on stderr (and stdout); non-JSON lines are left out. */
function jsonLines(out: string): Record<string, any>[] {
  return out
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, any>);
}

/** Waits until the server's output satisfies `test` (the log is written after the answer is sent). */
async function waitFor<T>(server: RunningServer, test: (out: string) => T | undefined): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const v = test(server.output());
    if (v !== undefined && v !== false) return v;
    await sleep(25);
  }
  throw new Error(`not in the output:\n${server.output()}`);
}

const batchBody = (parts: string[]) =>
  `${parts.map((p, i) => `--b\r\nContent-Type: application/http\r\nContent-ID: <p${i + 1}>\r\n\r\n${p}\r\n`).join('')}--b--\r\n`;

/** Prometheus text: sample name with labels -> value. */
function parseMetrics(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\{[^}]*\})?) (\S+)$/.exec(line);
    if (!m) throw new Error(`not Prometheus text: ${line}`);
    out.set(m[1]!, Number(m[2]));
  }
  return out;
}

describe('request log, JSON lines', () => {
  let server: RunningServer;
  let receiver: Server;
  let receiverUrl: string;
  beforeAll(async () => {
    receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(204).end());
    });
    await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
    server = await startServer({ users: [ann.join(':')], args: ['--log-format', 'json', '--allow-private-webhooks'] });
  });
  afterAll(async () => {
    await server?.stop();
    receiver?.close();
  });

  it('one line per request with the request id, echoed in the response', async () => {
    const r = await call(server.base, '/contacts/', {
      user: ann,
      accept: 'application/json',
      headers: { 'x-request-id': 'trace-7.a:b' },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-request-id')).toBe('trace-7.a:b');
    const line = await waitFor(server, (out) => jsonLines(out).find((l) => l.reqId === 'trace-7.a:b'));
    expect(line).toMatchObject({
      level: 30,
      pid: server.child.pid,
      req: { method: 'GET', url: '/contacts/' },
      res: { statusCode: 200 },
      operation: 'listRecords',
      user: ann[0],
      quota: '1/5000',
      msg: 'request completed',
    });
    expect(typeof line.time).toBe('number');
    expect(line.responseTime).toBeGreaterThanOrEqual(0);
  });

  it('an id that is not sane is replaced by a generated one', async () => {
    const r = await call(server.base, '/contacts/', {
      user: ann,
      headers: { 'x-request-id': 'has spaces and "quotes"' },
    });
    const id = r.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const line = await waitFor(server, (out) => jsonLines(out).find((l) => l.reqId === id));
    expect(line.req.url).toBe('/contacts/');
  });

  it('a 4xx line names the error keys', async () => {
    const r = await call(server.base, '/contacts/', {
      user: ann,
      body: JSON.stringify({ nosuchfield: 1 }),
      contentType: 'application/json',
      headers: { 'x-request-id': 'bad-1' },
    });
    expect(r.status).toBe(400);
    const line = await waitFor(server, (out) => jsonLines(out).find((l) => l.reqId === 'bad-1'));
    expect(line).toMatchObject({ level: 40, res: { statusCode: 400 }, errors: ['incorrectfield'] });
    const unauth = await call(server.base, '/contacts/', {
      auth: basic(ann[0], 'wrong'),
      headers: { 'x-request-id': 'bad-2' },
    });
    expect(unauth.status).toBe(401);
    const line2 = await waitFor(server, (out) => jsonLines(out).find((l) => l.reqId === 'bad-2'));
    expect(line2.errors).toEqual(['authenticationfailed']);
    expect(line2.user).toBeUndefined();
  });

  it('a batch logs one line for itself and one per part, under the batch id', async () => {
    const body = batchBody([
      'GET /contacts/ HTTP/1.1\r\nAccept: application/json\r\n',
      'GET /nosuchthing/ HTTP/1.1\r\n',
    ]);
    const r = await call(server.base, '/batch', {
      user: ann,
      body,
      contentType: 'multipart/mixed; boundary=b',
      headers: { 'x-request-id': 'batch-9' },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-request-id')).toBe('batch-9');
    const lines = await waitFor(server, (out) => {
      const mine = jsonLines(out).filter((l) => l.reqId === 'batch-9');
      return mine.length === 3 ? mine : undefined;
    });
    const parts = lines.filter((l) => l.part);
    expect(parts.map((l) => [l.part.index, l.part.contentId, l.req.url, l.res.statusCode, l.msg])).toEqual([
      [0, 'p1', '/contacts/', 200, 'batch part completed'],
      [1, 'p2', '/nosuchthing/', 404, 'batch part completed'],
    ]);
    expect(parts[1]!.errors).toEqual(['unknownpath']);
    expect(lines.find((l) => !l.part)).toMatchObject({
      req: { method: 'POST', url: '/batch' },
      res: { statusCode: 200 },
      user: ann[0],
    });
  });

  it('webhook deliveries are logged with hook, event, attempt, status and duration', async () => {
    const hook = await call(server.base, '/hooks/', {
      user: ann,
      body: JSON.stringify({ event: 'items.create', url: receiverUrl, contenttype: 'json', secret: hookSecret }),
      contentType: 'application/json',
      accept: 'application/json',
    });
    expect(hook.status, hook.text).toBeLessThan(300);
    const created = await call(server.base, '/contacts/', {
      user: ann,
      body: JSON.stringify({ firstname: 'Hook', lastname: 'Test' }),
      contentType: 'application/json',
      accept: 'application/json',
    });
    expect(created.status).toBe(201);
    const id = created.json().item.id;
    const line = await waitFor(server, (out) =>
      jsonLines(out).find((l) => l.msg === 'webhook delivery' && l.objectId === id),
    );
    expect(line).toMatchObject({ level: 30, event: 'items.create', attempt: 1, statusCode: 204, outcome: 'delivered' });
    expect(typeof line.hook).toBe('number');
    expect(line.responseTime).toBeGreaterThanOrEqual(0);
    expect(server.output()).not.toContain(hookSecret);
  });

  it('/healthz and /readyz answer without authentication; /metrics counts what was asked', async () => {
    expect((await call(server.base, '/healthz')).status).toBe(200);
    const ready = await call(server.base, '/readyz');
    expect([ready.status, ready.text]).toEqual([200, 'ready\n']);
    const before = parseMetrics((await call(server.base, '/metrics')).text);
    const key = 'crmgen_requests_total{operation="showRecord",status="404"}';
    const partKey = 'crmgen_batch_parts_total{operation="listRecords",status="200"}';
    for (let i = 0; i < 3; i++) expect((await call(server.base, '/contacts/999999/', { user: ann })).status).toBe(404);
    await call(server.base, '/batch', {
      user: ann,
      body: batchBody(['GET /contacts/ HTTP/1.1\r\n', 'GET /contacts/ HTTP/1.1\r\n']),
      contentType: 'multipart/mixed; boundary=b',
    });
    const m = await call(server.base, '/metrics');
    expect(m.headers.get('content-type')).toContain('text/plain');
    const after = parseMetrics(m.text);
    expect((after.get(key) ?? 0) - (before.get(key) ?? 0)).toBe(3);
    expect((after.get(partKey) ?? 0) - (before.get(partKey) ?? 0)).toBe(2);
    expect(
      after.get('crmgen_request_duration_seconds_count{operation="showRecord"}')! -
        (before.get('crmgen_request_duration_seconds_count{operation="showRecord"}') ?? 0),
    ).toBe(3);
    expect(after.get('crmgen_webhook_deliveries_total{outcome="delivered"}')).toBeGreaterThanOrEqual(1);
    expect(after.get('crmgen_webhook_outbox_depth')).toBe(0);
    expect(after.has('crmgen_quota_rejections_total')).toBe(true);
    expect(after.get('crmgen_storage_errors_total')).toBe(0);
  });
});

describe('request log, pretty lines and --log-bodies', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({
      users: [ann.join(':')],
      args: ['--log-format', 'pretty', '--log-bodies', '--quota', '4'],
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('one readable line per request and per batch part', async () => {
    await call(server.base, '/contacts/', { user: ann, headers: { 'x-request-id': 'pretty-1' } });
    await waitFor(server, (out) =>
      /^\S+Z pretty-1 GET \/contacts\/ 200 [\d.]+ms ann@example\.com quota 1\/4$/m.test(out),
    );
    await call(server.base, '/batch', {
      user: ann,
      body: batchBody(['GET /contacts/ HTTP/1.1\r\n', 'GET /contacts/ HTTP/1.1\r\n']),
      contentType: 'multipart/mixed; boundary=b',
      headers: { 'x-request-id': 'pretty-2' },
    });
    await waitFor(
      server,
      (out) =>
        /^  part 1 <p1> GET \/contacts\/ 200 [\d.]+ms ann@example\.com quota 2\/4$/m.test(out) &&
        /^  part 2 <p2> GET \/contacts\/ 200 [\d.]+ms ann@example\.com quota 3\/4$/m.test(out),
    );
    await waitFor(server, (out) => /^\S+Z pretty-2 POST \/batch 200 [\d.]+ms ann@example\.com quota 3\/4$/m.test(out));
  });

  it('bodies are logged, never an Authorization header, an API token or a hook secret', async () => {
    const json = JSON.stringify({
      event: 'items.create',
      url: 'https://hooks.example.com/in',
      active: 0,
      secret: hookSecret,
      title: 'visible-title',
    });
    const xml = `<?xml version="1.0"?><request><event>items.update</event><url>https://hooks.example.com/x</url><active>0</active><secret>${hookSecret}</secret></request>`;
    const form = `event=items.delete&url=${encodeURIComponent('https://hooks.example.com/f')}&active=0&secret=${hookSecret}`;
    // A part carrying its own credentials is refused, and its header must not reach the log either.
    const batch = batchBody([`GET /hooks/ HTTP/1.1\r\nAuthorization: ${basic(...ann)}\r\n`]);
    // Quota 4: one call left, then quotaexceeded; bodies are logged either way.
    await call(server.base, '/hooks/', {
      user: ann,
      body: json,
      contentType: 'application/json',
      accept: 'application/json',
    });
    await call(server.base, '/hooks/', { user: ann, body: xml, contentType: 'application/xml' });
    await call(server.base, '/hooks/', { user: ann, body: form, contentType: 'application/x-www-form-urlencoded' });
    await call(server.base, '/batch', { user: ann, body: batch, contentType: 'multipart/mixed; boundary=b' });
    await call(server.base, '/contacts/', {
      auth: `Basic ${Buffer.from(`${ann[0]}:${ann[1]}`).toString('base64')}`,
      headers: { 'x-request-id': 'last-one' },
    });
    const out = await waitFor(server, (o) => (o.includes('last-one') ? o : undefined));
    expect(out).toContain('visible-title');
    expect(out).toContain('quotaexceeded');
    expect(out).toContain('[Redacted]');
    expect(out).not.toContain(hookSecret);
    expect(out).not.toContain(ann[1]);
    expect(out).not.toContain(Buffer.from(`${ann[0]}:${ann[1]}`).toString('base64'));
    expect(out).not.toMatch(/authorization: basic/i);
  });
});

describe('metrics token', () => {
  it('/metrics needs the bearer token when --metrics-token is given', async () => {
    const server = await startServer({ args: ['--metrics-token', 'scrape-me', '--log-format', 'none'] });
    try {
      expect((await call(server.base, '/metrics')).status).toBe(401);
      expect((await call(server.base, '/metrics', { auth: 'Bearer wrong' })).status).toBe(401);
      const ok = await call(server.base, '/metrics', { auth: 'Bearer scrape-me' });
      expect(ok.status).toBe(200);
      expect(
        parseMetrics(ok.text).has('crmgen_requests_total') || ok.text.includes('# TYPE crmgen_requests_total counter'),
      ).toBe(true);
      expect((await call(server.base, '/healthz')).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

/** A POST whose body is sent in two steps; resolves with the status once answered. */
function slowPost(base: string, path: string, body: string) {
  const url = new URL(path, base);
  let finish!: () => void;
  const answered = new Promise<{ status: number; text: string }>((ok, fail) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          authorization: basic(...ann),
          'content-type': 'application/json',
          accept: 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => ok({ status: res.statusCode!, text }));
      },
    );
    req.on('error', fail);
    const half = Math.floor(body.length / 2);
    req.write(body.slice(0, half));
    finish = () => req.end(body.slice(half));
  });
  return { answered, finish: () => finish() };
}

describe('graceful shutdown', () => {
  it('SIGTERM: readyz turns 503, the listener closes, the request in flight finishes, exit 0', async () => {
    const server = await startServer({
      users: [ann.join(':')],
      args: ['--drain-seconds', '1', '--log-format', 'json'],
    });
    const slow = slowPost(server.base, '/contacts/', JSON.stringify({ firstname: 'Slow', lastname: 'Upload' }));
    // The request is in flight once its first bytes are in: wait for the server to have them.
    await sleep(200);
    const exited = new Promise<number | null>((ok) => server.child.once('exit', (code) => ok(code)));
    server.child.kill('SIGTERM');
    await waitFor(server, (out) => out.includes('shutting down'));
    const ready = await call(server.base, '/readyz');
    expect([ready.status, ready.text]).toEqual([503, 'shutting down\n']);
    // After the drain the listener is gone: new connections are refused.
    let refused = false;
    for (let i = 0; i < 100 && !refused; i++) {
      refused = await fetch(`${server.base}/healthz`).then(
        () => false,
        () => true,
      );
      if (!refused) await sleep(50);
    }
    expect(refused).toBe(true);
    slow.finish();
    const r = await slow.answered;
    expect(r.status, r.text).toBe(201);
    expect(JSON.parse(r.text).item.name).toBe('Slow Upload');
    expect(await exited).toBe(0);
  }, 30_000);

  it('a second signal exits at once, without waiting for the request in flight', async () => {
    const server = await startServer({
      users: [ann.join(':')],
      args: ['--shutdown-seconds', '60', '--log-format', 'none'],
    });
    const slow = slowPost(server.base, '/contacts/', JSON.stringify({ firstname: 'Never', lastname: 'Finished' }));
    slow.answered.catch(() => undefined);
    await sleep(200);
    const exited = new Promise<number | null>((ok) => server.child.once('exit', (code) => ok(code)));
    server.child.kill('SIGTERM');
    await waitFor(server, (out) => out.includes('shutting down'));
    server.child.kill('SIGTERM');
    expect(await exited).toBe(143);
    expect(server.output()).toContain('SIGTERM again; exiting now');
  }, 30_000);
});

describe('graceful shutdown with a delivery in flight', () => {
  it('releases the lease of a delivery still running at the bound; the next start sends it at once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'crmgen-lease-'));
    const { db, drop } = await testDatabase(dir);
    const received: string[] = [];
    let hang = true;
    // The first delivery never gets an answer; later ones get 204.
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        received.push(body);
        if (!hang) res.writeHead(204).end();
      });
    });
    await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
    const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
    // A lease far longer than the test: only a released lease lets the second server deliver.
    const args = [
      '--allow-private-webhooks',
      '--webhook-lease-ms',
      '600000',
      '--shutdown-seconds',
      '1',
      '--log-format',
      'json',
    ];
    let second: RunningServer | undefined;
    try {
      const first = await startServer({ db, users: [ann.join(':')], args });
      await call(first.base, '/hooks/', {
        user: ann,
        body: JSON.stringify({ event: 'items.create', url, contenttype: 'json' }),
        contentType: 'application/json',
      });
      const created = await call(first.base, '/contacts/', {
        user: ann,
        body: JSON.stringify({ firstname: 'Lease', lastname: 'Held' }),
        contentType: 'application/json',
        accept: 'application/json',
      });
      const id = created.json().item.id as number;
      for (let i = 0; i < 200 && received.length === 0; i++) await sleep(25);
      expect(received.length).toBe(1);
      expect(await first.stop('SIGTERM')).toBe(0);
      hang = false;
      second = await startServer({ db, users: [ann.join(':')], args });
      const line = await waitFor(second, (out) =>
        jsonLines(out).find((l) => l.msg === 'webhook delivery' && l.objectId === id),
      );
      expect(line).toMatchObject({ outcome: 'delivered', statusCode: 204, attempt: 1 });
      expect(received.length).toBe(2);
      expect(received[1]).toBe(received[0]);
    } finally {
      await second?.stop();
      receiver.closeAllConnections();
      receiver.close();
      await drop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 40_000);
});

describe('configuration by environment', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'crmgen-env-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A port that was free a moment ago. */
  const freePort = () =>
    new Promise<number>((ok) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as { port: number };
        s.close(() => ok(port));
      });
    });

  /** Starts `crmgen serve` with only the given flags and environment; resolves with its first line. */
  function serve(args: string[], env: Record<string, string>) {
    const child = spawn(process.execPath, [cli, 'serve', ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const first = new Promise<string>((ok, fail) => {
      child.stdout.on('data', () => {
        if (out.includes('\n')) ok(out.split('\n')[0]!);
      });
      child.once('exit', (code) => fail(new Error(`exited ${code}: ${out}`)));
    });
    const stop = () =>
      new Promise<void>((ok) =>
        child.exitCode !== null ? ok() : (child.once('exit', () => ok()), child.kill('SIGTERM')),
      );
    return { first, stop };
  }

  it('CRMGEN_PORT and CRMGEN_DB configure the port and the database', async () => {
    const port = await freePort();
    const db = join(dir, 'from-env.sqlite');
    const s = serve([], {
      CRMGEN_PORT: String(port),
      CRMGEN_DB: db,
      CRMGEN_HOST: '127.0.0.1',
      CRMGEN_USER: `${ann.join(':')},bob@example.com:bob-token-1`,
    });
    try {
      expect(await s.first).toBe(`crmgen listening on http://127.0.0.1:${port}`);
      expect(existsSync(db)).toBe(true);
      const users = await call(`http://127.0.0.1:${port}`, '/ownership/', {
        user: ['bob@example.com', 'bob-token-1'],
        accept: 'application/json',
      });
      expect(users.status).toBe(200);
      expect(users.text).toContain('ann@example.com');
    } finally {
      await s.stop();
    }
  });

  it('flags win over the variables', async () => {
    const db = join(dir, 'from-flag.sqlite');
    const s = serve(['--port', '0', '--db', db], { CRMGEN_PORT: 'not-a-port', CRMGEN_DB: join(dir, 'never.sqlite') });
    try {
      expect(await s.first).toMatch(/^crmgen listening on http:\/\/127\.0\.0\.1:\d+$/);
      expect(existsSync(db)).toBe(true);
      expect(existsSync(join(dir, 'never.sqlite'))).toBe(false);
    } finally {
      await s.stop();
    }
  });
});

describe('--demo', () => {
  let server: RunningServer;
  afterAll(async () => {
    await server?.stop();
  });

  it('seeds an account in which every report and every record kind has entries', async () => {
    server = await startServer({ args: ['--demo', '--log-format', 'none'] });
    const m = /demo user: (\S+)\s+API token: (\S+)/.exec(server.output())!;
    expect(m).not.toBeNull();
    const user: [string, string] = [m[1]!, m[2]!];
    for (const report of ['nextactions', 'calendar', 'followups', 'opportunities', 'activities', 'timetracking']) {
      const r = await call(server.base, `/report/${report}/`, { user, accept: 'application/json' });
      expect(r.status, r.text).toBe(200);
      const [list] = Object.values(r.json()).filter(Array.isArray) as unknown[][];
      expect(list?.length, report).toBeGreaterThan(0);
    }
    for (const [kind, least] of [
      ['contacts', 20],
      ['companies', 5],
      ['projectblogs', 1],
      ['tickets', 1],
    ] as const) {
      const r = await call(server.base, `/${kind}/`, { user, accept: 'application/json' });
      expect(r.json().count, kind).toBeGreaterThanOrEqual(least);
    }
    const hooks = await call(server.base, '/hooks/', { user, accept: 'application/json' });
    expect(hooks.json().hooks.length).toBe(1);
    expect(hooks.json().hooks[0].active).toBe(0);
    expect((await call(server.base, '/contacts/categories/', { user, accept: 'application/json' })).text).toContain(
      'Customer',
    );
  });
});
