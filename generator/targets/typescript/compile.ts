// Compiles each generated package's src/ into dist/: ESM JavaScript and declarations. The sources
// are checked under the strictest options a consumer may use (exactOptionalPropertyTypes,
// noUncheckedIndexedAccess); an error there fails generation, since it would fail the user.
// The client compiles without Node's types, so an import that would not work in a browser fails here.
// The compiler is TypeScript 7's native tsc (a process per package, over a temporary copy of
// src/), about five times faster than the TypeScript inside ts-morph, which stays as the fallback
// where no TypeScript 7 is installed. Both are given the sources with their relative imports
// already ending in .js, so neither rewrites a specifier and both print the same.
// With tsc, the modules both packages hold byte for byte (types, codecs, validators, runtime) are
// compiled once, by the client; the server then compiles only its own modules against their
// declarations and ships the client's output of them (a third less CPU than compiling both whole).
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { dirname, isAbsolute, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageDirs, type PackageDir } from './packages.ts';
import { listFiles } from '../../pipeline/write.ts';

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
export const withJsSpecifiers = (text: string) =>
  text.replace(/(\b(?:from|import)\s*\(?\s*)(['"])(\.\.?\/[^'"\n]*?)(?<!\.d)\.ts\2/g, '$1$2$3.js$2');

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
    const platform = require.resolve(`@typescript/typescript-${process.platform}-${process.arch}/package.json`, {
      paths: [dirname(pkg)],
    });
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
export async function compilePackages(
  files: ReadonlyMap<string, string>,
  root: string,
  kept?: KeptOutput,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const packages = collect(files, out);
  const tsc = nativeTsc();
  const problems = tsc ? await compileNative(tsc, packages, root, out, kept) : compileInProcess(packages, root, out);
  if (problems.length) throw new CompileError(problems);
  return sorted(out);
}

/**
 * A temporary folder for dist/ (and the sources, where sourceDir finds no memory file system)
 * from which the packages' imports (busboy, @types/node) resolve: inside the installation, or,
 * where that is read-only, in the system's temp folder with a link to the node_modules folder
 * crmgen's dependencies are installed in.
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
 * Where tsc reads the sources from: a memory file system where there is one (Linux's /dev/shm):
 * creating and removing ~150 files there costs next to no kernel time, on a disk far more. Else
 * the work folder. (dist/ stays in the work folder, beside the output, so its files can be moved.)
 */
function sourceDir(work: string): string {
  if (process.platform === 'linux' && existsSync('/dev/shm'))
    try {
      const dir = mkdtempSync('/dev/shm/crmgen-compile-');
      symlinkSync(dirname(dirname(require.resolve('busboy/package.json'))), join(dir, 'node_modules'), 'junction');
      return dir;
    } catch {
      // Not writable: the work folder.
    }
  return work;
}

/**
 * The dist/ files a native compile left in its work folder, by output path: generate moves them
 * into the output folder instead of writing each again (a new file costs far more than a rename on
 * some file systems; a cold run has ~270 of them). dispose() removes the folder.
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

/**
 * The modules the server may take from the client's compile: byte-identical in both packages and
 * importing only such modules (one that imports a module differing between the packages means
 * something else in each, so each package compiles its own copy).
 */
export function sharedModules(base: ReadonlyMap<string, string>, other: ReadonlyMap<string, string>): Set<string> {
  const shared = new Set(
    [...other].filter(([rel, text]) => !rel.endsWith('.d.ts') && base.get(rel) === text).map(([rel]) => rel),
  );
  const declarations = new Set(
    [...other].filter(([rel, text]) => rel.endsWith('.d.ts') && base.get(rel) === text).map(([rel]) => rel),
  );
  const imports = new Map([...shared].map((rel) => [rel, importedSources(rel, other.get(rel)!, other)]));
  for (let dropped = true; dropped;) {
    dropped = false;
    for (const rel of shared)
      if (imports.get(rel)!.some((target) => !shared.has(target) && !declarations.has(target))) {
        shared.delete(rel);
        dropped = true;
      }
  }
  return shared;
}

/** The sources a module's relative imports name (`./x.js` -> x.ts or x.d.ts); an import of no source is tsc's to report. */
function importedSources(rel: string, text: string, sources: ReadonlyMap<string, string>): string[] {
  const found: string[] = [];
  for (const [, , specifier] of text.matchAll(/\b(?:from|import)\s*\(?\s*(['"])(\.\.?\/[^'"\n]*?)\1/g)) {
    const target = posix.join(posix.dirname(rel), specifier!);
    const stem = target.replace(/\.js$/, '');
    const source = [target, `${stem}.ts`, `${stem}.d.ts`].find((t) => sources.has(t));
    if (source) found.push(source);
  }
  return found;
}

/** src/x.ts -> x.js and x.d.ts in dist/. */
const emittedFrom = (rel: string) => [rel.replace(/\.ts$/, '.js'), rel.replace(/\.ts$/, '.d.ts')];

/** Names the DOM libraries declare at their top level (the client compiles with them, the server without). */
export interface DomNames {
  /** Interfaces, type aliases, namespaces and classes. */
  types: ReadonlySet<string>;
  /** Variables and functions (a declaration names them after typeof). */
  values: ReadonlySet<string>;
}

let domCache: { tsc: string; names: DomNames } | undefined;

/** Read once per process (watch compiles again and again). */
function domNames(tsc: string): DomNames {
  if (domCache?.tsc !== tsc) domCache = { tsc, names: readDomNames(tsc) };
  return domCache.names;
}

function readDomNames(tsc: string): DomNames {
  const types = new Set<string>();
  const values = new Set<string>();
  for (const file of ['lib.dom.d.ts', 'lib.dom.iterable.d.ts', 'lib.dom.asynciterable.d.ts']) {
    const path = join(dirname(tsc), file);
    if (!existsSync(path)) continue;
    for (const [, kind, name] of readFileSync(path, 'latin1').matchAll(
      /\n(declare (?:var|let|const|function) |declare (?:namespace|class) |interface |type )([\w$]+)/g,
    ))
      (kind!.startsWith('declare') && !/namespace|class/.test(kind!) ? values : types).add(name!);
  }
  return { types, values };
}

/**
 * Global names of the DOM libraries a declaration file refers to (true: as a value, after typeof).
 * A scan of tsc's declaration output, not a parse: it errs towards finding a name (the server's
 * compile then only checks that it exists there); what it takes for a local name (an import, a
 * declaration, a type parameter) hides that name's global use in the same file.
 */
export function domReferences(text: string, dom: DomNames): Map<string, boolean> {
  const local = new Set<string>();
  const code = text
    .replace(/\/\*[^*]*\*+(?:[^/*][^*]*\*+)*\/|\/\/[^\n]*/g, ' ')
    // Import clauses bind local names; re-exports and import types name other modules' exports.
    .replace(/\bimport\b([^;'"`]*?)\bfrom\s*(['"])[^'"\n]*\2/g, (_, clause: string) => {
      for (const name of clause.match(/[\w$]+/g) ?? []) local.add(name);
      return ' ';
    })
    .replace(
      /\bexport\b[^;'"`]*?\bfrom\s*(['"])[^'"\n]*\1|\bexport\s*\{[^}]*\}|\bimport\s*\(\s*(['"])[^'"\n]*\2\s*\)/g,
      ' ',
    )
    .replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g, ' ')
    // A template literal type keeps only what is inside its ${...}.
    .replace(/`(?:[^`\\]|\\.)*`/g, (m) => ` ${[...m.matchAll(/\$\{([^}]*)\}/g)].map((x) => x[1]).join(' ')} `);
  for (const [, name] of code.matchAll(
    /\b(?:interface|type|class|enum|namespace|module|function|const|let|var|infer)\s+([\w$]+)/g,
  ))
    local.add(name!);
  // Type parameters, enum members and mapped-type keys.
  for (const [, name] of code.matchAll(/[<,{]\s*(?:const\s+|in\s+|out\s+)*([\w$]+)\s*(?:extends\b|=(?!>))/g))
    local.add(name!);
  for (const [, name] of code.matchAll(/\[\s*([\w$]+)\s+in\b/g)) local.add(name!);
  const found = new Map<string, boolean>();
  const consider = (name: string, at: number, value: boolean) => {
    if (local.has(name) || !(value ? dom.values.has(name) || dom.types.has(name) : dom.types.has(name))) return;
    const before = code.slice(Math.max(0, at - 24), at).trimEnd();
    // The right side of a qualified name (A.B; a spread ...B is a reference).
    if (before.endsWith('.') && !before.endsWith('...')) return;
    const after = code.slice(at + name.length, at + name.length + 8).trimStart();
    // A member, parameter or tuple label (name: T, name?: T, name(...)), unless a conditional type's branch (? A : B).
    if (/^\??\s*[:(]/.test(after) && !before.endsWith('?')) return;
    // A member after its modifiers (private name;), not readonly's array type (readonly A[]).
    if (
      /\b(?:private|protected|public|readonly|static|abstract|accessor|override|declare|get|set)$/.test(before) &&
      /^[?;:(=<]/.test(after)
    )
      return;
    found.set(name, (found.get(name) ?? false) || value);
  };
  // The DOM's type names start with a capital but for an alias or two, found by name: scanning
  // only those tokens keeps this to a few milliseconds over the shared declarations.
  const tokens = /(?<![\w$#])[A-Z][\w$]*/g;
  for (let m; (m = tokens.exec(code));) consider(m[0], m.index, false);
  for (const name of lowerCaseTypes(dom))
    for (let at = code.indexOf(name); at >= 0; at = code.indexOf(name, at + 1))
      if (!/[\w$#]/.test(code[at - 1] ?? '') && !/[\w$]/.test(code[at + name.length] ?? '')) consider(name, at, false);
  const values = /\btypeof\s+([\w$]+)/g;
  for (let m; (m = values.exec(code));) consider(m[1]!, m.index + m[0].length - m[1]!.length, true);
  return found;
}

const lowerCase = new WeakMap<DomNames, string[]>();
const lowerCaseTypes = (dom: DomNames) => {
  let names = lowerCase.get(dom);
  if (!names) lowerCase.set(dom, (names = [...dom.types].filter((n) => !/^[A-Z]/.test(n))));
  return names;
};

const probeName = 'crmgen-dom-probe.ts';

async function compileNative(
  tsc: string,
  packages: PackageSources[],
  root: string,
  out: Map<string, string>,
  kept?: KeptOutput,
): Promise<string[]> {
  const work = workDir(root);
  // With no more cores than packages (each compiled by its own process, beside generate's two
  // threads), tsc's own threads only contend: single-threaded, the compile measured 10% less CPU.
  const threads = availableParallelism() <= packages.length ? ['--singleThreaded'] : [];
  const [base, ...others] = [...packages].sort((a, b) => (a.dir === 'client' ? -1 : b.dir === 'client' ? 1 : 0));
  const sourceRoot = sourceDir(work);
  // tsc is a Go program: a compile of these packages peaks near 110 MB, and Go's collector, run
  // as it is by default whenever the heap doubles, cost a fifth of tsc's CPU (measured). It runs
  // only near the memory limit instead (GOGC or GOMEMLIMIT set by the user win).
  const goEnv = { GOGC: 'off', GOMEMLIMIT: '1GiB', ...process.env };
  const baseDist = join(work, base!.dir, 'dist');
  /** Runs tsc on <sourceRoot>/<dir>; the problems it reports, by package path, and the files it listed. */
  const run = (dir: PackageDir, args: string[]) =>
    new Promise<{ problems: string[]; listed: string[] }>((resolveRun, reject) => {
      const child = spawn(tsc, ['-p', 'tsconfig.json', '--pretty', 'false', ...threads, ...args], {
        cwd: join(sourceRoot, dir),
        env: goEnv,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let text = '';
      child.stdout.on('data', (b: Buffer) => (text += b.toString()));
      child.stderr.on('data', (b: Buffer) => (text += b.toString()));
      child.on('error', reject);
      child.on('close', (code) => {
        const lines = text.split('\n');
        const problems = lines
          .filter((l) => /\berror TS\d+/.test(l))
          .map((l) => l.replace(/^(\S+?)\((\d+),(\d+)\): error (TS\d+): /, `${dir}/$1:$2:$3: $4 `));
        if (code !== 0 && !problems.length) problems.push(`${dir}: tsc exited ${code}: ${text.trim()}`);
        resolveRun({
          problems,
          listed: lines
            .map((l) => l.trim())
            .filter((l) => isAbsolute(l))
            .map((l) => resolve(l)),
        });
      });
    });
  /** dist/ of work/<dir> into out (and kept), but for the probe. */
  const take = (dir: PackageDir) => {
    for (const rel of listFiles(join(work, dir, 'dist'))) {
      if (rel.startsWith('crmgen-dom-probe.')) continue;
      const file = join(work, dir, 'dist', rel);
      out.set(`${dir}/dist/${rel}`, readFileSync(file, 'utf8'));
      kept?.files.set(`${dir}/dist/${rel}`, file);
    }
  };
  /** Writes files (paths from <sourceRoot>/<dir>, or absolute) and the tsconfig of <sourceRoot>/<dir>. */
  const prepare = async (dir: PackageDir, files: [string, string][], config: object) => {
    const base = join(sourceRoot, dir);
    for (const folder of new Set(files.map(([rel]) => dirname(resolve(base, rel)))))
      mkdirSync(folder, { recursive: true });
    // Written on libuv's threads: generate's thread goes on emitting meanwhile.
    await Promise.all(files.map(([rel, text]) => writeFile(resolve(base, rel), text)));
    writeFileSync(join(base, 'tsconfig.json'), JSON.stringify(config));
  };
  const outDir = (dir: PackageDir) => join(work, dir, 'dist');
  // dist/ files no tsc run here writes (hand-written ones, the server's copies of shared output):
  // written into the work folder meanwhile, on libuv's threads, so that generate moves them into
  // place like the compiled ones instead of creating each in its last step (where a cold run waits).
  const staging: Promise<void>[] = [];
  const folders = new Set<string>();
  const stage = (path: string, text: string) => {
    if (!kept) return;
    const file = join(work, 'staged', path);
    if (!folders.has(dirname(file))) mkdirSync(dirname(file), { recursive: true });
    folders.add(dirname(file));
    // Should it fail, generate writes the file itself.
    staging.push(
      writeFile(file, text).then(
        () => void kept.files.set(path, file),
        () => {},
      ),
    );
  };
  try {
    writeFileSync(join(sourceRoot, 'package.json'), JSON.stringify({ type: 'module' }));
    // The client: every module, browser settings (DOM, no Node types): the check that a shared
    // module works in a browser. Its hand-written declarations sit in dist/, where they ship and
    // where the server finds them beside the compiled ones (rootDirs makes src/ and dist/ one folder).
    const declarations = [...base!.sources].filter(([rel]) => rel.endsWith('.d.ts'));
    await prepare(
      base!.dir,
      [
        ...[...base!.sources]
          .filter(([rel]) => !rel.endsWith('.d.ts'))
          .map(([rel, text]): [string, string] => [`src/${rel}`, text]),
        ...declarations.map(([rel, text]): [string, string] => [join(baseDist, rel), text]),
      ],
      {
        compilerOptions: { ...options(base!.dir), rootDir: 'src', outDir: baseDist, rootDirs: ['src', baseDist] },
        include: ['src'],
      },
    );
    for (const [path, text] of out)
      if (!(path.startsWith(`${base!.dir}/dist/`) && base!.sources.has(path.slice(`${base!.dir}/dist/`.length))))
        stage(path, text);
    const baseRun = run(base!.dir, []).then((r) => {
      if (!r.problems.length) take(base!.dir);
      return r.problems;
    });
    const runs = others.map(async ({ dir, sources }) => {
      // The other packages compile only their own modules, against the client's declarations of
      // the shared ones, and ship the client's output of those (the same bytes either would print).
      const shared = sharedModules(base!.sources, sources);
      const own = [...sources].filter(
        ([rel]) => !shared.has(rel) && !(rel.endsWith('.d.ts') && base!.sources.get(rel) === sources.get(rel)),
      );
      if (shared.size && (await baseRun).length) return [];
      const sharedDeclarations = new Set(
        [...shared]
          .map((rel) => emittedFrom(rel)[1]!)
          .concat(declarations.filter(([rel]) => sources.get(rel) === base!.sources.get(rel)).map(([rel]) => rel)),
      );
      for (const rel of shared)
        for (const js of emittedFrom(rel)) {
          const text = out.get(`${base!.dir}/dist/${js}`);
          if (text === undefined) return [`${dir}/src/${rel}: the ${base!.dir} compile printed no dist/${js}`];
          out.set(`${dir}/dist/${js}`, text);
          stage(`${dir}/dist/${js}`, text);
        }
      // A shared module's declarations were printed with the DOM's types in scope: a DOM name they
      // use must exist here too (skipLibCheck would otherwise turn it into any without a word).
      const probes = new Map<string, { value: boolean; file: string }>();
      if (shared.size) {
        const dom = domNames(tsc);
        for (const rel of sharedDeclarations)
          for (const [name, value] of domReferences(
            out.get(`${base!.dir}/dist/${rel}`) ?? base!.sources.get(rel) ?? '',
            dom,
          ))
            if (!probes.has(name)) probes.set(name, { value, file: rel });
      }
      const probe =
        [...probes].map(([name, { value }], i) => `type P${i} = ${value ? 'typeof ' : ''}${name};\n`).join('') +
        (probes.size ? 'export {};\n' : '');
      const roots = [
        ...own.map(([rel, text]): [string, string] => [`src/${rel}`, text]),
        ...(probes.size ? [[`src/${probeName}`, probe] as [string, string]] : []),
      ];
      if (!roots.length) return [];
      await prepare(dir, roots, {
        compilerOptions: { ...options(dir), rootDir: 'src', outDir: outDir(dir), rootDirs: ['src', baseDist] },
        files: roots.map(([rel]) => rel),
      });
      const r = await run(dir, shared.size ? ['--listFiles'] : []);
      const problems = r.problems.flatMap((p) => {
        const m = new RegExp(`^${dir}/src/${probeName}:(\\d+):\\d+: (TS\\d+) (.*)$`).exec(p);
        if (!m) return [p];
        // Only a name that does not exist fails (a type probed as a value or without its type arguments exists).
        const [name, { file }] = [...probes][Number(m[1]) - 1]!;
        return /^Cannot find name/.test(m[3]!)
          ? [`${dir}/dist/${file}: uses ${name} from the DOM, which ${dir} (Node) does not have: ${m[2]} ${m[3]}`]
          : [];
      });
      // Nothing of the client's but the shared modules' declarations may be part of this compile.
      const inside = (dir: string, file: string) => {
        const rel = relative(dir, file).split('\\').join('/');
        return rel.startsWith('../') || rel === '..' || isAbsolute(rel) ? undefined : rel;
      };
      const clientDirs = [
        ...new Set([
          join(work, base!.dir),
          join(realpathSync(work), base!.dir),
          join(sourceRoot, base!.dir),
          join(realpathSync(sourceRoot), base!.dir),
        ]),
      ];
      for (const file of r.listed) {
        const rel = clientDirs.map((from) => inside(from, file)).find((x) => x !== undefined);
        if (rel !== undefined && !(rel.startsWith('dist/') && sharedDeclarations.has(rel.slice('dist/'.length))))
          problems.push(`${dir}: its compile reached ${base!.dir}/${rel}, which ${dir} does not share`);
      }
      if (!problems.length) take(dir);
      return problems;
    });
    const problems = [...(await baseRun), ...(await Promise.all(runs)).flat()];
    await Promise.all(staging);
    return problems;
  } finally {
    if (sourceRoot !== work) rmSync(sourceRoot, { recursive: true, force: true });
    if (!kept?.keep(work)) rmSync(work, { recursive: true, force: true });
  }
}

/** The same compile with the TypeScript that ts-morph bundles, in this process (no TypeScript 7 installed). */
function compileInProcess(packages: PackageSources[], root: string, out: Map<string, string>): string[] {
  const { Project, ts } = require('ts-morph') as typeof import('ts-morph');
  const problems: string[] = [];
  for (const { dir, sources } of packages) {
    const base = join(root, '.crmgen-compile', dir);
    // A module augmentation names its module with .ts (declare module './runtime/client.ts'): TS 6
    // refuses that (TS5097) unless told .ts paths are fine; the relative imports already end in .js,
    // so there is nothing to rewrite, and the declarations keep the name as tsc 7 prints it.
    const { options: compilerOptions } = ts.convertCompilerOptionsFromJson(
      {
        ...options(dir),
        allowImportingTsExtensions: true,
        rewriteRelativeImportExtensions: true,
        rootDir: join(base, 'src'),
        outDir: join(base, 'dist'),
      },
      base,
    );
    const project = new Project({ compilerOptions, skipAddingFilesFromTsConfig: true });
    for (const [rel, text] of sources) project.createSourceFile(join(base, 'src', rel), text, { overwrite: true });
    const diagnostics = project.getPreEmitDiagnostics();
    for (const d of diagnostics) {
      const file = d.getSourceFile();
      const at = file?.getLineAndColumnAtPos(d.getStart() ?? 0);
      const where =
        file && at ? `${dir}/src/${relative(join(base, 'src'), file.getFilePath())}:${at.line}:${at.column}` : dir;
      problems.push(
        `${where}: TS${d.getCode()} ${ts.flattenDiagnosticMessageText(d.compilerObject.messageText, '\n')}`,
      );
    }
    if (diagnostics.length) continue;
    for (const f of project.emitToMemory().getFiles())
      out.set(`${dir}/dist/${relative(join(base, 'dist'), f.filePath).split('\\').join('/')}`, f.text);
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
  for (const [path, text] of [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    if (/^(client|server)\/src\//.test(path)) h.update(`${path}\0${text}\0`);
  h.update(`${nativeTsc() ?? 'ts-morph'}\0`).update(readFileSync(fileURLToPath(import.meta.url)));
  return h.digest('hex').slice(0, 32);
}

/**
 * compilePackages, skipped when the last compile into outDir (recorded in cacheDir) had the same
 * sources and its dist/ files are still there with the same bytes (then they are what it would
 * write). The cache only saves work: any doubt compiles.
 */
export async function compilePackagesCached(
  files: ReadonlyMap<string, string>,
  root: string,
  outDir: string,
  cacheDir: string | undefined,
  kept?: KeptOutput,
): Promise<{ files: Map<string, string>; skipped: boolean }> {
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
    writeFileSync(
      cacheFile,
      JSON.stringify({ key, files: Object.fromEntries([...out].map(([p, t]) => [p, sha(t)])) } satisfies CompileCache),
    );
  }
  return { files: out, skipped: false };
}
