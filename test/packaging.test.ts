// Everything crmgen makes, taken where a user takes it: in folders outside the checkout, crmgen is
// packed and installed from its tarball; it generates from a copy of the spec with one more contact
// field; the generated client is packed and installed into an empty project, where a plain
// JavaScript program calls `crmgen serve --spec` of the changed spec and a TypeScript program
// type-checks under the strictest options; a scaffolded server is moved, installed and started.
// Installs come from the npm registry (crmgen's dependencies include better-sqlite3, built from source).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, specDir } from './support/paths.ts';
import { addMemoActivity, editDir, type Edit } from './support/spec-edits.ts';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const tsc = join(root, 'node_modules/.bin/tsc');
const clientName = (JSON.parse(readFileSync(join(root, 'generated/client/package.json'), 'utf8')) as { name: string })
  .name;
const serverName = (JSON.parse(readFileSync(join(root, 'generated/server/package.json'), 'utf8')) as { name: string })
  .name;

/** One more contact field: what an API owner adds before regenerating. */
const addLoyaltyTier: readonly Edit[] = [
  [
    'records.yaml',
    '      assignedto: { label: Assigned to, type: owner }\n  organization:',
    '      assignedto: { label: Assigned to, type: owner }\n      loyaltytier: { label: Loyalty tier, type: text }\n  organization:',
  ],
];

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

// npm and the user's shell environment, minus what the test runner or this checkout set.
const env = () => {
  const e: Record<string, string> = {
    ...process.env,
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
  } as Record<string, string>;
  for (const k of Object.keys(e))
    if (k.startsWith('VITEST') || k === 'NODE_OPTIONS' || k === 'CRMGEN_CACHE_DIR') delete e[k];
  return e;
};

function run(cmd: string, args: string[], cwd: string, extra: Record<string, string> = {}): Run {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...env(), ...extra }, timeout: 600_000 });
  return { status: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

const ok = (r: Run, what: string) => expect(r.status, `${what}\nstdout:\n${r.stdout}\nstderr:\n${r.stderr}`).toBe(0);

/** Starts a long-running command in its own process group; resolves once stdout+stderr match `ready`. */
async function startProcess(
  cmd: string,
  args: string[],
  cwd: string,
  ready: RegExp,
  extra: Record<string, string> = {},
): Promise<{ match: RegExpExecArray; output: () => string; stop: () => Promise<void> }> {
  const child: ChildProcess = spawn(cmd, args, {
    cwd,
    env: { ...env(), ...extra },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${ready} in 180 s:\n${out}`)), 180_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = ready.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${cmd} ${args.join(' ')} exited ${code}:\n${out}`));
    });
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
  };
  return { match, output: () => out, stop };
}

/** `npm pack DIR` into dest; the tarball's path. */
function pack(dir: string, dest: string): string {
  mkdirSync(dest, { recursive: true });
  const r = run(npm, ['pack', dir, '--pack-destination', dest, '--json'], dest);
  ok(r, `npm pack ${dir}`);
  const [{ filename }] = JSON.parse(r.stdout.slice(r.stdout.indexOf('['))) as { filename: string }[];
  return join(dest, filename);
}

