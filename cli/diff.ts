// crmgen diff OLD NEW | crmgen diff --git REV [NEW]: what changed between two specs, grouped as
// breaking / non-breaking / docs-only with the spec position of each, cross-checked against
// the generated SDK's API surface. Exit 1 when anything is breaking (unless --allow-breaking),
// 0 otherwise, 2 on a spec or usage error. --bump releases NEW: packages.version moves by the
// verdict and the changes go on top of NEW/CHANGELOG.md (exit 0 even when breaking).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { isScalar, parseDocument, Scalar } from 'yaml';
import { changelogFile, displayPath, loadSpec } from '../generator/pipeline/load.ts';
import type { Spec } from '../generator/pipeline/model.ts';
import { diffSpecs, formatPos, type Change, type Severity, type SpecDiff } from '../generator/tools/spec-diff.ts';
import { defaultSpecDir, root } from './default-dirs.ts';

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
      return execFileSync('git', args, {
        cwd,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        maxBuffer: 64 << 20,
      });
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
  const { compareSurfaces } = await import('../generator/targets/typescript/api-surface.ts');
  const { sdkSurface } = await import('../generator/pipeline/generate.ts');
  const changes = compareSurfaces(sdkSurface(before), sdkSurface(after));
  const check: SurfaceCheck = { added: [], removed: [], changed: [], unexplained: [] };
  const toggled = new Set(
    diff.changes.filter((c) => c.kind === 'became-required' || c.kind === 'became-optional').map((c) => c.field),
  );
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
    check.unexplained.push(
      `${c.change === 'removed' ? 'removed' : c.change === 'type' ? 'changed' : c.change.replace('-', ' ')}: ${c.line}`,
    );
  }
  return check;
}

const headings: Record<Severity, string> = { breaking: 'Breaking', 'non-breaking': 'Non-breaking', docs: 'Docs only' };
const mdHeadings: Record<Severity, string> = {
  breaking: 'Breaking',
  'non-breaking': 'Added and changed',
  docs: 'Documentation',
};

export function formatText(
  diff: SpecDiff,
  surface: SurfaceCheck | undefined,
  labels: { old: string; new: string },
): string {
  const out: string[] = [];
  const n = diff.counts;
  out.push(
    `crmgen diff ${labels.old} -> ${labels.new}: ${n.breaking} breaking, ${n['non-breaking']} non-breaking, ${n.docs} docs-only`,
  );
  for (const sev of ['breaking', 'non-breaking', 'docs'] as const) {
    const group = diff.changes.filter((c) => c.severity === sev);
    if (!group.length) continue;
    out.push('', `${headings[sev]}:`);
    const width = Math.max(...group.map((c) => formatPos(c.pos).length));
    for (const c of group) out.push(`  ${formatPos(c.pos).padEnd(width)}  ${c.message}${detail(c)}`);
  }
  if (surface) {
    out.push(
      '',
      `API surface: ${surface.added.length} added, ${surface.removed.length} removed, ${surface.changed.length} changed`,
    );
    for (const u of surface.unexplained)
      out.push(`warning: API surface ${u} -- not explained by a breaking spec change; treated as breaking`);
  }
  return `${out.join('\n')}\n`;
}

function detail(c: Change): string {
  if (c.kind === 'docs' && c.before !== undefined && c.after !== undefined)
    return ` (${clip(c.before)} -> ${clip(c.after)})`;
  return '';
}
const clip = (s: string) => JSON.stringify(s.length > 60 ? `${s.slice(0, 57)}...` : s);

export function formatMarkdown(
  diff: SpecDiff,
  surface: SurfaceCheck | undefined,
  labels: { old: string; new: string },
): string {
  return markdownEntry(`## Spec changes: ${labels.old} -> ${labels.new}`, diff, surface, true);
}

/**
 * The changelog entry --bump puts on top of CHANGELOG.md: the --format markdown sections under
 * `## VERSION`, without the spec positions (they point into the working copies of the moment,
 * the OLD side's for a removal, and mean nothing to a reader of the released packages).
 */
export function changelogEntry(version: string, diff: SpecDiff, surface: SurfaceCheck | undefined): string {
  return markdownEntry(`## ${version}`, diff, surface, false);
}

function markdownEntry(heading: string, diff: SpecDiff, surface: SurfaceCheck | undefined, positions: boolean): string {
  const out: string[] = [heading];
  const items: Record<Severity, string[]> = { breaking: [], 'non-breaking': [], docs: [] };
  for (const c of diff.changes)
    items[c.severity].push(`- ${escapeMd(c.message)}${positions ? ` (\`${formatPos(c.pos)}\`)` : ''}`);
  for (const u of surface?.unexplained ?? [])
    items.breaking.push(`- API surface ${escapeMd(u)} (not explained by the spec diff)`);
  if (!diff.changes.length && !surface?.unexplained.length) out.push('', 'No changes.');
  for (const sev of ['breaking', 'non-breaking', 'docs'] as const) {
    if (!items[sev].length) continue;
    out.push('', `### ${mdHeadings[sev]}`, '', ...items[sev]);
  }
  return `${out.join('\n')}\n`;
}

