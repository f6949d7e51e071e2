// Whole-process cost of `crmgen generate`, as a developer or CI pays it: node start, tsx loader,
// spec load, emit, prettier, disk. Four cases, interleaved round by round so machine noise hits all alike:
//   baseline   `node -e ""`, spawned the same way; every other case is reported as a ratio to it,
//              because absolute times on shared machines mean little
//   cold       empty out dir and no prettier cache (a fresh clone): every TypeScript file is formatted
//   no-change  out dir fully generated, cache warm: what the cache saves
//   check      `generate --check` on an up-to-date out dir (the test script's first step)
// The cache lives in temp dirs via CRMGEN_CACHE_DIR, so the developer's cache and generated/ are never touched.
// BENCH_COMPARE=<another built checkout> (say, the commit before a change) adds its three cases, marked
// "(compared)", interleaved with these in the same rounds: a before/after on one busy machine.
// Run: npx tsx bench/generate.bench.ts (BENCH_RUNS=n to change the run count), or npm run bench for all.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { listFiles } from '../generator/pipeline/write.ts';
import { formatTable, stats, timeProcess, type Row } from './lib.ts';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const runs = Math.max(1, Number(process.env.BENCH_RUNS) || 10);

/** Returns the rows and also writes them to bench/results/generate.json (gitignored). */
export default async function generateBench(): Promise<Row[]> {
  const tmp = mkdtempSync(join(tmpdir(), 'crmgen-bench-'));
  let fresh = 0;
  const dir = () => join(tmp, `d${fresh++}`); // never exists yet: an empty out dir or an absent cache
  const checkouts = [root, ...(process.env.BENCH_COMPARE ? [resolve(process.env.BENCH_COMPARE)] : [])];
  const gen = (at: string, out: string, cache: string, ...extra: string[]) =>
    timeProcess(['bin/crmgen.js', 'generate', '--out', out, ...extra], {
      cwd: at,
      env: { ...process.env, CRMGEN_CACHE_DIR: cache },
    });
  try {
    // Each case checks its own output, so a broken setup is never timed as if it were the case it claims to be.
    const cases: { name: string; run: () => { ms: number; stdout: string }; expect?: RegExp }[] = [
      { name: 'baseline: node -e ""', run: () => timeProcess(['-e', '']) },
    ];
    let files = 0;
    for (const at of checkouts) {
      const mark = at === root ? '' : ' (compared)';
      // Warm-up, not timed: fills the OS file cache, and prepares the warm out dir.
      const warmOut = dir(),
        warmCache = dir();
      gen(at, warmOut, warmCache);
      const count = listFiles(warmOut).length;
      if (at === root) files = count;
      cases.push(
        {
          name: `cold generate${mark}`,
          run: () => gen(at, dir(), dir()),
          expect: new RegExp(`: ${count} written, .* [1-9]\\d* formatted`),
        },
        // A no-change run is answered by the input fingerprint (generator/fingerprint.ts) without loading the pipeline.
        {
          name: `no-change generate${mark}`,
          run: () => gen(at, warmOut, warmCache),
          expect: /nothing changed since the last run|0 written, 0 removed, \d+ unchanged, 0 formatted/,
        },
        {
          name: `generate --check${mark}`,
          run: () => gen(at, warmOut, warmCache, '--check'),
          expect: new RegExp(`nothing changed since the last run|: ${count} files up to date`),
        },
      );
    }
    const samples = cases.map(() => [] as number[]);
    for (let i = 0; i < runs; i++)
      cases.forEach(({ name, run, expect }, c) => {
        const { ms, stdout } = run();
        if (expect && !expect.test(stdout)) throw new Error(`${name}: unexpected output ${stdout}`);
        samples[c].push(ms);
      });
    const base = stats(samples[0]).medianMs;
    const rows = cases.map(({ name }, c): Row => {
      const s = stats(samples[c]);
      return { bench: 'generate', case: name, runs, ...s, ratio: s.medianMs / base, ...(c ? { files } : {}) };
    });
    mkdirSync(join(root, 'bench', 'results'), { recursive: true });
    const meta = {
      date: new Date().toISOString(),
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
    };
    writeFileSync(join(root, 'bench', 'results', 'generate.json'), JSON.stringify({ ...meta, rows }, null, 2) + '\n');
    return rows;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(formatTable(await generateBench()));
}
