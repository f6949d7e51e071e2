// Compares two IRs and says what changed for the users of the API and its SDKs: every change
// is breaking (a caller or a stored payload that worked before can fail now), non-breaking
// (something was added or widened) or docs-only (descriptions, titles, purposes, assumptions),
// with the spec position of the NEW side (or of the OLD side for a removal). Pure: no I/O.
import {
  retryAfterText,
  type ActivityType,
  type Field,
  type Operation,
  type Shape,
  type SourcePos,
  type Spec,
  type Structure,
} from '../pipeline/model.ts';

export type Severity = 'breaking' | 'non-breaking' | 'docs';

export type ChangeKind =
  | 'removed'
  | 'added'
  /** Scalar type, value list, shape kind, structure reference, element or wire name. */
  | 'type-changed'
  | 'range-narrowed'
  | 'range-widened'
  | 'became-required'
  | 'became-optional'
  | 'path-changed'
  | 'method-changed'
  | 'typeid-changed'
  /** A hierarchy rule: a parent no longer allowed / newly allowed. */
  | 'parent-removed'
  | 'parent-added'
  /** Any other change of behaviour: status, default, unit, rule, setting. */
  | 'changed'
  | 'docs';

export type Subject =
  | 'operation'
  | 'kind'
  | 'fieldset'
  | 'activity'
  | 'field'
  | 'value-list'
  | 'value'
  | 'error'
  | 'hook-field'
  | 'event'
  | 'structure'
  | 'hierarchy'
  | 'setting';

export interface Change {
  severity: Severity;
  kind: ChangeKind;
  subject: Subject;
  /** Dotted path of the changed thing: activities.call.fields.duration, values.currencies.HRK, operations.listRecords.params.limit. */
  path: string;
  /** One readable sentence. */
  message: string;
  /** NEW side's position; OLD side's for a removal. */
  pos: SourcePos;
  /** The field's name for field changes (lets the API-surface check match member changes). */
  field?: string;
  before?: string;
  after?: string;
}

export interface SpecDiff {
  changes: Change[];
  counts: Record<Severity, number>;
  /** The most severe change, or none. */
  verdict: Severity | 'none';
}

export const formatPos = (p: SourcePos) => `${p.file}:${p.line}:${p.col}`;

/** Where a message travels: in (params, request bodies), out (responses, notifications), or both. */
interface Dir {
  in: boolean;
  out: boolean;
}
const both: Dir = { in: true, out: true };
const inOnly: Dir = { in: true, out: false };
const outOnly: Dir = { in: false, out: true };

const show = (v: unknown) =>
  v === undefined
    ? 'none'
    : typeof v === 'string'
      ? JSON.stringify(v)
      : Array.isArray(v)
        ? `[${v.join(', ')}]`
        : v !== null && typeof v === 'object'
          ? JSON.stringify(v)
          : String(v);
const unknownPos: SourcePos = { file: '(spec)', line: 0, col: 0 };

/** The structures derived by the loader from hooks.fields; their changes are reported once, as hook fields. */
const derivedStructures = new Set(['Hook', 'HookCreate', 'HookUpdate']);

class Differ {
  readonly changes: Change[] = [];
  private readonly structureDir: Map<string, Dir>;

  constructor(
    readonly a: Spec,
    readonly b: Spec,
  ) {
    const da = structureDirections(a);
    const db = structureDirections(b);
    this.structureDir = new Map();
    for (const name of new Set([...da.keys(), ...db.keys()])) {
      const x = da.get(name) ?? { in: false, out: false };
      const y = db.get(name) ?? { in: false, out: false };
      this.structureDir.set(name, { in: x.in || y.in, out: x.out || y.out });
    }
  }

  add(c: Omit<Change, 'severity'> & { severity?: Severity }) {
    const severity: Severity =
      c.severity ??
      (c.kind === 'docs'
        ? 'docs'
        : c.kind === 'added' || c.kind === 'range-widened' || c.kind === 'parent-added'
          ? 'non-breaking'
          : 'breaking');
    this.changes.push({ ...c, severity });
  }

  /** Sections whose facts (positions aside) differ although no rule reported a change. */
  unclassified(sections: (keyof Spec)[]) {
    // packages.version is the release's number, not a fact of the API: crmgen diff --bump sets it.
    const facts = (section: keyof Spec, v: unknown) =>
      JSON.stringify(section === 'packages' && v && typeof v === 'object' ? { ...v, version: undefined } : v, (k, x) =>
        k === 'pos' ? undefined : x,
      );
    for (const k of sections) {
      if (facts(k, this.a[k]) === facts(k, this.b[k])) continue;
      this.add({
        kind: 'changed',
        severity: 'non-breaking',
        subject: 'setting',
        path: String(k),
        message: `${String(k)} changed in a way crmgen diff does not classify (order, or a fact it does not know); review it`,
        pos: this.where(String(k)),
      });
    }
  }

  /** A docs-only text (description, title, purpose, assumed, label) that changed, appeared or disappeared. */
  docs(
    subject: Subject,
    path: string,
    what: string,
    before: string | undefined,
    after: string | undefined,
    pos: SourcePos,
    field?: string,
  ) {
    if ((before ?? '') === (after ?? '')) return;
    const message =
      before === undefined ? `${what} added` : after === undefined ? `${what} removed` : `${what} changed`;
    this.add({
      kind: 'docs',
      subject,
      path,
      message,
      pos,
      ...(field ? { field } : {}),
      ...(before !== undefined ? { before } : {}),
      ...(after !== undefined ? { after } : {}),
    });
  }

  /** Entries matched by key: removed (old pos), added (new pos), and each pair compared. */
  keyed<T>(
    olds: T[],
    news: T[],
    key: (t: T) => string,
    onRemoved: (t: T) => void,
    onAdded: (t: T) => void,
    onBoth: (a: T, b: T) => void,
  ) {
    const bm = new Map(news.map((t) => [key(t), t]));
    const am = new Map(olds.map((t) => [key(t), t]));
    for (const t of olds) {
      const other = bm.get(key(t));
      if (other === undefined) onRemoved(t);
      else onBoth(t, other);
    }
    for (const t of news) if (!am.has(key(t))) onAdded(t);
  }