const escapeMd = (s: string) => s.replace(/([\\`*_<>[\]])/g, '\\$1');

// ---- --bump ----------------------------------------------------------------------------------

export type BumpLevel = 'breaking' | 'non-breaking' | 'docs';

const semver = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z.-]+))?$/;

/**
 * The version after a release of changes of this level: breaking -> next major (next minor
 * before 1.0.0, where the minor is the breaking part), non-breaking -> next minor, docs-only ->
 * next patch. A pre-release becomes its own release when that is the step (1.0.0-rc.1 and
 * breaking -> 1.0.0), as npm's semver does.
 */
export function nextVersion(version: string, level: BumpLevel): string {
  const m = semver.exec(version);
  if (!m) throw new DiffUsageError(`--bump: packages.version '${version}' is not MAJOR.MINOR.PATCH[-PRERELEASE]`);
  const [major, minor, patch] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const pre = m[4] !== undefined;
  const part = level === 'docs' ? 'patch' : level === 'non-breaking' || major === 0 ? 'minor' : 'major';
  if (part === 'major') return pre && minor === 0 && patch === 0 ? `${major}.0.0` : `${major + 1}.0.0`;
  if (part === 'minor') return pre && patch === 0 ? `${major}.${minor}.0` : `${major}.${minor + 1}.0`;
  return pre ? `${major}.${minor}.${patch}` : `${major}.${minor}.${patch + 1}`;
}

/**
 * The YAML text with packages.version replaced in place: only the scalar's own characters change
 * (its quoting style kept), so comments and formatting elsewhere stay byte for byte.
 */
export function setPackagesVersion(text: string, version: string, file: string): string {
  const node = parseDocument(text).getIn(['packages', 'version'], true);
  if (!isScalar(node) || !node.range) throw new DiffUsageError(`--bump: no packages.version in ${file}`);
  const quote =
    node.type === Scalar.QUOTE_DOUBLE
      ? '"'
      : node.type === Scalar.QUOTE_SINGLE
        ? "'"
        : node.type === Scalar.PLAIN
          ? ''
          : undefined;
  if (quote === undefined)
    throw new DiffUsageError(
      `--bump: packages.version in ${file} is a block scalar; write it as a plain or quoted one`,
    );
  const [start, end] = node.range;
  const out = `${text.slice(0, start)}${quote}${version}${quote}${text.slice(end)}`;
  if (parseDocument(out).getIn(['packages', 'version']) !== version)
    throw new Error(`--bump: could not set packages.version in ${file}`);
  return out;
}

/**
 * CHANGELOG.md with the entry as its newest: under the `# ` title (and any text that introduces
 * the entries), above the previous newest `## ` entry. A missing file, or one without a title,
 * gets `# Changelog`.
 */
export function prependChangelog(existing: string | undefined, entry: string): string {
  const eol = existing?.includes('\r\n') ? '\r\n' : '\n';
  const body = `${entry.trimEnd()}\n`.replace(/\n/g, eol);
  if (existing === undefined || !existing.trim()) return `# Changelog${eol}${eol}${body}`;
  const text = existing.replace(/^(\s*\n)+/, '');
  if (!/^# /.test(text)) return `# Changelog${eol}${eol}${body}${eol}${text}`;
  const next = /^## /m.exec(text);
  if (next) return `${text.slice(0, next.index)}${body}${eol}${text.slice(next.index)}`;
  return `${text.trimEnd()}${eol}${eol}${body}`;
}

export interface Bump {
  from: string;
  to: string;
  level: BumpLevel | 'none';
  /** The spec file whose packages.version was set, and NEW/CHANGELOG.md (unset when nothing changed). */
  specFile?: string;
  changelog?: { file: string; created: boolean };
}

const levelWords: Record<BumpLevel, string> = {
  breaking: 'breaking',
  'non-breaking': 'non-breaking',
  docs: 'docs-only',
};

/** Sets NEW's packages.version by the level and prepends the entry to NEW/CHANGELOG.md. */
function bumpRelease(after: Spec, newDir: string, level: BumpLevel | 'none', entry: (version: string) => string): Bump {
  const from = after.packages.version;
  if (level === 'none') return { from, to: from, level };
  const to = nextVersion(from, level);
  const at = after.pos?.['packages.version'];
  if (!at) throw new DiffUsageError(`--bump: no packages.version in ${shownDir(newDir)}`);
  const specFile = resolve(at.file);
  const changelogPath = join(newDir, changelogFile);
  const created = !existsSync(changelogPath);
  // Both new texts first, so a spec file --bump cannot edit leaves the changelog alone too.
  const specText = setPackagesVersion(readFileSync(specFile, 'utf8'), to, at.file);
  const changelogText = prependChangelog(created ? undefined : readFileSync(changelogPath, 'utf8'), entry(to));
  writeFileSync(changelogPath, changelogText);
  writeFileSync(specFile, specText);
  return { from, to, level, specFile: displayPath(specFile), changelog: { file: displayPath(changelogPath), created } };
}

function bumpSummary(b: Bump): string {
  if (b.level === 'none') return `crmgen diff: no changes; version ${b.from} and ${changelogFile} left as they are\n`;
  return `crmgen diff: version ${b.from} -> ${b.to} (${levelWords[b.level]}); ${changelogFile} ${b.changelog?.created ? 'created' : 'updated'}\n`;
}

const shownDir = (dir: string) => displayPath(dir) || '.';

export interface DiffOptions {
  git?: string;
  format?: string;
  allowBreaking?: boolean;
  /** false with --no-surface. */
  surface?: boolean;
  bump?: boolean;
}

export async function runDiff(values: DiffOptions, positionals: string[]): Promise<number> {
  const format = values.format ?? 'text';
  if (!['text', 'json', 'markdown'].includes(format))
    throw new DiffUsageError(`--format expects text, json or markdown, got '${format}'`);
  let before: Spec;
  let after: Spec;
  let newDir: string;
  let labels: { old: string; new: string };
  if (values.git !== undefined) {
    if (positionals.length > 1) throw new DiffUsageError('diff --git REV takes at most one spec folder (NEW)');
    newDir = positionals[0] === undefined ? defaultSpecDir() : resolve(positionals[0]);
    before = loadSpecAtRevision(values.git, newDir);
    after = loadSpec(newDir);
    labels = { old: `${values.git}:${shownDir(newDir)}`, new: shownDir(newDir) };
  } else {
    if (positionals.length !== 2)
      throw new DiffUsageError('diff expects two spec folders, OLD and NEW (or --git REV [NEW])');
    const oldDir = resolve(positionals[0]!);
    newDir = resolve(positionals[1]!);
    before = loadSpec(oldDir);
    after = loadSpec(newDir);
    labels = { old: shownDir(oldDir), new: shownDir(newDir) };
  }
  const bump = values.bump;
  // NEW's version is OLD's until a release moves it: a different one means NEW was bumped already.
  if (bump && before.packages.version !== after.packages.version)
    throw new DiffUsageError(
      `--bump: ${labels.new} is already bumped: its packages.version is ${after.packages.version}, ${labels.old}'s is ${before.packages.version}; not bumping twice (compare with the released spec, or set the version back to bump again)`,
    );
  const diff = diffSpecs(before, after);
  // Both surfaces come from one generator, so equal IRs give equal surfaces: with no change the
  // check (and the TypeScript toolchain it loads) is skipped.
  const surface =
    values.surface === false || diff.changes.length === 0 ? undefined : await checkSurface(before, after, diff);
  const breaking = diff.counts.breaking > 0 || (surface?.unexplained.length ?? 0) > 0;
  const code = breaking && !values.allowBreaking && !bump ? 1 : 0;
  const released = bump
    ? bumpRelease(after, newDir, breaking ? 'breaking' : diff.verdict, (version) =>
        changelogEntry(version, diff, surface),
      )
    : undefined;
  if (format === 'json') {
    const json = {
      old: labels.old,
      new: labels.new,
      verdict: breaking ? 'breaking' : diff.verdict,
      counts: diff.counts,
      changes: diff.changes.map((c) => ({ ...c, location: formatPos(c.pos) })),
      ...(surface ? { surface } : {}),
      ...(released ? { bump: released } : {}),
      exitCode: code,
    };
    process.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
  } else if (format === 'markdown') {
    // With --bump, the entry as CHANGELOG.md now holds it.
    process.stdout.write(
      released && released.level !== 'none'
        ? changelogEntry(released.to, diff, surface)
        : formatMarkdown(diff, surface, labels),
    );
  } else {
    process.stdout.write(formatText(diff, surface, labels));
    if (breaking)
      process.stdout.write(
        bump
          ? 'verdict: breaking (released by --bump)\n'
          : values.allowBreaking
            ? 'verdict: breaking (allowed by --allow-breaking)\n'
            : 'verdict: breaking (exit 1; --allow-breaking to accept)\n',
      );
    else
      process.stdout.write(
        `verdict: ${diff.verdict === 'none' ? 'no changes' : diff.verdict === 'docs' ? 'docs-only' : 'non-breaking'}\n`,
      );
  }
  // What --bump did: after the report on stdout; on stderr when stdout is JSON or Markdown.
  if (released) (format === 'text' ? process.stdout : process.stderr).write(bumpSummary(released));
  return code;
}
