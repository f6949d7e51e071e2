// crmgen scaffold server: a starter project that type-checks with the repo's tsc, starts and
// answers 501 in the API's error envelope; a rerun after a spec change (a new activity type,
// generated into a temp out dir) adds the new handler and keeps the user's edit. Its dependencies
// are linked here (the generated server package, @types/node); test/packaging.test.ts installs a
// moved scaffold for real, from its packed tarball.
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSpec } from '../generator/pipeline/load.ts';
import { planScaffold, type ScaffoldManifest, type ScaffoldPaths } from '../generator/tools/scaffold-plan.ts';
import { cli, root, specDir } from './support/paths.ts';
import { addMemoActivity, editDir, edited, type Edit } from './support/spec-edits.ts';

const tsc = join(root, 'node_modules/.bin/tsc');
const crmgen = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [cli, ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, ...env } });
const typecheck = (dir: string) => spawnSync(tsc, ['-p', dir, '--noEmit'], { cwd: root, encoding: 'utf8' });
const serverName = (JSON.parse(readFileSync(join(root, 'generated/server/package.json'), 'utf8')) as { name: string })
  .name;

/** What npm install would put in the scaffold's node_modules: the server package (of `generated`) and Node's types. */
function linkDependencies(dir: string, generated: string) {
  rmSync(join(dir, 'node_modules'), { recursive: true, force: true });
  mkdirSync(join(dir, 'node_modules/@types'), { recursive: true });
  // A copy, as npm installs it: a link would resolve busboy from the generated folder.
  cpSync(join(generated, 'server'), join(dir, 'node_modules', serverName), { recursive: true });
  symlinkSync(join(root, 'node_modules/@types/node'), join(dir, 'node_modules/@types/node'));
  symlinkSync(join(root, 'node_modules/busboy'), join(dir, 'node_modules/busboy'));
  symlinkSync(join(root, 'node_modules/streamsearch'), join(dir, 'node_modules/streamsearch'));
}

/** Starts the scaffolded server on a free port; resolves with its base URL. */
async function start(dir: string): Promise<{ base: string; child: ChildProcess; stop: () => Promise<void> }> {
  const built = spawnSync(tsc, ['-p', dir], { cwd: root, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`tsc -p ${dir}:\n${built.stdout}${built.stderr}`);
  const child = spawn(process.execPath, [join(dir, 'dist/main.js'), '--port', '0', '--host', '127.0.0.1'], {
    cwd: root,
    env: { ...process.env, API_TOKEN: 'test-token' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "listening" line in 60 s:\n${output}`)), 60_000);
    const onData = (c: Buffer) => {
      output += c.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited ${code}:\n${output}`));
    });
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  return { base, child, stop };
}

const auth = { authorization: `Basic ${Buffer.from('dev@example.com:test-token').toString('base64')}` };

