// Cross-checks the spec's IR against the tables and lists of service-api.md, so the
// spec cannot drift from the document unnoticed. Every expected value below is read
// from the document text; nothing the document states is repeated here.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadSpec } from '../generator/pipeline/load.ts';
import type { ActivityType, Field, Operation, ScalarShape, ValueList } from '../generator/pipeline/model.ts';

// In CI the repository is cloned with ../shared beside it.
const docUrl = new URL('../../shared/service-api.md', import.meta.url);
const specDir = fileURLToPath(new URL('../spec', import.meta.url));

const doc = readFileSync(docUrl, 'utf8');
const spec = loadSpec(specDir);

// ---------------------------------------------------------------------------
// Small Markdown readers

interface Table {
  header: string[];
  rows: string[][];
}

/** The text under the heading that starts with `title`, up to the next heading of the same or a higher level. */
function section(text: string, title: string): string {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => /^#{1,6} /.test(l) && l.replace(/^#+ /, '').startsWith(title));
  if (start < 0) throw new Error(`service-api.md has no heading starting with "${title}"`);
  const level = /^#+/.exec(lines[start])![0].length;
  let end = lines.findIndex((l, i) => i > start && /^#{1,6} /.test(l) && /^#+/.exec(l)![0].length <= level);
  if (end < 0) end = lines.length;
  return lines.slice(start + 1, end).join('\n');
}

function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => c.trim());
}

function tables(text: string): Table[] {
  const out: Table[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].trim().startsWith('|')) continue;
    const block: string[] = [];
    while (i < lines.length && lines[i].trim().startsWith('|')) block.push(lines[i++]);
    if (block.length < 2 || !/^\|[\s:|-]+\|$/.test(block[1].trim())) continue;
    out.push({ header: cells(block[0]), rows: block.slice(2).map(cells) });
  }
  return out;
}

/** The table in `text` whose header begins with the given column names. */
function table(text: string, ...columns: string[]): Table {
  const found = tables(text).filter((t) => columns.every((c, i) => t.header[i] === c));
  if (found.length !== 1)
    throw new Error(`expected one table with columns ${columns.join(' | ')}, found ${found.length}`);
  return found[0];
}

/** Rows of a two-or-more column table keyed by their first cell. */
function rowMap(t: Table): Map<string, string[]> {
  return new Map(t.rows.map((r) => [r[0], r]));
}

function bullets(text: string): string[] {
  return text
    .split('\n')
    .filter((l) => l.startsWith('- '))
    .map((l) => l.slice(2).trim());
}

/** Splits on `sep` outside parentheses: "a (x; y); b" gives ["a (x; y)", "b"]. */
function splitTop(s: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of s) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === sep && depth === 0) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out.map((x) => x.trim()).filter(Boolean);
}

function stripParens(s: string): string {
  return s.replace(/\s*\([^)]*\)/g, '').trim();
}

function parentheticals(s: string): string[] {
  return [...s.matchAll(/\(([^)]*)\)/g)].map((m) => m[1].trim());
}

/** "a, b (note), c." gives ["a", "b", "c"]. */
function commaList(s: string): string[] {
  return splitTop(stripParens(s).replace(/\.$/, ''), ',');
}

