// Shared by the benchmarks and bench/run.ts: the row shape, whole-process timing, the table.
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';

/** One measured case. ratio = median / the baseline median of the same run (machines are shared and noisy). */
export interface Row {
  bench: string;
  case: string;
  runs: number;
  medianMs: number;
  minMs: number;
  ratio: number;
  files?: number;
}

export type Bench = () => Promise<Row[]>;

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
  const head = ['bench', 'case', 'runs', 'median ms', 'min ms', 'x baseline', 'files'];
  const body = rows.map((r) => [r.bench, r.case, String(r.runs), r.medianMs.toFixed(1), r.minMs.toFixed(1), r.ratio.toFixed(2), r.files === undefined ? '' : String(r.files)]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  // Text columns left-aligned, numbers right-aligned.
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}
