// Shared by the benchmarks and bench/run.ts: the row shape, whole-process timing, the table.
import { spawn, spawnSync, type ChildProcess, type SpawnSyncOptions } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { request, type Agent } from 'node:http';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import pg from 'pg';
import { redact } from '../server/storage/postgres.ts';

/** One measured case. ratio = median / the baseline median of the same run (machines are shared and noisy). */
export interface Row {
  bench: string;
  case: string;
  runs: number;
  medianMs: number;
  minMs: number;
  ratio: number;
  files?: number;
  /** In-process micro benchmarks: operations per second at the median. */
  opsPerSec?: number;
  /** Figures that are not times (fuzzing: crashes, 5xx, stalls). */
  note?: string;
  /** Load benchmarks: the 99th percentile of the request times. */
  p99Ms?: number;
}

export type Bench = () => Promise<Row[]>;

const root = fileURLToPath(new URL('..', import.meta.url));

/** Wall time of one child process, start to exit; throws if it fails so a broken run is never timed. */
export function timeProcess(args: string[], opts: SpawnSyncOptions = {}): { ms: number; stdout: string } {
  const t = performance.now();
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', ...opts });
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} exited ${r.status}: ${r.error ?? r.stderr}`);
  return { ms, stdout: String(r.stdout) };
}

export function stats(samples: number[]): { medianMs: number; minMs: number } {
  const s = [...samples].sort((a, b) => a - b);
  const m = s.length >> 1;
  return { medianMs: s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2, minMs: s[0] };
}

export function formatTable(rows: Row[]): string {
  const head = ['bench', 'case', 'runs', 'median ms', 'min ms', 'x baseline', 'ops/s', 'files', 'notes', 'p99 ms'];
  const ms = (v: number) => (v >= 1 ? v.toFixed(1) : v.toPrecision(3));
  const body = rows.map((r) => [
    r.bench,
    r.case,
    String(r.runs),
    ms(r.medianMs),
    ms(r.minMs),
    r.ratio.toFixed(2),
    r.opsPerSec === undefined ? '' : Math.round(r.opsPerSec).toLocaleString('en'),
    r.files === undefined ? '' : String(r.files),
    r.note ?? '',
    r.p99Ms === undefined ? '' : ms(r.p99Ms),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  // Text columns left-aligned, numbers right-aligned.
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i < 2 || i === 8 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

/**
 * Per-operation time of an in-process function: `runs` samples, each timing enough calls to
 * last about sampleMs, after a warm-up. Cases of one benchmark are interleaved by the caller
 * so a noisy moment on a shared machine hits them alike.
 */
export function sampleOps(fn: () => unknown, sampleMs = 40, clock: Clock = 'wall'): number {
  const now = clock === 'cpu' ? cpuMs : () => performance.now();
  let n = 1;
  let elapsed = 0;
  // Grow the batch until one sample is long enough to time reliably.
  for (;;) {
    const t = now();
    for (let i = 0; i < n; i++) fn();
    elapsed = now() - t;
    if (elapsed >= sampleMs) return elapsed / n;
    n *= elapsed < sampleMs / 10 ? 10 : 2;
  }
}

/**
 * What sampleOps times: wall time, or the CPU time of this process (user + system, every thread,
 * so the collector's helpers count): on a machine shared with other work, CPU time is not inflated
 * by the waits for the other processes, which on a loaded 2-core machine swamp wall-time medians.
 */
export type Clock = 'wall' | 'cpu';
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

// A full collection before each sample: without it, the garbage one case leaves (a 5,000-entry page
// is megabytes) is collected inside the next case's sample, which then pays for its neighbour. An
// untimed stretch of the case (at least 3 calls) follows it, so each case is timed in its own
// steady state: a forced full collection also drops hidden classes no live object holds, and
// code specialized on them deoptimizes ("weak objects"; 2-6x for the next two or three
// 5,000-entry XML decodes), which the stretch absorbs. Collections the case itself causes stay
// in its sample.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/** Rows for in-process cases, each as a ratio to the named baseline case, all measured in the same rounds. */
export function compareOps(
  bench: string,
  cases: Record<string, () => unknown>,
  baselineOf: Record<string, string>,
  runs = 15,
  clock: Clock = 'wall',
): Row[] {
  const names = Object.keys(cases);
  const samples: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (const n of names) sampleOps(cases[n], 20, clock); // warm-up, JIT
  for (let r = 0; r < runs; r++)
    for (const n of names) {
      collect();
      for (let i = 0; i < 3; i++) cases[n]();
      sampleOps(cases[n], 20, clock);
      samples[n].push(sampleOps(cases[n], 40, clock));
    }
  const st = Object.fromEntries(names.map((n) => [n, stats(samples[n])]));
  return names.map((n) => ({
    bench,
    case: baselineOf[n] ? `${n} (vs ${baselineOf[n]})` : n,
    runs,
    medianMs: st[n].medianMs,
    minMs: st[n].minMs,
    ratio: baselineOf[n] ? st[n].medianMs / st[baselineOf[n]].medianMs : 1,
    opsPerSec: 1000 / st[n].medianMs,
  }));
}

/** A server child process of a benchmark. */
export interface Child {
  port: number;
  pid: number;
  stop(): Promise<void>;
}

/**
 * CPU time (user + system) the process has used so far, in microseconds, from /proc (Linux);
 * undefined elsewhere. On a busy shared machine a server's CPU per request is steadier than
 * wall time, which also counts the waits for the other processes.
 */
export function cpuMicros(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / clockTicks;
  } catch {
    return undefined;
  }
}
const clockTicks = (() => {
  const r = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  return Number(r.stdout) || 100;
})();

/** Spawns node with args and waits for "listening ... :PORT" on stdout; stderrFd: its stderr goes there. */
export async function spawnServer(args: string[], env: Record<string, string> = {}, stderrFd?: number): Promise<Child> {
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', stderrFd ?? 'pipe'],
  });
  let out = '';
  const port = await new Promise<number>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`server did not start:\n${out}`)), 30_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        ok(Number(m[1]));
      }
    });
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => fail(new Error(`server exited (${code}):\n${out}`)));
  });
  return {
    port,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((ok) => {
        if (child.exitCode !== null || child.signalCode !== null) return ok();
        child.once('exit', () => ok());
        child.kill('SIGTERM');
      }),
  };
}

/** The user of the SDK benches (client, Python, PHP). */
export const benchUser = { email: 'bench@example.com', token: 'bench-token', account: 'bench' };

/** crmgen serve on an in-memory database for an SDK bench: its user, and a quota far above what a bench spends. */
export async function serveForSdk(): Promise<{ base: string; stop(): Promise<void> }> {
  const { email, token } = benchUser;
  const args = ['bin/crmgen.js', 'serve', '--port', '0', '--db', ':memory:', '--user', `${email}:${token}`];
  const server = await spawnServer([...args, '--quota', '100000000', '--log-format', 'none']);
  return { base: `http://127.0.0.1:${server.port}`, stop: server.stop };
}

