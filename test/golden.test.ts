// generated/ is the golden file set: regenerate it in memory and byte-compare.
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { generateInMemory } from '../generator/pipeline/generate.ts';
import { listFiles } from '../generator/pipeline/write.ts';
import { loadSpec } from '../generator/pipeline/load.ts';
import { generatedDir, specDir } from './support/paths.ts';

// Whole generations (prettier, the packages' compile) are slow on a busy 2-core machine: the file
// makes one (no cache: every TypeScript file goes through prettier, as on a fresh clone) and
// compares it with the disk and with one more, for determinism.
describe('generated/ golden files', { timeout: 180_000 }, () => {
  let first: Map<string, string>;
  beforeAll(async () => {
    first = (await generateInMemory({ specDir, outDir: '/nonexistent' })).files;
  }, 180_000);

  it('match a fresh in-memory generation byte for byte', () => {
    const onDisk = listFiles(generatedDir);
    expect(onDisk, 'files on disk vs files generated').toEqual([...first.keys()].sort());
    const diffs: string[] = [];
    for (const [path, text] of first) {
      const disk = readFileSync(join(generatedDir, path), 'utf8');
      if (disk !== text) diffs.push(createTwoFilesPatch(`generated/${path}`, `expected/${path}`, disk, text));
    }
    expect(diffs.join('\n'), 'run `crmgen generate` and commit generated/').toBe('');
  });

  it('is deterministic: two generations give the same bytes', async () => {
    const again = await generateInMemory({ specDir, outDir: '/nonexistent' });
    expect([...again.files.entries()]).toEqual([...first.entries()]);
  });

  it('holds no absolute paths or timestamps', () => {
    for (const path of listFiles(generatedDir)) {
      const text = readFileSync(join(generatedDir, path), 'utf8');
      expect(text, path).not.toContain('/work/');
      expect(text, path).not.toMatch(/20\d\d-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+Z/);
    }
  });
});

describe('generated/ covers the whole spec', () => {
  const spec = loadSpec(specDir);
  const files = new Set(listFiles(generatedDir));

  it.each(spec.activities.map((a) => a.segment))(
    'activity %s has its types and request/response schemas',
    (segment) => {
      expect(files).toContain(`client/src/types/activities/${segment}.ts`);
      for (const part of ['createActivity.request', 'createActivity.response', 'updateActivity.request']) {
        expect(files).toContain(`schemas/activities/${segment}.${part}.json`);
      }
    },
  );

  it.each(spec.kinds.map((k) => k.name))('kind %s has a schema for every body of every per-kind operation', (kind) => {
    for (const op of spec.operations.filter((o) => o.scope === 'kind')) {
      if (op.params) expect(files).toContain(`schemas/records/${kind}.${op.id}.params.json`);
      if (op.request) expect(files).toContain(`schemas/records/${kind}.${op.id}.request.json`);
      if (op.response) expect(files).toContain(`schemas/records/${kind}.${op.id}.response.json`);
    }
  });

  it('every operation has its request, params and response types', () => {
    const ops = readFileSync(join(generatedDir, 'client/src/types/operations.ts'), 'utf8');
    for (const op of spec.operations) {
      const name = op.id[0].toUpperCase() + op.id.slice(1);
      if (op.request) expect(ops).toMatch(new RegExp(`export type ${name}Request\\b`));
      if (op.params) expect(ops).toMatch(new RegExp(`export type ${name}Params\\b`));
      if (op.response) expect(ops).toMatch(new RegExp(`export type ${name}Response\\b`));
    }
  });
});
