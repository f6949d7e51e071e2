// Scenario harness (TypeSpec's style): a scenario is a markdown file holding a few lines of spec
// (merged into the small base spec of test/scenarios/base/) and, per expected output, one fenced
// block whose info string names the file and the snippet of it to compare. Generation runs in
// memory, only the emitters a scenario reads, and never formats whole files.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ts } from 'ts-morph';
import { parse, stringify } from 'yaml';
import { loadSpec } from '../../generator/pipeline/load.ts';
import { emitAll, emitters } from '../../generator/pipeline/generate.ts';
import type { GeneratedFile } from '../../generator/pipeline/generated-file.ts';
import { root } from './paths.ts';

export const scenariosDir = join(root, 'test/scenarios');
export const baseDir = join(scenariosDir, 'base');

/** One expected snippet: ```lang path selector, then the text. */
export interface Expectation {
  lang: string;
  path: string;
  selector: string;
  /** The backticks that open and close the block. */
  fence: string;
  expected: string;
  /** Offsets of the block's body in the scenario file (RECORD=1 rewrites it there). */
  start: number;
  end: number;
}

export interface Scenario {
  name: string;
  file: string;
  text: string;
  /** The ```yaml spec block: sections merged into the base spec. */
  spec: string;
  expectations: Expectation[];
}

// A block closes with a line of as many backticks as opened it: docs snippets holding ``` blocks go in ````.
const fence = /^(`{3,})([^\n`]*)\n([\s\S]*?)^\1$/gm;

