// The checks of `crmgen verify`, as data derived from the IR: each names the rule's spec position,
// the operation it exercises and the requests to send with what must come back. A spec change
// changes this list with no hand edit; generator/verify-run.ts interprets it against a server.
//
// Strings in paths and bodies may hold placeholders the runner fills in:
//   {record:KIND}          a record of KIND the suite created (shared by the checks)
//   {fresh:KIND}           a record created for this check alone (same text, same record, within a check)
//   {act:KIND:a/b/c}       the last of a chain of activities a > b > c under {record:KIND}
//   {freshact:KIND:a/b}    the same, created for this check alone
//   {hook}                 a (disabled) hook created for this check
//   {category:KIND}        a category tag of KIND the suite created
//   {me} {user2}           user ids of the two --user accounts; {tag} the run's unique name
import type { ActivityType, Field, ScalarShape, Spec, SourcePos } from '../pipeline/model.ts';

export type Group =
  | 'operations'
  | 'values'
  | 'ranges'
  | 'required'
  | 'createonly'
  | 'hierarchy'
  | 'list'
  | 'reports'
  | 'batch'
  | 'auth'
  | 'isolation'
  | 'jsonp'
  | 'webhooks'
  | 'fuzz';
export const groups: Group[] = [
  'operations',
  'values',
  'ranges',
  'required',
  'createonly',
  'hierarchy',
  'list',
  'reports',
  'batch',
  'auth',
  'isolation',
  'jsonp',
  'webhooks',
  'fuzz',
];

export type Format = 'json' | 'xml' | 'form' | 'multipart';
export type Auth = 'user' | 'user2' | 'other' | 'none' | 'wrong' | 'notbasic';

export interface VerifyRequest {
  method: string;
  path: string;
  query?: Record<string, string>;
  /** Body encoding (default json); multipart sends the upload fields as files. */
  format?: Format;
  body?: Record<string, unknown>;
  /** Multipart: the upload fields to attach as files (default: the type's required ones). */
  files?: string[];
  accept?: 'json' | 'xml';
  auth?: Auth;
}

export interface Expectation {
  status: number;
  /** The error key of the envelope (failures only). */
  key?: string;
  /** OpenAPI operationId whose JSON response schema the body must match. */
  schema?: string;
  /** The quota header must be present in its format. */
  quota?: boolean;
  /** JSONP: the body is `callback(json)` with this callback name. */
  jsonp?: string;
  /** Top-level JSON fields that must hold exactly these values. */
  equals?: Record<string, unknown>;
}

export interface Step {
  request: VerifyRequest;
  expect: Expectation;
}

interface CheckBase {
  id: string;
  group: Group;
  title: string;
  /** spec/file.yaml:line of the rule the check rests on. */
  at: string;
  /** The operation exercised, by name (listed when a server answers it 501). */
  operation: string;
}

export type Check =
  | (CheckBase & { run: 'steps'; steps: Step[] })
  | (CheckBase & { run: 'list'; kind: string; nameField: string; sortField: string })
  | (CheckBase & { run: 'batch'; rule: 'echo' | 'limit' | 'quota'; maxParts: number; quotaHeader: string })
  | (CheckBase & { run: 'webhook'; event: string; family: string; kind: string; segment: string; header: string })
  | (CheckBase & { run: 'fuzz'; kind: string });

export interface FieldRule {
  name: string;
  shape: ScalarShape;
  required: boolean;
  when?: Field['when'];
  notTrueOnCreate: boolean;
}

export interface Suite {
  checks: Check[];
  /** Minimal valid data of each activity type (its required fields). */
  fixtures: Record<string, Record<string, unknown>>;
  /** Fields sent as files (multipart). */
  uploads: Record<string, string[]>;
  /** Chain of segments from a record down to each segment (shortest; the segment last). */
  chains: Record<string, string[]>;
  /** Per kind: the field a record's name comes from. */
  nameFields: Record<string, string>;
  /** The fields of each activity type, for fuzzing. */
  fields: Record<string, FieldRule[]>;
  values: Record<string, (string | number)[]>;
  /** Types of which a parent holds at most one (fuzz leaves them out: its cases share a parent). */
  onePerParent: string[];
  quotaHeader: string;
  jsonpParameter: string;
}

const at = (pos: SourcePos | undefined) => (pos ? `${pos.file}:${pos.line}` : 'spec');

