// Every code block of the guide pages (generated/docs/guide-*.html) runs as the page shows it,
// against a running `crmgen serve` on 127.0.0.1 (CRM_URL, CRM_EMAIL, CRM_TOKEN): TypeScript in
// its own Node process through tsx, importing the generated client package; curl lines through
// bash. Where a block promises output (`console.log(...); // what it prints`), stdout shows
// exactly those lines, in order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generatedDir, root } from './support/paths.ts';
import { startServer, type RunningServer } from './support/server.ts';

const clientUrl = pathToFileURL(resolve(generatedDir, 'client/dist/index.js')).href;
const packageName = (JSON.parse(readFileSync(resolve(generatedDir, 'client/package.json'), 'utf8')) as { name: string })
  .name;
const user = { email: 'ann@example.com', token: 'secret-guides' };

const unescapeHtml = (s: string) =>
  s
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

interface Block {
  page: string;
  section: string;
  kind: string;
  code: string;
}

/** The code blocks of each guide page, with the id of their section. */
function guideBlocks(): Block[] {
  const docs = join(generatedDir, 'docs');
  const out: Block[] = [];
  for (const page of readdirSync(docs)
    .filter((f) => /^guide-.*\.html$/.test(f))
    .sort()) {
    const html = readFileSync(join(docs, page), 'utf8');
    for (const s of html.matchAll(/<section id="([^"]+)">([\s\S]*?)<\/section>/g))
      for (const e of s[2].matchAll(
        /<div class="example" data-kind="([a-z-]+)">[\s\S]*?<pre><code>([\s\S]*?)<\/code><\/pre><\/div>/g,
      ))
        out.push({ page, section: s[1], kind: e[1], code: unescapeHtml(e[2]) });
  }
  return out;
}

const blocks = guideBlocks();
let server: RunningServer;
let dir: string;

beforeAll(async () => {
  // The webhooks guide subscribes an inactive hook to www.example.com: answered with loopback, never looked up.
  server = await startServer({
    users: [`${user.email}:${user.token}`],
    args: ['--allow-private-webhooks', '--webhook-resolve', 'www.example.com=127.0.0.1'],
  });
  dir = mkdtempSync(join(tmpdir(), 'crmgen-docs-guides-'));
});
afterAll(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function run(
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((ok, fail) => {
    const child = spawn(command, args, {
      cwd: root, // tsx resolves from the repo's node_modules
      env: {
        ...process.env,
        CRM_URL: server.base,
        CRM_EMAIL: user.email,
        CRM_TOKEN: user.token,
        NODE_OPTIONS: '',
        NO_PROXY: '127.0.0.1',
        no_proxy: '127.0.0.1',
        ...env,
      },
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

/** What the block's comments say it prints: `console.log(...); // this`, in order. */
const promised = (code: string) => [...code.matchAll(/console\.log\(.*\);\s*\/\/ (.*)$/gm)].map((m) => m[1].trim());
/** Python's: `print(...)  # this`. */
const promisedPython = (code: string) => [...code.matchAll(/print\(.*\)\s+# (.*)$/gm)].map((m) => m[1]!.trim());

describe('the guide pages', () => {
  it('cover getting started, pagination, errors and retries, batch and webhooks, each with TypeScript to run', () => {
    const pages = new Set(blocks.map((b) => b.page));
    for (const p of ['getting-started', 'pagination', 'errors', 'batch', 'webhooks'])
      expect(pages).toContain(`guide-${p}.html`);
    for (const p of pages)
      expect(
        blocks.some((b) => b.page === p && b.kind === 'typescript'),
        p,
      ).toBe(true);
    for (const p of pages)
      expect(
        blocks.some((b) => b.page === p && b.kind === 'python'),
        p,
      ).toBe(true);
    for (const b of blocks.filter((x) => x.kind === 'python'))
      expect(promisedPython(b.code).length, `${b.page}#${b.section}`).toBeGreaterThan(0);
    for (const b of blocks.filter((x) => x.kind === 'typescript'))
      expect(promised(b.code).length, `${b.page}#${b.section}`).toBeGreaterThan(0);
  });

  it.each(
    blocks.filter((b) => b.kind === 'typescript').map((b, i) => [`${b.page}#${b.section} (${i + 1})`, b] as const),
  )('TypeScript %s runs and prints what it promises', async (_, block) => {
    expect(block.code).toContain(`from '${packageName}'`);
    const file = join(dir, `${block.section}-${blocks.indexOf(block)}.mts`);
    writeFileSync(file, block.code.replaceAll(`'${packageName}'`, `'${clientUrl}'`));
    const r = await run(process.execPath, ['--import', 'tsx', file]);
    expect(r.code, `stdout:\n${r.stdout}\nstderr:\n${r.stderr}`).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout.trim().split('\n')).toEqual(promised(block.code));
  });

  it.each(blocks.filter((b) => b.kind === 'python').map((b, i) => [`${b.page}#${b.section} (${i + 1})`, b] as const))(
    'Python %s runs and prints what it promises',
    async (_, block) => {
      // The Python SDK from its sources (test/sdk-python.test.ts runs it from its built wheel).
      const file = join(dir, `${block.section}-${blocks.indexOf(block)}.py`);
      writeFileSync(file, block.code);
      const r = await run('/usr/bin/python3', [file], {
        PYTHONPATH: resolve(generatedDir, 'python/src'),
        PYTHONDONTWRITEBYTECODE: '1',
      });
      expect(r.code, `stdout:\n${r.stdout}\nstderr:\n${r.stderr}`).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout.trim().split('\n')).toEqual(promisedPython(block.code));
    },
  );

  it.each(blocks.filter((b) => b.kind === 'curl').map((b) => [`${b.page}#${b.section}`, b] as const))(
    'curl %s answers the JSON envelope',
    async (_, block) => {
      const r = await run('bash', ['-c', `${block.code} -w '\\n%{http_code}'`]);
      expect(r.code, r.stderr).toBe(0);
      const lines = r.stdout.trim().split('\n');
      const status = Number(lines.pop());
      const body = JSON.parse(lines.join('\n'));
      // The errors guide shows a failure on purpose.
      if (block.section.startsWith('errors')) {
        expect(status).toBe(404);
        expect(body.status).toBe('failed');
      } else {
        expect(status).toBeGreaterThanOrEqual(200);
        expect(status).toBeLessThan(300);
        expect(body.status).toBe('success');
      }
    },
  );
});
