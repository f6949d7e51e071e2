// Emits the PHP package's types: one readonly value class per message and per distinct nested
// object of the wire descriptors (named constructor arguments, every property natively typed,
// fromWire/toWire to the codec's arrays), backed enums of the spec's value lists, id value types
// per record kind and activity segment, the descriptors themselves (Descriptors.php) and the API
// facts the runtime reads (Api.php). Classes come from the descriptors, so a new activity type
// in spec/ is a new class here with no edit.
import type { ActivityType, Field, Shape, Spec } from '../../pipeline/model.ts';
import type { GeneratedFile } from '../../pipeline/generated-file.ts';
import type { Derived } from '../../sdk-model/derive.ts';
import type { WireDesc as Desc, ObjectWire as ObjectDesc } from '../../sdk-model/descriptors.ts';
import { enumCase, ident, literal, pascal, rootNamespace, str } from './names.ts';

const header = (ns: string) =>
  `<?php\n\ndeclare(strict_types=1);\n\nnamespace ${rootNamespace}${ns ? `\\${ns}` : ''};\n\n`;

/** The id class of a record kind (contacts -> ContactId) or an activity segment (task -> TaskId). */
export const kindId = (spec: Spec, kind: string) =>
  `${pascal(spec.kinds.find((k) => k.name === kind)?.singular ?? kind)}Id`;
export const segmentId = (segment: string) => `${pascal(segment)}Id`;
/** The interface of the ids that may be a segment's parent: task -> TaskParent. */
export const parentInterface = (segment: string) => `${pascal(segment)}Parent`;

/** One message of an operation: its descriptor key and the class that holds it. */
export interface MessageClass {
  key: string;
  className: string;
}

/** What the client emitter needs from the model: class names of messages by descriptor key. */
export interface ModelIndex {
  byKey: Map<string, string>;
  files: GeneratedFile[];
}

/** Where a message belongs: the record kind or activity segment its ids carry. */
interface Scope {
  kind?: string;
  segment?: string;
  request: boolean;
  /** Field name -> value list, for the fields of this message that take one. */
  enums: Map<string, string>;
  /** The id class of the message's own record or activity (answers). */
  ownId?: string;
}

export { messageClass } from './names.ts';
import { messageClass } from './names.ts';

function enumFields(fields: readonly Field[] | undefined, out: Map<string, string>) {
  const walk = (name: string, shape: Shape | undefined) => {
    if (!shape) return;
    if (shape.kind === 'scalar' && shape.type === 'enum' && shape.values) out.set(name, shape.values);
    else if (shape.kind === 'object') for (const f of shape.fields) walk(f.name, f.shape);
    else if (shape.kind === 'list' || shape.kind === 'keyed' || shape.kind === 'map') walk(name, shape.of);
  };
  for (const f of fields ?? []) walk(f.name, f.shape);
}

function scopeOf(spec: Spec, key: string): Scope {
  const m = /^(?:(records|activities)\/)?(?:([a-z0-9]+)\.)?([A-Za-z]+)\.(request|response|params)$/.exec(key);
  const enums = new Map<string, string>();
  const scope: Scope = { request: m?.[4] !== 'response', enums };
  if (!m) return scope;
  const [, family, owner, opId, part] = m;
  if (family === 'records' && owner) {
    scope.kind = owner;
    scope.ownId = kindId(spec, owner!);
  }
  if (family === 'activities' && owner) {
    scope.segment = owner;
    scope.ownId = segmentId(owner!);
  }
  if (part === 'response') return scope;
  const op = spec.operations.find((o) => o.id === opId);
  if (part === 'params') enumFields(op?.params, enums);
  else if (family === 'activities') enumFields(spec.activities.find((a) => a.segment === owner)?.fields, enums);
  else if (op?.request?.kind === 'ref') enumFields(spec.hooks.fields, enums);
  else if (op?.request?.kind === 'object') enumFields(op.request.fields, enums);
  return scope;
}

interface Prop {
  wire: string;
  name: string;
  /** Native type without the leading ? (every property is nullable, default null). */
  type: string;
  doc?: string;
  from: (v: string) => string;
  to: (v: string) => string;
}

