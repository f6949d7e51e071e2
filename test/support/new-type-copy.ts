// A copy of this checkout whose spec/ gains one activity type (`inspection`: fields with a range
// rule, and a hierarchy line) and nothing else: test/add-activity-type.test.ts and
// test/new-type-suite.ts build it to show that a new type is one edit in spec/.
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, realpathSync, symlinkSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { root } from './paths.ts';
import { editDir, type Edit } from './spec-edits.ts';

export const addInspection: readonly Edit[] = [
  [
    'activities.yaml',
    '  comment:\n    title: Comment\n',
    '  inspection:\n    title: Inspection\n    typeid: 250\n    fields:\n      title: { type: text, required: true }\n      score: { type: integer, min: 0, max: 10 }\n      visited: { type: date }\n  comment:\n    title: Comment\n',
  ],
  [
    'hierarchy.yaml',
    '  - [record, call, comment]\n',
    '  - [record, call, comment]\n  - [record, inspection, comment]\n',
  ],
];

// Not copied: git's and the machine's state, build and run output.
const skipped = new Set(['.git', 'node_modules', 'data', '.cache', 'test-results']);

/**
 * Copies the checkout to `copy` (node_modules linked, not copied) and adds the type to its spec/.
 * `git`: the copy is a git repository whose HEAD is the checkout before the edit, as a developer's
 * working copy is (for what reads git, such as `crmgen diff --git HEAD`).
 */
export function makeNewTypeCopy(copy: string, opts: { git?: boolean } = {}) {
  cpSync(root, copy, {
    recursive: true,
    filter: (src) =>
      !skipped.has(basename(src)) &&
      !basename(src).startsWith('.crmgen-compile') &&
      !relative(root, src).startsWith('bench/results'),
  });
  symlinkSync(realpathSync(join(root, 'node_modules')), join(copy, 'node_modules'));
  if (opts.git) {
    const git = (...args: string[]) => {
      const r = spawnSync(
        'git',
        [
          '-c',
          'init.defaultBranch=main',
          '-c',
          'user.name=crmgen test',
          '-c',
          'user.email=test@example.com',
          '-c',
          'commit.gpgsign=false',
          ...args,
        ],
        { cwd: copy, encoding: 'utf8' },
      );
      if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
    };
    git('init', '-q');
    // The link is not a folder, so .gitignore's `node_modules/` does not cover it.
    appendFileSync(join(copy, '.git/info/exclude'), 'node_modules\n');
    git('add', '-A');
    git('commit', '-q', '-m', 'the checkout before the new activity type');
  }
  editDir(join(copy, 'spec'), addInspection);
}