export function readScenario(file: string): Scenario {
  const text = readFileSync(file, 'utf8');
  let spec: string | undefined;
  const expectations: Expectation[] = [];
  for (const m of text.matchAll(fence)) {
    const [lang = '', path = '', ...rest] = m[2]!.trim().split(/\s+/);
    const start = m.index! + m[0].indexOf('\n') + 1;
    if (lang === 'yaml' && path === 'spec') spec = m[3]!;
    else if (path)
      expectations.push({
        lang,
        path,
        selector: rest.join(' '),
        fence: m[1]!,
        expected: m[3]!,
        start,
        end: start + m[3]!.length,
      });
  }
  if (spec === undefined) throw new Error(`${file}: no \`\`\`yaml spec block`);
  return { name: file.replace(/^.*\//, '').replace(/\.md$/, ''), file, text, spec, expectations };
}

export function scenarioFiles(): string[] {
  return readdirSync(scenariosDir)
    .filter((n) => n.endsWith('.md') && n !== 'README.md')
    .sort()
    .map((n) => join(scenariosDir, n));
}

type Yaml = Record<string, unknown>;
const isMap = (v: unknown): v is Yaml => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Maps merge key by key (null deletes a key); anything else, lists included, replaces. */
function merge(base: unknown, over: unknown): unknown {
  if (!isMap(base) || !isMap(over)) return over;
  const out: Yaml = { ...base };
  for (const [k, v] of Object.entries(over)) {
    if (v === null) delete out[k];
    else out[k] = merge(out[k], v);
  }
  return out;
}

/**
 * The base spec's files with the scenario's sections merged in. A section stays in the base file
 * that holds it; `structures` and `operations` (sections the loader merges across files) merge by
 * entry, into the file that holds the entry; anything new goes to scenario.yaml.
 */
export function scenarioSpecFiles(specText: string): Record<string, string> {
  const files = new Map<string, Yaml>();
  for (const name of readdirSync(baseDir)
    .filter((n) => n.endsWith('.yaml'))
    .sort())
    files.set(name, (parse(readFileSync(join(baseDir, name), 'utf8')) ?? {}) as Yaml);
  const extra: Yaml = {};
  for (const [section, value] of Object.entries((parse(specText) ?? {}) as Yaml)) {
    const holders = [...files.values()].filter((f) => section in f);
    if (section === 'structures' || section === 'operations') {
      for (const [entry, v] of Object.entries(value as Yaml)) {
        const holder = holders.find((f) => entry in (f[section] as Yaml));
        if (holder) (holder[section] as Yaml)[entry] = merge((holder[section] as Yaml)[entry], v);
        else ((extra[section] ??= {}) as Yaml)[entry] = v;
      }
    } else if (holders[0]) holders[0][section] = merge(holders[0][section], value);
    else extra[section] = value;
  }
  if (Object.keys(extra).length) files.set('scenario.yaml', extra);
  return Object.fromEntries([...files].map(([name, data]) => [name, stringify(data)]));
}

/** The emitter that writes most files under a prefix: asked first, so a scenario runs only what it reads. */
const likelyEmitter: [RegExp, string][] = [
  [/^types\//, 'types'],
  [/^schemas\//, 'schemas'],
  [/^(spec\.json|facts\.)/, 'runtime-spec'],
  [/^codecs\//, 'codecs'],
  [/^server\//, 'server'],
  [/^client\/README/, 'client-readme'],
  [/^client\//, 'client'],
  [/^docs\//, 'docs'],
  [/^openapi\./, 'openapi'],
  [/^validators\//, 'validators'],
];

/** Generates a scenario's spec lazily: each emitter runs the first time a file of it is asked for. */
export function scenarioOutput(specText: string): (path: string) => GeneratedFile | undefined {
  const spec = loadSpec(baseDir, { files: scenarioSpecFiles(specText) });
  const ran = new Map<string, GeneratedFile[]>();
  const run = (name: string) => ran.get(name) ?? ran.set(name, emitAll(spec, undefined, [name])).get(name)!;
  return (path) => {
    const likely = likelyEmitter.find(([re]) => re.test(path))?.[1];
    for (const name of [...(likely ? [likely] : []), ...emitters.map((e) => e.name)]) {
      const hit = run(name).find((f) => f.path === path);
      if (hit) return hit;
    }
    return undefined;
  };
}

let prettier: typeof import('prettier') | undefined;
/**
 * Snippets are compared in generated/'s layout (generator/pipeline/write.ts formats TypeScript with these
 * options), whether or not the emitter's own text is formatted yet: a change of layout alone
 * never fails a scenario. JSON is printed compactly, one line where it fits.
 */
async function format(text: string, parser: 'typescript' | 'json'): Promise<string> {
  prettier ??= await import('prettier');
  return prettier.format(text, {
    parser,
    singleQuote: true,
    printWidth: 120,
    trailingComma: parser === 'json' ? 'none' : 'all',
  });
}
const isScript = (path: string) => /\.(ts|js)$/.test(path);

/**
 * Top-level declarations named `name` (an interface and its merged namespace, overloads), with
 * their doc comments; `Name.member`: that member of an interface, type literal or class.
 */
function declarations(text: string, selector: string): string | undefined {
  const [name, member] = selector.split('.');
  const source = ts.createSourceFile('snippet.ts', text, ts.ScriptTarget.Latest, true);
  const named = (n: ts.Node, want: string): boolean => {
    if (ts.isVariableStatement(n))
      return n.declarationList.declarations.some((d) => ts.isIdentifier(d.name) && d.name.text === want);
    const id = (n as { name?: ts.Node }).name;
    return !!id && (ts.isIdentifier(id) || ts.isStringLiteral(id)) && id.text === want;
  };
  // Full text keeps the JSDoc; the blank lines before it go.
  const show = (nodes: readonly ts.Node[]) =>
    nodes.length
      ? nodes
          .map((s) =>
            dedent(
              s
                .getFullText()
                .replace(/^\s*\n/, '')
                .trimEnd(),
            ),
          )
          .join('\n\n') + '\n'
      : undefined;
  const found = source.statements.filter((s) => named(s, name!));
  if (!member) return show(found);
  const members = found.flatMap((s): readonly ts.Node[] =>
    ts.isInterfaceDeclaration(s) || ts.isClassDeclaration(s)
      ? s.members
      : ts.isTypeAliasDeclaration(s) && ts.isTypeLiteralNode(s.type)
        ? s.type.members
        : [],
  );
  return show(members.filter((m) => named(m, member)));
}

/** The value at a JSON pointer (/a/b~1c), as JSON. */
function pointer(text: string, path: string): string | undefined {
  let v: unknown = JSON.parse(text);
  for (const seg of path
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))) {
    if (!v || typeof v !== 'object' || !(seg in v)) return undefined;
    v = (v as Yaml)[seg];
  }
  return v === undefined ? undefined : JSON.stringify(v);
}

/** A markdown section: the heading line given, up to the next heading of its level or above. */
function section(text: string, heading: string): string | undefined {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => l.trim() === heading.trim());
  if (at < 0) return undefined;
  const level = /^#+/.exec(heading)![0].length;
  let end = at + 1;
  for (; end < lines.length; end++) {
    const h = /^(#+) /.exec(lines[end]!);
    if (h && h[1]!.length <= level) break;
  }
  return lines.slice(at, end).join('\n').trimEnd() + '\n';
}

/**
 * The snippet a selector names in a generated file: a declaration name (or Name.member) in
 * TypeScript or JavaScript, a JSON pointer (/a/b) in JSON, a heading (## Title, up to the next
 * heading of its level) in markdown, the lines starting with a text (`line:` text) anywhere;
 * no selector: the whole file.
 */
export async function snippet(file: GeneratedFile, selector: string): Promise<string | undefined> {
  if (!selector) return isScript(file.path) ? format(file.content, 'typescript') : file.content;
  if (selector.startsWith('line:')) {
    const prefix = selector.slice(5).trim();
    const lines = file.content.split('\n').filter((l) => l.trim().startsWith(prefix));
    return lines.length ? lines.map((l) => l.trim()).join('\n') + '\n' : undefined;
  }
  if (selector.startsWith('/')) {
    const found = pointer(file.content, selector);
    return found && format(found, 'json');
  }
  if (selector.startsWith('#')) return section(file.content, selector);
  // A member alone is no program: the declaration holding it is formatted, then the member taken out.
  const [name, member] = selector.split('.');
  const found = declarations(file.content, name!);
  const formatted = found && (await format(found, 'typescript'));
  return member && formatted ? declarations(formatted, selector) : formatted;
}

/** Without the indentation of its first line (a member taken out of its declaration). */
function dedent(text: string): string {
  const indent = /^[ \t]*/.exec(text)![0].length;
  return text.replace(new RegExp(`^[ \\t]{0,${indent}}`, 'gm'), '');
}
