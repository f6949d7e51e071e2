// Throughput of the reference service on PostgreSQL, one and three instances, against one
// instance on SQLite, in the same run:
//   create record (JSON)  POST /contacts/ with a JSON body (answer 201)
//   show record (XML)     GET /contacts/{id}/ (answer 200)
// Setups: `crmgen serve --db FILE` (SQLite, WAL, synchronous=FULL: durable like PostgreSQL's
// default commit), `--db postgres://...?schema=...` with one instance, and three instances on one
// schema. Every server is a child process; one client loop drives every case with `concurrency`
// keep-alive connections (node:http Agent), spread round-robin over the setup's instances, a fixed
// count of requests per sample, each answer's status checked and its body read to the end. Cases
// are interleaved round by round so machine noise hits them alike. medianMs is wall time per
// request at that concurrency, opsPerSec requests per second, ratio the time ratio to one SQLite
// instance (x > 1: slower than SQLite). Note that the three instances, PostgreSQL and the client
// all share this machine's cores.
// PostgreSQL: BENCH_PG_URL, else postgres://postgres@127.0.0.1:5432/test; each setup gets a fresh
// schema, dropped at the end.
// Run: npx tsx bench/postgres.bench.ts (BENCH_RUNS, BENCH_REQUESTS, BENCH_CONCURRENCY), or npm run bench.
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { formatTable, spawnServer, stats, type Child, type Row } from './lib.ts';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const runs = Math.max(1, Number(process.env.BENCH_RUNS) || 3);
const requests = Math.max(10, Number(process.env.BENCH_REQUESTS) || 600);
const concurrency = Math.max(1, Number(process.env.BENCH_CONCURRENCY) || 9);
const pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const user = { email: 'bench@example.com', token: 'bench-token' };
const auth = `Basic ${Buffer.from(`${user.email}:${user.token}`).toString('base64')}`;

/** Starts `crmgen serve` on a free port and waits for its "listening" line. */
function serve(db: string): Promise<Child> {
  return spawnServer([
    'bin/crmgen.js',
    'serve',
    '--port',
    '0',
    '--db',
    db,
    '--user',
    `${user.email}:${user.token}`,
    '--quota',
    '100000000',
  ]);
}

async function onPostgres<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

interface Call {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  status: number;
}

/** One request on the agent; resolves with the body once read to the end; rejects on an unexpected status. */
function send(port: number, agent: Agent, call: Call): Promise<Buffer> {
  return new Promise((ok, fail) => {
    const headers =
      call.body === undefined
        ? call.headers
        : { ...call.headers, 'content-length': String(Buffer.byteLength(call.body)) };
    const req = request(
      { host: '127.0.0.1', port, method: call.method, path: call.path, headers, agent, timeout: 30_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          res.statusCode === call.status
            ? ok(Buffer.concat(chunks))
            : fail(new Error(`${call.method} ${call.path}: ${res.statusCode} ${Buffer.concat(chunks)}`)),
        );
        res.on('error', fail);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', fail);
    req.end(call.body);
  });
}

/** `total` requests over `lanes` keep-alive connections, lane i on ports[i % ports.length]; returns wall ms. */
async function drive(ports: number[], agent: Agent, call: Call, total: number, lanes: number): Promise<number> {
  let next = 0;
  const t = performance.now();
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      const port = ports[lane % ports.length]!;
      while (next++ < total) await send(port, agent, call);
    }),
  );
  return performance.now() - t;
}

interface Setup {
  name: string;
  ports: number[];
  show: Call;
}

