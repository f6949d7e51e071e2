// Example values for the reference docs and the OpenAPI document, built from the IR: plausible
// typed values of a message (required fields and a few more), valid against the generated
// validators, so an example request copied from the docs works on a fresh service.
import type { Field, Shape, Spec } from '../pipeline/model.ts';

export interface ExampleBinding {
  kind?: string;
  segment?: string;
}

const pick = <T>(xs: T[], n: number) => xs.slice(0, n);

/** Text fields whose name says what they hold: "Url text" would be refused where an address is checked (a hook's url must be a public http(s) address). */
const textSamples: Record<string, string> = { url: 'https://www.example.com/' };

function scalar(spec: Spec, shape: Extract<Shape, { kind: 'scalar' }>, name: string): unknown {
  const list = shape.values ? spec.values.find((v) => v.name === shape.values)!.values.map((e) => e.value) : [];
  // A documented default is a value the service takes (a hook's constrainttype "all").
  if (shape.default !== undefined && shape.type !== 'status') return shape.default;
  switch (shape.type) {
    case 'text':
      return textSamples[name] ?? `${name[0].toUpperCase()}${name.slice(1)} text`;
    case 'createdtext':
      return 'Nov 22, 2026 10:30:00';
    case 'status':
      return 'success';
    case 'integer':
      return shape.min !== undefined ? Math.max(shape.min, Math.min(shape.max ?? 3, 3)) : 3;
    case 'decimal':
      return 1500.5;
    case 'owner':
      return 1;
    case 'unixtime':
      return 1795341600;
    case 'flag':
      return 0;
    case 'date':
      return '2026-12-01';
    case 'datetime':
      return '2026-11-22T10:30:00+00:00';
    case 'dateordatetime':
      return '2026-12-01T09:00:00+00:00';
    case 'idlist':
      return list.length ? pick(list, 2) : [1];
    case 'emaillist':
      return ['ann@example.com'];
    case 'addresslist':
      return ['Ann Lee <ann@example.com>'];
    case 'textlist':
      return ['invoice'];
    case 'fieldnamelist':
      return ['firstname', 'businessemail'];
    case 'enum': {
      const v = list[0];
      return typeof v === 'string' && /\{\w+\}/.test(v) ? v.replace(/\{\w+\}/, '1') : v;
    }
    case 'upload':
      return { filename: 'plan.pdf', contenttype: 'application/pdf', size: 20480 };
    case 'ownerfilter':
      return 1;
    case 'due':
      return list[0];
  }
}

/** Record fields with realistic values: the first few of the kind's field set. */
function recordFields(spec: Spec, kind: string | undefined, audit: boolean): Record<string, unknown> {
  const k = spec.kinds.find((x) => x.name === kind) ?? spec.kinds[0];
  const fs = spec.fieldsets.find((f) => f.name === k.fieldset)!;
  const samples: Record<string, string> = {
    firstname: 'Ann',
    lastname: 'Lee',
    name: 'Acme Ltd',
    businessemail: 'ann@example.com',
    businessphonedirect: '+44 20 7946 0958',
    jobtitle: 'Buyer',
  };
  const out: Record<string, unknown> = {};
  for (const f of fs.fields) if (samples[f.name]) out[f.name] = samples[f.name];
  if (audit)
    Object.assign(out, {
      creatorid: 1,
      creatorname: 'Ann Lee',
      creatordate: 1795341600,
      modificatorid: 1,
      modificatorname: 'Ann Lee',
      modificatordate: 1795341600,
    });
  return out;
}

function fields(spec: Spec, list: Field[], b: ExampleBinding, full: boolean, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // Requests show what is required and a few fields more; responses show every field.
  let optional = 0;
  for (const f of list) {
    if (f.when) continue; // conditional fields would need their condition; the field table explains them
    if (f.notTrueOnCreate) continue;
    // A request example must work on a fresh service: optional lists (category tags, related
    // items) would name things that do not exist yet.
    if (!full && !f.required && holdsList(spec, f.shape)) continue;
    // Likewise optional ids among a request's own fields (an activity's after and before, the
    // new parent that moves it): they would name activities the reader does not have.
    if (!full && !f.required && depth === 0 && isBareId(f.shape)) continue;
    if (!full && !f.required && optional++ >= 4) continue;
    const v = example(spec, f.shape, b, f.name, full, depth + 1);
    if (v !== undefined) out[f.shape.kind === 'keyed' ? f.shape.as : f.name] = v;
  }
  return out;
}

/** An integer without a range: an id of something else, not a quantity with bounds. */
const isBareId = (shape: Shape) =>
  shape.kind === 'scalar' && shape.type === 'integer' && shape.min === undefined && shape.max === undefined;

function holdsList(spec: Spec, shape: Shape, seen = new Set<string>()): boolean {
  if (shape.kind === 'list' || shape.kind === 'keyed') return true;
  if (shape.kind === 'object') return shape.fields.some((f) => holdsList(spec, f.shape, seen));
  if (shape.kind === 'ref' && !seen.has(shape.name)) {
    seen.add(shape.name);
    return holdsList(spec, spec.structures.find((x) => x.name === shape.name)!.shape, seen);
  }
  return false;
}

/** The segment examples use where none is given: the first type without uploads or required fields. */
export function exampleSegment(spec: Spec): string {
  const plain = spec.activities.find(
    (a) =>
      a.fields.length > 0 &&
      a.fields.every((f) => !f.required && !(f.shape.kind === 'scalar' && f.shape.type === 'upload')),
  );
  return (plain ?? spec.activities[0]).segment;
}

/** An example typed value of a shape; `full` fills every optional part (responses). */
export function example(spec: Spec, shape: Shape, b: ExampleBinding, name = 'value', full = false, depth = 0): unknown {
  // Deep enough for every structure of the spec (a list entry's category tags sit 7 levels down).
  if (depth > 12) return undefined;
  switch (shape.kind) {
    case 'scalar':
      return scalar(spec, shape, name);
    case 'object': {
      const own = fields(spec, shape.fields, b, full, depth);
      if (shape.spread === 'recordfields') return { ...recordFields(spec, b.kind, false), ...own };
      if (shape.spread === 'hookfields') return { ...fields(spec, spec.hooks.fields, b, full, depth), ...own };
      return own;
    }
    case 'list':
      return [example(spec, shape.of, b, name, full, depth + 1)];
    case 'keyed': {
      const one = example(spec, shape.of, b, name, full, depth + 1) as Record<string, unknown>;
      // A journal shows one entry; its typeid matches its fields.
      const a = spec.activities.find((x) => x.segment === (b.segment ?? exampleSegment(spec)))!;
      return [{ ...one, id: 12, ...('typeid' in one ? { typeid: a.typeid } : {}) }];
    }
    case 'map':
      return {
        [name === spec.errorEnvelope.container ? spec.errors[0].key : 'key']: example(
          spec,
          shape.of,
          b,
          name,
          full,
          depth + 1,
        ),
      };
    case 'ref':
      return example(spec, spec.structures.find((x) => x.name === shape.name)!.shape, b, name, full, depth + 1);
    case 'recordfields':
      return recordFields(spec, b.kind, full);
    case 'activityfields': {
      const a = spec.activities.find((x) => x.segment === (b.segment ?? exampleSegment(spec)))!;
      return fields(spec, a.fields, { ...b, segment: a.segment }, false, depth);
    }
  }
}
