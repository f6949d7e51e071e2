// The pipeline in one place: load spec -> IR -> emitters -> format -> compare/write.
// Each stage is timed so the CLI can say where the time went.
import { dirname, join } from 'node:path';
import type { LoadOptions } from './load.ts';
import type { Spec } from './model.ts';
import { existsSync } from 'node:fs';
import {
  compare,
  diffReport,
  HelperThread,
  formatFiles,
  loadCache,
  offered,
  saveCache,
  Staging,
  writeChanges,
  type Comparison,
  type OfferedEmitter,
} from './write.ts';
import type { GeneratedFile } from './generated-file.ts';
import { emitValidators, providePrecompiled, validatorInput } from '../targets/typescript/validators.ts';
import { emitApiSurface, type SurfaceEntry } from '../targets/typescript/api-surface.ts';
import { targets } from '../targets/index.ts';
import { outputs } from '../outputs/index.ts';
import type { Emitter } from './emitter.ts';
import type { Formatter } from '../targets/contract.ts';
import { derive, restrict, type Derived, type DerivedName } from '../sdk-model/derive.ts';
import { defaultCacheDir } from './fingerprint.ts';
import { assemblePackages, runtimeSource } from '../targets/typescript/packages.ts';
import { compilePackagesCached, KeptOutput } from '../targets/typescript/compile.ts';
import { root } from './root.ts';

export type { Emitter } from './emitter.ts';

/** Every emitter, in the order they run: each target's, then the neutral outputs. */
export const emitters: Emitter[] = [...targets.flatMap((t) => t.emitters), ...outputs];

/**
 * A summary reads what some emitters wrote in this run (never running them again): the API
 * surface is the client's and types' declarations, as a reviewer reads them.
 */
export interface Summary {
  name: string;
  reads: readonly string[];
  summarize(files: GeneratedFile[]): GeneratedFile[];
}

export const summaries: Summary[] = [{ name: 'api-surface', reads: ['types', 'client'], summarize: emitApiSurface }];

export interface EmitHooks {
  /** Sees each emitter's files as soon as it returns (generate starts formatting them meanwhile). */
  emitted?(files: GeneratedFile[], by: Emitter): void;
  /** The derived models, when the caller has read some already. */
  derived?: Derived;
  /** An emitter's files made elsewhere (generate's worker thread): used instead of running it. */
  made?(by: Emitter): GeneratedFile[] | undefined;
  /**
   * True for an emitter being made elsewhere: it is yielded again after the summaries (which read
   * no such emitter), so this thread summarizes meanwhile instead of waiting; its files keep their place.
   */
  later?(e: Emitter): boolean;
}

/**
 * Every file of the emitters and summaries, in order. Derived models are computed before the
 * emitters run, each once, so `lap` times them apart.
 */
export function emitAll(
  spec: Spec,
  lap: (name: string) => void = () => {},
  only?: readonly string[],
  hooks: EmitHooks = {},
): GeneratedFile[] {
  const steps = emitting(spec, lap, only, hooks);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** emitAll, awaiting `before(emitter)` before each emitter runs (generate waits there for work done on its worker thread). */
async function emitAllAsync(
  spec: Spec,
  lap: (name: string) => void,
  hooks: EmitHooks,
  before: (e: Emitter) => Promise<void> | undefined,
): Promise<GeneratedFile[]> {
  const steps = emitting(spec, lap, undefined, hooks);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await before(step.value);
  }
}

/** The emit loop, yielding each emitter before it runs. */
function* emitting(
  spec: Spec,
  lap: (name: string) => void,
  only: readonly string[] | undefined,
  hooks: EmitHooks,
): Generator<Emitter, GeneratedFile[]> {
  const chosen = only ? emitters.filter((e) => only.includes(e.name)) : emitters;
  const derived = hooks.derived ?? derive(spec);
  for (const name of new Set(chosen.flatMap((e) => e.needs))) {
    void derived[name];
    lap(`derive ${name}`);
  }
  const byEmitter = new Map<string, GeneratedFile[]>();
  const deferred: Emitter[] = [];
  const chosenSummaries = only ? [] : summaries;
  const run = (e: Emitter) => {
    const files = hooks.made?.(e) ?? e.emit(spec, restrict(derived, e.needs, e.name));
    byEmitter.set(e.name, files);
    lap(`emit ${e.name}`);
    hooks.emitted?.(files, e);
  };
  for (const e of chosen) {
    byEmitter.set(e.name, []);
    if (hooks.later?.(e) && !chosenSummaries.some((s) => s.reads.includes(e.name))) {
      deferred.push(e);
      continue;
    }
    yield e;
    run(e);
  }
  const summarized: GeneratedFile[] = [];
  for (const s of chosenSummaries) {
    summarized.push(...s.summarize(s.reads.flatMap((name) => byEmitter.get(name) ?? [])));
    lap(`summary ${s.name}`);
  }
  for (const e of deferred) {
    yield e;
    run(e);
  }
  return [...[...byEmitter.values()].flat(), ...summarized];
}