export class Models {
  readonly files: GeneratedFile[] = [];
  /** Desc JSON (with scope facts) -> class name: identical nested objects share one class. */
  private readonly seen = new Map<string, string>();
  private readonly names = new Set<string>();
  readonly enums = new Map<string, string>();
  readonly byKey = new Map<string, string>();
  /** The classes of an activity type's fields chosen by typeid: they implement ActivityFields. */
  readonly selCases = new Set<string>();
  /** Class -> the class of its inline entries (a list answer's entries). */
  readonly inlEntries = new Map<string, string>();

  constructor(
    private readonly spec: Spec,
    private readonly derived: Derived,
  ) {}

  private activityOf(typeid: string): ActivityType | undefined {
    const n = Number(typeid);
    return this.spec.activities.find((a) => a.typeid === n || a.altTypeids.includes(n));
  }

  private enumClass(list: string): string {
    let name = this.enums.get(list);
    if (name) return name;
    const values = this.spec.values.find((v) => v.name === list)!;
    name = pascal(list);
    this.enums.set(list, name);
    const backing = values.base === 'integer' ? 'int' : 'string';
    const cases = values.values.map(
      (v) => `  case ${enumCase(v.value)} = ${typeof v.value === 'number' ? v.value : str(String(v.value))};`,
    );
    this.files.push({
      path: `php/src/Enum/${name}.php`,
      content: `${header('Enum')}/** ${values.description ?? list} */\nenum ${name}: ${backing}\n{\n${cases.join('\n')}\n}\n`,
      format: 'php',
    });
    return name;
  }

  /** The class for a message's root descriptor. */
  message(key: string): string {
    const desc = this.derived.descriptors[key]!;
    const name = this.object(desc as ObjectDesc, messageClass(key), scopeOf(this.spec, key), '', key);
    this.byKey.set(key, name);
    return name;
  }

  /** The files, the activity types' fields classes implementing ActivityFields. */
  finish(): GeneratedFile[] {
    for (const f of this.files) {
      const cls = /\/(\w+)\.php$/.exec(f.path)![1]!;
      if (this.selCases.has(cls))
        f.content = f.content.replace(
          `final class ${cls} implements WireValue`,
          `final class ${cls} implements ActivityFields`,
        );
    }
    return this.files;
  }

  private unique(name: string): string {
    let n = name;
    for (let i = 2; this.names.has(n); i++) n = `${name}${i}`;
    this.names.add(n);
    return n;
  }

  /** A class for an object descriptor at `path` of a message (shared when identical). */
  object(desc: ObjectDesc, wanted: string, scope: Scope, path: string, message?: string): string {
    const sig = JSON.stringify([
      message,
      desc,
      scope.kind,
      scope.segment,
      scope.request,
      [...scope.enums],
      idRole(scope, path),
    ]);
    const known = this.seen.get(sig);
    if (known) return known;
    const name = this.unique(wanted);
    this.seen.set(sig, name);
    const props: Prop[] = [];
    for (const [wire, fd] of Object.entries(desc.f)) {
      if (desc.inl && wire === desc.inl.as) continue;
      if (desc.sel && wire === desc.sel.f) {
        props.push(this.selProp(desc, wire, name, scope, path));
        continue;
      }
      props.push(this.prop(wire, fd, name, scope, path));
      if (desc.an && !scope.request && desc.an.f.includes(wire)) {
        const w = wire + desc.an.s;
        props.push({
          wire: w,
          name: ident(`${wire}${pascal(desc.an.s)}`),
          type: 'string',
          doc: `the name of ${wire}`,
          from: (v) => `isset(${v}) ? (string) ${v} : null`,
          to: (v) => v,
        });
      }
    }
    if (desc.inl) {
      const cls = this.object(
        desc.inl.of as ObjectDesc,
        `${name}${pascal(desc.inl.as)}Entry`,
        scope,
        `${path}.${desc.inl.as}[]`,
      );
      props.push(listProp(desc.inl.as, cls));
      this.inlEntries.set(name, cls);
    }
    const custom = desc.c !== undefined;
    this.files.push({
      path: `php/src/Model/${name}.php`,
      content: renderClass(name, props, custom, desc.c),
      format: 'php',
    });
    return name;
  }