  run(): SpecDiff {
    // Each comparer with the sections it covers; a covered section whose facts changed while its
    // comparer found nothing is still reported (as unclassified), so a fact the IR gains before
    // this file learns about it is never silently dropped.
    const comparers: [keyof Spec | (keyof Spec)[], () => void][] = [
      ['values', () => this.values()],
      ['errors', () => this.errors()],
      ['kinds', () => this.kinds()],
      [['fieldsets', 'auditFields'], () => this.fieldsets()],
      [['activities', 'hierarchy'], () => (this.activities(), this.hierarchy())],
      [['conditionUnmet', 'moveTargets'], () => this.leniency()],
      ['structures', () => this.structures()],
      ['operations', () => this.operations()],
      ['reports', () => this.reports()],
      ['hooks', () => this.hooks()],
      ['events', () => this.events()],
      ['notification', () => this.notification()],
      [
        [
          'service',
          'formats',
          'auth',
          'quota',
          'limits',
          'listSemantics',
          'batch',
          'customFields',
          'reportActivityTypes',
          'reportOnlyTypeids',
        ],
        () => this.settings(),
      ],
    ];
    // The changelog is what --bump writes from this diff, not part of the API (and a spec read
    // from git has none); it is never compared.
    const covered = new Set<string>(['pos', 'changelog']);
    for (const [keys, compare] of comparers) {
      const sections = Array.isArray(keys) ? keys : [keys];
      sections.forEach((k) => covered.add(k));
      const before = this.changes.length;
      compare();
      if (this.changes.length === before) this.unclassified(sections);
    }
    this.unclassified(Object.keys({ ...this.a, ...this.b }).filter((k) => !covered.has(k)) as (keyof Spec)[]);
    const order: Severity[] = ['breaking', 'non-breaking', 'docs'];
    this.changes.sort(
      (x, y) =>
        order.indexOf(x.severity) - order.indexOf(y.severity) ||
        x.pos.file.localeCompare(y.pos.file) ||
        x.pos.line - y.pos.line ||
        x.pos.col - y.pos.col ||
        x.path.localeCompare(y.path),
    );
    const counts: Record<Severity, number> = { breaking: 0, 'non-breaking': 0, docs: 0 };
    for (const c of this.changes) counts[c.severity]++;
    return { changes: this.changes, counts, verdict: order.find((s) => counts[s] > 0) ?? 'none' };
  }

  // ---- value lists -------------------------------------------------------------------------

  values() {
    this.keyed(
      this.a.values,
      this.b.values,
      (v) => v.name,
      (v) =>
        this.add({
          kind: 'removed',
          subject: 'value-list',
          path: `values.${v.name}`,
          message: `value list ${v.name} removed`,
          pos: v.pos,
        }),
      (v) =>
        this.add({
          kind: 'added',
          subject: 'value-list',
          path: `values.${v.name}`,
          message: `value list ${v.name} added`,
          pos: v.pos,
        }),
      (x, y) => {
        const path = `values.${x.name}`;
        if (x.base !== y.base)
          this.add({
            kind: 'type-changed',
            subject: 'value-list',
            path,
            message: `value list ${x.name}: values changed from ${x.base} to ${y.base}`,
            pos: y.pos,
            before: x.base,
            after: y.base,
          });
        // Any case accepted is more lenient: a value that was refused is now read; the reverse refuses what was accepted.
        if ((x.matchCase ?? true) !== (y.matchCase ?? true))
          this.add({
            kind: y.matchCase === false ? 'range-widened' : 'range-narrowed',
            subject: 'value-list',
            path,
            message: `value list ${x.name}: values ${y.matchCase === false ? 'now' : 'no longer'} accepted in any case`,
            pos: y.pos,
          });
        this.keyed(
          x.values,
          y.values,
          (e) => String(e.value),
          (e) =>
            this.add({
              kind: 'removed',
              subject: 'value',
              path: `${path}.${e.value}`,
              message: `value list ${x.name}: entry ${show(e.value)} removed`,
              pos: e.pos,
              before: String(e.value),
            }),
          (e) =>
            this.add({
              kind: 'added',
              subject: 'value',
              path: `${path}.${e.value}`,
              message: `value list ${x.name}: entry ${show(e.value)} added`,
              pos: e.pos,
              after: String(e.value),
            }),
          (e, f) =>
            this.docs(
              'value',
              `${path}.${e.value}`,
              `value list ${x.name}: label of ${show(e.value)}`,
              e.label,
              f.label,
              f.pos,
            ),
        );
        this.docs('value-list', path, `value list ${x.name}: description`, x.description, y.description, y.pos);
        this.docs('value-list', path, `value list ${x.name}: assumption`, x.assumed, y.assumed, y.pos);
      },
    );
  }

  // ---- error keys --------------------------------------------------------------------------

  errors() {
    this.keyed(
      this.a.errors,
      this.b.errors,
      (e) => e.key,
      (e) =>
        this.add({
          kind: 'removed',
          subject: 'error',
          path: `errors.${e.key}`,
          message: `error key ${e.key} removed`,
          pos: e.pos,
        }),
      (e) =>
        this.add({
          kind: 'added',
          subject: 'error',
          path: `errors.${e.key}`,
          message: `error key ${e.key} added (HTTP ${e.status})`,
          pos: e.pos,
        }),
      (x, y) => {
        const path = `errors.${x.key}`;
        if (x.status !== y.status)
          this.add({
            kind: 'changed',
            subject: 'error',
            path,
            message: `error key ${x.key}: HTTP status changed from ${x.status} to ${y.status}`,
            pos: y.pos,
            before: String(x.status),
            after: String(y.status),
          });
        // The message travels in the envelope, but callers match the key, not the text.
        if (x.message !== y.message)
          this.add({
            kind: 'changed',
            severity: 'non-breaking',
            subject: 'error',
            path,
            message: `error key ${x.key}: message changed`,
            pos: y.pos,
            before: x.message,
            after: y.message,
          });
        // A wait the answer advises: a client reads it from the header, nothing of its own breaks.
        if (retryAfterText(x) !== retryAfterText(y))
          this.add({
            kind: 'changed',
            severity: 'non-breaking',
            subject: 'error',
            path: `${path}.retryAfter`,
            message: `error key ${x.key}: Retry-After changed`,
            pos: y.pos,
            before: retryAfterText(x) || 'none',
            after: retryAfterText(y) || 'none',
          });
        this.docs('error', path, `error key ${x.key}: assumption`, x.assumed, y.assumed, y.pos);
      },
    );
  }

  // ---- record kinds and field sets -----------------------------------------------------------

