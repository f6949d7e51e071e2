// load.ts validates spec files with ajv code compiled ahead from spec/schema/spec.schema.json; this
// fails when the schema changed and the module was not written again.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { specValidatorModule, validatorFile } from '../generator/pipeline/spec-schema-code.ts';
import { validate } from '../generator/pipeline/spec-schema-validator.ts';

describe('the precompiled spec schema validator', () => {
  it('is what ajv compiles from the schema now (else run `npx tsx generator/spec-schema-code.ts --write`)', () => {
    expect(readFileSync(validatorFile, 'utf8') === specValidatorModule()).toBe(true);
  });

  it('reports every problem with its parent schema, as the loader reads them', () => {
    const ok = validate({ meta: 1, bogus: true });
    expect(ok).toBe(false);
    const errors = (validate as unknown as { errors: { keyword: string; parentSchema?: object }[] }).errors;
    expect(errors.length).toBeGreaterThan(1);
    expect(errors.find((e) => e.keyword === 'additionalProperties')?.parentSchema).toHaveProperty('properties');
  });
});
