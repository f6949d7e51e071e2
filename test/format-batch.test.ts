// generator/pipeline/write.ts formats the emitted TypeScript files as one batch, with babel's TypeScript
// parser: each part must be what prettier's typescript parser prints for that file alone, for every
// file the spec's generation formats.
import { describe, expect, it } from 'vitest';
import * as prettier from 'prettier';
import { loadSpec } from '../generator/pipeline/load.ts';
import { emitAll } from '../generator/pipeline/generate.ts';
import { assemblePackages, runtimeSource } from '../generator/targets/typescript/packages.ts';
import { formatTexts } from '../generator/pipeline/write.ts';
import { root, specDir } from './support/paths.ts';

const options = { parser: 'typescript', singleQuote: true, printWidth: 120, trailingComma: 'all' } as const;

describe('formatTexts', () => {
  it('prints each emitted TypeScript file in a batch as prettier (typescript parser) prints it alone', async () => {
    const spec = loadSpec(specDir);
    const texts = [
      ...new Set(
        assemblePackages(spec, emitAll(spec), runtimeSource(root))
          .filter((f) => f.format === 'typescript')
          .map((f) => f.content),
      ),
    ];
    expect(texts.length).toBeGreaterThan(1);
    const alone = await Promise.all(texts.map((t) => prettier.format(t, options)));
    expect(await formatTexts(texts)).toEqual(alone);
  }, 120_000);

  it('formats texts ending in a comment, holding the boundary, or one prettier rejects, and names the broken one', async () => {
    const texts = ['const a   = 1;\n// last words', 'const b = {x:1}\n', '// @crmgen-format-boundary\nlet c=2'];
    expect(await formatTexts(texts)).toEqual(await Promise.all(texts.map((t) => prettier.format(t, options))));
    await expect(formatTexts(['const ok = 1;\n', 'const broken = ;\n'])).rejects.toThrow(
      /Expression expected|Unexpected token/,
    );
  });
});