  kinds() {
    this.keyed(
      this.a.kinds,
      this.b.kinds,
      (k) => k.name,
      (k) =>
        this.add({
          kind: 'removed',
          subject: 'kind',
          path: `kinds.${k.name}`,
          message: `record kind ${k.name} removed (every /${k.name}/ endpoint)`,
          pos: k.pos,
        }),
      (k) =>
        this.add({
          kind: 'added',
          subject: 'kind',
          path: `kinds.${k.name}`,
          message: `record kind ${k.name} added`,
          pos: k.pos,
        }),
      (x, y) => {
        const path = `kinds.${x.name}`;
        if (x.typeid !== y.typeid)
          this.add({
            kind: 'typeid-changed',
            subject: 'kind',
            path,
            message: `record kind ${x.name}: typeid changed from ${x.typeid} to ${y.typeid}`,
            pos: y.pos,
            before: String(x.typeid),
            after: String(y.typeid),
          });
        if (x.fieldset !== y.fieldset)
          this.add({
            kind: 'type-changed',
            subject: 'kind',
            path,
            message: `record kind ${x.name}: field set changed from ${x.fieldset} to ${y.fieldset}`,
            pos: y.pos,
            before: x.fieldset,
            after: y.fieldset,
          });
        if (x.singular !== y.singular)
          this.add({
            kind: 'changed',
            subject: 'kind',
            path,
            message: `record kind ${x.name}: singular name changed from ${x.singular} to ${y.singular}`,
            pos: y.pos,
            before: x.singular,
            after: y.singular,
          });
        if (x.nameFrom.join() !== y.nameFrom.join())
          this.add({
            kind: 'changed',
            severity: 'non-breaking',
            subject: 'kind',
            path,
            message: `record kind ${x.name}: name now built from ${show(y.nameFrom)} (was ${show(x.nameFrom)})`,
            pos: y.pos,
          });
        this.docs('kind', path, `record kind ${x.name}: title`, x.title, y.title, y.pos);
        this.docs('kind', path, `record kind ${x.name}: assumption`, x.assumed, y.assumed, y.pos);
      },
    );
  }

  fieldsets() {
    this.keyed(
      this.a.fieldsets,
      this.b.fieldsets,
      (f) => f.name,
      (f) =>
        this.add({
          kind: 'removed',
          subject: 'fieldset',
          path: `fieldsets.${f.name}`,
          message: `field set ${f.name} removed`,
          pos: f.pos,
        }),
      (f) =>
        this.add({
          kind: 'added',
          subject: 'fieldset',
          path: `fieldsets.${f.name}`,
          message: `field set ${f.name} added`,
          pos: f.pos,
        }),
      (x, y) => {
        const path = `fieldsets.${x.name}`;
        this.keyed(
          x.fields,
          y.fields,
          (f) => f.name,
          (f) =>
            this.add({
              kind: 'removed',
              subject: 'field',
              path: `${path}.fields.${f.name}`,
              field: f.name,
              message: `field set ${x.name}: record field ${f.name} removed`,
              pos: f.pos,
            }),
          (f) =>
            this.add({
              kind: 'added',
              subject: 'field',
              path: `${path}.fields.${f.name}`,
              field: f.name,
              message: `field set ${x.name}: record field ${f.name} added`,
              pos: f.pos,
            }),
          (f, g) => {
            const fpath = `${path}.fields.${f.name}`;
            if (f.type !== g.type)
              this.add({
                kind: 'type-changed',
                subject: 'field',
                path: fpath,
                field: f.name,
                message: `field set ${x.name}: record field ${f.name} changed type from ${f.type} to ${g.type}`,
                pos: g.pos,
                before: f.type,
                after: g.type,
              });
            if (f.role !== g.role)
              this.add({
                kind: 'changed',
                severity: 'non-breaking',
                subject: 'field',
                path: fpath,
                field: f.name,
                message: `field set ${x.name}: record field ${f.name} role changed from ${show(f.role)} to ${show(g.role)}`,
                pos: g.pos,
              });
            this.docs('field', fpath, `field set ${x.name}: label of ${f.name}`, f.label, g.label, g.pos, f.name);
          },
        );
        this.docs('fieldset', path, `field set ${x.name}: description`, x.description, y.description, y.pos);
        this.docs('fieldset', path, `field set ${x.name}: assumption`, x.assumed, y.assumed, y.pos);
      },
    );
    this.fields('auditFields', 'audit fields', this.a.auditFields, this.b.auditFields, outOnly);
  }

  // ---- activity types ------------------------------------------------------------------------

  activities() {
    this.keyed(
      this.a.activities,
      this.b.activities,
      (t) => t.segment,
      (t) =>
        this.add({
          kind: 'removed',
          subject: 'activity',
          path: `activities.${t.segment}`,
          message: `activity type ${t.segment} removed`,
          pos: t.pos,
        }),
      (t) =>
        this.add({
          kind: 'added',
          subject: 'activity',
          path: `activities.${t.segment}`,
          message: `activity type ${t.segment} added (typeid ${t.typeid})`,
          pos: t.pos,
        }),
      (x, y) => this.activity(x, y),
    );
  }

  activity(x: ActivityType, y: ActivityType) {
    const path = `activities.${x.segment}`;
    const label = `activity type ${x.segment}`;
    if (x.typeid !== y.typeid)
      this.add({
        kind: 'typeid-changed',
        subject: 'activity',
        path,
        message: `${label}: typeid changed from ${x.typeid} to ${y.typeid}`,
        pos: y.pos,
        before: String(x.typeid),
        after: String(y.typeid),
      });
    for (const t of x.altTypeids)
      if (!y.altTypeids.includes(t))
        this.add({
          kind: 'typeid-changed',
          subject: 'activity',
          path,
          message: `${label}: alternative typeid ${t} removed`,
          pos: y.pos,
          before: String(t),
        });
    for (const t of y.altTypeids)
      if (!x.altTypeids.includes(t))
        this.add({
          kind: 'added',
          subject: 'activity',
          path,
          message: `${label}: alternative typeid ${t} added`,
          pos: y.pos,
          after: String(t),
        });
    if (x.onePerParent !== y.onePerParent)
      this.add({
        kind: 'changed',
        severity: y.onePerParent ? 'breaking' : 'non-breaking',
        subject: 'activity',
        path,
        message: `${label}: ${y.onePerParent ? 'now one per parent' : 'no longer limited to one per parent'}`,
        pos: y.pos,
      });
    if (x.thirdParty !== y.thirdParty)
      this.add({
        kind: 'changed',
        severity: 'non-breaking',
        subject: 'activity',
        path,
        message: `${label}: ${y.thirdParty ? 'now' : 'no longer'} a third-party type`,
        pos: y.pos,
      });
    this.docs('activity', path, `${label}: title`, x.title, y.title, y.pos);
    this.docs(
      'activity',
      path,
      `${label}: aliases`,
      x.aliases.join(', ') || undefined,
      y.aliases.join(', ') || undefined,
      y.pos,
    );
    // Activity fields are sent (create, update) and returned (show, notifications).
    this.fields(`${path}.fields`, label, x.fields, y.fields, both);
  }

