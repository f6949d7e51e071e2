// CORS on crmgen serve, over real HTTP on 127.0.0.1: preflights answered without credentials,
// the allow/expose headers on every answer to an allowed origin (errors and the static routes
// too), the loopback default, and --cors-origin ORIGIN | '*' | none.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServer, type CallResult, type RunningServer } from './support/server.ts';
import { rawHttp, splitResponses } from './support/api.ts';
import { cli, generatedDir, root } from './support/paths.ts';

const spec = JSON.parse(readFileSync(join(generatedDir, 'spec.json'), 'utf8')) as {
  quota: { header: string };
  operations: { method: string }[];
};
const quotaHeader = spec.quota.header;
const ann: [string, string] = ['ann@example.com', 'secret1'];
const dev = 'http://127.0.0.1:5173';

const preflight = (base: string, origin: string, method = 'POST', headers = 'authorization, content-type') =>
  call(base, '/contacts/', {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
  });

const list = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
const corsHeaders = (r: CallResult) => [...r.headers.keys()].filter((k) => k.startsWith('access-control-'));

/** What every answer to an allowed, echoed origin carries. */
function expectEchoed(r: CallResult, origin: string) {
  expect(r.headers.get('access-control-allow-origin')).toBe(origin);
  expect(r.headers.get('access-control-allow-credentials')).toBe('true');
  expect(list(r.headers.get('access-control-expose-headers'))).toEqual(
    expect.arrayContaining([quotaHeader.toLowerCase(), 'location', 'x-request-id', 'retry-after']),
  );
  expect(list(r.headers.get('vary'))).toContain('origin');
}

function expectNotAllowed(r: CallResult) {
  expect(r.headers.get('access-control-allow-origin')).toBeNull();
  expect(r.headers.get('access-control-allow-credentials')).toBeNull();
  expect(r.headers.get('access-control-allow-methods')).toBeNull();
  expect(r.headers.get('access-control-allow-headers')).toBeNull();
}

describe('default: any loopback origin', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ users: [ann.join(':')] });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('a preflight without credentials gets 204 and the allow headers', async () => {
    const r = await preflight(server.base, dev, 'POST', 'Authorization, Content-Type, X-Trace-Id');
    expect(r.status).toBe(204);
    expect(r.text).toBe('');
    expect(r.headers.get('access-control-allow-origin')).toBe(dev);
    expect(r.headers.get('access-control-allow-credentials')).toBe('true');
    const methods = list(r.headers.get('access-control-allow-methods'));
    expect(methods).toEqual(expect.arrayContaining(['get', 'post', 'put', 'delete']));
    expect(methods).toEqual(expect.arrayContaining(spec.operations.map((o) => o.method.toLowerCase())));
    expect(list(r.headers.get('access-control-allow-headers'))).toEqual(
      expect.arrayContaining(['authorization', 'content-type', 'accept', 'x-request-id', 'x-trace-id']),
    );
    expect(Number(r.headers.get('access-control-max-age'))).toBeGreaterThan(0);
    expect(list(r.headers.get('vary'))).toContain('origin');
  });

  it('every loopback form is allowed, any port', async () => {
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:8081', 'http://[::1]:5173', 'http://localhost']) {
      const r = await preflight(server.base, origin, 'GET');
      expect(r.status, origin).toBe(204);
      expect(r.headers.get('access-control-allow-origin'), origin).toBe(origin);
    }
  });

  it('a preflight from another origin gets 403 and no allow headers', async () => {
    for (const origin of [
      'https://evil.example',
      'http://localhost.evil.example:5173',
      'http://127.0.0.1.evil.example',
      'null',
      'http://LOCALHOST:3000',
      'http://127.0.0.1:5173/path',
    ]) {
      const r = await preflight(server.base, origin);
      expect(r.status, origin).toBe(403);
      expectNotAllowed(r);
      expect(list(r.headers.get('vary'))).toContain('origin');
    }
  });

  it('a sane list of requested headers is echoed; a malformed one is not', async () => {
    const r = await preflight(server.base, dev, 'PUT', 'x-ok, x(bad)');
    expect(r.status).toBe(204);
    const allowed = list(r.headers.get('access-control-allow-headers'));
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'content-type', 'accept', 'x-request-id']));
    expect(allowed.join(',')).not.toMatch(/bad|x-ok/);
  });

  it('an authenticated GET from an allowed origin carries Allow-Origin, Expose-Headers with the quota header, Vary', async () => {
    const r = await call(server.base, '/contacts/', {
      user: ann,
      accept: 'application/json',
      headers: { origin: dev },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get(quotaHeader)).toMatch(/^\d+\/\d+$/);
    expectEchoed(r, dev);
  });

  it('a create exposes Location', async () => {
    const r = await call(server.base, '/contacts/', {
      user: ann,
      body: JSON.stringify({ firstname: 'Ann', lastname: 'Lee' }),
      contentType: 'application/json',
      accept: 'application/json',
      headers: { origin: dev },
    });
    expect(r.status, r.text).toBe(201);
    expect(r.headers.get('location')).toBeTruthy();
    expectEchoed(r, dev);
  });

  it('error answers carry them too: 401, 404, 405', async () => {
    const denied = await call(server.base, '/contacts/', { headers: { origin: dev } });
    expect(denied.status).toBe(401);
    expectEchoed(denied, dev);
    const missing = await call(server.base, '/contacts/999999/', { user: ann, headers: { origin: dev } });
    expect(missing.status).toBe(404);
    expectEchoed(missing, dev);
    // OPTIONS without Access-Control-Request-Method is no preflight: the API answers it.
    const options = await call(server.base, '/contacts/', { method: 'OPTIONS', user: ann, headers: { origin: dev } });
    expect(options.status).toBe(405);
    expectEchoed(options, dev);
  });

  it('a 413 answered before the body is read carries them', async () => {
    const { text } = await rawHttp(
      server.base,
      `POST /contacts/ HTTP/1.1\r\nHost: x\r\nOrigin: ${dev}\r\nContent-Type: application/json\r\nContent-Length: 999999999\r\n\r\n`,
    );
    const [r] = splitResponses(text);
    expect(r!.status).toBe(413);
    expect(r!.headers['access-control-allow-origin']).toBe(dev);
    expect(r!.headers['access-control-allow-credentials']).toBe('true');
    expect(list(r!.headers['vary'] ?? null)).toContain('origin');
  });

  it('the static routes carry them: /openapi.json, /docs/', async () => {
    for (const path of ['/openapi.json', '/docs/']) {
      const r = await call(server.base, path, { headers: { origin: dev } });
      expect(r.status, path).toBe(200);
      expectEchoed(r, dev);
    }
  });

  it('a request from another origin is answered without allow headers; one without Origin too', async () => {
    const other = await call(server.base, '/contacts/', { user: ann, headers: { origin: 'https://evil.example' } });
    expect(other.status).toBe(200);
    expect(corsHeaders(other)).toEqual([]);
    expect(list(other.headers.get('vary'))).toContain('origin');
    const none = await call(server.base, '/contacts/', { user: ann });
    expect(corsHeaders(none)).toEqual([]);
  });
});

