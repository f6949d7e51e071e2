// The neutral SDK model, between the IR and the targets and outputs: what several of them share,
// computed once per run and only when an emitter that runs declares it needs it
// (`{ name, needs, emit(ir, derived) }`, generator/targets/target.ts). Everything here is data
// (wire descriptors as objects, JSON Schemas, conformance cases), and this folder imports no target
// and no output: a target's own models (the TypeScript generics, say) live in its folder.
import type { Field, Operation, Spec } from '../pipeline/model.ts';
import type { GeneratedFile } from '../pipeline/generated-file.ts';
import { emitSchemas, SchemaBuilder } from './json-schemas.ts';
import { wireDescriptors, type WireDesc, type WireDescriptors } from './descriptors.ts';

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type JsonSchema = { [k: string]: Json };

/** Patterns of the schemas whose failure means something more specific than invalidvalue. */
export interface Patterns {
  /** pattern -> the date forms of the spec it accepts. */
  dates: [string, string][];
  /** pattern -> the value list it stands for (lists with {template} entries are patterns). */
  lists: [string, (string | number)[]][];
}

export interface Derived {
  /** Wire descriptors of every message, with the parts they share named (descriptors.ts). */
  wire: WireDescriptors;
  /** Wire descriptors by message id: what the shipped codecs run on (examples in docs, OpenAPI). */
  descriptors: Record<string, WireDesc>;
  /** The JSON Schema documents (generated/schemas/), one file each. */
  schemaDocuments: GeneratedFile[];
  /** The request-side documents (*.request, *.params) by id, sorted, parsed. */
  requestSchemas: { id: string; schema: JsonSchema }[];
  /** Patterns the schemas use for dates and template value lists. */
  patterns: Patterns;
  /** A schema builder for the JSON wire form (OpenAPI components). */
  wireSchemas: SchemaBuilder;
}

export type DerivedName = keyof Derived;

const builders: { [K in DerivedName]: (spec: Spec, d: Derived) => Derived[K] } = {
  wire: (spec) => wireDescriptors(spec),
  descriptors: (_spec, d) => d.wire.byId,
  schemaDocuments: (spec) => emitSchemas(spec),
  requestSchemas: (_spec, d) =>
    d.schemaDocuments
      .filter((f) => /\.(request|params)\.json$/.test(f.path))
      .map((f) => ({
        id: f.path.replace(/^schemas\//, '').replace(/\.json$/, ''),
        schema: JSON.parse(f.content) as JsonSchema,
      }))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
  patterns: (spec) => probePatterns(spec),
  wireSchemas: (spec) => new SchemaBuilder(spec, true),
};

/** The derived models of a spec, each computed on its first read and kept. */
export function derive(spec: Spec): Derived {
  const done = new Map<DerivedName, unknown>();
  const d = {} as Derived;
  for (const name of Object.keys(builders) as DerivedName[]) {
    Object.defineProperty(d, name, {
      enumerable: true,
      get() {
        if (!done.has(name)) done.set(name, builders[name](spec, d));
        return done.get(name);
      },
    });
  }
  return d;
}

/**
 * A view of `d` for one emitter: reading a model it did not declare in its needs throws, so a
 * declaration cannot fall behind the emitter's code.
 */
export function restrict(d: Derived, needs: readonly DerivedName[], emitter: string): Derived {
  const view = {} as Derived;
  for (const name of Object.keys(builders) as DerivedName[]) {
    Object.defineProperty(view, name, {
      get() {
        if (!needs.includes(name))
          throw new Error(`emitter ${emitter} reads derived.${name} but does not declare it in its needs`);
        return d[name];
      },
    });
  }
  return view;
}

/**
 * The schemas' patterns for the date types and the value lists, found by building the schema of
 * a probe operation (one parameter per date type and per list) rather than copying the schema
 * builder's regular expressions.
 */
function probePatterns(spec: Spec): Patterns {
  const pos = spec.operations[0]?.pos ?? { file: '', line: 0, col: 0 };
  const dateTypes = ['date', 'datetime', 'dateordatetime'] as const;
  const params: Field[] = [
    ...dateTypes.map((t): Field => ({ name: `date:${t}`, shape: { kind: 'scalar', type: t }, required: false, pos })),
    ...spec.values.map((v): Field => ({
      name: `list:${v.name}`,
      shape: { kind: 'scalar', type: 'enum', values: v.name },
      required: false,
      pos,
    })),
  ];
  const probe: Operation = {
    id: 'validatorsProbe',
    method: 'GET',
    path: '/',
    scope: 'global',
    purpose: '',
    client: 'validatorsProbe',
    status: 200,
    location: false,
    upload: false,
    multipart: false,
    params,
    pos,
  };
  const doc = emitSchemas({ ...spec, operations: [probe] }).find((f) => f.path === `schemas/${probe.id}.params.json`);
  if (!doc) throw new Error('derive: the schema builder wrote no probe schema');
  const props = (JSON.parse(doc.content) as { properties: Record<string, { pattern?: string }> }).properties;
  const { emit, accept } = spec.formats.dates;
  const forms = [...new Set([emit, ...accept])];
  // A form's sample: every letter of the YYYY-MM-DD hh:mm:ss notation replaced by a digit.
  const sample = (form: string) => form.replace(/[YMDhms]/g, '1');
  const dates: [string, string][] = dateTypes.map((t) => {
    const pattern = props[`date:${t}`]?.pattern;
    if (!pattern) throw new Error(`derive: the schema builder gives ${t} no pattern`);
    const re = new RegExp(pattern);
    const accepted = forms.filter((f) => re.test(sample(f)));
    if (!accepted.length)
      throw new Error(`derive: the ${t} pattern ${pattern} accepts none of the spec's date forms ${forms.join(', ')}`);
    return [pattern, accepted.join(' or ')];
  });
  const lists: [string, (string | number)[]][] = [];
  for (const v of spec.values) {
    const pattern = props[`list:${v.name}`]?.pattern;
    if (pattern && !lists.some(([p]) => p === pattern)) lists.push([pattern, v.values.map((e) => e.value)]);
  }
  return { dates: [...new Map(dates)], lists };
}
