// A broken spec is reported as file:line:col with what was expected and what was found.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { loadSpec, SpecError, formatProblem } from '../generator/pipeline/load.ts';
import { cli, root, specDir } from './support/paths.ts';
import { specFiles } from './support/spec-files.ts';

/** Replaces the first occurrence of `from` in one spec file and returns the problems. */
function problemsAfter(file: string, from: string, to: string): string[] {
  const files = specFiles();
  expect(files[file], `${file} holds ${JSON.stringify(from)}`).toContain(from);
  files[file] = files[file].replace(from, to);
  try {
    loadSpec(specDir, { files });
  } catch (e) {
    if (e instanceof SpecError) return e.problems.map(formatProblem);
    throw e;
  }
  return [];
}

/** 1-based line and column of the first occurrence of `needle` in the edited text. */
function at(file: string, from: string, to: string, needle: string): string {
  const text = specFiles()[file].replace(from, to);
  const offset = text.indexOf(needle);
  const before = text.slice(0, offset).split('\n');
  return `spec/${file}:${before.length}:${before[before.length - 1].length + 1}`;
}

describe('the real spec', () => {
  it('loads without problems', () => {
    expect(() => loadSpec(specDir)).not.toThrow();
  });
});

describe('schema rules', () => {
  it('an unknown key names the key and the allowed ones', () => {
    const edit = [
      'activities.yaml',
      'priority: { type: integer, min: 0, max: 6 }',
      'priority: { type: integer, min: 0, mx: 6 }',
    ] as const;
    const problems = problemsAfter(...edit);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toBe(
      `${at(...edit, 'mx:')}: unknown key 'mx' in activities.event.fields.priority.mx; expected one of: type, ref, description, assumed, required, fields, spread, spreadAfter, element, of, prefix, as, inline, min, max, default, unit, falseIsEmpty, ids, when, create`.replace(
        'priority.mx',
        'priority',
      ),
    );
  });

  it('a value of the wrong type says what was expected and found', () => {
    const edit = ['activities.yaml', 'typeid: 73', 'typeid: seventy-three'] as const;
    const problems = problemsAfter(...edit);
    expect(problems).toEqual([
      `${at(...edit, 'seventy-three')}: activities.call.typeid: expected integer, found string "seventy-three"`,
    ]);
  });

  it('an unknown field type lists the allowed types', () => {
    const edit = ['activities.yaml', 'posttext: { type: text }', 'posttext: { type: txt }'] as const;
    const [first] = problemsAfter(...edit);
    expect(first).toMatch(
      new RegExp(
        `^${at(...edit, 'txt')}: activities\\.comment\\.fields\\.posttext\\.type: expected one of "text", "integer"`,
      ),
    );
  });

  it('a missing required key is named', () => {
    const edit = ['records.yaml', '    title: Ticket\n', ''] as const;
    const problems = problemsAfter(...edit);
    expect(problems).toEqual([
      expect.stringMatching(/^spec\/records\.yaml:\d+:5: kinds\.tickets is missing required key 'title'$/),
    ]);
  });

  it('a YAML syntax error has its position', () => {
    const edit = ['values.yaml', 'values: [USD, EUR,', 'values: [USD, EUR,,'] as const;
    const problems = problemsAfter(...edit);
    expect(problems[0]).toMatch(/^spec\/values\.yaml:\d+:\d+: YAML syntax: /);
  });

  it('a duplicate key is a YAML error, not a silent overwrite', () => {
    const edit = [
      'activities.yaml',
      '      posttext: { type: text }\n',
      '      posttext: { type: text }\n      posttext: { type: integer }\n',
    ] as const;
    expect(problemsAfter(...edit)[0]).toMatch(/^spec\/activities\.yaml:\d+:\d+: YAML syntax: Map keys must be unique/);
  });
});