/** A valid example of a scalar for a request; undefined when it has none of its own (uploads). */
export function sampleValue(spec: Spec, shape: ScalarShape): unknown {
  if (shape.values) {
    const list = spec.values.find((v) => v.name === shape.values);
    const first = list?.values.find((e) => !String(e.value).includes('{'));
    if (first !== undefined) return first.value;
  }
  switch (shape.type) {
    case 'integer':
    case 'unixtime':
      return shape.min ?? 1;
    case 'decimal':
      return 1.5;
    case 'flag':
      return 0;
    case 'date':
      return '2026-03-02';
    case 'datetime':
    case 'dateordatetime':
      return '2026-03-02 10:30:00';
    case 'owner':
    case 'idlist':
      return '{me}';
    case 'emaillist':
    case 'addresslist':
      return 'verify@example.com';
    case 'upload':
      return undefined;
    default:
      return 'verify {tag}';
  }
}

function chainsOf(spec: Spec): Record<string, string[]> {
  const chains: Record<string, string[]> = {};
  const queue = spec.activities.filter((a) => a.parents.includes('record')).map((a) => [a.segment]);
  for (const c of queue) chains[c[0]] = c;
  while (queue.length) {
    const chain = queue.shift()!;
    for (const a of spec.activities) {
      if (chains[a.segment] || !a.parents.includes(chain.at(-1)!)) continue;
      chains[a.segment] = [...chain, a.segment];
      queue.push(chains[a.segment]);
    }
  }
  return chains;
}

const scalarFields = (t: ActivityType) =>
  t.fields.filter((f): f is Field & { shape: ScalarShape } => f.shape.kind === 'scalar');

export function buildSuite(spec: Spec): Suite {
  const suite = suiteContext(spec);
  for (const group of [
    operationChecks,
    activityRuleChecks,
    requiredChecks,
    parameterChecks,
    hierarchyChecks,
    serviceChecks,
    webhookChecks,
  ])
    group(suite);
  const { checks, fixtures, uploads, chains, nameFields, fields } = suite;
  const values = Object.fromEntries(spec.values.map((v) => [v.name, v.values.map((e) => e.value)]));
  const onePerParent = spec.activities.filter((a) => a.onePerParent).map((a) => a.segment);
  return {
    checks,
    fixtures,
    uploads,
    chains,
    nameFields,
    fields,
    values,
    onePerParent,
    quotaHeader: spec.quota.header,
    jsonpParameter: spec.formats.jsonp.parameter,
  };
}

const ok = (schema?: string): Expectation => ({ status: 200, quota: true, ...(schema ? { schema } : {}) });
const fail = (status: number, key: string): Expectation => ({ status, key });

type SuiteContext = ReturnType<typeof suiteContext>;

/** What the checks of every group share: sample bodies per segment, where each segment is reachable, request helpers. */
function suiteContext(spec: Spec) {
  const checks: Check[] = [];
  const kinds = spec.kinds.map((k) => k.name);
  const kind = kinds[0];
  const chains = chainsOf(spec);
  const fixtures: Record<string, Record<string, unknown>> = {};
  const uploads: Record<string, string[]> = {};
  const fields: Record<string, FieldRule[]> = {};
  for (const t of spec.activities) {
    const data: Record<string, unknown> = {};
    for (const f of scalarFields(t))
      if (f.required && f.shape.type !== 'upload') data[f.name] = sampleValue(spec, f.shape);
    fixtures[t.segment] = data;
    uploads[t.segment] = scalarFields(t)
      .filter((f) => f.shape.type === 'upload' && f.required)
      .map((f) => f.name);
    fields[t.segment] = scalarFields(t).map((f) => ({
      name: f.name,
      shape: f.shape,
      required: f.required,
      when: f.when,
      notTrueOnCreate: f.notTrueOnCreate ?? false,
    }));
  }
  const nameFields = Object.fromEntries(spec.kinds.map((k) => [k.name, k.nameFrom[0]]));
  const opAt = (id: string) => at(spec.operations.find((o) => o.id === id)?.pos);
  const has = (id: string) => spec.operations.some((o) => o.id === id);
  const reachable = spec.activities.filter((t) => chains[t.segment]);
  /** Where a new activity of `segment` goes: the parent placeholder and the body format. */
  const parentOf = (segment: string, fresh = spec.activities.find((a) => a.segment === segment)!.onePerParent) => {
    const chain = chains[segment].slice(0, -1);
    return chain.length
      ? `{${fresh ? 'freshact' : 'act'}:${kind}:${chain.join('/')}}`
      : `{${fresh ? 'fresh' : 'record'}:${kind}}`;
  };
  const createBody = (segment: string, parent: string, extra: Record<string, unknown> = {}) => ({
    parent,
    data: { ...fixtures[segment], ...extra },
  });
  const createFormat = (segment: string): Format => (uploads[segment].length ? 'multipart' : 'json');
  const push = (c: Check) => checks.push(c);
  const bodyFormats: Format[] = ['json', 'xml', ...(spec.formats.input.form.length ? (['form'] as Format[]) : [])];
  const hookBody = {
    event: spec.events[0]?.name ?? 'items.create',
    url: 'https://hooks.example.com/verify/{tag}',
    active: 0,
    title: 'verify {tag}',
  };
  return {
    spec,
    checks,
    kinds,
    kind,
    chains,
    fixtures,
    uploads,
    fields,
    nameFields,
    opAt,
    has,
    reachable,
    parentOf,
    createBody,
    createFormat,
    push,
    bodyFormats,
    hookBody,
  };
}

