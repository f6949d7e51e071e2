// The TypeScript of the docs compiles: every client call of the reference pages (each in its
// own function, `crm` a client of the generated package) and every TypeScript block of the
// guides (each its own module) are type-checked by tsc with the repo's strict options against
// the package's declarations (generated/client/dist). A copy of one example with a misspelt
// field must fail, so the check is not vacuous.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { generatedDir, root } from './support/paths.ts';

const docs = join(generatedDir, 'docs');
const clientDist = resolve(generatedDir, 'client/dist/index.js');
const packageName = (JSON.parse(readFileSync(resolve(generatedDir, 'client/package.json'), 'utf8')) as { name: string })
  .name;
const unescapeHtml = (s: string) =>
  s
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
const typescriptOf = (html: string) =>
  [
    ...html.matchAll(
      /<div class="example" data-kind="typescript">[\s\S]*?<pre><code>([\s\S]*?)<\/code><\/pre><\/div>/g,
    ),
  ].map((m) => unescapeHtml(m[1]));

const pages = readdirSync(docs).filter((f) => f.endsWith('.html'));
const reference = pages
  .filter((f) => !f.startsWith('guide-'))
  .flatMap((f) => typescriptOf(readFileSync(join(docs, f), 'utf8')));
const guides = pages
  .filter((f) => f.startsWith('guide-'))
  .flatMap((f) => typescriptOf(readFileSync(join(docs, f), 'utf8')));
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'crmgen-docs-ts-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The reference calls as one module: each call in its own function, so their consts do not clash. */
const referenceModule = (calls: string[]) =>
  [
    `import { openAsBlob } from 'node:fs';`,
    `import { ${calls.some((c) => c.includes('asId(')) ? 'asId, ' : ''}createClient } from '${clientDist}';`,
    `const crm = createClient({ baseUrl: 'http://127.0.0.1:8080', email: 'ann@example.com', token: 'secret' });`,
    ...calls.map((c, i) => `export async function example${i}() {\n${c}\n}`),
    '',
  ].join('\n');

function typecheck(files: string[]): { status: number | null; output: string } {
  const config = join(dir, 'tsconfig.json');
  writeFileSync(
    config,
    JSON.stringify({
      extends: resolve(root, 'tsconfig.json'),
      compilerOptions: { noEmit: true, noUnusedLocals: false, typeRoots: [resolve(root, 'node_modules/@types')] },
      files,
      include: [],
    }),
  );
  const r = spawnSync(resolve(root, 'node_modules/.bin/tsc'), ['-p', config, '--pretty', 'false'], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 240_000,
  });
  return { status: r.status, output: `${r.stdout ?? ''}${r.stderr ?? ''}` };
}

describe('TypeScript in the docs', () => {
  it('has a client call for every endpoint and TypeScript in every guide', () => {
    const articles = pages.flatMap((f) => [
      ...readFileSync(join(docs, f), 'utf8').matchAll(/<article class="endpoint"/g),
    ]).length;
    expect(reference.length).toBe(articles);
    expect(guides.length).toBeGreaterThanOrEqual(5);
  });

  it('type-checks with strict options against the generated package, and a misspelt field does not', () => {
    const files = [join(dir, 'reference.ts')];
    writeFileSync(files[0], referenceModule(reference));
    guides.forEach((g, i) => {
      files.push(join(dir, `guide${i}.ts`));
      writeFileSync(files.at(-1)!, g.replaceAll(`'${packageName}'`, `'${clientDist}'`));
    });
    const create = reference.find((c) => /crm\.\w+\.create\(\{/.test(c) && c.includes('firstname:'))!;
    writeFileSync(join(dir, 'misspelt.ts'), referenceModule([create.replace('firstname:', 'firstnam:')]));
    const ok = typecheck(files);
    expect(ok.output).toBe('');
    expect(ok.status).toBe(0);
    const bad = typecheck([join(dir, 'misspelt.ts')]);
    expect(bad.status).not.toBe(0);
    expect(bad.output).toMatch(/misspelt\.ts\(\d+,\d+\): error TS\d+: .*firstnam/);
  }, 300_000);
});