/** The names a chunk starts with: "to, cc, bcc (text, ...)" gives [to, cc, bcc]; "details text" gives [details]. */
function leadingNames(chunk: string): string[] {
  const m = /^[a-z_][a-z0-9_]*(?:\s*,\s*[a-z_][a-z0-9_]*)*(?=\s|\(|$)/i.exec(chunk);
  return m ? m[0].split(',').map((x) => x.trim()) : [];
}

function codeSpans(s: string): string[] {
  return [...s.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
}

// ---------------------------------------------------------------------------
// IR helpers

function valueList(name: string | undefined): ValueList {
  const list = spec.values.find((v) => v.name === name);
  if (!list) throw new Error(`IR has no value list '${String(name)}'`);
  return list;
}

function listValues(name: string | undefined): string[] {
  return valueList(name).values.map((v) => String(v.value));
}

function operation(id: string): Operation {
  const op = spec.operations.find((o) => o.id === id);
  if (!op) throw new Error(`IR has no operation '${id}'`);
  return op;
}

function activity(segment: string): ActivityType {
  const a = spec.activities.find((x) => x.segment === segment);
  if (!a) throw new Error(`IR has no activity '${segment}'`);
  return a;
}

function field(fields: Field[] | undefined, name: string): Field {
  const f = (fields ?? []).find((x) => x.name === name);
  if (!f) throw new Error(`no field '${name}' among ${(fields ?? []).map((x) => x.name).join(', ')}`);
  return f;
}

function scalar(f: Field): ScalarShape {
  if (f.shape.kind !== 'scalar') throw new Error(`field '${f.name}' is a ${f.shape.kind}, expected a scalar`);
  return f.shape;
}

const sorted = (xs: Iterable<string>): string[] => [...xs].sort();
const numeric = (xs: string[]): string[] => [...xs].sort((x, y) => Number(x) - Number(y));

// ---------------------------------------------------------------------------
// What the document states

const activitySection = section(doc, 'Activity');

interface DocActivity {
  title: string;
  aliases: string[];
  thirdParty: boolean;
  segment: string;
  typeids: number[];
  fields: string[];
  required: string[];
  notTrueOnCreate: string[];
  onePerParent: boolean;
  unparsed: string[];
}

const activityRows: DocActivity[] = table(activitySection, 'Activity', 'Segment', 'Type id', 'Fields (type)').rows.map(
  ([act, segment, typeid, fieldsCell]) => {
    const notes = parentheticals(act);
    const row: DocActivity = {
      title: stripParens(act),
      aliases: notes.filter((n) => n.startsWith('also called ')).map((n) => n.slice('also called '.length)),
      thirdParty: notes.includes('third-party'),
      segment,
      typeids: typeid.split(/\s+or\s+/).map(Number),
      fields: [],
      required: [],
      notTrueOnCreate: [],
      onePerParent: false,
      unparsed: [],
    };
    if (fieldsCell === 'none listed') return row;
    for (const chunk of splitTop(fieldsCell, ';')) {
      if (chunk === 'one per parent') {
        row.onePerParent = true;
        continue;
      }
      const names = leadingNames(chunk);
      if (!names.length) row.unparsed.push(chunk);
      row.fields.push(...names);
      if (parentheticals(chunk).includes('required')) row.required.push(...names);
      if (/cannot be created completed/.test(chunk)) row.notTrueOnCreate.push(...names);
    }
    return row;
  },
);

/** Activity titles (Activity column without its parenthetical) to segments; Contact is the record root. */
const titleToSegment = new Map<string, string>([
  ['contact', 'record'],
  ...activityRows.map((r): [string, string] => [r.title.toLowerCase(), r.segment]),
]);

function segmentOf(title: string): string {
  return titleToSegment.get(stripParens(title).toLowerCase()) ?? `<unknown title "${title}">`;
}

/** "name: a, b, c." bullets after the "Opportunity value lists:" line. */
const opportunityLists = (() => {
  const lines = activitySection.split('\n');
  const at = lines.findIndex((l) => l.trim() === 'Opportunity value lists:');
  if (at < 0) throw new Error('service-api.md has no "Opportunity value lists:" line');
  const out = new Map<string, string[]>();
  for (const l of lines.slice(at + 1)) {
    if (!l.startsWith('- ')) break;
    const m = /^- (\w+): (.*)$/.exec(l);
    if (!m) throw new Error(`cannot read value list line "${l}"`);
    out.set(m[1], commaList(m[2]));
  }
  return out;
})();

const hierarchyLines = bullets(section(doc, 'Supported activity hierarchies'));

function edgesOf(line: string): string[] {
  const edges: string[] = [];
  for (const chain of splitTop(line, ';')) {
    const segs = chain.split('>').map((t) => segmentOf(t.trim()));
    for (let i = 1; i < segs.length; i++) edges.push(`${segs[i - 1]} > ${segs[i]}`);
  }
  return edges;
}

const docEdges = new Set(hierarchyLines.flatMap(edgesOf));
const irEdges = new Set(spec.hierarchy.map((r) => `${r.parent} > ${r.child}`));

const endpointsSection = section(doc, '4. Endpoints');
const endpointRows = table(endpointsSection, 'Method', 'Path', 'Purpose').rows.map(([method, paths, purpose]) => ({
  method,
  paths: commaList(paths),
  purpose,
}));

/** A document path in the IR's placeholder style, without the trailing slash. */
function irStylePath(p: string): string {
  return p
    .replace(/^\/contacts(?=\/|$)/, '/{kind}')
    .replace('{activitySegmentName}', '{segment}')
    .replace(/\{(contactId|activityId|hookId)\}/g, '{id}')
    .replace(/(.)\/$/, '$1');
}
const withoutSlash = (p: string): string => p.replace(/(.)\/$/, '$1');

const listRecordsRows = table(section(doc, 'List records'), 'Parameter', 'Meaning', 'Values').rows;
const listParam = new Map(listRecordsRows.map(([name, , values]) => [name, values]));

const reportRows = table(section(doc, 'Reports: GET /report/'), 'Report', 'Lists', 'Parameters').rows.map(
  ([name, lists, params]) => ({
    name,
    lists,
    params: splitTop(params, ';').map((chunk) => ({ chunk, names: leadingNames(chunk), notes: parentheticals(chunk) })),
  }),
);

const webhookRows = rowMap(table(section(doc, 'Webhooks'), 'Field', 'Type', 'Values and notes'));
const eventRows = table(section(doc, '6. Events'), 'Event', 'Occurs on').rows;
const limitRows = rowMap(table(section(doc, '8. Limits'), 'Limit', 'Value'));
const stateRows = rowMap(table(section(doc, '3. States and transitions'), 'Thing', 'Values'));

function cell(rows: Map<string, string[]>, key: string, col = 1): string {
  const r = rows.get(key);
  if (!r) throw new Error(`no table row "${key}"; rows are ${[...rows.keys()].join(', ')}`);
  return r[col];
}

function numberAfter(text: string, word: string): number {
  const m = new RegExp(`${word}\\s+(\\d+)`).exec(text);
  if (!m) throw new Error(`"${text}" has no "${word} <number>"`);
  return Number(m[1]);
}

// ---------------------------------------------------------------------------

describe('section 2, activity types table', () => {
  it('lists as many activity types as the IR', () => {
    expect(activityRows.length).toBeGreaterThan(0);
    expect(spec.activities).toHaveLength(activityRows.length);
  });

  it('names the same segments as the IR, in the same order', () => {
    expect(spec.activities.map((a) => a.segment)).toEqual(activityRows.map((r) => r.segment));
  });

  it('has a Fields (type) column the test can read completely', () => {
    expect(activityRows.flatMap((r) => r.unparsed)).toEqual([]);
  });

  describe.each(activityRows)('$segment', (row) => {
    it(`type id ${row.typeids.join(' or ')} is the IR typeid plus altTypeids`, () => {
      const a = activity(row.segment);
      expect([a.typeid, ...a.altTypeids]).toEqual(row.typeids);
    });

    it(`title "${row.title}", aliases and third-party flag match`, () => {
      const a = activity(row.segment);
      expect(a.title).toBe(row.title);
      expect(a.aliases).toEqual(row.aliases);
      expect(a.thirdParty).toBe(row.thirdParty);
    });

    it(
      row.fields.length
        ? `documented fields ${row.fields.join(', ')} exist in the IR`
        : 'no documented fields (none listed)',
      () => {
        if (!row.fields.length) expect(activity(row.segment).fields).toEqual([]);
        const irFields = activity(row.segment).fields.map((f) => f.name);
        for (const name of row.fields) expect(irFields, `field '${name}'`).toContain(name);
      },
    );

    it('the IR has no field the document does not list', () => {
      const irFields = activity(row.segment).fields.map((f) => f.name);
      expect(irFields.filter((f) => !row.fields.includes(f))).toEqual([]);
    });

    it('required, cannot-be-created-completed and one-per-parent rules match', () => {
      const a = activity(row.segment);
      expect(a.fields.filter((f) => f.required).map((f) => f.name)).toEqual(row.required);
      expect(a.fields.filter((f) => f.notTrueOnCreate).map((f) => f.name)).toEqual(row.notTrueOnCreate);
      expect(a.onePerParent).toBe(row.onePerParent);
    });
  });
});

describe('section 2, opportunity value lists', () => {
  // Which IR value list each opportunity field's bullet list corresponds to.
  const irListFor: Record<string, string> = {
    valuecurrency: 'currencies',
    valueinterval: 'valueintervals',
    status: 'opportunitystatuses',
  };

  it('the document has a bullet list for valuecurrency, valueinterval and status', () => {
    expect(sorted(opportunityLists.keys())).toEqual(sorted(Object.keys(irListFor)));
  });

  it('valuecurrency lists currencies', () => {
    expect(opportunityLists.get('valuecurrency')?.length).toBeGreaterThan(0);
  });

  it.each(Object.entries(irListFor))(
    'opportunity %s uses value list %s, equal to the document list in order',
    (fieldName, listName) => {
      expect(scalar(field(activity('opportunity').fields, fieldName)).values).toBe(listName);
      expect(listValues(listName)).toEqual(opportunityLists.get(fieldName));
    },
  );
});

describe('section 2, supported activity hierarchies', () => {
  it('the document lists hierarchy lines', () => {
    expect(hierarchyLines.length).toBeGreaterThan(0);
    expect(docEdges.size).toBeGreaterThan(0);
  });

  it('every title in the lines is Contact or an activity of the activity table', () => {
    expect([...docEdges].filter((e) => e.includes('<unknown'))).toEqual([]);
  });

  it.each(hierarchyLines)('"%s" is present as IR parent/child edges', (line) => {
    for (const edge of edgesOf(line)) expect(irEdges, edge).toContain(edge);
  });

  it('the IR has no edge the document lacks', () => {
    expect(sorted([...irEdges].filter((e) => !docEdges.has(e)))).toEqual([]);
  });
});

describe('section 3, states table', () => {
  it('Opportunity status values equal value list opportunitystatuses', () => {
    expect(listValues('opportunitystatuses')).toEqual(commaList(cell(stateRows, 'Opportunity status')));
  });

  it('completed (0, 1) is a flag field of each activity the row names', () => {
    const key = [...stateRows.keys()].find((k) => k.startsWith('completed'));
    expect(key, 'a "completed (...)" row').toBeDefined();
    const titles = splitTop(parentheticals(key!)[0], ',');
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) {
      const f = field(activity(segmentOf(title)).fields, 'completed');
      expect(scalar(f).type, title).toBe('flag');
    }
  });
});

describe('section 4, endpoints table', () => {
  const irOps = spec.operations.map((o) => ({ id: o.id, method: o.method as string, path: withoutSlash(o.path) }));
  const docPairs = endpointRows.flatMap((r) => r.paths.map((p) => ({ method: r.method, path: p })));

  it('the report row lists six paths', () => {
    const reportRow = endpointRows.find((r) => r.paths.every((p) => p.startsWith('/report/')));
    expect(reportRow?.paths).toHaveLength(6);
  });

  it.each(docPairs.map((p): [string, string, string] => [`${p.method} ${p.path}`, p.method, p.path]))(
    '%s is an IR operation',
    (_row, method, path) => {
      const want = irStylePath(path);
      const matches = irOps.filter((o) => o.method === method && o.path === want);
      expect(matches, `${method} ${want}`).toHaveLength(1);
    },
  );

  it('the IR has no operation the table lacks, but the webhook delivery log (issue 14; the document has none)', () => {
    const documented = new Set(docPairs.map((p) => `${p.method} ${irStylePath(p.path)}`));
    expect(irOps.filter((o) => !documented.has(`${o.method} ${o.path}`)).map((o) => o.id)).toEqual([
      'listHookDeliveries',
      'redeliverHook',
    ]);
  });

  it('{kind} stands for contacts and the segments the section names in place of contacts', () => {
    const m = /segments ([^.]+?) in place of contacts/.exec(endpointsSection);
    expect(m, 'the "same paths work with the segments ..." sentence').not.toBeNull();
    const others = m![1].split(/,\s*|\s+and\s+/).filter(Boolean);
    expect(sorted(spec.kinds.map((k) => k.name))).toEqual(sorted(['contacts', ...others]));
  });
});

describe('section 4, list records parameter table', () => {
  const params = operation('listRecords').params ?? [];

  it.each(listRecordsRows.map((r) => r[0]))('parameter %s exists in listRecords params', (name) => {
    expect(params.map((p) => p.name)).toContain(name);
  });

  it('listRecords has no parameter the table lacks', () => {
    expect(params.map((p) => p.name).filter((n) => !listParam.has(n))).toEqual([]);
  });

  it('filtermode values equal value list filtermodes', () => {
    expect(scalar(field(params, 'filtermode')).values).toBe('filtermodes');
    expect(listValues('filtermodes')).toEqual(commaList(listParam.get('filtermode') ?? ''));
  });

  it('sortfield values equal value list sortfields', () => {
    expect(scalar(field(params, 'sortfield')).values).toBe('sortfields');
    expect(listValues('sortfields')).toEqual(commaList(listParam.get('sortfield') ?? ''));
  });

  it('every other enumerated parameter equals its value list (the part before any ";")', () => {
    const enums = params.filter(
      (p) => p.shape.kind === 'scalar' && p.shape.type === 'enum' && !['filtermode', 'sortfield'].includes(p.name),
    );
    expect(enums.length).toBeGreaterThan(0);
    for (const p of enums) {
      const values = splitTop(listParam.get(p.name) ?? '', ';')[0] ?? '';
      expect(listValues(scalar(p).values), p.name).toEqual(commaList(values));
    }
  });

  it('limit default and maximum match limits.listLimitDefault/listLimitMax and the limit parameter', () => {
    const text = listParam.get('limit') ?? '';
    const def = numberAfter(text, 'default');
    const max = numberAfter(text, 'maximum');
    expect(spec.limits.listLimitDefault).toBe(def);
    expect(spec.limits.listLimitMax).toBe(max);
    const limit = scalar(field(params, 'limit'));
    expect(limit.default).toBe(def);
    expect(limit.max).toBe(max);
  });

  it('start is zero based', () => {
    expect(listParam.get('start')).toBe('integer');
    expect(listRecordsRows.find((r) => r[0] === 'start')?.[1]).toMatch(/zero based/);
    expect(scalar(field(params, 'start')).min).toBe(0);
  });
});

describe('section 4, reports table', () => {
  it('lists six reports, the same as IR reports', () => {
    expect(reportRows).toHaveLength(6);
    expect(sorted(spec.reports.map((r) => r.name))).toEqual(sorted(reportRows.map((r) => r.name)));
  });

  it.each(reportRows)('report $name has the parameters of the table and no others', (row) => {
    const op = operation(`report${row.name[0].toUpperCase()}${row.name.slice(1)}`);
    expect(op.report).toBe(row.name);
    const docNames = row.params.flatMap((p) => p.names);
    expect(row.params.filter((p) => !p.names.length).map((p) => p.chunk)).toEqual([]);
    expect(sorted((op.params ?? []).map((p) => p.name))).toEqual(sorted(docNames));
  });

  /**
   * Ids the document gives for a parameter outside the table: the activities report's type ids
   * line (event, non-linked, 61) and the event's other type id ("4 or 5" in the activity table).
   */
  const otherDocumentedIds: Record<string, string[]> = {
    'activities.types': [
      ...[...(/Report activity type ids: ([^\n]*)/.exec(doc)?.[1] ?? '').matchAll(/(\d+)/g)].map((m) => m[1]!),
      ...(/\| Event \| event \| (\d+) or (\d+) \|/.exec(doc)?.slice(1) ?? []),
    ].filter(
      (id, i, all) =>
        all.indexOf(id) === i && !/\| activities \|[^\n]*?; types \(([^)]*)\)/.exec(doc)![1]!.split(', ').includes(id),
    ),
  };

  it("the ids beyond the table are the two the document names: 61 and the event's 5", () => {
    expect(numeric(otherDocumentedIds['activities.types']!)).toEqual(['5', '61']);
  });

  it.each(reportRows)('report $name parameters with a listed value set equal their IR value lists', (row) => {
    const op = operation(`report${row.name[0].toUpperCase()}${row.name.slice(1)}`);
    for (const p of row.params) {
      for (const name of p.names) {
        const shape = scalar(field(op.params, name));
        if (!shape.values || !p.notes.length) continue;
        // Beyond the table: only ids the document gives elsewhere for the same thing (issue 21).
        expect(listValues(shape.values), `${row.name}.${name}`).toEqual(
          numeric([...splitTop(p.notes[0], ','), ...(otherDocumentedIds[`${row.name}.${name}`] ?? [])]),
        );
      }
    }
  });
});

