// The derive stage (generator/sdk-model/derive.ts): shared models computed once per run, and an emitter
// sees only the models it declares in its needs.
import { describe, expect, it } from 'vitest';
import { derive, restrict } from '../generator/sdk-model/derive.ts';
import { emitters } from '../generator/pipeline/generate.ts';
import { loadSpec } from '../generator/pipeline/load.ts';
import { specDir } from './support/paths.ts';

const spec = loadSpec(specDir);

describe('derived models', () => {
  it('are computed once and kept', () => {
    const d = derive(spec);
    expect(d.descriptors).toBe(d.descriptors);
    expect(d.requestSchemas).toBe(d.requestSchemas);
  });

  it('request schemas are the request-side schema documents, parsed and sorted by id', () => {
    const d = derive(spec);
    const ids = d.schemaDocuments
      .filter((f) => /\.(request|params)\.json$/.test(f.path))
      .map((f) => f.path.slice('schemas/'.length, -'.json'.length));
    expect(d.requestSchemas.map((s) => s.id)).toEqual([...ids].sort());
    for (const { id, schema } of d.requestSchemas) expect(schema.$id).toBe(`crmgen:${id}`);
  });

  it("the patterns are the schemas' own: every date pattern accepts a form of the spec", () => {
    const { patterns } = derive(spec);
    expect(patterns.dates.length).toBeGreaterThan(0);
    for (const [pattern, forms] of patterns.dates) {
      expect(forms.length).toBeGreaterThan(0);
      expect(() => new RegExp(pattern)).not.toThrow();
    }
  });

  it('an emitter reading a model it did not declare fails, naming both', () => {
    const view = restrict(derive(spec), ['descriptors'], 'docs');
    expect(Object.keys(view.descriptors).length).toBeGreaterThan(0);
    expect(() => view.wireSchemas).toThrow(/emitter docs reads derived\.wireSchemas but does not declare it/);
  });

  it('every registered emitter runs on its declared needs alone', () => {
    const d = derive(spec);
    for (const e of emitters) expect(() => e.emit(spec, restrict(d, e.needs, e.name)), e.name).not.toThrow();
  });
});
