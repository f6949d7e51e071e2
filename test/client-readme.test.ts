// Every ```ts block of generated/client/README.md runs as written, in its own Node process through
// tsx, against a running `crmgen serve` (CRM_URL, CRM_EMAIL, CRM_TOKEN), and exits 0; where the
// README's comments promise output (404, the error keys, the quota), stdout shows it. The blocks
// also type-check with strict tsc against the package's declarations, as a user's editor sees them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './support/paths.ts';
import { startServer, type RunningServer } from './support/server.ts';

const readmePath = resolve(root, 'generated/client/README.md');
// The package's own JavaScript, as an installed SDK would run.
const clientUrl = pathToFileURL(resolve(root, 'generated/client/dist/index.js')).href;
/** A subpath of the package (core, json, resources/contacts) as the file its exports map names. */
const subpathUrl = (sub: string) => pathToFileURL(resolve(root, 'generated/client/dist', `${sub}.js`)).href;
const packageName = (
  JSON.parse(readFileSync(resolve(root, 'generated/client/package.json'), 'utf8')) as { name: string }
).name;
const user = { email: 'ann@example.com', token: 'secret1' };

interface Block {
  heading: string;
  code: string;
}

/** The ```ts blocks, each with the heading of its section. */
function blocks(markdown: string): Block[] {
  const out: Block[] = [];
  let heading = '';
  const re = /^(#{1,6}) (.+)$|^```ts\n([\s\S]*?)^```$/gm;
  for (let m; (m = re.exec(markdown));) {
    if (m[2] !== undefined) heading = m[2].trim();
    else out.push({ heading, code: m[3] });
  }
  return out;
}

/** What stdout must show, by section, from the README's own comments. */
const promised: Record<string, RegExp[]> = {
  'Create a client': [/^\d+ Ann Lee$/m, /\{ used: \d+, allowed: 5000 \}/],
  'Lists, pages and activities': [/^\d+ Bob Stone$/m, /^41$/m],
  Errors: [/^404 \[ 'itemisnotfound' \]/m, /^true \[ 'outofrange' \]$/m],
  Ids: [/^Cleo$/m],
  Batches: [/^Ann \d+$/m, /^404$/m],
  'Per-call options and the response': [/^201 \S*\/contacts\/\d+\/ \{ used: \d+, allowed: 5000 \}$/m, /^Dana \d+$/m],
  Webhooks: [/^items\.create 7$/m],
  'Small bundles: connect, one format, the calls you make': [
    /^Dee Park true$/m,
    /^Dee Park$/m,
    /^404 \[ 'itemisnotfound' \]$/m,
  ],
};

const readme = readFileSync(readmePath, 'utf8');
const examples = blocks(readme);
let server: RunningServer;
let dir: string;

beforeAll(async () => {
  server = await startServer({ users: [`${user.email}:${user.token}`] });
  dir = mkdtempSync(join(tmpdir(), 'crmgen-client-readme-'));
});
afterAll(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function run(file: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file], {
      cwd: root, // tsx resolves from the repo's node_modules
      env: { ...process.env, CRM_URL: server.base, CRM_EMAIL: user.email, CRM_TOKEN: user.token, NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', fail);
    child.on('close', (code) => {
      clearTimeout(timer);
      ok({ code, stdout, stderr });
    });
  });
}

describe('generated/client/README.md', () => {
  it('has a ts example for every promised section, each importing the generated client', () => {
    expect(examples.map((b) => b.heading)).toEqual(expect.arrayContaining(Object.keys(promised)));
    for (const b of examples) expect(b.code).toMatch(new RegExp(`from '${packageName}(/[a-z/]+)?'`));
  });

  it("type-checks every example with strict tsc against the package's declarations", () => {
    const files = examples.map((b, i) => {
      const file = join(dir, `check-${i + 1}.ts`);
      writeFileSync(file, `${b.code}\nexport {};\n`);
      return file;
    });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    const config = join(dir, 'tsconfig.json');
    writeFileSync(
      config,
      JSON.stringify({
        extends: resolve(root, 'tsconfig.json'),
        compilerOptions: {
          noEmit: true,
          typeRoots: [resolve(root, 'node_modules/@types')],
          paths: {
            [packageName]: [resolve(root, 'generated/client/dist/index.d.ts')],
            [`${packageName}/*`]: [resolve(root, 'generated/client/dist/*.d.ts')],
          },
        },
        files,
        include: [],
      }),
    );
    const r = spawnSync(resolve(root, 'node_modules/.bin/tsc'), ['-p', config, '--pretty', 'false'], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(`${r.stdout}${r.stderr}`).toBe('');
    expect(r.status).toBe(0);
  });

  it.each(examples.map((b, i) => [`${i + 1}: ${b.heading}`, b] as const))(
    'example %s runs and exits 0',
    async (_, block) => {
      const code = block.code
        .replaceAll(`'${packageName}'`, `'${clientUrl}'`)
        .replace(new RegExp(`'${packageName}/([a-z/]+)'`, 'g'), (_, sub: string) => `'${subpathUrl(sub)}'`);
      // Nothing else relative is imported: the example runs from a temp dir.
      expect(code).not.toMatch(/from '\.\.?\//);
      const file = join(dir, `${block.heading.replace(/\W+/g, '-').toLowerCase()}.mts`);
      writeFileSync(file, code);
      const r = await run(file);
      expect(r.code, `stdout:\n${r.stdout}\nstderr:\n${r.stderr}`).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout).not.toBe('');
      for (const re of promised[block.heading] ?? []) expect(r.stdout).toMatch(re);
    },
  );
});
