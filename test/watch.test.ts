// crmgen generate --watch as a child process on a temp copy of spec/: an edit of one activity
// field rewrites only the files that depend on it and prints the summary; a broken spec is
// reported with its position while the watcher keeps running; the fix regenerates; SIGINT stops it.
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, generatedDir, root, specDir } from './support/paths.ts';

/** A child's output so far, and a bounded wait for a pattern to appear after a mark. */
class Output {
  text = '';
  private waiters: (() => void)[] = [];
  constructor(child: ChildProcess) {
    const add = (chunk: Buffer) => {
      this.text += chunk.toString('utf8');
      for (const w of this.waiters.splice(0)) w();
    };
    child.stdout!.on('data', add);
    child.stderr!.on('data', add);
  }
  mark(): number {
    return this.text.length;
  }
  async waitFor(pattern: RegExp, from: number, ms: number): Promise<RegExpMatchArray> {
    const deadline = Date.now() + ms;
    for (;;) {
      const m = this.text.slice(from).match(pattern);
      if (m) return m;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `timed out after ${ms} ms waiting for ${pattern}; output since the mark:\n${this.text.slice(from)}`,
        );
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, 250));
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }
}

describe('crmgen generate --watch', () => {
  let dir: string;
  let child: ChildProcess;
  let out: Output;
  const spec = () => join(dir, 'spec');
  const outDir = () => join(dir, 'out');
  const activities = () => join(spec(), 'activities.yaml');
  let original: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'crmgen-watch-'));
    cpSync(specDir, spec(), { recursive: true });
    // Start from the committed output, so the first run has little to write.
    cpSync(generatedDir, outDir(), { recursive: true });
    original = readFileSync(activities(), 'utf8');
    child = spawn(process.execPath, [cli, 'generate', '--watch', '--spec', spec(), '--out', outDir()], {
      cwd: root,
      env: { ...process.env, CRMGEN_CACHE_DIR: join(dir, 'cache') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    out = new Output(child);
  });

  afterAll(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs once, then watches the spec folder and templates/', async () => {
    await out.waitFor(/^first run: \d+ written, 0 removed, \d+ unchanged/m, 0, 90_000);
    await out.waitFor(/watching .*spec\/ and templates\/, writing .*out\/ \(Ctrl-C to stop\)/, 0, 10_000);
  }, 120_000);

  it('an edit of one activity field rewrites only the files that depend on it', async () => {
    const note = join(outDir(), 'client/src/types/activities/note.ts');
    const noteMtime = statSync(note).mtimeMs;
    const mark = out.mark();
    // call.details: text -> integer; its type in types/activities/call.ts becomes number.
    writeFileSync(
      activities(),
      original.replace(
        '  call:\n    title: Call\n    aliases: [Interaction]\n    typeid: 73\n    fields:\n      details: { type: text }',
        '  call:\n    title: Call\n    aliases: [Interaction]\n    typeid: 73\n    fields:\n      details: { type: integer }',
      ),
    );
    const [summary, , written] = await out.waitFor(
      /activities\.yaml changed: (\d+) written, 0 removed, \d+ unchanged, \d+ formatted in \d+ ms \(load \d+ms, emit \d+ms.*\)\n((?: {2}wrote .*\n)+)/,
      mark,
      60_000,
    );
    expect(Number(summary.match(/changed: (\d+) written/)![1])).toBeGreaterThan(0);
    const files = written
      .trim()
      .split('\n')
      .map((l) => l.trim().replace(/^wrote /, ''));
    expect(files).toContain('client/src/types/activities/call.ts');
    expect(files).toContain('client/dist/types/activities/call.d.ts');
    expect(files).toContain('schemas/activities/call.createActivity.request.json');
    // No other activity type's own files.
    expect(
      files.filter((f) =>
        /^(?:(?:client|server)\/(?:src|dist)\/)?(types|schemas)\/activities\/(?!call[./]|index\.)/.test(f),
      ),
    ).toEqual([]);
    expect(readFileSync(join(outDir(), 'client/src/types/activities/call.ts'), 'utf8')).toMatch(/details\?: number;/);
    expect(statSync(note).mtimeMs).toBe(noteMtime);
  }, 90_000);

  it('a broken spec is reported with its position and the watcher keeps running', async () => {
    const mark = out.mark();
    const before = readFileSync(join(outDir(), 'client/src/types/activities/call.ts'), 'utf8');
    const broken = readFileSync(activities(), 'utf8').replace('typeid: 73', 'typeid: seventy-three');
    writeFileSync(activities(), broken);
    const lines = broken.slice(0, broken.indexOf('seventy-three')).split('\n');
    const where = `${activities()}:${lines.length}:${lines[lines.length - 1].length + 1}`;
    await out.waitFor(
      new RegExp(
        `${where.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: activities\\.call\\.typeid: expected integer, found string "seventy-three"`,
      ),
      mark,
      60_000,
    );
    await out.waitFor(
      /activities\.yaml changed: the spec has 1 problem; nothing written \(\d+ ms\); still watching/,
      mark,
      10_000,
    );
    expect(out.text.slice(mark)).not.toMatch(/\n\s+at /);
    // Still alive, and nothing was written.
    await new Promise((r) => setTimeout(r, 300));
    expect(child.exitCode).toBeNull();
    expect(readFileSync(join(outDir(), 'client/src/types/activities/call.ts'), 'utf8')).toBe(before);
  }, 90_000);

  it('the fix regenerates again', async () => {
    const mark = out.mark();
    writeFileSync(activities(), original);
    await out.waitFor(/activities\.yaml changed: [1-9]\d* written, 0 removed/, mark, 60_000);
    await out.waitFor(/ {2}wrote client\/src\/types\/activities\/call\.ts/, mark, 5_000);
    expect(readFileSync(join(outDir(), 'client/src/types/activities/call.ts'), 'utf8')).toBe(
      readFileSync(join(generatedDir, 'client/src/types/activities/call.ts'), 'utf8'),
    );
  }, 90_000);

  it('stops cleanly on SIGINT', async () => {
    const mark = out.mark();
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGINT');
    expect(await Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), 15_000))])).toBe(0);
    expect(out.text.slice(mark)).toContain('crmgen generate --watch: SIGINT, stopped');
  }, 30_000);
});
