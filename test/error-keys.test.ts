// The hand-written service code names error keys (ServiceError('itemisnotfound'), key: 'invalidbatch');
// every one of them must be a key of the spec's error envelope, with its HTTP status there.
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadSpec } from '../generator/load.ts';
import { root, specDir } from './support/paths.ts';

const spec = loadSpec(specDir);
const keys = new Set(spec.errors.map((e) => e.key));
const sources = ['runtime', 'server', 'cli'].flatMap((dir) =>
  readdirSync(join(root, dir))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => `${dir}/${f}`),
);

describe('error keys used by hand-written code', () => {
  it.each(sources)('%s names only keys the spec defines', (file) => {
    const text = readFileSync(join(root, file), 'utf8');
    const used = [...text.matchAll(/ServiceError\(\s*'([a-z]+)'|\bkey:\s*'([a-z]+)'|errorKeys\.([a-z]+)/g)].map((m) => m[1] ?? m[2] ?? m[3]);
    expect(used.filter((k) => !keys.has(k))).toEqual([]);
  });

  it('finds the keys it checks (the patterns still match the code)', () => {
    const all = sources.flatMap((f) => [...readFileSync(join(root, f), 'utf8').matchAll(/ServiceError\(\s*'([a-z]+)'|\bkey:\s*'([a-z]+)'/g)]);
    expect(all.length).toBeGreaterThan(20);
  });
});
