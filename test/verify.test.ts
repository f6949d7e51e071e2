// crmgen verify can fail for real: the reference service with one test-only fault switch on
// (CRMGEN_TEST_FAULTS, server/faults.ts) fails exactly the checks of the broken rule; a fresh
// scaffold fails and names its not-implemented operations; a spec copy with a new field and a new
// activity type is verified against the service of that copy, checks of both included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSpec } from '../generator/pipeline/load.ts';
import { buildSuite } from '../generator/tools/verify-checks.ts';
import { cli, root, specDir } from './support/paths.ts';
import { startServer } from './support/server.ts';
import { addMemoActivity, editDir } from './support/spec-edits.ts';
import { failedIds, freePort, runVerify, verifyArgs, verifyUsers, type VerifyReport } from './support/verify.ts';

const spec = loadSpec(specDir);
const ids = buildSuite(spec).checks.map((c) => c.id);
const segments = spec.activities.map((a) => a.segment);
const ofActivity = (id: string, group: string) => segments.some((s) => id.startsWith(`${group}.${s}.`));

/** Fault -> the checks that must fail, from the spec; every other check must pass. */
const faults: [string, string[]][] = [
  ['valuelist', ids.filter((id) => ofActivity(id, 'values') && id.endsWith('.accepted'))],
  ['range', ids.filter((id) => ofActivity(id, 'ranges') && id.endsWith('.max'))],
  ['hierarchy', ids.filter((id) => id.startsWith('hierarchy.') && id.includes('.notunder.'))],
  ['isolation', ids.filter((id) => id.startsWith('isolation.showRecord.'))],
  ['signature', ids.filter((id) => id.startsWith('webhooks.'))],
];

describe('each test-only fault fails exactly its checks', { timeout: 240_000 }, () => {
  it('the expected sets are not empty', () => {
    for (const [name, expected] of faults) expect(expected.length, name).toBeGreaterThan(0);
  });

  it.each(faults)('CRMGEN_TEST_FAULTS=%s', async (fault, expected) => {
    const server = await startServer({
      users: verifyUsers,
      args: ['--allow-private-webhooks'],
      env: { CRMGEN_TEST_FAULTS: fault },
    });
    try {
      expect(server.output()).toContain(`TEST FAULTS ENABLED (${fault})`);
      const r = await runVerify([
        '--url',
        server.base,
        ...verifyArgs,
        '--webhooks',
        `127.0.0.1:${await freePort()}`,
        '--format',
        'json',
      ]);
      const report = JSON.parse(r.stdout) as VerifyReport;
      expect(r.code).toBe(1);
      expect(failedIds(report)).toEqual([...expected].sort());
      expect(report.skipped).toBe(1); // fuzz, without --fuzz
    } finally {
      await server.stop();
    }
  });
});

describe('a fresh scaffold', { timeout: 300_000 }, () => {
  let tmp: string;
  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'crmgen-verify-scaffold-'));
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('fails, and the report names the operations not implemented', async () => {
    const app = join(tmp, 'app');
    const s = spawnSync(process.execPath, [cli, 'scaffold', 'server', app], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(s.status, s.stderr).toBe(0);
    // What npm install would put there (as test/scaffold.test.ts does).
    const serverName = (
      JSON.parse(readFileSync(join(root, 'generated/server/package.json'), 'utf8')) as { name: string }
    ).name;
    mkdirSync(join(app, 'node_modules/@types'), { recursive: true });
    cpSync(join(root, 'generated/server'), join(app, 'node_modules', serverName), { recursive: true });
    for (const dep of ['@types/node', 'busboy', 'streamsearch'])
      symlinkSync(join(root, 'node_modules', dep), join(app, 'node_modules', dep));
    const first = await verifyScaffold(app);
    expect(first.code).toBe(1);
    const line = /^not implemented \(501\): (.+)$/m.exec(first.stdout)?.[1];
    expect(line, first.stdout.slice(-2000)).toBeDefined();
    const named = line!.split(', ');
    for (const op of [
      'listRecords',
      'createRecord',
      'listOwnership',
      'listCategories',
      'listHooks',
      'reportCalendar',
      'createActivity (call)',
      'createActivity (task)',
      'createActivity (tasklist)',
    ])
      expect(named).toContain(op);
    const passed = (out: string) => Number(/\n(\d+) passed, \d+ failed, 0 skipped/.exec(out)?.[1]);
    // Only rules the generated request pipeline enforces before any handler (values refused) can pass.
    const before = passed(first.stdout);
    expect(first.stdout).not.toMatch(/^ok .*\.accepted /m);

    // The loop of the README: implement a handler (and the quota the checks ask of every answer),
    // verify again, the passing count goes up.
    const main = join(app, 'main.ts');
    writeFileSync(
      main,
      readFileSync(main, 'utf8').replace(
        'const hooks: ServiceHooks<Context> = {\n',
        'let used = 0;\nconst hooks: ServiceHooks<Context> = {\n  async countCalls(_context, n) {\n    used += n;\n    return { used, allowed: 5000 };\n  },\n',
      ),
    );
    const file = join(app, 'handlers/categories.ts');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(
        "throw notImplemented('listCategories');",
        "return { categories: [], status: 'success' };",
      ),
    );
    const second = await verifyScaffold(app);
    expect(second.code).toBe(1);
    expect(second.stdout).toMatch(/^ok {3}operations\.listCategories\.contacts\.json /m);
    expect(passed(second.stdout)).toBe(before + 8); // listCategories: JSON and XML of 4 kinds
    expect(/^not implemented \(501\): (.+)$/m.exec(second.stdout)?.[1].split(', ')).not.toContain('listCategories');
  });
});

