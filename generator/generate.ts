// The pipeline in one place: load spec -> IR -> emitters -> format -> compare/write.
// Each stage is timed so the CLI can say where the time went.
import { join } from 'node:path';
import { loadSpec, type LoadOptions } from './load.ts';
import type { Spec } from './model.ts';
import { compare, diffReport, formatFiles, loadCache, saveCache, writeChanges, type Comparison, type GeneratedFile } from './write.ts';
import { emitTypes } from './emit/types.ts';
import { emitSchemas } from './emit/schemas.ts';
import { emitRuntimeSpec } from './emit/runtime-spec.ts';
import { emitCodecs } from './emit/codecs.ts';
import { emitServer } from './emit/server.ts';
import { emitClient } from './emit/client.ts';
import { emitClientReadme } from './emit/client-readme.ts';
import { emitDocs } from './emit/docs.ts';
import { emitOpenApi } from './emit/openapi.ts';
import { emitValidators } from './emit/validators.ts';
import { emitApiSurface } from './emit/api-surface.ts';
import { defaultCacheDir } from './fingerprint.ts';
import { assemblePackages, runtimeSource } from './packages.ts';
import { compilePackages } from './compile.ts';
import { root } from './root.ts';

/** An emitter is a pure function of the IR. */
export interface Emitter {
  name: string;
  emit(spec: Spec): GeneratedFile[];
}

export const emitters: Emitter[] = [
  { name: 'types', emit: emitTypes },
  { name: 'schemas', emit: emitSchemas },
  { name: 'runtime-spec', emit: emitRuntimeSpec },
  { name: 'codecs', emit: emitCodecs },
  { name: 'server', emit: emitServer },
  { name: 'client', emit: emitClient },
  { name: 'client-readme', emit: emitClientReadme },
  { name: 'docs', emit: emitDocs },
  { name: 'openapi', emit: emitOpenApi },
  { name: 'validators', emit: emitValidators },
  { name: 'api-surface', emit: emitApiSurface },
];

export interface GenerateOptions {
  specDir: string;
  outDir: string;
  /** Compare only; write nothing. */
  check?: boolean;
  /** Where the prettier cache lives; undefined disables it. */
  cacheFile?: string;
  load?: LoadOptions;
}

export interface GenerateResult {
  files: Map<string, string>;
  comparison: Comparison;
  formatted: number;
  timings: [string, number][];
  diff?: string;
}

/** Emits every file in memory, formatted, without touching the disk (golden tests). */
export async function generateInMemory(opts: GenerateOptions): Promise<{ files: Map<string, string>; formatted: number; timings: [string, number][] }> {
  const timings: [string, number][] = [];
  let t = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings.push([name, now - t]);
    t = now;
  };
  const spec = loadSpec(opts.specDir, opts.load);
  lap('load');
  const raw: GeneratedFile[] = [];
  for (const e of emitters) {
    raw.push(...e.emit(spec));
    lap(`emit ${e.name}`);
  }
  const laidOut = assemblePackages(spec, raw, runtimeSource(root));
  lap('packages');
  const cache = opts.cacheFile ? loadCache(opts.cacheFile) : { entries: {} };
  const { files, formatted } = await formatFiles(laidOut, opts.outDir, cache);
  if (opts.cacheFile && formatted) saveCache(opts.cacheFile, cache);
  lap('format');
  for (const [path, text] of compilePackages(files, root)) files.set(path, text);
  lap('compile');
  return { files, formatted, timings };
}

export async function generate(opts: GenerateOptions): Promise<GenerateResult> {
  const { files, formatted, timings } = await generateInMemory(opts);
  const t = performance.now();
  const comparison = compare(files, opts.outDir);
  const stale = comparison.changed.length + comparison.added.length + comparison.removed.length > 0;
  let diff: string | undefined;
  if (opts.check) {
    if (stale) diff = diffReport(files, opts.outDir, comparison);
  } else writeChanges(files, opts.outDir, comparison);
  timings.push([opts.check ? 'compare' : 'write', performance.now() - t]);
  return { files, comparison, formatted, timings, diff };
}

export const defaultCacheFile = (root: string) => join(defaultCacheDir(root), 'format.json');
