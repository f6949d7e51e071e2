// crmgen diff OLD NEW | crmgen diff --git REV [NEW]: what changed between two specs, grouped as
// breaking / non-breaking / docs-only with the spec position of each, cross-checked against
// the generated SDK's API surface. Exit 1 when anything is breaking (unless --allow-breaking),
// 0 otherwise, 2 on a spec or usage error.
import { parseArgs } from 'node:util';
import { execFileSync } from 'node:child_process';
import { isAbsolute, relative, resolve } from 'node:path';
import { displayPath, loadSpec } from '../generator/load.ts';
import type { Spec } from '../generator/model.ts';
import { diffSpecs, formatPos, type Change, type Severity, type SpecDiff } from '../generator/diff.ts';
import { root } from './root.ts';

export class DiffUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * The spec folder at a git revision of the working folder's repository, read with `git show`
 * into memory: the folder at specDir's place in the repository, or spec/ when specDir is outside it.
 */
export function loadSpecAtRevision(rev: string, specDir: string): Spec {
  const git = (args: string[], cwd: string) => {
    try {
      return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 });
    } catch (e) {
      const err = e as { stderr?: string; message: string };
      throw new DiffUsageError(`git ${args.join(' ')}: ${(err.stderr || err.message).trim()}`);
    }
  };
  // The repository of the working folder; the spec folder's place in it (spec/ when NEW lies outside).
  const top = git(['rev-parse', '--show-toplevel'], process.cwd()).trim();
  const inside = relative(top, specDir).split('\\').join('/');
  const rel = inside && !inside.startsWith('..') && !isAbsolute(inside) ? inside : 'spec';
  const names = git(['ls-tree', '--name-only', rev, '--', `${rel}/`], top)
    .split('\n')
    .filter((n) => /\.ya?ml$/.test(n))
    .map((n) => n.slice(rel.length + 1));
  if (!names.length) throw new DiffUsageError(`no spec files under ${rel}/ at revision ${rev}`);
  const files = Object.fromEntries(names.map((n) => [n, git(['show', `${rev}:${rel}/${n}`], top)]));
  // Positions of the old side read REV:spec/file.yaml:line:col.
  return loadSpec(`${rev}:${rel}`, { files });
}

export interface SurfaceCheck {
  added: string[];
  removed: string[];
  changed: string[];
  /** Surface changes the spec verdict does not explain; each makes the result breaking. */
  unexplained: string[];
}

/** Generates the API surface of both specs in memory and finds changes the verdict does not explain. */
export async function checkSurface(before: Spec, after: Spec, diff: SpecDiff): Promise<SurfaceCheck> {
  const { surfaceEntries, compareSurfaces } = await import('../generator/emit/api-surface.ts');
  const changes = compareSurfaces(surfaceEntries(before), surfaceEntries(after));
  const check: SurfaceCheck = { added: [], removed: [], changed: [], unexplained: [] };
  const toggled = new Set(diff.changes.filter((c) => c.kind === 'became-required' || c.kind === 'became-optional').map((c) => c.field));
  for (const c of changes) {
    if (c.change === 'added') check.added.push(c.line);
    else if (c.change === 'removed') check.removed.push(c.line);
    else check.changed.push(c.line);
    if (c.change === 'added' || c.change === 'value') continue;
    if (c.change === 'became-required' || c.change === 'became-optional') {
      // Explained by the same field's required/optional change in the spec, whatever its verdict.
      const member = c.before!.key.split('.').pop()!.replace(/\W/g, '');
      if (toggled.has(member)) continue;
    } else if (diff.counts.breaking > 0) continue;
    check.unexplained.push(`${c.change === 'removed' ? 'removed' : c.change === 'type' ? 'changed' : c.change.replace('-', ' ')}: ${c.line}`);
  }
  return check;
}

const headings: Record<Severity, string> = { breaking: 'Breaking', 'non-breaking': 'Non-breaking', docs: 'Docs only' };
const mdHeadings: Record<Severity, string> = { breaking: 'Breaking', 'non-breaking': 'Added and changed', docs: 'Documentation' };

