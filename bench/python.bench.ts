// The Python SDK's costs (generated/python, run by Debian's python3 from the sources): per-call
// overhead of contacts.show and of a 50-entry list against raw httpx requests to the same running
// `crmgen serve` (XML and JSON); decoding a 30-entry XML list against xml.etree parsing the same
// bytes alone; importing the package against importing httpx; and what the Python target adds to a
// cold generate (its emitters, and ruff formatting their files, WebAssembly start-up included).
// The Python side is bench/python_sdk.py. Run: npx tsx bench/python.bench.ts, or npm run bench.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchUser, formatTable, serveForSdk, stats, type Row } from './lib.ts';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const user = benchUser;

/** The Python target's share of a cold generate: its emitters' laps, and formatting their files with a fresh ruff. */
async function generateShare(): Promise<Row[]> {
  const rows: Row[] = [];
  const out = mkdtempSync(join(tmpdir(), 'crmgen-bench-py-'));
  try {
    const samples: { total: number; emit: number }[] = [];
    for (let i = 0; i < 3; i++) {
      rmSync(join(out, 'g'), { recursive: true, force: true });
      const t = performance.now();
      const r = spawnSync(process.execPath, ['bin/crmgen.js', 'generate', '--out', join(out, 'g')], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, CRMGEN_CACHE_DIR: join(out, `cache${i}`) },
      });
      const total = performance.now() - t;
      if (r.status !== 0) throw new Error(r.stderr);
      const emit = [...`${r.stdout}${r.stderr}`.matchAll(/emit python-[\w-]+ (\d+)ms/g)].reduce(
        (n, m) => n + Number(m[1]),
        0,
      );
      samples.push({ total, emit });
    }
    const total = stats(samples.map((s) => s.total));
    const emit = stats(samples.map((s) => s.emit));
    // ruff over the target's files, cold (a new process: WebAssembly compile and start-up included).
    const fmt: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          '-e',
          `
        const { emitAll } = await import('./generator/pipeline/generate.ts');
        const { loadSpec } = await import('./generator/pipeline/load.ts');
        const { formatPython } = await import('./generator/targets/python/format.ts');
        const files = emitAll(loadSpec('spec'), undefined, ['python-types', 'python-client', 'python-api', 'python-package', 'python-readme', 'python-tests', 'python-conformance']).filter((f) => f.format === 'python');
        const t = performance.now();
        for (const f of files) await formatPython(f.content, f.path);
        console.log(performance.now() - t);`,
        ],
        { cwd: root, encoding: 'utf8' },
      );
      if (r.status !== 0) throw new Error(r.stderr);
      fmt.push(Number(r.stdout.trim()));
    }
    const f = stats(fmt);
    rows.push({ bench: 'python', case: 'cold generate (everything)', runs: 3, ...total, ratio: 1 });
    rows.push({
      bench: 'python',
      case: 'python emitters in it',
      runs: 3,
      ...emit,
      ratio: emit.medianMs / total.medianMs,
    });
    rows.push({
      bench: 'python',
      case: 'ruff format of their files (cold)',
      runs: 3,
      ...f,
      ratio: f.medianMs / total.medianMs,
      note: 'formatted on the main thread in the format step',
    });
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  return rows;
}

export default async function pythonBench(): Promise<Row[]> {
  const server = await serveForSdk();
  let result: { cases: Record<string, { median: number; min: number; runs: number }> };
  try {
    const r = spawnSync('/usr/bin/python3', [join(root, 'bench/python_sdk.py')], {
      encoding: 'utf8',
      env: {
        ...process.env,
        PYTHONPATH: join(root, 'generated/python/src'),
        CRM_URL: server.base,
        CRM_EMAIL: user.email,
        CRM_TOKEN: user.token,
      },
      timeout: 600_000,
    });
    if (r.status !== 0) throw new Error(`bench/python_sdk.py failed:\n${r.stderr}`);
    result = JSON.parse(r.stdout) as typeof result;
  } finally {
    server.stop();
  }
  const c = result.cases;
  const row = (name: string, baseline?: string): Row => ({
    bench: 'python',
    case: name,
    runs: c[name]!.runs,
    medianMs: c[name]!.median,
    minMs: c[name]!.min,
    ratio: baseline ? c[name]!.median / c[baseline]!.median : 1,
  });
  return [
    row('raw httpx show xml (text)'),
    row('sdk show xml', 'raw httpx show xml (text)'),
    row('raw httpx show json (json)'),
    row('sdk show json', 'raw httpx show json (json)'),
    row('raw httpx list 50 xml (text)'),
    row('sdk list 50 xml', 'raw httpx list 50 xml (text)'),
    row('raw httpx list 50 json (json)'),
    row('sdk list 50 json', 'raw httpx list 50 json (json)'),
    row('xml.etree parse 30 entries'),
    row('sdk decode 30 entries xml', 'xml.etree parse 30 entries'),
    row('import httpx'),
    row('from crm_service_client import Client', 'import httpx'),
    ...(await generateShare()),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(formatTable(await pythonBench()));
