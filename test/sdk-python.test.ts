// The Python SDK (generated/python) as a user gets it: a wheel built offline from the generated
// package, installed into a new virtual environment in an empty folder outside the checkout
// (Debian's python3, --system-site-packages for httpx and pytest), then: the runtime's unit tests
// (pytest), pyright in strict mode over the package's source, its tests and the README's examples,
// ruff's lint over the same, the generated live suite against `crmgen serve` on SQLite (every
// operation sync and async, XML and JSON, batch, pagination, 404, a 429 retried, a webhook to a
// receiver on 127.0.0.1), a plain program, and every ```python block of the README.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { root } from './support/paths.ts';
import { startServer, type RunningServer } from './support/server.ts';

const python = '/usr/bin/python3';
const pkgDir = resolve(root, 'generated/python');
const runtimeDir = resolve(root, 'generator/targets/python/runtime');
const pyproject = readFileSync(join(pkgDir, 'pyproject.toml'), 'utf8');
const distName = /^name = "([^"]+)"/m.exec(pyproject)![1]!;
const importName = distName.replace(/-/g, '_');
const user = { email: 'py@example.com', token: 'py-secret' };

let dir: string;
let venvPython: string;
let server: RunningServer;
let limited: RunningServer;

function run(cmd: string, args: string[], opts: { cwd?: string; env?: Record<string, string>; timeout?: number } = {}) {
  const r = spawnSync(cmd, args, {
    cwd: opts.cwd ?? dir,
    env: { ...process.env, ...opts.env },
    encoding: 'utf8',
    timeout: opts.timeout ?? 300_000,
  });
  return { status: r.status, out: `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}` };
}

const crmEnv = () => ({
  CRM_URL: server.base,
  CRM_EMAIL: user.email,
  CRM_TOKEN: user.token,
  CRM_LIMITED_URL: limited.base,
  PYTHONDONTWRITEBYTECODE: '1',
});

