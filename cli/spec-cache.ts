// crmgen serve --spec DIR: the service of another spec. Its generated/ is written to a cache
// folder (never into the spec folder), regenerated only when the spec or crmgen changed (the
// fingerprint of crmgen generate), and module hooks then load that folder's files wherever the
// service imports this installation's generated/.
import { createHash } from 'node:crypto';
import { register } from 'node:module';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inputFingerprint, recordManifest, upToDate } from '../generator/pipeline/fingerprint.ts';
import { root } from './default-dirs.ts';

/** CRMGEN_CACHE_DIR, else the user's cache folder (XDG_CACHE_HOME or ~/.cache). */
export function serveCacheDir(specDir: string): string {
  const base = process.env.CRMGEN_CACHE_DIR ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'crmgen');
  return join(base, 'serve', createHash('sha256').update(specDir).digest('hex').slice(0, 16));
}

/** Generates (if stale) the service of specDir and points generated/ there; returns that folder. */
export async function useSpec(specDir: string): Promise<string> {
  const cacheDir = serveCacheDir(specDir);
  const outDir = join(cacheDir, 'generated');
  const fingerprint = inputFingerprint(root, specDir);
  if (!upToDate(cacheDir, outDir, fingerprint)) {
    const started = performance.now();
    const { generate } = await import('../generator/pipeline/generate.ts');
    const result = await generate({ specDir, outDir, cacheFile: join(cacheDir, 'format.json') });
    recordManifest(cacheDir, outDir, fingerprint, result.files);
    process.stderr.write(
      `crmgen serve: generated the service of ${specDir} in ${((performance.now() - started) / 1000).toFixed(1)} s (kept in ${outDir})\n`,
    );
  }
  register(new URL('./generated-loader.js', import.meta.url), {
    data: { from: pathToFileURL(resolve(root, 'generated')).href + '/', to: pathToFileURL(outDir).href + '/' },
  });
  return outDir;
}