/**
 * Puts process `pid` into a cpu cgroup of its own allowed `cpus` of a core (cgroup v2's cpu.max,
 * else v1's CFS quota), so each of several instances on this machine gets what a small machine of
 * its own would give it. Returns the cleanup (call it after the process exited), or undefined
 * where no writable cpu controller is found (not Linux, not root).
 */
export function capCpu(pid: number, cpus: number): (() => void) | undefined {
  const period = 100_000;
  const quota = Math.max(1000, Math.round(cpus * period));
  const name = `crmgen-bench-${pid}`;
  const v2 = '/sys/fs/cgroup';
  const v1 = '/sys/fs/cgroup/cpu';
  try {
    let dir: string;
    if (
      existsSync(`${v2}/cgroup.controllers`) &&
      readFileSync(`${v2}/cgroup.controllers`, 'utf8').split(/\s+/).includes('cpu')
    ) {
      dir = `${v2}/${name}`;
      mkdirSync(dir);
      writeFileSync(`${dir}/cpu.max`, `${quota} ${period}`);
    } else if (existsSync(`${v1}/cpu.cfs_quota_us`)) {
      dir = `${v1}/${name}`;
      mkdirSync(dir);
      writeFileSync(`${dir}/cpu.cfs_period_us`, String(period));
      writeFileSync(`${dir}/cpu.cfs_quota_us`, String(quota));
    } else return undefined;
    writeFileSync(`${dir}/cgroup.procs`, String(pid));
    return () => {
      try {
        rmdirSync(dir);
      } catch {
        // still holds a process: left for the next boot
      }
    };
  } catch {
    return undefined;
  }
}

/** The PostgreSQL server of the PostgreSQL benches: BENCH_PG_URL, else the machines' own. */
export const pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** fn on a fresh connection to pgUrl, closed after. */
export async function onPostgres<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Whether pgUrl answers; if not, says on stderr that bench `name` is skipped (npm run bench runs every bench). */
export async function postgresOrSkip(name: string): Promise<boolean> {
  if (await onPostgres(async () => true).catch(() => false)) return true;
  process.stderr.write(`${name}: skipped, no PostgreSQL server at ${redact(pgUrl)} (set BENCH_PG_URL)\n`);
  return false;
}

/** Basic authorization of benchUser. */
export const benchAuth = `Basic ${Buffer.from(`${benchUser.email}:${benchUser.token}`).toString('base64')}`;

/** One request of a load bench. */
export interface Call {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** The status expected; any 2xx when absent. */
  status?: number;
  timeoutMs?: number;
}

/** One request on the agent; resolves with the body once read to the end; rejects on an unexpected status. */
export function send(port: number, agent: Agent, call: Call, again = true): Promise<Buffer> {
  return new Promise((ok, fail) => {
    const headers =
      call.body === undefined
        ? call.headers
        : { ...call.headers, 'content-length': String(Buffer.byteLength(call.body)) };
    const { method, path } = call;
    const req = request(
      { host: '127.0.0.1', port, method, path, headers, agent, timeout: call.timeoutMs ?? 60_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const got = res.statusCode!;
          const expected = call.status === undefined ? got >= 200 && got < 300 : got === call.status;
          if (expected) ok(Buffer.concat(chunks));
          else fail(new Error(`${method} ${path}: ${got} ${Buffer.concat(chunks)}`));
        });
        res.on('error', fail);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (e: NodeJS.ErrnoException) => {
      // A kept-alive connection the server closed as idle (its keepAliveTimeout) just as the
      // request went out on it: the server never read it, so it goes once more, on a new one.
      if (again && req.reusedSocket && e.code === 'ECONNRESET') send(port, agent, call, false).then(ok, fail);
      else fail(e);
    });
    req.end(call.body);
  });
}

/** `total` requests over `lanes` keep-alive connections, lane i on ports[i % ports.length]; returns wall ms. */
export async function drive(ports: number[], agent: Agent, call: Call, total: number, lanes: number): Promise<number> {
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