/** operations: every operation, in XML and JSON (and form for bodies). */
function operationChecks(suite: SuiteContext): void {
  const {
    spec,
    kinds,
    kind,
    chains,
    uploads,
    fields,
    nameFields,
    opAt,
    has,
    reachable,
    parentOf,
    createBody,
    push,
    bodyFormats,
    hookBody,
  } = suite;
  for (const k of kinds) {
    const named = { [nameFields[k]]: 'verify {tag}' };
    const steps = (
      id: string,
      method: string,
      path: string,
      formats: Format[],
      body?: Record<string, unknown>,
      status = 200,
    ) => {
      if (!has(id)) return;
      for (const format of formats)
        push({
          run: 'steps',
          id: `operations.${id}.${k}.${format}`,
          group: 'operations',
          title: `${method} ${path} in ${format}`,
          at: opAt(id),
          operation: id,
          steps: [
            {
              request: { method, path, ...(body ? { body, format } : {}), accept: format === 'xml' ? 'xml' : 'json' },
              expect: { ...ok(`${id}_${k}`), status },
            },
          ],
        });
    };
    steps('listRecords', 'GET', `/${k}/`, ['json', 'xml']);
    steps(
      'createRecord',
      'POST',
      `/${k}/`,
      bodyFormats,
      named,
      spec.operations.find((o) => o.id === 'createRecord')?.status,
    );
    steps('showRecord', 'GET', `/${k}/{record:${k}}/`, ['json', 'xml']);
    steps('updateRecord', 'PUT', `/${k}/{record:${k}}/`, bodyFormats, named);
    steps('deleteRecord', 'DELETE', `/${k}/{fresh:${k}}/`, ['json', 'xml']);
    steps('createCategory', 'POST', `/${k}/categories/`, bodyFormats, { name: 'verify {tag}' });
    steps('listCategories', 'GET', `/${k}/categories/`, ['json', 'xml']);
    steps('listFields', 'GET', `/${k}/fields/`, ['json', 'xml']);
  }
  for (const op of spec.operations.filter((o) => o.scope === 'global' && o.method === 'GET' && !o.path.includes('{'))) {
    for (const format of ['json', 'xml'] as const)
      push({
        run: 'steps',
        id: `operations.${op.id}.${format}`,
        group: 'operations',
        title: `GET ${op.path} in ${format}`,
        at: at(op.pos),
        operation: op.id,
        steps: [{ request: { method: 'GET', path: op.path, accept: format }, expect: ok(op.id) }],
      });
  }
  for (const format of bodyFormats) {
    if (has('createHook'))
      push({
        run: 'steps',
        id: `operations.createHook.${format}`,
        group: 'operations',
        title: `POST /hooks/ in ${format} (a disabled hook)`,
        at: opAt('createHook'),
        operation: 'createHook',
        steps: [
          {
            request: {
              method: 'POST',
              path: '/hooks/',
              body: hookBody,
              format,
              accept: format === 'xml' ? 'xml' : 'json',
            },
            expect: ok('createHook'),
          },
        ],
      });
    if (has('updateHook'))
      push({
        run: 'steps',
        id: `operations.updateHook.${format}`,
        group: 'operations',
        title: `PUT /hooks/{id} in ${format}`,
        at: opAt('updateHook'),
        operation: 'updateHook',
        steps: [
          {
            request: {
              method: 'PUT',
              path: '/hooks/{hook}',
              body: { title: 'verify {tag} changed' },
              format,
              accept: format === 'xml' ? 'xml' : 'json',
            },
            expect: ok('updateHook'),
          },
        ],
      });
  }
  if (has('deleteHook'))
    push({
      run: 'steps',
      id: 'operations.deleteHook',
      group: 'operations',
      title: 'DELETE /hooks/{id}',
      at: opAt('deleteHook'),
      operation: 'deleteHook',
      steps: [{ request: { method: 'DELETE', path: '/hooks/{hook}' }, expect: ok('deleteHook') }],
    });
  for (const t of reachable) {
    const s = t.segment;
    const formats: Format[] = uploads[s].length ? ['multipart'] : bodyFormats;
    for (const format of formats)
      push({
        run: 'steps',
        id: `operations.createActivity.${s}.${format}`,
        group: 'operations',
        title: `POST /${kind}/${s}/ in ${format}`,
        at: at(t.pos),
        operation: `createActivity (${s})`,
        steps: [
          {
            request: {
              method: 'POST',
              path: `/${kind}/${s}/`,
              body: createBody(s, parentOf(s)),
              format,
              accept: format === 'xml' ? 'xml' : 'json',
            },
            expect: ok(`createActivity_${kind}_${s}`),
          },
        ],
      });
    const text = scalarFields(t).find((f) => f.shape.type === 'text');
    for (const format of uploads[s].length ? (['multipart'] as const) : (['json', 'xml'] as const))
      push({
        run: 'steps',
        id: `operations.updateActivity.${s}.${format}`,
        group: 'operations',
        title: `PUT /${kind}/${s}/{id} in ${format}`,
        at: at(t.pos),
        operation: `updateActivity (${s})`,
        steps: [
          {
            request: {
              method: 'PUT',
              path: `/${kind}/${s}/{freshact:${kind}:${chains[s].join('/')}}`,
              body: { data: text ? { [text.name]: 'verify {tag} changed' } : {} },
              format,
              accept: format === 'xml' ? 'xml' : 'json',
            },
            expect: ok(`updateActivity_${kind}_${s}`),
          },
        ],
      });
    push({
      run: 'steps',
      id: `operations.deleteActivity.${s}`,
      group: 'operations',
      title: `DELETE /${kind}/${s}/{id}/`,
      at: at(t.pos),
      operation: `deleteActivity (${s})`,
      steps: [
        {
          request: { method: 'DELETE', path: `/${kind}/${s}/{freshact:${kind}:${chains[s].join('/')}}/` },
          expect: ok(`deleteActivity_${kind}_${s}`),
        },
      ],
    });
  }
}

