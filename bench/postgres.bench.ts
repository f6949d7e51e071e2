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
import { Agent } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  benchAuth as auth,
  benchUser,
  drive,
  send,
  formatTable,
  onPostgres,
  pgUrl,
  postgresOrSkip,
  spawnServer,
  stats,
  type Call,
  type Child,
  type Row,
} from './lib.ts';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const runs = Math.max(1, Number(process.env.BENCH_RUNS) || 3);
const requests = Math.max(10, Number(process.env.BENCH_REQUESTS) || 600);
const concurrency = Math.max(1, Number(process.env.BENCH_CONCURRENCY) || 9);

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
    `${benchUser.email}:${benchUser.token}`,
    '--quota',
    '100000000',
  ]);
}

interface Setup {
  name: string;
  ports: number[];
  show: Call;
}

export default async function postgresBench(): Promise<Row[]> {
  if (!(await postgresOrSkip('postgres'))) return [];
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
