// Regeneration in a long-lived process (crmgen generate --watch, bench/watch.bench.ts): the
// modules, prettier and ajv stay loaded, formatted text is remembered by the hash of its
// unformatted text (so only files whose emitted text changed go through prettier), and the
// writer writes only files whose bytes changed. An edit to one activity type therefore
// rewrites only the files that depend on it.
import { createHash } from 'node:crypto';
import { watch as fsWatch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import { displayPath, loadSpec, SpecError } from '../pipeline/load.ts';
import { emitAll, targetFormatters } from '../pipeline/generate.ts';
import {
  compare,
  formatFiles,
  loadCache,
  saveCache,
  writeChanges,
  type Comparison,
  type FormatCache,
} from '../pipeline/write.ts';
import type { GeneratedFile } from '../pipeline/generated-file.ts';
import { inputFingerprint, recordManifest } from '../pipeline/fingerprint.ts';
import { assemblePackages, runtimeSource } from '../targets/typescript/packages.ts';
import { compilePackages } from '../targets/typescript/compile.ts';

export interface RegenerateOptions {
  specDir: string;
  outDir: string;
  /** The repository root (fingerprint of generator/, runtime/, templates/). */
  root: string;
  /** Prettier's on-disk cache (shared with crmgen generate); undefined keeps it in memory only. */
  cacheFile?: string;
  /** Where the no-change manifest lives; undefined records none. */
  cacheDir?: string;
}

export type RegenerateResult =
  | {
      ok: true;
      comparison: Comparison;
      formatted: number;
      ms: number;
      timings: [string, number][];
      files: Map<string, string>;
      skipped: boolean;
    }
  | { ok: false; error: unknown; ms: number };

const hash = (s: string) => createHash('sha256').update(s).digest('hex');

export class Regenerator {
  /** Unformatted hash -> formatted text, for every TypeScript file seen in this process. */
  private readonly formattedText = new Map<string, string>();
  private readonly diskCache: FormatCache;
  private lastKey: string | undefined;
  private compiled: { key: string; files: Map<string, string> } | undefined;

  constructor(readonly opts: RegenerateOptions) {
    this.diskCache = opts.cacheFile ? loadCache(opts.cacheFile) : { entries: {} };
  }

  /** Loads the spec from disk, emits, formats what changed, writes what differs. Never throws. */
  async run(): Promise<RegenerateResult> {
    const started = performance.now();
    const timings: [string, number][] = [];
    let t = started;
    const lap = (name: string) => {
      const now = performance.now();
      timings.push([name, now - t]);
      t = now;
    };
    try {
      const spec = loadSpec(this.opts.specDir);
      lap('load');
      const emitted = emitAll(spec, lap);
      const raw = assemblePackages(spec, emitted, runtimeSource(this.opts.root));
      lap('packages');
      // Same emitted text as the last successful run (a save without a change): nothing to do.
      const key = hash(raw.map((f) => `${f.path}\0${f.content}`).join('\0'));
      const skipped = key === this.lastKey;
      // The packages' dist/ depends only on their emitted src/ (as in generate, the compile reads the
      // emitted texts and runs while this thread formats): compiled again only when a source changed.
      const sources = raw.filter((f) => /^(client|server)\/src\//.test(f.path));
      const sourceKey = hash(sources.map((f) => `${f.path}\0${f.content}`).join('\0'));
      const compiling =
        sourceKey === this.compiled?.key
          ? Promise.resolve(this.compiled.files)
          : compilePackages(new Map(raw.map((f) => [f.path, f.content])), this.opts.root);
      compiling.catch(() => {});
      const files = new Map<string, string>();
      const formatters = targetFormatters();
      const toFormat: GeneratedFile[] = [];
      for (const f of raw) {
        if (f.format !== 'typescript' && !formatters[f.format]) files.set(f.path, f.content);
        else {
          const known = this.formattedText.get(hash(f.content));
          if (known !== undefined) files.set(f.path, known);
          else toFormat.push(f);
        }
      }
      const { files: formattedNow, formatted } = await formatFiles(
        toFormat,
        this.opts.outDir,
        this.diskCache,
        undefined,
        formatters,
      );
      for (const f of toFormat) {
        const text = formattedNow.get(f.path)!;
        this.formattedText.set(hash(f.content), text);
        files.set(f.path, text);
      }
      if (this.opts.cacheFile && formatted) saveCache(this.opts.cacheFile, this.diskCache);
      lap('format');
      this.compiled = { key: sourceKey, files: await compiling };
      for (const [p, text] of this.compiled.files) files.set(p, text);
      lap('compile');
      // Keep the emitters' order of files stable for the comparison and the report.
      const ordered = new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
      const comparison = compare(ordered, this.opts.outDir);
      writeChanges(ordered, this.opts.outDir, comparison);
      lap('write');
      if (
        this.opts.cacheDir &&
        (!skipped || comparison.changed.length + comparison.added.length + comparison.removed.length)
      ) {
        recordManifest(
          this.opts.cacheDir,
          this.opts.outDir,
          inputFingerprint(this.opts.root, this.opts.specDir),
          ordered,
        );
        lap('manifest');
      }
      this.lastKey = key;
      return { ok: true, comparison, formatted, ms: performance.now() - started, timings, files: ordered, skipped };
    } catch (error) {
      return { ok: false, error, ms: performance.now() - started };
    }
  }
}

export interface WatchOptions extends RegenerateOptions {
  /** Folders whose changes trigger a run (the spec folder and templates/). */
  watch: string[];
  debounceMs?: number;
  /** Called with the names of the changed files before each run, and with its result after. */
  onRun(changed: string[], result: RegenerateResult): void;
}

export interface Watcher {
  /** The first full run. */
  ready: Promise<RegenerateResult>;
  /** Stops watching; resolves when a run in progress has finished. */
  close(): Promise<void>;
}

/** Runs once, then again after every (debounced) change under the watched folders; runs never overlap. */
export function watchAndRegenerate(opts: WatchOptions): Watcher {
  const regen = new Regenerator(opts);
  const debounce = opts.debounceMs ?? 60;
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let loop: Promise<void> | undefined;
  let closed = false;

  /** Runs until no change is pending; changes that arrive during a run are picked up by the next. */
  const drain = async () => {
    while (pending.size && !closed) {
      const changed = [...pending].sort();
      pending.clear();
      const result = await regen.run();
      if (!closed) opts.onRun(changed, result);
    }
  };
  const start = (work: () => Promise<void>) => {
    loop = work().finally(() => {
      loop = undefined;
      if (pending.size && !closed) kick();
    });
  };
  const kick = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      if (!loop) start(drain);
    }, debounce);
  };

  let resolveReady!: (r: RegenerateResult) => void;
  const ready = new Promise<RegenerateResult>((r) => (resolveReady = r));
  // Watch from the start, so an edit during the first run is not lost.
  const watchers: FSWatcher[] = opts.watch.map((dir) => {
    const w = fsWatch(dir, { recursive: true }, (_event, name) => {
      if (closed) return;
      const file = displayPath(name ? join(dir, String(name)) : dir);
      // Editor swap and backup files are not inputs.
      if (/(\.sw[a-p]x?|~|\.tmp|\/4913)$/.test(file)) return;
      pending.add(file);
      kick();
    });
    w.on('error', () => undefined);
    return w;
  });
  start(async () => {
    const first = await regen.run();
    opts.onRun([], first);
    resolveReady(first);
    await drain();
  });

  return {
    ready,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      for (const w of watchers) w.close();
      await loop;
    },
  };
}

export function isSpecError(e: unknown): e is SpecError {
  return e instanceof SpecError;
}