  private selProp(desc: ObjectDesc, wire: string, owner: string, scope: Scope, path: string): Prop {
    const sel = desc.sel!;
    const cases: [string, string][] = [];
    for (const [typeid, cd] of Object.entries(sel.cases)) {
      if (cd.k !== 'o') continue;
      const a = this.activityOf(typeid);
      const cls = this.object(
        cd,
        a ? `${pascal(a.segment)}Fields` : `Typeid${typeid}Fields`,
        { request: scope.request, enums: new Map() },
        '',
      );
      cases.push([typeid, cls]);
    }
    for (const [, c] of cases) this.selCases.add(c);
    const on = `$w[${str(sel.on)}]`;
    return {
      wire,
      name: ident(wire),
      // An interface, not a union of the classes: a new activity type adds a class, and changes no type.
      type: `\\${rootNamespace}\\Model\\ActivityFields|array`,
      doc: `the activity type's fields, by ${sel.on} (an unknown type: array<string, mixed>)`,
      from: (v) =>
        `isset(${v}) ? (match ((string) (${on} ?? '')) { ${cases.map(([t, c]) => `${str(t)} => ${c}::fromWire(${v})`).join(', ')}, default => ${v} }) : null`,
      to: (v) => `${v} instanceof \\${rootNamespace}\\Model\\WireValue ? ${v}->toWire() : ${v}`,
    };
    void owner;
  }

  private prop(wire: string, fd: Desc, owner: string, scope: Scope, path: string): Prop {
    const name = ident(fd.k === 'y' ? fd.as : wire);
    const key = fd.k === 'y' ? fd.as : wire;
    const sub = `${path}.${wire}`;
    switch (fd.k) {
      case 's':
        return this.scalar(key, name, fd.s, scope, sub);
      case 'o': {
        const cls = this.object(fd, `${owner}${pascal(wire)}`, scope, sub);
        return {
          wire: key,
          name,
          type: cls,
          from: (v) => `is_array(${v} ?? null) ? ${cls}::fromWire(${v}) : null`,
          to: (v) => `${v}?->toWire()`,
        };
      }
      case 'l':
      case 'y': {
        const of = fd.of;
        if (of.k === 'o') {
          const cls = this.object(of, `${owner}${pascal(fd.k === 'l' ? fd.e : fd.as)}`, scope, `${sub}[]`);
          return listProp(key, cls);
        }
        const inner = of.k === 's' ? this.scalar('', '', of.s, scope, `${sub}[]`) : undefined;
        const t = inner?.type ?? 'mixed';
        return {
          wire: key,
          name,
          type: 'array',
          doc: `list<${t}>`,
          from: (v) =>
            inner
              ? `is_array(${v} ?? null) ? array_map(static fn ($e) => ${inner.from('$e')}, array_values(${v})) : null`
              : `${v} ?? null`,
          to: (v) => (inner ? `${v} === null ? null : array_map(static fn ($e) => ${inner.to('$e')}, ${v})` : v),
        };
      }
      case 'm':
        return {
          wire: key,
          name,
          type: 'array',
          doc: 'array<string, mixed>',
          from: (v) => `is_array(${v} ?? null) ? ${v} : null`,
          to: (v) => v,
        };
    }
  }

