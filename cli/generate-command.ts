// crmgen generate: regenerate generated/ from spec/, or check that it is current.
import { resolve } from 'node:path';
import { defaultCacheDir, inputFingerprint, recordManifest, upToDate } from '../generator/pipeline/fingerprint.ts';
import { defaultSpecDir, root } from './default-dirs.ts';

class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export interface GenerateOptions {
  spec?: string;
  out?: string;
  check?: boolean;
  quiet?: boolean;
  watch?: boolean;
}

export async function runGenerate(values: GenerateOptions): Promise<number> {
  const started = performance.now();
  const specDir = values.spec === undefined ? defaultSpecDir() : resolve(values.spec);
  // Output goes to the working folder's generated/, never into an installed crmgen.
  const outDir = resolve(values.out ?? 'generated');
  const cacheDir = defaultCacheDir(root);
  if (values.watch) {
    if (values.check) throw new UsageError('--watch and --check cannot be combined');
    return (await import('./watch.ts')).runWatch({ specDir, outDir, cacheDir });
  }
  const fingerprint = inputFingerprint(root, specDir);
  if (upToDate(cacheDir, outDir, fingerprint)) {
    const ms = performance.now() - started;
    if (!values.quiet)
      console.log(
        `crmgen generate${values.check ? ' --check' : ''}: nothing changed since the last run, generated/ verified by hash (${ms.toFixed(0)} ms)`,
      );
    return 0;
  }
  // The pipeline (ts-morph, prettier, ajv) loads only when there is work to do; its worker thread
  // starts first, loading prettier and the spec on the other core meanwhile.
  (await import('../generator/pipeline/write.ts')).HelperThread.prestart(specDir);
  const { generate, defaultCacheFile } = await import('../generator/pipeline/generate.ts');
  const result = await generate({
    specDir,
    outDir,
    check: values.check === true,
    cacheFile: defaultCacheFile(root),
    formatWorker: true,
  });
  const ms = performance.now() - started;
  const c0 = result.comparison;
  if (c0.changed.length + c0.added.length + c0.removed.length === 0 || !values.check)
    recordManifest(cacheDir, outDir, fingerprint, result.files);
  const c = result.comparison;
  const stages = result.timings.map(([n, t]) => `${n} ${t.toFixed(0)}ms`).join(', ');
  if (values.check) {
    const stale = c.changed.length + c.added.length + c.removed.length;
    if (stale) {
      process.stdout.write(`${result.diff}\n`);
      process.stderr.write(
        `crmgen generate --check: generated/ is stale: ${c.changed.length} changed, ${c.added.length} missing, ${c.removed.length} extra\n` +
          [
            ...c.changed.map((p) => `  changed ${p}`),
            ...c.added.map((p) => `  missing ${p}`),
            ...c.removed.map((p) => `  extra   ${p}`),
          ].join('\n') +
          '\nrun `crmgen generate` to update it\n',
      );
      return 1;
    }
    if (!values.quiet)
      console.log(`crmgen generate --check: ${c.unchanged.length} files up to date (${ms.toFixed(0)} ms: ${stages})`);
    return 0;
  }
  if (!values.quiet) {
    console.log(
      `crmgen generate: ${c.changed.length + c.added.length} written, ${c.removed.length} removed, ${c.unchanged.length} unchanged, ${result.formatted} formatted (${ms.toFixed(0)} ms: ${stages})`,
    );
    // A cold run writes every file; list them only when the change is small enough to read.
    const touched = [
      ...c.changed.map((p) => `  wrote ${p}`),
      ...c.added.map((p) => `  wrote ${p}`),
      ...c.removed.map((p) => `  removed ${p}`),
    ];
    if (touched.length)
      console.log(
        touched.length > 20
          ? [...touched.slice(0, 20), `  ... and ${touched.length - 20} more`].join('\n')
          : touched.join('\n'),
      );
  }
  return 0;
}