/** values, ranges, required fields, create-only rules of every activity type. */
function activityRuleChecks(suite: SuiteContext): void {
  const { spec, kind, uploads, fields, reachable, parentOf, createBody, createFormat, push } = suite;
  const create = (s: string, data: Record<string, unknown>, expect: Expectation, drop?: string): Step => {
    const body = createBody(s, parentOf(s), data) as { parent: string; data: Record<string, unknown> };
    if (drop) delete body.data[drop];
    return {
      request: {
        method: 'POST',
        path: `/${kind}/${s}/`,
        body,
        format: createFormat(s),
        ...(drop ? { files: uploads[s].filter((f) => f !== drop) } : {}),
      },
      expect,
    };
  };
  const companions = (f: FieldRule) => (f.when?.equals !== undefined ? { [f.when.field]: f.when.equals } : {});
  for (const t of reachable) {
    const s = t.segment;
    const op = `createActivity (${s})`;
    for (const f of scalarFields(t)) {
      const rule = fields[s].find((r) => r.name === f.name)!;
      if (f.shape.type === 'enum' && f.shape.values) {
        const list = spec.values.find((v) => v.name === f.shape.values)!;
        const listed = list.values.filter((e) => !String(e.value).includes('{'));
        push({
          run: 'steps',
          id: `values.${s}.${f.name}.accepted`,
          group: 'values',
          title: `${s}.${f.name} accepts every value of ${list.name}`,
          at: at(list.pos),
          operation: op,
          steps: listed.map((e) => create(s, { ...companions(rule), [f.name]: e.value }, ok())),
        });
        push({
          run: 'steps',
          id: `values.${s}.${f.name}.refused`,
          group: 'values',
          title: `${s}.${f.name} refuses a value not in ${list.name}`,
          at: at(f.pos),
          operation: op,
          steps: [
            create(
              s,
              { ...companions(rule), [f.name]: list.base === 'integer' ? 9999 : 'verify-unlisted' },
              fail(400, 'notinlist'),
            ),
          ],
        });
      }
      if (f.shape.min !== undefined || f.shape.max !== undefined) {
        const bounds: [string, number | undefined, Expectation][] = [
          ['min', f.shape.min, ok()],
          ['max', f.shape.max, ok()],
          ['belowmin', f.shape.min === undefined ? undefined : f.shape.min - 1, fail(400, 'outofrange')],
          ['abovemax', f.shape.max === undefined ? undefined : f.shape.max + 1, fail(400, 'outofrange')],
        ];
        for (const [name, value, expect] of bounds)
          if (value !== undefined)
            push({
              run: 'steps',
              id: `ranges.${s}.${f.name}.${name}`,
              group: 'ranges',
              title: `${s}.${f.name} = ${value} (range ${f.shape.min ?? ''}..${f.shape.max ?? ''})`,
              at: at(f.pos),
              operation: op,
              steps: [create(s, { ...companions(rule), [f.name]: value }, expect)],
            });
      }
      if (f.required)
        push({
          run: 'steps',
          id: `required.${s}.${f.name}`,
          group: 'required',
          title: `${s} without ${f.name} is refused`,
          at: at(f.pos),
          operation: op,
          steps: [create(s, {}, fail(400, 'fieldisrequired'), f.name)],
        });
      if (f.notTrueOnCreate)
        push({
          run: 'steps',
          id: `createonly.${s}.${f.name}`,
          group: 'createonly',
          title: `${s} cannot be created with ${f.name} = 1`,
          at: at(f.pos),
          operation: op,
          steps: [create(s, { [f.name]: 1 }, fail(400, 'cannotcreatecompleted'))],
        });
    }
    if (t.onePerParent) {
      const step = (expect: Expectation): Step => ({
        request: {
          method: 'POST',
          path: `/${kind}/${s}/`,
          body: createBody(s, parentOf(s, true)),
          format: createFormat(s),
        },
        expect,
      });
      push({
        run: 'steps',
        id: `createonly.${s}.oneperparent`,
        group: 'createonly',
        title: `only one ${s} per parent`,
        at: at(t.pos),
        operation: op,
        steps: [step(ok()), step(fail(400, 'onlyoneperparent'))],
      });
    }
  }
}

