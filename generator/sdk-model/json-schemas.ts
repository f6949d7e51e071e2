// The JSON Schema documents of generated/schemas/ (the outputs write them; the validators compile
// the request side): one self-contained JSON Schema (draft 2020-12) per operation
// part (params, request, response), per kind or activity segment where the body depends
// on it. Schemas describe typed values, the form codecs produce and validators check:
// lists are arrays, id<N> children are the ordered array named by `as`.
import type { Field, ObjectShape, Shape, Spec } from '../pipeline/model.ts';
import { messageTargets, notificationTargets } from './messages.ts';
import type { GeneratedFile } from '../pipeline/generated-file.ts';

type Schema = Record<string, unknown>;

// Month lengths in the pattern itself (February allows 29 in every year), so a date the
// codec could not normalize (2026-13-01, 2026-04-31) fails validation as invaliddate.
const day =
  '(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-9]))';
const time = 'T(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]\\+00:00';
const dateRe = `^[0-9]{4}-${day}$`;
const dateTimeRe = `^[0-9]{4}-${day}${time}$`;

interface Binding {
  kind?: string;
  segment?: string;
  /** Structures referenced so far, emitted into $defs. */
  defs: Map<string, Schema>;
}

export class SchemaBuilder {
  /** Set while building an update (PUT) request: its data holds only the fields that change. */
  optionalData = false;
  /** wire: describe the JSON wire form (OpenAPI) instead of typed values. */
  constructor(
    readonly spec: Spec,
    readonly wire = false,
  ) {}

  values(name: string): (string | number)[] {
    return this.spec.values.find((v) => v.name === name)!.values.map((e) => e.value);
  }

  /** An enum whose entries may be templates ({fieldId} matches digits). */
  enumSchema(list: string): Schema {
    const vals = this.values(list);
    const templates = vals.filter((v): v is string => typeof v === 'string' && /\{\w+\}/.test(v));
    if (!templates.length) return { enum: vals };
    const plain = vals.filter((v) => !templates.includes(v as string)).map((v) => escapeRe(String(v)));
    const tpl = templates.map((t) => escapeRe(t).replace(/\\\{\w+\\\}/g, '[0-9]+'));
    return { type: 'string', pattern: `^(?:${[...plain, ...tpl].join('|')})$` };
  }

  scalar(type: string, s: Extract<Shape, { kind: 'scalar' }>): Schema {
    const range = {
      ...(s.min !== undefined ? { minimum: s.min } : {}),
      ...(s.max !== undefined ? { maximum: s.max } : {}),
    };
    switch (type) {
      case 'text':
        return { type: 'string' };
      case 'integer':
        return { type: 'integer', ...range };
      case 'decimal':
        return { type: 'number', ...range };
      case 'owner':
      case 'unixtime':
        return { type: 'integer', minimum: 0 };
      case 'flag':
        // A type beside the enum: openapi-typescript 6 reads an untyped 0 as "".
        return this.wire ? { type: 'integer', enum: [0, 1] } : { enum: [0, 1] };
      case 'date':
        return { type: 'string', pattern: dateRe };
      case 'datetime':
        return { type: 'string', pattern: dateTimeRe };
      case 'dateordatetime':
        return { type: 'string', pattern: `^[0-9]{4}-${day}(?:${time})?$` };
      case 'createdtext':
        return { type: 'string', pattern: '^[A-Z][a-z]{2} [0-9]{1,2}, [0-9]{4} [0-9]{2}:[0-9]{2}:[0-9]{2}$' };
      case 'idlist':
      case 'emaillist':
      case 'addresslist':
      case 'textlist':
      case 'fieldnamelist':
        if (this.wire) return { type: 'string', description: 'Comma-delimited.' };
        return this.listScalar(type, s);
      case 'enum':
        return this.enumSchema(s.values!);
      case 'upload':
        return {
          type: 'object',
          additionalProperties: false,
          required: ['filename'],
          properties: {
            filename: { type: 'string' },
            contenttype: { type: 'string' },
            size: { type: 'integer', minimum: 0 },
          },
        };
      case 'status':
        return { enum: ['success', 'failed'] };
      case 'ownerfilter':
        return { anyOf: [{ type: 'integer', minimum: 0 }, { const: '' }] };
      case 'due': {
        const keywords = this.values(s.values!).map((v) => escapeRe(String(v)));
        return { type: 'string', pattern: `^(?:${keywords.join('|')}|[0-9]{4}-${day}[^,]*,[0-9]{4}-${day}[^,]*)$` };
      }
      default:
        throw new Error(`no JSON Schema for scalar '${type}'`);
    }
  }

