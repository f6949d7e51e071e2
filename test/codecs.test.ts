// Generated codecs: every message round-trips through XML, JSON and form; the wire shapes
// are those of the document and of existing clients.
import { describe, expect, it } from 'vitest';
import { loadSpec } from '../generator/pipeline/load.ts';
import { messageTargets } from '../generator/targets/typescript/names.ts';
import { decode, encode, toWire, CodecError, type CodecTarget } from '../generated/server/src/codecs/index.ts';
import { encodeJson, encodeXml, type ObjectDesc } from '../generator/targets/typescript/runtime/codec.ts';
import { sample } from './support/samples.ts';
import { specDir } from './support/paths.ts';

const spec = loadSpec(specDir);
const targets = messageTargets(spec);

function roundTrip(target: CodecTarget, format: 'xml' | 'json' | 'form', value: unknown) {
  const text = encode(target, format, value as never);
  const { value: back, issues } = decode(target, format, text);
  expect(issues).toEqual([]);
  return { text, back };
}

function dropEmptyObjects(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(dropEmptyObjects);
  if (!v || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    const y = dropEmptyObjects(x);
    if (!(y && typeof y === 'object' && !Array.isArray(y) && Object.keys(y).length === 0)) out[k] = y;
  }
  return out;
}

describe('round trip of every message in every format', () => {
  const cases = targets.map((t) => [t.id, t] as const);
  it.each(cases)('%s (xml, json, form)', (_id, t) => {
    const value = sample(spec, t.shape, { kind: t.kind, segment: t.segment, answer: t.part === 'response' });
    for (const format of ['xml', 'json', 'form'] as const) {
      // Form bodies are for requests; multipart uploads carry files beside them.
      if (format === 'form' && t.part === 'response') continue;
      const { back } = roundTrip(t.id as CodecTarget, format, value);
      // A form body cannot say "an empty object"; everything else survives every format.
      expect(back, `${t.id} via ${format}`).toEqual(format === 'form' ? dropEmptyObjects(value) : value);
    }
  });

  it('covers every activity type and kind of the spec', () => {
    expect(new Set(targets.filter((t) => t.segment).map((t) => t.segment))).toEqual(
      new Set(spec.activities.map((a) => a.segment)),
    );
    expect(new Set(targets.filter((t) => t.kind).map((t) => t.kind))).toEqual(new Set(spec.kinds.map((k) => k.name)));
  });
});

