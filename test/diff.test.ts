// crmgen diff: every kind of spec change, made as one small edit of the real spec, gets the
// expected verdict and the spec position of the NEW side (the OLD side for a removal); the CLI
// gates on it with exit codes; the API-surface cross-check catches what a verdict misses.
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSpec } from '../generator/pipeline/load.ts';
import { diffSpecs, formatPos, type ChangeKind, type Severity, type Subject } from '../generator/tools/spec-diff.ts';
import { compareSurfaces, renderSurface } from '../generator/targets/typescript/api-surface.ts';
import { sdkSurface } from '../generator/pipeline/generate.ts';
import { checkSurface, nextVersion, prependChangelog, setPackagesVersion } from '../cli/diff.ts';
import { cli, root, specDir } from './support/paths.ts';
import { specFiles } from './support/spec-files.ts';
import { addMemoActivity, editDir, edited, posOf, type Edit } from './support/spec-edits.ts';

const original = specFiles();
const before = loadSpec(specDir, { files: original });
const after = (edits: readonly Edit[]) => {
  const files = edited(edits);
  return { files, spec: loadSpec(specDir, { files }) };
};

interface Case {
  name: string;
  edits: readonly Edit[];
  /** Dotted path of the change the edit must produce. */
  path: string;
  severity: Severity;
  kind: ChangeKind;
  subject?: Subject;
  /** Where it is reported: [side, file, needle, part of the needle pointed at]. */
  at: readonly ['old' | 'new', string, string, string?];
}