  /** Typed value of the comma-delimited list types: arrays. */
  listScalar(type: string, s: Extract<Shape, { kind: 'scalar' }>): Schema {
    switch (type) {
      case 'idlist':
        return { type: 'array', items: s.values ? this.enumSchema(s.values) : { type: 'integer', minimum: 0 } };
      case 'emaillist':
        return { type: 'array', items: { type: 'string', pattern: '^[^@\\s,]+@[^@\\s,]+$' } };
      default:
        return { type: 'array', items: { type: 'string' } };
    }
  }

  shape(shape: Shape, b: Binding): Schema {
    switch (shape.kind) {
      case 'scalar':
        return this.scalar(shape.type, shape);
      case 'object':
        return this.object(shape, b);
      case 'list':
        if (this.wire) {
          const items = this.shape(shape.of, b);
          return { type: 'array', items: { ...items, xml: { name: shape.element } }, xml: { wrapped: true } };
        }
        return { type: 'array', items: this.shape(shape.of, b) };
      case 'keyed':
        // Keys by propertyNames, values by additionalProperties: the same constraint as
        // patternProperties, in the form TypeScript generators turn into an index signature.
        if (this.wire)
          return {
            type: 'object',
            description: `Children named ${shape.prefix}<N>, in order.`,
            propertyNames: { pattern: `^${shape.prefix}[0-9]+$` },
            additionalProperties: this.shape(shape.of, b),
          };
        return { type: 'array', items: this.shape(shape.of, b) };
      case 'map':
        return { type: 'object', additionalProperties: this.shape(shape.of, b) };
      case 'ref': {
        const key = shape.name;
        if (!b.defs.has(key)) {
          b.defs.set(key, {});
          const s = this.spec.structures.find((x) => x.name === shape.name)!;
          const body =
            this.wire && s.shape.kind === 'object' && !b.segment && byTypeid(s.shape)
              ? this.oneOfByTypeid(key, s.shape, b)
              : this.shape(s.shape, b);
          b.defs.set(key, { ...(s.description ? { description: s.description } : {}), ...body });
        }
        return { $ref: `#/$defs/${key}` };
      }
      case 'recordfields':
        return this.recordFields(b, true);
      case 'activityfields':
        return this.activityFields(b);
    }
  }

  properties(fields: Field[], b: Binding): { properties: Record<string, Schema>; required: string[] } {
    const properties: Record<string, Schema> = {};
    const required: string[] = [];
    for (const f of fields) {
      const name = f.shape.kind === 'keyed' ? f.shape.as : f.name;
      const s = this.shape(f.shape, b);
      properties[name] = f.description && !('$ref' in s) ? { description: f.description, ...s } : s;
      if (f.shape.kind === 'scalar' && f.shape.type === 'owner') Object.assign(properties, this.ownerName(f.name));
      // The fields of a type with required fields (an attached file's file) cannot be left out.
      const holdsRequired =
        f.shape.kind === 'activityfields' &&
        b.segment &&
        this.spec.activities.find((a) => a.segment === b.segment)!.fields.some((x) => x.required);
      if (f.required || (holdsRequired && !this.optionalData)) required.push(name);
    }
    return { properties, required };
  }