const emptyProject = (dir: string) => {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'user-project', private: true, type: 'module' }, null, 2)}\n`,
  );
};

const user = { email: 'ann@example.com', token: 'secret1' };

describe('crmgen outside its checkout', { timeout: 900_000 }, () => {
  let tmp: string;
  let tool: string;
  let app: string;
  let service: Awaited<ReturnType<typeof startProcess>> | undefined;
  let base: string;
  const crmgen = (args: string[], cwd = tool) =>
    run(join(tool, 'node_modules/.bin/crmgen'), args, cwd, { CRMGEN_CACHE_DIR: join(tmp, 'cache') });

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'crmgen-outside-'));
    tool = join(tmp, 'tool');
    app = join(tmp, 'app');
    emptyProject(tool);
    const crmgenTgz = pack(root, join(tmp, 'packs'));
    ok(run(npm, ['install', crmgenTgz], tool), 'npm install crmgen');
    cpSync(specDir, join(tool, 'spec'), { recursive: true });
    editDir(join(tool, 'spec'), addLoyaltyTier);
  }, 900_000);

  afterAll(async () => {
    await service?.stop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('is installed as compiled JavaScript: no TypeScript loader, help answers', () => {
    expect(existsSync(join(tool, 'node_modules/crmgen/cli/main.js'))).toBe(true);
    expect(existsSync(join(tool, 'node_modules/tsx'))).toBe(false);
    const r = crmgen(['--help']);
    ok(r, 'crmgen --help');
    expect(r.stdout).toContain('crmgen generate');
  });

  it('generates from the changed spec, then --check agrees and diff calls the new field non-breaking', () => {
    ok(crmgen(['generate', '--spec', './spec', '--out', './gen']), 'generate');
    expect(readFileSync(join(tool, 'gen/client/src/types/records.ts'), 'utf8')).toContain('loyaltytier');
    expect(readFileSync(join(tool, 'gen/client/dist/types/records.d.ts'), 'utf8')).toContain('loyaltytier');
    ok(crmgen(['generate', '--spec', './spec', '--out', './gen', '--check']), 'generate --check');
    expect(existsSync(join(tool, 'spec/generated'))).toBe(false);
    // Without --spec and --out: the working folder's spec/ into its generated/, never into the installation.
    const installed = readFileSync(join(tool, 'node_modules/crmgen/generated/client/src/types/records.ts'), 'utf8');
    ok(crmgen(['generate']), 'generate with defaults');
    expect(readFileSync(join(tool, 'generated/client/src/types/records.ts'), 'utf8')).toContain('loyaltytier');
    expect(readFileSync(join(tool, 'node_modules/crmgen/generated/client/src/types/records.ts'), 'utf8')).toBe(
      installed,
    );
    const d = crmgen(['diff', join(tool, 'node_modules/crmgen/spec'), './spec']);
    ok(d, 'diff');
    expect(d.stdout).toContain('loyaltytier');
  });

  it('serves the changed spec with serve --spec, and the packed client works there from plain JavaScript', async () => {
    service = await startProcess(
      join(tool, 'node_modules/.bin/crmgen'),
      ['serve', '--spec', './spec', '--port', '0', '--db', ':memory:', '--user', `${user.email}:${user.token}`],
      tool,
      /crmgen listening on (http:\/\/127\.0\.0\.1:\d+)/,
      { CRMGEN_CACHE_DIR: join(tmp, 'cache') },
    );
    base = service.match[1]!;
    // Nothing was written beside the user's spec.
    expect(existsSync(join(tool, 'spec/generated'))).toBe(false);

    emptyProject(app);
    const clientTgz = pack(join(tool, 'gen/client'), join(tmp, 'packs'));
    ok(run(npm, ['install', clientTgz], app), 'npm install the client');
    const installed = JSON.parse(readFileSync(join(app, 'node_modules', clientName, 'package.json'), 'utf8')) as {
      dependencies?: object;
    };
    expect(installed.dependencies ?? {}).toEqual({});
    writeFileSync(
      join(app, 'main.mjs'),
      `import { createClient } from '${clientName}';
const crm = createClient({ baseUrl: process.env.CRM_URL, email: process.env.CRM_EMAIL, token: process.env.CRM_TOKEN });
const created = await crm.contacts.create({ firstname: 'Ann', lastname: 'Lee', loyaltytier: 'gold' });
const shown = await crm.contacts.show(created.item.id);
const page = await crm.contacts.list({ limit: 50 });
const batch = crm.batch();
const second = batch.contacts.create({ firstname: 'Bob', loyaltytier: 'silver' });
const again = batch.contacts.show(created.item.id);
await batch.send();
const bob = await second;
const annAgain = await again;
console.log(JSON.stringify({ id: created.item.id, shown: shown.item.fields.loyaltytier, listed: page.entries.map((e) => e.id), batched: [bob.item.name, annAgain.item.fields.loyaltytier] }));
`,
    );
    const r = run(process.execPath, ['main.mjs'], app, { CRM_URL: base, CRM_EMAIL: user.email, CRM_TOKEN: user.token });
    ok(r, 'node main.mjs');
    const out = JSON.parse(r.stdout) as { id: number; shown: string; listed: number[]; batched: string[] };
    expect(out.shown).toBe('gold');
    expect(out.listed).toContain(out.id);
    expect(out.batched).toEqual(['Bob', 'gold']);
    // The modular entry points from the installed package (exports subpaths): one format, one resource's functions.
    writeFileSync(
      join(app, 'modular.mjs'),
      `import { connect, ServiceError } from '${clientName}/core';
import { json } from '${clientName}/json';
import * as contacts from '${clientName}/resources/contacts';
const crm = connect({ baseUrl: process.env.CRM_URL, email: process.env.CRM_EMAIL, token: process.env.CRM_TOKEN, format: json });
const created = await contacts.createRecord(crm, { firstname: 'Cy', loyaltytier: 'bronze' });
const page = await contacts.listRecords(crm, { limit: 50 });
let refused;
try {
  await contacts.createRecord(crm, { loyaltytier: 7 });
} catch (e) {
  refused = e instanceof ServiceError && e.local ? e.keys : String(e);
}
console.log(JSON.stringify({ tier: created.item.fields.loyaltytier, listed: page.entries.some((e) => e.id === created.item.id), refused, quota: crm.quota !== undefined }));
`,
    );
    const m = run(process.execPath, ['modular.mjs'], app, {
      CRM_URL: base,
      CRM_EMAIL: user.email,
      CRM_TOKEN: user.token,
    });
    ok(m, 'node modular.mjs');
    expect(JSON.parse(m.stdout)).toEqual({ tier: 'bronze', listed: true, refused: ['invalidvalue'], quota: true });
    // The new field on the wire, as XML (the API's default format), read back by hand.
    const xml = await fetch(`${base}/contacts/${out.id}`, {
      headers: { authorization: `Basic ${Buffer.from(`${user.email}:${user.token}`).toString('base64')}` },
    });
    expect(await xml.text()).toContain('<loyaltytier label="Loyalty tier">gold</loyaltytier>');
  });

  it.each(['nodenext', 'bundler'])(
    'type-checks a TypeScript program against the installed client (moduleResolution %s, strictest options, skipLibCheck false)',
    (resolution) => {
      ok(run(npm, ['install', '--no-save', '@types/node@^20'], app), 'npm install @types/node');
      writeFileSync(
        join(app, 'check.ts'),
        `import { createClient, ServiceError } from '${clientName}';
