// The PHP SDK (generated/php) with PHP's own tools: `php -l` on every file, `composer validate`,
// then the package installed offline from a path repository into an empty Composer project
// outside the checkout, where PHPUnit runs the runtime's unit tests, the reflection type test, the
// PSR-18 adapter and the live suite against two `crmgen serve` on SQLite (one with a tiny quota,
// for a 429 retried after its Retry-After) with a webhook receiver on 127.0.0.1 — with pcov
// measuring the line coverage of the package's code — and every ```php block of its README runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { root } from './support/paths.ts';
import { startServer, type RunningServer } from './support/server.ts';

const pkg = resolve(root, 'generated/php');
const runtimeTests = resolve(root, 'generator/targets/php/runtime/tests');
const liveTests = resolve(root, 'test/php');
const composerName = (JSON.parse(readFileSync(join(pkg, 'composer.json'), 'utf8')) as { name: string }).name;
const user = { email: 'ann@example.com', token: 'secret1' };
/** What the acceptance asks of the package's line coverage by these tests. */
const minCoverage = 95;

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.php') ? [join(dir, e.name)] : [],
  );

const freePort = () =>
  new Promise<number>((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => done(port));
    });
  });

const run = (cmd: string, args: string[], cwd: string, env: Record<string, string> = {}) =>
  new Promise<{ code: number | null; out: string }>((done) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env } });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) => done({ code, out }));
  });

const unescapeHtml = (s: string) =>
  s
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** The PHP examples of the docs pages whose file name matches `page`. */
function docsExamples(page: RegExp): { page: string; code: string }[] {
  const docs = resolve(root, 'generated/docs');
  return readdirSync(docs)
    .filter((f) => page.test(f))
    .sort()
    .flatMap((f) =>
      [
        ...readFileSync(join(docs, f), 'utf8').matchAll(
          /<div class="example" data-kind="php">[\s\S]*?<pre><code>([\s\S]*?)<\/code><\/pre><\/div>/g,
        ),
      ].map((m) => ({ page: f, code: unescapeHtml(m[1]!) })),
    );
}

/** What a block's comments say it prints: `echo ...; // this`, in order. */
const promised = (code: string) => [...code.matchAll(/^\s*echo .*;\s*\/\/ (.*)$/gm)].map((m) => m[1]!.trim());

