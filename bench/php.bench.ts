// The PHP SDK (generated/php): per-call cost of contacts.show (a record with a dozen activities)
// and of a 50-entry list through the SDK against raw curl calls to the same `crmgen serve`, XML and
// JSON (bench/php/sdk-vs-curl.php; ratio = SDK / raw curl of the same case, same run); and the time
// the PHP target adds to a cold generate: its emitters plus prettier's PHP plugin on every file it
// emits, with no cache (ratio against the whole cold generate, timed in the same run).
// Run: npx tsx bench/php.bench.ts (BENCH_RUNS=n, BENCH_CALLS=n), or npm run bench for all.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchUser, formatTable, serveForSdk, stats, timeProcess, type Row } from './lib.ts';
import { loadSpec } from '../generator/pipeline/load.ts';
import { derive, restrict } from '../generator/sdk-model/derive.ts';
import { php } from '../generator/targets/php/target.ts';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const user = benchUser;

async function sdkVsCurl(): Promise<Row[]> {
  const server = await serveForSdk();
  try {
    const r = spawnSync('php', [join(root, 'bench/php/sdk-vs-curl.php')], {
      encoding: 'utf8',
      env: {
        ...process.env,
        CRM_URL: server.base,
        CRM_EMAIL: user.email,
        CRM_TOKEN: user.token,
        PHP_SDK_SRC: join(root, 'generated/php/src'),
      },
      timeout: 600_000,
    });
    if (r.status !== 0) throw new Error(`sdk-vs-curl.php exited ${r.status}: ${r.stderr}`);
    const samples = JSON.parse(r.stdout) as Record<string, number[]>;
    const rows: Row[] = [];
    for (const [name, times] of Object.entries(samples)) {
      const s = stats(times);
      const base = stats(samples[name.replace(/: sdk$/, ': raw curl')]!).medianMs;
      rows.push({ bench: 'php sdk', case: name, runs: times.length, ...s, ratio: s.medianMs / base });
    }
    return rows;
  } finally {
    await server.stop();
  }
}

async function coldGenerateShare(): Promise<Row[]> {
  const runs = Math.max(1, Number(process.env.BENCH_RUNS) || 3);
  const spec = loadSpec(join(root, 'spec'));
  const target: number[] = [];
  const whole: number[] = [];
  for (let i = 0; i < runs; i++) {
    // What the target adds: its emitters, and prettier's PHP plugin on every php file (no cache).
    const t = performance.now();
    const derived = derive(spec);
    const files = php.emitters.flatMap((e) => e.emit(spec, restrict(derived, e.needs, e.name)));
    const format = php.formatters!.php!;
    for (const f of files) if (f.format === 'php') await format(f.content, f.path);
    target.push(performance.now() - t);
    // The whole cold generate (empty out dir, empty cache) as a process.
    const dir = mkdtempSync(join(tmpdir(), 'crmgen-bench-php-'));
    try {
      whole.push(
        timeProcess(['bin/crmgen.js', 'generate', '--quiet', '--out', join(dir, 'out')], {
          cwd: root,
          env: { ...process.env, CRMGEN_CACHE_DIR: join(dir, 'cache') },
        }).ms,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const w = stats(whole);
  const t = stats(target);
  return [
    { bench: 'generate', case: 'cold generate (every target)', runs, ...w, ratio: 1 },
    {
      bench: 'generate',
      case: 'the PHP target in it (emit + format, cold)',
      runs,
      ...t,
      ratio: t.medianMs / w.medianMs,
    },
  ];
}

export default async function phpBench(): Promise<Row[]> {
  return [...(await sdkVsCurl()), ...(await coldGenerateShare())];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(formatTable(await phpBench()));
