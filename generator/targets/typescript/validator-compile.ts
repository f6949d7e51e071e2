// The ajv half of the validators emitter (emit/validators.ts): request-side schemas compiled into
// standalone modules. Kept apart from the TypeScript printing so generate's worker thread can run
// it (plain data in, strings out) without loading ts-morph.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Options } from 'ajv/dist/2020.js';
import type { Spec } from '../../pipeline/model.ts';
import type { Derived } from '../../sdk-model/derive.ts';
import { exportName, messageModule, messageTargets, relativeSpecifier } from './names.ts';

/**
 * Chosen by measurement (a valid 15-field task createActivity request against the hand-written
 * check of bench/validators.bench.ts, head to head in one process, medians of 21 interleaved rounds;
 * the hand-written check ran at 100-130 ns):
 *   allErrors true vs false      same time on valid input (73 vs 72 ns), so every problem is
 *                                reported, as the error envelope can list several
 *   messages false               no time difference; 376 KB instead of 406 KB (ours come from spec/api.yaml)
 *   unicodeRegExp false          no measurable difference (69 vs 67 ns), so ajv's default (u flag) stays
 *   code.optimize false / 3      no time difference; false gives 433 KB, 3 the same as the default 1
 *   propertyNames rewrite        the one that matters: without it 140-146 ns (1.30-1.35x the
 *                                hand-written check), with it 68-70 ns (0.62-0.65x); see
 *                                CompileOptions.propertyNamesOver (0, i.e. every object: same time, +40 KB)
 */
export const ajvOptions: Options = {
  allErrors: true,
  messages: false,
  strict: true,
  // lines: one statement per line, so a spec change shows as a readable diff of the golden file.
  code: { source: true, esm: true, lines: true },
};

export interface CompileOptions {
  ajv: Options;
  /**
   * `additionalProperties: false` on an object with more than this many properties (or with
   * patternProperties) becomes `propertyNames: { enum }`: ajv checks more than 8 known names
   * with hasOwnProperty on the schema's properties object, which costs as much as all the other
   * checks of a 15-field body together, while an enum is a chain of === on interned strings.
   * false: leave additionalProperties as it is.
   */
  propertyNamesOver: number | false;
}

export const compileOptions: CompileOptions = { ajv: ajvOptions, propertyNamesOver: 8 };

// ---------------------------------------------------------------------------------------------
// Schemas -> one standalone module.

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Schema = { [k: string]: Json };

const schemaMaps = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);
const schemaLists = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const schemaOne = new Set([
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'propertyNames',
  'contains',
  'unevaluatedProperties',
  'unevaluatedItems',
]);
/** Keywords that do not change validation; dropped so the schema constants ajv embeds stay small. */
const annotations = new Set([
  '$schema',
  'title',
  'description',
  '$comment',
  'examples',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
]);

const isSchema = (v: Json): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Bottom-up rewrite of every subschema. */
function mapSchema(s: Schema, f: (s: Schema) => Schema): Schema {
  const out: Schema = {};
  for (const [k, v] of Object.entries(s)) {
    if (schemaMaps.has(k) && isSchema(v))
      out[k] = Object.fromEntries(Object.entries(v).map(([n, x]) => [n, isSchema(x) ? mapSchema(x, f) : x]));
    else if (schemaLists.has(k) && Array.isArray(v)) out[k] = v.map((x) => (isSchema(x) ? mapSchema(x, f) : x));
    else if (schemaOne.has(k) && isSchema(v)) out[k] = mapSchema(v, f);
    else out[k] = v;
  }
  return f(out);
}

function prepare(doc: Schema, opts: CompileOptions): Schema {
  return mapSchema(doc, (s) => {
    const out = Object.fromEntries(Object.entries(s).filter(([k]) => k === '$id' || !annotations.has(k)));
    const props = isSchema(out.properties) ? Object.keys(out.properties) : [];
    const patterns = isSchema(out.patternProperties) ? Object.keys(out.patternProperties) : [];
    if (opts.propertyNamesOver === false || out.additionalProperties !== false || out.propertyNames !== undefined)
      return out;
    if (props.length <= opts.propertyNamesOver && !patterns.length) return out;
    delete out.additionalProperties;
    const names: Schema = { enum: props };
    out.propertyNames = patterns.length
      ? { anyOf: [...(props.length ? [names] : []), ...patterns.map((p) => ({ pattern: p }))] }
      : names;
    return out;
  });
}

/**
 * ajv's standalone code sets `validateN.evaluated = {...}` beside each function, a statement run
 * when the module loads that keeps every validator of a module in a bundle. The object is only
 * read at the start of its own function (and, with dynamicProps, written at its end for callers
 * that compose validators, which standalone top-level validators never have), so each call gets
 * the literal instead: the functions become declarations with no effect at load time.
 */
