// What an app's bundle of the generated client holds (issue 17): the app that lists and creates
// contacts, bundled by esbuild through the package's exports as a web developer would, keeps the
// messages and validators of those two calls and of nothing else, speaks one format, and stays
// under 25 KB gzipped; the whole client (createClient) keeps every resource. Sizes are not
// timings: a byte bound is a property of the artifact, the same on every machine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { appSource, bundleApp, linkClient, type Bundle } from './support/bundles.ts';
import { loadSpec } from '../generator/pipeline/load.ts';
import { root, specDir } from './support/paths.ts';

const spec = loadSpec(specDir);

let linked: ReturnType<typeof linkClient>;
const bundles = new Map<string, Bundle>();

beforeAll(async () => {
  linked = linkClient();
  for (const app of ['modular-xml', 'modular-json', 'whole'] as const)
    bundles.set(app, await bundleApp(appSource(app, linked.name), linked.dir));
}, 120_000);

afterAll(() => {
  if (linked) rmSync(linked.dir, { recursive: true, force: true });
});

const modules = (app: string) => Object.keys(bundles.get(app)!.inputs).filter((p) => p.startsWith('dist/'));

describe('the two-call app on the modular client (connect, one format, resources/contacts)', () => {
  it.each(['modular-xml', 'modular-json'])(
    '%s: holds the contacts messages and validators, and no module of another resource',
    (app) => {
      const held = modules(app);
      expect(held).toContain('dist/resources/contacts.js');
      expect(held).toContain('dist/codecs/records/contacts.js');
      expect(held).toContain('dist/validators/schemas/records/contacts.js');
      const others = held.filter(
        (p) => /\/(resources|codecs|validators\/schemas)\//.test(p) && !/\/(records\/)?contacts\.js$/.test(p),
      );
      // common.js holds the error envelope, parts.js the descriptor parts of several resources (field
      // sets, structures), shared.js the validators several resources share (contacts' list parameters among them).
      expect(others.sort()).toEqual([
        'dist/codecs/common.js',
        'dist/codecs/parts.js',
        'dist/validators/schemas/shared.js',
      ]);
      for (const segment of spec.activities.map((a) => a.segment)) {
        expect(held).not.toContain(`dist/codecs/activities/${segment}.js`);
        expect(held).not.toContain(`dist/validators/schemas/activities/${segment}.js`);
      }
      // No registry of every message: neither the codecs' nor the validators' index, nor the server's specialized XML codecs.
      for (const registry of [
        'dist/codecs/index.js',
        'dist/codecs/descriptors.js',
        'dist/codecs/xml.js',
        'dist/validators/index.js',
        'dist/index.js',
      ])
        expect(held).not.toContain(registry);
      // Of the contacts messages, only those of the two calls (plus the error envelope) are in the text.
      const text = bundles.get(app)!.text;
      expect(text).toContain('/contacts/');
      expect(text).not.toContain('/contacts/categories/');
      expect(text).not.toContain('/contacts/fields/');
    },
  );

  it('holds one format: the XML app has no JSON codec, the JSON app no XML parser', () => {
    expect(modules('modular-json')).not.toContain('dist/runtime/xml.js');
    expect(modules('modular-xml')).toContain('dist/runtime/xml.js');
    expect(bundles.get('modular-xml')!.text).not.toContain('malformed JSON');
    expect(bundles.get('modular-json')!.text).toContain('malformed JSON');
  });

  it.each(['modular-xml', 'modular-json'])('%s: is at most 25 KB gzipped', (app) => {
    expect(bundles.get(app)!.gzip).toBeLessThanOrEqual(25 * 1024);
  });
});

describe('the same app on the whole client (createClient)', () => {
  it('holds every resource, both formats, and is larger than either modular bundle', () => {
    const held = modules('whole');
    for (const k of spec.kinds) expect(held).toContain(`dist/resources/${k.name}.js`);
    for (const a of spec.activities) expect(held).toContain(`dist/codecs/activities/${a.segment}.js`);
    expect(held).toContain('dist/runtime/xml.js');
    expect(bundles.get('whole')!.text).toContain('malformed JSON');
    expect(bundles.get('whole')!.gzip).toBeGreaterThan(bundles.get('modular-xml')!.gzip);
    expect(bundles.get('whole')!.gzip).toBeGreaterThan(bundles.get('modular-json')!.gzip);
  });
});

describe('every module of the client package', () => {
  it('has no load-time effect: imported for its effects alone, even where sideEffects is not declared, it bundles to nothing', async () => {
    // A copy whose package.json does not say sideEffects: false, so the bundler judges each statement itself.
    const dir = mkdtempSync(join(tmpdir(), 'crmgen-effects-'));
    try {
      cpSync(join(root, 'generated/client/dist'), join(dir, 'dist'), { recursive: true });
      writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
      const files = (readdirSync(join(dir, 'dist'), { recursive: true }) as string[]).filter((f) => f.endsWith('.js'));
      expect(files.length).toBeGreaterThan(40);
      const kept: string[] = [];
      for (const f of files) {
        const r = await build({
          stdin: { contents: `import ${JSON.stringify(join(dir, 'dist', f))};`, resolveDir: dir, loader: 'js' },
          bundle: true,
          minify: true,
          format: 'esm',
          platform: 'browser',
          target: 'es2022',
          write: false,
          logLevel: 'silent',
        });
        const text = r.outputFiles[0]!.text.trim();
        if (text) kept.push(`${f}: ${text.slice(0, 120)}`);
      }
      expect(kept).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
