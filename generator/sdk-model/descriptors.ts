// The wire descriptors of every message, as plain objects: what each SDK's codec interprets (or
// specializes) to read and write XML, JSON and form bodies. Parts that several messages share
// (field sets, structures, activity fields) are named and shared by identity, so a target can
// print them once and refer to them by name. The shape is the TypeScript runtime's Desc
// (generator/targets/typescript/runtime/codec.ts documents each letter); test/descriptors.test.ts
// holds the two types to each other.
import type { Field, ObjectShape, Shape, Spec } from '../pipeline/model.ts';
import { messageTargets, notificationTargets, type MessageTarget, type NotificationTarget } from './messages.ts';

/** t text, i integer, n decimal, f flag, F flag written empty when 0, d date, dt datetime, dd either, il integer list, sl text list, of owner filter. */
export type ScalarCode = 't' | 'i' | 'n' | 'f' | 'F' | 'd' | 'dt' | 'dd' | 'il' | 'sl' | 'of';
export const scalarCodes: readonly ScalarCode[] = ['t', 'i', 'n', 'f', 'F', 'd', 'dt', 'dd', 'il', 'sl', 'of'];

export type WireDesc = ScalarWire | ObjectWire | ListWire | KeyedWire | MapWire;
export interface ScalarWire {
  k: 's';
  s: ScalarCode;
}
export interface ObjectWire {
  k: 'o';
  f: Record<string, WireDesc>;
  c?: string;
  lb?: Record<string, string>;
  inl?: { p: string; as: string; of: WireDesc };
  sel?: { on: string; f: string; cases: Record<string, WireDesc> };
  an?: { a: string; s: string; f: string[] };
}
export interface ListWire {
  k: 'l';
  e: string;
  of: WireDesc;
}
export interface KeyedWire {
  k: 'y';
  p: string;
  as: string;
  of: WireDesc;
}
export interface MapWire {
  k: 'm';
  of: WireDesc;
}

/** One message with its XML root and descriptor; `target` is absent for the error envelope. */
export interface WireMessage {
  id: string;
  root: string;
  desc: WireDesc;
  target?: { message: MessageTarget } | { notification: NotificationTarget };
}

export interface WireDescriptors {
  /** One shared object per scalar code. */
  scalars: Record<ScalarCode, ScalarWire>;
  /** Named shared parts, dependencies first. */
  parts: Map<string, WireDesc>;
  /** Every message: the message targets in spec order, the notifications, then the error envelope. */
  messages: WireMessage[];
  /** Descriptor by message id. */
  byId: Record<string, WireDesc>;
}

interface Binding {
  kind?: string;
  segment?: string;
}

export function wireDescriptors(spec: Spec): WireDescriptors {
  const b = new DescriptorBuilder(spec);
  const { requestRoot, responseRoot } = spec.formats;
  const messages: WireMessage[] = [
    ...messageTargets(spec).map((t) => ({
      id: t.id,
      root: t.part === 'response' ? responseRoot : requestRoot,
      desc: b.desc(t.shape, { kind: t.kind, segment: t.segment }),
      target: { message: t },
    })),
    ...notificationTargets(spec).map((n) => ({
      id: n.id,
      root: spec.notification.root,
      desc: b.desc(n.shape, {}),
      target: { notification: n },
    })),
    {
      id: 'error.response',
      root: responseRoot,
      desc: { k: 'o', f: { status: b.scalars.t, errors: { k: 'm', of: b.scalars.t } } } satisfies WireDesc,
    },
  ];
  return {
    scalars: b.scalars,
    parts: b.parts,
    messages,
    byId: Object.fromEntries(messages.map((m) => [m.id, m.desc])),
  };
}

class DescriptorBuilder {
  readonly scalars = Object.fromEntries(scalarCodes.map((s) => [s, { k: 's', s }])) as Record<ScalarCode, ScalarWire>;
  readonly parts = new Map<string, WireDesc>();
  private readonly building = new Set<string>();

  constructor(readonly spec: Spec) {}

  /** A shared part: built once, kept in the order its building ended (dependencies first). */
  private named(name: string, build: () => WireDesc): WireDesc {
    const known = this.parts.get(name);
    if (known) return known;
    if (this.building.has(name)) throw new Error(`descriptors: the part ${name} contains itself`);
    this.building.add(name);
    const desc = build();
    this.building.delete(name);
    this.parts.set(name, desc);
    return desc;
  }