describe('crmgen scaffold server', { timeout: 60_000 }, () => {
  let tmp: string;
  const app = () => join(tmp, 'app');
  beforeAll(() => {
    tmp = mkdtempSync(join(tmpdir(), 'crmgen-scaffold-'));
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('writes a project: one handler file per resource family and per activity type, main.ts, package.json, tsconfig.json', () => {
    const r = crmgen(['scaffold', 'server', app()]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/: \d+ added, 0 updated, 0 kept \(edited by you\), 0 removed/);
    for (const f of [
      'vendor/' + serverName + '.tgz',
      'main.ts',
      'context.ts',
      'not-implemented.ts',
      'package.json',
      'tsconfig.json',
      '.crmgen-scaffold.json',
      'handlers/index.ts',
      'handlers/records.ts',
      'handlers/categories.ts',
      'handlers/fields.ts',
      'handlers/ownership.ts',
      'handlers/hooks.ts',
      'handlers/reports.ts',
      'handlers/activities.ts',
      'handlers/activities/call.ts',
      'handlers/activities/task.ts',
    ])
      expect(existsSync(join(app(), f)), f).toBe(true);
    const records = readFileSync(join(app(), 'handlers/records.ts'), 'utf8');
    expect(records).toContain(`from '${serverName}'`);
    linkDependencies(app(), join(root, 'generated'));
    expect(records).toContain("async listRecords(input, context) {\n    throw notImplemented('listRecords');");
  });

  it('type-checks with the repository tsc', () => {
    const r = typecheck(app());
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  }, 120_000);

  it('starts and answers 501 in the error envelope (json and xml)', async () => {
    const server = await start(app());
    try {
      const json = await fetch(`${server.base}/contacts/`, { headers: { ...auth, accept: 'application/json' } });
      expect(json.status).toBe(501);
      expect(await json.json()).toEqual({
        status: 'failed',
        errors: { notimplemented: 'listRecords is not implemented yet' },
      });
      const xml = await fetch(`${server.base}/contacts/call/`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ parent: 1 }),
      });
      expect(xml.status).toBe(501);
      expect(await xml.text()).toContain(
        '<response><status>failed</status><errors><notimplemented>createActivity (call) is not implemented yet</notimplemented></errors></response>',
      );
      const denied = await fetch(`${server.base}/contacts/`, {
        headers: { authorization: `Basic ${Buffer.from('dev@example.com:wrong').toString('base64')}` },
      });
      expect(denied.status).toBe(401);
    } finally {
      await server.stop();
    }
  }, 90_000);

  it('a rerun after a spec change adds the new activity type and keeps the edited handler file', async () => {
    // The user implements listRecords.
    const recordsFile = join(app(), 'handlers/records.ts');
    const edited = readFileSync(recordsFile, 'utf8').replace(
      "throw notImplemented('listRecords');",
      "return { entries: [], count: 0, status: 'success' };",
    );
    writeFileSync(recordsFile, edited);
    // A fixture spec with one more activity type, generated into a temp out dir beside a runtime/.
    const gen = join(tmp, 'gen');
    mkdirSync(gen);
    cpSync(specDir, join(gen, 'spec'), { recursive: true });
    editDir(join(gen, 'spec'), addMemoActivity);
    const g = crmgen(['generate', '--spec', join(gen, 'spec'), '--out', join(gen, 'generated')], {
      CRMGEN_CACHE_DIR: join(tmp, 'cache'),
    });
    expect(g.status, g.stderr).toBe(0);
    expect(existsSync(join(gen, 'generated/client/src/types/activities/memo.ts'))).toBe(true);

    const r = crmgen(['scaffold', 'server', app(), '--spec', join(gen, 'spec'), '--generated', join(gen, 'generated')]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/: 1 added, \d+ updated, 1 kept \(edited by you\), 0 removed/);
    expect(r.stdout).toContain('  added   handlers/activities/memo.ts');
    expect(r.stdout).toContain('  updated handlers/activities.ts');
    expect(r.stdout).toContain('  kept    handlers/records.ts');
    expect(readFileSync(recordsFile, 'utf8')).toBe(edited);
    expect(readFileSync(join(app(), 'handlers/activities/memo.ts'), 'utf8')).toContain(
      "export const memo: ActivityHandlers<'memo'> = {",
    );
    expect(readFileSync(join(app(), 'handlers/activities.ts'), 'utf8')).toContain(
      "import { memo } from './activities/memo.ts';",
    );

    linkDependencies(app(), join(gen, 'generated'));
    const tc = typecheck(app());
    expect(tc.stdout + tc.stderr).toBe('');
    expect(tc.status).toBe(0);
    const server = await start(app());
    try {
      const listed = await fetch(`${server.base}/contacts/`, { headers: { ...auth, accept: 'application/json' } });
      expect(listed.status).toBe(200);
      const memo = await fetch(`${server.base}/contacts/memo/`, {
        method: 'POST',
        headers: { ...auth, accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({ parent: 1, data: { body: 'hello' } }),
      });
      expect(memo.status).toBe(501);
      expect(await memo.json()).toEqual({
        status: 'failed',
        errors: { notimplemented: 'createActivity (memo) is not implemented yet' },
      });
    } finally {
      await server.stop();
    }
  }, 180_000);

  it('a rerun with nothing changed touches nothing', () => {
    const gen = join(tmp, 'gen');
    const r = crmgen(['scaffold', 'server', app(), '--spec', join(gen, 'spec'), '--generated', join(gen, 'generated')]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/: 0 added, 0 updated, 1 kept \(edited by you\), 0 removed, \d+ unchanged/);
  });
});

