// runtime/validation.ts on its own, with tables written here rather than the spec's: ajv's errors
// (from validators ajv compiles in this test with the emitter's options) become envelope errors
// with the table's keys and messages, and the rule checks read only the tables they are given.
import { describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import {
  check,
  checkConditions,
  checkCreate,
  checkOnePerParent,
  checkParent,
  conditionHolds,
  dotted,
  fromAjvErrors,
  isAllowedParent,
  own,
  problem,
  sanitizeCallback,
  type ActivityRules,
  type Condition,
  type CompiledValidator,
  type SchemaProblems,
} from '../generator/targets/typescript/runtime/validation.ts';
import { ajvOptions } from '../generator/targets/typescript/validators.ts';

type Key = 'unknown' | 'bad' | 'date' | 'range' | 'list' | 'missing' | 'cond' | 'done' | 'parent' | 'one';
const messages = Object.fromEntries(
  (['unknown', 'bad', 'date', 'range', 'list', 'missing', 'cond', 'done', 'parent', 'one'] as const).map((k) => [
    k,
    { message: `M(${k})` },
  ]),
) as Record<Key, { message: string }>;

const datePattern = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';
const listPattern = '^(?:A|B|C[0-9]+)$';
const tables: SchemaProblems<Key> = {
  messages,
  keys: {
    unknownField: 'unknown',
    invalidValue: 'bad',
    invalidDate: 'date',
    outOfRange: 'range',
    notInList: 'list',
    required: 'missing',
  },
  datePatterns: new Map([[datePattern, 'YYYY-MM-DD']]),
  listPatterns: new Map([[listPattern, ['A', 'B', 'C{n}']]]),
};

const ajv = new Ajv2020({ ...ajvOptions, code: { ...ajvOptions.code, source: false, esm: false } });
const validator = ajv.compile({
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: {
    name: { type: 'string' },
    size: { type: 'integer', minimum: 1, maximum: 10 },
    colour: { enum: ['red', 'green'] },
    many: { enum: Array.from({ length: 13 }, (_, i) => `v${i}`) },
    kind: { const: 'fixed' },
    due: { type: 'string', pattern: datePattern },
    tag: { type: 'string', pattern: listPattern },
    code: { type: 'string', pattern: '^[a-z]+$' },
    either: { anyOf: [{ type: 'integer' }, { type: 'string', pattern: datePattern }] },
    'a/b': { type: 'object', properties: { 'c~d': { type: 'integer' } } },
    names: { type: 'object', propertyNames: { enum: ['x', 'y'] } },
  },
}) as unknown as CompiledValidator;

const problemsOf = (value: unknown) => check(tables, validator, value).map((p) => [p.key, p.path, p.message]);

describe('ajv errors as envelope errors', () => {
  it('a valid value has no problems', () => {
    expect(
      check(tables, validator, { name: 'n', size: 3, colour: 'red', due: '2024-01-31', tag: 'C12', either: 4 }),
    ).toEqual([]);
  });

  it('maps each keyword to its table key, with the key message first and the path dotted', () => {
    expect(problemsOf({ size: 11, colour: 'blue', kind: 'other', extra: 1 })).toEqual([
      ['missing', 'name', 'M(missing): name'],
      ['unknown', 'extra', 'M(unknown): extra'],
      ['range', 'size', 'M(range): size must be <= 10'],
      ['list', 'colour', 'M(list): colour must be one of "red", "green"'],
      ['list', 'kind', 'M(list): kind must be "fixed"'],
    ]);
    expect(problemsOf({ name: 5, size: 1.5 })).toEqual([
      ['bad', 'name', 'M(bad): name must be string'],
      ['bad', 'size', 'M(bad): size must be integer'],
    ]);
  });

  it('describes a long list by its length', () => {
    expect(problemsOf({ name: 'n', many: 'v99' })).toEqual([
      ['list', 'many', 'M(list): many must be one of the 13 allowed values'],
    ]);
  });

  it('names the date form or the list of a known pattern, and the pattern otherwise', () => {
    expect(problemsOf({ name: 'n', due: '31.01.2024', tag: 'D', code: 'X1' })).toEqual([
      ['date', 'due', 'M(date): due must be a date as YYYY-MM-DD'],
      ['list', 'tag', 'M(list): tag must be one of "A", "B", "C{n}"'],
      ['bad', 'code', 'M(bad): code must match ^[a-z]+$'],
    ]);
  });

  it('reports a failed anyOf once, without its branches', () => {
    expect(problemsOf({ name: 'n', either: 'soon' })).toEqual([
      ['bad', 'either', 'M(bad): either matches none of the allowed forms'],
    ]);
  });

  it('reports an unknown name under propertyNames once, at its path', () => {
    expect(problemsOf({ name: 'n', names: { x: 1, z: 2 } })).toEqual([['unknown', 'names.z', 'M(unknown): names.z']]);
  });

  it('unescapes JSON pointers only where needed', () => {
    expect(problemsOf({ name: 'n', 'a/b': { 'c~d': 'x' } })).toEqual([
      ['bad', 'a/b.c~d', 'M(bad): a/b.c~d must be integer'],
    ]);
    expect(dotted('/data/priority')).toBe('data.priority');
    expect(dotted('')).toBe('');
  });

  it('says "the value" for the whole value and falls back to the keyword for others', () => {
    expect(problemsOf(3)).toEqual([['bad', '', 'M(bad): the value must be object']]);
    expect(
      fromAjvErrors(tables, [
        { keyword: 'multipleOf', instancePath: '/size', schemaPath: '#/properties/size/multipleOf', params: {} },
      ]),
    ).toEqual([{ key: 'bad', path: 'size', message: 'M(bad): size fails multipleOf' }]);
  });
});

const rules: ActivityRules<Key> = {
  messages,
  keys: { conditionNotMet: 'cond', cannotCreateCompleted: 'done', invalidParent: 'parent', onlyOnePerParent: 'one' },
  dataField: 'data',
  parentField: 'parent',
  recordParent: 'record',
  allowedParents: { job: ['record'], step: ['job', 'record'], remark: ['step'] },
  notTrueOnCreate: { job: ['finished'] },
  flagOn: 1,
  conditions: {
    job: [
      { field: 'due', on: 'undated', equals: 0, absent: 0 },
      { field: 'every', on: 'repeats', notEquals: 'never' },
    ],
  },
  onePerParent: ['remark'],
};

describe('rule checks over given tables', () => {
  it('allowed parents: a record token or a segment, never an inherited property', () => {
    expect(isAllowedParent(rules.allowedParents, 'step', 'job')).toBe(true);
    expect(isAllowedParent(rules.allowedParents, 'remark', 'record')).toBe(false);
    expect(isAllowedParent(rules.allowedParents, 'constructor', 'record')).toBe(false);
    expect(own(rules.allowedParents, 'toString')).toBeUndefined();
    expect(checkParent(rules, 'job', { kind: 'record' })).toBeNull();
    expect(checkParent(rules, 'remark', { kind: 'activity', segment: 'job' })).toEqual({
      key: 'parent',
      path: 'parent',
      message: 'M(parent): remark cannot be created under job; allowed parents: step',
    });
    expect(checkParent(rules, 'toString', { kind: 'record' })?.message).toBe(
      'M(parent): toString is not an activity type',
    );
  });

  it('flags that cannot be on at create', () => {
    expect(checkCreate(rules, 'job', { finished: 0 })).toEqual([]);
    expect(checkCreate(rules, 'step', { finished: 1 })).toEqual([]);
    expect(checkCreate(rules, 'job', { finished: 1 })).toEqual([
      { key: 'done', path: 'data.finished', message: 'M(done): data.finished cannot be 1 when job is created' },
    ]);
  });

  it('conditions: equals with an absent default, and notEquals', () => {
    expect(conditionHolds(own<readonly Condition[]>(rules.conditions, 'job')![0]!, { due: 'x' })).toBe(true);
    expect(checkConditions(rules, 'job', { due: '2024-01-01' })).toEqual([]);
    expect(checkConditions(rules, 'job', { due: '2024-01-01', undated: 1, every: 2, repeats: 'never' })).toEqual([
      { key: 'cond', path: 'data.due', message: 'M(cond): data.due is allowed only when data.undated is 0' },
      {
        key: 'cond',
        path: 'data.every',
        message: 'M(cond): data.every is allowed only when data.repeats is not "never"',
      },
    ]);
    expect(checkConditions(rules, 'job', { every: 2, repeats: 'daily' })).toEqual([]);
  });

  it('one per parent', () => {
    expect(checkOnePerParent(rules, 'remark', 0)).toBeNull();
    expect(checkOnePerParent(rules, 'job', 3)).toBeNull();
    expect(checkOnePerParent(rules, 'remark', 1)).toEqual({
      key: 'one',
      path: 'parent',
      message: 'M(one): the parent already has 1 remark',
    });
  });

  it('JSONP callbacks keep only the allowed characters', () => {
    expect(sanitizeCallback(/[A-Za-z0-9_]/g, 'cb_1(alert)')).toBe('cb_1alert');
    expect(sanitizeCallback(/[A-Za-z0-9_]/g, '();')).toBe('');
    expect(problem(messages, 'bad', '', 'x')).toEqual({ key: 'bad', path: '', message: 'M(bad): x' });
  });
});
