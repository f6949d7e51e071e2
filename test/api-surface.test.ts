// The API surface is read by TypeScript's parser from the client's and types' modules as the
// emitters print them (generate hands them over before prettier, whose quotes would show in the
// types' text): on the spec, that is what generated/api-surface.txt holds.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadSpec } from '../generator/pipeline/load.ts';
import { emitAll } from '../generator/pipeline/generate.ts';
import { emitApiSurface } from '../generator/targets/typescript/api-surface.ts';
import { moduleView } from '../generator/targets/typescript/surface-view.ts';
import { generatedDir, specDir } from './support/paths.ts';

describe('api-surface', () => {
  it('reads the surface from the modules the client and types emitters print', () => {
    const surface = emitApiSurface(emitAll(loadSpec(specDir), undefined, ['types', 'client']));
    expect(surface.map((f) => f.path)).toEqual(['api-surface.txt']);
    expect(surface[0]!.content).toBe(readFileSync(join(generatedDir, 'api-surface.txt'), 'utf8'));
  });

  it('reads exported declarations only, each type printed on one line', () => {
    const view = moduleView(
      '/m.ts',
      `interface Local { x: 1 }\nexport interface I extends A<B> {\n  /** doc */\n  readonly a: 'x' |\n    'y';\n  b?: number;\n}\nexport * from './f.ts';\n`,
    );
    expect(view.interfaces).toEqual([
      {
        name: 'I',
        exported: true,
        typeParams: [],
        extends: ['A<B>'],
        members: [
          {
            kind: 'property',
            name: 'a',
            optional: false,
            readonly: true,
            type: { kind: 'union', members: ["'x'", "'y'"], text: "'x' | 'y'" },
          },
          { kind: 'property', name: 'b', optional: true, readonly: false, type: { kind: 'other', text: 'number' } },
        ],
      },
    ]);
    expect(view.exports).toEqual([{ specifier: './f.ts', typeOnly: false, named: [] }]);
  });
});
