// Checks a *.check.ts file of compile-time expectations with the project's tsc: the file as it
// is must compile (every `// @ts-expect-error: <words>` is used), and the same file with those
// comments removed must fail exactly on the lines below them, each with a message mentioning
// <words>, so no expectation is met by an unrelated mistake. The copy lives in a temp folder; its
// relative imports of the checkout are rewritten to absolute paths.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { root } from './paths.ts';

const tsc = resolve(root, 'node_modules/.bin/tsc');

export interface TypeCheck {
  /** tsc's output; errors by 1-based line of the checked file. */
  output: string;
  status: number | null;
  errors: Map<number, string>;
}

/** The lines a check file expects to fail (1-based, the line after each comment) and their words. */
export function expectations(source: string): Map<number, string> {
  const expected = new Map<number, string>();
  source.split('\n').forEach((l, i) => {
    const m = /^\s*\/\/ @ts-expect-error: (.+)$/.exec(l);
    if (m) expected.set(i + 2, m[1].trim());
  });
  return expected;
}

function typecheck(dir: string, file: string, name: string): TypeCheck {
  const config = join(dir, `${name}.tsconfig.json`);
  writeFileSync(
    config,
    JSON.stringify({
      extends: resolve(root, 'tsconfig.json'),
      compilerOptions: { noEmit: true, typeRoots: [resolve(root, 'node_modules/@types')] },
      files: [file],
      include: [],
    }),
  );
  const r = spawnSync(tsc, ['-p', config, '--noEmit', '--pretty', 'false'], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 120_000,
  });
  const output = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  const errors = new Map<number, string>();
  let last: number | undefined;
  for (const line of output.split('\n')) {
    const m = /^(.+)\((\d+),\d+\): error (TS\d+): (.*)$/.exec(line);
    if (m) {
      // An error outside the checked file (in generated or hand-written code) counts against line 0.
      last = resolve(dir, m[1]) === file ? Number(m[2]) : 0;
      errors.set(last, `${errors.get(last) ?? ''}${m[3]} ${m[4]}\n`);
    } else if (last !== undefined && /^\s+\S/.test(line)) errors.set(last, `${errors.get(last)}${line.trim()}\n`);
  }
  return { output, status: r.status, errors };
}

/** Type-checks checkFile as it is and without its @ts-expect-error comments. */
export function checkTypeExpectations(checkFile: string): { asIs: TypeCheck; stripped: TypeCheck } {
  const dir = mkdtempSync(join(tmpdir(), 'crmgen-type-check-'));
  try {
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    const source = readFileSync(checkFile, 'utf8');
    const here = dirname(checkFile);
    const absolute = (text: string) =>
      text.replace(/(from\s+')(\.\.?\/[^']*)'/g, (_, from: string, rel: string) => `${from}${resolve(here, rel)}'`);
    const asIsFile = join(dir, 'as-is.ts');
    writeFileSync(asIsFile, absolute(source));
    const strippedFile = join(dir, 'stripped.ts');
    writeFileSync(
      strippedFile,
      absolute(
        source
          .split('\n')
          .map((l) => (/^\s*\/\/ @ts-expect-error/.test(l) ? '//' : l))
          .join('\n'),
      ),
    );
    return { asIs: typecheck(dir, asIsFile, 'as-is'), stripped: typecheck(dir, strippedFile, 'stripped') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
