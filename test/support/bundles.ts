// Web apps bundled as a web developer would (esbuild: bundled, minified, ESM, for browsers), for
// the bundle test and bench/packaging.bench.ts: the app of issue 17 that lists and creates
// contacts, written against the modular client (one format) and against the whole client.
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';

const root = fileURLToPath(new URL('../..', import.meta.url));

export type AppName = 'modular-xml' | 'modular-json' | 'whole' | 'none';

/** The app's source, importing the client package at `pkg` (a folder holding its package.json, or its name when installed). */
export function appSource(name: AppName, pkg: string): string {
  const list = 'document.body.textContent = String(page.count);';
  switch (name) {
    case 'modular-xml':
    case 'modular-json': {
      const format = name === 'modular-xml' ? 'xml' : 'json';
      return `import { connect } from '${pkg}/core';
import { ${format} } from '${pkg}/${format}';
import * as contacts from '${pkg}/resources/contacts';
const crm = connect({ baseUrl: location.origin, email: 'a@example.com', token: 't', format: ${format} });
const page = await contacts.listRecords(crm, { limit: 50 });
${list}
await contacts.createRecord(crm, { firstname: 'Ann' });`;
    }
    case 'whole':
      return `import { createClient } from '${pkg}';
const crm = createClient({ baseUrl: location.origin, email: 'a@example.com', token: 't', format: 'json' });
const page = await crm.contacts.list({ limit: 50 });
${list}
await crm.contacts.create({ firstname: 'Ann' });`;
    case 'none':
      return `const page = await (await fetch(location.origin + '/contacts/')).json();
${list}`;
  }
}

export interface Bundle {
  bytes: number;
  gzip: number;
  /** Modules of the bundle with the bytes each adds, paths relative to the package folder. */
  inputs: Record<string, number>;
  text: string;
}

/**
 * A folder whose node_modules/<client package> links to generated/client, so imports resolve
 * through the package's exports map as they do once it is installed. Remove it when done.
 */
export function linkClient(): { dir: string; name: string } {
  const pkgDir = join(root, 'generated/client');
  const name = (JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { name: string }).name;
  const dir = mkdtempSync(join(tmpdir(), 'crmgen-app-'));
  mkdirSync(join(dir, 'node_modules', dirname(name)), { recursive: true });
  symlinkSync(pkgDir, join(dir, 'node_modules', name), 'dir');
  return { dir, name };
}

/** Bundles an app whose imports resolve from `resolveDir` (a folder whose node_modules holds the package). */
export async function bundleApp(source: string, resolveDir: string): Promise<Bundle> {
  const r = await build({
    stdin: { contents: source, resolveDir, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const out = r.outputFiles[0]!;
  const meta: Metafile = r.metafile!;
  // The package's modules as dist/...: the same names whether it is linked or installed.
  const inputs = Object.fromEntries(
    Object.entries(Object.values(meta.outputs)[0]!.inputs).map(([path, i]) => [
      path.replace(/^(.*\/)?dist\//, 'dist/'),
      i.bytesInOutput,
    ]),
  );
  return { bytes: out.contents.length, gzip: gzipSync(out.contents).length, inputs, text: out.text };
}