describe('section 4, webhook fields table', () => {
  const hookFields = spec.hooks.fields;

  it('has the same fields as IR hooks.fields', () => {
    expect(sorted(hookFields.map((f) => f.name))).toEqual(sorted(webhookRows.keys()));
  });

  it('event values equal value list hookevents', () => {
    expect(scalar(field(hookFields, 'event')).values).toBe('hookevents');
    expect(listValues('hookevents')).toEqual(commaList(cell(webhookRows, 'event', 2)));
  });

  it('type and contenttype values equal their value lists', () => {
    for (const name of ['type', 'contenttype']) {
      expect(listValues(scalar(field(hookFields, name)).values), name).toEqual(commaList(cell(webhookRows, name, 2)));
    }
  });

  const constraintText = cell(webhookRows, 'constrainttype', 2);
  const families = [...constraintText.matchAll(/For (\w+)\.\* events: ([^.]+)/g)].map((m) => ({
    family: m[1],
    values: commaList(m[2]),
  }));
  const irListFor: Record<string, string> = { items: 'itemconstrainttypes', activities: 'activityconstrainttypes' };

  it('constrainttype defaults to all', () => {
    const def = /default (\w+)/.exec(constraintText)?.[1];
    expect(def).toBeDefined();
    expect(scalar(field(hookFields, 'constrainttype')).default).toBe(def);
  });

  it('names constrainttype lists for the items.* and activities.* families', () => {
    expect(sorted(families.map((f) => f.family))).toEqual(sorted(Object.keys(spec.hooks.constraintsByEventFamily)));
  });

  it.each(families)(
    'constrainttype for the $family family equals the IR list after its leading all',
    ({ family, values }) => {
      const listName = spec.hooks.constraintsByEventFamily[family];
      expect(listName).toBe(irListFor[family]);
      const [first, ...rest] = listValues(listName);
      expect(first).toBe('all');
      expect(rest).toEqual(values);
    },
  );
});