describe('planScaffold', () => {
  const paths: ScaffoldPaths = { dir: '/srv/app' };
  const spec = (edits: readonly Edit[] = []) => loadSpec(specDir, { files: edited(edits) });
  /** The disk after applying a plan to `disk`. */
  const apply = (disk: Map<string, string>, plan: ReturnType<typeof planScaffold>) => {
    const next = new Map(disk);
    for (const f of plan.files) {
      if (f.content !== undefined) next.set(f.path, f.content);
      if (f.action === 'remove') next.delete(f.path);
    }
    return next;
  };
  const countRecords: Edit = [
    'endpoints.yaml',
    '  deleteRecord:\n',
    '  countRecords:\n    method: GET\n    path: /{kind}/count/\n    scope: kind\n    client: count\n    purpose: Count records.\n    response:\n      type: object\n      required: all\n      fields:\n        count: integer\n        status: status\n  deleteRecord:\n',
  ];
  const dropDeleteRecord: Edit = [
    'endpoints.yaml',
    '  deleteRecord:\n    method: DELETE\n    path: /{kind}/{id}/\n    scope: kind\n    client: delete\n    purpose: Delete record.\n    response: status\n',
    '',
  ];

  it('a new operation of an edited family gets a file of its own; one of an untouched family joins its file', () => {
    const first = planScaffold(spec(), paths, undefined, () => undefined, 'app');
    expect(first.files.every((f) => f.action === 'add')).toBe(true);
    let disk = apply(new Map(), first);
    disk.set('handlers/records.ts', `${disk.get('handlers/records.ts')}// mine\n`);
    const second = planScaffold(spec([countRecords]), paths, first.manifest, (p) => disk.get(p), 'app');
    const by = (p: string) => second.files.find((f) => f.path === p);
    expect(by('handlers/records.ts')?.action).toBe('keep');
    expect(by('handlers/records.ts')?.note).toContain('countRecords (handlers/records.countRecords.ts)');
    expect(by('handlers/records.countRecords.ts')?.action).toBe('add');
    expect(by('handlers/records.countRecords.ts')?.content).toContain(
      "export const recordsCountRecords: Pick<Handlers<Context>, 'countRecords'>",
    );
    expect(by('handlers/index.ts')?.action).toBe('update');
    expect(by('handlers/index.ts')?.content).toContain('...recordsCountRecords,');
    disk = apply(disk, second);
    // A third run from the same spec changes nothing, and the edited file stays "edited".
    const third = planScaffold(spec([countRecords]), paths, second.manifest, (p) => disk.get(p), 'app');
    expect(third.files.filter((f) => f.action !== 'unchanged').map((f) => `${f.action} ${f.path}`)).toEqual([
      'keep handlers/records.ts',
    ]);
  });

  it('lists operations and activity types that disappeared; removes untouched files, keeps edited ones', () => {
    const first = planScaffold(spec(addMemoActivity), paths, undefined, () => undefined, 'app');
    const disk = apply(new Map(), first);
    disk.set('handlers/records.ts', `${disk.get('handlers/records.ts')}// mine\n`);
    const next = planScaffold(
      spec([dropDeleteRecord]),
      paths,
      first.manifest as ScaffoldManifest,
      (p) => disk.get(p),
      'app',
    );
    expect(next.disappeared).toEqual([{ operation: 'deleteRecord', files: ['handlers/records.ts'] }]);
    expect(next.disappearedSegments).toEqual(['memo']);
    expect(next.files.find((f) => f.path === 'handlers/activities/memo.ts')?.action).toBe('remove');
    expect(next.files.find((f) => f.path === 'handlers/records.ts')?.action).toBe('keep');
  });

  it('warns when the spec has no notimplemented error key', () => {
    const plan = planScaffold(
      spec([['api.yaml', '    notimplemented:', '    notimplementedx:']]),
      paths,
      undefined,
      () => undefined,
      'app',
    );
    expect(plan.warnings.join('\n')).toContain("no error key 'notimplemented'");
  });
});