  scalarCode(shape: Extract<Shape, { kind: 'scalar' }>): ScalarCode {
    switch (shape.type) {
      case 'integer':
      case 'owner':
      case 'unixtime':
        return 'i';
      case 'decimal':
        return 'n';
      case 'flag':
        return shape.falseIsEmpty ? 'F' : 'f';
      case 'date':
        return 'd';
      case 'datetime':
        return 'dt';
      case 'dateordatetime':
        return 'dd';
      case 'idlist':
        return 'il';
      case 'emaillist':
      case 'addresslist':
      case 'textlist':
      case 'fieldnamelist':
        return 'sl';
      case 'ownerfilter':
        return 'of';
      case 'enum':
        return this.spec.values.find((v) => v.name === shape.values)!.base === 'integer' ? 'i' : 't';
      default:
        return 't';
    }
  }

  desc(shape: Shape, b: Binding): WireDesc {
    const t = this.scalars;
    switch (shape.kind) {
      case 'scalar':
        if (shape.type === 'upload')
          return this.named('upload', () => ({ k: 'o', f: { filename: t.t, contenttype: t.t, size: t.i } }));
        return t[this.scalarCode(shape)];
      case 'object':
        return this.object(shape, b);
      case 'list':
        return { k: 'l', e: shape.element, of: this.desc(shape.of, b) };
      case 'keyed':
        return { k: 'y', p: shape.prefix, as: shape.as, of: this.desc(shape.of, b) };
      case 'map':
        return { k: 'm', of: this.desc(shape.of, b) };
      case 'ref': {
        const structure = this.spec.structures.find((x) => x.name === shape.name)!;
        const kindBound = dependsOnKind(structure.shape, this.spec) && b.kind;
        const segmentBound = usesActivityFields(structure.shape, this.spec) && b.segment;
        // Kinds sharing a field set share the descriptor.
        const fieldset = kindBound ? this.spec.kinds.find((k) => k.name === b.kind)!.fieldset : '';
        const name = camel([structure.name, fieldset, segmentBound ? b.segment! : ''].join(' '));
        return this.named(name, () => this.desc(structure.shape, b));
      }
      case 'recordfields':
        return this.recordFields(b.kind);
      case 'activityfields':
        return b.segment ? this.activityFields(b.segment) : { k: 'm', of: t.t };
    }
  }

  /** The owner names of an object whose children `names` are owner-valued (spec formats.ownerNames). */
  ownerNames(names: string[]): Pick<ObjectWire, 'an'> {
    const on = this.spec.formats.ownerNames;
    if (!on || !names.length) return {};
    return { an: { a: on.xmlAttribute, s: on.jsonSuffix, f: names } };
  }

  fieldEntries(fields: Field[], b: Binding): [string, WireDesc][] {
    return fields
      .filter((f) => !(f.shape.kind === 'keyed' && f.shape.inline))
      .map((f) => [f.name, this.desc(f.shape, b)]);
  }

  object(shape: ObjectShape, b: Binding): ObjectWire {
    const entries = this.fieldEntries(shape.fields, b);
    const extra: Omit<ObjectWire, 'k' | 'f'> = {};
    const inline = shape.fields.find((f) => f.shape.kind === 'keyed' && f.shape.inline);
    const own = new Set(shape.fields.map((f) => f.name));
    if (shape.spread === 'recordfields') {
      // The record's fields come first, as the document lists them; a field set's `name`
      // is the record's name, already a child of its own.
      const spread = this.recordFieldEntries(b.kind, false).filter(([n]) => !own.has(n));
      const after = shape.spreadAfter ? entries.findIndex(([n]) => n === shape.spreadAfter) + 1 : 0;
      entries.splice(after, 0, ...spread);
      extra.c = this.spec.customFields.namePattern;
    }
    if (shape.spread === 'hookfields')
      entries.push(
        ...this.fieldEntries(
          this.spec.hooks.fields.filter((f) => !own.has(f.name)),
          b,
        ),
      );
    if (inline && inline.shape.kind === 'keyed') {
      // The inline entries keep their place among the object's own fields for encoding order.
      const next = shape.fields[shape.fields.indexOf(inline) + 1];
      const at = next ? entries.findIndex(([n]) => n === next.name) : entries.length;
      entries.splice(at < 0 ? entries.length : at, 0, [inline.shape.as, this.scalars.t]);
      extra.inl = { p: inline.shape.prefix, as: inline.shape.as, of: this.desc(inline.shape.of, b) };
    }
    const generic = shape.fields.find((f) => f.shape.kind === 'activityfields');
    if (generic && !b.segment && shape.fields.some((f) => f.name === 'typeid')) {
      const cases = this.spec.activities.flatMap((a) =>
        [a.typeid, ...a.altTypeids].map((t): [string, WireDesc] => [String(t), this.activityFields(a.segment)]),
      );
      extra.sel = { on: 'typeid', f: generic.name, cases: Object.fromEntries(cases) };
    }
    const owners = ownerFieldNames(shape.fields);
    if (shape.spread === 'recordfields')
      owners.push(...this.recordOwnerNames(b.kind).filter((n) => !owners.includes(n)));
    return { k: 'o', f: Object.fromEntries(entries), ...extra, ...this.ownerNames(owners) };
  }

