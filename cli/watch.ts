// crmgen generate --watch: regenerate on every change under the spec folder and templates/,
// printing what was written and how long it took; a spec problem is printed with its
// position and the watcher keeps going. SIGINT / SIGTERM stop it cleanly.
import { displayPath as shown, formatProblem } from '../generator/pipeline/load.ts';
import { defaultCacheFile } from '../generator/pipeline/generate.ts';
import { isSpecError, watchAndRegenerate, type RegenerateResult } from '../generator/tools/warm-generate.ts';
import { root } from './default-dirs.ts';

export function report(
  changed: string[],
  r: RegenerateResult,
  log: (line: string) => void,
  err: (line: string) => void,
) {
  const what = changed.length ? `${changed.join(', ')} changed` : 'first run';
  if (!r.ok) {
    if (isSpecError(r.error)) {
      for (const p of r.error.problems) err(formatProblem(p));
      log(
        `${what}: the spec has ${r.error.problems.length} problem${r.error.problems.length === 1 ? '' : 's'}; nothing written (${r.ms.toFixed(0)} ms); still watching`,
      );
    } else {
      err(`crmgen: ${r.error instanceof Error ? (r.error.stack ?? r.error.message) : String(r.error)}`);
      log(`${what}: generation failed; nothing written (${r.ms.toFixed(0)} ms); still watching`);
    }
    return;
  }
  const c = r.comparison;
  // Emitters summed into one stage; the slowest named.
  const emit = r.timings.filter(([n]) => n.startsWith('emit '));
  const slowest = [...emit].sort((a, b) => b[1] - a[1])[0];
  const stages = [
    ...r.timings.filter(([n]) => n === 'load'),
    ['emit', emit.reduce((s, [, t]) => s + t, 0)] as [string, number],
    ...r.timings.filter(([n]) => n !== 'load' && !n.startsWith('emit ')),
  ]
    .map(
      ([n, t]) =>
        `${n} ${t.toFixed(0)}ms${n === 'emit' && slowest ? ` (${slowest[0].slice(5)} ${slowest[1].toFixed(0)}ms)` : ''}`,
    )
    .join(', ');
  log(
    `${what}: ${c.changed.length + c.added.length} written, ${c.removed.length} removed, ${c.unchanged.length} unchanged, ${r.formatted} formatted in ${r.ms.toFixed(0)} ms (${stages})`,
  );
  const touched = [
    ...c.changed.map((p) => `  wrote ${p}`),
    ...c.added.map((p) => `  wrote ${p}`),
    ...c.removed.map((p) => `  removed ${p}`),
  ];
  if (touched.length)
    log(
      touched.length > 100
        ? [...touched.slice(0, 100), `  ... and ${touched.length - 100} more`].join('\n')
        : touched.join('\n'),
    );
}

export async function runWatch(opts: { specDir: string; outDir: string; cacheDir: string }): Promise<number> {
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const err = (line: string) => process.stderr.write(`${line}\n`);
  const templates = `${root}/templates`;
  const watcher = watchAndRegenerate({
    ...opts,
    root,
    cacheFile: defaultCacheFile(root),
    watch: [opts.specDir, templates],
    onRun: (changed, r) => report(changed, r, log, err),
  });
  await watcher.ready;
  log(
    `crmgen generate --watch: watching ${shown(opts.specDir)}/ and ${shown(templates)}/, writing ${shown(opts.outDir)}/ (Ctrl-C to stop)`,
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    void watcher.close().then(() => {
      log(`crmgen generate --watch: ${signal}, stopped`);
      process.exit(0);
    });
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  return -1;
}