describe('section 6, events table', () => {
  it('IR events are the events of the table, in order', () => {
    expect(spec.events.map((e) => e.name)).toEqual(eventRows.map((r) => r[0]));
  });

  it('the table and value list hookevents name the same events', () => {
    expect(sorted(listValues('hookevents'))).toEqual(sorted(eventRows.map((r) => r[0])));
  });
});

describe('section 8, limits table', () => {
  it('requests per batch equal batch.maxParts and limits.batchMaxParts', () => {
    const n = Number(cell(limitRows, 'Requests per batch'));
    expect(Number.isInteger(n)).toBe(true);
    expect(spec.batch.maxParts).toBe(n);
    expect(spec.limits.batchMaxParts).toBe(n);
  });

  it('records per list page match limits.listLimitDefault/listLimitMax', () => {
    const key = [...limitRows.keys()].find((k) => k.startsWith('Records per list page'));
    expect(key).toBeDefined();
    const text = cell(limitRows, key!);
    expect(spec.limits.listLimitDefault).toBe(numberAfter(text, 'default'));
    expect(spec.limits.listLimitMax).toBe(numberAfter(text, 'maximum'));
  });

  it('quota header name and value format match quota.header and quota.format', () => {
    const [header, format] = codeSpans(cell(limitRows, 'Quota header'));
    expect(spec.quota.header).toBe(header);
    expect(spec.quota.format).toBe(format);
  });

  it('every nested call of a batch counts against the quota', () => {
    expect(cell(limitRows, 'Quota accounting')).toMatch(/every nested call in a batch counts/);
    expect(spec.quota.batchNestedCallsCount).toBe(true);
  });
});
