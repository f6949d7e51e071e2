// Lists at scale and a mixed load, on a database seeded straight through SQL (bench/seed.ts).
//   list cases   on one keep-alive connection, one request at a time, against `crmgen serve`:
//                page of 50      GET /contacts/?limit=50 (default sort: name)
//                Sany search     GET /contacts/?searchmode=Sany&searchvalue=nimbus (1 in 1,000 match)
//                Sany, 5 matches GET /contacts/?searchmode=Sany&searchvalue=quetzal (the same 5 at every
//                                size: what a user typing a name does)
//                filtered page   GET /contacts/?filtermode=owner&filtervalue=<user>&sortfield=created&sortdir=DESC
//                (half the contacts match)
//                report          GET /report/nextactions/?filter=<user>&due=next7 (open tasks of one
//                                user due within a week: 1 in 20 contacts has a task, half of them that
//                                user's, 7 in 121 due days in the window)
//                at 1k, 100k, 1M contacts on SQLite (file, WAL) and 1k,
//                100k on PostgreSQL; medianMs is the request's round trip, ratio the same case at 1k.
//   mixed load   on 100k contacts: 45% show, 25% list (page of 50), 30% create, at 16 and 64
//                connections; opsPerSec = requests/s, medianMs = p50, p99Ms; on SQLite, one
//                PostgreSQL instance and three (connections spread round-robin; ratio: time per
//                request against one PostgreSQL instance); then one PostgreSQL instance against
//                three, each capped at BENCH_INSTANCE_CPU of a core (0.25) by a cpu cgroup of its
//                own, where one is writable (Linux, root): instances on machines of their own.
// Every server, PostgreSQL and the client share this machine's cores (2 here): the mixed load
// measures the whole machine, not the service alone.
// Run alone: npx tsx bench/scale.bench.ts (BENCH_SCALE_SQLITE=1000,100000,1000000,
// BENCH_SCALE_PG=1000,100000, BENCH_SCALE_MIXED=3000 requests per sample, BENCH_PG_URL), or npm run bench.
import { Agent } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { randomBytes } from 'node:crypto';
import {
  benchAuth,
  benchUser,
  capCpu,
  formatTable,
  onPostgres,
  pgUrl,
  postgresOrSkip,
  send,
  spawnServer,
  stats,
  type Child,
  type Row,
} from './lib.ts';
import { fewNeedle, needle, seedPostgres, seedSqlite } from './seed.ts';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const sizes = (v: string | undefined, d: number[]) =>
  v
    ? v
        .split(',')
        .map(Number)
        .filter((n) => n > 0)
    : d;
const sqliteSizes = sizes(process.env.BENCH_SCALE_SQLITE, [1_000, 100_000, 1_000_000]);
const pgSizes = sizes(process.env.BENCH_SCALE_PG, [1_000, 100_000]);
const mixedRequests = Math.max(100, Number(process.env.BENCH_SCALE_MIXED) || 3000);
const mixedAt = 100_000;
// The CPU of each capped PostgreSQL instance (a share of one core).
const instanceCpu = Number(process.env.BENCH_INSTANCE_CPU) || 0.25;

function serve(db: string): Promise<Child> {
  return spawnServer([
    'bin/crmgen.js',
    'serve',
    '--port',
    '0',
    '--db',
    db,
    '--user',
    `${benchUser.email}:${benchUser.token}:${benchUser.account}`,
    '--quota',
    '1000000000',
  ]);
}

/** One JSON call as the bench user; rejects unless 2xx. */
function call(port: number, agent: Agent, method: string, path: string, body?: string): Promise<Buffer> {
  const headers: Record<string, string> = { authorization: benchAuth, accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return send(port, agent, { method, path, headers, body });
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/** Round trips of one request at a time: median and min of `n`, after a warm-up. */
async function latency(
  port: number,
  path: string,
  n: number,
): Promise<{ medianMs: number; minMs: number; count: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    let count = 0;
    for (let i = 0; i < 5; i++) {
      const answer = JSON.parse((await call(port, agent, 'GET', path)).toString()) as {
        count?: number;
        actions?: unknown[];
      };
      count = answer.count ?? answer.actions?.length ?? 0;
    }
    const samples: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      await call(port, agent, 'GET', path);
      samples.push(performance.now() - t);
    }
    return { ...stats(samples), count };
  } finally {
    agent.destroy();
  }
}

