// The compile phase of crmgen generate (generator/targets/typescript/compile.ts): each package's src/ becomes dist/
// (JavaScript and declarations) under the strictest options, a type error fails with the file,
// line and column, and the two compilers (TypeScript 7's native tsc, ts-morph's TypeScript as the
// fallback) print the same JavaScript, since neither rewrites an import specifier. With tsc, a
// module both packages share is compiled once, by the client, and checked against the server's
// environment through its declarations.
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  CompileError,
  compilePackages,
  compilePackagesCached,
  domReferences,
  nativeTsc,
  withJsSpecifiers,
} from '../generator/targets/typescript/compile.ts';
import { root } from './support/paths.ts';

const sources = (
  client: Record<string, string>,
  server: Record<string, string> = { 'index.ts': 'export const ready = true;\n' },
) =>
  new Map([
    ...Object.entries(client).map(([p, t]) => [`client/src/${p}`, t] as const),
    ...Object.entries(server).map(([p, t]) => [`server/src/${p}`, t] as const),
  ]);

async function compileWith(compiler: 'native' | 'ts-morph', files: Map<string, string>) {
  const saved = process.env.CRMGEN_COMPILER;
  if (compiler === 'ts-morph') process.env.CRMGEN_COMPILER = 'ts-morph';
  else delete process.env.CRMGEN_COMPILER;
  try {
    return await compilePackages(files, root);
  } finally {
    if (saved === undefined) delete process.env.CRMGEN_COMPILER;
    else process.env.CRMGEN_COMPILER = saved;
  }
}

const pair = {
  'index.ts':
    "import { twice } from './math/twice.ts';\nexport type { Twice } from './math/twice.ts';\nexport const four = twice(2);\nexport const lazy = () => import('./math/twice.ts');\n",
  'math/twice.ts': 'export type Twice = (n: number) => number;\nexport const twice: Twice = (n) => n * 2;\n',
};

