// The arrows of ARCHITECTURE.md, read from the source: every import, export-from and import()
// with a literal specifier, parsed by the TypeScript parser (ts-morph, no type checking).
//   - no import cycle among the hand-written modules, type imports included;
//   - the neutral SDK model (generator/sdk-model) imports no target, output or tool;
//   - a target imports no other target, no output and no tool; its runtime (copied into its
//     package) imports only itself; an output reads a target only through its runtime or docs tab;
//   - a generated package imports nothing outside itself;
//   - nothing imports cli/: it wires the pieces. Its own tests (test/) may import it.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { Node, Project, SyntaxKind } from 'ts-morph';
import { root } from './support/paths.ts';

const project = new Project({ useInMemoryFileSystem: true, skipLoadingLibFiles: true });

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(root, dir))) {
    const rel = `${dir}/${name}`;
    if (name === 'node_modules' || name === 'dist') continue;
    if (statSync(join(root, rel)).isDirectory()) out.push(...sources(rel));
    else if (
      /\.(ts|mts|js|mjs)$/.test(name) &&
      !(/\.js$/.test(name) && ['cli', 'generator', 'server'].includes(rel.split('/')[0]!))
    )
      out.push(rel);
  }
  return out.sort();
}

/** The specifiers a file imports, re-exports from, or loads with import(). */
export function specifiers(text: string, path = 'file.ts'): string[] {
  const file = project.createSourceFile(path.replace(/\.(m?js)$/, '.$1.ts'), text, { overwrite: true });
  const found: string[] = [];
  for (const d of file.getImportDeclarations()) found.push(d.getModuleSpecifierValue());
  for (const d of file.getExportDeclarations()) {
    const s = d.getModuleSpecifierValue();
    if (s !== undefined) found.push(s);
  }
  for (const call of file.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const arg = call.getArguments()[0];
    if (call.getExpression().getKind() === SyntaxKind.ImportKeyword && arg && Node.isStringLiteral(arg))
      found.push(arg.getLiteralValue());
  }
  for (const t of file.getDescendantsOfKind(SyntaxKind.ImportType)) {
    const arg = t.getArgument();
    if (Node.isLiteralTypeNode(arg)) found.push(arg.getLiteral().getText().slice(1, -1));
  }
  return found;
}

/** Relative imports of a file, as paths from the repository root (with their extension as written). */
function importsOf(rel: string): string[] {
  return specifiers(readFileSync(join(root, rel), 'utf8'), rel)
    .filter((s) => s.startsWith('.'))
    .map((s) =>
      relative(root, resolve(root, dirname(rel), s))
        .split('\\')
        .join('/'),
    );
}

const stem = (p: string) => p.replace(/\.(d\.ts|ts|js)$/, '');
const handWritten = ['generator', 'server', 'cli', 'bench', 'test'].flatMap((d) => sources(d));
const known = new Set(handWritten.map(stem));
/** Every hand-written module's imports of other hand-written modules (by stem), type imports included. */
const graph = new Map(
  handWritten.map((f) => [
    stem(f),
    [
      ...new Set(
        importsOf(f)
          .map(stem)
          .filter((p) => known.has(p)),
      ),
    ],
  ]),
);

/** Strongly connected components of more than one module (or a module importing itself): the cycles. */
function cycles(g: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of g.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const scc: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      scc.push(w);
    } while (w !== v);
    if (scc.length > 1 || (g.get(v) ?? []).includes(v)) found.push(scc.sort());
  };
  for (const v of g.keys()) if (!index.has(v)) visit(v);
  return found;
}

const under = (dir: string) => (p: string) => p.startsWith(`${dir}/`);
const targetOf = (p: string) => /^generator\/targets\/([^/]+)\//.exec(p)?.[1];

describe('the import graph', () => {
  it('reads imports the way the parser does (not inside strings or comments)', () => {
    const text = [
      "import a from './a.ts';",
      "import type { B } from './b.ts';",
      "export { c } from './c.ts';",
      "const d = await import('./d.ts');",
      "type E = import('./e.ts').E;",
      '// import f from "./f.ts";',
      "const g = `import g from './g.ts';`;",
    ].join('\n');
    expect(specifiers(text)).toEqual(['./a.ts', './b.ts', './c.ts', './d.ts', './e.ts']);
  });

  it('finds a cycle when there is one', () => {
    const g = new Map([
      ['a', ['b']],
      ['b', ['c', 'd']],
      ['c', ['a']],
      ['d', []],
    ]);
    expect(cycles(g)).toEqual([['a', 'b', 'c']]);
    expect(cycles(new Map([['a', ['a']]]))).toEqual([['a']]);
  });

  it('has no import cycle among the hand-written modules, type imports included', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(cycles(graph)).toEqual([]);
  });

  it.each(sources('generator/sdk-model'))('%s (the neutral SDK model) imports no target, output or tool', (file) => {
    expect(importsOf(file).filter((p) => /^generator\/(targets|outputs|tools)\//.test(p))).toEqual([]);
  });

  it.each(sources('generator/targets').filter((f) => targetOf(f)))(
    '%s imports no other target, no output and no tool',
    (file) => {
      const own = targetOf(file);
      expect(
        importsOf(file).filter(
          (p) => (targetOf(p) !== undefined && targetOf(p) !== own) || /^generator\/(outputs|tools)\//.test(p),
        ),
      ).toEqual([]);
    },
  );

  it.each(sources('generator/targets').filter((f) => /^generator\/targets\/[^/]+\/runtime\//.test(f)))(
    '%s (a runtime, copied into its package) imports only its runtime folder',
    (file) => {
      const folder = file.slice(0, file.indexOf('/runtime/') + '/runtime/'.length);
      expect(importsOf(file).filter((p) => !p.startsWith(folder))).toEqual([]);
    },
  );

  it.each(sources('generator/outputs'))(
    '%s (an output) reads a target only through its runtime or its docs language',
    (file) => {
      const allowed = (p: string) =>
        p === 'generator/targets/docs-languages.ts' || /^generator\/targets\/[^/]+\/(runtime\/|docs-tab\.ts$)/.test(p);
      expect(importsOf(file).filter((p) => under('generator/targets')(p) && !allowed(p))).toEqual([]);
    },
  );

  it.each(['generated/client', 'generated/server'].flatMap((d) => sources(`${d}/src`)))(
    '%s (a generated package) imports nothing outside its package',
    (file) => {
      const pkg = file.split('/').slice(0, 2).join('/');
      expect(importsOf(file).filter((p) => !p.startsWith(`${pkg}/`))).toEqual([]);
    },
  );

  it.each([...sources('generator'), ...sources('server'), ...sources('generated'), ...sources('bench')])(
    '%s imports nothing from cli/',
    (file) => {
      expect(importsOf(file).filter((p) => p.startsWith('cli/'))).toEqual([]);
    },
  );
});