describe('--cors-origin https://app.example', () => {
  let server: RunningServer;
  const app = 'https://app.example';
  beforeAll(async () => {
    server = await startServer({ users: [ann.join(':')], args: ['--cors-origin', app, '--quota', '2'] });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('allows exactly that origin', async () => {
    const ok = await preflight(server.base, app);
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe(app);
    for (const origin of [dev, 'http://app.example', 'https://app.example:8443', 'https://sub.app.example']) {
      const r = await preflight(server.base, origin);
      expect(r.status, origin).toBe(403);
      expectNotAllowed(r);
    }
    const refused = await call(server.base, '/contacts/', { user: ann, headers: { origin: dev } });
    expect(corsHeaders(refused)).toEqual([]);
  });

  it('a 429 carries the headers, so the page can read the quota', async () => {
    let r: CallResult | undefined;
    for (let i = 0; i < 3 && r?.status !== 429; i++)
      r = await call(server.base, '/contacts/', { user: ann, headers: { origin: app } });
    expect(r!.status).toBe(429);
    expect(r!.headers.get(quotaHeader)).toMatch(/^\d+\/2$/);
    expectEchoed(r!, app);
  });
});

describe("--cors-origin '*'", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ users: [ann.join(':')], args: ['--cors-origin', '*'] });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers * without Allow-Credentials, preflight and request alike', async () => {
    const pre = await preflight(server.base, 'https://anywhere.example');
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-credentials')).toBeNull();
    // `*` in Allow-Headers would not cover Authorization; it is named.
    expect(list(pre.headers.get('access-control-allow-headers'))).toContain('authorization');
    const r = await call(server.base, '/contacts/', { user: ann, headers: { origin: 'https://anywhere.example' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.headers.get('access-control-allow-credentials')).toBeNull();
    expect(list(r.headers.get('access-control-expose-headers'))).toContain(quotaHeader.toLowerCase());
  });
});

describe('--cors-origin none', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ users: [ann.join(':')], args: ['--cors-origin', 'none'] });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('sends no CORS headers at all', async () => {
    const pre = await preflight(server.base, dev);
    expect(pre.status).not.toBe(204);
    expect(corsHeaders(pre)).toEqual([]);
    for (const r of [
      await call(server.base, '/contacts/', { user: ann, headers: { origin: dev } }),
      await call(server.base, '/contacts/', { headers: { origin: dev } }),
      await call(server.base, '/openapi.json', { headers: { origin: dev } }),
    ]) {
      expect(corsHeaders(r)).toEqual([]);
      expect(list(r.headers.get('vary'))).not.toContain('origin');
    }
  });
});

describe('--cors-origin usage errors', () => {
  it.each([
    ['https://app.example/path'],
    ['ftp://app.example'],
    ['app.example'],
    ['http://localhost:5173:*'],
    ['none', 'https://app.example'],
    ['*', 'https://app.example'],
  ])('%s is refused with exit 2', (...values) => {
    const r = spawnSync(
      process.execPath,
      [cli, 'serve', '--port', '0', '--db', ':memory:', ...values.flatMap((v) => ['--cors-origin', v])],
      { cwd: root, encoding: 'utf8', timeout: 10_000 },
    );
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--cors-origin');
  });
});