export function formatText(diff: SpecDiff, surface: SurfaceCheck | undefined, labels: { old: string; new: string }): string {
  const out: string[] = [];
  const n = diff.counts;
  out.push(`crmgen diff ${labels.old} -> ${labels.new}: ${n.breaking} breaking, ${n['non-breaking']} non-breaking, ${n.docs} docs-only`);
  for (const sev of ['breaking', 'non-breaking', 'docs'] as const) {
    const group = diff.changes.filter((c) => c.severity === sev);
    if (!group.length) continue;
    out.push('', `${headings[sev]}:`);
    const width = Math.max(...group.map((c) => formatPos(c.pos).length));
    for (const c of group) out.push(`  ${formatPos(c.pos).padEnd(width)}  ${c.message}${detail(c)}`);
  }
  if (surface) {
    out.push('', `API surface: ${surface.added.length} added, ${surface.removed.length} removed, ${surface.changed.length} changed`);
    for (const u of surface.unexplained) out.push(`warning: API surface ${u} -- not explained by a breaking spec change; treated as breaking`);
  }
  return `${out.join('\n')}\n`;
}

function detail(c: Change): string {
  if (c.kind === 'docs' && c.before !== undefined && c.after !== undefined) return ` (${clip(c.before)} -> ${clip(c.after)})`;
  return '';
}
const clip = (s: string) => JSON.stringify(s.length > 60 ? `${s.slice(0, 57)}...` : s);

export function formatMarkdown(diff: SpecDiff, surface: SurfaceCheck | undefined, labels: { old: string; new: string }): string {
  const out: string[] = [`## Spec changes: ${labels.old} -> ${labels.new}`];
  const items: Record<Severity, string[]> = { breaking: [], 'non-breaking': [], docs: [] };
  for (const c of diff.changes) items[c.severity].push(`- ${escapeMd(c.message)} (\`${formatPos(c.pos)}\`)`);
  for (const u of surface?.unexplained ?? []) items.breaking.push(`- API surface ${escapeMd(u)} (not explained by the spec diff)`);
  if (!diff.changes.length && !surface?.unexplained.length) out.push('', 'No changes.');
  for (const sev of ['breaking', 'non-breaking', 'docs'] as const) {
    if (!items[sev].length) continue;
    out.push('', `### ${mdHeadings[sev]}`, '', ...items[sev]);
  }
  return `${out.join('\n')}\n`;
}

const escapeMd = (s: string) => s.replace(/([\\`*_<>[\]])/g, '\\$1');

export async function runDiff(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      git: { type: 'string' },
      format: { type: 'string', default: 'text' },
      'allow-breaking': { type: 'boolean', default: false },
      'no-surface': { type: 'boolean', default: false },
    },
  });
  const format = values.format!;
  if (!['text', 'json', 'markdown'].includes(format)) throw new DiffUsageError(`--format expects text, json or markdown, got '${format}'`);
  let before: Spec;
  let after: Spec;
  let labels: { old: string; new: string };
  const shown = (dir: string) => displayPath(dir) || '.';
  if (values.git !== undefined) {
    if (positionals.length > 1) throw new DiffUsageError('diff --git REV takes at most one spec folder (NEW)');
    const newDir = resolve(positionals[0] ?? resolve(root, 'spec'));
    before = loadSpecAtRevision(values.git, newDir);
    after = loadSpec(newDir);
    labels = { old: `${values.git}:${shown(newDir)}`, new: shown(newDir) };
  } else {
    if (positionals.length !== 2) throw new DiffUsageError('diff expects two spec folders, OLD and NEW (or --git REV [NEW])');
    const [oldDir, newDir] = positionals.map((p) => resolve(p));
    before = loadSpec(oldDir);
    after = loadSpec(newDir);
    labels = { old: shown(oldDir), new: shown(newDir) };
  }
  const diff = diffSpecs(before, after);
  const surface = values['no-surface'] ? undefined : await checkSurface(before, after, diff);
  const breaking = diff.counts.breaking > 0 || (surface?.unexplained.length ?? 0) > 0;
  const code = breaking && !values['allow-breaking'] ? 1 : 0;
  if (format === 'json') {
    const json = {
      old: labels.old,
      new: labels.new,
      verdict: breaking ? 'breaking' : diff.verdict,
      counts: diff.counts,
      changes: diff.changes.map((c) => ({ ...c, location: formatPos(c.pos) })),
      ...(surface ? { surface } : {}),
      exitCode: code,
    };
    process.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
  } else if (format === 'markdown') {
    process.stdout.write(formatMarkdown(diff, surface, labels));
  } else {
    process.stdout.write(formatText(diff, surface, labels));
    if (breaking) process.stdout.write(values['allow-breaking'] ? 'verdict: breaking (allowed by --allow-breaking)\n' : 'verdict: breaking (exit 1; --allow-breaking to accept)\n');
    else process.stdout.write(`verdict: ${diff.verdict === 'none' ? 'no changes' : diff.verdict === 'docs' ? 'docs-only' : 'non-breaking'}\n`);
  }
  return code;
}