  /** Hierarchy rules as parent > child pairs; a removed pair forbids a parent once allowed. */
  hierarchy() {
    const segmentsA = new Set(this.a.activities.map((t) => t.segment));
    const segmentsB = new Set(this.b.activities.map((t) => t.segment));
    this.keyed(
      this.a.hierarchy,
      this.b.hierarchy,
      (r) => `${r.parent}>${r.child}`,
      (r) => {
        // A removed activity type is reported once, as removed; its rules go with it.
        if (!segmentsB.has(r.child) || (r.parent !== 'record' && !segmentsB.has(r.parent))) return;
        this.add({
          kind: 'parent-removed',
          subject: 'hierarchy',
          path: `hierarchy.${r.parent}>${r.child}`,
          message: `hierarchy: ${r.child} is no longer allowed under ${r.parent}`,
          pos: r.pos,
        });
      },
      (r) => {
        // A new activity type is reported once, as added; its rules come with it.
        if (!segmentsA.has(r.child) || (r.parent !== 'record' && !segmentsA.has(r.parent))) return;
        this.add({
          kind: 'parent-added',
          subject: 'hierarchy',
          path: `hierarchy.${r.parent}>${r.child}`,
          message: `hierarchy: ${r.child} is now allowed under ${r.parent}`,
          pos: r.pos,
        });
      },
      () => undefined,
    );
  }

  // ---- structures, operations --------------------------------------------------------------

  structures() {
    const visible = (s: Structure) => !derivedStructures.has(s.name);
    this.keyed(
      this.a.structures.filter(visible),
      this.b.structures.filter(visible),
      (s) => s.name,
      (s) =>
        this.add({
          kind: 'removed',
          subject: 'structure',
          path: `structures.${s.name}`,
          message: `structure ${s.name} removed`,
          pos: s.pos,
        }),
      (s) =>
        this.add({
          kind: 'added',
          subject: 'structure',
          path: `structures.${s.name}`,
          message: `structure ${s.name} added`,
          pos: s.pos,
        }),
      (x, y) => {
        const path = `structures.${x.name}`;
        this.shape(path, `structure ${x.name}`, x.shape, y.shape, this.structureDir.get(x.name) ?? both, y.pos);
        this.docs('structure', path, `structure ${x.name}: description`, x.description, y.description, y.pos);
        this.docs('structure', path, `structure ${x.name}: assumption`, x.assumed, y.assumed, y.pos);
      },
    );
  }

  operations() {
    this.keyed(
      this.a.operations,
      this.b.operations,
      (o) => o.id,
      (o) =>
        this.add({
          kind: 'removed',
          subject: 'operation',
          path: `operations.${o.id}`,
          message: `endpoint ${o.method} ${o.path} (${o.id}) removed`,
          pos: o.pos,
        }),
      (o) =>
        this.add({
          kind: 'added',
          subject: 'operation',
          path: `operations.${o.id}`,
          message: `endpoint ${o.method} ${o.path} (${o.id}) added`,
          pos: o.pos,
        }),
      (x, y) => this.operation(x, y),
    );
  }

  operation(x: Operation, y: Operation) {
    const path = `operations.${x.id}`;
    const label = `endpoint ${x.id}`;
    const pos = y.pos;
    if (x.method !== y.method)
      this.add({
        kind: 'method-changed',
        subject: 'operation',
        path,
        message: `${label}: method changed from ${x.method} to ${y.method}`,
        pos,
        before: x.method,
        after: y.method,
      });
    if (x.path !== y.path)
      this.add({
        kind: 'path-changed',
        subject: 'operation',
        path,
        message: `${label}: path changed from ${x.path} to ${y.path}`,
        pos,
        before: x.path,
        after: y.path,
      });
    if (x.scope !== y.scope)
      this.add({
        kind: 'path-changed',
        subject: 'operation',
        path,
        message: `${label}: scope changed from ${x.scope} to ${y.scope}`,
        pos,
        before: x.scope,
        after: y.scope,
      });
    if (x.client !== y.client)
      this.add({
        kind: 'changed',
        subject: 'operation',
        path,
        message: `${label}: client name changed from ${x.client} to ${y.client}`,
        pos,
        before: x.client,
        after: y.client,
      });
    if (x.status !== y.status)
      this.add({
        kind: 'changed',
        subject: 'operation',
        path,
        message: `${label}: success status changed from ${x.status} to ${y.status}`,
        pos,
        before: String(x.status),
        after: String(y.status),
      });
    const flag = (name: 'location' | 'upload' | 'multipart', gained: Severity, text: string) => {
      if (x[name] === y[name]) return;
      this.add({
        kind: 'changed',
        severity: y[name] ? gained : 'breaking',
        subject: 'operation',
        path,
        message: `${label}: ${y[name] ? 'now' : 'no longer'} ${text}`,
        pos,
      });
    };
    flag('location', 'non-breaking', 'answers with a Location header');
    flag('upload', 'non-breaking', 'accepts file uploads');
    flag('multipart', 'breaking', 'takes a multipart batch body');
    const pg = (o: Operation) =>
      o.paginate ? `${o.paginate.start}/${o.paginate.limit} -> ${o.paginate.items} of ${o.paginate.total}` : undefined;
    if (pg(x) !== pg(y))
      this.add({
        kind: 'changed',
        severity: x.paginate ? 'breaking' : 'non-breaking',
        subject: 'operation',
        path,
        message: `${label}: paging ${!x.paginate ? 'added' : !y.paginate ? 'removed' : 'changed'}`,
        pos,
        ...(pg(x) ? { before: pg(x) } : {}),
        ...(pg(y) ? { after: pg(y) } : {}),
      });
    this.docs('operation', path, `${label}: purpose`, x.purpose, y.purpose, pos);
    if (x.params || y.params)
      this.fields(`${path}.params`, `${label} parameters`, x.params ?? [], y.params ?? [], inOnly);
    this.part(`${path}.request`, `${label} request body`, x.request, y.request, inOnly, pos);
    this.part(`${path}.response`, `${label} response body`, x.response, y.response, outOnly, pos);
  }