  object(shape: ObjectShape, b: Binding): Schema {
    const { properties, required } = this.properties(shape.fields, b);
    const out: Schema = {
      type: 'object',
      additionalProperties: false,
      properties,
      ...(required.length ? { required } : {}),
    };
    const inline = shape.fields.find((f) => f.shape.kind === 'keyed' && f.shape.inline);
    if (this.wire && inline && inline.shape.kind === 'keyed') {
      delete properties[inline.shape.as];
      if (required.includes(inline.shape.as))
        out.required = required.filter((r) => r !== (inline.shape as { as: string }).as);
      out.patternProperties = {
        ...(out.patternProperties as object),
        [`^${inline.shape.prefix}[0-9]+$`]: this.shape(inline.shape.of, b),
      };
    }
    const generic = shape.fields.find((f) => f.shape.kind === 'activityfields');
    if (generic && !b.segment && !this.wire && byTypeid(shape)) out.allOf = this.fieldsByTypeid(generic.name, b);
    if (shape.spread === 'recordfields') {
      const rec = this.recordFields(b, false);
      Object.assign(properties, rec.properties as object);
      out.patternProperties = rec.patternProperties;
    } else if (shape.spread === 'hookfields') {
      const hook = this.properties(this.spec.hooks.fields, b);
      Object.assign(properties, hook.properties);
    }
    return out;
  }

  recordFields(b: Binding, withAudit: boolean): Schema {
    const kind = this.spec.kinds.find((k) => k.name === b.kind);
    const sets = kind ? this.spec.fieldsets.filter((f) => f.name === kind.fieldset) : this.spec.fieldsets;
    const properties: Record<string, Schema> = {};
    for (const f of sets.flatMap((fs) => fs.fields)) {
      properties[f.name] = {
        description: f.label,
        ...(f.type === 'owner' ? { type: 'integer', minimum: 0 } : { type: 'string' }),
      };
      if (f.type === 'owner') Object.assign(properties, this.ownerName(f.name));
    }
    if (withAudit) Object.assign(properties, this.properties(this.spec.auditFields, b).properties);
    return {
      type: 'object',
      additionalProperties: false,
      properties,
      patternProperties: { [this.spec.customFields.namePattern]: { type: 'string' } },
    };
  }

  /** The member holding the name of the owner an owner-typed field names (spec formats.ownerNames). */
  ownerName(field: string): Record<string, Schema> {
    const on = this.spec.formats.ownerNames;
    if (!on) return {};
    return {
      [field + on.jsonSuffix]: {
        type: 'string',
        description: `In answers: the name of the user or group ${field} names (XML: the ${on.xmlAttribute} attribute of ${field}). Ignored in requests.`,
      },
    };
  }

  activityFields(b: Binding): Schema {
    if (!b.segment) return { type: 'object', description: 'The fields of the activity type given by typeid.' };
    const a = this.spec.activities.find((x) => x.segment === b.segment)!;
    const { properties, required } = this.properties(a.fields, b);
    return { type: 'object', additionalProperties: false, properties, ...(required.length ? { required } : {}) };
  }

  /**
   * The wire form (OpenAPI) of an entry of any segment: a oneOf of one variant per activity
   * type, its typeid a const and its fields that type's, so that generators produce a union
   * that narrows on typeid. No discriminator object: OpenAPI wants its property a string.
   */
  oneOfByTypeid(name: string, shape: ObjectShape, b: Binding): Schema {
    const generic = shape.fields.find((f) => f.shape.kind === 'activityfields')!;
    const required = shape.fields
      .filter((f) => f.required)
      .map((f) => (f.shape.kind === 'keyed' ? f.shape.as : f.name));
    const oneOf = this.spec.activities.map((a) => {
      const variant = `${name}.${a.segment}`;
      const fieldsKey = `${a.segment[0].toUpperCase()}${a.segment.slice(1)}Fields`;
      if (!b.defs.has(fieldsKey)) b.defs.set(fieldsKey, this.activityFields({ ...b, segment: a.segment }));
      if (!b.defs.has(variant)) {
        const out = this.object(shape, { ...b, segment: a.segment });
        const properties = out.properties as Record<string, Schema>;
        const typeids = [a.typeid, ...a.altTypeids];
        properties.typeid = {
          ...properties.typeid,
          ...(typeids.length === 1 ? { const: a.typeid } : { enum: typeids }),
        };
        properties[generic.name] = { $ref: `#/$defs/${fieldsKey}` };
        if (required.length) out.required = required;
        else delete out.required;
        b.defs.set(variant, { description: `${a.title} (typeid ${typeids.join(' or ')}).`, ...out });
      }
      return { $ref: `#/$defs/${variant}` };
    });
    return { oneOf };
  }