/** The public surface of every target's SDK that a spec generates (crmgen diff compares two). */
export function sdkSurface(spec: Spec): SurfaceEntry[] {
  return targets.flatMap((t) => (t.surface ? t.surface.lines(emitAll(spec, undefined, t.surface.reads)) : []));
}

export interface GenerateOptions {
  specDir: string;
  outDir: string;
  /** Compare only; write nothing. */
  check?: boolean;
  /** Where the prettier cache lives; undefined disables it. */
  cacheFile?: string;
  load?: LoadOptions;
  /** Format on a worker thread while the emitters run (one-off runs; compiled JavaScript only). */
  formatWorker?: boolean;
}

export interface GenerateResult {
  files: Map<string, string>;
  comparison: Comparison;
  formatted: number;
  timings: [string, number][];
  diff?: string;
}

/**
 * Emits every file in memory, formatted, without touching the disk (golden tests). `kept`, when
 * given, receives where the compile left the dist/ files (the caller moves them into place, then
 * disposes it); otherwise they are removed before this returns.
 */
export async function generateInMemory(
  opts: GenerateOptions,
  kept?: KeptOutput,
  staging?: Staging,
): Promise<{ files: Map<string, string>; formatted: number; timings: [string, number][] }> {
  const timings: [string, number][] = [];
  let t = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings.push([name, now - t]);
    t = now;
  };
  const cache = opts.cacheFile ? loadCache(opts.cacheFile) : { entries: {} };
  const early = opts.formatWorker ? new HelperThread(cache) : undefined;
  // Every compile started, each with its work folder: the one whose output is used hands it to `kept`.
  const runs: KeptOutput[] = [];
  try {
    return await emitAndFormat(opts, early, cache, timings, lap, runs, kept, staging);
  } finally {
    early?.close();
    for (const r of runs) r.dispose();
  }
}

