// Generated validators (generated/validators/): each rule family accepts a valid input and
// rejects invalid ones with the exact error key and path; the hierarchy, the rule tables and
// the set of targets are driven from the IR, so a spec change is tested without editing here.
import { describe, expect, it } from 'vitest';
import { loadSpec } from '../generator/pipeline/load.ts';
import { messageTargets } from '../generator/targets/typescript/names.ts';
import {
  checkConditions,
  checkCreate,
  checkOnePerParent,
  checkParent,
  listLimit,
  sanitizeCallback,
  validateRequest,
  type ValidationError,
} from '../generated/server/src/validators/index.ts';
import { allowedParents, conditions, notTrueOnCreate, onePerParent } from '../generated/server/src/validators/rules.ts';
import { sample } from './support/samples.ts';
import { specDir } from './support/paths.ts';

const spec = loadSpec(specDir);
const messageOf = (key: string) => spec.errors.find((e) => e.key === key)!.message;

/** [key, path] of each error, and every message starts with its key's message from the spec. */
function keysAndPaths(errors: ValidationError[]): [string, string][] {
  for (const e of errors) expect(e.message.startsWith(`${messageOf(e.key)}: `), e.message).toBe(true);
  return errors.map((e) => [e.key, e.path]);
}

interface Case {
  name: string;
  target: string;
  value: unknown;
  /** [key, path] of every expected error; [] for a valid input. */
  errors: [string, string][];
}

const task = 'activities/task.createActivity.request';
const event = 'activities/event.createActivity.request';
const contact = 'records/contacts.createRecord.request';
const contactUpdate = 'records/contacts.updateRecord.request';
const list = 'records/contacts.listRecords.params';

const schemaFamilies: Record<string, Case[]> = {
  'unknown field': [
    { name: 'known fields only', target: task, value: { parent: 1, data: { title: 'Call' } }, errors: [] },
    {
      name: 'unknown top-level field',
      target: task,
      value: { parent: 1, colour: 'red' },
      errors: [['incorrectfield', 'colour']],
    },
    {
      name: 'unknown activity field (17-field object)',
      target: task,
      value: { parent: 1, data: { title: 'Call', colour: 'red' } },
      errors: [['incorrectfield', 'data.colour']],
    },
    {
      name: 'unknown field of a small nested object',
      target: contact,
      value: { categories: { add: [1], drop: [2] } },
      errors: [['incorrectfield', 'categories.drop']],
    },
    {
      name: 'custom field not named custom<id>',
      target: contact,
      value: { custom12: 'ok', customer: 'x' },
      errors: [['incorrectfield', 'customer']],
    },
  ],
  'wrong type': [
    { name: 'right types', target: task, value: { parent: 1, data: { title: 'Call', remindtime: 30 } }, errors: [] },
    {
      name: 'number for text',
      target: task,
      value: { parent: 1, data: { title: 3 } },
      errors: [['invalidvalue', 'data.title']],
    },
    { name: 'text for integer', target: task, value: { parent: '1' }, errors: [['invalidvalue', 'parent']] },
    {
      name: 'fraction for integer',
      target: task,
      value: { parent: 1, data: { remindtime: 1.5 } },
      errors: [['invalidvalue', 'data.remindtime']],
    },
    {
      name: 'list entry of the wrong type',
      target: contactUpdate,
      value: { categories: { add: [1, 'two'] } },
      errors: [['invalidvalue', 'categories.add.1']],
    },
  ],
  'value list': [
    {
      name: 'values from the lists',
      target: task,
      value: { parent: 1, data: { timespentmeasure: 'hours', nodate: 1 } },
      errors: [],
    },
    {
      name: 'text not in the list',
      target: task,
      value: { parent: 1, data: { timespentmeasure: 'months' } },
      errors: [['notinlist', 'data.timespentmeasure']],
    },
    {
      name: 'flag other than 0 or 1',
      target: task,
      value: { parent: 1, data: { nodate: 2 } },
      errors: [['notinlist', 'data.nodate']],
    },
    {
      name: 'list entry not in the list',
      target: event,
      value: { parent: 1, data: { repeats: 'weekly', repeatinterval: [1, 9] } },
      errors: [['notinlist', 'data.repeatinterval.1']],
    },
    {
      name: 'templated list (searchmode) checked by pattern',
      target: list,
      value: { searchmode: 'X12' },
      errors: [['notinlist', 'searchmode']],
    },
  ],
  range: [
    { name: 'inside the range', target: task, value: { parent: 1, data: { priority: 6 } }, errors: [] },
    {
      name: 'above the maximum',
      target: task,
      value: { parent: 1, data: { priority: 7 } },
      errors: [['outofrange', 'data.priority']],
    },
    {
      name: 'below the minimum',
      target: task,
      value: { parent: 1, data: { priority: -1 } },
      errors: [['outofrange', 'data.priority']],
    },
    {
      name: 'negative owner',
      target: task,
      value: { parent: 1, data: { assignedto: -5 } },
      errors: [['outofrange', 'data.assignedto']],
    },
  ],
  date: [
    {
      name: 'date and datetime',
      target: event,
      value: {
        parent: 1,
        data: { timestart: '2026-11-22T10:30:00+00:00', timeend: '2026-11-23', repeatuntil: '2026-12-31' },
      },
      errors: [],
    },
    {
      name: 'date without leading zeros',
      target: task,
      value: { parent: 1, data: { duedate: '2026-5-1' } },
      errors: [['invaliddate', 'data.duedate']],
    },
    {
      name: 'datetime where a date is due',
      target: event,
      value: { parent: 1, data: { repeatuntil: '2026-11-22T10:30:00+00:00' } },
      errors: [['invaliddate', 'data.repeatuntil']],
    },
    {
      name: 'a due date with its time (date or datetime since issue 21)',
      target: task,
      value: { parent: 1, data: { duedate: '2026-11-22T10:30:00+00:00' } },
      errors: [],
    },
    {
      name: 'words for a date or datetime',
      target: event,
      value: { parent: 1, data: { timestart: 'tomorrow' } },
      errors: [['invaliddate', 'data.timestart']],
    },
  ],
  required: [
    {
      name: 'required fields given',
      target: 'activities/attachmentfile.createActivity.request',
      value: { parent: 1, data: { file: { filename: 'a.pdf' } } },
      errors: [],
    },
    {
      name: 'parent missing',
      target: task,
      value: { data: { title: 'Call' } },
      errors: [['fieldisrequired', 'parent']],
    },
    {
      name: 'nested field missing',
      target: 'activities/attachmentfile.createActivity.request',
      value: { parent: 1, data: {} },
      errors: [['fieldisrequired', 'data.file']],
    },
    {
      name: 'list entry field missing',
      target: contactUpdate,
      value: { relateditems: { remove: [{ id: 1 }, {}] } },
      errors: [['fieldisrequired', 'relateditems.remove.1.id']],
    },
  ],
  'list limit': [
    { name: 'limit 1', target: list, value: { limit: 1 }, errors: [] },
    { name: 'limit 5000', target: list, value: { limit: 5000 }, errors: [] },
    { name: 'limit 0', target: list, value: { limit: 0 }, errors: [['outofrange', 'limit']] },
    { name: 'limit 5001', target: list, value: { limit: 5001 }, errors: [['outofrange', 'limit']] },
  ],
};

