// generator/format-pool.ts: prettier over many texts, spread over worker threads when they are
// large enough; the results are prettier's own, in the callers' order.
import { describe, expect, it } from 'vitest';
import * as prettier from 'prettier';
import { formatAll } from '../generator/format-pool.ts';

const options = { parser: 'typescript', singleQuote: true, printWidth: 120, trailingComma: 'all' } as const;
const module = (n: number, size: number) => `export const t${n} = {${Array.from({ length: size }, (_, i) => `k${i}:"v${n}-${i}"`).join(',')}}\n`;

describe('formatAll', { timeout: 120_000 }, () => {
  it('small inputs: formatted in this thread, in order', async () => {
    const texts = [module(1, 3), module(2, 5)];
    expect(await formatAll(texts, options)).toEqual(await Promise.all(texts.map((t) => prettier.format(t, options))));
  });

  it('large inputs (over the threshold, uneven sizes): the same text as prettier gives, in order', async () => {
    const texts = [module(1, 40), module(2, 12000), module(3, 200), module(4, 3000), module(5, 1)];
    expect(texts.reduce((n, t) => n + t.length, 0)).toBeGreaterThan(200_000);
    expect(await formatAll(texts, options)).toEqual(await Promise.all(texts.map((t) => prettier.format(t, options))));
  });

  it('a text prettier cannot parse fails the whole call, from a worker too', async () => {
    const texts = [module(1, 12000), 'export const = ;\n', module(3, 9000)];
    await expect(formatAll(texts, options)).rejects.toThrow(/expected|Unexpected|Expression/i);
  });
});