describe('compiling the generated packages', { timeout: 120_000 }, () => {
  it('finds TypeScript 7 installed beside crmgen (a dependency)', () => {
    expect(nativeTsc()).toMatch(/tsc(\.exe)?$/);
  });

  it('gives relative .ts imports .js specifiers, and nothing else', () => {
    expect(
      withJsSpecifiers(
        "import a from './a.ts';\nexport * from \"../b/c.ts\";\nconst d = import('./d.ts');\nimport type { E } from './e.d.ts';\nimport x from 'x.ts';\nconst s = './f.ts';\n",
      ),
    ).toBe(
      "import a from './a.js';\nexport * from \"../b/c.js\";\nconst d = import('./d.js');\nimport type { E } from './e.d.ts';\nimport x from 'x.ts';\nconst s = './f.ts';\n",
    );
  });

  it('writes dist/ JavaScript and declarations of every module, imports ending in .js', async () => {
    const out = await compileWith('native', sources(pair));
    expect([...out.keys()].filter((p) => p.startsWith('client/'))).toEqual([
      'client/dist/index.d.ts',
      'client/dist/index.js',
      'client/dist/math/twice.d.ts',
      'client/dist/math/twice.js',
    ]);
    expect(out.get('client/dist/index.js')).toContain("import { twice } from './math/twice.js';");
    expect(out.get('client/dist/index.js')).toContain("import('./math/twice.js')");
    expect(out.get('client/dist/index.d.ts')).toContain("export type { Twice } from './math/twice.js';");
    expect(out.get('server/dist/index.js')).toBe('export const ready = true;\n');
  });

  it('ships hand-emitted JavaScript and its declarations as they are', async () => {
    const files = sources({
      'index.ts': "export { answer } from './table.js';\n",
      'table.js': 'export const answer = 42;\n',
      'table.d.ts': 'export declare const answer: number;\n',
    });
    const out = await compileWith('native', files);
    expect(out.get('client/dist/table.js')).toBe('export const answer = 42;\n');
    expect(out.get('client/dist/table.d.ts')).toBe('export declare const answer: number;\n');
  });

  it.each(['native', 'ts-morph'] as const)(
    '%s: a type error fails with the package file, line and column',
    async (compiler) => {
      const broken = sources({ 'index.ts': "export const ok = 1;\nexport const n: number = 'one';\n" });
      const error = await compileWith(compiler, broken).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(CompileError);
      expect((error as CompileError).problems).toEqual([
        expect.stringMatching(
          /^client\/src\/index\.ts:2:14: TS2322 Type '("one"|string)' is not assignable to type 'number'\.?$/,
        ),
      ]);
    },
  );

  it('the client compiles without Node types: a Node import fails there, not in the server', async () => {
    const node =
      "import { readFileSync } from 'node:fs';\nexport const read = (p: string) => readFileSync(p, 'utf8');\n";
    await expect(compileWith('native', sources({ 'index.ts': node }))).rejects.toThrow(
      /client\/src\/index\.ts:1:\d+: TS(2307|2591) /,
    );
    const out = await compileWith('native', sources({ 'index.ts': 'export {};\n' }, { 'index.ts': node }));
    expect(out.get('server/dist/index.js')).toContain("from 'node:fs'");
  });

  it('both compilers print the same JavaScript', async () => {
    const [a, b] = [await compileWith('native', sources(pair)), await compileWith('ts-morph', sources(pair))];
    const js = (m: Map<string, string>) => [...m].filter(([p]) => p.endsWith('.js'));
    expect(js(b)).toEqual(js(a));
  });

  it.each(['native', 'ts-morph'] as const)(
    '%s: compiles a module augmentation that names its module with .ts, as the client core does',
    async (compiler) => {
      const augmented = {
        'box.ts': 'export interface Box { a: number }\nexport const open = (b: Box) => b.a;\n',
        'index.ts':
          "import type { Box } from './box.ts';\ndeclare module './box.ts' {\n  interface Box { b?: string }\n}\nexport const box: Box = { a: 1, b: 'x' };\n",
      };
      const out = await compileWith(compiler, sources(augmented));
      expect(out.get('client/dist/index.js')).toBe("export const box = { a: 1, b: 'x' };\n");
      expect(out.get('client/dist/index.d.ts')).toContain("declare module './box.ts'");
    },
  );

  it('skips the compile when the sources are the same and dist/ on disk is what the last compile wrote', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'crmgen-compile-cache-'));
    const out = join(dir, 'generated');
    const cache = join(dir, 'cache');
    const write = (files: Map<string, string>) => {
      for (const [p, t] of files) {
        mkdirSync(dirname(join(out, p)), { recursive: true });
        writeFileSync(join(out, p), t);
      }
    };
    try {
      const first = await compilePackagesCached(sources(pair), root, out, cache);
      expect(first.skipped).toBe(false);
      write(first.files);
      const second = await compilePackagesCached(sources(pair), root, out, cache);
      expect(second).toEqual({ files: first.files, skipped: true });
      // A dist/ file edited by hand: compiled again, the edit not taken.
      writeFileSync(join(out, 'client/dist/index.js'), 'tampered\n');
      const third = await compilePackagesCached(sources(pair), root, out, cache);
      expect(third).toEqual({ files: first.files, skipped: false });
      write(third.files);
      // Another source: compiled again.
      const changed = await compilePackagesCached(
        sources({ ...pair, 'index.ts': 'export const five = 5;\n' }),
        root,
        out,
        cache,
      );
      expect(changed.skipped).toBe(false);
      expect(changed.files.get('client/dist/index.js')).toBe('export const five = 5;\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('compiles a module both packages hold byte for byte once, in the client, and ships its output in both', async () => {
    const shared = { 'math/twice.ts': pair['math/twice.ts'] };
    const out = await compileWith(
      'native',
      sources(pair, {
        ...shared,
        'index.ts': "import { twice } from './math/twice.ts';\nexport const six = twice(3);\n",
      }),
    );
    for (const file of ['math/twice.js', 'math/twice.d.ts'])
      expect(out.get(`server/dist/${file}`)).toBe(out.get(`client/dist/${file}`));
    expect(out.get('server/dist/index.d.ts')).toBe('export declare const six: number;\n');
    // A type error there is the client's to report, once.
    const broken = {
      'math/twice.ts': 'export type Twice = (n: number) => number;\nexport const twice: Twice = (n) => `${n}`;\n',
    };
    const error = await compileWith(
      'native',
      sources({ ...pair, ...broken }, { ...broken, 'index.ts': "export { twice } from './math/twice.ts';\n" }),
    ).catch((e: unknown) => e);
    expect((error as CompileError).problems).toEqual([
      expect.stringMatching(/^client\/src\/math\/twice\.ts:2:\d+: TS2322 /),
    ]);
  });

  it.each(['native', 'ts-morph'] as const)(
    '%s: a byte-identical module that imports one differing between the packages is compiled by each',
    async (compiler) => {
      const greet = { 'greet.ts': "import { who } from './index.ts';\nexport const greet = () => who;\n" };
      const out = await compileWith(
        compiler,
        sources(
          { ...greet, 'index.ts': "export const who: 'client' = 'client';\n" },
          { ...greet, 'index.ts': "export const who: 'server' = 'server';\n" },
        ),
      );
      expect(out.get('client/dist/greet.d.ts')).toBe('export declare const greet: () => "client";\n');
      expect(out.get('server/dist/greet.d.ts')).toBe('export declare const greet: () => "server";\n');
    },
  );

  it("fails when a shared module's declarations use a DOM name Node does not have, not when Node has it too", async () => {
    const el = {
      'el.ts':
        'export const byId = (id: string) => document.getElementById(id);\nexport const view = (): typeof window => window;\n',
    };
    const error = await compileWith(
      'native',
      sources({ ...el, 'index.ts': 'export {};\n' }, { ...el, 'index.ts': 'export const ready = true;\n' }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CompileError);
    expect((error as CompileError).problems).toEqual([
      expect.stringMatching(
        /^server\/dist\/el\.d\.ts: uses HTMLElement from the DOM, which server \(Node\) does not have: TS\d+ Cannot find name 'HTMLElement'/,
      ),
      expect.stringMatching(
        /^server\/dist\/el\.d\.ts: uses window from the DOM, which server \(Node\) does not have: TS\d+ Cannot find name 'window'/,
      ),
    ]);
    const text = { 'text.ts': 'export const decoder = (): TextDecoder => new TextDecoder();\n' };
    const out = await compileWith(
      'native',
      sources({ ...text, 'index.ts': 'export {};\n' }, { ...text, 'index.ts': 'export const ready = true;\n' }),
    );
    expect(out.get('server/dist/text.d.ts')).toBe('export declare const decoder: () => TextDecoder;\n');
  });

  it('finds the DOM names a declaration refers to, and not members, parameters, locals or imports that share a name', () => {
    const dom = {
      types: new Set(['Event', 'HTMLElement', 'Node', 'Text', 'Comment', 'File', 'webkitURL']),
      values: new Set(['Event', 'name', 'status', 'window']),
    };
    const text = [
      "import type { Comment } from './comment.js';",
      "export type { File } from './file.js';",
      '/** An Event, a Node. */',
      'export interface Text { name: string; status?: number; readonly Event: Comment }',
      'export declare class Box { private name; get status(): string; find(id: string, name: string): HTMLElement | null; }',
      "export declare const on: <E extends Event>(name: 'x', e: E) => typeof window;",
      'export type Pick<T> = T extends string ? Node : never;',
      'export type Q = `${Comment}-x`;',
      'export declare const old: webkitURL;',
    ].join('\n');
    expect(Object.fromEntries(domReferences(text, dom))).toEqual({
      HTMLElement: false,
      Event: false,
      window: true,
      Node: false,
      webkitURL: false,
    });
  });

  it("fails when the server's own modules reach a client module the server does not hold", async () => {
    const error = await compileWith(
      'native',
      sources(
        { ...pair, 'only.ts': 'export const only = 1;\n' },
        { 'math/twice.ts': pair['math/twice.ts'], 'index.ts': "export { only } from './only.ts';\n" },
      ),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CompileError);
    expect((error as CompileError).problems.join('\n')).toMatch(
      /server: its compile reached client\/dist\/only\.d\.ts, which server does not share/,
    );
  });
});
