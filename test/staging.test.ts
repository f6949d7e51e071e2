// A first generate into a new folder writes into a hidden folder beside it and renames it into
// place (generator/pipeline/write.ts Staging): the result is what generated/ holds, nothing is left
// beside it, and a run that fails leaves neither the output folder nor the hidden one.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listFiles, Staging } from '../generator/pipeline/write.ts';
import { cli, generatedDir, root, specDir } from './support/paths.ts';

const run = (args: string[], cacheDir: string) =>
  spawnSync(process.execPath, [cli, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, CRMGEN_CACHE_DIR: cacheDir },
  });

describe('Staging', () => {
  it('renames the folder into place, moving whole ready folders and writing the rest', () => {
    const dir = mkdtempSync(join(tmpdir(), 'crmgen-staging-'));
    try {
      const compiled = join(dir, 'work');
      mkdirSync(join(compiled, 'pkg', 'dist', 'sub'), { recursive: true });
      writeFileSync(join(compiled, 'pkg', 'dist', 'a.js'), 'a');
      writeFileSync(join(compiled, 'pkg', 'dist', 'sub', 'b.js'), 'b');
      const out = join(dir, 'out');
      const s = new Staging(out);
      s.write([['early.json', '{}']]);
      const files = new Map([
        ['early.json', '{}'],
        ['pkg/src/x.ts', 'x'],
        ['pkg/dist/a.js', 'a'],
        ['pkg/dist/sub/b.js', 'b'],
        ['pkg/dist/c.d.ts', 'c'],
      ]);
      s.finish(
        files,
        new Map([
          ['pkg/dist/a.js', join(compiled, 'pkg', 'dist', 'a.js')],
          ['pkg/dist/sub/b.js', join(compiled, 'pkg', 'dist', 'sub', 'b.js')],
        ]),
      );
      expect(listFiles(out)).toEqual([...files.keys()].sort());
      for (const [p, text] of files) expect(readFileSync(join(out, p), 'utf8')).toBe(text);
      // The compile's folder moved as a whole.
      expect(existsSync(join(compiled, 'pkg', 'dist'))).toBe(false);
      expect(readdirSync(dir).sort()).toEqual(['out', 'work']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes into an output folder that appeared meanwhile, and discards leave nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'crmgen-staging-'));
    try {
      const out = join(dir, 'out');
      const s = new Staging(out);
      s.write([['a.txt', 'a']]);
      mkdirSync(out);
      writeFileSync(join(out, 'old.txt'), 'old');
      s.finish(
        new Map([
          ['a.txt', 'a'],
          ['b/c.txt', 'c'],
        ]),
      );
      expect(listFiles(out)).toEqual(['a.txt', 'b/c.txt']);
      expect(readdirSync(dir)).toEqual(['out']);
      const t = new Staging(join(dir, 'other'));
      t.write([['x.txt', 'x']]);
      t.discard();
      expect(readdirSync(dir)).toEqual(['out']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a cold generate into a new folder makes generated/; a failing one leaves nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'crmgen-staging-'));
    try {
      const out = join(dir, 'new', 'generated');
      const r = run(['generate', '--out', out], join(dir, 'cache'));
      expect(r.status, r.stderr).toBe(0);
      const expected = listFiles(generatedDir);
      expect(listFiles(out)).toEqual(expected);
      for (const p of expected)
        expect(readFileSync(join(out, p), 'utf8'), p).toBe(readFileSync(join(generatedDir, p), 'utf8'));
      expect(readdirSync(join(dir, 'new'))).toEqual(['generated']);
      // A run that fails once the staging folder exists (its spec does not load): nothing is left.
      const spec = join(dir, 'spec');
      cpSync(specDir, spec, { recursive: true });
      const yaml = readdirSync(spec).find((f) => f.endsWith('.yaml'))!;
      writeFileSync(join(spec, yaml), `${readFileSync(join(spec, yaml), 'utf8')}\n  : [unclosed\n`);
      const failed = run(['generate', '--spec', spec, '--out', join(dir, 'broken', 'generated')], join(dir, 'cache'));
      expect(failed.status).not.toBe(0);
      expect(readdirSync(join(dir, 'broken'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