const readmeBlocks = () =>
  [...readFileSync(join(pkgDir, 'README.md'), 'utf8').matchAll(/^```python\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);

const walk = (d: string): string[] =>
  readdirSync(d).flatMap((n) =>
    statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : n.endsWith('.py') ? [join(d, n)] : [],
  );

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'crmgen-sdk-python-'));
  // The package is copied out first: building it never writes into the checkout.
  cpSync(pkgDir, join(dir, 'pkg'), { recursive: true });
  const venv = run(python, ['-m', 'venv', '--system-site-packages', join(dir, 'venv')]);
  expect(venv.status, venv.out).toBe(0);
  venvPython = join(dir, 'venv', 'bin', 'python');
  const wheel = run(venvPython, [
    '-m',
    'pip',
    'wheel',
    '--no-build-isolation',
    '--no-index',
    '--no-deps',
    '-w',
    join(dir, 'wheels'),
    join(dir, 'pkg'),
  ]);
  expect(wheel.status, wheel.out).toBe(0);
  const built = readdirSync(join(dir, 'wheels')).filter((f) => f.endsWith('.whl'));
  expect(built).toHaveLength(1);
  const install = run(venvPython, ['-m', 'pip', 'install', '--no-index', join(dir, 'wheels', built[0]!)]);
  expect(install.status, install.out).toBe(0);
  // Only the installed wheel from here: the copy of the sources goes.
  rmSync(join(dir, 'pkg', 'src'), { recursive: true });
  mkdirSync(join(dir, 'work'));
  [server, limited] = await Promise.all([
    startServer({
      users: [`${user.email}:${user.token}`],
      args: ['--allow-private-webhooks', '--webhook-retry-ms', '200'],
    }),
    startServer({ users: [`${user.email}:${user.token}`], args: ['--quota', '2', '--quota-window', '2'] }),
  ]);
}, 300_000);

afterAll(async () => {
  await Promise.all([server?.stop(), limited?.stop()]);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the Python SDK', () => {
  it('runtime unit tests pass (pytest)', () => {
    const r = run(python, ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', join(runtimeDir, 'tests')], {
      env: { PYTHONDONTWRITEBYTECODE: '1' },
    });
    expect(r.status, r.out).toBe(0);
    expect(r.out).toMatch(/\d+ passed/);
  });

  it('installs from the wheel and a plain program runs against crmgen serve', () => {
    writeFileSync(
      join(dir, 'work', 'program.py'),
      `import os\nimport ${importName}\nfrom ${importName} import Client\n\nassert "site-packages" in ${importName}.__file__\nwith Client(os.environ["CRM_URL"], os.environ["CRM_EMAIL"], os.environ["CRM_TOKEN"]) as crm:\n    made = crm.contacts.create({"firstname": "Plain", "lastname": "Program"})\n    print(crm.contacts.show(made["item"]["id"])["item"]["name"])\n`,
    );
    const r = run(venvPython, ['program.py'], { cwd: join(dir, 'work'), env: crmEnv() });
    expect(r.status, r.out).toBe(0);
    expect(r.out).toContain('Plain Program');
  });

  it('the generated live suite passes: every operation, sync and async, XML and JSON, batch, pages, 404, 429, webhook', () => {
    cpSync(join(dir, 'pkg', 'tests'), join(dir, 'work', 'tests'), { recursive: true });
    const r = run(venvPython, ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', '-rs', 'tests/test_live.py'], {
      cwd: join(dir, 'work'),
      env: crmEnv(),
    });
    expect(r.status, r.out).toBe(0);
    expect(r.out).not.toMatch(/skipped/);
    expect(r.out).toMatch(/\b12 passed/);
  }, 300_000);

  it('the conformance suite of spec/conformance, generated into pytest, passes: one test per case', () => {
    const suite = JSON.parse(readFileSync(join(pkgDir, 'tests', 'conformance_cases.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    const count = ['requests', 'responses', 'retries', 'batch', 'webhooks', 'pagination'].reduce(
      (n, f) => n + ((suite[f] as unknown[] | undefined)?.length ?? 0),
      0,
    );
    expect(count).toBeGreaterThan(100);
    const r = run(
      venvPython,
      ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', join(dir, 'pkg', 'tests', 'test_conformance.py')],
      { cwd: join(dir, 'work') },
    );
    expect(r.status, r.out).toBe(0);
    expect(r.out).toMatch(new RegExp(`\\b${count} passed`));
  });

  it('every README block runs on its own', () => {
    const blocks = readmeBlocks();
    expect(blocks.length).toBeGreaterThanOrEqual(8);
    blocks.forEach((code, i) => {
      writeFileSync(join(dir, 'work', `readme_${i + 1}.py`), code);
      const r = run(venvPython, [`readme_${i + 1}.py`], { cwd: join(dir, 'work'), env: crmEnv(), timeout: 120_000 });
      expect(r.status, `README block ${i + 1}:\n${code}\n${r.out}`).toBe(0);
      // Where the README says so: a 404, the service's refusal, and a local one (nothing sent).
      if (code.includes('found before sending'))
        expect(r.out).toMatch(/^404 \['itemisnotfound'\]\nFalse \['invaliddate'\]\nTrue \['outofrange'\]$/m);
    });
  }, 300_000);

  it('pyright (strict) finds no error in the package, its tests and the README examples', () => {
    const site = run(venvPython, [
      '-c',
      `import ${importName}, os; print(os.path.dirname(${importName}.__file__))`,
    ]).out.trim();
    const check = join(dir, 'check');
    mkdirSync(check, { recursive: true });
    cpSync(site, join(check, importName), { recursive: true });
    cpSync(join(dir, 'pkg', 'tests'), join(check, 'tests'), { recursive: true });
    readmeBlocks().forEach((code, i) => writeFileSync(join(check, `readme_${i + 1}.py`), code));
    // The reference docs' Python tab: each call after a client made as the README makes one.
    const docs = [
      ...readFileSync(resolve(root, 'generated/docs/reference.md'), 'utf8').matchAll(/^```python\n([\s\S]*?)^```$/gm),
    ].map((m) => m[1]!);
    expect(docs.length).toBeGreaterThan(20);
    const preamble = `import os\n\nfrom ${importName} import Client\n\ncrm = Client(os.environ["CRM_URL"], os.environ["CRM_EMAIL"], os.environ["CRM_TOKEN"])\n`;
    // Guide blocks are whole programs; reference blocks are one call on the guide's client.
    docs.forEach((code, i) =>
      writeFileSync(
        join(check, `docs_${i + 1}.py`),
        code.includes('Client(') || !code.includes('crm.') ? code : preamble + code,
      ),
    );
    writeFileSync(
      join(check, 'pyrightconfig.json'),
      JSON.stringify({ typeCheckingMode: 'strict', pythonVersion: '3.11', include: ['.'] }),
    );
    const r = run(
      process.execPath,
      [resolve(root, 'node_modules/pyright/index.js'), '--pythonpath', venvPython, '--outputjson'],
      { cwd: check },
    );
    const report = JSON.parse(r.out.slice(r.out.indexOf('{'))) as {
      summary: { errorCount: number; filesAnalyzed: number };
      generalDiagnostics: { file: string; message: string; range: { start: { line: number } } }[];
    };
    const errors = report.generalDiagnostics.map((d) => `${d.file}:${d.range.start.line + 1} ${d.message}`);
    expect(errors).toEqual([]);
    expect(report.summary.filesAnalyzed).toBeGreaterThan(10);
  }, 300_000);

  it("ruff's lint is clean over the package, its tests, the runtime and the README examples", async () => {
    const { Workspace, PositionEncoding } = await import('@astral-sh/ruff-wasm-nodejs');
    const select = /\[tool\.ruff\.lint\]\nselect = (\[[^\]]*\])/.exec(pyproject)![1]!;
    const ws = new Workspace(
      {
        'line-length': 120,
        'target-version': 'py311',
        lint: { select: JSON.parse(select) as string[], isort: { 'known-first-party': [importName] } },
      },
      PositionEncoding.Utf16,
    );
    const texts: [string, string][] = [...walk(pkgDir), ...walk(runtimeDir)].map((f) => [f, readFileSync(f, 'utf8')]);
    readmeBlocks().forEach((code, i) => texts.push([`README block ${i + 1}`, code]));
    const problems = texts.flatMap(([name, text]) =>
      (ws.check(text) as { code: string; message: string; start_location: { row: number } }[]).map(
        (d) => `${name}:${d.start_location.row} ${d.code} ${d.message}`,
      ),
    );
    expect(problems).toEqual([]);
  });
});