/** Required fields outside the activities' own: an activity's parent, a category's name, a hook's fields; hook value lists. */
function requiredChecks(suite: SuiteContext): void {
  const { spec, kind, chains, fixtures, fields, opAt, has, reachable, createFormat, push, hookBody } = suite;
  const createOp = spec.operations.find((o) => o.id === 'createActivity');
  const parentField =
    createOp?.request?.kind === 'object' ? createOp.request.fields.find((f) => f.name === 'parent') : undefined;
  if (parentField?.required && reachable[0]) {
    const s = reachable.find((t) => chains[t.segment].length === 1)?.segment ?? reachable[0].segment;
    push({
      run: 'steps',
      id: 'required.createActivity.parent',
      group: 'required',
      title: `${s} without parent is refused`,
      at: at(parentField.pos),
      operation: `createActivity (${s})`,
      steps: [
        {
          request: { method: 'POST', path: `/${kind}/${s}/`, body: { data: fixtures[s] }, format: createFormat(s) },
          expect: fail(400, 'fieldisrequired'),
        },
      ],
    });
  }
  if (has('createCategory'))
    push({
      run: 'steps',
      id: `required.createCategory.name`,
      group: 'required',
      title: 'a category without name is refused',
      at: opAt('createCategory'),
      operation: 'createCategory',
      steps: [
        { request: { method: 'POST', path: `/${kind}/categories/`, body: {} }, expect: fail(400, 'fieldisrequired') },
      ],
    });
  for (const f of spec.hooks.fields.filter((h) => h.required && has('createHook'))) {
    const body: Record<string, unknown> = { ...hookBody };
    delete body[f.name];
    push({
      run: 'steps',
      id: `required.createHook.${f.name}`,
      group: 'required',
      title: `a hook without ${f.name} is refused`,
      at: at(f.pos),
      operation: 'createHook',
      steps: [{ request: { method: 'POST', path: '/hooks/', body }, expect: fail(400, 'fieldisrequired') }],
    });
  }
  for (const f of spec.hooks.fields) {
    if (f.shape.kind !== 'scalar' || f.shape.type !== 'enum' || !f.shape.values || !has('createHook')) continue;
    const list = spec.values.find((v) => v.name === (f.shape as ScalarShape).values)!;
    push({
      run: 'steps',
      id: `values.createHook.${f.name}.accepted`,
      group: 'values',
      title: `hook ${f.name} accepts every value of ${list.name}`,
      at: at(list.pos),
      operation: 'createHook',
      steps: list.values.map((e) => ({
        request: { method: 'POST', path: '/hooks/', body: { ...hookBody, [f.name]: e.value } },
        expect: ok(),
      })),
    });
    push({
      run: 'steps',
      id: `values.createHook.${f.name}.refused`,
      group: 'values',
      title: `hook ${f.name} refuses a value not in ${list.name}`,
      at: at(f.pos),
      operation: 'createHook',
      steps: [
        {
          request: { method: 'POST', path: '/hooks/', body: { ...hookBody, [f.name]: 'verify-unlisted' } },
          expect: fail(400, 'notinlist'),
        },
      ],
    });
  }
}

