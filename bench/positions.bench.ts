// Positioned activities under contention (issue 35, item 7): `writers` clients writing the
// activities of ONE parent at once, on SQLite and on PostgreSQL, in the same run:
//   create under one parent   POST /contacts/note/ {parent: P} (each lands last: a position read
//                             from the siblings, then written)
//   move and reorder          PUT /contacts/note/{id}/ on 32 notes shared by two contacts: each
//                             writer moves its two notes to the other contact ({parent}), then
//                             places each before the other ({before}); every write renumbers both
//                             parents' dense positions
//   create, a parent per writer   the creates again, each writer under a contact of its own: the
//                             same work without contention, for reference
// Setups: `crmgen serve --db FILE` (SQLite, WAL, synchronous=FULL) and `--db postgres://...?schema=`
// (one instance, a fresh schema). Every sample uses parents of its own (a fresh contact P; two fresh
// contacts with 32 notes for the moves), so samples do not grow; after each sample the positions
// are checked over HTTP: 1..n under every parent, no duplicate, nothing lost (the bench throws
// otherwise, and on any unexpected status). Cases are interleaved round by round. medianMs is wall
// time per request at that concurrency, opsPerSec requests per second, ratio the time ratio to
// SQLite's case of the same checkout (x > 1: slower); the note gives PostgreSQL's rate as a share of SQLite's, and the
// CPU time per request of the server process and of its PostgreSQL backends (from /proc, Linux;
// the backends found by application_name), over the timed rounds.
// BENCH_OTHER_CHECKOUT=DIR also serves both from another built checkout (DIR/bin/crmgen.js; another
// schema and file): a before/after comparison in one run.
// PostgreSQL: BENCH_PG_URL, else postgres://postgres@127.0.0.1:5432/test; the schema is dropped at the end.
// BENCH_BACKGROUND=N first adds N notes under one more contact of the same account (an account
// with many activities under few records; PostgreSQL's tables are then analyzed, as autovacuum would).
// BENCH_WARMUP=N: requests per case before the timed rounds (default 6,000; see the warm-up below).
// Run: npx tsx bench/positions.bench.ts (BENCH_RUNS, BENCH_REQUESTS, BENCH_WRITERS), or npm run bench.
import { randomBytes } from 'node:crypto';
import { Agent } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  benchAuth,
  benchUser,
  cpuMicros,
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

const runs = Math.max(1, Number(process.env.BENCH_RUNS) || 3);
const requests = Math.max(16, Number(process.env.BENCH_REQUESTS) || 320);
const writers = Math.max(1, Number(process.env.BENCH_WRITERS) || 16);
const other = process.env.BENCH_OTHER_CHECKOUT;
const background = Math.max(0, Number(process.env.BENCH_BACKGROUND) || 0);
const warmup = Math.max(writers, Number(process.env.BENCH_WARMUP ?? 6000) || 0);
const headers = {
  authorization: benchAuth,
  'content-type': 'application/json',
  accept: 'application/json',
};

/** One JSON request on the agent, its answer parsed; rejects on any status but `status`. */
async function sendJson(
  port: number,
  agent: Agent,
  method: string,
  path: string,
  body: unknown,
  status: number,
): Promise<any> {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const got = (await send(port, agent, { method, path, headers, body: text, status, timeoutMs: 120_000 })).toString();
  return got ? JSON.parse(got) : undefined;
}

interface Setup {
  name: string;
  /** The checkout serving it (its SQLite setup is the baseline of its PostgreSQL one). */
  checkout: number;
  port: number;
  pid: number;
  /** The server's PostgreSQL backends (none on SQLite). */
  backends: () => Promise<number[]>;
}

/** CPU microseconds used so far by the server and by its database backends, per pid. */
async function cpuOf(s: Setup): Promise<{ server: number; db: Map<number, number> }> {
  const db = new Map<number, number>();
  for (const pid of await s.backends()) db.set(pid, cpuMicros(pid) ?? 0);
  return { server: cpuMicros(s.pid) ?? 0, db };
}

/** CPU microseconds between two readings; a backend that appeared in between counts from 0. */
function cpuSpent(
  a: Awaited<ReturnType<typeof cpuOf>>,
  b: Awaited<ReturnType<typeof cpuOf>>,
): { server: number; db: number } {
  let db = 0;
  for (const [pid, v] of b.db) db += v - (a.db.get(pid) ?? 0);
  return { server: b.server - a.server, db };
}