describe('XML as the document shows it', () => {
  it('decodes a show-record response with activities, categories and related items', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<response>
  <item>
    <id>467069</id><name>Ann Lee</name><typeid>1</typeid>
    <created>2026-11-20T08:00:00+00:00</created><viewed>2026-11-21T08:00:00+00:00</viewed><updated>2026-11-21 09:15:00</updated>
    <ownership>5</ownership><flagged/>
    <fields>
      <firstname label="First name">Ann</firstname><lastname label="Last name">Lee</lastname>
      <businessemail>ann@example.com</businessemail><custom12 label="Shoe size">38</custom12>
      <creatorid>5</creatorid><creatordate>1763625600</creatordate>
    </fields>
  </item>
  <activities>
    <id901><level>1</level><cn>Call</cn><created>2026-11-20T08:00:00+00:00</created><viewed>2026-11-20T08:00:00+00:00</viewed><updated>2026-11-20T08:00:00+00:00</updated><flagged>0</flagged><typeid>73</typeid><parent>467069</parent><creatorid>5</creatorid><creatorname>Ann</creatorname><position>1</position><fields><details>Asked for a quote</details><dateoccured>2026-11-20</dateoccured><duration>15</duration></fields><modificatorid>5</modificatorid><modificatorname>Ann</modificatorname><id>901</id></id901>
    <id902><level>2</level><typeid>91</typeid><parent>901</parent><position>1</position><fields><posttext>Sent it</posttext></fields><id>902</id></id902>
  </activities>
  <categories><category><id>3</id><name>VIP</name></category></categories>
  <relateditems><relatedto><id>12</id><typeid>40</typeid><name>Acme</name><note>employer</note></relatedto></relateditems>
  <status>success</status>
</response>`;
    const { value, issues } = decode('records/contacts.showRecord.response', 'xml', xml);
    expect(issues).toEqual([]);
    expect(value.item).toMatchObject({
      id: 467069,
      typeid: 1,
      flagged: 0,
      ownership: 5,
      updated: '2026-11-21T09:15:00+00:00',
    });
    expect(value.item.fields).toEqual({
      firstname: 'Ann',
      lastname: 'Lee',
      businessemail: 'ann@example.com',
      custom12: '38',
      creatorid: 5,
      creatordate: 1763625600,
    });
    expect(value.activities!.map((a) => [a.id, a.typeid, a.parent])).toEqual([
      [901, 73, 467069],
      [902, 91, 901],
    ]);
    expect(value.activities![0].fields).toEqual({
      details: 'Asked for a quote',
      dateoccured: '2026-11-20T00:00:00+00:00',
      duration: 15,
    });
    expect(value.categories).toEqual([{ id: 3, name: 'VIP' }]);
    expect(value.relateditems).toEqual([{ id: 12, typeid: 40, name: 'Acme', note: 'employer' }]);
    expect(value.status).toBe('success');
  });

  it('decodes a list with id<N> entries beside count and status, in order', () => {
    const xml =
      '<response><id12><id>12</id><name>Ann Lee</name><flagged>1</flagged><firstname>Ann</firstname><company>Acme, Globex</company></id12><id15><id>15</id><name>Bob</name><flagged/></id15><count>2</count><status>success</status></response>';
    const { value } = decode('records/contacts.listRecords.response', 'xml', xml);
    expect(value).toEqual({
      entries: [
        { id: 12, name: 'Ann Lee', flagged: 1, firstname: 'Ann', company: 'Acme, Globex' },
        { id: 15, name: 'Bob', flagged: 0 },
      ],
      count: 2,
      status: 'success',
    });
  });

  it('decodes ownership, fields with options, hooks and the timetracking report', () => {
    const own = decode(
      'listOwnership.response',
      'xml',
      '<response><users><user><id>5</id><name>Ann</name><email>ann@example.com</email><preventlogin>0</preventlogin><preventprivatedata>0</preventprivatedata><administrator>1</administrator></user></users><groups><group><id>9</id><name>Sales</name><email>sales@example.com</email></group></groups><status>success</status></response>',
    ).value;
    expect(own.users[0]).toEqual({
      id: 5,
      name: 'Ann',
      email: 'ann@example.com',
      preventlogin: 0,
      preventprivatedata: 0,
      administrator: 1,
    });
    expect(own.groups).toEqual([{ id: 9, name: 'Sales', email: 'sales@example.com' }]);

    const fields = decode(
      'records/contacts.listFields.response',
      'xml',
      '<response><fields><field><id>12</id><name>custom12</name><label>Size</label><type>select</type><options><option>S</option><option>M</option></options><categories><category>3</category></categories></field></fields><status>success</status></response>',
    ).value;
    expect(fields.fields).toEqual([
      { id: 12, name: 'custom12', label: 'Size', type: 'select', options: ['S', 'M'], categories: [3] },
    ]);

    const hooks = decode(
      'listHooks.response',
      'xml',
      '<response><hooks><hook><id>4</id><type>web</type><title>CRM sync</title><event>items.update</event><active>1</active><url>https://example.com/h</url><contenttype>json</contenttype><secret>s3</secret><constrainttype>contact</constrainttype></hook></hooks><status>success</status></response>',
    ).value;
    expect(hooks.hooks).toEqual([
      {
        id: 4,
        type: 'web',
        title: 'CRM sync',
        event: 'items.update',
        active: 1,
        url: 'https://example.com/h',
        contenttype: 'json',
        secret: 's3',
        constrainttype: 'contact',
      },
    ]);

    const tt = decode(
      'reportTimetracking.response',
      'xml',
      '<response><timerecords><timerecord><id>77</id><type>15</type><itemid>12</itemid><itemtype>1</itemtype><tasklistid>30</tasklistid><taskid>31</taskid><owner>5</owner><created>2026-11-20T08:00:00+00:00</created><billable>1</billable><person>5</person><hours>1.5</hours><date>2026-11-20</date><invoiced></invoiced><details>Design</details><itemname>Ann Lee</itemname><tasklistname>Launch</tasklistname><taskname>Mockups</taskname></timerecord></timerecords><status>success</status></response>',
    ).value;
    expect(tt.timerecords[0]).toMatchObject({
      id: 77,
      type: 15,
      hours: 1.5,
      date: '2026-11-20T00:00:00+00:00',
      invoiced: '',
      taskname: 'Mockups',
    });
  });

  it('writes flagged empty when not flagged, labels on item fields, and escapes text', () => {
    const xml = encode('records/contacts.showRecord.response', 'xml', {
      item: {
        id: 1,
        name: 'A & B',
        typeid: 1,
        created: '2026-11-20T08:00:00+00:00',
        viewed: '2026-11-20T08:00:00+00:00',
        updated: '2026-11-20T08:00:00+00:00',
        ownership: 5,
        flagged: 0,
        fields: { firstname: 'A <b>' },
      },
      status: 'success',
    });
    expect(xml).toContain('<flagged/>');
    expect(xml).toContain('<name>A &amp; B</name>');
    expect(xml).toContain('<firstname label="First name">A &lt;b&gt;</firstname>');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<response><item>')).toBe(true);
  });

  it('accepts the three save formats of dates and emits UTC ISO 8601', () => {
    // A date field: midnight loses nothing and becomes the date; another time is kept as given, for the validators to refuse, never dropped.
    for (const [given, expected] of [
      ['2026-11-22T00:00:00+00:00', '2026-11-22'],
      ['2026-11-22 00:00:00', '2026-11-22'],
      ['2026-11-22', '2026-11-22'],
      ['2026-11-22 10:30:00', '2026-11-22 10:30:00'],
      ['2026-11-22T10:30:00+00:00', '2026-11-22T10:30:00+00:00'],
    ]) {
      const { value } = decode(
        'activities/tasklist.createActivity.request',
        'xml',
        `<request><parent>1</parent><data><milestonedate>${given}</milestonedate></data></request>`,
      );
      expect(value.data!.milestonedate).toBe(expected);
    }
    // A date or datetime (a task's duedate): the time is kept, in UTC ISO 8601.
    for (const [given, expected] of [
      ['2026-11-22 10:30:00', '2026-11-22T10:30:00+00:00'],
      ['2026-11-22', '2026-11-22'],
    ]) {
      const { value } = decode(
        'activities/task.createActivity.request',
        'xml',
        `<request><parent>1</parent><data><duedate>${given}</duedate></data></request>`,
      );
      expect(value.data!.duedate).toBe(expected);
    }
    const { value } = decode(
      'activities/call.createActivity.request',
      'xml',
      '<request><parent>1</parent><data><dateoccured>2026-11-22T12:30:00+02:00</dateoccured></data></request>',
    );
    expect(value.data!.dateoccured).toBe('2026-11-22T10:30:00+00:00');
  });

  it('keeps a value that does not convert, for the validators to report', () => {
    const { value } = decode(
      'activities/task.createActivity.request',
      'xml',
      '<request><parent>x1</parent><data><priority>high</priority><duedate>2026-02-30</duedate></data></request>',
    );
    expect(value).toEqual({ parent: 'x1', data: { priority: 'high', duedate: '2026-02-30' } });
  });
});

describe('JSON wire form', () => {
  it('containers of one repeated element are arrays; id<N> children stay keys, in order', () => {
    const wire = toWire('records/contacts.listRecords.response', {
      entries: [
        { id: 12, name: 'Ann' },
        { id: 15, name: 'Bob' },
      ],
      count: 2,
      status: 'success',
    });
    expect(JSON.stringify(wire)).toBe(
      '{"id12":{"id":12,"name":"Ann"},"id15":{"id":15,"name":"Bob"},"count":2,"status":"success"}',
    );
    const cats = encode('records/contacts.listCategories.response', 'json', {
      categories: [{ id: 3, name: 'VIP' }],
      status: 'success',
    });
    expect(cats).toBe('{"categories":[{"id":3,"name":"VIP"}],"status":"success"}');
  });

  it('a page is the text of its wire object whatever its ids: rising, falling, repeated, 0 and -0, not numbers', () => {
    const target = 'records/contacts.listRecords.response';
    const rising = (n: number) => Array.from({ length: n }, (_, i) => 10 + i);
    // A text holding the entries' boundary makes the page fall back to the dictionary.
    const boundary = rising(20);
    const entry = (ids: unknown[]) => (id: unknown, i: number) => ({
      id,
      name: `N${i}`,
      firstname: ids === boundary && i === 7 ? 'a},{"b' : 'Ann',
      assignedto: 5,
      'assignedto@cn': 'Bea',
    });
    const pages: unknown[][] = [
      [],
      rising(3),
      rising(300),
      boundary,
      [3, 2, 1],
      [1, 2, 3, 2],
      [5, 5],
      [...rising(200), 150],
      [...rising(200), 10],
      [0, -0],
      [-0, 0],
      [NaN, 1, NaN],
      [1, 1.5, 1e21, 2],
      [1, '2', 3],
    ];
    for (const ids of pages) {
      const value = { entries: ids.map(entry(ids)), count: ids.length, status: 'success' };
      // toWireJson's object keys each id once (first place, last value), as JSON would.
      expect(encode(target, 'json', value as never), JSON.stringify(ids)).toBe(
        JSON.stringify(toWire(target, value as never)),
      );
    }
  });

  it('accepts the collapsed and the literal form of request containers', () => {
    const collapsed = decode(
      'records/contacts.updateRecord.request',
      'json',
      '{"categories": {"add": [3], "remove": [4]}}',
    );
    const literal = decode(
      'records/contacts.updateRecord.request',
      'json',
      '{"categories": {"add": {"category": [3]}, "remove": {"category": 4}}}',
    );
    expect(collapsed.value).toEqual({ categories: { add: [3], remove: [4] } });
    expect(literal.value).toEqual(collapsed.value);
    expect(literal.issues).toEqual([]);
  });

  it('writes id and e-mail lists comma-delimited and reads both forms', () => {
    const text = encode('activities/event.createActivity.request', 'json', {
      parent: 1,
      data: { attendees: [5, 6], externalattendees: ['a@example.com'] },
    });
    expect(JSON.parse(text)).toEqual({ parent: 1, data: { attendees: '5,6', externalattendees: 'a@example.com' } });
    expect(
      decode('activities/event.createActivity.request', 'json', '{"parent": "1", "data": {"attendees": [5, "6"]}}')
        .value,
    ).toEqual({ parent: 1, data: { attendees: [5, 6] } });
  });
});

describe('the interpreter: what each member needs, decided per descriptor', () => {
  // Order.wire (JSON) and the walk's shortcut for owners' names (XML), runtime/codec.ts (issue 34).
  const owner = { a: 'cn', s: '@cn', f: ['owner'] };
  const desc = (c?: string): ObjectDesc => ({
    k: 'o',
    f: {
      id: { k: 's', s: 'i' },
      tags: { k: 's', s: 'sl' },
      owner: { k: 's', s: 'i' },
      sub: { k: 'o', f: { ids: { k: 's', s: 'il' } } },
      rows: { k: 'y', p: 'row', as: 'rowList', of: { k: 'o', f: { id: { k: 's', s: 'i' } } } },
    },
    an: owner,
    ...(c === undefined ? {} : { c }),
  });
  it('JSON: scalars kept, lists joined, owners named only by strings, keyed arrays and structures copied', () => {
    const d = desc('^custom');
    const json = (v: object) => encodeJson(d, v);
    expect(json({ id: 1, tags: ['a', 'b'], owner: 5, 'owner@cn': 'Bea', custom1: 'x' })).toBe(
      '{"id":1,"tags":"a,b","owner":5,"owner@cn":"Bea","custom1":"x"}',
    );
    expect(json({ id: 1, tags: 'a', owner: 5, 'owner@cn': 7 })).toBe('{"id":1,"tags":"a","owner":5}');
    expect(json({ id: 1, sub: { ids: [3, 4] }, rowList: [{ id: 9 }] })).toBe(
      '{"id":1,"sub":{"ids":"3,4"},"rows":{"row9":{"id":9}}}',
    );
    expect(json({ id: 1, other: 2, tags: ['c'] })).toBe('{"id":1,"tags":"c"}');
  });
  it("XML: an owner's name is written with its field, and as a custom field when the pattern takes it", () => {
    for (const c of ['^custom', '^owner', undefined]) {
      const d = desc(c);
      const value = { id: 1, owner: 5, 'owner@cn': 'Bea & Co', custom1: 'x' };
      // Keys reversed: the by-name pass, which reads fields by name (the reference).
      const reversed = Object.fromEntries(Object.entries(value).reverse());
      expect(encodeXml(d, value, 'r')).toBe(encodeXml(d, reversed, 'r'));
    }
    expect(encodeXml(desc('^custom'), { id: 1, owner: 5, 'owner@cn': 'Bea & Co', custom1: 'x' }, 'r')).toContain(
      '<id>1</id><owner cn="Bea &amp; Co">5</owner><custom1>x</custom1></r>',
    );
    expect(encodeXml(desc('^owner'), { id: 1, owner: 5, 'owner@cn': 'Bea' }, 'r')).toContain(
      '<owner cn="Bea">5</owner><owner@cn>Bea</owner@cn></r>',
    );
  });
});

describe('form input', () => {
  it('decodes bracket notation into the same typed request', () => {
    const body = 'parent=12&data[details]=Call+back&data[nodate]=0&data[duedate]=2026-11-30&after=40';
    expect(decode('activities/followup.createActivity.request', 'form', body).value).toEqual({
      parent: 12,
      data: { details: 'Call back', nodate: 0, duedate: '2026-11-30' },
      after: 40,
    });
    const record =
      'firstname=Ann&categories[add][category][]=3&categories[add][category][]=4&relateditems[add][relatedto][0][id]=9&relateditems[add][relatedto][0][note]=boss';
    expect(decode('records/contacts.createRecord.request', 'form', record).value).toEqual({
      firstname: 'Ann',
      categories: { add: [3, 4] },
      relateditems: { add: [{ id: 9, note: 'boss' }] },
    });
  });

  it('encodes lists as name[element][]', () => {
    expect(
      encode('records/contacts.createRecord.request', 'form', { firstname: 'Ann', categories: { add: [3] } }),
    ).toBe('firstname=Ann&categories%5Badd%5D%5Bcategory%5D%5B%5D=3');
  });

  it('ignores prototype keys', () => {
    const { value } = decode('records/contacts.createRecord.request', 'form', '__proto__[polluted]=1&firstname=Ann');
    expect(value).toEqual({ firstname: 'Ann' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('unknown elements', () => {
  it('a request reports each unknown field with its path', () => {
    const { issues } = decode(
      'activities/note.createActivity.request',
      'xml',
      '<request><parent>1</parent><data><details>x</details><colour>red</colour></data><urgent>1</urgent></request>',
    );
    expect(issues).toEqual([
      { key: 'incorrectfield', message: 'Incorrect field specified: data.colour', path: 'data.colour' },
      { key: 'incorrectfield', message: 'Incorrect field specified: urgent', path: 'urgent' },
    ]);
    const json = decode(
      'records/contacts.createRecord.request',
      'json',
      '{"firstname": "Ann", "shoesize": 38, "categories": {"add": {"categry": [3]}}}',
    );
    expect(json.issues.map((i) => i.path)).toEqual(['shoesize', 'categories.add.categry']);
  });

  it('a response from a newer server is tolerated', () => {
    const { value, issues } = decode(
      'records/contacts.listCategories.response',
      'xml',
      '<response><categories><category><id>3</id><name>VIP</name><colour>red</colour></category></categories><paging>1</paging><status>success</status></response>',
    );
    expect(issues).toEqual([]);
    expect(value).toEqual({ categories: [{ id: 3, name: 'VIP' }], status: 'success' });
  });

  it('a wrong root element is reported', () => {
    expect(
      decode('records/contacts.createCategory.request', 'xml', '<requets><name>x</name></requets>').issues,
    ).toEqual([{ key: 'malformedrequest', message: 'Expected root element <request>, found <requets>', path: '' }]);
  });
});

describe('malformed bodies', () => {
  it.each([
    ['xml', '<request><name>x</request>'],
    ['xml', '<!DOCTYPE r [<!ENTITY a "b">]><request/>'],
    ['json', '{"name": '],
    ['json', new Uint8Array([0x7b, 0xff, 0x7d])],
  ] as const)('%s %s is a CodecError', (format, body) => {
    expect(() => decode('records/contacts.createCategory.request', format, body)).toThrow(CodecError);
  });
});
