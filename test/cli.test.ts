// crmgen generate: --check gates stale output; writes only what changed.
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listFiles } from '../generator/pipeline/write.ts';
import { cli, generatedDir, root, specDir } from './support/paths.ts';

const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { cwd: root, encoding: 'utf8' });

describe('crmgen generate --check', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'crmgen-cli-'));
    cpSync(specDir, join(dir, 'spec'), { recursive: true });
    cpSync(generatedDir, join(dir, 'generated'), { recursive: true });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('exits 0 on the committed generated/', () => {
    const r = run('generate', '--check');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('exits 1 with a diff naming the changed files when one currency changes, and writes nothing', () => {
    const values = join(dir, 'spec/values.yaml');
    writeFileSync(values, readFileSync(values, 'utf8').replace('HRK, ', 'HRX, '));
    const before = readFileSync(join(dir, 'generated/client/src/types/values.ts'), 'utf8');
    const r = run('generate', '--check', '--spec', join(dir, 'spec'), '--out', join(dir, 'generated'));
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('changed client/src/types/values.ts');
    expect(r.stderr).toContain('changed spec.json');
    expect(r.stderr).toContain('changed schemas/activities/opportunity.createActivity.request.json');
    expect(r.stdout).toContain('--- a/client/src/types/values.ts');
    expect(r.stdout).toMatch(/^-.*'HRK'/m);
    expect(r.stdout).toMatch(/^\+.*'HRX'/m);
    expect(readFileSync(join(dir, 'generated/client/src/types/values.ts'), 'utf8')).toBe(before);
  });

  it('generate then writes only the files that depend on the change', () => {
    const untouched = join(dir, 'generated/client/src/types/activities/note.ts');
    const mtime = statSync(untouched).mtimeMs;
    const r = run('generate', '--spec', join(dir, 'spec'), '--out', join(dir, 'generated'));
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/crmgen generate: \d+ written/);
    expect(r.stdout).not.toContain('types/activities/note.ts');
    expect(statSync(untouched).mtimeMs).toBe(mtime);
    expect(readFileSync(join(dir, 'generated/client/src/types/values.ts'), 'utf8')).toContain("'HRX'");
    const again = run('generate', '--check', '--spec', join(dir, 'spec'), '--out', join(dir, 'generated'));
    expect(again.status).toBe(0);
  });

  it('a cold generate (no cache, empty out dir: prettier on the worker thread, the compile started before docs) writes exactly the committed generated/', () => {
    const out = join(dir, 'cold');
    const r = spawnSync(process.execPath, [cli, 'generate', '--out', out], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, CRMGEN_CACHE_DIR: join(dir, 'cold-cache') },
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/ 0 unchanged, [1-9]\d* formatted/);
    const files = listFiles(generatedDir);
    expect(listFiles(out)).toEqual(files);
    for (const f of files)
      expect(readFileSync(join(out, f), 'utf8'), f).toBe(readFileSync(join(generatedDir, f), 'utf8'));
  });

  it('an unknown option is a usage error, exit 2', () => {
    const r = run('generate', '--chek');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("Unknown option '--chek'");
  });
});