const cases: Case[] = [
  // ---- issue 21: leniency and accepted values as data ----
  {
    name: 'values no longer accepted in any case',
    edits: [['values.yaml', '    matchCase: false\n    values: [ASC, DESC]', '    values: [ASC, DESC]']],
    path: 'values.sortdirs',
    severity: 'breaking',
    kind: 'range-narrowed',
    at: ['new', 'values.yaml', '  sortdirs:\n', 'sortdirs'],
  },
  {
    name: 'unmet conditional fields refused again',
    edits: [['activities.yaml', 'conditionUnmet: ignore', 'conditionUnmet: refuse']],
    path: 'conditionUnmet',
    severity: 'breaking',
    kind: 'range-narrowed',
    at: ['new', 'activities.yaml', 'conditionUnmet: refuse', 'conditionUnmet'],
  },
  {
    name: 'an activity may be moved to a ticket again',
    edits: [
      [
        'hierarchy.yaml',
        'moveTargets: [contacts, companies, projectblogs]',
        'moveTargets: [contacts, companies, projectblogs, tickets]',
      ],
    ],
    path: 'moveTargets.tickets',
    severity: 'non-breaking',
    kind: 'range-widened',
    at: ['new', 'hierarchy.yaml', 'moveTargets: [', 'moveTargets'],
  },
  {
    name: 'no move to a company any more',
    edits: [
      ['hierarchy.yaml', 'moveTargets: [contacts, companies, projectblogs]', 'moveTargets: [contacts, projectblogs]'],
    ],
    path: 'moveTargets.companies',
    severity: 'breaking',
    kind: 'range-narrowed',
    at: ['new', 'hierarchy.yaml', 'moveTargets: [', 'moveTargets'],
  },
  {
    name: 'a report type id accepted no more (61)',
    edits: [
      [
        'values.yaml',
        '      - { value: 61, label: "event (non-linked); the reference service has no non-linked events, so 61 matches no activity" }\n',
        '',
      ],
    ],
    path: 'values.reportactivitytypes.61',
    severity: 'breaking',
    kind: 'removed',
    at: ['old', 'values.yaml', '- { value: 61,', '{'],
  },
  {
    name: 'report entries lose their comments',
    edits: [['report-sources.yaml', "    comments: comment      # an entry's comments: its comment children\n", '']],
    path: 'reports.activities.comments',
    severity: 'breaking',
    kind: 'removed',
    at: ['old', 'report-sources.yaml', '    comments: comment', 'comments'],
  },
  // ---- breaking ----
  {
    name: 'a removed operation (endpoint)',
    edits: [
      [
        'endpoints.yaml',
        '  deleteRecord:\n    method: DELETE\n    path: /{kind}/{id}/\n    scope: kind\n    client: delete\n    purpose: Delete record.\n    response: status\n',
        '',
      ],
    ],
    path: 'operations.deleteRecord',
    severity: 'breaking',
    kind: 'removed',
    subject: 'operation',
    at: ['old', 'endpoints.yaml', '  deleteRecord:\n', 'deleteRecord'],
  },
  {
    name: 'a removed record kind',
    edits: [
      [
        'records.yaml',
        '  tickets:\n    singular: ticket\n    title: Ticket\n    typeid: 41\n    assumed: typeid not shown; 41 is our own choice, not a documented value\n    fieldset: organization\n    nameFrom: [name]\n',
        '',
      ],
    ],
    path: 'kinds.tickets',
    severity: 'breaking',
    kind: 'removed',
    subject: 'kind',
    at: ['old', 'records.yaml', '  tickets:\n', 'tickets'],
  },
  {
    name: 'a removed activity type',
    edits: [
      [
        'activities.yaml',
        '  website:\n    title: Website\n    typeid: 7\n    fields:\n      caption: { type: text }\n      url: { type: text }\n',
        '',
      ],
      ['hierarchy.yaml', '  - [record, website, comment]\n', ''],
    ],
    path: 'activities.website',
    severity: 'breaking',
    kind: 'removed',
    subject: 'activity',
    at: ['old', 'activities.yaml', '  website:\n    title: Website', 'website'],
  },
  {
    name: 'a removed activity field',
    edits: [['activities.yaml', '      location: { type: text }\n', '']],
    path: 'activities.event.fields.location',
    severity: 'breaking',
    kind: 'removed',
    at: ['old', 'activities.yaml', '      location: { type: text }', 'location'],
  },
  {
    name: 'a removed value-list entry (one currency)',
    edits: [['values.yaml', 'HRK, ', '']],
    path: 'values.currencies.HRK',
    severity: 'breaking',
    kind: 'removed',
    subject: 'value',
    at: ['old', 'values.yaml', 'HRK, HUF', 'HRK'],
  },
  {
    name: 'a removed error key',
    edits: [
      [
        'api.yaml',
        '    toomanyparts: { status: 400, message: Too many requests in one batch, assumed: key not shown }\n',
        '',
      ],
    ],
    path: 'errors.toomanyparts',
    severity: 'breaking',
    kind: 'removed',
    subject: 'error',
    at: ['old', 'api.yaml', '    toomanyparts:', 'toomanyparts'],
  },
  {
    name: 'a removed hook field',
    edits: [['webhooks.yaml', '    title: { type: text, description: Free text describing the purpose. }\n', '']],
    path: 'hooks.fields.title',
    severity: 'breaking',
    kind: 'removed',
    subject: 'hook-field',
    at: ['old', 'webhooks.yaml', '    title: { type: text, description: Free text describing the purpose. }', 'title'],
  },
  {
    name: 'a narrowed range: min raised',
    edits: [
      [
        'activities.yaml',
        'priority: { type: integer, min: 0, max: 6 }\n      noticenow',
        'priority: { type: integer, min: 1, max: 6 }\n      noticenow',
      ],
    ],
    path: 'activities.event.fields.priority',
    severity: 'breaking',
    kind: 'range-narrowed',
    at: ['new', 'activities.yaml', 'priority: { type: integer, min: 1, max: 6 }', 'priority'],
  },
  {
    name: 'a narrowed range: max lowered',
    edits: [
      ['endpoints.yaml', 'limit: { type: integer, min: 1, max: 5000', 'limit: { type: integer, min: 1, max: 1000'],
    ],
    path: 'operations.listRecords.params.limit',
    severity: 'breaking',
    kind: 'range-narrowed',
    at: ['new', 'endpoints.yaml', 'limit: { type: integer, min: 1, max: 1000', 'limit'],
  },
  {
    name: 'a field that became required',
    edits: [
      [
        'activities.yaml',
        '      details: { type: text }\n      dateoccured',
        '      details: { type: text, required: true }\n      dateoccured',
      ],
    ],
    path: 'activities.call.fields.details',
    severity: 'breaking',
    kind: 'became-required',
    at: ['new', 'activities.yaml', '      details: { type: text, required: true }', 'details'],
  },
  {
    name: 'a new required field in a request',
    edits: [
      [
        'endpoints.yaml',
        '    purpose: Create category tag.\n    request:\n      type: object\n      fields:\n        name: { type: text, required: true }\n',
        '    purpose: Create category tag.\n    request:\n      type: object\n      fields:\n        name: { type: text, required: true }\n        color: { type: text, required: true }\n',
      ],
    ],
    path: 'operations.createCategory.request.color',
    severity: 'breaking',
    kind: 'added',
    at: ['new', 'endpoints.yaml', '        color: { type: text, required: true }', 'color'],
  },
  {
    name: 'a response field that became optional (readers may find it missing)',
    edits: [
      [
        'endpoints.yaml',
        'count: { type: integer, required: true, description: Total number of matching records. }',
        'count: { type: integer, description: Total number of matching records. }',
      ],
    ],
    path: 'operations.listRecords.response.count',
    severity: 'breaking',
    kind: 'became-optional',
    at: ['new', 'endpoints.yaml', 'count: { type: integer, description', 'count'],
  },
  {
    name: 'a changed scalar type',
    edits: [
      ['activities.yaml', 'duration: { type: integer, unit: minutes }', 'duration: { type: decimal, unit: minutes }'],
    ],
    path: 'activities.call.fields.duration',
    severity: 'breaking',
    kind: 'type-changed',
    at: ['new', 'activities.yaml', 'duration: { type: decimal', 'duration'],
  },
  {
    name: 'a changed value list',
    edits: [['activities.yaml', 'eventtype: { type: enum, of: eventtypes }', 'eventtype: { type: enum, of: repeats }']],
    path: 'activities.event.fields.eventtype',
    severity: 'breaking',
    kind: 'type-changed',
    at: ['new', 'activities.yaml', 'eventtype: { type: enum, of: repeats }', 'eventtype'],
  },
  {
    name: 'a changed shape kind (list -> text)',
    edits: [['endpoints.yaml', 'options: { type: list, element: option, of: text }', 'options: text']],
    path: 'structures.FieldDefinition.options',
    severity: 'breaking',
    kind: 'type-changed',
    at: ['new', 'endpoints.yaml', '      options: text', 'options'],
  },
  {
    name: 'a hierarchy rule removed (a parent once allowed now forbidden)',
    edits: [['hierarchy.yaml', '  - [record, call, timerecord]\n', '']],
    path: 'hierarchy.call>timerecord',
    severity: 'breaking',
    kind: 'parent-removed',
    subject: 'hierarchy',
    at: ['old', 'hierarchy.yaml', '  - [record, call, timerecord]', 'timerecord'],
  },
  {
    name: 'a changed path',
    edits: [
      [
        'endpoints.yaml',
        '    path: /{kind}/{segment}/{id}\n    scope: activity\n    client: update\n',
        '    path: /{kind}/{segment}/{id}/\n    scope: activity\n    client: update\n',
      ],
    ],
    path: 'operations.updateActivity',
    severity: 'breaking',
    kind: 'path-changed',
    at: ['new', 'endpoints.yaml', '  updateActivity:\n', 'updateActivity'],
  },
  {
    name: 'a changed method',
    edits: [['endpoints.yaml', '  updateRecord:\n    method: PUT\n', '  updateRecord:\n    method: POST\n']],
    path: 'operations.updateRecord',
    severity: 'breaking',
    kind: 'method-changed',
    at: ['new', 'endpoints.yaml', '  updateRecord:\n', 'updateRecord'],
  },
  {
    name: 'a changed activity typeid',
    edits: [['activities.yaml', 'typeid: 73', 'typeid: 74']],
    path: 'activities.call',
    severity: 'breaking',
    kind: 'typeid-changed',
    at: ['new', 'activities.yaml', '  call:\n    title: Call', 'call'],
  },
  {
    name: 'a changed record typeid',
    edits: [['records.yaml', '    typeid: 41\n', '    typeid: 42\n']],
    path: 'kinds.tickets',
    severity: 'breaking',
    kind: 'typeid-changed',
    at: ['new', 'records.yaml', '  tickets:\n', 'tickets'],
  },
  {
    name: "a changed error key's HTTP status",
    edits: [['api.yaml', 'toomanyparts: { status: 400,', 'toomanyparts: { status: 413,']],
    path: 'errors.toomanyparts',
    severity: 'breaking',
    kind: 'changed',
    at: ['new', 'api.yaml', '    toomanyparts:', 'toomanyparts'],
  },
  {
    name: "a changed error key's Retry-After",
    edits: [['api.yaml', 'retryAfter: { full: 5 }', 'retryAfter: { full: 30 }']],
    path: 'errors.insufficientstorage.retryAfter',
    severity: 'non-breaking',
    kind: 'changed',
    at: ['new', 'api.yaml', '    insufficientstorage:', 'insufficientstorage'],
  },
  {
    name: 'a lowered limit in the settings',
    edits: [['api.yaml', 'listLimitMax: 5000', 'listLimitMax: 500']],
    path: 'limits.listLimitMax',
    severity: 'breaking',
    kind: 'range-narrowed',
    subject: 'setting',
    at: ['new', 'api.yaml', 'listLimitMax: 500', 'listLimitMax'],
  },
  {
    name: 'a report that no longer lists an activity type',
    edits: [
      ['report-sources.yaml', '      tasklist: { date: milestonedate, dated: true }\n  calendar:', '  calendar:'],
    ],
    path: 'reports.nextactions.from.tasklist',
    severity: 'breaking',
    kind: 'removed',
    at: ['old', 'report-sources.yaml', '      tasklist: { date: milestonedate, dated: true }\n  calendar:', 'tasklist'],
  },
  // ---- non-breaking ----
  {
    name: 'a report that now lists completed entries too',
    edits: [
      [
        'report-sources.yaml',
        '      followup: { date: duedate, owner: assignedto }\n',
        '      followup: { date: duedate, owner: assignedto, includeCompleted: true }\n',
      ],
    ],
    path: 'reports.followups.from.followup',
    severity: 'non-breaking',
    kind: 'changed',
    at: [
      'new',
      'report-sources.yaml',
      '      followup: { date: duedate, owner: assignedto, includeCompleted: true }',
      'followup',
    ],
  },
  {
    name: 'an added activity type',
    edits: addMemoActivity,
    path: 'activities.memo',
    severity: 'non-breaking',
    kind: 'added',
    subject: 'activity',
    at: ['new', 'activities.yaml', '  memo:\n', 'memo'],
  },
  {
    name: 'an added value-list entry',
    edits: [['values.yaml', 'HRK, HUF', 'HRK, PLN, HUF']],
    path: 'values.currencies.PLN',
    severity: 'non-breaking',
    kind: 'added',
    subject: 'value',
    at: ['new', 'values.yaml', 'PLN, HUF', 'PLN'],
  },
  {
    name: 'a new optional field in a request',
    edits: [
      [
        'endpoints.yaml',
        '    purpose: Create category tag.\n    request:\n      type: object\n      fields:\n        name: { type: text, required: true }\n',
        '    purpose: Create category tag.\n    request:\n      type: object\n      fields:\n        name: { type: text, required: true }\n        color: { type: text }\n',
      ],
    ],
    path: 'operations.createCategory.request.color',
    severity: 'non-breaking',
    kind: 'added',
    at: ['new', 'endpoints.yaml', '        color: { type: text }', 'color'],
  },
  {
    name: 'a widened range',
    edits: [
      [
        'activities.yaml',
        'priority: { type: integer, min: 0, max: 6 }\n      noticenow',
        'priority: { type: integer, min: 0, max: 9 }\n      noticenow',
      ],
    ],
    path: 'activities.event.fields.priority',
    severity: 'non-breaking',
    kind: 'range-widened',
    at: ['new', 'activities.yaml', 'priority: { type: integer, min: 0, max: 9 }', 'priority'],
  },
  {
    name: 'a request field that became optional',
    edits: [
      [
        'endpoints.yaml',
        'parent: { type: integer, required: true, description: Id of the parent',
        'parent: { type: integer, description: Id of the parent',
      ],
    ],
    path: 'operations.createActivity.request.parent',
    severity: 'non-breaking',
    kind: 'became-optional',
    at: [
      'new',
      'endpoints.yaml',
      'parent: { type: integer, description: Id of the parent record or activity; allowed',
      'parent',
    ],
  },
  {
    name: 'an added hierarchy rule',
    edits: [
      [
        'hierarchy.yaml',
        '  - [record, supportwidget, comment]\n',
        '  - [record, supportwidget, comment]\n  - [record, comment]\n',
      ],
    ],
    path: 'hierarchy.record>comment',
    severity: 'non-breaking',
    kind: 'parent-added',
    at: ['new', 'hierarchy.yaml', '  - [record, comment]', 'comment'],
  },
  {
    name: 'an added error key',
    edits: [
      ['api.yaml', '    toomanyparts:', '    teapot: { status: 418, message: I am a teapot }\n    toomanyparts:'],
    ],
    path: 'errors.teapot',
    severity: 'non-breaking',
    kind: 'added',
    at: ['new', 'api.yaml', '    teapot:', 'teapot'],
  },
  {
    name: 'a change no rule classifies (value order) is still reported',
    edits: [['values.yaml', 'USD, EUR,', 'EUR, USD,']],
    path: 'values',
    severity: 'non-breaking',
    kind: 'changed',
    at: ['new', 'values.yaml', 'values:\n  currencies:', 'values'],
  },
  // ---- docs-only ----
  {
    name: 'a description change',
    edits: [
      ['values.yaml', 'description: Opportunity valueinterval.', 'description: How often an opportunity value recurs.'],
    ],
    path: 'values.valueintervals',
    severity: 'docs',
    kind: 'docs',
    at: ['new', 'values.yaml', '  valueintervals:\n', 'valueintervals'],
  },
  {
    name: 'a purpose change',
    edits: [['endpoints.yaml', 'purpose: Delete record.', 'purpose: Delete a record (it can be restored).']],
    path: 'operations.deleteRecord',
    severity: 'docs',
    kind: 'docs',
    at: ['new', 'endpoints.yaml', '  deleteRecord:\n', 'deleteRecord'],
  },
  {
    name: 'a title change',
    edits: [['activities.yaml', '    title: Call\n', '    title: Phone call\n']],
    path: 'activities.call',
    severity: 'docs',
    kind: 'docs',
    at: ['new', 'activities.yaml', '  call:\n    title: Phone call', 'call'],
  },
  {
    name: 'an assumption change',
    edits: [
      [
        'records.yaml',
        'assumed: typeid not shown; 41 is our own choice, not a documented value',
        'assumed: typeid not shown; 41 is our choice',
      ],
    ],
    path: 'kinds.tickets',
    severity: 'docs',
    kind: 'docs',
    at: ['new', 'records.yaml', '  tickets:\n', 'tickets'],
  },
];