  part(path: string, label: string, x: Shape | undefined, y: Shape | undefined, dir: Dir, pos: SourcePos) {
    if (!x && !y) return;
    if (x && !y) this.add({ kind: 'removed', subject: 'operation', path, message: `${label} removed`, pos });
    else if (!x && y) {
      const required = dir.in && hasRequired(y);
      this.add({
        kind: 'added',
        severity: required ? 'breaking' : 'non-breaking',
        subject: 'operation',
        path,
        message: `${label} added${required ? ' with required fields' : ''}`,
        pos,
      });
    } else this.shape(path, label, x!, y!, dir, pos);
  }

  // ---- fields and shapes -----------------------------------------------------------------

  /** Fields matched by name; each is reported at its own position. */
  fields(path: string, label: string, xs: Field[], ys: Field[], dir: Dir, subject: Subject = 'field') {
    this.keyed(
      xs,
      ys,
      (f) => f.name,
      (f) =>
        this.add({
          kind: 'removed',
          subject,
          path: `${path}.${f.name}`,
          field: f.name,
          message: `${label}: field ${f.name} removed`,
          pos: f.pos,
        }),
      (f) =>
        this.add({
          kind: 'added',
          severity: f.required && dir.in ? 'breaking' : 'non-breaking',
          subject,
          path: `${path}.${f.name}`,
          field: f.name,
          message: `${label}: ${f.required ? 'required' : 'optional'} field ${f.name} added${f.required && dir.in ? ' (callers must now send it)' : ''}`,
          pos: f.pos,
        }),
      (f, g) => this.field(`${path}.${f.name}`, `${label}: field ${f.name}`, f, g, dir, subject),
    );
  }

  field(path: string, label: string, f: Field, g: Field, dir: Dir, subject: Subject) {
    const pos = g.pos;
    const name = f.name;
    if (!f.required && g.required)
      this.add({
        kind: 'became-required',
        severity: dir.in ? 'breaking' : 'non-breaking',
        subject,
        path,
        field: name,
        message: `${label} became required${dir.in ? '' : ' (returned only)'}`,
        pos,
      });
    if (f.required && !g.required)
      this.add({
        kind: 'became-optional',
        severity: dir.out ? 'breaking' : 'non-breaking',
        subject,
        path,
        field: name,
        message: `${label} became optional${dir.out ? ' (readers may now find it missing)' : ''}`,
        pos,
      });
    const cond = (c: Field['when']) =>
      c ? `${c.field} ${c.equals !== undefined ? `= ${show(c.equals)}` : `not ${show(c.notEquals)}`}` : undefined;
    if (cond(f.when) !== cond(g.when))
      this.add({
        kind: 'changed',
        severity: g.when ? 'breaking' : 'non-breaking',
        subject,
        path,
        field: name,
        message: `${label}: condition ${!f.when ? 'added' : !g.when ? 'removed' : 'changed'}`,
        pos,
        ...(cond(f.when) ? { before: cond(f.when) } : {}),
        ...(cond(g.when) ? { after: cond(g.when) } : {}),
      });
    if (!!f.notTrueOnCreate !== !!g.notTrueOnCreate)
      this.add({
        kind: 'changed',
        severity: g.notTrueOnCreate ? 'breaking' : 'non-breaking',
        subject,
        path,
        field: name,
        message: `${label}: ${g.notTrueOnCreate ? 'can no longer' : 'can now'} be 1 on create`,
        pos,
      });
    this.shape(path, label, f.shape, g.shape, dir, pos, name, subject);
    this.docs(subject, path, `${label}: description`, f.description, g.description, pos, name);
    this.docs(subject, path, `${label}: assumption`, f.assumed, g.assumed, pos, name);
  }

  shape(
    path: string,
    label: string,
    x: Shape,
    y: Shape,
    dir: Dir,
    pos: SourcePos,
    field?: string,
    subject: Subject = 'field',
  ) {
    const base = { subject, path, pos, ...(field ? { field } : {}) };
    if (x.kind !== y.kind) {
      this.add({
        ...base,
        kind: 'type-changed',
        message: `${label}: changed from ${describe(x)} to ${describe(y)}`,
        before: describe(x),
        after: describe(y),
      });
      return;
    }
    switch (x.kind) {
      case 'scalar': {
        const s = y as typeof x;
        if (x.type !== s.type)
          this.add({
            ...base,
            kind: 'type-changed',
            message: `${label}: type changed from ${x.type} to ${s.type}`,
            before: x.type,
            after: s.type,
          });
        else if (x.values !== s.values)
          this.add({
            ...base,
            kind: 'type-changed',
            message: `${label}: value list changed from ${show(x.values)} to ${show(s.values)}`,
            before: x.values,
            after: s.values,
          });
        const range = (lo: number | undefined, hi: number | undefined) => `${lo ?? '…'}..${hi ?? '…'}`;
        const narrowed =
          (s.min !== undefined && (x.min === undefined || s.min > x.min)) ||
          (s.max !== undefined && (x.max === undefined || s.max < x.max));
        const widened =
          (x.min !== undefined && (s.min === undefined || s.min < x.min)) ||
          (x.max !== undefined && (s.max === undefined || s.max > x.max));
        if (narrowed || widened)
          this.add({
            ...base,
            kind: narrowed ? 'range-narrowed' : 'range-widened',
            message: `${label}: range ${narrowed ? 'narrowed' : 'widened'} from ${range(x.min, x.max)} to ${range(s.min, s.max)}`,
            before: range(x.min, x.max),
            after: range(s.min, s.max),
          });
        if (x.default !== s.default)
          this.add({
            ...base,
            kind: 'changed',
            message: `${label}: default changed from ${show(x.default)} to ${show(s.default)}`,
            before: show(x.default),
            after: show(s.default),
          });
        if (x.unit !== s.unit)
          this.add({
            ...base,
            kind: 'changed',
            message: `${label}: unit changed from ${show(x.unit)} to ${show(s.unit)}`,
            before: show(x.unit),
            after: show(s.unit),
          });
        if (x.ids !== s.ids)
          this.add({
            ...base,
            kind:
              s.ids !== undefined && (x.ids === undefined || s.ids === 'users') ? 'range-narrowed' : 'range-widened',
            message: `${label}: ids ${s.ids ? `now name ${s.ids} of the account` : 'no longer checked'} (was ${show(x.ids)})`,
            before: show(x.ids),
            after: show(s.ids),
          });
        if (!!x.falseIsEmpty !== !!s.falseIsEmpty)
          this.add({
            ...base,
            kind: 'type-changed',
            message: `${label}: 0 is ${s.falseIsEmpty ? 'now' : 'no longer'} written as an empty element`,
          });
        return;
      }
      case 'object': {
        const o = y as typeof x;
        if (x.spread !== o.spread)
          this.add({
            ...base,
            kind: 'type-changed',
            message: `${label}: inline fields changed from ${show(x.spread)} to ${show(o.spread)}`,
            before: show(x.spread),
            after: show(o.spread),
          });
        // Element order only: readers that go by name are not affected.
        else if (x.spreadAfter !== o.spreadAfter)
          this.add({
            ...base,
            kind: 'changed',
            severity: 'non-breaking',
            message: `${label}: inline ${o.spread ?? 'spread'} fields now ${o.spreadAfter ? `after ${o.spreadAfter}` : 'first'} on the wire (was ${x.spreadAfter ? `after ${x.spreadAfter}` : 'first'})`,
          });
        this.fields(path, label, x.fields, o.fields, dir, subject === 'hook-field' ? 'field' : subject);
        return;
      }
      case 'list': {
        const l = y as typeof x;
        if (x.element !== l.element)
          this.add({
            ...base,
            kind: 'type-changed',
            message: `${label}: list element renamed from ${x.element} to ${l.element}`,
            before: x.element,
            after: l.element,
          });
        this.shape(path, `${label} (each ${l.element})`, x.of, l.of, dir, pos, field, subject);
        return;
      }
      case 'keyed': {
        const k = y as typeof x;
        if (x.prefix !== k.prefix || x.as !== k.as || x.inline !== k.inline)
          this.add({
            ...base,
            kind: 'type-changed',
            message: `${label}: keyed children changed from ${x.prefix}<id> as ${x.as}${x.inline ? ' inline' : ''} to ${k.prefix}<id> as ${k.as}${k.inline ? ' inline' : ''}`,
          });
        this.shape(path, `${label} (each ${k.prefix}<id>)`, x.of, k.of, dir, pos, field, subject);
        return;
      }
      case 'map':
        this.shape(path, label, x.of, (y as typeof x).of, dir, pos, field, subject);
        return;
      case 'ref': {
        const r = y as typeof x;
        // The structure's own changes are reported once, under structures.
        if (x.name !== r.name)
          this.add({
            ...base,
            kind: 'type-changed',
            message: `${label}: now a ${r.name} (was ${x.name})`,
            before: x.name,
            after: r.name,
          });
        return;
      }
      default:
        return; // recordfields / activityfields: the field sets are compared on their own
    }
  }

