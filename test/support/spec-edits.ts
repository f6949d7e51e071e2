// Small edits of the real spec, as string replacements on its files in memory (or on a copy on
// disk), and the file:line:col of a piece of text in them: the diff, watch and scaffold tests'
// way of building "the spec after one change" without keeping copies of the whole spec.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { specFiles } from './spec-files.ts';

/** Replace the first (and only) occurrence of `from` by `to` in `file`. */
export type Edit = readonly [file: string, from: string, to: string];

/** The spec's files with the edits applied; each `from` must occur exactly once. */
export function edited(edits: readonly Edit[], base: Record<string, string> = specFiles()): Record<string, string> {
  const files = { ...base };
  for (const [file, from, to] of edits) {
    const text = files[file];
    if (text === undefined) throw new Error(`no spec file ${file}`);
    const count = text.split(from).length - 1;
    if (count !== 1) throw new Error(`${file} holds ${JSON.stringify(from)} ${count} times; an edit needs exactly one`);
    files[file] = text.replace(from, () => to);
  }
  return files;
}

/** Applies the edits to a spec folder on disk. */
export function editDir(dir: string, edits: readonly Edit[]) {
  const names = [...new Set(edits.map(([f]) => f))];
  const base = Object.fromEntries(names.map((n) => [n, readFileSync(join(dir, n), 'utf8')]));
  const out = edited(edits, base);
  for (const n of names) writeFileSync(join(dir, n), out[n]);
}

/**
 * `spec/FILE:line:col` of `inner` inside the one occurrence of `needle` in a file of `files`
 * (1-based, as the loader reports positions).
 */
export function posOf(files: Record<string, string>, file: string, needle: string, inner: string = needle): string {
  const text = files[file];
  const at = text.indexOf(needle);
  if (at < 0 || text.indexOf(needle, at + 1) >= 0)
    throw new Error(`${file} must hold ${JSON.stringify(needle)} exactly once`);
  const within = needle.indexOf(inner);
  if (within < 0) throw new Error(`${JSON.stringify(inner)} is not inside ${JSON.stringify(needle)}`);
  const before = text.slice(0, at + within).split('\n');
  return `spec/${file}:${before.length}:${before[before.length - 1].length + 1}`;
}

/** A new activity type (memo, typeid 301) with its place in the hierarchy. */
export const addMemoActivity: readonly Edit[] = [
  [
    'activities.yaml',
    '  comment:\n    title: Comment\n',
    '  memo:\n    title: Memo\n    typeid: 301\n    fields:\n      body: { type: text, required: true }\n      pinned: { type: flag }\n  comment:\n    title: Comment\n',
  ],
  ['hierarchy.yaml', '  - [record, call, comment]\n', '  - [record, call, comment]\n  - [record, memo, comment]\n'],
];
