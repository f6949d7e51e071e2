// Skips the whole pipeline when nothing it reads has changed: a fingerprint of the spec,
// the generator's own sources, the templates and the formatter's version, stored with the
// hash of every file the last run produced. Loading ts-morph and prettier costs far more
// than the work of a no-change run, so this check imports neither.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { listFiles } from './write.ts';

const sha = (data: string | Buffer) => createHash('sha256').update(data).digest('hex').slice(0, 32);

export function inputFingerprint(root: string, specDir: string): string {
  const h = createHash('sha256');
  const add = (dir: string, label: string) => {
    for (const p of listFiles(dir))
      h.update(`${label}/${p}\0`)
        .update(readFileSync(join(dir, p)))
        .update('\0');
  };
  add(specDir, 'spec');
  add(join(root, 'generator'), 'generator');
  add(join(root, 'templates'), 'templates');
  for (const pkg of ['prettier', 'ts-morph', 'typescript', 'ajv', 'yaml', 'handlebars']) {
    const file = join(root, 'node_modules', pkg, 'package.json');
    h.update(
      `${pkg}@${existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version : 'none'}\0`,
    );
  }
  return h.digest('hex').slice(0, 32);
}

interface Manifest {
  fingerprint: string;
  files: Record<string, string>;
}

const manifestFile = (cacheDir: string, outDir: string) => join(cacheDir, `manifest-${sha(outDir)}.json`);

/** True when outDir holds exactly what the last run from the same inputs wrote. */
export function upToDate(cacheDir: string, outDir: string, fingerprint: string): boolean {
  let m: Manifest;
  try {
    m = JSON.parse(readFileSync(manifestFile(cacheDir, outDir), 'utf8')) as Manifest;
  } catch {
    return false;
  }
  if (m.fingerprint !== fingerprint) return false;
  const onDisk = listFiles(outDir);
  const expected = Object.keys(m.files).sort();
  if (onDisk.length !== expected.length || onDisk.some((p, i) => p !== expected[i])) return false;
  return onDisk.every((p) => sha(readFileSync(join(outDir, p))) === m.files[p]);
}

export function recordManifest(cacheDir: string, outDir: string, fingerprint: string, files: Map<string, string>) {
  const m: Manifest = { fingerprint, files: Object.fromEntries([...files].map(([p, text]) => [p, sha(text)])) };
  const file = manifestFile(cacheDir, outDir);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(m));
}

/** CRMGEN_CACHE_DIR moves the cache (benchmarks use a temp dir so they never touch the developer's). */
// The working folder's node_modules/.cache when it has node_modules (this repository, a user's
// project), so an installed crmgen never writes into its own folder.
export const defaultCacheDir = (root: string) =>
  process.env.CRMGEN_CACHE_DIR ||
  join(existsSync(join(process.cwd(), 'node_modules')) ? process.cwd() : root, 'node_modules', '.cache', 'crmgen');