  /**
   * What each report lists (its operation, params and response are compared as an endpoint):
   * an activity type it no longer lists, or lists fewer of, is breaking; one more is not.
   */
  reports() {
    const bm = new Map(this.b.reports.map((r) => [r.name, r]));
    for (const x of this.a.reports) {
      const y = bm.get(x.name);
      if (!y) continue; // reported as a removed endpoint
      const at = (p: string, side: Spec = this.b) => this.where(`reportSources.${x.name}.${p}`, side);
      const path = `reports.${x.name}`;
      const label = `report ${x.name}`;
      const xf = x.from ?? {};
      const yf = y.from ?? {};
      for (const seg of new Set([...Object.keys(xf), ...Object.keys(yf)])) {
        const [f, g] = [xf[seg], yf[seg]];
        const p = `${path}.from.${seg}`;
        if (!g)
          this.add({
            kind: 'removed',
            subject: 'setting',
            path: p,
            message: `${label} no longer lists ${seg} activities`,
            pos: at(`from.${seg}`, this.a),
          });
        else if (!f)
          this.add({
            kind: 'added',
            subject: 'setting',
            path: p,
            message: `${label} now lists ${seg} activities`,
            pos: at(`from.${seg}`),
          });
        else {
          const pos = at(`from.${seg}`);
          if (f.date !== g.date)
            this.add({
              kind: 'changed',
              subject: 'setting',
              path: p,
              message: `${label}: ${seg} entries now dated by ${g.date} (was ${f.date})`,
              pos,
              before: f.date,
              after: g.date,
            });
          if (f.owner !== g.owner)
            this.add({
              kind: 'changed',
              subject: 'setting',
              path: p,
              message: `${label}: ${seg} owner now ${show(g.owner)} (was ${show(f.owner)})`,
              pos,
              before: show(f.owner),
              after: show(g.owner),
            });
          if (f.dated !== g.dated)
            this.add({
              kind: 'changed',
              severity: g.dated ? 'breaking' : 'non-breaking',
              subject: 'setting',
              path: p,
              message: `${label}: ${seg} entries ${g.dated ? 'now listed only when dated' : 'now listed without a date too'}`,
              pos,
            });
          if (f.includeCompleted !== g.includeCompleted)
            this.add({
              kind: 'changed',
              severity: g.includeCompleted ? 'non-breaking' : 'breaking',
              subject: 'setting',
              path: p,
              message: `${label}: completed ${seg} entries ${g.includeCompleted ? 'now listed' : 'no longer listed'}`,
              pos,
            });
        }
      }
      const xc = x.completable ?? [];
      const yc = y.completable ?? [];
      for (const seg of xc)
        if (!yc.includes(seg))
          this.add({
            kind: 'removed',
            subject: 'setting',
            path: `${path}.completable.${seg}`,
            message: `${label}: last=completed no longer applies to ${seg}`,
            pos: at('completable', this.a),
          });
      for (const seg of yc)
        if (!xc.includes(seg))
          this.add({
            kind: 'added',
            subject: 'setting',
            path: `${path}.completable.${seg}`,
            message: `${label}: last=completed now applies to ${seg}`,
            pos: at('completable'),
          });
      this.record(
        `reportSources.${x.name}.ancestors`,
        `${label}: ancestor field`,
        x.ancestors ?? {},
        y.ancestors ?? {},
      );
      // An entry's comments: which children they are read from (the entry structure says how they look).
      if (x.comments !== y.comments)
        this.add({
          kind: y.comments === undefined ? 'removed' : x.comments === undefined ? 'added' : 'changed',
          subject: 'setting',
          path: `${path}.comments`,
          message: `${label}: comments ${y.comments === undefined ? 'no longer read' : `read from ${y.comments} children`}${x.comments ? ` (was ${x.comments})` : ''}`,
          pos: at('comments', y.comments === undefined ? this.a : this.b),
        });
    }
  }

  // ---- webhooks -------------------------------------------------------------------------------

