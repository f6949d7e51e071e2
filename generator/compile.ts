// Compiles each generated package's src/ into dist/: ESM JavaScript and declarations, with the
// TypeScript that ts-morph bundles (typescript@7, the project's tsc, has no compiler API). The
// sources are checked under the strictest options a consumer may use (exactOptionalPropertyTypes,
// noUncheckedIndexedAccess); an error there fails generation, since it would fail the user.
// The client compiles without Node's types, so an import that would not work in a browser fails here.
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { Project, ts } from 'ts-morph';
import { packageDirs, type PackageDir } from './packages.ts';

export class CompileError extends Error {
  constructor(readonly problems: string[]) {
    super(`the generated packages do not compile:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'CompileError';
  }
}

const typeRoot = () => dirname(dirname(createRequire(import.meta.url).resolve('@types/node/package.json')));

const options = (dir: PackageDir): ts.CompilerOptions => ({
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noImplicitOverride: true,
  verbatimModuleSyntax: true,
  declaration: true,
  rewriteRelativeImportExtensions: true,
  skipLibCheck: true,
  newLine: ts.NewLineKind.LineFeed,
  lib: dir === 'client' ? ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'] : ['lib.es2022.d.ts'],
  types: dir === 'client' ? [] : ['node'],
  ...(dir === 'client' ? {} : { typeRoots: [typeRoot()] }),
});

/**
 * dist/ of every package from its src/ (the formatted texts, by path relative to the output
 * folder). `root` is the crmgen installation: the sources are compiled as if they lay in a folder
 * inside it (nothing is written there), so `busboy` and the ESM package.json resolve from it.
 * A module both packages hold with the same text (types, codecs, validators, the shared runtime)
 * is compiled once, with the client, so without Node's types; the server then reads its
 * declarations and takes its output, which halves the compile.
 */
export function compilePackages(files: ReadonlyMap<string, string>, root: string): Map<string, string> {
  const out = new Map<string, string>();
  const problems: string[] = [];
  /** Output of the packages compiled so far, by the src-relative path of the module and its text. */
  const done = new Map<string, { text: string; js: string; dts: string }>();
  for (const dir of packageDirs) {
    const base = join(root, '.crmgen-compile', dir);
    const project = new Project({ compilerOptions: { ...options(dir), rootDir: join(base, 'src'), outDir: join(base, 'dist') }, skipAddingFilesFromTsConfig: true });
    const prefix = `${dir}/src/`;
    const sources = new Map<string, string>();
    for (const [path, text] of files) {
      if (!path.startsWith(prefix)) continue;
      const rel = path.slice(prefix.length);
      if (path.endsWith('.js')) {
        // Hand-emitted JavaScript (the ajv standalone validators) ships as it is, beside its .d.ts.
        out.set(`${dir}/dist/${rel}`, text);
        continue;
      }
      if (path.endsWith('.d.ts')) out.set(`${dir}/dist/${rel}`, text);
      if (!path.endsWith('.ts')) continue;
      const shared = done.get(rel);
      if (shared?.text === text && !rel.endsWith('.d.ts')) {
        const stem = rel.replace(/\.ts$/, '');
        out.set(`${dir}/dist/${stem}.js`, shared.js);
        out.set(`${dir}/dist/${stem}.d.ts`, shared.dts);
        project.createSourceFile(join(base, 'src', `${stem}.d.ts`), shared.dts, { overwrite: true });
        continue;
      }
      sources.set(rel, text);
      project.createSourceFile(join(base, 'src', rel), text, { overwrite: true });
    }
    const diagnostics = project.getPreEmitDiagnostics();
    for (const d of diagnostics) {
      const file = d.getSourceFile();
      const at = file?.getLineAndColumnAtPos(d.getStart() ?? 0);
      const where = file && at ? `${dir}/src/${relative(join(base, 'src'), file.getFilePath())}:${at.line}:${at.column}` : dir;
      problems.push(`${where}: TS${d.getCode()} ${ts.flattenDiagnosticMessageText(d.compilerObject.messageText, '\n')}`);
    }
    if (diagnostics.length) continue;
    const emitted = new Map<string, string>();
    for (const f of project.emitToMemory().getFiles()) emitted.set(relative(join(base, 'dist'), f.filePath).split('\\').join('/'), f.text);
    for (const [rel, text] of emitted) out.set(`${dir}/dist/${rel}`, text);
    for (const [rel, text] of sources) {
      const stem = rel.replace(/\.ts$/, '');
      const js = emitted.get(`${stem}.js`);
      const dts = emitted.get(`${stem}.d.ts`);
      if (js !== undefined && dts !== undefined) done.set(rel, { text, js, dts });
    }
  }
  if (problems.length) throw new CompileError(problems);
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
