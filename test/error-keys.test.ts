// Hand-written code names error keys and hook events through the generated unions, so tsc refuses
// one the spec does not define: test/error-keys.check.ts holds lines that must compile and lines
// that must not, each marked with the words its error must mention.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { root } from './support/paths.ts';
import { checkTypeExpectations, expectations } from './support/type-expectations.ts';

const checkFile = resolve(root, 'test/error-keys.check.ts');

describe('error keys and hook events in hand-written code', () => {
  const expected = expectations(readFileSync(checkFile, 'utf8'));
  const { asIs, stripped } = checkTypeExpectations(checkFile);

  it('the check file compiles: every line that must compile does, every @ts-expect-error is used', () => {
    expect(asIs.output).toBe('');
    expect(asIs.status).toBe(0);
  });

  it('without the @ts-expect-error comments, fails exactly on those lines, each for its stated reason', () => {
    expect(expected.size).toBeGreaterThan(0);
    expect(stripped.status).not.toBe(0);
    expect([...stripped.errors.keys()].sort((a, b) => a - b)).toEqual([...expected.keys()].sort((a, b) => a - b));
    for (const [line, words] of expected) expect(stripped.errors.get(line), `line ${line}`).toContain(words);
  });
});