/** list and report parameters: each listed value accepted, an unlisted one and a bad date refused; list ranges. */
function parameterChecks(suite: SuiteContext): void {
  const { spec, kind, push } = suite;
  const list = spec.operations.find((o) => o.id === 'listRecords');
  for (const op of spec.operations.filter((o) => o.params && o.method === 'GET')) {
    const group: Group = op.report ? 'reports' : op.id === 'listRecords' ? 'list' : 'values';
    const path = op.scope === 'kind' ? `/${kind}${op.path.replace('/{kind}', '')}` : op.path;
    const schema = op.scope === 'kind' ? `${op.id}_${kind}` : op.id;
    const q = (name: string, value: string, expect: Expectation): Step => ({
      request: { method: 'GET', path, query: { [name]: value } },
      expect,
    });
    for (const p of op.params ?? []) {
      if (p.shape.kind !== 'scalar') continue;
      const shape = p.shape;
      const id = `${group}.${op.id}.${p.name}`;
      const vl = shape.values ? spec.values.find((v) => v.name === shape.values) : undefined;
      if (vl && !shape.ids) {
        const listed = vl.values.filter((e) => !String(e.value).includes('{'));
        // Values that mean something only with a companion parameter (the document names them, the spec does not).
        const companion = (v: string): Record<string, string> =>
          op.id === 'listRecords' && p.name === 'filtermode'
            ? ((
                { category: { filtervalue: `{category:${kind}}` }, owner: { filtervalue: '{me}' } } as Record<
                  string,
                  Record<string, string>
                >
              )[v] ?? {})
            : {};
        push({
          run: 'steps',
          id: `${id}.accepted`,
          group,
          title: `${op.id} ${p.name}: every value of ${vl.name}`,
          at: at(vl.pos),
          operation: op.id,
          steps: listed.map((e) => ({
            request: { method: 'GET', path, query: { [p.name]: String(e.value), ...companion(String(e.value)) } },
            expect: ok(schema),
          })),
        });
        if (shape.type === 'enum' || shape.type === 'idlist')
          push({
            run: 'steps',
            id: `${id}.refused`,
            group,
            title: `${op.id} ${p.name} refuses a value not in ${vl.name}`,
            at: at(p.pos),
            operation: op.id,
            steps: [q(p.name, vl.base === 'integer' ? '9999' : 'verifyunlisted', fail(400, 'notinlist'))],
          });
      } else if (shape.type === 'date') {
        push({
          run: 'steps',
          id: `${id}.date`,
          group,
          title: `${op.id} ${p.name}: a date accepted, an impossible one refused`,
          at: at(p.pos),
          operation: op.id,
          steps: [q(p.name, '2026-03-02', ok(schema)), q(p.name, '2026-02-30', fail(400, 'invaliddate'))],
        });
      } else if (shape.type === 'owner' || shape.type === 'ownerfilter' || shape.ids) {
        push({
          run: 'steps',
          id: `${id}.owner`,
          group,
          title: `${op.id} ${p.name}: the caller's user id`,
          at: at(p.pos),
          operation: op.id,
          steps: [q(p.name, '{me}', ok(schema))],
        });
      }
    }
  }
  for (const p of list?.params ?? []) {
    if (p.shape.kind !== 'scalar') continue;
    const shape = p.shape;
    if (shape.type === 'integer' && (shape.min !== undefined || shape.max !== undefined)) {
      const q = (v: number, expect: Expectation): Step => ({
        request: { method: 'GET', path: `/${kind}/`, query: { [p.name]: String(v) } },
        expect,
      });
      const steps: Step[] = [];
      if (shape.min !== undefined) steps.push(q(shape.min, ok()), q(shape.min - 1, fail(400, 'outofrange')));
      if (shape.max !== undefined) steps.push(q(shape.max, ok()), q(shape.max + 1, fail(400, 'outofrange')));
      push({
        run: 'steps',
        id: `ranges.listRecords.${p.name}`,
        group: 'ranges',
        title: `list ${p.name} within ${shape.min ?? ''}..${shape.max ?? ''}, refused one past each bound`,
        at: at(p.pos),
        operation: 'listRecords',
        steps,
      });
    }
  }
}