const newContact = async (s: Setup, agent: Agent, name: string): Promise<number> =>
  (await sendJson(s.port, agent, 'POST', '/contacts/', { firstname: name }, 201)).item.id as number;

/** Throws unless the live activities under each parent have positions 1..n and `total` are there in all. */
async function checkDense(s: Setup, agent: Agent, parents: number[], total: number): Promise<void> {
  let seen = 0;
  for (const p of parents) {
    const shown = await sendJson(s.port, agent, 'GET', `/contacts/${p}/`, undefined, 200);
    const mine = (Object.values(shown.activities ?? {}) as { parent: number; position: number }[]).filter(
      (a) => a.parent === p,
    );
    const positions = mine.map((a) => a.position).sort((a, b) => a - b);
    if (positions.some((v, i) => v !== i + 1))
      throw new Error(`${s.name}: positions under ${p} are ${positions.join(',')}`);
    seen += mine.length;
  }
  if (seen !== total) throw new Error(`${s.name}: ${seen} activities under ${parents.join(', ')}, expected ${total}`);
}

/** `total` creates by `writers` lanes under one new contact (or one each); returns the wall ms of the creates. */
async function creates(s: Setup, agent: Agent, total: number, shared: boolean): Promise<number> {
  const parents: number[] = [];
  for (let i = 0; i < (shared ? 1 : writers); i++) parents.push(await newContact(s, agent, `P${i}`));
  let next = 0;
  const t = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, lane) => {
      const parent = parents[lane % parents.length];
      while (next < total)
        await sendJson(s.port, agent, 'POST', '/contacts/note/', { parent, data: { details: `n${next++}` } }, 200);
    }),
  );
  const ms = performance.now() - t;
  // Lanes take requests as they come, so only the sum is known per parent.
  await checkDense(s, agent, parents, total);
  return ms;
}

/**
 * `total` moves and reorders: two new contacts, two notes per lane under the first; each lane cycles
 * through moving its first note to the other contact, its second after it, then placing each
 * before the other. Returns the wall ms of the updates.
 */
async function moves(s: Setup, agent: Agent, total: number): Promise<number> {
  const parents = [await newContact(s, agent, 'A'), await newContact(s, agent, 'B')];
  const notes: number[][] = [];
  for (let lane = 0; lane < writers; lane++) {
    const pair: number[] = [];
    for (const k of [0, 1])
      pair.push(
        (
          await sendJson(
            s.port,
            agent,
            'POST',
            '/contacts/note/',
            { parent: parents[0], data: { details: `m${lane}.${k}` } },
            200,
          )
        ).id,
      );
    notes.push(pair);
  }
  let next = 0;
  const t = performance.now();
  await Promise.all(
    notes.map(async ([a, b]) => {
      let at = 0; // the index of the parent both notes are under at the start of a cycle
      for (let step = 0; next++ < total; step = (step + 1) % 4) {
        const body = [{ parent: parents[1 - at] }, { parent: parents[1 - at] }, { before: b }, { before: a }][step];
        await sendJson(s.port, agent, 'PUT', `/contacts/note/${step === 1 || step === 3 ? b : a}/`, body, 200);
        if (step === 1) at = 1 - at;
      }
    }),
  );
  const ms = performance.now() - t;
  await checkDense(s, agent, parents, 2 * writers);
  return ms;
}