describe('diffSpecs: one edit of the real spec, its verdict and location', () => {
  it('the same spec has no changes', () => {
    const d = diffSpecs(before, loadSpec(specDir, { files: specFiles() }));
    expect(d.changes).toEqual([]);
    expect(d.verdict).toBe('none');
  });

  it('the packages version and the changelog are release metadata, not changes', () => {
    const files = edited([['api.yaml', `  version: ${before.packages.version}\n`, '  version: 7.8.9\n']]);
    const d = diffSpecs(
      before,
      loadSpec(specDir, { files: { ...files, 'CHANGELOG.md': '# Changelog\n\n## 7.8.9\n\n- something\n' } }),
    );
    expect(d.changes).toEqual([]);
    // Any other packages fact is still reported.
    const renamed = after([['api.yaml', 'name: crm-service-client', 'name: crm-client']]).spec;
    expect(diffSpecs(before, renamed).changes.map((c) => c.path)).toEqual(['packages']);
  });

  it.each(cases)('$name: $severity ($kind)', (c) => {
    const next = after(c.edits);
    const d = diffSpecs(before, next.spec);
    const found = d.changes.filter((x) => x.path === c.path && x.kind === c.kind);
    expect(found, `changes: ${d.changes.map((x) => `${x.path} ${x.kind}`).join('; ')}`).toHaveLength(1);
    const [change] = found;
    expect(change.severity).toBe(c.severity);
    if (c.subject) expect(change.subject).toBe(c.subject);
    const [side, file, needle, inner] = c.at;
    expect(formatPos(change.pos)).toBe(posOf(side === 'old' ? original : next.files, file, needle, inner));
    // The verdict is the most severe change; a non-breaking or docs edit must not be reported as more.
    expect(d.verdict).toBe(c.severity);
  });

  it('removing one currency is breaking at its place in spec/values.yaml', () => {
    const d = diffSpecs(before, after([['values.yaml', 'HRK, ', '']]).spec);
    expect(d.counts).toEqual({ breaking: 1, 'non-breaking': 0, docs: 0 });
    expect(formatPos(d.changes[0].pos)).toMatch(/^spec\/values\.yaml:\d+:\d+$/);
    expect(formatPos(d.changes[0].pos)).toBe(posOf(original, 'values.yaml', 'HRK, HUF', 'HRK'));
    expect(d.changes[0].message).toBe('value list currencies: entry "HRK" removed');
  });

  it('adding an activity type is non-breaking, and reported once (its hierarchy rules come with it)', () => {
    const d = diffSpecs(before, after(addMemoActivity).spec);
    expect(d.counts.breaking).toBe(0);
    expect(d.changes.map((c) => c.path)).toEqual(['activities.memo']);
  });

  it('changes are ordered breaking, non-breaking, docs, then by position', () => {
    const d = diffSpecs(
      before,
      after([
        ['values.yaml', 'description: Opportunity valueinterval.', 'description: Changed.'],
        ['values.yaml', 'HRK, HUF', 'HRK, PLN, HUF'],
        ['values.yaml', 'USD, EUR', 'EUR'],
      ]).spec,
    );
    expect(d.changes.map((c) => c.severity)).toEqual(['breaking', 'non-breaking', 'docs']);
  });
});