describe('validateRequest', () => {
  for (const [family, cases] of Object.entries(schemaFamilies)) {
    describe(family, () => {
      it.each(cases)('$name', ({ target, value, errors }) => {
        expect(keysAndPaths(validateRequest(target, value))).toEqual(errors);
      });
    });
  }

  it('says what is wrong after the spec message', () => {
    expect(validateRequest(task, { parent: 1, data: { priority: 7 } })).toEqual([
      { key: 'outofrange', path: 'data.priority', message: 'Value is out of range: data.priority must be <= 6' },
    ]);
    const [unknown] = validateRequest(task, { parent: 1, data: { colour: 'red' } });
    expect(unknown.message).toBe('Incorrect field specified: data.colour');
    const [notInList] = validateRequest(task, { parent: 1, data: { timespentmeasure: 'months' } });
    expect(notInList.message).toBe(
      'Value is not in the list of allowed values: data.timespentmeasure must be one of "days", "hours", "weeks"',
    );
    const [date] = validateRequest(event, { parent: 1, data: { repeatuntil: '22.11.2026' } });
    expect(date.message).toBe('Invalid date: data.repeatuntil must be a date as YYYY-MM-DD');
  });

  it('lists every problem of one request (allErrors), in a stable order', () => {
    const errors = validateRequest(task, {
      parent: 'x',
      colour: 1,
      data: { priority: 9, duedate: 'soon', timespentmeasure: 'months', colour: 2 },
    });
    expect(keysAndPaths(errors).sort()).toEqual(
      [
        ['invalidvalue', 'parent'],
        ['incorrectfield', 'colour'],
        ['incorrectfield', 'data.colour'],
        ['outofrange', 'data.priority'],
        ['invaliddate', 'data.duedate'],
        ['notinlist', 'data.timespentmeasure'],
      ].sort(),
    );
  });

  it('reports a value matching no branch of a choice (owner filter: id or empty) once', () => {
    const op = spec.operations.find((o) =>
      o.params?.some((p) => p.shape.kind === 'scalar' && p.shape.type === 'ownerfilter'),
    )!;
    const field = op.params!.find((p) => p.shape.kind === 'scalar' && p.shape.type === 'ownerfilter')!.name;
    const target = `${op.id}.params`;
    expect(validateRequest(target, { [field]: '' })).toEqual([]);
    expect(validateRequest(target, { [field]: 7 })).toEqual([]);
    expect(keysAndPaths(validateRequest(target, { [field]: 'anyone' }))).toEqual([['invalidvalue', field]]);
    expect(keysAndPaths(validateRequest(target, { [field]: -1 }))).toEqual([['invalidvalue', field]]);
  });

  it('rejects a body that is not an object', () => {
    expect(keysAndPaths(validateRequest('createHook.request', 'x'))).toEqual([['invalidvalue', '']]);
    expect(keysAndPaths(validateRequest('createHook.request', null))).toEqual([['invalidvalue', '']]);
  });

  it('throws on an unknown target', () => {
    expect(() => validateRequest('activities/nosuch.createActivity.request', {})).toThrow(/no request schema/);
  });

  const requestTargets = messageTargets(spec).filter((t) => t.part !== 'response');
  it.each(requestTargets.map((t) => [t.id, t] as const))('%s: the IR sample with every field is valid', (_, t) => {
    expect(validateRequest(t.id, sample(spec, t.shape, { kind: t.kind, segment: t.segment }))).toEqual([]);
  });
});