export default async function positionsBench(): Promise<Row[]> {
  if (!(await postgresOrSkip('positions'))) return [];
  const dir = mkdtempSync(join(tmpdir(), 'crmgen-bench-pos-'));
  const schemas = [0, 1].map((n) => `crmgen_bench_pos${n}_${process.pid}_${randomBytes(4).toString('hex')}`);
  const children: Child[] = [];
  const agent = new Agent({ keepAlive: true, maxSockets: writers });
  try {
    const setups: Setup[] = [];
    const checkouts = other
      ? [
          ['', 'bin/crmgen.js'],
          [', other checkout', join(other, 'bin', 'crmgen.js')],
        ]
      : [['', 'bin/crmgen.js']];
    for (const [n, [label, bin]] of checkouts.entries()) {
      const u = new URL(pgUrl);
      u.searchParams.set('schema', schemas[n]!);
      const app = `crmgen-bench-positions-${process.pid}-${n}`;
      u.searchParams.set('application_name', app);
      const backends = () =>
        onPostgres(async (c) =>
          (
            await c.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [app])
          ).rows.map((r) => r.pid),
        );
      for (const [name, db] of [
        ['sqlite', join(dir, `crm${n}.sqlite`)],
        ['postgres', u.toString()],
      ] as const) {
        const child = await spawnServer([
          bin!,
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
        children.push(child);
        setups.push({
          name: `${name}${label}`,
          checkout: n,
          port: child.port,
          pid: child.pid,
          backends: name === 'postgres' ? backends : async () => [],
        });
      }
    }
    process.stderr.write(`positions: ${requests} requests x ${writers} writers per sample, ${runs} rounds\n`);
    if (background) {
      for (const s of setups) {
        const parent = await newContact(s, agent, 'Background');
        let left = background;
        await Promise.all(
          Array.from({ length: writers }, async () => {
            while (left-- > 0)
              await sendJson(s.port, agent, 'POST', '/contacts/note/', { parent, data: { details: `b${left}` } }, 200);
          }),
        );
      }
      await onPostgres(async (c) => {
        for (const schema of schemas.slice(0, checkouts.length))
          await c.query(`ANALYZE ${schema}.activities, ${schema}.records`);
      });
      process.stderr.write(`positions: ${background} notes under one more contact first, then ANALYZE\n`);
    }
    // A failure names the setup it came from.
    const named =
      (s: Setup, run: (n: number) => Promise<number>) =>
      (n: number): Promise<number> =>
        run(n).catch((e: unknown) => {
          throw new Error(`${s.name}: ${e instanceof Error ? e.message : String(e)}`);
        });
    const cases = setups.flatMap((s) => [
      {
        name: `create under one parent, ${s.name}`,
        op: 'create',
        setup: s,
        run: named(s, (n: number) => creates(s, agent, n, true)),
      },
      { name: `move and reorder, ${s.name}`, op: 'move', setup: s, run: named(s, (n: number) => moves(s, agent, n)) },
      {
        name: `create, a parent per writer, ${s.name}`,
        op: 'spread',
        setup: s,
        run: named(s, (n: number) => creates(s, agent, n, false)),
      },
    ]);
    // SQLite comes first in each checkout.
    const baselineOf = (op: string, checkout: number) =>
      cases.findIndex((c) => c.op === op && c.setup.checkout === checkout);
    // Warm-up, not timed, in samples like the timed ones: a server reaches its steady rate only after
    // thousands of requests (its code optimized; stop 41: a SQLite create ran at about 1,550/s in the
    // first 320 and 4,000/s after 6,000, a PostgreSQL one at 830/s and 2,100/s). A few hundred left
    // both cold, SQLite more than PostgreSQL, and PostgreSQL's share looked larger than it is.
    for (const c of cases) for (let done = 0; done < warmup; done += requests) await c.run(requests);
    const samples = cases.map(() => [] as number[]);
    const cpu = cases.map(() => ({ server: 0, db: 0 }));
    for (let r = 0; r < runs; r++) {
      for (const [i, c] of cases.entries()) {
        const before = await cpuOf(c.setup);
        samples[i]!.push((await c.run(requests)) / requests);
        const spent = cpuSpent(before, await cpuOf(c.setup));
        cpu[i]!.server += spent.server;
        cpu[i]!.db += spent.db;
      }
    }
    const st = cases.map((_, i) => stats(samples[i]!));
    const ms = (micros: number) => (micros / 1000 / (runs * requests)).toFixed(2);
    return cases.map((c, i): Row => {
      const b = baselineOf(c.op, c.setup.checkout);
      const ratio = st[i]!.medianMs / st[b]!.medianMs;
      return {
        bench: 'positions',
        case: b === i ? c.name : `${c.name} (vs ${cases[b]!.setup.name})`,
        runs,
        ...st[i]!,
        ratio,
        opsPerSec: 1000 / st[i]!.medianMs,
        note: [
          ...(b === i ? [] : [`rate ${(1 / ratio).toFixed(2)} x SQLite's`]),
          `CPU/req: server ${ms(cpu[i]!.server)}${c.setup.name.startsWith('postgres') ? `, backends ${ms(cpu[i]!.db)}` : ''} ms`,
        ].join('; '),
      };
    });
  } finally {
    agent.destroy();
    await Promise.all(children.map((c) => c.stop()));
    rmSync(dir, { recursive: true, force: true });
    await onPostgres(async (c) => {
      for (const schema of schemas) await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    }).catch((e: unknown) => process.stderr.write(`positions bench: could not drop its schema: ${String(e)}\n`));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(formatTable(await positionsBench()));
}