  private scalar(wire: string, name: string, code: string, scope: Scope, path: string): Prop {
    const list = scope.enums.get(wire);
    if (list && scope.request) {
      const values = this.spec.values.find((v) => v.name === list);
      const intBacked = values?.base === 'integer';
      if (values && (intBacked ? code === 'i' : code === 't')) {
        const e = `\\${rootNamespace}\\Enum\\${this.enumClass(list)}`;
        // A list with {template} entries (C{fieldId}) also takes the filled-in text (C12).
        if (values.values.some((v) => String(v.value).includes('{'))) {
          return {
            wire,
            name,
            type: `${e}|string`,
            doc: 'a value of the list, or a {template} entry filled in',
            from: (v) => `isset(${v}) ? (${e}::tryFrom((string) ${v}) ?? (string) ${v}) : null`,
            to: (v) => `${v} instanceof \\BackedEnum ? ${v}->value : ${v}`,
          };
        }
        return {
          wire,
          name,
          type: e,
          from: (v) => `isset(${v}) ? ${e}::from(${intBacked ? '(int)' : '(string)'} ${v}) : null`,
          to: (v) => `${v}?->value`,
        };
      }
    }
    const role = idRole(scope, path);
    if (role) {
      const cls = `\\${rootNamespace}\\Id\\${role}`;
      return {
        wire,
        name,
        type: cls,
        from: (v) => `isset(${v}) ? new ${cls}((int) ${v}) : null`,
        to: (v) => `${v}?->value`,
      };
    }
    if (scope.request && scope.segment && path === '.parent') {
      const types = this.parentTypes(scope.segment);
      // The id classes of the allowed parents implement this interface: another parent is a TypeError.
      const type = `\\${rootNamespace}\\Id\\${parentInterface(scope.segment)}`;
      return {
        wire,
        name,
        type,
        doc: 'the id of a parent this activity type may sit under (a wire value reads as the first of them)',
        from: (v) => `isset(${v}) ? new ${types[0]}((int) ${v}) : null`,
        to: (v) => `${v}?->value`,
      };
    }
    switch (code) {
      case 'i':
        return {
          wire,
          name,
          type: 'int',
          from: (v) => `isset(${v}) && is_numeric(${v}) ? (int) ${v} : null`,
          to: (v) => v,
        };
      case 'n':
        return {
          wire,
          name,
          type: 'float',
          from: (v) => `isset(${v}) && is_numeric(${v}) ? (float) ${v} : null`,
          to: (v) => v,
        };
      case 'f':
      case 'F':
        return {
          wire,
          name,
          type: 'bool',
          from: (v) => `isset(${v}) ? (bool) ${v} : null`,
          to: (v) => `${v} === null ? null : (${v} ? 1 : 0)`,
        };
      case 'd':
      case 'dt':
      case 'dd':
        if (scope.request) {
          const fmt = code === 'd' ? "'Y-m-d'" : '\\Crmgen\\Client\\Api::DATE_FORMAT';
          return {
            wire,
            name,
            type: '\\DateTimeInterface|string',
            doc: code === 'dd' ? 'a date or a date and time (a DateTimeInterface is sent with its time)' : undefined,
            from: (v) => `isset(${v}) ? (string) ${v} : null`,
            to: (v) => `${v} instanceof \\DateTimeInterface ? ${v}->format(${fmt}) : ${v}`,
          };
        }
        return {
          wire,
          name,
          type: 'string',
          doc: 'a date as the service writes it',
          from: (v) => `isset(${v}) ? (string) ${v} : null`,
          to: (v) => v,
        };
      case 'il':
        return {
          wire,
          name,
          type: 'array',
          doc: 'list<int>',
          from: (v) => `is_array(${v} ?? null) ? array_map('intval', ${v}) : null`,
          to: (v) => v,
        };
      case 'sl':
        return {
          wire,
          name,
          type: 'array',
          doc: 'list<string>',
          from: (v) => `is_array(${v} ?? null) ? array_map('strval', ${v}) : null`,
          to: (v) => v,
        };
      case 'of':
        return { wire, name, type: 'int|string', from: (v) => `isset(${v}) ? ${v} : null`, to: (v) => v };
      default:
        return {
          wire,
          name,
          type: 'string',
          from: (v) => `isset(${v}) && !is_array(${v} ?? null) ? (string) ${v} : null`,
          to: (v) => v,
        };
    }
  }

  /** The id classes an activity's parent may be: every kind's when records are allowed, and each allowed segment's. */
  private parentTypes(segment: string): string[] {
    const a = this.spec.activities.find((x) => x.segment === segment);
    const out: string[] = [];
    for (const p of a?.parents ?? []) {
      if (p === 'record')
        for (const k of this.spec.kinds) out.push(`\\${rootNamespace}\\Id\\${kindId(this.spec, k.name)}`);
      else out.push(`\\${rootNamespace}\\Id\\${segmentId(p)}`);
    }
    return out.length ? out : ['int'];
  }
}