/** hierarchy: every type under every allowed parent, and refused under a sample of the others. */
function hierarchyChecks(suite: SuiteContext): void {
  const { spec, kind, chains, reachable, createBody, createFormat, push } = suite;
  for (const t of reachable) {
    const s = t.segment;
    for (const parent of t.parents) {
      if (parent !== 'record' && !chains[parent]) continue;
      const rule = spec.hierarchy.find((h) => h.child === s && h.parent === parent);
      const placeholder =
        parent === 'record'
          ? `{${t.onePerParent ? 'fresh' : 'record'}:${kind}}`
          : `{act:${kind}:${chains[parent].join('/')}}`;
      push({
        run: 'steps',
        id: `hierarchy.${s}.under.${parent}`,
        group: 'hierarchy',
        title: `${s} under ${parent}`,
        at: at(rule?.pos ?? t.pos),
        operation: `createActivity (${s})`,
        steps: [
          {
            request: {
              method: 'POST',
              path: `/${kind}/${s}/`,
              body: createBody(s, placeholder),
              format: createFormat(s),
            },
            expect: ok(),
          },
        ],
      });
    }
    const disallowed = ['record', ...reachable.map((a) => a.segment)].filter(
      (p) => !t.parents.includes(p) && p !== s && !(t.onePerParent && p === 'record'),
    );
    const sample = [
      disallowed.find((p) => p === 'record'),
      ...disallowed.filter((p) => p !== 'record').slice(0, 2),
    ].filter((p): p is string => p !== undefined);
    for (const parent of sample) {
      const placeholder = parent === 'record' ? `{fresh:${kind}}` : `{freshact:${kind}:${chains[parent].join('/')}}`;
      push({
        run: 'steps',
        id: `hierarchy.${s}.notunder.${parent}`,
        group: 'hierarchy',
        title: `${s} refused under ${parent}`,
        at: at(t.pos),
        operation: `createActivity (${s})`,
        steps: [
          {
            request: {
              method: 'POST',
              path: `/${kind}/${s}/`,
              body: createBody(s, placeholder),
              format: createFormat(s),
            },
            expect: fail(400, 'invalidparent'),
          },
        ],
      });
    }
  }
}

