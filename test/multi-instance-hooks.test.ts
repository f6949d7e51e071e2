// Webhook order and delivery counts with three `crmgen serve` instances on one PostgreSQL schema:
// notifications of one object reach a receiver in the order of the changes even when the changes
// are made through different instances and the first attempt is slow or fails, and every attempt
// reaches the receiver exactly once (what the delivery log records is what arrived).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { call, startServer, type CallResult, type RunningServer } from './support/server.ts';
import { createSchema, dropSchema, sql } from './support/postgres.ts';

const ANN: [string, string] = ['ann@example.com', 'secret1'];
const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));
const json = (base: string, method: string, path: string, body?: unknown): Promise<CallResult> =>
  call(base, path, {
    user: ANN,
    method,
    contentType: 'application/json',
    accept: 'application/json',
    body: body === undefined ? undefined : JSON.stringify(body),
  });

interface Receipt {
  webhookId: string;
  objectid: number;
  type: string;
  firstname: string;
  status: number;
}

describe('webhooks with three instances on one PostgreSQL schema', () => {
  let schema: string;
  let servers: RunningServer[] = [];
  let server: Server;
  let port = 0;
  const receipts: Receipt[] = [];

  beforeAll(async () => {
    // The first attempt of every notification about an object is answered after 150 ms; for every
    // third object it is a 500 (so it is retried while later changes wait).
    const seen = new Set<string>();
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const n = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          type: string;
          objectid: number;
          content: { item: { fields: { firstname: string } } };
        };
        const webhookId = String(req.headers['webhook-id']);
        const first = !seen.has(webhookId);
        seen.add(webhookId);
        const status = first && n.type === 'items.create' && n.objectid % 3 === 0 ? 500 : 200;
        receipts.push({
          webhookId,
          objectid: n.objectid,
          type: n.type,
          firstname: n.content.item.fields.firstname,
          status,
        });
        setTimeout(() => res.writeHead(status).end(), first ? 150 : 0);
      });
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
    port = (server.address() as AddressInfo).port;
    const s = await createSchema('multihooks');
    schema = s.schema;
    servers = await Promise.all(
      Array.from({ length: 3 }, () =>
        startServer({
          db: s.url,
          users: [`${ANN[0]}:${ANN[1]}:multi`],
          args: ['--allow-private-webhooks', '--webhook-retry-ms', '100'],
          timeoutMs: 40_000,
        }),
      ),
    );
  }, 90_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    server?.closeAllConnections();
    await new Promise<void>((ok) => (server ? server.close(() => ok()) : ok()));
    if (schema) await dropSchema(schema);
  });

  it('keeps the order of each object across instances; each attempt arrives once', async () => {
    const bases = servers.map((s) => s.base);
    for (const event of ['items.create', 'items.update']) {
      const r = await json(bases[0]!, 'POST', '/hooks/', {
        event,
        url: `http://127.0.0.1:${port}/ordered`,
        contenttype: 'json',
      });
      expect(r.status, r.text).toBe(200);
    }
    // 12 objects side by side; each is created on one instance and updated three times on the others.
    const ids = await Promise.all(
      Array.from({ length: 12 }, async (_, k) => {
        const created = await json(bases[k % 3]!, 'POST', '/contacts/', { firstname: `v0` });
        expect(created.status, created.text).toBe(201);
        const id = created.json().item.id as number;
        for (let v = 1; v <= 3; v++)
          expect((await json(bases[(k + v) % 3]!, 'PUT', `/contacts/${id}/`, { firstname: `v${v}` })).status).toBe(200);
        return id;
      }),
    );
    expect(
      ids.some((id) => id % 3 === 0),
      `some object has its create refused once: ${ids}`,
    ).toBe(true);
    const deadline = Date.now() + 30_000;
    while (receipts.filter((r) => r.status === 200).length < 48 && Date.now() < deadline) await sleep(50);
    await sleep(1_000); // room for a duplicate to show

    for (const id of ids) {
      const acked = receipts.filter((r) => r.objectid === id && r.status === 200);
      expect(
        acked.map((r) => r.firstname),
        // The webhook ids tell a resent attempt (one id twice) from a change queued twice (two ids).
        `object ${id}: ${acked.map((r) => `${r.firstname} ${r.webhookId}`).join(', ')}`,
      ).toEqual(['v0', 'v1', 'v2', 'v3']);
      expect(acked.map((r) => r.type)).toEqual(['items.create', 'items.update', 'items.update', 'items.update']);
      // A refused create is retried before anything else about the object is sent.
      const all = receipts.filter((r) => r.objectid === id);
      expect(all.map((r) => r.firstname)).toEqual(
        id % 3 === 0 ? ['v0', 'v0', 'v1', 'v2', 'v3'] : ['v0', 'v1', 'v2', 'v3'],
      );
    }
    // What arrived is what the log says was attempted: per delivery, one receipt per attempt.
    const attempts = await sql<{ webhook_id: string; n: string }>(
      schema,
      `SELECT d.webhook_id, count(*)::text AS n FROM delivery_attempts a JOIN deliveries d ON d.id = a.delivery_id GROUP BY 1`,
    );
    const received = new Map<string, number>();
    for (const r of receipts) received.set(r.webhookId, (received.get(r.webhookId) ?? 0) + 1);
    expect(Object.fromEntries(attempts.map((a) => [a.webhook_id, Number(a.n)]))).toEqual(Object.fromEntries(received));
    expect(received.size).toBe(48);
    const states = await sql<{ status: string; n: string }>(
      schema,
      `SELECT status, count(*)::text AS n FROM deliveries GROUP BY 1`,
    );
    expect(states).toEqual([{ status: 'delivered', n: '48' }]);
  }, 90_000);
});
