// Lays the emitted files out as two npm packages, generated/client (the SDK) and
// generated/server (stubs and request pipeline), each complete on its own: its src/ holds the
// shared generated sources (types, codecs, validators), the runtime modules they import, copied
// from crmgen's runtime/, and its entry module; package.json, LICENSE and CHANGELOG come from the
// spec's packages section. Nothing in a package imports a path outside it: generation fails if
// anything would. compile.ts then adds dist/ (JavaScript and declarations).
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { ts } from './module-text.ts';
import type { Spec } from '../../pipeline/model.ts';
import type { GeneratedFile } from '../../pipeline/generated-file.ts';
import { Handlebars, template } from '../../pipeline/templates.ts';

export const packageDirs = ['client', 'server'] as const;
export type PackageDir = (typeof packageDirs)[number];

/** Emitted once, placed in both packages' src/. */
const sharedDirs = ['types/', 'codecs/', 'validators/'];

/**
 * Subpath exports beyond the entry module, per package: subpath -> module of dist/ (no extension).
 * The client's modular entry (core, one format object, the resources an app calls) lets a bundler
 * keep only the messages and validators of the calls an app makes.
 */
const subpaths: Record<PackageDir, Record<string, string>> = {
  client: { core: 'core', xml: 'xml', json: 'json', 'resources/*': 'resources/*' },
  server: { types: 'types/index', codecs: 'codecs/index', validators: 'validators/index' },
};

/** Node's own modules need no dependency. */
const builtin = (specifier: string) => specifier.startsWith('node:');

/**
 * Module specifiers a source file imports or re-exports, in order, as TypeScript's preProcessFile
 * finds them: for the runtime's modules, read from disk (an emitted module carries its imports,
 * GeneratedFile.imports).
 */
