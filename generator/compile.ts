// Compiles each generated package's src/ into dist/: ESM JavaScript and declarations. The sources
// are checked under the strictest options a consumer may use (exactOptionalPropertyTypes,
// noUncheckedIndexedAccess); an error there fails generation, since it would fail the user.
// The client compiles without Node's types, so an import that would not work in a browser fails here.
// The compiler is TypeScript 7's native tsc (both packages at once, in parallel processes, over a
// temporary copy of src/), about five times faster than the TypeScript inside ts-morph, which
// stays as the fallback where no TypeScript 7 is installed. Both are given the sources with their
// relative imports already ending in .js, so neither rewrites a specifier and both print the same.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageDirs, type PackageDir } from './packages.ts';
import { listFiles } from './write.ts';

export class CompileError extends Error {
  constructor(readonly problems: string[]) {
    super(`the generated packages do not compile:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'CompileError';
  }
}

const require = createRequire(import.meta.url);
const typeRoot = () => dirname(dirname(require.resolve('@types/node/package.json')));

/** Compiler options as tsconfig.json spells them; the same for both compilers. */
const options = (dir: PackageDir) => ({
  target: 'ES2022',
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noImplicitOverride: true,
  verbatimModuleSyntax: true,
  declaration: true,
  skipLibCheck: true,
  newLine: 'lf',
  lib: dir === 'client' ? ['es2022', 'dom', 'dom.iterable'] : ['es2022'],
  types: dir === 'client' ? [] : ['node'],
  ...(dir === 'client' ? {} : { typeRoots: [typeRoot()] }),
});

/** `from './x.ts'` -> `from './x.js'`: what rewriteRelativeImportExtensions would do, before either compiler sees it. */
export const withJsSpecifiers = (text: string) => text.replace(/(\b(?:from|import)\s*\(?\s*)(['"])(\.\.?\/[^'"\n]*?)(?<!\.d)\.ts\2/g, '$1$2$3.js$2');

interface PackageSources {
  dir: PackageDir;
  /** src-relative path -> text to compile (.ts and .d.ts). */
  sources: Map<string, string>;
}

/** Splits the formatted files into what each package compiles and what ships as it is. */
function collect(files: ReadonlyMap<string, string>, out: Map<string, string>): PackageSources[] {
  return packageDirs.map((dir) => {
    const prefix = `${dir}/src/`;
    const sources = new Map<string, string>();
    for (const [path, text] of files) {
      if (!path.startsWith(prefix)) continue;
      const rel = path.slice(prefix.length);
      // Hand-emitted JavaScript (the ajv standalone validators) ships as it is, beside its .d.ts.
      if (path.endsWith('.js')) out.set(`${dir}/dist/${rel}`, text);
      // Its imports end in .js there, as the compiled declarations' do.
      if (path.endsWith('.d.ts')) out.set(`${dir}/dist/${rel}`, withJsSpecifiers(text));
      if (path.endsWith('.ts')) sources.set(rel, withJsSpecifiers(text));
    }
    return { dir, sources };
  });
}

const sorted = (m: Map<string, string>) => new Map([...m].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** TypeScript 7's native compiler, when installed beside crmgen. */
export function nativeTsc(): string | undefined {
  if (process.env.CRMGEN_COMPILER === 'ts-morph') return undefined;
  try {
    const pkg = require.resolve('typescript/package.json');
    const { version } = JSON.parse(readFileSync(pkg, 'utf8')) as { version: string };
    if (Number(version.split('.')[0]) < 7) return undefined;
    const platform = require.resolve(`@typescript/typescript-${process.platform}-${process.arch}/package.json`, { paths: [dirname(pkg)] });
    const exe = join(dirname(platform), 'lib', process.platform === 'win32' ? 'tsc.exe' : 'tsc');
    return existsSync(exe) ? exe : undefined;
  } catch {
    return undefined;
  }
}

/**
 * dist/ of every package from its src/ (the formatted texts, by path relative to the output
 * folder). `root` is the crmgen installation: the sources are compiled in a temporary folder
 * inside it, so `busboy` and the ESM package.json resolve from it.
 */
export async function compilePackages(files: ReadonlyMap<string, string>, root: string, kept?: KeptOutput): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const packages = collect(files, out);
  const tsc = nativeTsc();
  const problems = tsc ? await compileNative(tsc, packages, root, out, kept) : compileInProcess(packages, root, out);
  if (problems.length) throw new CompileError(problems);
  return sorted(out);
}

/**
 * A temporary folder from which the packages' imports (busboy, @types/node) resolve: inside the
 * installation, or, where that is read-only, in the system's temp folder with a link to the
 * node_modules folder crmgen's dependencies are installed in.
 */
function workDir(root: string): string {
  try {
    return mkdtempSync(join(root, '.crmgen-compile-'));
  } catch {
    const dir = mkdtempSync(join(tmpdir(), 'crmgen-compile-'));
    symlinkSync(dirname(dirname(require.resolve('busboy/package.json'))), join(dir, 'node_modules'), 'junction');
    return dir;
  }
}

/**
 * The dist/ files a native compile left in its work folder, by output path: generate moves them
 * into the output folder instead of writing each again (a new file costs far more than a rename on
 * some file systems; a cold run has ~500 of them). dispose() removes the folder.
 */
export class KeptOutput {
  readonly files = new Map<string, string>();
  private dirs: string[] = [];
  private disposed = false;

  /** Takes over the work folder; false once disposed (the compile then removes it itself). */
  keep(dir: string): boolean {
    if (this.disposed) return false;
    this.dirs.push(dir);
    return true;
  }

  /** Takes another's files and folder (the compile whose output generate uses). */
  adopt(other: KeptOutput) {
    for (const [path, file] of other.files) this.files.set(path, file);
    this.dirs.push(...other.dirs.splice(0));
  }

  dispose() {
    this.disposed = true;
    this.files.clear();
    for (const dir of this.dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  }
}

async function compileNative(tsc: string, packages: PackageSources[], root: string, out: Map<string, string>, kept?: KeptOutput): Promise<string[]> {
  const work = workDir(root);
  // With no more cores than packages (each compiled by its own process, beside generate's two
  // threads), tsc's own threads only contend: single-threaded, the compile measured 10% less CPU.
  const threads = availableParallelism() <= packages.length ? ['--singleThreaded'] : [];
  try {
    writeFileSync(join(work, 'package.json'), JSON.stringify({ type: 'module' }));
    const runs = packages.map(async ({ dir, sources }) => {
      const base = join(work, dir);
      for (const folder of new Set([...sources.keys()].map((rel) => dirname(join(base, 'src', rel))))) mkdirSync(folder, { recursive: true });
      // Written on libuv's threads: generate's thread goes on emitting meanwhile.
      await Promise.all([...sources].map(([rel, text]) => writeFile(join(base, 'src', rel), text)));
      const config = { compilerOptions: { ...options(dir), rootDir: 'src', outDir: 'dist' }, include: ['src'] };
      writeFileSync(join(base, 'tsconfig.json'), JSON.stringify(config));
      return new Promise<string[]>((resolveRun, reject) => {
        const child = spawn(tsc, ['-p', 'tsconfig.json', '--pretty', 'false', ...threads], { cwd: base, stdio: ['ignore', 'pipe', 'pipe'] });
        let text = '';
        child.stdout.on('data', (b: Buffer) => (text += b.toString()));
        child.stderr.on('data', (b: Buffer) => (text += b.toString()));
        child.on('error', reject);
        child.on('close', (code) => {
          const found = text
            .split('\n')
            .filter((l) => /\berror TS\d+/.test(l))
            .map((l) => l.replace(/^(\S+?)\((\d+),(\d+)\): error (TS\d+): /, `${dir}/$1:$2:$3: $4 `));
          if (code !== 0 && !found.length) found.push(`${dir}: tsc exited ${code}: ${text.trim()}`);
          if (!found.length)
            for (const rel of listFiles(join(base, 'dist'))) {
              const file = join(base, 'dist', rel);
              out.set(`${dir}/dist/${rel}`, readFileSync(file, 'utf8'));
              kept?.files.set(`${dir}/dist/${rel}`, file);
            }
          resolveRun(found);
        });
      });
    });
    return (await Promise.all(runs)).flat();
  } finally {
    if (!kept?.keep(work)) rmSync(work, { recursive: true, force: true });
  }
}

/** The same compile with the TypeScript that ts-morph bundles, in this process (no TypeScript 7 installed). */
function compileInProcess(packages: PackageSources[], root: string, out: Map<string, string>): string[] {
  const { Project, ts } = require('ts-morph') as typeof import('ts-morph');
  const problems: string[] = [];
  for (const { dir, sources } of packages) {
    const base = join(root, '.crmgen-compile', dir);
    const { options: compilerOptions } = ts.convertCompilerOptionsFromJson({ ...options(dir), rootDir: join(base, 'src'), outDir: join(base, 'dist') }, base);
    const project = new Project({ compilerOptions, skipAddingFilesFromTsConfig: true });
    for (const [rel, text] of sources) project.createSourceFile(join(base, 'src', rel), text, { overwrite: true });
    const diagnostics = project.getPreEmitDiagnostics();
    for (const d of diagnostics) {
      const file = d.getSourceFile();
      const at = file?.getLineAndColumnAtPos(d.getStart() ?? 0);
      const where = file && at ? `${dir}/src/${relative(join(base, 'src'), file.getFilePath())}:${at.line}:${at.column}` : dir;
      problems.push(`${where}: TS${d.getCode()} ${ts.flattenDiagnosticMessageText(d.compilerObject.messageText, '\n')}`);
    }
    if (diagnostics.length) continue;
    for (const f of project.emitToMemory().getFiles()) out.set(`${dir}/dist/${relative(join(base, 'dist'), f.filePath).split('\\').join('/')}`, f.text);
  }
  return problems;
}

// ---- skipping the compile when the sources did not change --------------------------------------

const sha = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

interface CompileCache {
  /** The packages' sources, the compiler and this module's own text. */
  key: string;
  /** dist/ path -> hash of its text, as the compile wrote it. */
  files: Record<string, string>;
}

function cacheKey(files: ReadonlyMap<string, string>): string {
  const h = createHash('sha256');
  for (const [path, text] of [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) if (/^(client|server)\/src\//.test(path)) h.update(`${path}\0${text}\0`);
  h.update(`${nativeTsc() ?? 'ts-morph'}\0`).update(readFileSync(fileURLToPath(import.meta.url)));
  return h.digest('hex').slice(0, 32);
}

/**
 * compilePackages, skipped when the last compile into outDir (recorded in cacheDir) had the same
 * sources and its dist/ files are still there with the same bytes (then they are what it would
 * write). The cache only saves work: any doubt compiles.
 */
export async function compilePackagesCached(files: ReadonlyMap<string, string>, root: string, outDir: string, cacheDir: string | undefined, kept?: KeptOutput): Promise<{ files: Map<string, string>; skipped: boolean }> {
  const cacheFile = cacheDir && join(cacheDir, `compile-${sha(resolve(outDir))}.json`);
  const key = cacheFile ? cacheKey(files) : '';
  if (cacheFile) {
    try {
      const cache = JSON.parse(readFileSync(cacheFile, 'utf8')) as CompileCache;
      if (cache.key === key) {
        const found = new Map<string, string>();
        for (const [path, hash] of Object.entries(cache.files)) {
          const text = readFileSync(join(outDir, path), 'utf8');
          if (sha(text) !== hash) throw new Error('changed');
          found.set(path, text);
        }
        return { files: found, skipped: true };
      }
    } catch {
      // No cache, another run's, or dist/ changed on disk: compile.
    }
  }
  const out = await compilePackages(files, root, kept);
  if (cacheFile) {
    mkdirSync(dirname(cacheFile), { recursive: true });
    writeFileSync(cacheFile, JSON.stringify({ key, files: Object.fromEntries([...out].map(([p, t]) => [p, sha(t)])) } satisfies CompileCache));
  }
  return { files: out, skipped: false };
}
