// The client's types reject wrong field names, wrong value-list literals and wrong parent shapes:
// test/client-types.check.ts is type-checked by tsc with the project's compiler options (a
// tsconfig in a temp dir that extends the repo's and holds only that file). Its
// `@ts-expect-error: <words>` lines make tsc fail if they compile; then the same file with those
// comments removed must fail exactly on those lines, each with a message mentioning <words>, so
// no expected error is satisfied by an unrelated mistake.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { root } from './support/paths.ts';

const tsc = resolve(root, 'node_modules/.bin/tsc');
const checkFile = resolve(root, 'test/client-types.check.ts');
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'crmgen-client-types-'));
  // Files here are ES modules, like the repo's (package.json "type": "module").
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** tsc --noEmit over one file with the repo's compiler options; its diagnostics by line. */
function typecheck(file: string, name: string): { status: number | null; output: string; errors: Map<number, string> } {
  const config = join(dir, `${name}.tsconfig.json`);
  writeFileSync(
    config,
    JSON.stringify({
      extends: resolve(root, 'tsconfig.json'),
      // @types/node from the repo, not from the temp dir's (missing) node_modules.
      compilerOptions: { noEmit: true, typeRoots: [resolve(root, 'node_modules/@types')] },
      files: [file],
      include: [],
    }),
  );
  const r = spawnSync(tsc, ['-p', config, '--noEmit', '--pretty', 'false'], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
  const output = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  const errors = new Map<number, string>();
  let last: number | undefined;
  for (const line of output.split('\n')) {
    const m = /^(.+)\((\d+),\d+\): error (TS\d+): (.*)$/.exec(line);
    if (m) {
      expect(resolve(dir, m[1])).toBe(file); // no error in the generated client itself
      last = Number(m[2]);
      errors.set(last, `${errors.get(last) ?? ''}${m[3]} ${m[4]}\n`);
    } else if (last !== undefined && /^\s+\S/.test(line)) {
      errors.set(last, `${errors.get(last)}${line.trim()}\n`);
    }
  }
  return { status: r.status, output, errors };
}

describe('the generated client types', () => {
  const source = readFileSync(checkFile, 'utf8');
  const lines = source.split('\n');
  /** 1-based line of each failing statement -> the words its error must mention. */
  const expected = new Map<number, string>();
  lines.forEach((l, i) => {
    const m = /^\s*\/\/ @ts-expect-error: (.+)$/.exec(l);
    if (m) expected.set(i + 2, m[1].trim());
  });

  it('has many expected errors, every one with the words its error must mention', () => {
    expect(expected.size).toBeGreaterThanOrEqual(50);
    // Every @ts-expect-error carries its words.
    expect(lines.filter((l) => /^\s*\/\/ @ts-expect-error/.test(l)).length).toBe(expected.size);
  });

  it('compiles with tsc: every line that must compile does, every @ts-expect-error is used', () => {
    const r = typecheck(checkFile, 'check');
    expect(r.output).toBe('');
    expect(r.status).toBe(0);
  });

  it('without the @ts-expect-error comments, fails exactly on those lines and for the stated reason', () => {
    const stripped = lines
      .map((l) => (/^\s*\/\/ @ts-expect-error/.test(l) ? '//' : l))
      .join('\n')
      .replaceAll("'../generated/", `'${resolve(root, 'generated')}/`);
    const file = join(dir, 'stripped.ts');
    writeFileSync(file, stripped);
    const r = typecheck(file, 'stripped');
    expect(r.status).not.toBe(0);
    expect([...r.errors.keys()].sort((a, b) => a - b)).toEqual([...expected.keys()].sort((a, b) => a - b));
    for (const [line, words] of expected) {
      expect(r.errors.get(line), `line ${line}: ${lines[line - 1].trim()}`).toContain(words);
    }
  });
});