  hooks() {
    const pos = this.b.pos?.hooks ?? unknownPos;
    // Hook fields are sent (create, update) and returned (list).
    this.fields('hooks.fields', 'hook', this.a.hooks.fields, this.b.hooks.fields, both, 'hook-field');
    this.docs('setting', 'hooks', 'hooks: assumption', this.a.hooks.assumed, this.b.hooks.assumed, pos);
    this.record(
      'hooks.constraintsByEventFamily',
      'hooks: constraint list of event family',
      this.a.hooks.constraintsByEventFamily,
      this.b.hooks.constraintsByEventFamily,
    );
  }

  events() {
    this.keyed(
      this.a.events,
      this.b.events,
      (e) => e.name,
      (e) =>
        this.add({
          kind: 'removed',
          subject: 'event',
          path: `events.${e.name}`,
          message: `webhook event ${e.name} removed`,
          pos: e.pos,
        }),
      (e) =>
        this.add({
          kind: 'added',
          subject: 'event',
          path: `events.${e.name}`,
          message: `webhook event ${e.name} added`,
          pos: e.pos,
        }),
      (x, y) =>
        this.docs(
          'event',
          `events.${x.name}`,
          `webhook event ${x.name}: description`,
          x.description,
          y.description,
          y.pos,
        ),
    );
  }

  notification() {
    const [x, y] = [this.a.notification, this.b.notification];
    const pos = this.b.pos?.notification ?? unknownPos;
    this.fields('notification.fields', 'webhook notification', x.fields, y.fields, outOnly);
    this.record('notification.content', 'webhook notification: content of event family', x.content, y.content);
    this.settingsTree('notification.root', x.root, y.root);
    this.settingsTree('notification.signature', x.signature, y.signature);
    this.settingsTree('notification.retries', x.retries, y.retries);
    this.docs('setting', 'notification', 'webhook notification: assumption', x.assumed, y.assumed, pos);
  }

  /** A name -> name map (event family -> structure or value list). */
  record(path: string, label: string, x: Record<string, string>, y: Record<string, string>) {
    for (const k of new Set([...Object.keys(x), ...Object.keys(y)])) {
      const p = `${path}.${k}`;
      if (x[k] === y[k]) continue;
      if (y[k] === undefined)
        this.add({
          kind: 'removed',
          subject: 'setting',
          path: p,
          message: `${label} ${k} removed`,
          pos: this.a.pos?.[p] ?? this.a.pos?.[path] ?? unknownPos,
        });
      else if (x[k] === undefined)
        this.add({ kind: 'added', subject: 'setting', path: p, message: `${label} ${k} added`, pos: this.where(p) });
      else
        this.add({
          kind: 'type-changed',
          subject: 'setting',
          path: p,
          message: `${label} ${k} changed from ${x[k]} to ${y[k]}`,
          pos: this.where(p),
          before: x[k],
          after: y[k],
        });
    }
  }

  // ---- what the service accepts beyond the field rules -------------------------------------

  leniency() {
    const x = this.a.conditionUnmet ?? 'refuse';
    const y = this.b.conditionUnmet ?? 'refuse';
    // Ignoring accepts what was refused; refusing again refuses what callers now send.
    if (x !== y)
      this.add({
        kind: y === 'ignore' ? 'range-widened' : 'range-narrowed',
        subject: 'setting',
        path: 'conditionUnmet',
        message: `a conditional field given while its condition does not hold is now ${y === 'ignore' ? 'ignored' : 'refused'} (was ${x === 'ignore' ? 'ignored' : 'refused'})`,
        pos: this.where('conditionUnmet'),
        before: x,
        after: y,
      });
    const all = (s: Spec) => s.moveTargets ?? s.kinds.map((k) => k.name);
    const [xm, ym] = [all(this.a), all(this.b)];
    const one = (k: string) =>
      this.b.kinds.find((x) => x.name === k)?.singular ?? this.a.kinds.find((x) => x.name === k)?.singular ?? k;
    for (const k of xm)
      if (!ym.includes(k))
        this.add({
          kind: 'range-narrowed',
          subject: 'setting',
          path: `moveTargets.${k}`,
          message: `an activity can no longer be moved to a ${one(k)}`,
          pos: this.where('moveTargets'),
        });
    for (const k of ym)
      if (!xm.includes(k))
        this.add({
          kind: 'range-widened',
          subject: 'setting',
          path: `moveTargets.${k}`,
          message: `an activity can now be moved to a ${one(k)}`,
          pos: this.where('moveTargets'),
        });
  }

  // ---- settings sections -------------------------------------------------------------------

  settings() {
    const a = this.a;
    const b = this.b;
    this.settingsTree('service', a.service, b.service);
    this.settingsTree('formats', a.formats, b.formats);
    this.settingsTree('auth', a.auth, b.auth);
    this.settingsTree('quota', a.quota, b.quota);
    this.settingsTree('limits', a.limits, b.limits);
    this.settingsTree('listSemantics', a.listSemantics, b.listSemantics);
    this.settingsTree('batch', a.batch, b.batch);
    this.settingsTree('customFields', a.customFields, b.customFields);
    this.keyed(
      a.reportActivityTypes,
      b.reportActivityTypes,
      (r) => r.name,
      (r) =>
        this.add({
          kind: 'removed',
          subject: 'setting',
          path: `reportActivityTypes.${r.name}`,
          message: `report activity type ${r.name} removed`,
          pos: a.pos?.[`reportActivityTypes.${r.name}`] ?? unknownPos,
        }),
      (r) =>
        this.add({
          kind: 'added',
          subject: 'setting',
          path: `reportActivityTypes.${r.name}`,
          message: `report activity type ${r.name} added`,
          pos: this.where(`reportActivityTypes.${r.name}`),
        }),
      (r, s) => {
        if (r.typeid !== s.typeid)
          this.add({
            kind: 'typeid-changed',
            subject: 'setting',
            path: `reportActivityTypes.${r.name}`,
            message: `report activity type ${r.name}: typeid changed from ${r.typeid} to ${s.typeid}`,
            pos: this.where(`reportActivityTypes.${r.name}`),
          });
      },
    );
    const ro = (s: Spec) => s.reportOnlyTypeids.map((r) => ({ ...r, key: String(r.typeid) }));
    this.keyed(
      ro(a),
      ro(b),
      (r) => r.key,
      (r) =>
        this.add({
          kind: 'removed',
          subject: 'setting',
          path: `reportOnlyTypeids.${r.typeid}`,
          message: `report-only typeid ${r.typeid} (${r.title}) removed`,
          pos: a.pos?.reportOnlyTypeids ?? unknownPos,
        }),
      (r) =>
        this.add({
          kind: 'added',
          subject: 'setting',
          path: `reportOnlyTypeids.${r.typeid}`,
          message: `report-only typeid ${r.typeid} (${r.title}) added`,
          pos: this.where('reportOnlyTypeids'),
        }),
      (r, s) => {
        if (r.segment !== s.segment)
          this.add({
            kind: 'changed',
            subject: 'setting',
            path: `reportOnlyTypeids.${r.typeid}`,
            message: `report-only typeid ${r.typeid}: segment changed from ${r.segment} to ${s.segment}`,
            pos: this.where('reportOnlyTypeids'),
          });
        this.docs(
          'setting',
          `reportOnlyTypeids.${r.typeid}`,
          `report-only typeid ${r.typeid}: title`,
          r.title,
          s.title,
          this.where('reportOnlyTypeids'),
        );
      },
    );
  }

