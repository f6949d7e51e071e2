// The client's types reject wrong field names, wrong value-list literals, wrong parents and ids of
// the wrong kind: test/client-types.check.ts is type-checked by tsc with the project's compiler
// options (support/type-expectations.ts). Its `@ts-expect-error: <words>` lines make tsc fail if
// they compile; then the same file with those comments removed must fail exactly on those lines,
// each with a message mentioning <words>, so no expected error is satisfied by an unrelated mistake.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { root } from './support/paths.ts';
import { checkTypeExpectations, expectations } from './support/type-expectations.ts';

const checkFile = resolve(root, 'test/client-types.check.ts');

describe('the generated client types', () => {
  const source = readFileSync(checkFile, 'utf8');
  const expected = expectations(source);
  const { asIs, stripped } = checkTypeExpectations(checkFile);

  it('has many expected errors, every one with the words its error must mention', () => {
    expect(expected.size).toBeGreaterThanOrEqual(50);
    // Every @ts-expect-error carries its words.
    expect(source.split('\n').filter((l) => /^\s*\/\/ @ts-expect-error/.test(l)).length).toBe(expected.size);
  });

  it('compiles with tsc: every line that must compile does, every @ts-expect-error is used', () => {
    expect(asIs.output).toBe('');
    expect(asIs.status).toBe(0);
  });

  it('without the @ts-expect-error comments, fails exactly on those lines and for the stated reason', () => {
    const lines = source.split('\n');
    expect(stripped.status).not.toBe(0);
    // Line 0 collects errors outside the check file (in the generated client itself): there must be none.
    expect([...stripped.errors.keys()].sort((a, b) => a - b)).toEqual([...expected.keys()].sort((a, b) => a - b));
    for (const [line, words] of expected)
      expect(stripped.errors.get(line), `line ${line}: ${lines[line - 1]!.trim()}`).toContain(words);
  });
});