/** The mixed load: `total` requests over `lanes` connections spread over the ports. */
async function mixed(
  ports: number[],
  ids: number[],
  lanes: number,
  total: number,
): Promise<{ perSec: number; p50: number; p99: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: lanes });
  const create = JSON.stringify({
    firstname: 'Mixed',
    lastname: 'Load',
    businessemail: 'mixed@example.com',
    jobtitle: 'Buyer',
  });
  const times: number[] = [];
  let next = 0;
  let seed = 12345;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  try {
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: lanes }, async (_, lane) => {
        const port = ports[lane % ports.length]!;
        while (next++ < total) {
          const r = rand();
          const t = performance.now();
          if (r < 0.45) await call(port, agent, 'GET', `/contacts/${ids[Math.floor(rand() * ids.length)]}/`);
          else if (r < 0.7) await call(port, agent, 'GET', '/contacts/?limit=50');
          else await call(port, agent, 'POST', '/contacts/', create);
          times.push(performance.now() - t);
        }
      }),
    );
    const wall = performance.now() - t0;
    times.sort((a, b) => a - b);
    return { perSec: (total / wall) * 1000, p50: pct(times, 50), p99: pct(times, 99) };
  } finally {
    agent.destroy();
  }
}

interface Target {
  adapter: 'sqlite' | 'postgres';
  db: string;
  drop(): Promise<void>;
  seed(n: number): Promise<{ otherUserId: number }>;
}