  recordFieldEntries(kind: string | undefined, withAudit: boolean): [string, WireDesc][] {
    const sets = this.fieldsetsOf(kind);
    const seen = new Set<string>();
    const out: [string, WireDesc][] = [];
    for (const f of sets.flatMap((fs) => fs.fields)) {
      if (seen.has(f.name)) continue;
      seen.add(f.name);
      out.push([f.name, f.type === 'owner' ? this.scalars.i : this.scalars.t]);
    }
    if (withAudit) out.push(...this.fieldEntries(this.spec.auditFields, {}));
    return out;
  }

  /** item.fields: the field set with audit fields, custom fields and labels. */
  recordFields(kind: string | undefined): WireDesc {
    const k = this.spec.kinds.find((x) => x.name === kind);
    return this.named(camel(`${k ? k.fieldset : 'any'} item fields`), () => {
      const labels = new Map<string, string>();
      for (const f of this.fieldsetsOf(kind).flatMap((fs) => fs.fields))
        if (!labels.has(f.name)) labels.set(f.name, f.label);
      return {
        k: 'o',
        f: Object.fromEntries(this.recordFieldEntries(kind, true)),
        c: this.spec.customFields.namePattern,
        lb: Object.fromEntries(labels),
        ...this.ownerNames(this.recordOwnerNames(kind)),
      };
    });
  }

  activityFields(segment: string): WireDesc {
    const a = this.spec.activities.find((x) => x.segment === segment)!;
    return this.named(camel(`${segment} fields`), () => ({
      k: 'o',
      f: Object.fromEntries(this.fieldEntries(a.fields, { segment })),
      ...this.ownerNames(ownerFieldNames(a.fields)),
    }));
  }

  /** Owner-typed fields of a kind's field set (of every field set when unbound). */
  recordOwnerNames(kind: string | undefined): string[] {
    return [
      ...new Set(
        this.fieldsetsOf(kind).flatMap((fs) => fs.fields.filter((f) => f.type === 'owner').map((f) => f.name)),
      ),
    ];
  }

  private fieldsetsOf(kind: string | undefined) {
    const k = this.spec.kinds.find((x) => x.name === kind);
    return k ? this.spec.fieldsets.filter((f) => f.name === k.fieldset) : this.spec.fieldsets;
  }
}

/** Names of the owner-typed scalar fields. */
const ownerFieldNames = (fields: Field[]) =>
  fields.filter((f) => f.shape.kind === 'scalar' && f.shape.type === 'owner').map((f) => f.name);

function camel(words: string): string {
  const parts = words.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return parts.map((w, i) => (i === 0 ? w[0].toLowerCase() + w.slice(1) : w[0].toUpperCase() + w.slice(1))).join('');
}

function walkShapes(shape: Shape, spec: Spec, test: (s: Shape) => boolean, seen = new Set<string>()): boolean {
  if (test(shape)) return true;
  switch (shape.kind) {
    case 'object':
      return shape.fields.some((f) => walkShapes(f.shape, spec, test, seen));
    case 'list':
    case 'keyed':
    case 'map':
      return walkShapes(shape.of, spec, test, seen);
    case 'ref': {
      if (seen.has(shape.name)) return false;
      seen.add(shape.name);
      return walkShapes(spec.structures.find((x) => x.name === shape.name)!.shape, spec, test, seen);
    }
    default:
      return false;
  }
}

const dependsOnKind = (shape: Shape, spec: Spec) =>
  walkShapes(shape, spec, (x) => x.kind === 'recordfields' || (x.kind === 'object' && x.spread === 'recordfields'));
const usesActivityFields = (shape: Shape, spec: Spec) => walkShapes(shape, spec, (x) => x.kind === 'activityfields');