/** The ```php blocks of a Markdown text. */
export function phpBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```php\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

let server: RunningServer;
let quotaServer: RunningServer;
let receiver: ChildProcess;
let project: string;
let env: Record<string, string>;

describe('PHP SDK', { timeout: 300_000 }, () => {
  beforeAll(async () => {
    project = mkdtempSync(join(tmpdir(), 'crmgen-php-sdk-'));
    const receiverDir = join(project, 'deliveries');
    mkdirSync(receiverDir);
    const receiverPort = await freePort();
    receiver = spawn('php', ['-S', `127.0.0.1:${receiverPort}`, join(liveTests, 'receiver.php')], {
      env: { ...process.env, RECEIVER_DIR: receiverDir },
      stdio: 'ignore',
    });
    [server, quotaServer] = await Promise.all([
      startServer({
        users: [`${user.email}:${user.token}`],
        args: ['--allow-private-webhooks', '--webhook-retry-ms', '100'],
      }),
      // Three calls a two-second window: the fourth is a 429 whose Retry-After is at most 2.
      startServer({ users: [`${user.email}:${user.token}`], args: ['--quota', '3', '--quota-window', '2'] }),
    ]);
    env = {
      CRM_URL: server.base,
      CRM_EMAIL: user.email,
      CRM_TOKEN: user.token,
      CRM_QUOTA_URL: quotaServer.base,
      RECEIVER_URL: `http://127.0.0.1:${receiverPort}/hook`,
      RECEIVER_DIR: receiverDir,
      PACKAGE_SRC: join(project, 'vendor', composerName, 'src'),
      COMPOSER_DISABLE_NETWORK: '1',
      COMPOSER_HOME: join(project, '.composer'),
    };
    // An empty project that installs the package from a path repository, copied (not symlinked), offline.
    writeFileSync(
      join(project, 'composer.json'),
      JSON.stringify(
        {
          name: 'test/app',
          repositories: [{ type: 'path', url: pkg, options: { symlink: false } }],
          require: { [composerName]: '*' },
        },
        null,
        2,
      ),
    );
    const install = await run('composer', ['install', '--no-interaction', '--no-progress'], project, env);
    if (install.code !== 0) throw new Error(`composer install failed:\n${install.out}`);
    mkdirSync(join(project, 'tests'));
    for (const dir of [runtimeTests, liveTests]) cpSync(dir, join(project, 'tests'), { recursive: true });
    writeFileSync(
      join(project, 'phpunit.xml'),
      `<?xml version="1.0"?>
<phpunit bootstrap="vendor/autoload.php" colors="false" failOnRisky="false">
  <testsuites>
    <testsuite name="sdk"><directory suffix="Test.php">tests</directory></testsuite>
    <testsuite name="conformance"><directory suffix="Test.php">vendor/${composerName}/tests</directory></testsuite>
  </testsuites>
  <coverage><include><directory suffix=".php">vendor/${composerName}/src</directory></include></coverage>
</phpunit>
`,
    );
  }, 120_000);

  afterAll(async () => {
    receiver?.kill();
    await Promise.all([server?.stop(), quotaServer?.stop()]);
    if (project) rmSync(project, { recursive: true, force: true });
  });

  it('every file passes php -l', async () => {
    const all = [...files(pkg), ...files(runtimeTests), ...files(liveTests)];
    // One PHP process lints them all: php -l is the same check, file by file, as a compile without running.
    const script =
      'foreach (array_slice($argv, 1) as $f) { $o = []; exec("php -l " . escapeshellarg($f) . " 2>&1", $o, $c); if ($c !== 0) echo implode("\\n", $o), "\\n"; }';
    const lanes = 3;
    const runs = await Promise.all(
      [...Array(lanes).keys()].map((i) =>
        run('php', ['-r', script, '--', ...all.filter((_, j) => j % lanes === i)], root),
      ),
    );
    expect(runs.map((r) => r.out).join('')).toBe('');
    expect(all.length).toBeGreaterThan(100);
  });

  it('declares strict types in every file', () => {
    const without = files(pkg).filter((f) => !readFileSync(f, 'utf8').includes('declare(strict_types=1);'));
    expect(without).toEqual([]);
  });

  it('composer validate accepts composer.json', () => {
    const r = spawnSync('composer', ['validate', '--no-interaction'], {
      cwd: pkg,
      env: { ...process.env, COMPOSER_DISABLE_NETWORK: '1' },
      encoding: 'utf8',
    });
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout + r.stderr).toContain('is valid');
    const manifest = JSON.parse(readFileSync(join(pkg, 'composer.json'), 'utf8')) as {
      require: Record<string, string>;
    };
    expect(Object.keys(manifest.require).every((r) => r === 'php' || r.startsWith('ext-'))).toBe(true);
  });

  it('passes the conformance suite, the runtime unit tests, the type test, the PSR-18 adapter and the live suite (XML and JSON), with pcov coverage', async () => {
    const coverage = join(project, 'coverage.txt');
    const r = await run(
      'php',
      [
        '-d',
        'pcov.enabled=1',
        '-d',
        `pcov.directory=${join(project, 'vendor')}`,
        '/usr/bin/phpunit',
        `--coverage-text=${coverage}`,
      ],
      project,
      env,
    );
    expect(r.out, r.out).toMatch(/OK \(\d+ tests/);
    // The conformance cases ran too: one PHPUnit test per case of spec/conformance/.
    const conformance = await run('php', ['/usr/bin/phpunit', '--testsuite', 'conformance'], project, env);
    expect(conformance.out, conformance.out).toMatch(/OK \((\d+) tests/);
    const summary = readFileSync(coverage, 'utf8');
    const lines = Number(/Lines:\s+([\d.]+)%/.exec(summary)?.[1]);
    console.log(`PHP SDK line coverage (pcov): ${lines}%`);
    expect(lines).toBeGreaterThanOrEqual(minCoverage);
  });

  it('runs every PHP block of the guides, printing what it promises', async () => {
    const blocks = docsExamples(/^guide-.*\.html$/);
    expect(new Set(blocks.map((b) => b.page)).size).toBeGreaterThanOrEqual(5);
    for (const [i, b] of blocks.entries()) {
      const file = join(project, `guide-${i}.php`);
      writeFileSync(file, b.code);
      const r = await run('php', [file], project, env);
      expect(r.code, `${b.page}:\n${b.code}\n---\n${r.out}`).toBe(0);
      expect(r.out.trim().split('\n'), `${b.page}:\n${b.code}`).toEqual(promised(b.code));
    }
  });

  it('runs every PHP example of the reference pages against the service without a type error', async () => {
    const examples = docsExamples(/^(?!guide-).*\.html$/);
    expect(examples.length).toBeGreaterThan(50);
    // One script: each example in a function of its own; a refusal of the service is fine (the ids are
    // examples), a TypeError or any other error of PHP is not.
    const body = examples
      .map(
        (e, i) =>
          `function example${i}(Client $crm): void\n{\n${e.code}\n}\ntry {\n    example${i}($crm);\n} catch (ServiceException) {\n}\n`,
      )
      .join('\n');
    // The files the upload examples send, where the examples read them (the project folder).
    for (const e of examples)
      for (const m of e.code.matchAll(/Upload::fromFile\('([^']+)'\)/g))
        writeFileSync(join(project, m[1]!), `bytes of ${m[1]}`);
    const file = join(project, 'reference-examples.php');
    writeFileSync(
      file,
      `<?php\n\ndeclare(strict_types=1);\n\nrequire __DIR__ . '/vendor/autoload.php';\n\nuse Crmgen\\Client\\Client;\nuse Crmgen\\Client\\Id;\nuse Crmgen\\Client\\Model;\nuse Crmgen\\Client\\Runtime\\ServiceException;\nuse Crmgen\\Client\\Runtime\\Upload;\n\n$crm = Client::create(getenv('CRM_URL'), getenv('CRM_EMAIL'), getenv('CRM_TOKEN'));\n${body}echo "done\\n";\n`,
    );
    const r = await run('php', [file], project, env);
    expect(r.code, r.out).toBe(0);
    expect(r.out.trim()).toBe('done');
  });

  it('runs every php block of its README in the project', async () => {
    const blocks = phpBlocks(readFileSync(join(pkg, 'README.md'), 'utf8'));
    expect(blocks.length).toBeGreaterThan(3);
    for (const [i, code] of blocks.entries()) {
      const file = join(project, `readme-${i}.php`);
      writeFileSync(file, code);
      const r = await run('php', [file], project, env);
      expect(r.code, `README block ${i}:\n${code}\n---\n${r.out}`).toBe(0);
    }
  });
});