/** The id class an `id` at `path` of a message holds, when it is the message's own record or activity. */
function idRole(scope: Scope, path: string): string | undefined {
  if (scope.request || !scope.ownId) return undefined;
  if (scope.kind && (path === '.item.id' || path === '.entries[].id')) return scope.ownId;
  if (scope.segment && path === '.id') return scope.ownId;
  return undefined;
}

function listProp(wire: string, cls: string): Prop {
  return {
    wire,
    name: ident(wire),
    type: 'array',
    doc: `list<${cls}>`,
    from: (v) =>
      `is_array(${v} ?? null) ? array_map(static fn (array $e): ${cls} => ${cls}::fromWire($e), array_values(${v})) : null`,
    to: (v) => `${v} === null ? null : array_map(static fn (${cls} $e): array => $e->toWire(), ${v})`,
  };
}

function renderClass(name: string, props: Prop[], custom: boolean, customPattern: string | undefined): string {
  const params = props.map((p) => {
    const docType =
      p.type === 'array'
        ? `${p.doc}|null`
        : p.type.endsWith('|array')
          ? `${p.type.replace(/\|array$/, '')}|array<string, mixed>|null`
          : `${p.type}|null`;
    const note = p.type === 'array' ? '' : ` ${p.doc}`;
    const doc = p.doc ? `    /** @var ${docType}${note} */\n` : '';
    return `${doc}    public readonly ${p.type.includes('|') ? `${p.type}|null` : `?${p.type}`} $${p.name} = null,`;
  });
  if (custom)
    params.push(
      `    /** @var array<string, string> custom fields by name (${customPattern}) */\n    public readonly array $custom = [],`,
    );
  const from = props.map((p) => `      ${p.name}: ${p.from(`$w[${str(p.wire)}]`)},`);
  if (custom)
    from.push(
      `      custom: array_map('strval', array_filter($w, static fn ($v, $k): bool => preg_match(${str(`/${customPattern}/`)}, (string) $k) === 1 && !is_array($v), ARRAY_FILTER_USE_BOTH)),`,
    );
  const to = props.map((p) => `      ${str(p.wire)} => ${p.to(`$this->${p.name}`)},`);
  return `${header('Model')}final class ${name} implements WireValue
{
  public function __construct(
${params.join('\n')}
  ) {
  }

  /** @param array<string, mixed> $w the codec's array of this value */
  public static function fromWire(array $w): self
  {
    return new self(
${from.join('\n')}
    );
  }

  /** @return array<string, mixed> the codec's array of this value (absent values left out) */
  public function toWire(): array
  {
    return array_filter([
${to.join('\n')}
    ]${custom ? ' + $this->custom' : ''}, static fn ($v): bool => $v !== null);
  }
}
`;
}