export default async function scaleBench(): Promise<Row[]> {
  const rows: Row[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'crmgen-bench-scale-'));
  const children: Child[] = [];
  const uncap: (() => void)[] = [];
  const targets: Target[] = sqliteSizes.map((n) => {
    const db = join(dir, `crm-${n}.sqlite`);
    return {
      adapter: 'sqlite' as const,
      db,
      drop: async () => rmSync(db, { force: true }),
      seed: (k: number) => seedSqlite(db, k),
    };
  });
  if (pgSizes.length && (await postgresOrSkip('scale: PostgreSQL cases'))) {
    for (const n of pgSizes) {
      const schema = `crmgen_bench_scale_${n}_${randomBytes(4).toString('hex')}`;
      const u = new URL(pgUrl);
      u.searchParams.set('schema', schema);
      const db = u.toString();
      targets.push({
        adapter: 'postgres',
        db,
        seed: (k) => seedPostgres(db, k),
        drop: () => onPostgres(async (c) => void (await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`))),
      });
    }
  }
  const sizeOf = new Map(
    targets.map((t, i) => [t, t.adapter === 'sqlite' ? sqliteSizes[i]! : pgSizes[i - sqliteSizes.length]!]),
  );
  const base = new Map<string, number>();
  try {
    for (const t of targets) {
      const n = sizeOf.get(t)!;
      const started = performance.now();
      const seeded = await t.seed(n);
      process.stderr.write(
        `scale: ${t.adapter} seeded with ${n} contacts in ${Math.round(performance.now() - started)} ms\n`,
      );
      const server = await serve(t.db);
      children.push(server);
      const cases: [string, string][] = [
        ['page of 50', '/contacts/?limit=50'],
        ['Sany search', `/contacts/?searchmode=Sany&searchvalue=${needle}&limit=50`],
        ['Sany search, 5 matches at every size', `/contacts/?searchmode=Sany&searchvalue=${fewNeedle}&limit=50`],
        [
          'filtered sorted page',
          `/contacts/?filtermode=owner&filtervalue=${seeded.otherUserId}&sortfield=created&sortdir=DESC&limit=50`,
        ],
        ['report nextactions, one user, next 7 days', `/report/nextactions/?filter=${seeded.otherUserId}&due=next7`],
      ];
      for (const [name, path] of cases) {
        const m = await latency(server.port, path, 200);
        const key = `${t.adapter} ${name}`;
        if (!base.has(key)) base.set(key, m.medianMs);
        rows.push({
          bench: 'scale',
          case: `${key}, ${n.toLocaleString('en')} contacts (${m.count} match)${base.get(key) === m.medianMs ? '' : ' vs smallest'}`,
          runs: 200,
          medianMs: m.medianMs,
          minMs: m.minMs,
          ratio: m.medianMs / base.get(key)!,
          opsPerSec: 1000 / m.medianMs,
        });
      }
      if (n === mixedAt) {
        const agent = new Agent({ keepAlive: true });
        const listed = JSON.parse(
          (await call(server.port, agent, 'GET', '/contacts/?limit=2000')).toString(),
        ) as Record<string, { id: number }>;
        agent.destroy();
        const ids = Object.entries(listed)
          .filter(([k]) => /^id\d+$/.test(k))
          .map(([, v]) => v.id);
        // Each setup's time per request is compared with its group's first (one instance).
        const setups: { name: string; ports: number[]; group: string }[] = [
          { name: `${t.adapter}, 1 instance`, ports: [server.port], group: 'whole' },
        ];
        if (t.adapter === 'postgres') {
          const more = await Promise.all([serve(t.db), serve(t.db)]);
          children.push(...more);
          setups.push({
            name: 'postgres, 3 instances',
            ports: [server.port, ...more.map((c) => c.port)],
            group: 'whole',
          });
          // On 2 cores, uncapped instances, PostgreSQL and the client already use the whole
          // machine, so a second instance has no CPU to add. Instances capped at a share of a
          // core each stand for instances on machines of their own: three of them against one
          // show whether the database lets their capacity add up (nothing queues between them).
          const capped = await Promise.all([serve(t.db), serve(t.db), serve(t.db)]);
          children.push(...capped);
          const caps = capped.map((c) => capCpu(c.pid, instanceCpu));
          uncap.push(...caps.filter((u) => u !== undefined));
          if (caps.every((u) => u !== undefined)) {
            setups.push({
              name: `postgres, 1 instance capped at ${instanceCpu} CPU`,
              ports: [capped[0]!.port],
              group: 'capped',
            });
            setups.push({
              name: `postgres, 3 instances capped at ${instanceCpu} CPU each`,
              ports: capped.map((c) => c.port),
              group: 'capped',
            });
          } else process.stderr.write('scale: no writable cpu cgroup here; the capped-instance cases are skipped\n');
        }
        for (const lanes of [16, 64]) {
          const one = new Map<string, number>();
          for (const { name, ports, group } of setups) {
            await mixed(ports, ids, lanes, Math.min(500, mixedRequests)); // warm-up
            const m = await mixed(ports, ids, lanes, mixedRequests);
            const perRequest = 1000 / m.perSec;
            const first = !one.has(group);
            if (first) one.set(group, perRequest);
            rows.push({
              bench: 'scale',
              case: `mixed load, ${name}, ${lanes} connections, 100,000 contacts${first ? '' : ' vs 1 instance'}`,
              runs: 1,
              medianMs: m.p50,
              minMs: m.p50,
              p99Ms: m.p99,
              ratio: perRequest / one.get(group)!,
              opsPerSec: m.perSec,
            });
          }
        }
      }
      await Promise.all(children.splice(0).map((c) => c.stop()));
      for (const u of uncap.splice(0)) u();
      await t.drop();
    }
    mkdirSync(join(root, 'bench', 'results'), { recursive: true });
    writeFileSync(
      join(root, 'bench', 'results', 'scale.json'),
      JSON.stringify({ date: new Date().toISOString(), node: process.version, rows }, null, 2) + '\n',
    );
    return rows;
  } finally {
    await Promise.all(children.map((c) => c.stop()));
    for (const u of uncap) u();
    for (const t of targets) await t.drop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(formatTable(await scaleBench()));
}