/** Builds and starts the scaffold, runs verify on it (operations, hierarchy, list), stops it. */
async function verifyScaffold(app: string) {
  const built = spawnSync(join(root, 'node_modules/.bin/tsc'), ['-p', app], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(built.status, built.stdout + built.stderr).toBe(0);
  const child = spawn(process.execPath, [join(app, 'dist/main.js'), '--port', '0', '--host', '127.0.0.1'], {
    cwd: root,
    env: { ...process.env, API_TOKEN: 'test-token' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    let out = '';
    const base = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no listening line:\n${out}`)), 60_000);
      const onData = (d: Buffer) => {
        out += d.toString();
        const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (m) (clearTimeout(timer), resolve(m[1]));
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
    });
    return await runVerify([
      '--url',
      base,
      '--user',
      'dev@example.com:test-token',
      '--user',
      'dev@example.com:test-token',
      '--other-account',
      'other@example.com:test-token',
      '--only',
      'operations,hierarchy,list',
    ]);
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

describe('a spec copy with a new field and a new activity type', { timeout: 300_000 }, () => {
  let tmp: string;
  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'crmgen-verify-spec-'));
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('verify --spec COPY passes against serve --spec COPY and checks the new field and type', async () => {
    const copy = join(tmp, 'spec');
    cpSync(specDir, copy, { recursive: true });
    editDir(copy, [
      ...addMemoActivity,
      [
        'activities.yaml',
        '      billed: { type: flag }\n',
        '      billed: { type: flag }\n      effort: { type: integer, min: 1, max: 13 }\n',
      ],
    ]);
    const server = await startServer({
      users: verifyUsers,
      args: ['--spec', copy, '--allow-private-webhooks'],
      env: { CRMGEN_CACHE_DIR: join(tmp, 'cache') },
      timeoutMs: 240_000,
    });
    try {
      const r = await runVerify([
        '--url',
        server.base,
        ...verifyArgs,
        '--spec',
        copy,
        '--fuzz',
        '20',
        '--webhooks',
        `127.0.0.1:${await freePort()}`,
        '--format',
        'json',
      ]);
      const report = JSON.parse(r.stdout) as VerifyReport;
      expect(failedIds(report), r.stdout.slice(0, 3000)).toEqual([]);
      expect(r.code).toBe(0);
      const got = report.checks.map((c) => c.id);
      for (const id of [
        'ranges.task.effort.min',
        'ranges.task.effort.max',
        'ranges.task.effort.belowmin',
        'ranges.task.effort.abovemax',
        'operations.createActivity.memo.json',
        'hierarchy.memo.under.record',
        'hierarchy.comment.under.memo',
        'required.memo.body',
      ])
        expect(got).toContain(id);
      expect(report.checks.find((c) => c.id === 'ranges.task.effort.max')!.at).toMatch(/activities\.yaml:\d+$/);
    } finally {
      await server.stop();
    }
  });
});

describe('crmgen verify --help', () => {
  it('names every check group the suite has (the CLI lists them without loading the generator)', async () => {
    const { groups } = await import('../generator/tools/verify-checks.ts');
    const help = spawnSync(process.execPath, [cli, 'verify', '--help'], { cwd: root, encoding: 'utf8' });
    expect(help.status).toBe(0);
    const listed = /only these check groups: ([a-z, ]+)/
      .exec(help.stdout.replace(/\s+/g, ' '))?.[1]
      ?.trim()
      .split(', ');
    expect(listed).toEqual(groups);
  });
});
