// Typed sample values built from the IR, so round-trip tests cover every field of every
// message without hand-listing them, and a new field is tested the moment it is in the spec.
import type { Field, Shape, Spec } from '../../generator/pipeline/model.ts';

export interface SampleBinding {
  kind?: string;
  segment?: string;
  /** An answer (response, notification): owner values have the owner's name beside them. */
  answer?: boolean;
}

export function sampleScalar(spec: Spec, shape: Extract<Shape, { kind: 'scalar' }>, name: string): unknown {
  const list = shape.values ? spec.values.find((v) => v.name === shape.values)!.values.map((e) => e.value) : [];
  switch (shape.type) {
    case 'text':
      return `${name} <"Ann" & Co> ‚ naïve`;
    case 'createdtext':
      return 'Nov 22, 2026 10:30:00';
    case 'status':
      return 'success';
    case 'integer':
      return shape.max !== undefined ? shape.max : shape.min !== undefined ? shape.min + 1 : 42;
    case 'decimal':
      return 12.5;
    case 'owner':
    case 'unixtime':
      return 1763807400;
    case 'flag':
      return 1;
    case 'date':
      return '2026-11-22';
    case 'datetime':
      return '2026-11-22T10:30:00+00:00';
    case 'dateordatetime':
      return '2026-11-23T09:00:00+00:00';
    case 'idlist':
      return list.length ? list.slice(0, 2) : [3, 17];
    case 'emaillist':
      return ['ann@example.com', 'bob@example.org'];
    case 'addresslist':
      return ['"Lee, Ann" <ann@example.com>', 'bob@example.org'];
    case 'textlist':
      return ['invoice', 'order 12'];
    case 'fieldnamelist':
      return ['firstname', 'businessemail'];
    case 'enum': {
      const v = list[list.length - 1];
      return typeof v === 'string' && /\{\w+\}/.test(v) ? v.replace(/\{\w+\}/, '12') : v;
    }
    case 'upload':
      return { filename: 'plan.pdf', contenttype: 'application/pdf', size: 2048 };
    case 'ownerfilter':
      return 7;
    case 'due':
      return 'next7';
  }
}

function recordFields(
  spec: Spec,
  kind: string | undefined,
  withAudit: boolean,
  answer = false,
): Record<string, unknown> {
  const k = spec.kinds.find((x) => x.name === kind) ?? spec.kinds[0];
  const fs = spec.fieldsets.find((f) => f.name === k.fieldset)!;
  const out: Record<string, unknown> = {};
  for (const f of fs.fields) {
    out[f.name] = f.type === 'owner' ? 5 : `${f.label} value`;
    if (answer && f.type === 'owner' && spec.formats.ownerNames)
      out[f.name + spec.formats.ownerNames.jsonSuffix] = ownerName;
  }
  out.custom12 = 'custom value';
  if (withAudit) for (const f of spec.auditFields) out[f.name] = sampleField(spec, f, { kind: k.name });
  return out;
}

function activityFields(spec: Spec, segment: string, answer = false): Record<string, unknown> {
  const a = spec.activities.find((x) => x.segment === segment)!;
  return sampleFields(spec, a.fields, { segment, answer });
}

export function sampleFields(spec: Spec, fields: Field[], b: SampleBinding): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const name = f.shape.kind === 'keyed' ? f.shape.as : f.name;
    out[name] = sampleField(spec, f, b);
    if (b.answer && f.shape.kind === 'scalar' && f.shape.type === 'owner' && spec.formats.ownerNames)
      out[name + spec.formats.ownerNames.jsonSuffix] = ownerName;
  }
  return out;
}

/** An owner's name beside owner values: characters an XML attribute must escape. */
const ownerName = 'Ann "Lee" & <Co>';

function sampleField(spec: Spec, f: Field, b: SampleBinding): unknown {
  return sample(spec, f.shape, b, f.name);
}

/** A typed value of a shape with every optional part filled in. */
export function sample(spec: Spec, shape: Shape, b: SampleBinding, name = 'value'): unknown {
  switch (shape.kind) {
    case 'scalar':
      return sampleScalar(spec, shape, name);
    case 'object': {
      const out = sampleFields(spec, shape.fields, b);
      if (shape.spread === 'recordfields')
        Object.assign(out, { ...recordFields(spec, b.kind, false, b.answer), ...out });
      if (shape.spread === 'hookfields') Object.assign(out, { ...sampleFields(spec, spec.hooks.fields, b), ...out });
      return out;
    }
    case 'list':
      return [sample(spec, shape.of, b, name), sample(spec, shape.of, b, name)];
    case 'keyed': {
      // Journal entries of two different segments when the segment is not bound.
      const of = shape.of;
      const journal =
        of.kind === 'ref' &&
        spec.structures.find((x) => x.name === of.name)!.shape.fields.some((f) => f.shape.kind === 'activityfields');
      if (!b.segment && journal) {
        const [a1, a2] = [
          spec.activities.find((a) => a.segment === 'task')!,
          spec.activities.find((a) => a.segment === 'opportunity')!,
        ];
        return [a1, a2].map((a, i) => ({
          ...(sample(spec, shape.of, { ...b, segment: a.segment }) as object),
          id: 100 + i,
          typeid: a.typeid,
        }));
      }
      return [1, 2].map((i) => ({ ...(sample(spec, shape.of, b) as object), id: 10 + i }));
    }
    case 'map':
      return { first: sample(spec, shape.of, b, 'first') };
    case 'ref':
      return sample(spec, spec.structures.find((x) => x.name === shape.name)!.shape, b, name);
    case 'recordfields':
      return recordFields(spec, b.kind, true, b.answer);
    case 'activityfields':
      return activityFields(spec, b.segment ?? 'note', b.answer);
  }
}