describe('crmgen diff --bump: next version, version edit, changelog', () => {
  it('breaking -> next major (next minor before 1.0.0), non-breaking -> next minor, docs-only -> next patch', () => {
    expect(['breaking', 'non-breaking', 'docs'].map((l) => nextVersion('1.4.2', l as Severity))).toEqual([
      '2.0.0',
      '1.5.0',
      '1.4.3',
    ]);
    expect(['breaking', 'non-breaking', 'docs'].map((l) => nextVersion('0.3.1', l as Severity))).toEqual([
      '0.4.0',
      '0.4.0',
      '0.3.2',
    ]);
    expect(nextVersion('9.0.0', 'breaking')).toBe('10.0.0');
    // A pre-release becomes the release it leads to when that is the step.
    expect(nextVersion('2.0.0-rc.1', 'breaking')).toBe('2.0.0');
    expect(nextVersion('2.1.0-beta', 'breaking')).toBe('3.0.0');
    expect(nextVersion('2.1.0-beta', 'non-breaking')).toBe('2.1.0');
    expect(nextVersion('2.1.3-beta', 'docs')).toBe('2.1.3');
    expect(() => nextVersion('1.0', 'docs')).toThrow(/not MAJOR\.MINOR\.PATCH/);
  });

  it('sets packages.version alone, keeping its quotes, comments and everything else', () => {
    const text = (v: string) =>
      `# top\nservice: { title: T }  # x\n\npackages:\n  # the version\n  version: ${v}   # both packages\n  license: MIT\n  nested: { version: 1.0.0 }\n`;
    expect(setPackagesVersion(text('1.0.0'), '2.0.0', 'api.yaml')).toBe(text('2.0.0'));
    expect(setPackagesVersion(text('"1.0.0"'), '1.1.0', 'api.yaml')).toBe(text('"1.1.0"'));
    expect(setPackagesVersion(text("'1.0.0'"), '1.0.1', 'api.yaml')).toBe(text("'1.0.1'"));
    expect(() => setPackagesVersion('service: { title: T }\n', '1.0.1', 'api.yaml')).toThrow(
      /no packages\.version in api\.yaml/,
    );
  });

  it('the entry goes under the title, above the newest entry; a missing file or title gets # Changelog', () => {
    const entry = '## 1.1.0\n\n### Added and changed\n\n- x added\n';
    expect(prependChangelog(undefined, entry)).toBe(`# Changelog\n\n${entry}`);
    expect(prependChangelog('# Changes\n\n## 1.0.0\n\nFirst.\n', entry)).toBe(
      `# Changes\n\n${entry}\n## 1.0.0\n\nFirst.\n`,
    );
    expect(prependChangelog('# Changes\n\nEvery release.\n\n## 1.0.0\n', entry)).toBe(
      `# Changes\n\nEvery release.\n\n${entry}\n## 1.0.0\n`,
    );
    expect(prependChangelog('# Changes\n\nEvery release.', entry)).toBe(`# Changes\n\nEvery release.\n\n${entry}`);
    expect(prependChangelog('## 1.0.0\n\nFirst.\n', entry)).toBe(`# Changelog\n\n${entry}\n## 1.0.0\n\nFirst.\n`);
    expect(prependChangelog('# C\r\n\r\n## 1.0.0\r\n', entry)).toBe(
      `# C\r\n\r\n${entry.replace(/\n/g, '\r\n')}\r\n## 1.0.0\r\n`,
    );
  });
});