describe('checkParent (hierarchy, from the IR)', () => {
  const tokens = ['record', ...spec.activities.map((a) => a.segment)];
  const asParent = (token: string) =>
    token === 'record' ? { kind: 'record' as const } : { kind: 'activity' as const, segment: token };

  it.each(spec.activities.map((a) => [a.segment, a] as const))(
    '%s: every allowed parent is accepted, a disallowed one rejected',
    (segment, a) => {
      expect(a.parents.length).toBeGreaterThan(0);
      for (const p of a.parents) expect(checkParent(segment, asParent(p)), `${segment} under ${p}`).toBeNull();
      const disallowed = tokens.filter((t) => !a.parents.includes(t));
      expect(disallowed.length).toBeGreaterThan(0);
      for (const p of [disallowed[0], disallowed[disallowed.length - 1]]) {
        const e = checkParent(segment, asParent(p));
        expect(e && keysAndPaths([e]), `${segment} under ${p}`).toEqual([['invalidparent', 'parent']]);
      }
    },
  );

  it('the table is the IR', () => {
    expect(allowedParents).toEqual(Object.fromEntries(spec.activities.map((a) => [a.segment, a.parents])));
  });

  it('rejects an unknown segment, including names every object inherits', () => {
    expect(checkParent('nosuch', { kind: 'record' })?.key).toBe('invalidparent');
    expect(checkParent('constructor', { kind: 'record' })?.key).toBe('invalidparent');
    expect(checkCreate('constructor', { completed: 1 })).toEqual([]);
    expect(checkConditions('toString', { duedate: '2026-11-22' })).toEqual([]);
    expect(checkOnePerParent('constructor', 3)).toBeNull();
  });
});

describe('checkCreate (cannot be created completed)', () => {
  const cases: [string, Record<string, unknown>, [string, string][]][] = [
    ['event', { completed: 0, title: 'Meeting' }, []],
    ['event', { completed: 1 }, [['cannotcreatecompleted', 'data.completed']]],
    ['followup', { completed: 0 }, []],
    ['followup', { completed: 1, details: 'x' }, [['cannotcreatecompleted', 'data.completed']]],
    ['task', {}, []],
    ['task', { completed: 1, title: 'Call' }, [['cannotcreatecompleted', 'data.completed']]],
    // A task list may be created completed: the rule is stated for event, follow-up and task only.
    ['tasklist', { completed: 1 }, []],
  ];
  it.each(cases)('%s %j', (segment, data, errors) => {
    expect(keysAndPaths(checkCreate(segment, data))).toEqual(errors);
  });

  it('the table is the IR', () => {
    const fromIr = Object.fromEntries(
      spec.activities
        .filter((a) => a.fields.some((f) => f.notTrueOnCreate))
        .map((a) => [a.segment, a.fields.filter((f) => f.notTrueOnCreate).map((f) => f.name)]),
    );
    expect(notTrueOnCreate).toEqual(fromIr);
    expect(Object.keys(fromIr).sort()).toEqual(['event', 'followup', 'task']);
  });
});

