// Loads spec/*.yaml, checks it against spec/schema/spec.schema.json and the
// cross-reference rules, and returns the IR. Every problem is reported as
// `file:line:col: what was expected, what was found`.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, isAbsolute } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { validate as compiledSchema } from './spec-schema-validator.ts';
import { LineCounter, parseDocument, isMap, isPair, isScalar, isSeq, type Document, type Node } from 'yaml';
import {
  scalarTypes,
  type ActivityType,
  type Field,
  type FieldSet,
  type HierarchyRule,
  type Kind,
  type ObjectShape,
  type Operation,
  type Report,
  type ScalarType,
  type Shape,
  type SourcePos,
  type Spec,
  type Structure,
  type ValueList,
  type Conformance,
  type ConformanceCall,
} from './model.ts';

export const schemaPath = fileURLToPath(new URL('../../spec/schema/spec.schema.json', import.meta.url));

export interface SpecProblem {
  pos: SourcePos;
  message: string;
}

export class SpecError extends Error {
  constructor(readonly problems: SpecProblem[]) {
    super(problems.map(formatProblem).join('\n'));
    this.name = 'SpecError';
  }
}

export function formatProblem(p: SpecProblem): string {
  return `${p.pos.file}:${p.pos.line}:${p.pos.col}: ${p.message}`;
}

/** One parsed YAML file with a way to find the position of any path in it. */
interface SpecFile {
  file: string;
  doc: Document.Parsed;
  lines: LineCounter;
  data: Record<string, unknown>;
}

type Path = (string | number)[];

function posAt(f: SpecFile, path: Path, key = false): SourcePos {
  // Walk down as far as the path exists; point at the key of a map entry when asked.
  let node: unknown = f.doc.contents;
  let found: Node | null = node as Node | null;
  let keyNode: Node | null = null;
  for (const seg of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(seg));
      if (!pair) break;
      keyNode = pair.key as Node;
      node = pair.value;
    } else if (isSeq(node) && typeof seg === 'number') {
      node = node.items[seg];
      keyNode = null;
    } else break;
    if (node && typeof node === 'object' && 'range' in (node as object)) found = node as Node;
  }
  const target = key && keyNode ? keyNode : found;
  const offset = target?.range?.[0] ?? 0;
  const { line, col } = f.lines.linePos(offset);
  return { file: f.file, line, col };
}

/** Relative to the working folder when inside it, as given otherwise. */
export function displayPath(file: string): string {
  const rel = relative(process.cwd(), file);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : file;
}

// ajv's code for spec/schema, compiled ahead (generator/spec-schema-code.ts; a test checks it is current).
const schemaValidator = () => compiledSchema as unknown as ValidateFunction;

function describeFound(v: unknown): string {
  if (v === null || v === undefined) return 'nothing';
  if (typeof v === 'string') return `string ${JSON.stringify(v)}`;
  if (typeof v === 'number' || typeof v === 'boolean') return `${typeof v} ${String(v)}`;
  if (Array.isArray(v)) return 'a list';
  return 'a map';
}

function valueAt(data: unknown, path: Path): unknown {
  let v = data;
  for (const seg of path) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[seg as string] : undefined;
  return v;
}