export function importsOf(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

export interface RuntimeSource {
  /** The TypeScript target's runtime/ folder of the crmgen installation. */
  dir: string;
  /** Version ranges of crmgen's own dependencies: a bare import of a runtime module gets the same range. */
  dependencies: Record<string, string>;
}

export function runtimeSource(root: string): RuntimeSource {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  return { dir: join(root, 'generator', 'targets', 'typescript', 'runtime'), dependencies: pkg.dependencies ?? {} };
}

const runtimeHeader = (name: string) =>
  `// Part of the crmgen runtime (runtime/${name}), copied into this package by crmgen generate. Do not edit.\n`;

/** The emitted files with the shared sources moved into each package, and each package completed. */
export function assemblePackages(
  spec: Spec,
  emitted: GeneratedFile[],
  runtime: RuntimeSource,
  scanned = new Map<string, string[]>(),
): GeneratedFile[] {
  // Both packages hold the shared sources and most runtime modules: each text is read once
  // (`scanned`: text -> its imports, shared by calls over the same texts).
  const importsOfOnce = (f: GeneratedFile) =>
    f.imports ?? scanned.get(f.content) ?? scanned.set(f.content, importsOf(f.content)).get(f.content)!;
  const shared = emitted.filter((f) => sharedDirs.some((d) => f.path.startsWith(d)));
  const out = emitted.filter((f) => !shared.includes(f));
  for (const dir of packageDirs) {
    const files = new Map<string, GeneratedFile>();
    for (const f of out) if (f.path.startsWith(`${dir}/`)) files.set(f.path, f);
    const emittedHere = new Set(files.keys());
    for (const f of shared) files.set(`${dir}/src/${f.path}`, { ...f, path: `${dir}/src/${f.path}` });
    const dependencies = addRuntime(dir, files, runtime, importsOfOnce);
    // What this stage added: the shared sources' copies and the runtime modules.
    out.push(...[...files.values()].filter((f) => !emittedHere.has(f.path)));
    out.push(...packageFiles(spec, dir, dependencies));
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * Follows the imports of the package's sources: a module of src/runtime/ is copied from crmgen's
 * runtime/, a bare specifier becomes a dependency, a path leaving the package is an error.
 */
function addRuntime(
  dir: PackageDir,
  files: Map<string, GeneratedFile>,
  runtime: RuntimeSource,
  imports: (f: GeneratedFile) => readonly string[],
): Record<string, string> {
  const dependencies: Record<string, string> = {};
  const queue = [...files.values()].filter((f) => /\.(ts|js)$/.test(f.path));
  while (queue.length) {
    const f = queue.shift()!;
    for (const specifier of imports(f)) {
      if (!specifier.startsWith('.')) {
        if (builtin(specifier)) continue;
        const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
        const range = runtime.dependencies[name];
        if (!range)
          throw new Error(
            `${f.path} imports '${specifier}', which crmgen does not depend on; the ${dir} package could not declare it`,
          );
        dependencies[name] = range;
        continue;
      }
      const target = posix.join(posix.dirname(f.path), specifier);
      if (!target.startsWith(`${dir}/src/`))
        throw new Error(`${f.path} imports '${specifier}', outside the ${dir} package`);
      if (files.has(target) || files.has(target.replace(/\.js$/, '.d.ts'))) continue;
      const runtimeName = target.startsWith(`${dir}/src/runtime/`)
        ? target.slice(`${dir}/src/runtime/`.length)
        : undefined;
      if (!runtimeName) throw new Error(`${f.path} imports '${specifier}', which no emitter wrote`);
      const file: GeneratedFile = {
        path: target,
        content: runtimeHeader(runtimeName) + readFileSync(join(runtime.dir, runtimeName), 'utf8'),
        format: 'text',
      };
      files.set(target, file);
      queue.push(file);
    }
  }
  return Object.fromEntries(Object.entries(dependencies).sort());
}

const text = (name: string) => template(Handlebars, name, { noEscape: true });

function packageFiles(spec: Spec, dir: PackageDir, dependencies: Record<string, string>): GeneratedFile[] {
  const p = spec.packages;
  const info = p[dir];
  const entry = (base: string) => ({
    types: `./dist/${base}.d.ts`,
    import: `./dist/${base}.js`,
    default: `./dist/${base}.js`,
  });
  const manifest = {
    name: info.name,
    version: p.version,
    description: info.description,
    license: p.license,
    type: 'module',
    types: './dist/index.d.ts',
    exports: {
      '.': entry('index'),
      ...Object.fromEntries(Object.entries(subpaths[dir]).map(([s, base]) => [`./${s}`, entry(base)])),
      './package.json': './package.json',
    },
    files: ['dist', 'src', 'CHANGELOG.md'],
    sideEffects: false,
    engines: { node: '>=20' },
    ...(Object.keys(dependencies).length ? { dependencies } : {}),
  };
  const license = p.licenseText ?? text(`licenses/${p.license}.txt.hbs`)({ copyright: p.copyright ?? info.name });
  const files: GeneratedFile[] = [
    { path: `${dir}/package.json`, content: `${JSON.stringify(manifest, null, 2)}\n`, format: 'json' },
    { path: `${dir}/LICENSE`, content: license.endsWith('\n') ? license : `${license}\n`, format: 'text' },
    { path: `${dir}/CHANGELOG.md`, content: changelog(spec, info.name), format: 'text' },
  ];
  if (dir === 'server')
    files.push({ path: 'server/README.md', content: text('server-readme.md.hbs')(spec), format: 'text' });
  return files;
}

/** spec/CHANGELOG.md (crmgen diff --bump prepends to it) under the package's name; a first version without one. */
function changelog(spec: Spec, name: string): string {
  const body =
    spec.changelog?.trim() ?? `## ${spec.packages.version}\n\nFirst version, generated by crmgen from the spec.`;
  return `# Changelog of ${name}\n\n${body.replace(/^# .*\n+/, '')}\n`;
}
