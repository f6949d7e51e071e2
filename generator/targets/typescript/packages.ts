// Lays the emitted files out as two npm packages, generated/client (the SDK) and
// generated/server (stubs and request pipeline), each complete on its own: its src/ holds the
// shared generated sources (types, codecs, validators), the runtime modules they import, copied
// from crmgen's runtime/, and its entry module; package.json, LICENSE and CHANGELOG come from the
// spec's packages section. Nothing in a package imports a path outside it: generation fails if
// anything would. generator/compile.ts then adds dist/ (JavaScript and declarations).
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
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
 * Where a module specifier can follow: `from '`, `import '`, `import(`, `require(`; not after a dot
 * or a quote (`Array.from(`, `case "from":`, which would make the scan below run to the end of a
 * large module for nothing).
 */
const importLike = /(?<![\w$.'"])(?:from|import|require)\s*[('"]/g;

/**
 * Module specifiers a source file imports or re-exports, in order: `import ... from 'x'`,
 * `import 'x'`, `export ... from 'x'`, `import('x')`, `require('x')` (what TypeScript's
 * preProcessFile reports for them; test/packages.test.ts compares the two on every emitted and
 * runtime module). A small scanner rather than TypeScript's: loading the compiler for this cost
 * a quarter of a second of every cold generate. Only the text up to the last place a specifier
 * could be is scanned: the large emitted modules (codecs, ajv's validators) import at the top or
 * not at all.
 */
export function importsOf(text: string): string[] {
  let end = -1;
  for (const m of text.matchAll(importLike)) end = m.index + m[0].length;
  if (end < 0) return [];
  // Room for the specifier and the statement's end after the last candidate.
  const stop = text.indexOf('\n', end + 512);
  const tokens = scan(stop < 0 ? text : text.slice(0, stop));
  const found: string[] = [];
  const str = (t: Token | undefined) => (t?.kind === 'string' ? t.value : undefined);
  const word = (t: Token | undefined, w: string) => t?.kind === 'word' && t.value === w;
  const punct = (t: Token | undefined, p: string) => t?.kind === 'punct' && t.value === p;
  /** The specifier after `from` that ends a declaration starting at `i`, before any `;`. */
  const fromClause = (i: number) => {
    for (let j = i; j < tokens.length && !punct(tokens[j], ';'); j++) {
      if (word(tokens[j], 'from') && str(tokens[j + 1]) !== undefined) return str(tokens[j + 1]);
      // `import x = require('y')`: found by the require below.
      if (punct(tokens[j], '=') || punct(tokens[j], '(') || (tokens[j]!.kind === 'word' && (tokens[j]!.value === 'import' || tokens[j]!.value === 'export') && j > i)) return undefined;
    }
    return undefined;
  };
  // `declare module 'x'` augments x: TypeScript lists those after the imports, in a module only.
  const augmented: string[] = [];
  let isModule = false;
  tokens.forEach((t, i) => {
    if (t.kind !== 'word' || punct(tokens[i - 1], '.')) return;
    const next = tokens[i + 1];
    let specifier: string | undefined;
    if (t.value === 'import') {
      if (!punct(next, '.')) isModule = true;
      if (punct(next, '(')) specifier = str(tokens[i + 2]);
      else if (!punct(next, '.')) specifier = str(next) ?? fromClause(i + 1);
    } else if (t.value === 'export') {
      isModule = true;
      if (punct(next, '*') || punct(next, '{') || word(next, 'type')) specifier = fromClause(i + 1);
    } else if (t.value === 'require' && punct(next, '(')) specifier = str(tokens[i + 2]);
    else if (t.value === 'declare' && word(next, 'module') && str(tokens[i + 2]) !== undefined) augmented.push(str(tokens[i + 2])!);
    if (specifier !== undefined) found.push(specifier);
  });
  return isModule ? [...found, ...augmented] : found;
}

type Token = { kind: 'word' | 'string' | 'punct' | 'other'; value: string };

/** Letters, digits, _ and $. */
const wordChar = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36;

/** Words that end no expression: a slash after them starts a regular expression. */
const beforeRegex = new Set(['return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'do', 'else', 'yield', 'await']);

/**
 * Tokens of JavaScript or TypeScript text, enough to find import declarations: words, string
 * literals (a template literal without substitutions is a string), punctuation; comments,
 * regular expressions and template literals' contents skipped.
 */
function scan(text: string): Token[] {
  const tokens: Token[] = [];
  /** Open braces per template literal substitution being read. */
  const templates: number[] = [];
  let i = 0;
  const n = text.length;
  const lastEndsExpression = () => {
    const t = tokens.at(-1);
    if (!t) return false;
    if (t.kind === 'word') return !beforeRegex.has(t.value);
    if (t.kind === 'punct') return t.value === ')' || t.value === ']' || t.value === '}';
    return true;
  };
  /** Reads a template literal's text from i (after ` or }) to its end or to a substitution. */
  const template = () => {
    const start = i;
    while (i < n) {
      const c = text[i]!;
      if (c === '\\') i += 2;
      else if (c === '`') {
        i++;
        return { value: text.slice(start, i - 1), closed: true };
      } else if (c === '$' && text[i + 1] === '{') {
        i += 2;
        templates.push(0);
        return { value: undefined, closed: false };
      } else i++;
    }
    return { value: undefined, closed: true };
  };
  while (i < n) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') i++;
    else if (c === '/' && text[i + 1] === '/') {
      while (i < n && text[i] !== '\n') i++;
    } else if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      i = close < 0 ? n : close + 2;
    } else if (c === '"' || c === "'") {
      const start = ++i;
      while (i < n && text[i] !== c && text[i] !== '\n') i += text.charCodeAt(i) === 92 ? 2 : 1;
      const raw = text.slice(start, i);
      i++;
      // An escaped character stands for itself (enough for a module specifier).
      tokens.push({ kind: 'string', value: raw.includes('\\') ? raw.replace(/\\([\s\S]?)/g, '$1') : raw });
    } else if (c === '`') {
      i++;
      const t = template();
      tokens.push(t.value !== undefined ? { kind: 'string', value: t.value } : { kind: 'other', value: '`' });
    } else if (c === '}' && templates.length && templates.at(-1) === 0) {
      templates.pop();
      i++;
      template();
      tokens.push({ kind: 'other', value: '`' });
    } else if (c === '/' && !lastEndsExpression()) {
      // A regular expression: to its closing slash outside a class, then its flags.
      let inClass = false;
      for (i++; i < n && text[i] !== '\n'; i++) {
        if (text[i] === '\\') i++;
        else if (text[i] === '[') inClass = true;
        else if (text[i] === ']') inClass = false;
        else if (text[i] === '/' && !inClass) break;
      }
      for (i++; i < n && wordChar(text.charCodeAt(i)); i++);
      tokens.push({ kind: 'other', value: '/re/' });
    } else if (wordChar(text.charCodeAt(i))) {
      const start = i;
      while (i < n && wordChar(text.charCodeAt(i))) i++;
      tokens.push({ kind: 'word', value: text.slice(start, i) });
    } else {
      if (templates.length) {
        if (c === '{') templates[templates.length - 1]!++;
        else if (c === '}') templates[templates.length - 1]!--;
      }
      tokens.push({ kind: 'punct', value: c });
      i++;
    }
  }
  return tokens;
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

const runtimeHeader = (name: string) => `// Part of the crmgen runtime (runtime/${name}), copied into this package by crmgen generate. Do not edit.\n`;

/** The emitted files with the shared sources moved into each package, and each package completed. */
export function assemblePackages(spec: Spec, emitted: GeneratedFile[], runtime: RuntimeSource, scanned = new Map<string, string[]>()): GeneratedFile[] {
  // Both packages hold the shared sources and most runtime modules: each text is scanned once
  // (`scanned`: text -> its imports, shared by calls over the same texts).
  const importsOfOnce = (text: string) => scanned.get(text) ?? scanned.set(text, importsOf(text)).get(text)!;
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
function addRuntime(dir: PackageDir, files: Map<string, GeneratedFile>, runtime: RuntimeSource, imports: (text: string) => string[]): Record<string, string> {
  const dependencies: Record<string, string> = {};
  const queue = [...files.values()].filter((f) => /\.(ts|js)$/.test(f.path));
  while (queue.length) {
    const f = queue.shift()!;
    for (const specifier of imports(f.content)) {
      if (!specifier.startsWith('.')) {
        if (builtin(specifier)) continue;
        const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
        const range = runtime.dependencies[name];
        if (!range) throw new Error(`${f.path} imports '${specifier}', which crmgen does not depend on; the ${dir} package could not declare it`);
        dependencies[name] = range;
        continue;
      }
      const target = posix.join(posix.dirname(f.path), specifier);
      if (!target.startsWith(`${dir}/src/`)) throw new Error(`${f.path} imports '${specifier}', outside the ${dir} package`);
      if (files.has(target) || files.has(target.replace(/\.js$/, '.d.ts'))) continue;
      const runtimeName = target.startsWith(`${dir}/src/runtime/`) ? target.slice(`${dir}/src/runtime/`.length) : undefined;
      if (!runtimeName) throw new Error(`${f.path} imports '${specifier}', which no emitter wrote`);
      const file: GeneratedFile = { path: target, content: runtimeHeader(runtimeName) + readFileSync(join(runtime.dir, runtimeName), 'utf8'), format: 'text' };
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
  const entry = (base: string) => ({ types: `./dist/${base}.d.ts`, import: `./dist/${base}.js`, default: `./dist/${base}.js` });
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
  if (dir === 'server') files.push({ path: 'server/README.md', content: text('server-readme.md.hbs')(spec), format: 'text' });
  return files;
}

/** spec/CHANGELOG.md (crmgen diff --bump prepends to it) under the package's name; a first version without one. */
function changelog(spec: Spec, name: string): string {
  const body = spec.changelog?.trim() ?? `## ${spec.packages.version}\n\nFirst version, generated by crmgen from the spec.`;
  return `# Changelog of ${name}\n\n${body.replace(/^# .*\n+/, '')}\n`;
}