/** Turns ajv's errors into positioned messages, keeping the most specific one per place. */
function schemaProblems(f: SpecFile, errors: ErrorObject[]): SpecProblem[] {
  const useful = errors.filter((e) => !['if', 'anyOf', 'oneOf', 'allOf', 'not'].includes(e.keyword));
  // An anyOf over types yields enum errors for each branch; keep one per path and keyword.
  const seen = new Set<string>();
  const out: SpecProblem[] = [];
  for (const e of useful) {
    const path: Path = e.instancePath
      .split('/')
      .slice(1)
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    const where = path.join('.') || '(top level)';
    let pos = posAt(f, path);
    let message: string;
    const found = valueAt(f.data, path);
    switch (e.keyword) {
      case 'additionalProperties': {
        const extra = String(e.params.additionalProperty);
        pos = posAt(f, [...path, extra], true);
        const allowed = Object.keys((e.parentSchema as { properties?: object })?.properties ?? {});
        message = `unknown key '${extra}' in ${where}; expected one of: ${allowed.join(', ')}`;
        break;
      }
      case 'required':
        message = `${where} is missing required key '${String(e.params.missingProperty)}'`;
        break;
      case 'enum':
        message = `${where}: expected one of ${(e.params.allowedValues as unknown[]).map((x) => JSON.stringify(x)).join(', ')}, found ${describeFound(found)}`;
        break;
      case 'const':
        message = `${where}: expected ${JSON.stringify(e.params.allowedValue)}, found ${describeFound(found)}`;
        break;
      case 'type':
        message = `${where}: expected ${String(e.params.type)}, found ${describeFound(found)}`;
        break;
      case 'propertyNames':
        continue; // reported by the 'pattern' error that accompanies it
      case 'pattern':
        if (e.propertyName !== undefined) {
          pos = posAt(f, [...path, e.propertyName], true);
          message = `name '${e.propertyName}' in ${where} must match ${String(e.params.pattern)}`;
        } else {
          message = `${where}: expected a value matching ${String(e.params.pattern)}, found ${describeFound(found)}`;
        }
        break;
      default:
        message = `${where}: ${e.message ?? 'is invalid'}, found ${describeFound(found)}`;
    }
    const k = `${pos.line}:${pos.col}:${e.keyword}:${where}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push({ pos, message });
  }
  return out;
}

/** Sections whose entries may be spread over several files. */
const mergedSections = new Set(['structures', 'operations', 'conformance']);

/** Licenses whose text crmgen writes itself (templates/licenses/); any other needs packages.licenseFile. */
export const builtInLicenses = ['MIT', 'ISC'];

/** Beside the YAML files: the changes of each release, newest first, as crmgen diff --bump writes them. */
export const changelogFile = 'CHANGELOG.md';

export interface LoadOptions {
  /** Read files from memory instead of disk (tests, watch mode). */
  files?: Record<string, string>;
}

/** The folder beside the spec's YAML files that holds the conformance cases (spec/conformance/*.yaml). */
export const conformanceDir = 'conformance';

const isYaml = (n: string) => n.endsWith('.yaml') || n.endsWith('.yml');

export function loadSpec(dir: string, options: LoadOptions = {}): Spec {
  const names = options.files
    ? Object.keys(options.files)
        .filter((n) => isYaml(n) && (!n.includes('/') || n.startsWith(`${conformanceDir}/`)))
        .sort()
    : [
        ...readdirSync(dir).filter(isYaml).sort(),
        ...(existsSync(join(dir, conformanceDir))
          ? readdirSync(join(dir, conformanceDir))
              .filter(isYaml)
              .sort()
              .map((n) => `${conformanceDir}/${n}`)
          : []),
      ];
  const problems: SpecProblem[] = [];
  const files: SpecFile[] = [];
  const validate = schemaValidator();
  for (const name of names) {
    const full = join(dir, name);
    const text = options.files ? options.files[name] : readFileSync(full, 'utf8');
    const lines = new LineCounter();
    const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
    const file = displayPath(full);
    if (doc.errors.length) {
      for (const err of doc.errors) {
        const { line, col } = lines.linePos(err.pos[0]);
        problems.push({ pos: { file, line, col }, message: `YAML syntax: ${err.message.split('\n')[0]}` });
      }
      continue;
    }
    const data = (doc.toJS() ?? {}) as Record<string, unknown>;
    const f: SpecFile = { file, doc, lines, data };
    if (!data || typeof data !== 'object' || Array.isArray(data)) {
      problems.push({ pos: posAt(f, []), message: `expected a map of sections, found ${describeFound(data)}` });
      continue;
    }
    if (!validate(data)) problems.push(...schemaProblems(f, validate.errors ?? []));
    files.push(f);
  }
  if (problems.length) throw new SpecError(sortProblems(problems));
  const built = new IrBuilder(files);
  const spec = built.build();
  // An optional changelog (crmgen diff --format markdown) is shown in the reference docs.
  const changelog = options.files
    ? options.files[changelogFile]
    : existsSync(join(dir, changelogFile))
      ? readFileSync(join(dir, changelogFile), 'utf8')
      : undefined;
  if (changelog !== undefined && changelog.trim()) spec.changelog = changelog;
  const licenseFile = spec.packages?.licenseFile;
  if (licenseFile !== undefined) {
    const text = options.files
      ? options.files[licenseFile]
      : existsSync(join(dir, licenseFile))
        ? readFileSync(join(dir, licenseFile), 'utf8')
        : undefined;
    if (text === undefined)
      built.problems.push({
        pos: spec.pos?.['packages.licenseFile'] ?? { file: '(spec)', line: 1, col: 1 },
        message: `packages.licenseFile: expected a file beside the spec, found no '${licenseFile}' in ${displayPath(dir)}`,
      });
    else spec.packages.licenseText = text;
  }
  if (built.problems.length) throw new SpecError(sortProblems(built.problems));
  return spec;
}

function sortProblems(p: SpecProblem[]): SpecProblem[] {
  return p.sort((a, b) => a.pos.file.localeCompare(b.pos.file) || a.pos.line - b.pos.line || a.pos.col - b.pos.col);
}

/** The calls of a conformance case, with their paths inside it. */
function callsOf(c: Record<string, any>): [Path, ConformanceCall][] {
  const out: [Path, ConformanceCall][] = [];
  if (c.call) out.push([['call'], c.call]);
  (c.calls ?? []).forEach((call: ConformanceCall, i: number) => out.push([['calls', i], call]));
  if (c.repeat?.call) out.push([['repeat', 'call'], c.repeat.call]);
  return out;
}

/** Where a section (or an entry of a merged section) was found. */
interface Located<T> {
  value: T;
  file: SpecFile;
  path: Path;
}

type Raw = Record<string, any>;

class IrBuilder {
  problems: SpecProblem[] = [];
  private sections = new Map<string, Located<Raw>>();
  private merged = new Map<string, Map<string, Located<Raw>>>();

  constructor(files: SpecFile[]) {
    for (const f of files) {
      for (const [section, value] of Object.entries(f.data)) {
        if (mergedSections.has(section)) {
          const into = this.merged.get(section) ?? new Map<string, Located<Raw>>();
          this.merged.set(section, into);
          for (const [name, entry] of Object.entries(value as Raw)) {
            const prev = into.get(name);
            if (prev) {
              this.problem(
                f,
                [section, name],
                `duplicate ${section} entry '${name}', first defined at ${fmt(posAt(prev.file, prev.path, true))}`,
                true,
              );
            } else into.set(name, { value: entry as Raw, file: f, path: [section, name] });
          }
          continue;
        }
        const prev = this.sections.get(section);
        if (prev)
          this.problem(
            f,
            [section],
            `section '${section}' is defined again; first defined at ${fmt(posAt(prev.file, prev.path, true))}`,
            true,
          );
        else this.sections.set(section, { value: value as Raw, file: f, path: [section] });
      }
    }
  }

  private problem(f: SpecFile, path: Path, message: string, key = false) {
    this.problems.push({ pos: posAt(f, path, key), message });
  }

  private section(name: string): Located<Raw> {
    const s = this.sections.get(name);
    if (s) return s;
    const anyFile = [...this.sections.values()][0]?.file;
    this.problems.push({
      pos: anyFile ? { file: anyFile.file, line: 1, col: 1 } : { file: '(spec)', line: 1, col: 1 },
      message: `the spec has no '${name}' section`,
    });
    return { value: {}, file: anyFile as SpecFile, path: [name] };
  }

  private pos(loc: Located<unknown>, sub: Path = [], key = true): SourcePos {
    return loc.file ? posAt(loc.file, [...loc.path, ...sub], key) : { file: '(spec)', line: 1, col: 1 };
  }

  build(): Spec {
    const values = this.values();
    const valueNames = new Set(values.map((v) => v.name));

    const structuresMap = this.merged.get('structures') ?? new Map<string, Located<Raw>>();
    const structureNames = new Set([...structuresMap.keys(), 'Hook', 'HookCreate', 'HookUpdate']);
    const ctx: ShapeContext = {
      valueNames,
      structureNames,
      problem: (loc, sub, msg) => this.problem(loc.file, [...loc.path, ...sub], msg),
    };

    const kindsLoc = this.section('kinds');
    const fieldsets = this.fieldsets();
    const kinds = this.kinds(kindsLoc, fieldsets);
    const activitiesLoc = this.section('activities');
    const activities = this.activities(activitiesLoc, ctx);
    const segments = new Set(activities.map((a) => a.segment));
    const hierarchy = this.hierarchy(activitiesLoc, activities, segments);
    const structures = this.structures(structuresMap, ctx);

    const hooksLoc = this.section('hooks');
    const hookFields = this.fieldMap(
      hooksLoc.value.fields ?? {},
      { ...hooksLoc, path: [...hooksLoc.path, 'fields'] },
      ctx,
      'hook',
    );
    const listedFields = this.fieldMap(
      hooksLoc.value.listed ?? {},
      { ...hooksLoc, path: [...hooksLoc.path, 'listed'] },
      ctx,
      'hook',
    );
    structures.push(...hookStructures(hookFields, listedFields, this.pos(hooksLoc)));
    for (const [family, list] of Object.entries(hooksLoc.value.constraintsByEventFamily ?? {})) {
      if (!valueNames.has(list as string))
        this.problem(hooksLoc.file, ['hooks', 'constraintsByEventFamily', family], `unknown value list '${list}'`);
    }

    const operations = this.operations(ctx);
    const reports = this.reports(ctx, activities, segments, structureNames, operations);
    const errorsLoc = this.section('errors');
    const errors = this.errorKeys(errorsLoc);
    const events = this.events(values);
    this.checkListSemantics(kinds, activities, segments);

    const notificationLoc = this.section('notification');
    const n = notificationLoc.value;
    for (const [family, structure] of Object.entries((n.content ?? {}) as Record<string, string>)) {
      if (!structureNames.has(structure))
        this.problem(notificationLoc.file, ['notification', 'content', family], `unknown structure '${structure}'`);
      if (!events.some((e) => e.name.startsWith(`${family}.`)))
        this.problem(notificationLoc.file, ['notification', 'content', family], `no event of family '${family}'`, true);
    }
    const reportTypesLoc = this.section('reportActivityTypes');
    const auditLoc = this.section('auditFields');
    const reportOnly = this.sections.get('reportOnlyTypeids');
    for (const [i, r] of ((reportOnly?.value as unknown as { segment: string }[]) ?? []).entries()) {
      if (!segments.has(r.segment))
        this.problem(reportOnly!.file, ['reportOnlyTypeids', i, 'segment'], `unknown activity segment '${r.segment}'`);
    }

    return {
      service: this.section('service').value as Spec['service'],
      packages: this.packages(),
      formats: this.section('formats').value as Spec['formats'],
      auth: this.section('auth').value as Spec['auth'],
      quota: this.section('quota').value as Spec['quota'],
      limits: Object.fromEntries(
        Object.entries(this.section('limits').value).filter(([k]) => k !== 'assumed'),
      ) as Record<string, number>,
      listSemantics: this.section('listSemantics').value as Spec['listSemantics'],
      batch: this.section('batch').value as Spec['batch'],
      errors,
      errorEnvelope: errorsLoc.value.envelope as Spec['errorEnvelope'],
      values,
      kinds,
      fieldsets,
      customFields: this.section('customFields').value as Spec['customFields'],
      auditFields: this.fieldMap(auditLoc.value, auditLoc, ctx, 'audit'),
      activities,
      ...this.moveTargets(kinds),
      ...(this.sections.has('conditionUnmet')
        ? { conditionUnmet: this.sections.get('conditionUnmet')!.value as unknown as 'refuse' | 'ignore' }
        : {}),
      reportOnlyTypeids: (reportOnly?.value as unknown as Spec['reportOnlyTypeids']) ?? [],
      hierarchy,
      structures,
      operations,
      reports,
      dueWindows: this.dueWindows(values),
      reportActivityTypes: Object.entries(reportTypesLoc.value).map(([name, typeid]) => ({
        name,
        typeid: typeid as number,
      })),
      hooks: {
        fields: hookFields,
        ...(hooksLoc.value.assumed ? { assumed: hooksLoc.value.assumed } : {}),
        constraintsByEventFamily: hooksLoc.value.constraintsByEventFamily ?? {},
      },
      events,
      notification: {
        ...(n.assumed ? { assumed: n.assumed } : {}),
        root: n.root,
        fields: this.fieldMap(
          n.fields ?? {},
          { ...notificationLoc, path: [...notificationLoc.path, 'fields'] },
          ctx,
          'notification',
        ),
        content: n.content ?? {},
        signature: n.signature,
        retries: n.retries,
      },
      ...(this.merged.has('conformance') ? { conformance: this.conformance(operations, kinds, activities) } : {}),
      pos: this.sectionPositions(),
    };
  }

  /**
   * The conformance suite, each case with its position; a call names an operation of the spec and,
   * where the operation needs them, a kind and a segment of the spec, and case ids are unique per family.
   */
  private conformance(operations: Operation[], kinds: Kind[], activities: ActivityType[]): Conformance {
    const parts = this.merged.get('conformance')!;
    const part = (name: string) => parts.get(name);
    const cases = <T>(name: string): T[] => {
      const loc = part(name);
      if (!loc) return [];
      const seen = new Set<string>();
      return (loc.value as unknown as Raw[]).map((c, i) => {
        if (seen.has(c.id))
          this.problem(loc.file, [...loc.path, i, 'id'], `conformance ${name}: case id '${c.id}' is used twice`);
        seen.add(c.id);
        for (const [path, call] of callsOf(c)) this.checkCall(loc, [i, ...path], call, operations, kinds, activities);
        return { ...c, pos: this.pos(loc, [i], false) } as T;
      });
    };
    const required = (name: string) => {
      const loc = part(name);
      if (loc) return loc.value as Raw;
      this.problems.push({
        pos: this.pos([...parts.values()][0]!, [], true),
        message: `conformance: expected a '${name}' entry (spec/conformance/*.yaml), found none`,
      });
      return {};
    };
    return {
      client: required('client') as Conformance['client'],
      retry: required('retry') as Conformance['retry'],
      requests: cases('requests'),
      responses: cases('responses'),
      retries: cases('retries'),
      batch: cases('batch'),
      webhooks: cases('webhooks'),
      pagination: cases('pagination'),
    };
  }

  private checkCall(
    loc: Located<Raw>,
    at: Path,
    call: ConformanceCall,
    operations: Operation[],
    kinds: Kind[],
    activities: ActivityType[],
  ) {
    const op = operations.find((o) => o.id === call.operation);
    if (!op) return this.problem(loc.file, [...loc.path, ...at, 'operation'], `unknown operation '${call.operation}'`);
    const needsKind = op.scope === 'kind' || op.scope === 'activity';
    if (needsKind && !kinds.some((k) => k.name === call.kind))
      this.problem(
        loc.file,
        [...loc.path, ...at],
        `operation '${op.id}' needs the kind of a record (one of ${kinds.map((k) => k.name).join(', ')}), found ${JSON.stringify(call.kind)}`,
      );
    if (op.scope === 'activity' && !activities.some((a) => a.segment === call.segment))
      this.problem(
        loc.file,
        [...loc.path, ...at],
        `operation '${op.id}' needs an activity segment of the spec, found ${JSON.stringify(call.segment)}`,
      );
  }

  /** Value lists, each value once. */
  private values(): ValueList[] {
    const valuesLoc = this.section('values');
    const values: ValueList[] = Object.entries(valuesLoc.value).map(([name, v]) => {
      const entries = (v.values as unknown[]).map((e, i) => {
        const entry =
          typeof e === 'object' && e
            ? (e as { value: string | number; label?: string })
            : { value: e as string | number };
        return {
          value: entry.value,
          ...(entry.label ? { label: entry.label } : {}),
          pos: this.pos(valuesLoc, [name, 'values', i], false),
        };
      });
      const seen = new Set<string | number>();
      entries.forEach((e, i) => {
        if (seen.has(e.value))
          this.problem(
            valuesLoc.file,
            ['values', name, 'values', i],
            `value list '${name}' has ${JSON.stringify(e.value)} twice`,
          );
        seen.add(e.value);
      });
      return {
        name,
        ...(v.description ? { description: v.description } : {}),
        ...(v.assumed ? { assumed: v.assumed } : {}),
        ...(v.matchCase === false ? { matchCase: false as const } : {}),
        base: entries.some((e) => typeof e.value === 'string') ? ('text' as const) : ('integer' as const),
        values: entries,
        pos: this.pos(valuesLoc, [name]),
      };
    });
    return values;
  }

  private fieldsets(): FieldSet[] {
    const fieldsetsLoc = this.section('fieldsets');
    const fieldsets: FieldSet[] = Object.entries(fieldsetsLoc.value).map(([name, fs]) => ({
      name,
      ...(fs.description ? { description: fs.description } : {}),
      ...(fs.assumed ? { assumed: fs.assumed } : {}),
      fields: Object.entries(fs.fields as Raw).map(([fname, f]) => ({
        name: fname,
        label: f.label,
        type: f.type,
        ...(f.role ? { role: f.role } : {}),
        pos: this.pos(fieldsetsLoc, [name, 'fields', fname]),
      })),
      pos: this.pos(fieldsetsLoc, [name]),
    }));
    return fieldsets;
  }

  /** Record kinds: their field set exists, their name comes from its fields, typeids are unique. */
  private kinds(kindsLoc: Located<Raw>, fieldsets: FieldSet[]): Kind[] {
    const kinds: Kind[] = Object.entries(kindsLoc.value).map(([name, k]) => {
      const fieldset = fieldsets.find((fs) => fs.name === k.fieldset);
      if (!fieldset)
        this.problem(
          kindsLoc.file,
          ['kinds', name, 'fieldset'],
          `kind '${name}': unknown fieldset '${k.fieldset}'; expected one of ${fieldsets.map((f) => f.name).join(', ')}`,
        );
      for (const [i, n] of (k.nameFrom as string[]).entries()) {
        if (fieldset && !fieldset.fields.some((f) => f.name === n))
          this.problem(
            kindsLoc.file,
            ['kinds', name, 'nameFrom', i],
            `kind '${name}': nameFrom names '${n}', which is not a field of fieldset '${fieldset.name}'`,
          );
      }
      return {
        name,
        singular: k.singular,
        title: k.title,
        typeid: k.typeid,
        ...(k.assumed ? { assumed: k.assumed } : {}),
        fieldset: k.fieldset,
        nameFrom: k.nameFrom,
        pos: this.pos(kindsLoc, [name]),
      };
    });
    this.unique(
      kindsLoc,
      kinds.map((k) => [k.name, k.typeid]),
      'record typeid',
    );
    return kinds;
  }

  /** Activity types with their fields (conditions on fields of the same type); parents come from the hierarchy. */
  private activities(activitiesLoc: Located<Raw>, ctx: ShapeContext): ActivityType[] {
    const activities: ActivityType[] = Object.entries(activitiesLoc.value).map(([segment, a]) => {
      const loc = { ...activitiesLoc, path: [...activitiesLoc.path, segment, 'fields'] };
      const fields = this.fieldMap(a.fields ?? {}, loc, ctx, 'activity');
      for (const f of fields) {
        if (f.when && !fields.some((g) => g.name === f.when!.field))
          this.problem(
            activitiesLoc.file,
            ['activities', segment, 'fields', f.name, 'when'],
            `activity '${segment}': field '${f.name}' has a condition on unknown field '${f.when.field}'`,
            true,
          );
      }
      return {
        segment,
        title: a.title,
        aliases: a.aliases ?? [],
        typeid: a.typeid,
        altTypeids: a.altTypeids ?? [],
        thirdParty: a.thirdParty === true,
        onePerParent: a.onePerParent === true,
        fields,
        parents: [],
        pos: this.pos(activitiesLoc, [segment]),
      };
    });
    this.unique(
      activitiesLoc,
      activities.flatMap((a) => [a.typeid, ...a.altTypeids].map((t) => [a.segment, t] as [string, number])),
      'activity typeid',
    );
    return activities;
  }

  /** Parent > child rules of the hierarchy chains; sets each activity's parents (every type needs one). */
  private hierarchy(activitiesLoc: Located<Raw>, activities: ActivityType[], segments: Set<string>): HierarchyRule[] {
    const hierarchyLoc = this.section('hierarchy');
    const hierarchy: HierarchyRule[] = [];
    (hierarchyLoc.value as unknown as string[][]).forEach((chain, i) => {
      chain.forEach((name, j) => {
        const ok = name === 'record' ? j === 0 : segments.has(name);
        if (!ok) {
          const msg =
            name === 'record'
              ? `'record' can only start a chain`
              : `unknown activity segment '${name}'; expected record or one of the activities`;
          this.problem(hierarchyLoc.file, ['hierarchy', i, j], `hierarchy chain ${i + 1}: ${msg}`);
        }
        if (j === 0) return;
        const parent = chain[j - 1];
        if (!hierarchy.some((r) => r.parent === parent && r.child === name))
          hierarchy.push({ parent, child: name, pos: this.pos(hierarchyLoc, [i, j], false) });
      });
    });
    for (const a of activities) {
      a.parents = hierarchy
        .filter((r) => r.child === a.segment)
        .map((r) => r.parent)
        .sort();
      if (!a.parents.length)
        this.problem(
          activitiesLoc.file,
          ['activities', a.segment],
          `activity '${a.segment}' has no allowed parent in hierarchy.yaml`,
          true,
        );
    }
    return hierarchy;
  }

  private structures(structuresMap: Map<string, Located<Raw>>, ctx: ShapeContext): Structure[] {
    const structures: Structure[] = [...structuresMap.entries()].map(([name, loc]) => {
      const shape = this.shape(loc.value, loc, ctx, 'structure');
      if (shape.kind !== 'object') this.problem(loc.file, loc.path, `structure '${name}' must be an object`, true);
      return {
        name,
        ...(loc.value.description ? { description: loc.value.description } : {}),
        ...(loc.value.assumed ? { assumed: loc.value.assumed } : {}),
        shape: shape as ObjectShape,
        pos: this.pos(loc),
      };
    });
    return structures;
  }

  /** The endpoints' operations: unique client names, `response: <operation id>` resolved. */
  private operations(ctx: ShapeContext): Operation[] {
    const opsMap = this.merged.get('operations') ?? new Map<string, Located<Raw>>();
    const operations: Operation[] = [];
    for (const [id, loc] of opsMap) operations.push(this.operation(id, loc, ctx));
    const clientNames = new Map<string, string>();
    for (const op of operations) {
      const key = `${op.scope}:${op.client}`;
      const prev = clientNames.get(key);
      const raw = opsMap.get(op.id)!;
      if (prev)
        this.problem(
          raw.file,
          [...raw.path, 'client'],
          `client name '${op.client}' is already used by operation '${prev}'`,
        );
      clientNames.set(key, op.id);
      if (typeof raw.value.response === 'string' && raw.value.response !== 'status') {
        const other = operations.find((o) => o.id === raw.value.response);
        if (!other)
          this.problem(
            raw.file,
            [...raw.path, 'response'],
            `response '${raw.value.response}' names no operation; expected 'status', an operation id or a shape`,
          );
        else op.response = other.response;
      }
    }
    return operations;
  }

  /** Reports with what they read from each activity type; each report's operation is added to `operations`. */
  private reports(
    ctx: ShapeContext,
    activities: ActivityType[],
    segments: Set<string>,
    structureNames: Set<string>,
    operations: Operation[],
  ): Report[] {
    const reportParamsLoc = this.section('reportParams');
    const reportParams = new Map(
      this.fieldMap(reportParamsLoc.value, reportParamsLoc, ctx, 'param').map((f) => [f.name, f]),
    );
    const reportsLoc = this.section('reports');
    const reportSources = this.section('reportSources');
    for (const name of Object.keys(reportSources.value))
      if (!(name in reportsLoc.value))
        this.problem(reportSources.file, ['reportSources', name], `no report '${name}' in reports`, true);
    const reports: Report[] = [];
    for (const [name, r] of Object.entries(reportsLoc.value)) {
      const rloc: Located<Raw> = { ...reportsLoc, path: [...reportsLoc.path, name] };
      const params: Field[] = Object.entries(r.params as Raw).map(([pname, p]) => {
        if (p && typeof p === 'object' && 'param' in p) {
          const base = reportParams.get(p.param);
          if (!base) {
            this.problem(
              reportsLoc.file,
              ['reports', name, 'params', pname, 'param'],
              `unknown report parameter '${p.param}'; expected one of ${[...reportParams.keys()].join(', ')}`,
            );
            return {
              name: pname,
              shape: { kind: 'scalar', type: 'text' },
              required: false,
              pos: this.pos(rloc, ['params', pname]),
            } as Field;
          }
          return {
            ...base,
            name: pname,
            ...(p.description ? { description: p.description } : {}),
            pos: this.pos(rloc, ['params', pname]),
          };
        }
        return this.field(pname, p, { ...rloc, path: [...rloc.path, 'params', pname] }, ctx, 'param');
      });
      if (!structureNames.has(r.entry))
        this.problem(reportsLoc.file, ['reports', name, 'entry'], `unknown structure '${r.entry}'`);
      const sources = (reportSources.value[name] ?? {}) as Raw;
      const srcLoc = ['reportSources', name];
      const from: Report['from'] = {};
      for (const [segment, src] of Object.entries((sources.from ?? {}) as Record<string, Raw>)) {
        const a = activities.find((x) => x.segment === segment);
        if (!a) {
          this.problem(reportSources.file, [...srcLoc, 'from', segment], `unknown activity segment '${segment}'`, true);
          continue;
        }
        for (const key of ['date', 'owner'] as const) {
          if (src[key] !== undefined && !a.fields.some((f) => f.name === src[key]))
            this.problem(
              reportSources.file,
              [...srcLoc, 'from', segment, key],
              `activity '${segment}' has no field '${src[key]}'`,
            );
        }
        from[segment] = {
          date: src.date,
          ...(src.owner ? { owner: src.owner } : {}),
          dated: src.dated === true,
          includeCompleted: src.includeCompleted === true,
        };
      }
      const completable = (sources.completable ?? []) as string[];
      const ancestors = (sources.ancestors ?? {}) as Record<string, string>;
      completable.forEach((seg, i) => {
        if (!segments.has(seg))
          this.problem(reportSources.file, [...srcLoc, 'completable', i], `unknown activity segment '${seg}'`);
      });
      const comments = sources.comments as string | undefined;
      if (comments !== undefined && !segments.has(comments))
        this.problem(reportSources.file, [...srcLoc, 'comments'], `unknown activity segment '${comments}'`);
      for (const [field, seg] of Object.entries(ancestors))
        if (!segments.has(seg))
          this.problem(reportSources.file, [...srcLoc, 'ancestors', field], `unknown activity segment '${seg}'`);
      reports.push({
        name,
        lists: r.lists,
        container: r.container,
        element: r.element,
        entry: r.entry,
        from,
        completable,
        ancestors,
        ...(comments ? { comments } : {}),
        pos: this.pos(rloc),
      });
      operations.push({
        id: `report${name[0].toUpperCase()}${name.slice(1)}`,
        method: 'GET',
        path: `/report/${name}/`,
        scope: 'global',
        purpose: `Report: ${r.lists}`,
        client: `reports.${name}`,
        status: 200,
        location: false,
        upload: false,
        multipart: false,
        params,
        response: {
          kind: 'object',
          fields: [
            {
              name: r.container,
              shape: { kind: 'list', element: r.element, of: { kind: 'ref', name: r.entry } },
              required: true,
              pos: this.pos(rloc, ['container']),
            },
            {
              name: 'status',
              shape: { kind: 'scalar', type: 'status' },
              required: true,
              pos: this.pos(rloc, ['container']),
            },
          ],
        },
        report: name,
        pos: this.pos(rloc),
      });
    }
    return reports;
  }

  private errorKeys(errorsLoc: Located<Raw>): Spec['errors'] {
    const errors = Object.entries((errorsLoc.value.keys ?? {}) as Record<string, Raw>).map(([key, e]) => ({
      key,
      status: e.status,
      message: e.message,
      ...(e.assumed ? { assumed: e.assumed } : {}),
      ...(e.retryAfter ? { retryAfter: e.retryAfter as Record<string, number> } : {}),
      pos: this.pos(errorsLoc, ['keys', key]),
    }));
    // Clients wait out Retry-After on answers they may repeat: too many requests, or the server's side.
    for (const e of errors) {
      if (e.retryAfter && e.status !== 429 && e.status < 500)
        this.problem(
          errorsLoc.file,
          ['errors', 'keys', e.key, 'retryAfter'],
          `retryAfter on a ${e.status} answer: only 429 and 5xx answers are retried`,
        );
    }
    return errors;
  }

  /** Hook events, each in the hookevents value list. */
  private events(values: ValueList[]): Spec['events'] {
    const eventsLoc = this.section('events');
    const events = Object.entries(eventsLoc.value).map(([name, description]) => ({
      name,
      description: String(description),
      pos: this.pos(eventsLoc, [name]),
    }));
    const hookEvents = values.find((v) => v.name === 'hookevents');
    for (const e of events) {
      if (hookEvents && !hookEvents.values.some((v) => v.value === e.name))
        this.problem(eventsLoc.file, ['events', e.name], `event '${e.name}' is not in value list 'hookevents'`, true);
    }
    return events;
  }

  /** The list semantics name segments, fields and a kind that exist. */
  private checkListSemantics(kinds: Kind[], activities: ActivityType[], segments: Set<string>): void {
    const ls = this.sections.get('listSemantics');
    if (ls) {
      const v = ls.value as Spec['listSemantics'];
      v.overdueSegments.forEach((seg, i) => {
        if (!segments.has(seg))
          this.problem(ls.file, ['listSemantics', 'overdueSegments', i], `unknown activity segment '${seg}'`);
      });
      for (const key of ['due', 'unsent'] as const) {
        for (const [seg, field] of Object.entries(v[key])) {
          const a = activities.find((x) => x.segment === seg);
          if (!a) this.problem(ls.file, ['listSemantics', key, seg], `unknown activity segment '${seg}'`, true);
          else if (!a.fields.some((f) => f.name === field))
            this.problem(ls.file, ['listSemantics', key, seg], `activity '${seg}' has no field '${field}'`);
        }
      }
      if (!kinds.some((k) => k.name === v.companyKind))
        this.problem(ls.file, ['listSemantics', 'companyKind'], `unknown kind '${v.companyKind}'`);
    }
  }

  /** Positions of every section and of the keys (and list entries) of the settings sections, by dotted path. */
  private sectionPositions(): Record<string, SourcePos> {
    const out: Record<string, SourcePos> = {};
    const deep = new Set([
      'service',
      'packages',
      'formats',
      'auth',
      'quota',
      'limits',
      'listSemantics',
      'batch',
      'customFields',
      'reportOnlyTypeids',
      'reportActivityTypes',
      'reportSources',
      'hooks',
      'notification',
      'errors',
    ]);
    const walk = (loc: Located<unknown>, value: unknown, path: Path, depth: number) => {
      out[path.join('.')] = posAt(loc.file, path, typeof path[path.length - 1] === 'string');
      if (depth === 0 || !value || typeof value !== 'object') return;
      for (const [k, v] of Object.entries(value as Raw))
        walk(loc, v, [...path, Array.isArray(value) ? Number(k) : k], depth - 1);
    };
    for (const [name, loc] of this.sections) if (loc.file) walk(loc, deep.has(name) ? loc.value : undefined, [name], 3);
    return out;
  }

  /** The generated packages: distinct names, a license crmgen can write or a file that holds it. */
  private packages(): Spec['packages'] {
    const loc = this.section('packages');
    const p = loc.value as Spec['packages'];
    if (p.client && p.server && p.client.name === p.server.name)
      this.problem(
        loc.file,
        ['packages', 'server', 'name'],
        `packages.server.name: expected a name other than the client's, found '${p.server.name}' for both`,
      );
    if (p.license && !p.licenseFile && !builtInLicenses.includes(p.license))
      this.problem(
        loc.file,
        ['packages', 'license'],
        `packages.license: crmgen writes the text of ${builtInLicenses.join(' and ')} only; found '${p.license}', so name the file that holds its text in packages.licenseFile`,
      );
    return p;
  }

  /** Every due keyword has a window and every window is a due keyword. */
  private moveTargets(kinds: Kind[]): { moveTargets?: string[] } {
    const loc = this.sections.get('moveTargets');
    if (!loc) return {};
    const targets = loc.value as unknown as string[];
    targets.forEach((k, i) => {
      if (!kinds.some((x) => x.name === k)) this.problem(loc.file, ['moveTargets', i], `unknown record kind '${k}'`);
    });
    return { moveTargets: targets };
  }

  private dueWindows(values: ValueList[]): Spec['dueWindows'] {
    const loc = this.section('dueWindows');
    const windows = loc.value as Spec['dueWindows'];
    const keywords = new Set((values.find((v) => v.name === 'duekeywords')?.values ?? []).map((e) => String(e.value)));
    for (const [name, w] of Object.entries(windows)) {
      if (!keywords.has(name))
        this.problem(loc.file, ['dueWindows', name], `'${name}' is not in value list 'duekeywords'`, true);
      if (!w.nodate && !w.days)
        this.problem(loc.file, ['dueWindows', name], `window '${name}' needs days or nodate`, true);
    }
    for (const k of keywords)
      if (!(k in windows)) this.problem(loc.file, ['dueWindows'], `due keyword '${k}' has no window`, true);
    return windows;
  }

  private unique(loc: Located<Raw>, pairs: [string, number][], what: string) {
    const seen = new Map<number, string>();
    for (const [name, id] of pairs) {
      const prev = seen.get(id);
      if (prev !== undefined)
        this.problem(loc.file, [...loc.path, name], `duplicate ${what} ${id}: used by '${prev}' and '${name}'`, true);
      else seen.set(id, name);
    }
  }

  private operation(id: string, loc: Located<Raw>, ctx: ShapeContext): Operation {
    const o = loc.value;
    const op: Operation = {
      id,
      method: o.method,
      path: o.path,
      scope: o.scope,
      purpose: o.purpose,
      client: o.client,
      ...(o.paginate ? { paginate: o.paginate } : {}),
      status: o.status ?? 200,
      location: o.location === true,
      upload: o.upload === true,
      multipart: o.multipart === true,
      pos: this.pos(loc),
    };
    const placeholders = [...(o.path as string).matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const expected = o.scope === 'kind' ? ['kind'] : o.scope === 'activity' ? ['kind', 'segment'] : [];
    for (const p of expected)
      if (!placeholders.includes(p))
        this.problem(
          loc.file,
          [...loc.path, 'path'],
          `operation '${id}' has scope ${o.scope} but its path has no {${p}}`,
        );
    for (const p of placeholders)
      if (![...expected, 'id', 'deliveryId'].includes(p))
        this.problem(
          loc.file,
          [...loc.path, 'path'],
          `operation '${id}': unknown path placeholder {${p}}; expected ${[...expected, 'id', 'deliveryId'].map((x) => `{${x}}`).join(', ')}`,
        );
    if (o.params) op.params = this.fieldMap(o.params, { ...loc, path: [...loc.path, 'params'] }, ctx, 'param');
    if (o.request) op.request = this.shape(o.request, { ...loc, path: [...loc.path, 'request'] }, ctx, 'request');
    if (o.paginate) {
      const names = Object.keys(o.params ?? {});
      for (const key of ['start', 'limit'] as const)
        if (!names.includes(o.paginate[key]))
          this.problem(
            loc.file,
            [...loc.path, 'paginate', key],
            `paginate.${key} names '${o.paginate[key]}', which is not a parameter of '${id}'`,
          );
    }
    if (o.response === 'status') op.response = statusResponse();
    else if (o.response && typeof o.response === 'object')
      op.response = this.shape(o.response, { ...loc, path: [...loc.path, 'response'] }, ctx, 'response');
    return op;
  }

  fieldMap(raw: Raw, loc: Located<unknown>, ctx: ShapeContext, role: string): Field[] {
    return Object.entries(raw).map(([name, v]) =>
      this.field(name, v, { ...loc, path: [...loc.path, name] } as Located<Raw>, ctx, role),
    );
  }

  field(
    name: string,
    v: unknown,
    loc: Located<Raw>,
    ctx: ShapeContext,
    role: string,
    parentRequiredAll = false,
  ): Field {
    const raw: Raw = typeof v === 'string' ? { type: v } : (v as Raw);
    const shape = this.shape(raw, loc, ctx, role);
    const field: Field = {
      name,
      shape,
      required: raw.required === true || (parentRequiredAll && raw.required !== false),
      ...(raw.description ? { description: raw.description } : {}),
      ...(raw.assumed && raw.type !== 'object' ? { assumed: raw.assumed } : {}),
      pos: this.pos(loc),
    };
    if (raw.when) {
      const [other, cond] = Object.entries(raw.when as Raw)[0];
      field.when =
        typeof cond === 'object' && cond
          ? { field: other, notEquals: cond.not }
          : { field: other, equals: cond as string | number };
    }
    if (raw.create === 'not-true') {
      field.notTrueOnCreate = true;
      if (shape.kind !== 'scalar' || shape.type !== 'flag')
        ctx.problem(loc, ['create'], `'create: not-true' applies to flag fields only`);
    }
    return field;
  }

  shape(v: unknown, loc: Located<Raw>, ctx: ShapeContext, role: string): Shape {
    const raw: Raw = typeof v === 'string' ? { type: v } : (v as Raw);
    if (raw.ref) {
      if (!ctx.structureNames.has(raw.ref))
        ctx.problem(
          loc,
          ['ref'],
          `unknown structure '${raw.ref}'; expected one of ${[...ctx.structureNames].sort().join(', ')}`,
        );
      return { kind: 'ref', name: raw.ref };
    }
    const sub = (key: string): Located<Raw> => ({ ...loc, path: [...loc.path, key] });
    switch (raw.type) {
      case 'object': {
        const all = raw.required === 'all';
        const fields = Object.entries(raw.fields as Raw).map(([name, f]) =>
          this.field(name, f, { ...loc, path: [...loc.path, 'fields', name] }, ctx, role, all),
        );
        if (raw.spreadAfter !== undefined && !fields.some((f) => f.name === raw.spreadAfter))
          ctx.problem(
            loc,
            ['spreadAfter'],
            `spreadAfter names '${raw.spreadAfter}', which is not a field of this object`,
          );
        return {
          kind: 'object',
          fields,
          ...(raw.spread ? { spread: raw.spread } : {}),
          ...(raw.spreadAfter ? { spreadAfter: raw.spreadAfter } : {}),
        };
      }
      case 'list':
        return { kind: 'list', element: raw.element, of: this.shape(raw.of, sub('of'), ctx, role) };
      case 'keyed':
        return {
          kind: 'keyed',
          prefix: raw.prefix,
          of: this.shape(raw.of, sub('of'), ctx, role),
          as: raw.as,
          inline: raw.inline === true,
        };
      case 'map':
        return { kind: 'map', of: this.shape(raw.of, sub('of'), ctx, role) };
      case 'recordfields':
      case 'activityfields':
        return { kind: raw.type };
      default: {
        const type = raw.type as ScalarType;
        if (!scalarTypes.includes(type)) ctx.problem(loc, ['type'], `unknown type '${String(raw.type)}'`);
        const takesList = type === 'enum' || type === 'idlist' || type === 'due';
        if ((type === 'enum' || type === 'due' || (type === 'idlist' && raw.of)) && !ctx.valueNames.has(raw.of)) {
          ctx.problem(
            loc,
            ['of'],
            `unknown value list '${String(raw.of)}'; expected one of ${[...ctx.valueNames].sort().join(', ')}`,
          );
        }
        if (raw.of && !takesList)
          ctx.problem(loc, ['of'], `'of' names a value list only for enum, idlist and due fields, found type ${type}`);
        if (raw.ids !== undefined && type !== 'idlist')
          ctx.problem(loc, ['ids'], `ids applies to idlist fields only, found type ${type}`);
        if (raw.falseIsEmpty && type !== 'flag')
          ctx.problem(loc, ['falseIsEmpty'], `falseIsEmpty applies to flag fields only, found type ${type}`);
        if ((raw.min !== undefined || raw.max !== undefined) && !['integer', 'decimal'].includes(type))
          ctx.problem(loc, ['min'], `min/max apply to integer and decimal fields, found type ${type}`);
        if (raw.min !== undefined && raw.max !== undefined && raw.min > raw.max)
          ctx.problem(loc, ['max'], `max ${raw.max} is below min ${raw.min}`);
        return {
          kind: 'scalar',
          type,
          ...(raw.of ? { values: raw.of } : {}),
          ...(raw.min !== undefined ? { min: raw.min } : {}),
          ...(raw.max !== undefined ? { max: raw.max } : {}),
          ...(raw.default !== undefined ? { default: raw.default } : {}),
          ...(raw.unit ? { unit: raw.unit } : {}),
          ...(raw.falseIsEmpty ? { falseIsEmpty: true } : {}),
          ...(raw.ids ? { ids: raw.ids } : {}),
        };
      }
    }
  }
}

interface ShapeContext {
  valueNames: Set<string>;
  structureNames: Set<string>;
  problem(loc: Located<unknown>, sub: Path, message: string): void;
}

function fmt(p: SourcePos) {
  return `${p.file}:${p.line}:${p.col}`;
}

function statusResponse(): ObjectShape {
  return {
    kind: 'object',
    fields: [
      {
        name: 'status',
        shape: { kind: 'scalar', type: 'status' },
        required: true,
        pos: { file: '(derived)', line: 0, col: 0 },
      },
    ],
  };
}

/** Hook (as listed, with id), HookCreate (required as marked) and HookUpdate (all optional). */
function hookStructures(fields: Field[], listed: Field[], pos: SourcePos): Structure[] {
  const id: Field = { name: 'id', shape: { kind: 'scalar', type: 'integer' }, required: true, pos };
  return [
    {
      name: 'Hook',
      description: 'A webhook as listed by GET /hooks/.',
      shape: {
        kind: 'object',
        fields: [id, ...fields.map((f) => ({ ...f, required: f.name !== 'secret' })), ...listed],
      },
      pos,
    },
    { name: 'HookCreate', description: 'Body of POST /hooks/.', shape: { kind: 'object', fields }, pos },
    {
      name: 'HookUpdate',
      description: 'Body of PUT /hooks/{id}: any of the fields.',
      shape: { kind: 'object', fields: fields.map((f) => ({ ...f, required: false })) },
      pos,
    },
  ];
}