/** list search/sort/page, batch, auth, tenant isolation, JSONP. */
function serviceChecks(suite: SuiteContext): void {
  const { spec, kinds, kind, chains, nameFields, opAt, has, reachable, createBody, createFormat, push } = suite;
  const list = spec.operations.find((o) => o.id === 'listRecords');
  // list: search, sort and page over records the check creates
  if (list)
    push({
      run: 'list',
      id: `list.${kind}.search-sort-page`,
      group: 'list',
      title: `search modes S/C, sort ${spec.listSemantics.defaultSort.field} ASC/DESC, start/limit over records the check created`,
      at: at(list.pos),
      operation: 'listRecords',
      kind,
      nameField: nameFields[kind],
      sortField: spec.listSemantics.defaultSort.field,
    });

  // batch
  const batchOp = spec.operations.find((o) => o.id === 'batch');
  if (batchOp) {
    const pos = spec.pos?.batch ?? batchOp.pos;
    for (const rule of ['echo', 'limit', 'quota'] as const)
      push({
        run: 'batch',
        id: `batch.${rule}`,
        group: 'batch',
        title:
          rule === 'echo'
            ? 'each part answered with its Content-ID'
            : rule === 'limit'
              ? `more than ${spec.batch.maxParts} parts refused (toomanyparts)`
              : 'nested calls count against the quota',
        at: at(pos),
        operation: 'batch',
        rule,
        maxParts: spec.batch.maxParts,
        quotaHeader: spec.quota.header,
      });
  }

  // auth and tenant isolation
  const authPos = at(spec.pos?.auth);
  push({
    run: 'steps',
    id: 'auth.missing',
    group: 'auth',
    title: 'no Authorization: 401',
    at: authPos,
    operation: 'listRecords',
    steps: [{ request: { method: 'GET', path: `/${kind}/`, auth: 'none' }, expect: fail(401, 'authenticationfailed') }],
  });
  push({
    run: 'steps',
    id: 'auth.wrong',
    group: 'auth',
    title: 'a wrong token: 401',
    at: authPos,
    operation: 'listRecords',
    steps: [
      { request: { method: 'GET', path: `/${kind}/`, auth: 'wrong' }, expect: fail(401, 'authenticationfailed') },
    ],
  });
  push({
    run: 'steps',
    id: 'auth.notbasic',
    group: 'auth',
    title: 'credentials not in the Basic scheme: 401',
    at: authPos,
    operation: 'listRecords',
    steps: [
      { request: { method: 'GET', path: `/${kind}/`, auth: 'notbasic' }, expect: fail(401, 'authenticationfailed') },
    ],
  });
  push({
    run: 'steps',
    id: 'auth.seconduser',
    group: 'auth',
    title: 'the second user of the account sees its records',
    at: authPos,
    operation: 'showRecord',
    steps: [
      {
        request: { method: 'GET', path: `/${kind}/{record:${kind}}/`, auth: 'user2' },
        expect: ok(`showRecord_${kind}`),
      },
    ],
  });
  const notFound = fail(404, 'itemisnotfound');
  const iso = (id: string, operation: string, step: Step) =>
    push({
      run: 'steps',
      id: `isolation.${id}`,
      group: 'isolation',
      title: `another account: ${step.request.method} ${step.request.path}`,
      at: opAt(operation),
      operation,
      steps: [step],
    });
  for (const k of kinds) {
    iso(`showRecord.${k}`, 'showRecord', {
      request: { method: 'GET', path: `/${k}/{record:${k}}/`, auth: 'other' },
      expect: notFound,
    });
    iso(`updateRecord.${k}`, 'updateRecord', {
      request: { method: 'PUT', path: `/${k}/{record:${k}}/`, body: { [nameFields[k]]: 'intruder' }, auth: 'other' },
      expect: notFound,
    });
    iso(`deleteRecord.${k}`, 'deleteRecord', {
      request: { method: 'DELETE', path: `/${k}/{record:${k}}/`, auth: 'other' },
      expect: notFound,
    });
  }
  iso('listRecords', 'listRecords', {
    request: {
      method: 'GET',
      path: `/${kind}/`,
      query: { searchmode: 'Sany', searchvalue: 'verify {tag}' },
      auth: 'other',
    },
    expect: { status: 200, equals: { count: 0 } },
  });
  const first = reachable.find((t) => chains[t.segment].length === 1);
  if (first)
    iso('createActivity', 'createActivity', {
      request: {
        method: 'POST',
        path: `/${kind}/${first.segment}/`,
        body: createBody(first.segment, `{record:${kind}}`),
        format: createFormat(first.segment),
        auth: 'other',
      },
      expect: notFound,
    });
  if (has('updateHook'))
    iso('updateHook', 'updateHook', {
      request: { method: 'PUT', path: '/hooks/{hook}', body: { title: 'intruder' }, auth: 'other' },
      expect: notFound,
    });

  // JSONP
  const jsonpAt = at(spec.pos?.formats);
  push({
    run: 'steps',
    id: 'jsonp.callback',
    group: 'jsonp',
    title: `?${spec.formats.jsonp.parameter}= wraps the JSON answer`,
    at: jsonpAt,
    operation: 'listRecords',
    steps: [
      {
        request: { method: 'GET', path: `/${kind}/`, query: { [spec.formats.jsonp.parameter]: 'verify_cb' } },
        expect: { ...ok(`listRecords_${kind}`), jsonp: 'verify_cb' },
      },
    ],
  });
  push({
    run: 'steps',
    id: 'jsonp.sanitized',
    group: 'jsonp',
    title: `characters outside ${spec.formats.jsonp.allowed} are stripped from the callback`,
    at: jsonpAt,
    operation: 'listRecords',
    steps: [
      {
        request: { method: 'GET', path: `/${kind}/`, query: { [spec.formats.jsonp.parameter]: 'verify-cb<x>' } },
        expect: { ...ok(), jsonp: 'verifycbx' },
      },
    ],
  });
}

/** webhooks: every event the API can cause (restore is an administrator action, not an API call), and the fuzz check. */
function webhookChecks(suite: SuiteContext): void {
  const { spec, kind, chains, uploads, opAt, reachable, push } = suite;
  for (const e of spec.events.filter((ev) => !ev.name.endsWith('.restore'))) {
    const family = e.name.split('.')[0];
    const segment = reachable.find((t) => chains[t.segment].length === 1 && !uploads[t.segment].length)?.segment ?? '';
    push({
      run: 'webhook',
      id: `webhooks.${e.name}`,
      group: 'webhooks',
      title: `${e.name} delivered, signed (${spec.notification.signature.header}) and shaped as notification.${family}`,
      at: at(e.pos),
      operation: 'createHook',
      event: e.name,
      family,
      kind,
      segment,
      header: spec.notification.signature.header,
    });
  }

  push({
    run: 'fuzz',
    id: 'fuzz.createActivity',
    group: 'fuzz',
    title: 'schema-generated valid and near-valid activities: no 5xx, valid ones succeed, invalid ones get their key',
    at: opAt('createActivity'),
    operation: 'createActivity',
    kind,
  });
}