import { connect } from '${clientName}/core';
import { xml } from '${clientName}/xml';
import * as contacts from '${clientName}/resources/contacts';

const crm = createClient({ baseUrl: 'http://127.0.0.1:1', email: 'a@example.com', token: 't' });
export async function use(): Promise<string | undefined> {
  const created = await crm.contacts.create({ firstname: 'Ann', loyaltytier: 'gold' });
  // @ts-expect-error the new field is text, not a number
  await crm.contacts.create({ loyaltytier: 7 });
  // @ts-expect-error no such field
  await crm.contacts.create({ loyaltytire: 'gold' });
  const shown = await crm.contacts.show(created.item.id);
  const tier: string | undefined = shown.item.fields.loyaltytier;
  return tier;
}
export const isServiceError = (e: unknown): boolean => e instanceof ServiceError;

// The modular entry points type-check as well.
const conn = connect({ baseUrl: 'http://127.0.0.1:1', email: 'a@example.com', token: 't', format: xml });
export async function useModular(): Promise<string | undefined> {
  const created = await contacts.createRecord(conn, { firstname: 'Ann', loyaltytier: 'gold' });
  // @ts-expect-error the new field is text, not a number
  await contacts.createRecord(conn, { loyaltytier: 7 });
  return created.item.fields.loyaltytier;
}
`,
      );
      const config = {
        compilerOptions: {
          target: 'ES2022',
          module: resolution === 'bundler' ? 'ESNext' : 'NodeNext',
          moduleResolution: resolution,
          strict: true,
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
          skipLibCheck: false,
          noEmit: true,
          types: ['node'],
        },
        files: ['check.ts'],
      };
      writeFileSync(join(app, `tsconfig.${resolution}.json`), JSON.stringify(config, null, 2));
      ok(run(tsc, ['-p', `tsconfig.${resolution}.json`], app), `tsc (${resolution})`);
    },
  );

  it('scaffolds a server that still works after the folder is moved: npm install, typecheck, start, 501', async () => {
    const r = crmgen(['scaffold', 'server', './srv', '--spec', './spec', '--generated', './gen']);
    ok(r, 'scaffold');
    expect(r.stderr).toBe('');
    const pkg = JSON.parse(readFileSync(join(tool, 'srv/package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(pkg.dependencies[serverName]).toMatch(/^file:vendor\//);
    const moved = join(tmp, 'elsewhere', 'my-server');
    mkdirSync(join(tmp, 'elsewhere'));
    renameSync(join(tool, 'srv'), moved);
    ok(run(npm, ['install'], moved), 'npm install (scaffold)');
    // The server package's README example type-checks with the scaffold (its tsconfig takes every *.ts).
    const readme = readFileSync(join(moved, 'node_modules', serverName, 'README.md'), 'utf8');
    const example = /^```ts\n([\s\S]*?)^```$/m.exec(readme)?.[1];
    expect(example).toContain(`from '${serverName}'`);
    writeFileSync(join(moved, 'readme-example.ts'), example!);
    ok(run(npm, ['run', 'typecheck'], moved), 'npm run typecheck (scaffold)');
    const server = await startProcess(
      npm,
      ['start', '--', '--port', '0', '--host', '127.0.0.1'],
      moved,
      /listening on (http:\/\/127\.0\.0\.1:\d+)/,
      { API_TOKEN: 'test-token' },
    );
    try {
      const res = await fetch(`${server.match[1]}/contacts/`, {
        headers: {
          accept: 'application/json',
          authorization: `Basic ${Buffer.from('dev@example.com:test-token').toString('base64')}`,
        },
      });
      expect(res.status).toBe(501);
      expect(await res.json()).toEqual({
        status: 'failed',
        errors: { notimplemented: 'listRecords is not implemented yet' },
      });
    } finally {
      await server.stop();
    }
    // The API gains an activity type: regenerate, scaffold again into the moved folder, npm install.
    editDir(join(tool, 'spec'), addMemoActivity);
    ok(crmgen(['generate', '--spec', './spec', '--out', './gen']), 'generate (memo)');
    const again = crmgen(['scaffold', 'server', moved, '--spec', './spec', '--generated', './gen']);
    ok(again, 'scaffold again');
    expect(again.stdout).toContain('added   handlers/activities/memo.ts');
    ok(run(npm, ['install'], moved), 'npm install (new server package)');
    expect(readFileSync(join(moved, 'node_modules', serverName, 'dist/types/activities/index.d.ts'), 'utf8')).toContain(
      'memo',
    );
    ok(run(npm, ['run', 'typecheck'], moved), 'npm run typecheck (memo)');
  });
});
