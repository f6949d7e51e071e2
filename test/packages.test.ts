// generated/client and generated/server are npm packages in their own right: every import of
// every file stays inside the package folder, and every bare import is Node's own or a
// dependency the package declares. The manifests carry what the spec's packages section says.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ts } from 'ts-morph';
import { loadSpec } from '../generator/pipeline/load.ts';
import { emitAll } from '../generator/pipeline/generate.ts';
import { listFiles } from '../generator/pipeline/write.ts';
import { generatedDir, root, specDir } from './support/paths.ts';

const spec = loadSpec(specDir);

interface Manifest {
  name: string;
  version: string;
  description: string;
  license: string;
  type: string;
  sideEffects: boolean;
  exports: Record<string, string | { types: string; import: string }>;
  dependencies?: Record<string, string>;
  engines: { node: string };
}

describe.each(['client', 'server'] as const)('the %s package', (dir) => {
  const pkgDir = join(generatedDir, dir);
  const manifest = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as Manifest;
  const code = listFiles(pkgDir).filter((p) => /\.(ts|js)$/.test(p));

  it('imports nothing outside its folder, and only declared dependencies', () => {
    expect(code.length).toBeGreaterThan(20);
    const problems: string[] = [];
    for (const p of code) {
      const file = join(pkgDir, p);
      for (const { fileName: specifier } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
        if (specifier.startsWith('.')) {
          const target = relative(pkgDir, resolve(dirname(file), specifier));
          if (target.startsWith('..')) problems.push(`${dir}/${p} imports ${specifier}, outside the package`);
        } else if (!specifier.startsWith('node:') && !(specifier.split('/')[0]! in (manifest.dependencies ?? {}))) {
          problems.push(`${dir}/${p} imports ${specifier}, not a dependency of the package`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('has the manifest the spec describes, and every export target exists', () => {
    expect(manifest).toMatchObject({
      name: spec.packages[dir].name,
      version: spec.packages.version,
      description: spec.packages[dir].description,
      license: spec.packages.license,
      type: 'module',
      sideEffects: false,
    });
    expect(manifest.engines.node).toMatch(/^>=\d+/);
    const files = new Set(listFiles(pkgDir));
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      const targets = typeof target === 'string' ? [target] : Object.values(target);
      for (const t of targets) {
        const path = t.replace(/^\.\//, '');
        if (!path.includes('*')) expect(files, `${subpath} -> ${t}`).toContain(path);
        else {
          // A subpath pattern (./resources/*): some files match it, and for each its JavaScript and declarations both exist.
          const [head, tail] = path.split('*') as [string, string];
          const matches = [...files].filter((f) => f.startsWith(head) && f.endsWith(tail));
          expect(matches.length, `${subpath} -> ${t}`).toBeGreaterThan(0);
          for (const m of matches)
            for (const other of targets)
              expect(files, `${subpath}: ${m} -> ${other}`).toContain(
                other.replace(/^\.\//, '').replace('*', m.slice(head.length, m.length - tail.length)),
              );
        }
      }
    }
    for (const f of ['README.md', 'LICENSE', 'CHANGELOG.md']) expect(files).toContain(f);
    expect(readFileSync(join(pkgDir, 'LICENSE'), 'utf8')).toContain(spec.packages.copyright ?? '');
  });

  it('ships JavaScript and declarations for every source module', () => {
    const sources = code.filter((p) => p.startsWith('src/') && p.endsWith('.ts') && !p.endsWith('.d.ts'));
    for (const s of sources) {
      const base = s.replace(/^src\//, 'dist/').replace(/\.ts$/, '');
      expect(code).toContain(`${base}.js`);
      expect(code).toContain(`${base}.d.ts`);
    }
  });
});

describe('the client package', () => {
  it('runs in browsers: no Node module anywhere in it, and no dependency', () => {
    const pkgDir = join(generatedDir, 'client');
    const code = listFiles(pkgDir).filter((p) => /\.(ts|js)$/.test(p));
    const nodeImports = code.filter((p) =>
      ts
        .preProcessFile(readFileSync(join(pkgDir, p), 'utf8'), true, true)
        .importedFiles.some((f) => f.fileName.startsWith('node:')),
    );
    expect(nodeImports).toEqual([]);
    expect((JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as Manifest).dependencies).toBeUndefined();
  });
});

describe('the imports an emitter declares (GeneratedFile.imports, which the packages follow)', () => {
  it('are, for every emitted module, what TypeScript finds in its text', () => {
    // The sources the packages hold (facts.d.ts and the other neutral outputs are in none).
    const modules = emitAll(spec).filter((f) =>
      /^(types|codecs|validators|client\/src|server\/src)\/.*\.[jt]s$/.test(f.path),
    );
    expect(modules.length).toBeGreaterThan(50);
    for (const f of modules)
      expect(f.imports, f.path).toEqual(ts.preProcessFile(f.content, true, true).importedFiles.map((i) => i.fileName));
  });
});
