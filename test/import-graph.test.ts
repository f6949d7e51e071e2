// The arrows of ARCHITECTURE.md, read from the source: every import, export-from and import()
// with a literal specifier, parsed by the TypeScript parser (ts-morph, no type checking).
//   - no emitter (a module of generator/emit exporting an emit* function) imports another
//     emitter: shared models come from generator/derive.ts;
//   - runtime/ (copied into the generated packages) imports nothing from generated/, server/,
//     generator/ or cli/;
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
    else if (/\.(ts|mts|js|mjs)$/.test(name) && !(/\.js$/.test(name) && ['cli', 'generator', 'server'].includes(rel.split('/')[0]!))) out.push(rel);
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
    if (call.getExpression().getKind() === SyntaxKind.ImportKeyword && arg && Node.isStringLiteral(arg)) found.push(arg.getLiteralValue());
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
    .map((s) => relative(root, resolve(root, dirname(rel), s)).split('\\').join('/'));
}

const stem = (p: string) => p.replace(/\.(d\.ts|ts|js)$/, '');
const emitDir = sources('generator/targets/typescript');
const emitterModules = new Set(emitDir.filter((f) => /export (async )?function emit[A-Z]/.test(readFileSync(join(root, f), 'utf8'))).map(stem));

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

  it('knows the emitters (every module generate.ts registers is one)', () => {
    const registered = specifiers(readFileSync(join(root, 'generator/generate.ts'), 'utf8'))
      .filter((s) => s.startsWith('./emit/'))
      .map((s) => stem(`generator/${s.slice(2)}`));
    for (const m of registered) expect(emitterModules, m).toContain(m);
    expect(emitterModules.size).toBe(registered.length);
  });

  it.each(emitDir)('%s imports no emitter but itself', (file) => {
    const others = importsOf(file).filter((p) => emitterModules.has(stem(p)) && stem(p) !== stem(file));
    expect(others).toEqual([]);
  });

  it.each(sources('generator/targets/typescript/runtime'))('%s imports nothing from generated/, server/, generator/ or cli/', (file) => {
    expect(importsOf(file).filter((p) => /^(generated|server|generator|cli)\//.test(p))).toEqual([]);
  });

  it.each([...sources('generator'), ...sources('server'), ...sources('generated'), ...sources('bench')])('%s imports nothing from cli/', (file) => {
    expect(importsOf(file).filter((p) => p.startsWith('cli/'))).toEqual([]);
  });
});
