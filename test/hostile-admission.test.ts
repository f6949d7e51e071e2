// Issue 19, finding 3: a request is let in from its head (credentials, quota) before its body is
// read, and the service caps connections and request bytes in flight. Over raw sockets on
// 127.0.0.1, so the test controls exactly how much of a body it has sent when the answer comes.
import { connect, type Socket } from 'node:net';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, steadyQuotaWindow, type RunningServer } from './support/server.ts';
import { retryAfterOf } from '../server/facts.ts';

const ann = 'ann@example.com:ann-token';
const bob = 'bob@example.com:bob-token';
const basic = (user: string) => `Basic ${Buffer.from(user).toString('base64')}`;
const MB = 1024 * 1024;

/** A socket to the server and everything it has received so far, until it closes. */
function open(base: string): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let text = '';
    socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
    // Writes past the server's close fail with EPIPE/ECONNRESET: that is the point, not an error here.
    socket.on('error', () => {});
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.once('connect', () => resolve({ socket, received: () => text, closed }));
    socket.once('error', reject);
  });
}

/** Resolves once `pred` holds of what the socket received, or rejects after `ms`. */
async function until(received: () => string, pred: (t: string) => boolean, ms = 10_000): Promise<string> {
  const end = Date.now() + ms;
  while (!pred(received())) {
    if (Date.now() > end) throw new Error(`no such answer in ${ms} ms; got: ${received().slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return received();
}

/** Resident memory of a process, from /proc (Linux). */
function rssBytes(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m![1]) * 1024;
}

const head = (lines: string[]) => `${lines.join('\r\n')}\r\n\r\n`;

describe('admission before the body', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({
      users: [ann, bob],
      args: ['--quota', '3', '--quota-window', String(steadyQuotaWindow())],
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('a stranger declaring 10 MB gets 401 after sending 64 KiB of it, and the connection closes', async () => {
    const c = await open(server.base);
    c.socket.write(
      head(['POST /contacts/ HTTP/1.1', 'Host: x', 'Content-Type: application/json', `Content-Length: ${10 * MB}`]),
    );
    c.socket.write(Buffer.alloc(64 * 1024, 0x20));
    const text = await until(c.received, (t) => t.includes('\r\n\r\n'));
    expect(text).toMatch(/^HTTP\/1\.1 401 /);
    expect(text.toLowerCase()).toContain('connection: close');
    expect(text.toLowerCase()).toContain('www-authenticate: basic');
    await c.closed;
  });

  it('wrong credentials with a chunked body: 401 without reading it', async () => {
    const c = await open(server.base);
    c.socket.write(
      head([
        'POST /contacts/ HTTP/1.1',
        'Host: x',
        'Content-Type: application/json',
        'Transfer-Encoding: chunked',
        `Authorization: ${basic('ann@example.com:wrong')}`,
      ]),
    );
    c.socket.write('10000\r\n' + ' '.repeat(0x10000) + '\r\n');
    const text = await until(c.received, (t) => t.includes('\r\n\r\n'));
    expect(text).toMatch(/^HTTP\/1\.1 401 /);
    await c.closed;
  });

  it('a small refused body is read, so the connection lives on for the next request', async () => {
    const c = await open(server.base);
    const body = '{"name":"x"}';
    c.socket.write(
      head([
        'POST /contacts/ HTTP/1.1',
        'Host: x',
        'Content-Type: application/json',
        `Content-Length: ${body.length}`,
      ]) + body,
    );
    await until(c.received, (t) => /^HTTP\/1\.1 401 [^]*?\r\n\r\n/.test(t) && t.includes('</response>'));
    c.socket.write(
      head([
        'GET /contacts/ HTTP/1.1',
        'Host: x',
        `Authorization: ${basic(ann)}`,
        'Accept: application/json',
        'Connection: close',
      ]),
    );
    const text = await until(
      c.received,
      (t) => (t.match(/HTTP\/1\.1 /g) ?? []).length === 2 && t.trimEnd().endsWith('}'),
    );
    expect(text.match(/HTTP\/1\.1 \d+/g)).toEqual(['HTTP/1.1 401', 'HTTP/1.1 200']);
    c.socket.destroy();
  });

  it('over quota: 429 before the body is read; the calls counted are exactly the ones made', async () => {
    // Three calls allowed (--quota 3): the first three are answered, the fourth is refused from its head.
    for (let i = 0; i < 3; i++) {
      const r = await fetch(`${server.base}/contacts/`, {
        headers: { authorization: basic(bob), accept: 'application/json' },
      });
      expect(r.status).toBe(200);
      expect(r.headers.get('http-x-service-api-call-limit')).toBe(`${i + 1}/3`);
    }
    const c = await open(server.base);
    c.socket.write(
      head([
        'POST /contacts/ HTTP/1.1',
        'Host: x',
        'Content-Type: application/json',
        `Authorization: ${basic(bob)}`,
        `Content-Length: ${10 * MB}`,
      ]),
    );
    c.socket.write(Buffer.alloc(64 * 1024, 0x20));
    const text = await until(c.received, (t) => t.includes('\r\n\r\n'));
    expect(text).toMatch(/^HTTP\/1\.1 429 /);
    expect(text).toContain('Http-X-Service-Api-Call-Limit: 4/3');
    await c.closed;
  });

  it('60 strangers sending 10 MB bodies at once leave memory where it was', async () => {
    const pid = server.child.pid!;
    const before = rssBytes(pid);
    const chunk = Buffer.alloc(MB, 0x20);
    const clients = await Promise.all(Array.from({ length: 60 }, () => open(server.base)));
    await Promise.all(
      clients.map(async (c) => {
        c.socket.write(
          head(['POST /contacts/ HTTP/1.1', 'Host: x', 'Content-Type: application/json', `Content-Length: ${10 * MB}`]),
        );
        // Keep writing until the server answers and closes; a server that buffered would take it all.
        for (let i = 0; i < 10 && !c.socket.destroyed && !c.received().includes('\r\n\r\n'); i++) {
          if (!c.socket.write(chunk))
            await Promise.race([
              new Promise((r) => c.socket.once('drain', r)),
              c.closed,
              new Promise((r) => setTimeout(r, 200)),
            ]);
        }
        await until(c.received, (t) => t.includes('\r\n\r\n'));
        expect(c.received()).toMatch(/^HTTP\/1\.1 401 /);
        c.socket.destroy();
      }),
    );
    const after = rssBytes(pid);
    // 600 MB were offered; buffering even a tenth of it would show.
    expect(after - before).toBeLessThan(60 * MB);
  });
});

describe('caps on connections and bytes in flight (503 with Retry-After)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({
      users: [ann],
      args: ['--max-connections', '4', '--max-inflight-bytes-per-address', String(2 * MB)],
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('the fifth open connection is answered 503 serviceunavailable with Retry-After; a freed slot serves again', async () => {
    const held = await Promise.all(Array.from({ length: 4 }, () => open(server.base)));
    // The server counts a connection once it has accepted it: one request on each makes sure.
    for (const c of held) c.socket.write(head(['GET /contacts/ HTTP/1.1', 'Host: x', `Authorization: ${basic(ann)}`]));
    for (const c of held) await until(c.received, (t) => t.includes('</response>'));
    const fifth = await open(server.base);
    fifth.socket.write(
      head(['GET /contacts/ HTTP/1.1', 'Host: x', `Authorization: ${basic(ann)}`, 'Accept: application/json']),
    );
    const text = await until(fifth.received, (t) => t.includes('\r\n\r\n') && t.trimEnd().endsWith('}'));
    expect(text).toMatch(/^HTTP\/1\.1 503 /);
    expect(text.toLowerCase()).toContain(`retry-after: ${retryAfterOf('serviceunavailable', 'busy')}\r\n`);
    expect(text).toContain('"serviceunavailable"');
    await fifth.closed;
    held[0]!.socket.destroy();
    await held[0]!.closed;
    // The server sees the close a moment later; then a new connection is served.
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      const again = await open(server.base);
      again.socket.write(
        head(['GET /contacts/ HTTP/1.1', 'Host: x', `Authorization: ${basic(ann)}`, 'Connection: close']),
      );
      status = Number(/^HTTP\/1\.1 (\d+)/.exec(await until(again.received, (t) => t.includes('\r\n\r\n')))![1]);
      again.socket.destroy();
      if (status !== 200) await new Promise((r) => setTimeout(r, 20));
    }
    expect(status).toBe(200);
    for (const c of held) c.socket.destroy();
  });

  it('bodies in flight from one address past the cap get 503 before being buffered', async () => {
    // Two bodies of 1.5 MB declared at once from one address against a 2 MB cap: the second waits for nothing, it is refused.
    const size = 1.5 * MB;
    const a = await open(server.base);
    a.socket.write(
      head([
        'POST /contacts/ HTTP/1.1',
        'Host: x',
        'Content-Type: application/json',
        `Authorization: ${basic(ann)}`,
        `Content-Length: ${size}`,
      ]),
    );
    a.socket.write('{"firstname":"');
    // Admission is asynchronous: give the first request time to book its bytes (it stays incomplete).
    await new Promise((r) => setTimeout(r, 300));
    const b = await open(server.base);
    b.socket.write(
      head([
        'POST /contacts/ HTTP/1.1',
        'Host: x',
        'Content-Type: application/json',
        `Authorization: ${basic(ann)}`,
        `Content-Length: ${size}`,
        'Accept: application/json',
      ]),
    );
    const text = await until(b.received, (t) => t.includes('\r\n\r\n'));
    expect(text).toMatch(/^HTTP\/1\.1 503 /);
    expect(text.toLowerCase()).toContain(`retry-after: ${retryAfterOf('serviceunavailable', 'busy')}\r\n`);
    await b.closed;
    // The first one completes normally once its body arrives.
    a.socket.write(`${'x'.repeat(size - '{"firstname":"'.length - 2)}"}`);
    const first = await until(a.received, (t) => t.includes('\r\n\r\n') && t.includes('</response>'));
    expect(first).toMatch(/^HTTP\/1\.1 201 /);
    a.socket.destroy();
  });
});