describe('cross-reference rules', () => {
  it('a hierarchy chain naming an unknown segment', () => {
    const edit = ['hierarchy.yaml', '[record, call, comment]', '[record, call, coment]'] as const;
    expect(problemsAfter(...edit)).toEqual([
      `${at(...edit, 'coment')}: hierarchy chain 1: unknown activity segment 'coment'; expected record or one of the activities`,
    ]);
  });

  it('record in the middle of a chain', () => {
    const edit = ['hierarchy.yaml', '[record, template]', '[template, record]'] as const;
    const [line, col] = at(...edit, '[template, record]')
      .split(':')
      .slice(1)
      .map(Number);
    // Chains are numbered from 1 in file order (read from the file: more chains may come before it).
    const chain =
      (parse(specFiles()['hierarchy.yaml']) as { hierarchy: string[][] }).hierarchy.findIndex(
        (c) => c.join() === 'record,template',
      ) + 1;
    expect(chain).toBeGreaterThan(0);
    expect(problemsAfter(...edit)).toContain(
      `spec/hierarchy.yaml:${line}:${col + 11}: hierarchy chain ${chain}: 'record' can only start a chain`,
    );
  });

  it('an activity left without any allowed parent', () => {
    const edit = ['hierarchy.yaml', '  - [record, template]\n', ''] as const;
    expect(problemsAfter(...edit)).toEqual([
      expect.stringMatching(
        /^spec\/activities\.yaml:\d+:3: activity 'template' has no allowed parent in hierarchy\.yaml$/,
      ),
    ]);
  });

  it('an enum field pointing at a missing value list', () => {
    const edit = [
      'activities.yaml',
      'valuecurrency: { type: enum, of: currencies }',
      'valuecurrency: { type: enum, of: curencies }',
    ] as const;
    const [first] = problemsAfter(...edit);
    expect(first).toMatch(new RegExp(`^${at(...edit, 'curencies')}: unknown value list 'curencies'; expected one of `));
  });

  it('a duplicate activity type id', () => {
    const edit = ['activities.yaml', 'typeid: 91', 'typeid: 73'] as const;
    expect(problemsAfter(...edit)).toEqual([
      expect.stringMatching(
        /^spec\/activities\.yaml:\d+:3: duplicate activity typeid 73: used by 'call' and 'comment'$/,
      ),
    ]);
  });

  it('a duplicate record type id', () => {
    const edit = ['records.yaml', 'typeid: 41', 'typeid: 40'] as const;
    expect(problemsAfter(...edit)).toEqual([
      expect.stringMatching(
        /^spec\/records\.yaml:\d+:3: duplicate record typeid 40: used by 'companies' and 'tickets'$/,
      ),
    ]);
  });

  it('a reference to an unknown structure', () => {
    const edit = [
      'endpoints.yaml',
      '{ ref: CategoryTag }, required: true }',
      '{ ref: CategoryTags }, required: true }',
    ] as const;
    expect(problemsAfter(...edit)[0]).toMatch(
      new RegExp(`^${at(...edit, 'CategoryTags')}: unknown structure 'CategoryTags'; expected one of `),
    );
  });

  it('a condition on a field the activity does not have', () => {
    const edit = [
      'activities.yaml',
      'milestonedate: { type: date, when: { nodate: 0 } }',
      'milestonedate: { type: date, when: { nodte: 0 } }',
    ] as const;
    expect(problemsAfter(...edit)[0]).toBe(
      `${at(...edit, 'when: { nodte')}: activity 'tasklist': field 'milestonedate' has a condition on unknown field 'nodte'`,
    );
  });

  it('a path placeholder the scope does not provide', () => {
    const edit = [
      'endpoints.yaml',
      'path: /{kind}/{id}/\n    scope: kind\n    client: show',
      'path: /{kind}/{contactId}/\n    scope: kind\n    client: show',
    ] as const;
    expect(problemsAfter(...edit)).toEqual([
      `${at(...edit, '/{kind}/{contactId}/')}: operation 'showRecord': unknown path placeholder {contactId}; expected {kind}, {id}, {deliveryId}`,
    ]);
  });

  it('an operation defined in two files', () => {
    const files = specFiles();
    files['webhooks.yaml'] = files['webhooks.yaml'].replace('  deleteHook:', '  deleteRecord:');
    try {
      loadSpec(specDir, { files });
      expect.fail('loadSpec accepted a duplicate operation');
    } catch (e) {
      expect((e as SpecError).problems.map(formatProblem)).toEqual([
        expect.stringMatching(
          /^spec\/webhooks\.yaml:\d+:3: duplicate operations entry 'deleteRecord', first defined at spec\/endpoints\.yaml:\d+:3$/,
        ),
      ]);
    }
  });

  it('a create rule on a field that is not a flag', () => {
    const edit = [
      'activities.yaml',
      'title: { type: text }\n      details: { type: text }\n      completed: { type: flag, create: not-true, description: New events',
      'title: { type: text, create: not-true }\n      details: { type: text }\n      completed: { type: flag, create: not-true, description: New events',
    ] as const;
    expect(problemsAfter(...edit)).toEqual([
      expect.stringMatching(/^spec\/activities\.yaml:\d+:\d+: 'create: not-true' applies to flag fields only$/),
    ]);
  });
});

describe('Retry-After in the error keys', () => {
  it('seconds by cause: a value that is not a whole number of seconds is refused where it stands', () => {
    const edit = ['api.yaml', 'retryAfter: { full: 5 }', 'retryAfter: { full: soon }'] as const;
    expect(problemsAfter(...edit)).toEqual([
      `${at(...edit, 'soon }')}: errors.keys.insufficientstorage.retryAfter.full: expected integer, found string "soon"`,
    ]);
  });

  it('only on answers a client retries (429 and 5xx)', () => {
    const edit = [
      'api.yaml',
      'invalidbatch: { status: 400, message: The batch request is malformed,',
      'invalidbatch: { status: 400, message: The batch request is malformed, retryAfter: { busy: 1 },',
    ] as const;
    expect(problemsAfter(...edit)).toEqual([
      `${at(...edit, '{ busy: 1 }')}: retryAfter on a 400 answer: only 429 and 5xx answers are retried`,
    ]);
  });
});

describe('crmgen generate on a broken spec', () => {
  it('exits 2 with positioned messages and no stack trace', () => {
    const dir = mkdtempSync(join(tmpdir(), 'crmgen-broken-'));
    try {
      cpSync(specDir, dir, { recursive: true });
      const files = specFiles();
      writeFileSync(
        join(dir, 'hierarchy.yaml'),
        files['hierarchy.yaml'].replace('[record, note, comment]', '[record, note, commentary]'),
      );
      writeFileSync(
        join(dir, 'activities.yaml'),
        files['activities.yaml'].replace(
          'valuecurrency: { type: enum, of: currencies }',
          'valuecurrency: { type: enum, of: currency }',
        ),
      );
      const r = spawnSync(process.execPath, [cli, 'generate', '--spec', dir, '--out', join(dir, 'out')], {
        cwd: root,
        encoding: 'utf8',
      });
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/activities\.yaml:\d+:\d+: unknown value list 'currency'/);
      expect(r.stderr).toMatch(/hierarchy\.yaml:\d+:\d+: hierarchy chain \d+: unknown activity segment 'commentary'/);
      expect(r.stderr).toMatch(/the spec has 2 problems/);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
