// What the packaged artifacts cost their users, each against a baseline of the same run:
//   start-up     `crmgen --help` and `crmgen serve` (until its "listening" line) as compiled
//                JavaScript, against `node -e ""`, interleaved round by round
//   bundle       esbuild (minified, ESM, browser) of an app that imports the client package and
//                calls contacts.list and contacts.create: (a) the modular client in XML only, (b) in
//                JSON only, (c) the whole client; bytes and gzipped bytes, each against the same
//                app's bundle before issue 17 (423 KB minified, 44 KB gzipped; sizes are
//                deterministic, so a figure of record serves as their baseline)
//   compile      what generate adds for the packages' JavaScript and declarations: the compile
//                stage of an in-memory generate against the rest of its pipeline
// Run: npm run bench (all), or npx tsx bench/packaging.bench.ts.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateInMemory } from '../generator/pipeline/generate.ts';
import { formatTable, stats, timeProcess, type Row } from './lib.ts';
import { appSource, bundleApp, linkClient, type AppName } from '../test/support/bundles.ts';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const runs = Math.max(1, Number(process.env.BENCH_RUNS) || 10);
const cli = join(root, 'bin/crmgen.js');

/** Milliseconds from spawn to the "crmgen listening" line of `crmgen serve` on :memory:. */
function timeServeStart(): Promise<number> {
  return new Promise((ok, fail) => {
    const t = performance.now();
    const child = spawn(process.execPath, [cli, 'serve', '--port', '0', '--db', ':memory:'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (/crmgen listening on http:\/\/127\.0\.0\.1:\d+/.test(out)) {
        const ms = performance.now() - t;
        child.once('exit', () => ok(ms));
        child.kill('SIGTERM');
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (!/crmgen listening/.test(out)) fail(new Error(`crmgen serve exited ${code}: ${out}`));
    });
  });
}

async function startup(): Promise<Row[]> {
  const cases: { name: string; run: () => Promise<number> }[] = [
    { name: 'baseline: node -e ""', run: async () => timeProcess(['-e', '']).ms },
    { name: 'crmgen --help', run: async () => timeProcess([cli, '--help']).ms },
    { name: 'crmgen serve (to listening)', run: timeServeStart },
  ];
  for (const c of cases) await c.run(); // warm-up: file cache
  const samples = cases.map(() => [] as number[]);
  for (let i = 0; i < runs; i++) for (const [k, c] of cases.entries()) samples[k]!.push(await c.run());
  const base = stats(samples[0]!).medianMs;
  return cases.map((c, k) => ({
    bench: 'start-up',
    case: c.name,
    runs,
    ...stats(samples[k]!),
    ratio: stats(samples[k]!).medianMs / base,
  }));
}

/** The app's bundle before issue 17 (createClient, every message reached through string-keyed registries), in bytes. */
const before = { minified: 423 * 1024, gzipped: 44 * 1024 };

export async function bundle(): Promise<Row[]> {
  const linked = linkClient();
  try {
    const cases: { name: string; app: AppName }[] = [
      { name: 'app without client', app: 'none' },
      { name: '(a) contacts.list+create, modular, XML only', app: 'modular-xml' },
      { name: '(b) contacts.list+create, modular, JSON only', app: 'modular-json' },
      { name: '(c) contacts.list+create, whole client (createClient)', app: 'whole' },
    ];
    const rows: Row[] = [];
    for (const c of cases) {
      const b = await bundleApp(appSource(c.app, linked.name), linked.dir);
      // Sizes in KB in the time columns (this table has no size column); ratio against the bundle before issue 17.
      const row = (unit: 'minified' | 'gzipped', v: number): Row => ({
        bench: 'bundle',
        case: `${c.name}: ${unit} KB`,
        runs: 1,
        medianMs: v / 1024,
        minMs: v / 1024,
        ratio: v / before[unit],
        note: `before: ${before[unit] / 1024} KB`,
      });
      rows.push(row('minified', b.bytes), row('gzipped', b.gzip));
    }
    return rows;
  } finally {
    rmSync(linked.dir, { recursive: true, force: true });
  }
}

async function compile(): Promise<Row[]> {
  const compileMs: number[] = [];
  const restMs: number[] = [];
  const n = Math.max(3, Math.min(runs, 5));
  for (let i = 0; i < n + 1; i++) {
    const { timings } = await generateInMemory({
      specDir: join(root, 'spec'),
      outDir: join(tmpdir(), 'crmgen-bench-none'),
    });
    if (i === 0) continue; // warm-up: module loading
    compileMs.push(timings.find(([name]) => name === 'compile')![1]);
    restMs.push(timings.filter(([name]) => name !== 'compile').reduce((s, [, t]) => s + t, 0));
  }
  const rest = stats(restMs);
  return [
    { bench: 'generate', case: 'in memory, without the package compile (baseline)', runs: n, ...rest, ratio: 1 },
    {
      bench: 'generate',
      case: 'package compile: JavaScript + declarations',
      runs: n,
      ...stats(compileMs),
      ratio: stats(compileMs).medianMs / rest.medianMs,
    },
  ];
}

export default async function packagingBench(): Promise<Row[]> {
  return [...(await startup()), ...(await bundle()), ...(await compile())];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(formatTable(await packagingBench()));