async function emitAndFormat(
  opts: GenerateOptions,
  early: HelperThread | undefined,
  cache: ReturnType<typeof loadCache>,
  timings: [string, number][],
  lap: (name: string) => void,
  runs: KeptOutput[],
  kept: KeptOutput | undefined,
  staging: Staging | undefined,
) {
  // Loaded on the worker meanwhile when the CLI asked it to (HelperThread.prestart), else here
  // (the loader and yaml then load in this thread only now).
  const spec =
    (opts.load === undefined && (await early?.loadedSpec(opts.specDir))) ||
    (await import('./load.ts')).loadSpec(opts.specDir, opts.load);
  lap('load');
  const runtime = runtimeSource(root);
  const scanned = new Map<string, string[]>();
  // The compile reads the emitted sources, not prettier's output, so it runs (native tsc, in child
  // processes) while this thread emits the rest and formats: a file's layout never changes what it
  // compiles to. It starts once the emitters of package sources have run.
  const compile = (sources: Map<string, string>) => {
    const own = new KeptOutput();
    runs.push(own);
    const run = compilePackagesCached(sources, root, opts.outDir, opts.cacheFile && dirname(opts.cacheFile), own);
    // A failed compile is reported when awaited below, not as an unhandled rejection meanwhile.
    run.catch(() => {});
    return { sources, run, own };
  };
  let compiling: ReturnType<typeof compile> | undefined;
  const lastSourceEmitter = emitters.filter((e) => e.packageSources).at(-1);
  const sourcesSoFar: GeneratedFile[] = [];
  const derived = derive(spec);
  // The validators' ajv compile goes to the worker thread now; the emitter takes its result.
  const input = early && validatorInput(spec, derived.requestSchemas);
  const validators = input && early.compileValidators(input).then((c) => c && providePrecompiled(input, c));
  // The docs and openapi (the largest emitters that load no ts-morph) are offered to the worker
  // now, behind the ajv compile and ahead of any formatting (which is awaited only at the end): it
  // runs each unless this thread reaches the emitter first (measured: a third of a second less on
  // this thread, whose work is what a cold run waits for; behind the client's formatting, as before,
  // the worker rarely got to them in time).
  const offers = new Map<string, { files?: GeneratedFile[]; done: Promise<void> }>();
  if (early)
    for (const name of offered) {
      const offer: { files?: GeneratedFile[]; done: Promise<void> } = { done: Promise.resolve() };
      offer.done = early.offer(name, spec, derived.descriptors).then((files) => void (offer.files = files));
      offers.set(name, offer);
    }
  const emitted = (files: GeneratedFile[], by: Emitter) => {
    early?.send(files);
    if (by.packageSources) sourcesSoFar.push(...files);
    if (by === lastSourceEmitter)
      compiling = compile(packageSources(assemblePackages(spec, sourcesSoFar, runtime, scanned)));
  };
  const made = (e: Emitter) => offers.get(e.name)?.files;
  const isOffered = (name: string): name is OfferedEmitter => (offered as readonly string[]).includes(name);
  // The worker's (it started them): awaited after the summaries. Else this thread claims it (the worker then skips it).
  const workers = new Set<string>();
  const later = (e: Emitter) => !!early && isOffered(e.name) && !early.claim(e.name) && !!workers.add(e.name);
  const before = (e: Emitter) =>
    e.emit === emitValidators ? validators : workers.has(e.name) ? offers.get(e.name)?.done : undefined;
  const raw = await emitAllAsync(spec, lap, { derived, emitted, made, later }, before);
  const assembled = assemblePackages(spec, raw, runtime, scanned);
  // Should a later emitter have added or changed a package source, the compile starts over.
  const sources = packageSources(assembled);
  const final = compiling && sameTexts(compiling.sources, sources) ? compiling : compile(sources);
  lap('packages');
  const formatting = formatFiles(assembled, opts.outDir, cache, early, targetFormatters());
  // The files prettier leaves alone are final: staged while the worker formats the others.
  staging?.write(
    assembled.filter((f) => f.format !== 'typescript' && !targetFormatters()[f.format]).map((f) => [f.path, f.content]),
  );
  const { files, formatted } = await formatting;
  if (opts.cacheFile && formatted) saveCache(opts.cacheFile, cache);
  lap('format');
  // And the formatted ones while the compile runs.
  staging?.write(files);
  const compiled = await final.run;
  for (const [path, text] of compiled.files) files.set(path, text);
  kept?.adopt(final.own);
  // The time spent waiting for it after formatting ended.
  lap(compiled.skipped ? 'compile (unchanged sources, dist/ kept)' : 'compile');
  return { files, formatted, timings };
}

/** The files the packages compile from (their src/), by path. */
const packageSources = (files: GeneratedFile[]) =>
  new Map(files.filter((f) => /^(client|server)\/src\//.test(f.path)).map((f) => [f.path, f.content]));

const sameTexts = (a: Map<string, string>, b: Map<string, string>) =>
  a.size === b.size && [...a].every(([path, text]) => b.get(path) === text);

/** Every target's formatter by file format (typescript stays with write.ts's prettier batch). */
export function targetFormatters(): Partial<Record<GeneratedFile['format'], Formatter>> {
  const out: Partial<Record<GeneratedFile['format'], Formatter>> = {};
  for (const t of targets)
    for (const [format, f] of Object.entries(t.formatters ?? {})) out[format as GeneratedFile['format']] ??= f;
  return out;
}

export async function generate(opts: GenerateOptions): Promise<GenerateResult> {
  const kept = new KeptOutput();
  // A first run into a new folder writes as files become final (see Staging); --check writes nothing.
  const staging = !opts.check && !existsSync(opts.outDir) ? new Staging(opts.outDir) : undefined;
  try {
    const { files, formatted, timings } = await generateInMemory(opts, kept, staging);
    const t = performance.now();
    const comparison = compare(files, opts.outDir);
    const stale = comparison.changed.length + comparison.added.length + comparison.removed.length > 0;
    let diff: string | undefined;
    if (opts.check) {
      if (stale) diff = diffReport(files, opts.outDir, comparison);
    } else if (staging) staging.finish(files, kept.files);
    else writeChanges(files, opts.outDir, comparison, kept.files);
    timings.push([opts.check ? 'compare' : 'write', performance.now() - t]);
    return { files, comparison, formatted, timings, diff };
  } catch (e) {
    staging?.discard();
    throw e;
  } finally {
    kept.dispose();
  }
}

export const defaultCacheFile = (root: string) => join(defaultCacheDir(root), 'format.json');