describe('checkConditions (when)', () => {
  const families: Record<string, [string, Record<string, unknown>, [string, string][]][]> = {
    'duedate / nodate': [
      ['task', { duedate: '2026-11-22', nodate: 0 }, []],
      ['task', { duedate: '2026-11-22' }, []],
      ['task', { nodate: 1 }, []],
      ['task', { duedate: '2026-11-22', nodate: 1 }, [['conditionnotmet', 'data.duedate']]],
      ['followup', { duedate: '2026-11-22', nodate: 1 }, [['conditionnotmet', 'data.duedate']]],
      ['tasklist', { milestonedate: '2026-11-22', nodate: 1 }, [['conditionnotmet', 'data.milestonedate']]],
    ],
    'repeatevery / repeats': [
      ['event', { repeatevery: 2, repeats: 'daily' }, []],
      ['event', { repeatevery: 2 }, []],
      ['event', { repeatevery: 2, repeats: 'weekly' }, [['conditionnotmet', 'data.repeatevery']]],
      ['event', { repeatevery: 1, repeats: 'weekly', title: 'Standup' }, [['conditionnotmet', 'data.repeatevery']]],
    ],
    'repeatinterval / repeats': [
      ['event', { repeatinterval: [1, 3], repeats: 'weekly' }, []],
      ['event', { repeatinterval: [1], repeats: 'daily' }, [['conditionnotmet', 'data.repeatinterval']]],
      ['event', { repeatinterval: [1] }, [['conditionnotmet', 'data.repeatinterval']]],
      [
        'event',
        { repeatinterval: [1], repeatevery: 2, repeats: 'monthly' },
        [['conditionnotmet', 'data.repeatinterval']],
      ],
    ],
  };
  for (const [family, cases] of Object.entries(families)) {
    it.each(cases)(`${family}: %s %j`, (segment, data, errors) => {
      expect(keysAndPaths(checkConditions(segment, data))).toEqual(errors);
    });
  }

  it('names the other field and its value', () => {
    expect(checkConditions('event', { repeatinterval: [1], repeats: 'daily' })[0].message).toBe(
      'Field is not allowed with the other given values: data.repeatinterval is allowed only when data.repeats is "weekly"',
    );
  });

  it('the table is the IR', () => {
    for (const a of spec.activities) {
      const expected = a.fields
        .filter((f) => f.when)
        .map((f) => ({ field: f.name, on: f.when!.field, equals: f.when!.equals, notEquals: f.when!.notEquals }));
      const got = ((conditions as Record<string, unknown[] | undefined>)[a.segment] ?? []).map((c) => {
        const { field, on, equals, notEquals } = c as {
          field: string;
          on: string;
          equals?: unknown;
          notEquals?: unknown;
        };
        return { field, on, equals, notEquals };
      });
      expect(got, a.segment).toEqual(expected);
    }
  });
});

describe('checkOnePerParent', () => {
  const cases: [string, number, [string, string][]][] = [
    ['linkedemails', 0, []],
    ['note', 3, []],
    ['linkedemails', 1, [['onlyoneperparent', 'parent']]],
    ['linkedemails', 2, [['onlyoneperparent', 'parent']]],
  ];
  it.each(cases)('%s with %d already', (segment, existing, errors) => {
    const e = checkOnePerParent(segment, existing);
    expect(keysAndPaths(e ? [e] : [])).toEqual(errors);
  });

  it('the table is the IR', () => {
    expect([...onePerParent]).toEqual(spec.activities.filter((a) => a.onePerParent).map((a) => a.segment));
  });
});

describe('list limit bounds', () => {
  it('the table is the spec', () => {
    expect(listLimit).toEqual({
      param: 'limit',
      min: 1,
      max: spec.limits.listLimitMax,
      default: spec.limits.listLimitDefault,
    });
  });

  it.each(spec.kinds.map((k) => k.name))('%s: the bounds are enforced', (kind) => {
    const target = `records/${kind}.listRecords.params`;
    expect(validateRequest(target, { limit: listLimit.min })).toEqual([]);
    expect(validateRequest(target, { limit: listLimit.max })).toEqual([]);
    expect(keysAndPaths(validateRequest(target, { limit: listLimit.min - 1 }))).toEqual([['outofrange', 'limit']]);
    expect(keysAndPaths(validateRequest(target, { limit: listLimit.max + 1 }))).toEqual([['outofrange', 'limit']]);
  });
});

describe('sanitizeCallback', () => {
  it.each([
    ['jQuery_123', 'jQuery_123'],
    ['cb.done', 'cbdone'],
    ['alert(1);//', 'alert1'],
    ['<script>x</script>', 'scriptxscript'],
    ['naïve', 'nave'],
    ['().;', ''],
    ['', ''],
  ])('%j -> %j', (callback, expected) => {
    expect(sanitizeCallback(callback)).toBe(expected);
  });
});