  /** The NEW side's position of a dotted path, or of its nearest stated ancestor. */
  where(path: string, spec: Spec = this.b): SourcePos {
    const parts = path.split('.');
    for (let n = parts.length; n > 0; n--) {
      const p = spec.pos?.[parts.slice(0, n).join('.')];
      if (p) return p;
    }
    return unknownPos;
  }

  /**
   * Plain settings compared leaf by leaf. Texts that only explain (assumed, description, the
   * service title) are docs-only; an entry added to a list of accepted values is non-breaking
   * and a removed one breaking; a raised limit is non-breaking and a lowered one narrows what
   * callers may send; every other changed value is breaking (a wire or behaviour change).
   */
  settingsTree(path: string, x: unknown, y: unknown) {
    const leaf = path.split('.').pop()!;
    if (leaf === 'assumed' || leaf === 'description' || path === 'service.title') {
      this.docs(
        'setting',
        path,
        `${path}`,
        x === undefined ? undefined : String(x),
        y === undefined ? undefined : String(y),
        this.where(path),
      );
      return;
    }
    if (Array.isArray(x) && Array.isArray(y) && [...x, ...y].every((v) => typeof v !== 'object')) {
      for (const v of x)
        if (!y.includes(v))
          this.add({
            kind: 'removed',
            subject: 'setting',
            path,
            message: `${path}: ${show(v)} removed`,
            pos: this.where(`${path}.${x.indexOf(v)}`, this.a),
            before: String(v),
          });
      for (const v of y)
        if (!x.includes(v))
          this.add({
            kind: 'added',
            subject: 'setting',
            path,
            message: `${path}: ${show(v)} added`,
            pos: this.where(`${path}.${y.indexOf(v)}`),
            after: String(v),
          });
      return;
    }
    if (x && y && typeof x === 'object' && typeof y === 'object' && !Array.isArray(x) && !Array.isArray(y)) {
      const xo = x as Record<string, unknown>;
      const yo = y as Record<string, unknown>;
      for (const k of new Set([...Object.keys(xo), ...Object.keys(yo)])) {
        const p = `${path}.${k}`;
        if (yo[k] === undefined && xo[k] !== undefined && k !== 'assumed' && k !== 'description')
          this.add({
            kind: 'removed',
            subject: 'setting',
            path: p,
            message: `${p} removed`,
            pos: this.where(p, this.a),
          });
        else if (xo[k] === undefined && yo[k] !== undefined && k !== 'assumed' && k !== 'description')
          this.add({
            kind: 'added',
            subject: 'setting',
            path: p,
            message: `${p} added (${show(yo[k])})`,
            pos: this.where(p),
          });
        else this.settingsTree(p, xo[k], yo[k]);
      }
      return;
    }
    if (JSON.stringify(x) === JSON.stringify(y)) return;
    const base = {
      subject: 'setting' as const,
      path,
      pos: this.where(path),
      before: JSON.stringify(x),
      after: JSON.stringify(y),
    };
    if (typeof x === 'number' && typeof y === 'number' && /max|allowed|retries/i.test(leaf)) {
      this.add({
        ...base,
        kind: y < x ? 'range-narrowed' : 'range-widened',
        message: `${path}: ${y < x ? 'lowered' : 'raised'} from ${x} to ${y}`,
      });
      return;
    }
    this.add({ ...base, kind: 'changed', message: `${path}: changed from ${show(x)} to ${show(y)}` });
  }
}

function describe(s: Shape): string {
  switch (s.kind) {
    case 'scalar':
      return s.values ? `${s.type} of ${s.values}` : s.type;
    case 'ref':
      return s.name;
    case 'list':
      return `a list of ${s.element}`;
    case 'keyed':
      return `keyed ${s.prefix}<id> children`;
    default:
      return `a${s.kind === 'object' ? 'n' : ''} ${s.kind}`;
  }
}

function hasRequired(s: Shape): boolean {
  return s.kind === 'object' && s.fields.some((f) => f.required);
}

/** Which structures travel in requests (in) and which in responses and notifications (out), transitively. */
function structureDirections(spec: Spec): Map<string, Dir> {
  const byName = new Map(spec.structures.map((s) => [s.name, s.shape as Shape]));
  const out = new Map<string, Dir>();
  const mark = (shape: Shape | undefined, dir: 'in' | 'out', seen = new Set<string>()) => {
    if (!shape) return;
    switch (shape.kind) {
      case 'ref': {
        if (seen.has(shape.name)) return;
        seen.add(shape.name);
        const d = out.get(shape.name) ?? { in: false, out: false };
        d[dir] = true;
        out.set(shape.name, d);
        mark(byName.get(shape.name), dir, seen);
        return;
      }
      case 'object':
        for (const f of shape.fields) mark(f.shape, dir, seen);
        return;
      case 'list':
      case 'keyed':
      case 'map':
        mark(shape.of, dir, seen);
        return;
    }
  };
  for (const op of spec.operations) {
    for (const f of op.params ?? []) mark(f.shape, 'in');
    mark(op.request, 'in');
    mark(op.response, 'out');
  }
  for (const name of Object.values(spec.notification.content)) mark({ kind: 'ref', name }, 'out');
  // A structure no message uses yet may be used by any later: treat it as both ways.
  for (const s of spec.structures) if (!out.has(s.name)) out.set(s.name, { ...both });
  return out;
}

/** Every change from `before` to `after`, most severe first, then by position. */
export function diffSpecs(before: Spec, after: Spec): SpecDiff {
  return new Differ(before, after).run();
}
