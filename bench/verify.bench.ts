// crmgen verify against `crmgen serve --db :memory:` on loopback:
//   full run      every check (webhooks on a loopback receiver, no fuzz): wall time of the whole
//                 process; the case names the number of checks and of requests sent
//   fuzz N        `--only fuzz --fuzz N`: opsPerSec is the fuzz rate (requests per second) the
//                 fuzz check measured itself
// ratio is against the baseline measured in the same run: `crmgen verify --only auth` (process
// start, spec load, OpenAPI emission and four checks), so it reads as "times the fixed cost".
// Run: npx tsx bench/verify.bench.ts (BENCH_RUNS, BENCH_FUZZ), or npm run bench.
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { formatTable, spawnServer, stats, timeProcess, type Row } from './lib.ts';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const cli = resolve(root, 'bin/crmgen.js');
const runs = Math.max(1, Number(process.env.BENCH_RUNS) || 3);
const fuzz = Math.max(10, Number(process.env.BENCH_FUZZ) || 500);

const freePort = () =>
  new Promise<number>((ok, fail) => {
    const s = createServer();
    s.once('error', fail).listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => ok(port));
    });
  });

interface Report {
  passed: number;
  failed: number;
  checks: { id: string; status: string; requests: number; ms: number }[];
}

export default async function bench(): Promise<Row[]> {
  const server = await spawnServer([
    cli,
    'serve',
    '--port',
    '0',
    '--db',
    ':memory:',
    '--allow-private-webhooks',
    '--user',
    'a@example.com:ta',
    '--user',
    'b@example.com:tb',
    '--user',
    'o@example.com:to:elsewhere',
  ]);
  const base = `http://127.0.0.1:${server.port}`;
  const who = [
    '--url',
    base,
    '--user',
    'a@example.com:ta',
    '--user',
    'b@example.com:tb',
    '--other-account',
    'o@example.com:to',
    '--format',
    'json',
  ];
  const verify = async (args: string[]) => {
    const { ms, stdout } = timeProcess([cli, 'verify', ...who, ...args], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
    const report = JSON.parse(stdout) as Report;
    if (report.failed) throw new Error(`verify ${args.join(' ')}: ${report.failed} checks failed`);
    return { ms, report };
  };
  try {
    const baseline: number[] = [];
    const full: number[] = [];
    const fuzzWall: number[] = [];
    const rates: number[] = [];
    let checks = 0;
    let requests = 0;
    for (let i = 0; i < runs; i++) {
      baseline.push((await verify(['--only', 'auth'])).ms);
      const f = await verify(['--webhooks', `127.0.0.1:${await freePort()}`]);
      full.push(f.ms);
      checks = f.report.checks.filter((c) => c.status === 'passed').length;
      requests = f.report.checks.reduce((n, c) => n + c.requests, 0);
      const z = await verify(['--only', 'fuzz', '--fuzz', String(fuzz), '--seed', String(i + 1)]);
      fuzzWall.push(z.ms);
      const check = z.report.checks.find((c) => c.id.startsWith('fuzz.'))!;
      rates.push(check.requests / (check.ms / 1000));
    }
    const b = stats(baseline);
    const row = (name: string, samples: number[], opsPerSec?: number): Row => {
      const s = stats(samples);
      return {
        bench: 'verify',
        case: name,
        runs,
        ...s,
        ratio: s.medianMs / b.medianMs,
        ...(opsPerSec === undefined ? {} : { opsPerSec }),
      };
    };
    return [
      row('baseline: verify --only auth (4 checks)', baseline),
      row(`full run: ${checks} checks, ${requests} requests`, full, (checks / stats(full).medianMs) * 1000),
      row(`fuzz ${fuzz} (ops/s = fuzz req/s)`, fuzzWall, stats(rates).medianMs),
    ];
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) console.log(formatTable(await bench()));
