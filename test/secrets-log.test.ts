// The request log of a real `crmgen serve --log-bodies` (issue 35): a hook secret sent in any of the
// ways the API decodes it (an escaped JSON key, XML CDATA, an attribute on <secret>, `</secret >`,
// a form name secre%74), alone or in batch parts, never reaches the log, nor the caller's token,
// nor a part's Authorization; and a PostgreSQL URL's password is not printed in start-up errors.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, call, startServer, type RunningServer } from './support/server.ts';
import { cli, root } from './support/paths.ts';

const ann = ['ann@example.com', 'ann-token-7f3c91'] as const;
const secret = 'hook-secret-e41b0d77';
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({
    users: [ann.join(':')],
    args: ['--log-format', 'json', '--log-bodies', '--allow-private-webhooks', '--quota', '1000'],
  });
});
afterAll(async () => {
  await server?.stop();
});

const url = 'http://127.0.0.1:9/in';
const bodies: [string, string, string][] = [
  ['json', 'application/json', JSON.stringify({ event: 'items.create', url, active: 0, secret })],
  [
    'json, escaped key',
    'application/json',
    `{"event":"items.create","url":"${url}","active":0,"s\\u0065cret":"${secret}"}`,
  ],
  ['json, wrapped', 'application/json', JSON.stringify({ request: { event: 'items.create', url, active: 0, secret } })],
  [
    'xml',
    'application/xml',
    `<request><event>items.create</event><url>${url}</url><active>0</active><secret>${secret}</secret></request>`,
  ],
  [
    'xml, CDATA',
    'application/xml',
    `<request><event>items.create</event><url>${url}</url><active>0</active><secret><![CDATA[${secret}]]></secret></request>`,
  ],
  [
    'xml, attribute on <secret>',
    'application/xml',
    `<request><event>items.create</event><url>${url}</url><active>0</active><secret a="b">${secret}</secret></request>`,
  ],
  [
    'xml, </secret >',
    'application/xml',
    `<request><event>items.create</event><url>${url}</url><active>0</active><secret>${secret}</secret ></request>`,
  ],
  [
    'form',
    'application/x-www-form-urlencoded',
    `event=items.create&url=${encodeURIComponent(url)}&active=0&secret=${secret}`,
  ],
  [
    'form, secre%74',
    'application/x-www-form-urlencoded',
    `event=items.create&url=${encodeURIComponent(url)}&active=0&secre%74=${secret}`,
  ],
];

function batch(parts: [string, string, string][]): string {
  return `${parts
    .map(
      ([, type, body], i) =>
        `--b\r\nContent-Type: application/http\r\nContent-ID: <p${i}>\r\n\r\nPOST /hooks/ HTTP/1.1\r\nContent-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}\r\n`,
    )
    .join(
      '',
    )}--b\r\nContent-Type: application/http\r\n\r\nGET /hooks/ HTTP/1.1\r\nAuthorization: ${basic(...ann)}\r\n\r\n--b--\r\n`;
}

const jsonLines = (out: string) =>
  out
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('crmgen serve --log-bodies', () => {
  it('logs no hook secret, API token or Authorization, in XML, JSON, form and batch parts', async () => {
    for (const [what, type, body] of bodies) {
      const r = await call(server.base, '/hooks/', {
        user: [...ann],
        body,
        contentType: type,
        accept: 'application/json',
        headers: { 'x-request-id': `one-${what.replace(/[^a-z]/g, '')}` },
      });
      expect(r.status, `${what}: ${r.text}`).toBe(200);
    }
    const listed = await call(server.base, `/hooks/?callback=cb&note=${ann[1]}`, { user: [...ann] });
    expect(listed.status).toBe(200);
    const b = await call(server.base, '/batch', {
      user: [...ann],
      body: batch(bodies),
      contentType: 'multipart/mixed; boundary=b',
      headers: { 'x-request-id': 'the-batch' },
    });
    expect(b.status).toBe(200);
    expect(b.text.match(/HTTP\/1.1 200/g)).toHaveLength(bodies.length);
    expect(b.text).toMatch(/HTTP\/1.1 400/); // the part with its own Authorization
    const metrics = await call(server.base, '/metrics');
    expect(metrics.text).not.toContain(ann[1]);
    await call(server.base, '/contacts/', { user: [...ann], headers: { 'x-request-id': 'last-one' } });
    let out = '';
    for (let i = 0; i < 200 && !out.includes('last-one'); i++) {
      await new Promise((ok) => setTimeout(ok, 25));
      out = server.output();
    }
    const lines = jsonLines(out);
    // Every call was logged with its bodies: the hooks created, the batch and its parts.
    expect(lines.filter((l) => l.reqBody !== undefined && (l.req as { url: string }).url === '/hooks/')).toHaveLength(
      bodies.length * 2,
    );
    expect(lines.filter((l) => l.reqId === 'the-batch' && l.part !== undefined)).toHaveLength(bodies.length + 1);
    expect(out).toContain('items.create');
    expect(out).toContain('[Redacted]');
    expect(out).not.toContain(secret);
    expect(out).not.toContain(ann[1]);
    expect(out).not.toContain(basic(...ann).slice(6));
    expect(out).not.toMatch(/authorization: basic/i);
  });
});

describe('a PostgreSQL URL in start-up errors', () => {
  it('is printed without the password of its user-info or its query', () => {
    for (const db of [
      'postgres://crm:pw-in-userinfo-81@127.0.0.1:1/test',
      'postgres://crm@127.0.0.1:1/test?password=pw-in-query-82&sslmode=disable',
    ]) {
      const r = spawnSync(process.execPath, [cli, 'serve', '--port', '0', '--db', db], {
        cwd: root,
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(r.status).not.toBe(0);
      expect(r.stderr).toMatch(/127\.0\.0\.1:1/);
      expect(`${r.stdout}${r.stderr}`).not.toMatch(/pw-in-(userinfo|query)/);
    }
  });
});