describe('API surface', { timeout: 60_000 }, () => {
  const entries = sdkSurface(before);

  it('lists the exported names of the client and the types, re-exports followed', () => {
    const text = renderSurface(entries);
    expect(text).toContain('function createClient(options: ClientOptions): Client');
    expect(text).toContain('  Currencies | "HRK"');
    expect(text).toContain('interface CallFields');
    expect(text).toContain('  CallFields.duration?: number');
    expect(text).toContain('export ServiceError from runtime/client.ts');
  });

  it('a removed currency removes a union member; an added activity type only adds', () => {
    const removed = compareSurfaces(entries, sdkSurface(after([['values.yaml', 'HRK, ', '']]).spec));
    expect(removed.filter((c) => c.change !== 'added').map((c) => c.line)).toEqual([
      'types: Currencies | "HRK"',
      'types: currencies[] "HRK"',
      "php: Enum\\Currencies::HRK = 'HRK'",
      'python: Currencies | "HRK"',
    ]);
    const added = compareSurfaces(entries, sdkSurface(after(addMemoActivity).spec));
    expect(added.length).toBeGreaterThan(0);
    expect(added.filter((c) => c.change !== 'added')).toEqual([]);
  });

  it('the cross-check accepts surface changes its verdict explains', async () => {
    const removal = after([['values.yaml', 'HRK, ', '']]).spec;
    expect((await checkSurface(before, removal, diffSpecs(before, removal))).unexplained).toEqual([]);
    const optional = after(cases.find((c) => c.name === 'a request field that became optional')!.edits).spec;
    const check = await checkSurface(before, optional, diffSpecs(before, optional));
    expect(check.changed.length).toBeGreaterThan(0);
    expect(check.unexplained).toEqual([]);
  });

  it('the cross-check flags a surface removal that a non-breaking verdict does not explain', async () => {
    const removal = after([['activities.yaml', '      location: { type: text }\n', '']]).spec;
    // A verdict that missed the removal: no breaking change.
    const blind = { changes: [], counts: { breaking: 0, 'non-breaking': 0, docs: 0 }, verdict: 'none' as const };
    const check = await checkSurface(before, removal, blind);
    // Every SDK's callers break: the TypeScript, PHP and Python surfaces report it.
    expect(check.unexplained).toEqual([
      'removed: types: EventFields.location?: string',
      'removed: php: Model\\EventFields::$location?: string',
      'removed: php: Model\\EventCreateActivityRequestData::$location?: string',
      'removed: php: Model\\EventCreateActivityResponseData::$location?: string',
      'removed: python: EventFields.location?: str',
    ]);
  });
});