export default async function postgresBench(): Promise<Row[]> {
  // npm run bench runs every benchmark: without a PostgreSQL server this one says so and adds no rows.
  if (!(await onPostgres(async () => true).catch(() => false))) {
    process.stderr.write(
      `postgres: skipped, no PostgreSQL server at ${pgUrl.replace(/:[^:@/]*@/, ':***@')} (set BENCH_PG_URL)\n`,
    );
    return [];
  }
  const dir = mkdtempSync(join(tmpdir(), 'crmgen-bench-pg-'));
  const schemas = [1, 3].map((n) => `crmgen_bench_${n}_${process.pid}_${randomBytes(4).toString('hex')}`);
  const children: Child[] = [];
  // Enough sockets per instance for every lane.
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  try {
    const schemaUrl = (schema: string) => {
      const u = new URL(pgUrl);
      u.searchParams.set('schema', schema);
      return u.toString();
    };
    const start = async (db: string, n: number) => {
      const started = await Promise.all(Array.from({ length: n }, () => serve(db)));
      children.push(...started);
      return started.map((c) => c.port);
    };
    const headers = { authorization: auth };
    const createBody = JSON.stringify({
      firstname: 'Ann',
      lastname: 'Lee',
      businessemail: 'ann.lee@example.com',
      jobtitle: 'Head of Procurement',
      businessaddress: '1 High Street, London & Co',
    });
    const create: Call = {
      method: 'POST',
      path: '/contacts/',
      headers: { ...headers, 'content-type': 'application/json', accept: 'application/json' },
      body: createBody,
      status: 201,
    };

    const setups: Setup[] = [];
    for (const [name, db, n] of [
      ['sqlite, 1 instance', join(dir, 'crm.sqlite'), 1],
      ['postgres, 1 instance', schemaUrl(schemas[0]!), 1],
      ['postgres, 3 instances', schemaUrl(schemas[1]!), 3],
    ] as const) {
      const ports = await start(db, n);
      // A contact to show, created on the first instance and shown by every one.
      const id = (JSON.parse((await send(ports[0]!, agent, create)).toString()) as { item: { id: number } }).item.id;
      const show: Call = {
        method: 'GET',
        path: `/contacts/${id}/`,
        headers: { ...headers, accept: 'application/xml' },
        status: 200,
      };
      for (const port of ports)
        if (!(await send(port, agent, show)).toString().includes(`<id>${id}</id>`))
          throw new Error(`${name}: show did not answer the record`);
      setups.push({ name, ports, show });
    }
    process.stderr.write(`postgres: ${requests} requests x ${concurrency} connections per sample, ${runs} rounds\n`);

    const cases = setups.flatMap((s) => [
      {
        name: `create record (JSON), ${s.name}`,
        op: 'create',
        run: () => drive(s.ports, agent, create, requests, concurrency),
      },
      {
        name: `show record (XML), ${s.name}`,
        op: 'show',
        run: () => drive(s.ports, agent, s.show, requests, concurrency),
      },
    ]);
    const baselineOf = (op: string) => cases.findIndex((c) => c.op === op); // the SQLite setup comes first
    // Warm-up (JIT, statement caches, pooled connections), not timed.
    for (const c of cases) await c.run();
    const samples = cases.map(() => [] as number[]);
    for (let r = 0; r < runs; r++) for (const [i, c] of cases.entries()) samples[i]!.push((await c.run()) / requests);
    const st = cases.map((_, i) => stats(samples[i]!));
    const rows = cases.map((c, i): Row => {
      const b = baselineOf(c.op);
      return {
        bench: 'postgres',
        case: b === i ? c.name : `${c.name} (vs ${setups[0]!.name})`,
        runs,
        ...st[i]!,
        ratio: st[i]!.medianMs / st[b]!.medianMs,
        opsPerSec: 1000 / st[i]!.medianMs,
      };
    });
    mkdirSync(join(root, 'bench', 'results'), { recursive: true });
    const meta = {
      date: new Date().toISOString(),
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
      requests,
      concurrency,
    };
    writeFileSync(join(root, 'bench', 'results', 'postgres.json'), JSON.stringify({ ...meta, rows }, null, 2) + '\n');
    return rows;
  } finally {
    agent.destroy();
    await Promise.all(children.map((c) => c.stop()));
    rmSync(dir, { recursive: true, force: true });
    await onPostgres(async (c) => {
      for (const s of schemas) await c.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
    }).catch((e: unknown) => process.stderr.write(`postgres bench: could not drop its schemas: ${String(e)}\n`));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(formatTable(await postgresBench()));
}