/** Id value types, the WireValue interface, Descriptors.php and Api.php. */
export function fixedModelFiles(spec: Spec, derived: Derived, used: Set<string>): GeneratedFile[] {
  const files: GeneratedFile[] = [];
  // Which segments each kind's or segment's id may be the parent of (its XParent interfaces).
  const parentOf = (id: string) =>
    spec.activities
      .filter((a) => a.parents.some((p) => (p === 'record' ? spec.kinds.some((k) => k.name === id) : p === id)))
      .map((a) => parentInterface(a.segment));
  const idClass = (name: string, what: string, of: string) => {
    const ifaces = parentOf(of);
    files.push({
      path: `php/src/Id/${name}.php`,
      content: `${header('Id')}/** The id of ${what}: its own type, so an id of another kind or segment is a TypeError. */\nfinal class ${name}${ifaces.length ? ` implements ${ifaces.join(', ')}` : ''}\n{\n  public function __construct(public readonly int $value)\n  {\n  }\n}\n`,
      format: 'php',
    });
  };
  for (const k of spec.kinds) idClass(kindId(spec, k.name), `a record of ${k.name}`, k.name);
  for (const a of spec.activities) idClass(segmentId(a.segment), `a ${a.segment} activity`, a.segment);
  for (const a of spec.activities) {
    files.push({
      path: `php/src/Id/${parentInterface(a.segment)}.php`,
      content: `${header('Id')}/** An id that may be the parent of a ${a.segment} activity (implemented by the id classes of its allowed parents). */\ninterface ${parentInterface(a.segment)}\n{\n}\n`,
      format: 'php',
    });
  }
  files.push({
    path: 'php/src/Model/ActivityFields.php',
    content: `${header('Model')}/** The fields of an activity entry, one class per activity type (chosen by its typeid). */\ninterface ActivityFields extends WireValue\n{\n}\n`,
    format: 'php',
  });
  files.push({
    path: 'php/src/Model/WireValue.php',
    content: `${header('Model')}/** A value class the codec reads and writes. */\ninterface WireValue\n{\n  /** @return array<string, mixed> */\n  public function toWire(): array;\n}\n`,
    format: 'php',
  });
  const descs = [...used].sort().map((k) => `    ${str(k)} => ${literal(derived.descriptors[k])},`);
  files.push({
    path: 'php/src/Descriptors.php',
    content: `${header('')}/** The wire descriptors of the messages (the format of Runtime\\Codec), by message. @internal */\nfinal class Descriptors\n{\n  /** @return array<string, mixed> */\n  public static function get(string $key): array\n  {\n    return self::ALL[$key];\n  }\n\n  private const ALL = [\n${descs.join('\n')}\n  ];\n}\n`,
    format: 'php',
  });
  const dates: Record<string, string> = {};
  const kinds = ['date', 'datetime', 'dateordatetime'];
  const codes = ['d', 'dt', 'dd'];
  derived.patterns.dates.forEach(([pattern], i) => (dates[codes[i]!] = pattern.replace(/\//g, '\\/')));
  void kinds;
  const emitForm = spec.formats.dates.emit;
  // The spec's notation as a DateTimeInterface::format() string: its tokens mapped, every other letter escaped.
  const tokens: [string, string][] = [
    ['YYYY', 'Y'],
    ['MM', 'm'],
    ['DD', 'd'],
    ['hh', 'H'],
    ['mm', 'i'],
    ['ss', 's'],
    ['+00:00', 'P'],
  ];
  let phpForm = '';
  for (let i = 0; i < emitForm.length;) {
    const t = tokens.find(([n]) => emitForm.startsWith(n, i));
    if (t) {
      phpForm += t[1];
      i += t[0].length;
    } else {
      phpForm += /[A-Za-z]/.test(emitForm[i]!) ? `\\${emitForm[i]}` : emitForm[i];
      i++;
    }
  }
  files.push({
    path: 'php/src/Api.php',
    content: `${header('')}use ${rootNamespace}\\Runtime\\ApiConfig;

/** The API facts of the spec the runtime works with. */
final class Api
{
  /** How a DateTimeInterface is written (the spec's ${emitForm}). */
  public const DATE_FORMAT = ${str(phpForm)};
  public const VERSION = ${str(spec.packages.version)};

  public static function config(): ApiConfig
  {
    return new ApiConfig(
      requestRoot: ${str(spec.formats.requestRoot)},
      responseRoot: ${str(spec.formats.responseRoot)},
      contentTypes: ['xml' => ${str(spec.formats.output.xml)}, 'json' => ${str(spec.formats.output.json)}],
      quotaHeader: ${str(spec.quota.header)},
      signatureHeader: ${str(spec.notification.signature.header)},
      errorDesc: Descriptors::get('error.response'),
      xmlLimits: ['maxBytes' => ${spec.limits.maxBodyBytes}, 'maxDepth' => ${spec.limits.maxXmlDepth}, 'maxElements' => ${spec.limits.maxXmlElements}],
      batch: ['path' => ${str(spec.batch.path)}, 'method' => ${str(spec.batch.method)}, 'maxParts' => ${spec.batch.maxParts}, 'contentType' => ${str(spec.batch.contentType)}, 'partContentType' => ${str(spec.batch.partContentType)}],
      datePatterns: ${literal(dates)},
      dateFormat: self::DATE_FORMAT,
    );
  }
}
`,
    format: 'php',
  });
  return files;
}