describe('crmgen diff (CLI)', { timeout: 90_000 }, () => {
  let dir: string;
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [cli, 'diff', ...args], { cwd: root, encoding: 'utf8' });
  const specCopy = (name: string, edits: readonly Edit[]) => {
    const d = join(dir, name);
    cpSync(specDir, d, { recursive: true });
    editDir(d, edits);
    return d;
  };
  let old: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'crmgen-diff-'));
    old = specCopy('old', []);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('exits 0 when nothing is breaking (an added activity type), grouping the change as non-breaking', () => {
    const r = run(old, specCopy('added', addMemoActivity));
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/: 0 breaking, 1 non-breaking, 0 docs-only/);
    expect(r.stdout).toMatch(
      /Non-breaking:\n {2}\S+\/added\/activities\.yaml:\d+:3 +activity type memo added \(typeid 301\)/,
    );
    expect(r.stdout).toMatch(/API surface: \d+ added, 0 removed, 0 changed/);
    expect(r.stdout).toContain('verdict: non-breaking');
  });

  it('exits 1 when something is breaking, with the location; --allow-breaking exits 0', () => {
    const removed = specCopy('removed', [['values.yaml', 'HRK, ', '']]);
    const r = run(old, removed);
    expect(r.status).toBe(1);
    const where = posOf(original, 'values.yaml', 'HRK, HUF', 'HRK').replace('spec/', '');
    expect(r.stdout).toContain(`Breaking:\n  ${join(old, where)}  value list currencies: entry "HRK" removed`);
    expect(r.stdout).toContain('verdict: breaking (exit 1; --allow-breaking to accept)');
    const allowed = run(old, removed, '--allow-breaking');
    expect(allowed.status).toBe(0);
    expect(allowed.stdout).toContain('verdict: breaking (allowed by --allow-breaking)');
  });

  it('--format json: the changes with severity, kind and location, for machines', () => {
    const r = run(
      old,
      specCopy('json', [
        ['activities.yaml', 'duration: { type: integer, unit: minutes }', 'duration: { type: decimal, unit: minutes }'],
        ['endpoints.yaml', 'purpose: Delete record.', 'purpose: Delete a record.'],
      ]),
      '--format',
      'json',
    );
    expect(r.status).toBe(1);
    const out = JSON.parse(r.stdout) as {
      verdict: string;
      counts: Record<string, number>;
      exitCode: number;
      changes: { severity: string; kind: string; path: string; location: string }[];
    };
    expect(out.verdict).toBe('breaking');
    expect(out.exitCode).toBe(1);
    expect(out.counts).toEqual({ breaking: 1, 'non-breaking': 0, docs: 1 });
    expect(out.changes.map((c) => [c.severity, c.kind, c.path])).toEqual([
      ['breaking', 'type-changed', 'activities.call.fields.duration'],
      ['docs', 'docs', 'operations.deleteRecord'],
    ]);
    expect(out.changes[0].location).toBe(
      join(
        dir,
        'json',
        posOf(original, 'activities.yaml', 'duration: { type: integer, unit: minutes }', 'duration').replace(
          'spec/',
          '',
        ),
      ),
    );
  });

  it('--format markdown: a changelog entry with Breaking / Added and changed / Documentation sections', () => {
    const r = run(
      old,
      specCopy('md', [
        ['values.yaml', 'HRK, HUF', 'HUF'],
        ['values.yaml', 'USD, EUR', 'USD, PLN, EUR'],
        ['values.yaml', 'description: Opportunity valueinterval.', 'description: Changed.'],
      ]),
      '--format',
      'markdown',
    );
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^## Spec changes: /);
    const sections = [...r.stdout.matchAll(/^### (.*)$/gm)].map((m) => m[1]);
    expect(sections).toEqual(['Breaking', 'Added and changed', 'Documentation']);
    expect(r.stdout).toContain(
      `### Breaking\n\n- value list currencies: entry "HRK" removed (\`${join(old, posOf(original, 'values.yaml', 'HRK, HUF', 'HRK').replace('spec/', ''))}\`)`,
    );
  });

  it('exits 2 on a spec error, with the positioned message and no stack', () => {
    const broken = specCopy('broken', [['activities.yaml', 'typeid: 73', 'typeid: seventy-three']]);
    const r = run(old, broken);
    expect(r.status).toBe(2);
    const where = posOf(
      edited([['activities.yaml', 'typeid: 73', 'typeid: seventy-three']]),
      'activities.yaml',
      'seventy-three',
    ).replace('spec/', '');
    expect(r.stderr).toContain(
      `${join(broken, where)}: activities.call.typeid: expected integer, found string "seventy-three"`,
    );
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stdout).toBe('');
  });

  it('exits 2 on a usage error', () => {
    const r = run(old);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('diff expects two spec folders');
  });

  it('--git HEAD compares the committed spec with the working copy', () => {
    const r = run('--git', 'HEAD');
    // Others edit spec/ while this runs: a working copy caught mid-edit is a spec error (exit 2)
    // positioned in spec/, never a failure to read HEAD.
    if (r.status === 2) expect(r.stderr).toMatch(/^spec\/\S+\.ya?ml:\d+:\d+: /m);
    else {
      expect(r.stderr).toBe('');
      expect([0, 1]).toContain(r.status);
      expect(r.stdout).toMatch(/^crmgen diff HEAD:spec -> spec: \d+ breaking, \d+ non-breaking, \d+ docs-only/);
    }
  });

  it('--git HEAD NEW reads the old side from git: identical to a copy of the committed spec', () => {
    const committed = join(dir, 'committed');
    mkdirSync(committed);
    const names = spawnSync('git', ['ls-tree', '--name-only', 'HEAD', '--', 'spec/'], { cwd: root, encoding: 'utf8' })
      .stdout.split('\n')
      .filter((n) => n.endsWith('.yaml'));
    expect(names.length).toBeGreaterThan(5);
    for (const n of names)
      writeFileSync(
        join(committed, n.slice('spec/'.length)),
        spawnSync('git', ['show', `HEAD:${n}`], { cwd: root, encoding: 'utf8' }).stdout,
      );
    const r = run('--git', 'HEAD', committed);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(': 0 breaking, 0 non-breaking, 0 docs-only');
    expect(r.stdout).toContain('verdict: no changes');
  });

  // --bump: OLD and NEW carry the same packages.version line (with a comment that must survive).
  const versionLine = (v: string) => `  version: ${v}   # both packages\n`;
  const atVersion = (name: string, edits: readonly Edit[], version = '1.4.2') => {
    const d = specCopy(name, [['api.yaml', `  version: ${before.packages.version}\n`, versionLine(version)], ...edits]);
    rmSync(join(d, 'CHANGELOG.md'), { force: true });
    return d;
  };
  const snapshot = (d: string) =>
    Object.fromEntries(
      readdirSync(d, { withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => [e.name, readFileSync(join(d, e.name), 'utf8')]),
    );
  const addedField = cases.find((c) => c.name === 'a new optional field in a request')!.edits;

  it('--bump on an added optional field: next minor, only the version line edited, CHANGELOG.md created with the entry', () => {
    const oldDir = atVersion('bump-minor-old', []);
    const newDir = atVersion('bump-minor-new', addedField);
    const was = snapshot(newDir);
    expect(was['CHANGELOG.md']).toBeUndefined();
    const r = run(oldDir, newDir, '--bump');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('verdict: non-breaking\n');
    expect(r.stdout.endsWith('crmgen diff: version 1.4.2 -> 1.5.0 (non-breaking); CHANGELOG.md created\n')).toBe(true);
    const now = snapshot(newDir);
    expect(Object.keys(now).sort()).toEqual([...Object.keys(was), 'CHANGELOG.md'].sort());
    for (const name of Object.keys(was)) {
      if (name === 'api.yaml') continue;
      expect(now[name], name).toBe(was[name]);
    }
    const at = was['api.yaml'].indexOf(versionLine('1.4.2'));
    expect(at).toBeGreaterThan(0);
    expect(now['api.yaml']).toBe(
      was['api.yaml'].slice(0, at) + versionLine('1.5.0') + was['api.yaml'].slice(at + versionLine('1.4.2').length),
    );
    expect(now['CHANGELOG.md']).toBe(
      '# Changelog\n\n## 1.5.0\n\n### Added and changed\n\n- endpoint createCategory request body: optional field color added\n',
    );
    // The bumped NEW loads, with the version and the changelog the packages take.
    const spec = loadSpec(newDir);
    expect(spec.packages.version).toBe('1.5.0');
    expect(spec.changelog).toBe(now['CHANGELOG.md']);
    // OLD is never written.
    expect(readFileSync(join(oldDir, 'api.yaml'), 'utf8')).toContain(versionLine('1.4.2'));
    expect(readdirSync(oldDir)).not.toContain('CHANGELOG.md');
  });

  it('--bump on a removed value-list entry: next major, exit 0 although breaking', () => {
    const newDir = atVersion('bump-major-new', [['values.yaml', 'HRK, ', '']]);
    const r = run(atVersion('bump-major-old', []), newDir, '--bump');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('verdict: breaking (released by --bump)\n');
    expect(r.stdout).toContain('crmgen diff: version 1.4.2 -> 2.0.0 (breaking); CHANGELOG.md created\n');
    expect(readFileSync(join(newDir, 'api.yaml'), 'utf8')).toContain(versionLine('2.0.0'));
    expect(readFileSync(join(newDir, 'CHANGELOG.md'), 'utf8')).toBe(
      '# Changelog\n\n## 2.0.0\n\n### Breaking\n\n- value list currencies: entry "HRK" removed\n',
    );
  });

  it('--bump on a description change: next patch, the entry on top of an existing CHANGELOG.md', () => {
    const newDir = atVersion('bump-patch-new', [
      ['values.yaml', 'description: Opportunity valueinterval.', 'description: How often an opportunity value recurs.'],
    ]);
    const previous = '# Changelog\n\nReleases of the API packages.\n\n## 1.4.2\n\n### Documentation\n\n- earlier\n';
    writeFileSync(join(newDir, 'CHANGELOG.md'), previous);
    // NEW has a changelog, OLD none: that is no change of the API (else this would be a minor).
    const r = run(atVersion('bump-patch-old', []), newDir, '--bump');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('verdict: docs-only\n');
    expect(r.stdout).toContain('crmgen diff: version 1.4.2 -> 1.4.3 (docs-only); CHANGELOG.md updated\n');
    expect(readFileSync(join(newDir, 'api.yaml'), 'utf8')).toContain(versionLine('1.4.3'));
    expect(readFileSync(join(newDir, 'CHANGELOG.md'), 'utf8')).toBe(
      '# Changelog\n\nReleases of the API packages.\n\n## 1.4.3\n\n### Documentation\n\n- value list valueintervals: description changed\n\n## 1.4.2\n\n### Documentation\n\n- earlier\n',
    );
  });

  it('a second --bump is refused (exit 2), writing nothing', () => {
    const oldDir = atVersion('bump-twice-old', []);
    const newDir = atVersion('bump-twice-new', [['values.yaml', 'HRK, HUF', 'HRK, PLN, HUF']]);
    const first = run(oldDir, newDir, '--bump');
    expect(first.status).toBe(0);
    expect(first.stdout).toContain('crmgen diff: version 1.4.2 -> 1.5.0 (non-breaking); CHANGELOG.md created\n');
    const bumped = snapshot(newDir);
    const second = run(oldDir, newDir, '--bump');
    expect(second.status).toBe(2);
    expect(second.stdout).toBe('');
    expect(second.stderr).toContain(
      `crmgen: --bump: ${newDir} is already bumped: its packages.version is 1.5.0, ${oldDir}'s is 1.4.2; not bumping twice`,
    );
    expect(snapshot(newDir)).toEqual(bumped);
  });

  it('--bump with no changes leaves the version and the changelog alone, and says so', () => {
    const newDir = atVersion('bump-none-new', []);
    const was = snapshot(newDir);
    const r = run(atVersion('bump-none-old', []), newDir, '--bump');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('crmgen diff: no changes; version 1.4.2 and CHANGELOG.md left as they are\n');
    expect(snapshot(newDir)).toEqual(was);
  });

  it('--git HEAD NEW --bump: the old side from git, NEW bumped', () => {
    const committed = join(dir, 'bump-git');
    mkdirSync(committed);
    const names = spawnSync('git', ['ls-tree', '--name-only', 'HEAD', '--', 'spec/'], { cwd: root, encoding: 'utf8' })
      .stdout.split('\n')
      .filter((n) => n.endsWith('.yaml'));
    for (const n of names)
      writeFileSync(
        join(committed, n.slice('spec/'.length)),
        spawnSync('git', ['show', `HEAD:${n}`], { cwd: root, encoding: 'utf8' }).stdout,
      );
    editDir(committed, [['values.yaml', 'HRK, HUF', 'HRK, PLN, HUF']]);
    const version = loadSpec(committed).packages.version;
    // An added value is non-breaking: the next minor (before 1.0.0 too).
    const [major, minor] = /^(\d+)\.(\d+)\.\d+$/.exec(version)!.slice(1).map(Number);
    const next = `${major}.${minor + 1}.0`;
    const r = run('--git', 'HEAD', committed, '--bump');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`crmgen diff: version ${version} -> ${next} (non-breaking); CHANGELOG.md created\n`);
    expect(loadSpec(committed).packages.version).toBe(next);
    expect(readFileSync(join(committed, 'CHANGELOG.md'), 'utf8')).toBe(
      `# Changelog\n\n## ${next}\n\n### Added and changed\n\n- value list currencies: entry "PLN" added\n`,
    );
  });

  it('--git with an unknown revision is a usage error', () => {
    const r = run('--git', 'no-such-revision-xyz');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('no-such-revision-xyz');
  });
});