export function inlineEvaluated(code: string): string {
  let out = code;
  for (const m of [...code.matchAll(/^(validate\d+)\.evaluated = (.+);\n/gm)]) {
    const [line, name, literal] = m as unknown as [string, string, string];
    const read = `= ${name}.evaluated;`;
    if (out.split(read).length !== 2)
      throw new Error(`validators: ${name}.evaluated is not read exactly once in the standalone code`);
    out = out.replace(line, '').replace(read, `= ${literal};`);
  }
  if (/\bvalidate\d+\.evaluated\b/.test(out))
    throw new Error("validators: the standalone code still refers to a validator's evaluated object");
  // The patterns ajv hoists to the top level are marked pure, so a bundler drops those no kept validator reads.
  return out.replace(/^(const \w+ = )new RegExp\(/gm, '$1/* @__PURE__ */ new RegExp(');
}

export interface Compiled {
  /** Every target id, sorted, with its export name and module (validators/schemas/<module>.js). */
  targets: { id: string; name: string; module: string }[];
  /**
   * One module per resource (records/<kind>, activities/<segment>, common), so an app's bundle holds
   * the validators of its calls; a document of several resources is compiled once into shared.js.
   * `names`: the validators compiled in the module (the rest it re-exports); `imports`: the
   * modules it re-exports from (ajv's own code imports nothing: a require is refused below).
   */
  modules: { module: string; code: string; names: string[]; imports: string[] }[];
  /** Distinct documents compiled (the rest are aliases). */
  distinct: number;
}

/** What the compile reads: each request-side schema with the module of its target (plain data, so generate's worker thread can compile it). */
export interface ValidatorInput {
  schemas: { id: string; schema: Derived['requestSchemas'][number]['schema']; module: string }[];
}

export function validatorInput(spec: Spec, requestSchemas: Derived['requestSchemas']): ValidatorInput {
  const moduleOf = new Map(messageTargets(spec).map((t) => [t.id, messageModule(t)]));
  return { schemas: requestSchemas.map(({ id, schema }) => ({ id, schema, module: moduleOf.get(id) ?? 'common' })) };
}

/** Compiles found in advance (on generate's worker thread, while other emitters ran), by the hash of their input. */
const precompiled = new Map<string, Compiled>();
const inputKey = (input: ValidatorInput) => createHash('sha256').update(JSON.stringify(input)).digest('hex');

export function providePrecompiled(input: ValidatorInput, compiled: Compiled) {
  precompiled.set(inputKey(input), compiled);
}

/** The standalone modules of the input: compiled here, or taken from a compile of the same input done in advance. */
export function compileValidators(input: ValidatorInput, opts: CompileOptions = compileOptions): Compiled {
  if (opts === compileOptions && precompiled.size) {
    const key = inputKey(input);
    const done = precompiled.get(key);
    precompiled.delete(key);
    if (done) return done;
  }
  return compileValidatorInput(input, opts);
}

/** ajv loads where it compiles: on generate's worker thread, the main thread never needs it. */
const require = createRequire(import.meta.url);

export function compileValidatorInput(input: ValidatorInput, opts: CompileOptions = compileOptions): Compiled {
  const { Ajv2020 } = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  const standalone = require('ajv/dist/standalone/index.js') as typeof import('ajv/dist/standalone/index.js');
  const ajv = new Ajv2020(opts.ajv);
  const canonical = new Map<string, string>(); // body without $id -> export name of its first target
  const exportsMap: Record<string, string> = {};
  const aliases: [string, string][] = [];
  const targets: { id: string; name: string; module: string }[] = [];
  const names = new Set<string>();
  for (const { id, schema, module } of input.schemas) {
    const name = exportName(id);
    if (names.has(name)) throw new Error(`validators: two schema ids export as ${name}`);
    names.add(name);
    targets.push({ id, name, module });
    const prepared = prepare(schema, opts);
    const { $id, ...body } = prepared;
    const key = JSON.stringify(body);
    const first = canonical.get(key);
    if (first) {
      aliases.push([name, first]);
      continue;
    }
    canonical.set(key, name);
    ajv.addSchema(prepared);
    exportsMap[name] = String($id);
  }
  // A document of several modules is compiled once, into shared.js, and re-exported by each.
  const moduleOfName = new Map(targets.map((t) => [t.name, t.module]));
  const firstOf = new Map(aliases);
  const home = new Map<string, string>();
  for (const t of targets) {
    const first = firstOf.get(t.name) ?? t.name;
    const was = home.get(first);
    home.set(first, was === undefined || was === t.module ? t.module : 'shared');
  }
  const modules = [...new Set([...targets.map((t) => t.module), ...home.values()])].sort().map((module) => {
    const own = Object.fromEntries(Object.entries(exportsMap).filter(([name]) => home.get(name) === module));
    let text = Object.keys(own).length
      ? inlineEvaluated(standalone.default(ajv, own)).replace(/^"use strict";\n?/, '')
      : '';
    // ESM has no require: a schema needing an ajv runtime helper (ucs2length for minLength, equal
    // for object enums, ...) would emit one; keep the modules dependency-free instead.
    if (/\brequire\(/.test(text))
      throw new Error(
        'validators: the standalone code requires an ajv runtime module; avoid the keyword that needs it or emit an import for it',
      );
    if (text && !text.endsWith('\n')) text += '\n';
    const imports: string[] = [];
    for (const t of targets) {
      if (t.module !== module) continue;
      const first = firstOf.get(t.name) ?? t.name;
      const from = home.get(first)!;
      if (from === module) {
        if (first !== t.name) text += `export const ${t.name} = ${first};\n`;
      } else {
        const specifier = relativeSpecifier(`${module}.js`, `${from}.js`);
        imports.push(specifier);
        text += `export { ${first === t.name ? first : `${first} as ${t.name}`} } from ${JSON.stringify(specifier)};\n`;
      }
    }
    return { module, code: text, names: Object.keys(own), imports };
  });
  return { targets, modules, distinct: canonical.size };
}