  /** For a journal entry of any segment: its typeid selects the schema of its fields. */
  fieldsByTypeid(fieldsName: string, b: Binding): Schema[] {
    return this.spec.activities.map((a) => {
      const key = `${a.segment[0].toUpperCase()}${a.segment.slice(1)}Fields`;
      if (!b.defs.has(key)) b.defs.set(key, this.activityFields({ ...b, segment: a.segment }));
      return {
        if: { properties: { typeid: { enum: [a.typeid, ...a.altTypeids] } }, required: ['typeid'] },
        then: { properties: { [fieldsName]: { $ref: `#/$defs/${key}` } } },
      };
    });
  }
}

/** An object holding a typeid and the fields of the activity type it names. */
function byTypeid(shape: ObjectShape): boolean {
  return shape.fields.some((f) => f.shape.kind === 'activityfields') && shape.fields.some((f) => f.name === 'typeid');
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function document(id: string, title: string, body: Schema, b: Binding): Schema {
  const defs = [...b.defs].sort(([x], [y]) => x.localeCompare(y));
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `crmgen:${id}`,
    title,
    ...body,
    ...(defs.length ? { $defs: Object.fromEntries(defs) } : {}),
  };
}

export function emitSchemas(spec: Spec): GeneratedFile[] {
  const builder = new SchemaBuilder(spec);
  const files: GeneratedFile[] = [];
  const partTitle = { params: 'Parameters', request: 'Request', response: 'Response' };
  for (const t of messageTargets(spec)) {
    // Unbound kind (global operations): the union of every field set.
    // Unbound segment (show's journal): fields chosen by typeid, see object().
    const b: Binding = { kind: t.kind, segment: t.segment, defs: new Map() };
    // An update carries only what changes; a create must carry the required fields.
    builder.optionalData = t.op.method === 'PUT';
    const body = builder.shape(t.shape, b);
    files.push({
      path: `schemas/${t.id}.json`,
      content: `${JSON.stringify(document(t.id, `${partTitle[t.part]} of ${t.label}`, body, b), null, 2)}\n`,
      format: 'json',
    });
  }
  for (const n of notificationTargets(spec)) {
    const b: Binding = { defs: new Map() };
    const body = builder.shape(n.shape, b);
    files.push({
      path: `schemas/${n.id}.json`,
      content: `${JSON.stringify(document(n.id, `Webhook notification of ${n.family}.* events`, body, b), null, 2)}\n`,
      format: 'json',
    });
  }
  const errorShape: Schema = {
    type: 'object',
    additionalProperties: false,
    required: ['status', 'errors'],
    properties: {
      status: { const: 'failed' },
      errors: {
        type: 'object',
        additionalProperties: false,
        properties: Object.fromEntries(
          spec.errors.map((e) => [e.key, { type: 'string', description: `HTTP ${e.status}: ${e.message}` }]),
        ),
      },
    },
  };
  files.push({
    path: 'schemas/error.response.json',
    content: `${JSON.stringify(document('error.response', 'Error envelope of a failed call', errorShape, { defs: new Map() }), null, 2)}\n`,
    format: 'json',
  });
  return files;
}
