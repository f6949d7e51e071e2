// Issue 16: a new activity type is one edit in spec/. In a copy of this checkout whose spec/ gains
// a type (test/support/new-type-copy.ts) and nothing else, this builds crmgen, regenerates,
// type-checks and runs the whole SQLite test suite, so no test may pin a count or a list of
// today's spec. `npm test` runs it after the main suites (`npm run test:new-type`); it is a script,
// not a vitest test, so the nested run is a vitest of its own. It shares nothing with the outer
// run: servers take free ports (--port 0), databases are :memory:, temp files or fresh schemas,
// and the copy has its own CRMGEN_CACHE_DIR and temp folder.
//
// Left out of the nested run, and why:
// - test/spec-vs-document.test.ts: compares the spec with ../shared/service-api.md, and a type
//   the document lacks is rightly a finding (the copy has no shared/ beside it either).
// - test/add-activity-type.test.ts: it adds `inspection` to its checkout's spec, which in the
//   copy already has it (the edit is this run's own, already made).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeNewTypeCopy } from './support/new-type-copy.ts';

const excluded = ['test/spec-vs-document.test.ts', 'test/add-activity-type.test.ts'];

const work = mkdtempSync(join(tmpdir(), 'crmgen-new-type-suite-'));
const copy = join(work, 'crmgen');
// The outer run's settings stay out: its storage choice, vitest's own variables, its cache.
const env: Record<string, string> = {};
for (const [k, v] of Object.entries(process.env))
  if (
    v !== undefined &&
    !k.startsWith('VITEST') &&
    k !== 'CRMGEN_TEST_STORAGE' &&
    k !== 'CRMGEN_CACHE_DIR' &&
    k !== 'NODE_OPTIONS'
  )
    env[k] = v;
Object.assign(env, { CRMGEN_CACHE_DIR: join(work, 'cache'), TMPDIR: join(work, 'tmp') });

function step(what: string, cmd: string, args: string[]) {
  console.log(`\n== new-type suite: ${what}`);
  const r = spawnSync(cmd, args, { cwd: copy, env, stdio: 'inherit', timeout: 45 * 60_000 });
  if (r.status !== 0) {
    console.error(
      `new-type suite: ${what} failed (${r.error?.message ?? `exit ${r.status ?? r.signal}`}); copy left at ${copy}`,
    );
    process.exit(1);
  }
}

console.log(`new-type suite: copy of the checkout with one more activity type in ${copy}`);
makeNewTypeCopy(copy, { git: true });
mkdirSync(env.TMPDIR);
const bin = (name: string) => join(copy, 'node_modules/.bin', name);
step('build', bin('tsc'), ['-p', 'tsconfig.build.json']);
step('generate', process.execPath, ['bin/crmgen.js', 'generate', '--quiet']);
step('typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
step('the whole test suite (SQLite)', bin('vitest'), ['run', ...excluded.flatMap((f) => ['--exclude', f])]);
rmSync(work, { recursive: true, force: true });
console.log('new-type suite: passed');
