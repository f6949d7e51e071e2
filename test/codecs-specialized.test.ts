// The generated XML codecs (generated/codecs/xml.ts) against the interpreter they specialize
// (runtime/codec.ts): for every message, byte-identical XML from the encoders, and equal values
// (same keys in the same order) and equal issues from the streaming decoder that decode() runs
// (decodeXmlStream) and the interpreter over the parsed tree, on the samples of every target, on
// systematic variations of them, and on hand-written edge cases.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadSpec } from '../generator/pipeline/load.ts';
import { messageTargets, notificationTargets } from '../generator/targets/typescript/names.ts';
import { literalPrefix } from '../generator/targets/typescript/codecs-xml.ts';
import { descriptors } from '../generated/server/src/codecs/descriptors.ts';
import { xmlEncoders } from '../generated/server/src/codecs/xml.ts';
import { jsonDecoders } from '../generated/server/src/codecs/json.ts';
// The generated decoders' own runtime: its TooDeep is the one they throw.
import { decodeJsonText } from '../generated/server/src/runtime/codec.ts';
import { xmlStores } from '../generated/server/src/codecs/xml-decode.ts';
import type { Message, XmlStores } from '../generated/server/src/runtime/codec.ts';
import {
  decode,
  encode,
  rootOf,
  isResponse,
  xmlLimits,
  type CodecTarget,
} from '../generated/server/src/codecs/index.ts';
import {
  decodeXml,
  decodeXmlElement,
  decodeXmlStream,
  encodeXml,
  type DecodeIssue,
  type DecodeOptions,
  type Desc,
} from '../generator/targets/typescript/runtime/codec.ts';
import {
  escapeXmlAttr,
  escapeXmlText,
  parseXml,
  type XmlElement,
} from '../generator/targets/typescript/runtime/xml.ts';
import { sample, sampleFields } from './support/samples.ts';
import { specDir } from './support/paths.ts';

const spec = loadSpec(specDir);
type Target = keyof typeof descriptors;

/** Every target with a sample value: messages, notifications and the error envelope. */
const samples: [Target, unknown][] = [
  ...messageTargets(spec).map((t): [Target, unknown] => [
    t.id as Target,
    sample(spec, t.shape, { kind: t.kind, segment: t.segment, answer: t.part === 'response' }),
  ]),
  ...notificationTargets(spec).map((n): [Target, unknown] => [n.id as Target, sample(spec, n.shape, { answer: true })]),
  ['error.response', { status: 'error', errors: { name: 'Name is required', 'data.duedate': 'Not a date <"x" & y>' } }],
];

it('covers every target of descriptors.ts, and the encoders cover the same targets', () => {
  expect(samples.map(([t]) => t).sort()).toEqual(Object.keys(descriptors).sort());
  expect(Object.keys(xmlEncoders).sort()).toEqual(Object.keys(descriptors).sort());
});

it('has a generated store for every message object with a scalar field', () => {
  for (const [target, d] of Object.entries(descriptors) as [Target, Desc][]) {
    if (d.k === 'o' && Object.values(d.f).some((x) => x.k === 's')) expect(xmlStores.has(d), target).toBe(true);
  }
});

// The stores generated beside each answer's message (Message.xs), which the client's xml format
// passes to decodeXmlStream: by the message's descriptor.
const messageStores = new Map<Desc, XmlStores>();
const codecsDir = new URL('../generated/server/src/codecs/', import.meta.url);
for (const sub of ['records', 'activities']) {
  for (const file of readdirSync(new URL(`${sub}/`, codecsDir))) {
    const mod = (await import(new URL(`${sub}/${file}`, codecsDir).href)) as Record<string, Message>;
    for (const m of Object.values(mod)) if (m.xs) messageStores.set(m.desc as Desc, m.xs);
  }
}

it('has generated stores beside the answers that hold named parts, and each is a store of xml-decode.ts', () => {
  expect(messageStores.size).toBeGreaterThan(20);
  for (const xs of messageStores.values()) {
    // The same body (names differ: each module names a shared body after the first part that has it).
    const body = (f: unknown) => String(f).replace(/^function \w+/, '');
    for (const [d, store] of xs) expect(body(xmlStores.get(d as never))).toBe(body(store));
  }
});

const specialized = (target: Target, value: unknown) => encodeXmlWith(target, value);
function encodeXmlWith(target: Target, value: unknown): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${rootOf(target)}>${xmlEncoders[target](value as Record<string, unknown>)}</${rootOf(target)}>`;
}

/** Deep equality that also holds keys to the same order, and undefined members to presence. */
function expectSame(actual: unknown, expected: unknown, where: string) {
  expect(actual, where).toStrictEqual(expected);
  const order = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(order)
      : v && typeof v === 'object'
        ? Object.keys(v).map((k) => [k, order((v as Record<string, unknown>)[k])])
        : v;
  expect(order(actual), `${where}: key order`).toStrictEqual(order(expected));
}

function compareDecoders(target: Target, el: XmlElement, where: string) {
  for (const strict of [true, false]) {
    const a: DecodeOptions = { strict, issues: [] as DecodeIssue[] };
    const b: DecodeOptions = { strict, issues: [] as DecodeIssue[] };
    const run = (f: () => unknown) => {
      try {
        return f();
      } catch (e) {
        return e instanceof Error ? `throws ${e.name}: ${e.message}` : e;
      }
    };
    const c: DecodeOptions = { strict, issues: [] as DecodeIssue[] };
    const e: DecodeOptions = { strict, issues: [] as DecodeIssue[] };
    const xs = messageStores.get(descriptors[target] as Desc);
    // The streaming decoder reads the tree written out (its root is the tree's, so no root issue),
    // alone and with the generated stores decode() gives it.
    const got = run(() => decodeXmlStream(descriptors[target] as Desc, xmlOf(el), el.name, xmlLimits, a));
    const stored = run(() => decodeXmlStream(descriptors[target] as Desc, xmlOf(el), el.name, xmlLimits, c, xmlStores));
    const want = run(() => decodeXmlElement(descriptors[target] as Desc, el, b));
    expectSame(got, want, `${where} (${strict ? 'strict' : 'lenient'})`);
    expectSame(stored, want, `${where} (${strict ? 'strict' : 'lenient'}, generated stores)`);
    expect(a.issues, `${where} issues`).toEqual(b.issues);
    expect(c.issues, `${where} issues (generated stores)`).toEqual(b.issues);
    if (xs) {
      // The client's path: the stores beside the message.
      const client = run(() => decodeXmlStream(descriptors[target] as Desc, xmlOf(el), el.name, xmlLimits, e, xs));
      expectSame(client, want, `${where} (${strict ? 'strict' : 'lenient'}, the message's stores)`);
      expect(e.issues, `${where} issues (the message's stores)`).toEqual(b.issues);
    }
  }
}

/** A tree as XML text: attributes, then the text, then the children (what parseXml reads back as the same tree). */
function xmlOf(el: XmlElement): string {
  let attrs = '';
  for (const [k, v] of Object.entries(el.attrs ?? {})) attrs += ` ${k}="${escapeXmlAttr(v)}"`;
  return `<${el.name}${attrs}>${escapeXmlText(el.text)}${el.children.map(xmlOf).join('')}</${el.name}>`;
}

// ---------- variations ----------

const clone = (el: XmlElement): XmlElement => ({
  ...el,
  attrs: el.attrs && { ...el.attrs },
  children: el.children.map(clone),
});
const leaf = (name: string, text: string): XmlElement => ({ name, attrs: null, children: [], text, offset: 0 });

/** Every element of a tree (the root first). */
function elements(el: XmlElement): XmlElement[] {
  return [el, ...el.children.flatMap(elements)];
}

/** Copies of the tree, each with one change applied at one element (by index in `elements` order). */
function variants(root: XmlElement): [string, XmlElement][] {
  const out: [string, XmlElement][] = [];
  const n = elements(root).length;
  const at = (i: number, what: string, change: (el: XmlElement) => void) => {
    const copy = clone(root);
    const el = elements(copy)[i];
    change(el);
    out.push([`${what} at <${el.name}> #${i}`, copy]);
  };
  for (let i = 0; i < n; i++) {
    at(i, 'unknown child', (el) => el.children.push(leaf('colour', 'red')));
    at(i, 'prototype-named child', (el) =>
      el.children.unshift(leaf('constructor', '1'), leaf('__proto__', 'x'), leaf('toString', '')),
    );
    at(i, 'custom field', (el) =>
      el.children.push(leaf('custom7', 'Shoe <size>'), { ...leaf('custom8', ''), children: [leaf('a', '1')] }),
    );
    at(i, 'keyed child', (el) =>
      el.children.push({ ...leaf('id77', ''), children: [leaf('name', 'x')] }, leaf('id', '')),
    );
    at(i, 'children reversed', (el) => el.children.reverse());
    at(i, 'children doubled', (el) => el.children.push(...el.children.map(clone)));
    at(i, 'emptied', (el) => {
      el.children = [];
      el.text = '';
    });
    at(i, 'text " 12 "', (el) => {
      el.children = [];
      el.text = ' 12 ';
    });
    at(i, 'structure for text', (el) => el.children.push(leaf('x', 'y')));
    at(i, 'owner names', (el) => {
      el.attrs = { cn: 'Bea & Kim', other: 'x' };
      for (const c of el.children) c.attrs = { cn: `name of ${c.name}` };
    });
  }
  return out;
}

/** Variations of a typed value: each string emptied, each number 0, or each member removed, one at a time; and extra members. */
function valueVariants(value: unknown): [string, unknown][] {
  const out: [string, unknown][] = [];
  const walk = (v: unknown, set: (x: unknown) => unknown, path: string) => {
    if (typeof v === 'string') out.push([`${path} = ''`, set('')], [`${path} = '&<>\\r'`, set('a&b<c>\r\nd')]);
    else if (typeof v === 'number')
      out.push([`${path} = 0`, set(0)], [`${path} = '0'`, set('0')], [`${path} = ''`, set('')]);
    else if (Array.isArray(v)) {
      out.push([`${path} = []`, set([])], [`${path} = [undefined]`, set([undefined])]);
      v.forEach((e, i) => walk(e, (x) => set(v.map((y, j) => (j === i ? x : y))), `${path}[${i}]`));
    } else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      out.push(
        [`${path} = {}`, set({})],
        [
          `${path} + extras`,
          set({ ...o, custom3: 'c & d', custom4: '', custom5: undefined, custom: 'no', unrelated: 1 }),
        ],
        // The interpreter walks a value's keys when its fields come in order (runtime/codec.ts
        // walkXmlObject), else reads them by name: keys out of order, customs and unknown keys first.
        [`${path} keys reversed`, set(Object.fromEntries(Object.entries(o).reverse()))],
        [`${path} extras first`, set({ custom7: 'x', unrelated: 1, custom6: undefined, ...o, custom8: 'y' })],
      );
      for (const k of Object.keys(o)) {
        const { [k]: _, ...rest } = o;
        out.push([`${path} - ${k}`, set(rest)]);
        walk(o[k], (x) => set({ ...o, [k]: x }), `${path}.${k}`);
      }
    }
  };
  walk(value, (x) => x, 'value');
  return out;
}

// ---------- tests ----------

describe('specialized XML codecs equal the interpreter', () => {
  it.each(samples)('%s: sample', (target, value) => {
    const desc = descriptors[target] as Desc;
    const xml = encodeXml(desc, value, rootOf(target as CodecTarget));
    expect(specialized(target, value)).toBe(xml);
    expect(encode(target as CodecTarget, 'xml', value as never)).toBe(xml);
    compareDecoders(target, parseXml(xml, xmlLimits), 'sample');
    // The public decode: parse, root check, the generated decoder.
    const opts = { strict: !isResponse(target as CodecTarget), issues: [] as DecodeIssue[] };
    const want = decodeXml(desc, xml, rootOf(target as CodecTarget), xmlLimits, opts);
    const got = decode(target as CodecTarget, 'xml', xml);
    expectSame(got.value, want, 'decode');
    expect(got.issues).toEqual(opts.issues);
  });

  it.each(samples)('%s: decoding variations of the sample', (target, value) => {
    const root = parseXml(encodeXml(descriptors[target] as Desc, value, rootOf(target as CodecTarget)), xmlLimits);
    for (const [what, el] of variants(root)) compareDecoders(target, el, what);
  });

  it.each(samples)('%s: encoding variations of the sample', (target, value) => {
    for (const [what, v] of valueVariants(value)) {
      let want: string | Error;
      try {
        want = encodeXml(descriptors[target] as Desc, v, rootOf(target as CodecTarget));
      } catch (e) {
        want = e as Error;
      }
      if (want instanceof Error)
        expect(() => specialized(target, v), what).toThrow(want.constructor as new () => Error);
      else expect(specialized(target, v), what).toBe(want);
    }
  });
});

describe('activity fields chosen by typeid (sel)', () => {
  // The fields of every activity type at once: whichever descriptor a typeid selects writes,
  // reads and reports a different part of them, so a wrong case shows.
  // Without owner names: the service sets them only where a typeid's descriptor names owners (nameOwners), never under the fallback map.
  const union = Object.assign(
    {},
    ...spec.activities.map((a) => sampleFields(spec, a.fields, { segment: a.segment })),
  ) as Record<string, unknown>;
  const typeids = [...spec.activities.flatMap((a) => [a.typeid, ...a.altTypeids]), 999999];
  const withTypeid: [Target, (typeid: number) => unknown][] = [
    [
      'records/contacts.showRecord.response',
      (typeid) => ({
        ...(sampleOf('records/contacts.showRecord.response') as object),
        activities: [{ id: 1, typeid, fields: union }],
      }),
    ],
    [
      'notification/activities',
      (typeid) => {
        const v = sampleOf('notification/activities') as { content: object };
        return { ...v, content: { ...v.content, typeid, fields: union } };
      },
    ],
  ];
  function sampleOf(target: Target) {
    return samples.find(([t]) => t === target)![1];
  }

  it.each(withTypeid)('%s: every typeid encodes and decodes as the interpreter does', (target, make) => {
    const desc = descriptors[target] as Desc;
    const root = rootOf(target as CodecTarget);
    // All the fields on the wire, whatever the typeid (the fallback writes every member).
    const wire = encodeXml(desc, make(999999), root);
    const seen = new Set<string>();
    for (const typeid of typeids) {
      const xml = specialized(target, make(typeid));
      expect(xml, `typeid ${typeid}`).toBe(encodeXml(desc, make(typeid), root));
      seen.add(xml);
      compareDecoders(
        target,
        parseXml(wire.replace('<typeid>999999</typeid>', `<typeid>${typeid}</typeid>`), xmlLimits),
        `typeid ${typeid}`,
      );
    }
    // Types sharing a field set share their output; the rest differ.
    expect(seen.size).toBeGreaterThan(15);
  });
});

it('the literal prefix that turns keys away before the custom-field pattern is a prefix of every match', () => {
  expect(literalPrefix(spec.customFields.namePattern)).toBe('custom');
  for (const [src, prefix] of [
    ['^custom[0-9]+$', 'custom'],
    ['custom', ''],
    ['^ab*c', 'a'],
    ['^abc?', 'ab'],
    ['^abc{2}', 'ab'],
    ['^abc+', 'ab'],
    ['^a|b', ''],
    ['^x\\d', 'x'],
    ['^[a-z]', ''],
    ['^', ''],
  ]) {
    expect(literalPrefix(src), src).toBe(prefix);
  }
});

describe('edge cases, through the public encode and decode', () => {
  const reference = (target: CodecTarget, body: string) => {
    const opts = { strict: !isResponse(target), issues: [] as DecodeIssue[] };
    return {
      value: decodeXml(descriptors[target] as Desc, body, rootOf(target), xmlLimits, opts),
      issues: opts.issues,
    };
  };
  const same = <K extends CodecTarget>(target: K, body: string) => {
    const got = decode(target, 'xml', body);
    const want = reference(target, body);
    expectSame(got.value, want.value, body);
    expect(got.issues).toEqual(want.issues);
    return got;
  };

  it('empty strings are written as empty elements, and flagged 0 as <flagged/>', () => {
    const value = {
      item: {
        id: 1,
        name: '',
        typeid: 1,
        created: '',
        viewed: '2026-11-20T08:00:00+00:00',
        updated: '',
        ownership: 5,
        flagged: 0,
        fields: { firstname: '', lastname: 'Lee' },
      },
      status: 'success',
    };
    const xml = encode('records/contacts.showRecord.response', 'xml', value as never);
    expect(xml).toBe(encodeXml(descriptors['records/contacts.showRecord.response'], value, 'response'));
    expect(xml).toContain('<name/>');
    expect(xml).toContain('<flagged/>');
    expect(xml).toContain('<firstname label="First name"/><lastname label="Last name">Lee</lastname>');
    same('records/contacts.showRecord.response', xml);
    const flagged1 = { ...value, item: { ...value.item, flagged: 1 } };
    expect(encode('records/contacts.showRecord.response', 'xml', flagged1 as never)).toContain('<flagged>1</flagged>');
  });

  it('custom fields are written after the fields, with labels only where the field set has them', () => {
    const value = { firstname: 'Ann', custom12: '38 & up', custom3: '', shoesize: 'ignored', custom13: undefined };
    const xml = encode('records/contacts.createRecord.request', 'xml', value as never);
    expect(xml).toBe(encodeXml(descriptors['records/contacts.createRecord.request'], value, 'request'));
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<request><firstname>Ann</firstname><custom12>38 &amp; up</custom12><custom3/></request>',
    );
    expect(same('records/contacts.createRecord.request', xml).value).toEqual({
      firstname: 'Ann',
      custom12: '38 & up',
      custom3: '',
    });
    const shown = encode('records/contacts.showRecord.response', 'xml', {
      item: { id: 1, fields: { assignedto: 5, custom12: 'x' } },
      status: 'success',
    } as never);
    expect(shown).toContain('<fields><assignedto label="Assigned to">5</assignedto><custom12>x</custom12></fields>');
  });

  it('unknown elements of a strict request are reported with their exact paths', () => {
    const body =
      '<request><parent>1</parent><data><details>x</details><colour>red</colour><custom1>no</custom1></data><urgent>1</urgent><constructor>1</constructor></request>';
    const { issues } = same('activities/note.createActivity.request', body);
    expect(issues.map((i) => i.path)).toEqual(['data.colour', 'data.custom1', 'urgent', 'constructor']);
    const nested = same(
      'records/contacts.updateRecord.request',
      '<request><categories><add><category>3</category><categry>4</categry></add><remove><x/></remove></categories><relateditems><add><relatedto><id>9</id><nope/></relatedto><relatedto><id>10</id><nope2/></relatedto></add></relateditems></request>',
    );
    expect(nested.issues.map((i) => i.path)).toEqual([
      'categories.add.categry',
      'categories.remove.x',
      'relateditems.add.0.nope',
      'relateditems.add.1.nope2',
    ]);
    // Responses tolerate the same.
    expect(
      same(
        'records/contacts.listCategories.response',
        '<response><categories><category><id>3</id><colour/></category></categories><paging>1</paging></response>',
      ).issues,
    ).toEqual([]);
  });

  it('a wrong root is reported once, and the body still decoded', () => {
    const got = same('records/contacts.createCategory.request', '<requets><name>x</name><y/></requets>');
    expect(got.issues).toEqual([
      { key: 'malformedrequest', message: 'Expected root element <request>, found <requets>', path: '' },
      { key: 'incorrectfield', message: 'Incorrect field specified: y', path: 'y' },
    ]);
    expect(got.value).toEqual({ name: 'x' });
  });

  it('activity fields follow the typeid: a known one, an unknown one, one given after the fields, none', () => {
    const target = 'records/contacts.showRecord.response';
    const entry = (typeid: string, fields: string) =>
      `<response><activities><id5><typeid>${typeid}</typeid><fields>${fields}</fields></id5></activities></response>`;
    const call = same(target, entry('73', '<details>d</details><duration>15</duration>'));
    expect(call.value.activities![0]).toEqual({ id: 5, typeid: 73, fields: { details: 'd', duration: 15 } });
    const unknownType = same(target, entry('12345', '<details>d</details><duration>15</duration>'));
    expect(unknownType.value.activities![0].fields).toEqual({ details: 'd', duration: '15' });
    same(target, entry('constructor', '<a>1</a>'));
    same(target, entry('', '<a>1</a>'));
    same(
      target,
      '<response><activities><id5><fields><duration>15</duration></fields><typeid>73</typeid></id5><id6><fields/></id6></activities></response>',
    );
    const value = {
      activities: [
        { id: 5, typeid: 12345, fields: { a: 'x & y' } },
        { id: 6, typeid: 73, fields: { details: 'z', duration: 2 } },
        { id: 7, fields: {} },
      ],
      status: 'success',
    };
    expect(encode(target, 'xml', value as never)).toBe(encodeXml(descriptors[target], value, 'response'));
    expect(encode(target, 'xml', value as never)).toContain('<id7><fields/><id>7</id></id7>');
  });

  it('list entries keep their order beside count and status, ids from their names when missing', () => {
    const body =
      '<response><count>2</count><id12><name>Ann</name></id12><entries>x</entries><id15><id>99</id></id15><idx/><status>success</status></response>';
    const got = same('records/contacts.listRecords.response', body);
    expect(got.value.entries).toEqual([{ id: 12, name: 'Ann' }, { id: 99 }]);
  });

  it('names of Object.prototype members are unknown fields, in XML and in JSON', () => {
    expect(
      same(
        'records/contacts.createCategory.request',
        '<request><name>x</name><constructor/><toString>1</toString></request>',
      ).issues.map((i) => i.path),
    ).toEqual(['constructor', 'toString']);
    const json = decode(
      'records/contacts.createCategory.request',
      'json',
      '{"name": "x", "constructor": 1, "__proto__": {"a": 1}, "hasOwnProperty": 2}',
    );
    expect(json.issues.map((i) => i.path)).toEqual(['constructor', '__proto__', 'hasOwnProperty']);
    expect(json.value).toEqual({ name: 'x' });
  });

  it('malformed bodies fail the same way', () => {
    for (const body of ['<request><name>x</request>', '', '<request>&bogus;</request>']) {
      expect(() => decode('records/contacts.createCategory.request', 'xml', body)).toThrow(/malformed XML/);
      expect(() => reference('records/contacts.createCategory.request', body)).toThrow(/malformed XML/);
    }
  });
});

// ---------- generated JSON decoders (codecs/json.ts) ----------

/** Copies of a JSON tree, each with one change at one object or member: what the generated decoders must hand to the interpreter, or read as it does. */
const deep = (n: number): unknown => (n === 0 ? 1 : [deep(n - 1)]);

function jsonVariants(tree: unknown): [string, unknown][] {
  const out: [string, unknown][] = [];
  const objects: string[][] = [];
  const members: string[][] = [];
  const walk = (v: unknown, at: string[]) => {
    if (Array.isArray(v)) v.forEach((e, i) => walk(e, [...at, String(i)]));
    else if (v && typeof v === 'object') {
      objects.push(at);
      for (const [k, x] of Object.entries(v)) {
        members.push([...at, k]);
        walk(x, [...at, k]);
      }
    }
  };
  walk(tree, []);
  /** A copy with f applied to the object at `at` (the root when empty). */
  const change = (what: string, at: string[], f: (o: Record<string, unknown>) => void) => {
    const copy = JSON.parse(JSON.stringify(tree)) as Record<string, unknown>;
    let o: Record<string, unknown> = copy;
    for (const k of at) o = o[k] as Record<string, unknown>;
    f(o);
    out.push([`${what} at ${at.join('.') || '(root)'}`, copy]);
  };
  for (const at of objects) {
    change('object: unknown key', at, (o) => (o.colour = 'red'));
    change('object: prototype-named keys', at, (o) => {
      Object.defineProperty(o, '__proto__', { value: 'x', enumerable: true, configurable: true, writable: true });
      Object.assign(o, { constructor: '1', toString: '' });
    });
    change('object: custom fields', at, (o) => Object.assign(o, { custom7: 'Shoe', custom8: { a: 1 } }));
    change('object: owner names', at, (o) => Object.assign(o, { 'assignedto@cn': 'Bea', 'ownership@cn': { a: 1 } }));
    change('object: keyed and list keys', at, (o) => Object.assign(o, { id77: { name: 'x' }, category: [1, 'a'] }));
    change('object: keys reversed', at, (o) => {
      const entries = Object.entries(o).reverse();
      for (const [k] of entries) delete o[k];
      for (const [k, x] of entries) o[k] = x;
    });
  }
  const values: [string, unknown][] = [
    ["''", ''],
    ['null', null],
    ["' 12 '", ' 12 '],
    ['12', 12],
    ['1.5', 1.5],
    ["'2026-11-20'", '2026-11-20'],
    ["'2026-11-20 08:00'", '2026-11-20 08:00'],
    ["'2026-02-30T08:00:00+00:00'", '2026-02-30T08:00:00+00:00'],
    ['true', true],
    ['{}', {}],
    ['[1]', [1]],
    ['{ category: [1, 2] }', { category: [1, 2] }],
    ['40 levels', deep(40)],
  ];
  for (const at of members) {
    const k = at[at.length - 1]!;
    for (const [what, x] of values) change(`${k} = ${what}`, at.slice(0, -1), (o) => (o[k] = x));
    change(`${k} removed`, at.slice(0, -1), (o) => delete o[k]);
  }
  return out;
}

function compareJsonDecoders(target: Target, text: string, where: string) {
  const dec = jsonDecoders[target];
  for (const strict of [true, false]) {
    const a: DecodeOptions = { strict, issues: [] as DecodeIssue[] };
    const b: DecodeOptions = { strict, issues: [] as DecodeIssue[] };
    const run = (f: () => unknown) => {
      try {
        return f();
      } catch (e) {
        return e instanceof Error ? `throws ${e.name}: ${e.message}` : e;
      }
    };
    const desc = descriptors[target] as Desc;
    const got = run(() =>
      decodeJsonText(desc, text, xmlLimits.maxDepth, a, strict ? rootOf(target as CodecTarget) : '', dec),
    );
    const want = run(() =>
      decodeJsonText(desc, text, xmlLimits.maxDepth, b, strict ? rootOf(target as CodecTarget) : ''),
    );
    expectSame(got, want, `${where} (${strict ? 'strict' : 'lenient'})`);
    expect(a.issues, `${where} issues`).toEqual(b.issues);
  }
}

describe('generated JSON decoders equal the interpreter', () => {
  const withDecoder = samples.filter(([t]) => jsonDecoders[t] !== undefined);

  it('exist for the list pages, and decode() uses them', () => {
    expect(jsonDecoders['records/contacts.listRecords.response']).toBeTypeOf('function');
    expect(withDecoder.length).toBeGreaterThan(20);
  });

  it.each(withDecoder)('%s: the sample, its variations, and the JSON of its value variations', (target, value) => {
    const text = encode(target as CodecTarget, 'json', value as never);
    compareJsonDecoders(target, text, 'sample');
    compareJsonDecoders(target, JSON.stringify({ [rootOf(target as CodecTarget)]: JSON.parse(text) }), 'wrapped');
    for (const [what, tree] of jsonVariants(JSON.parse(text))) compareJsonDecoders(target, JSON.stringify(tree), what);
    for (const [what, v] of valueVariants(value)) {
      let t: string;
      try {
        t = encode(target as CodecTarget, 'json', v as never);
      } catch {
        continue;
      }
      compareJsonDecoders(target, t, `value ${what}`);
    }
  });

  it('decode() gives what the interpreter gives, on a page with every kind of entry', () => {
    const target = 'records/contacts.listRecords.response';
    const entry = { id: 1, name: 'A', created: '2026-11-20T08:00:00+00:00', 'assignedto@cn': 'Bea' };
    const page = {
      id1: entry,
      id2: { ...entry, id: '2', custom3: 'x' },
      id3: { ...entry, categories: { category: [{ id: 4, name: 'c' }] } },
      id4: { ...entry, created: '2026-11-20 08:00' },
      id5: '',
      count: 5,
      status: 'success',
    };
    compareJsonDecoders(target, JSON.stringify(page), 'page');
    const opts = { strict: false, issues: [] as DecodeIssue[] };
    expectSame(
      decode(target, 'json', JSON.stringify(page)).value,
      decodeJsonText(descriptors[target] as Desc, JSON.stringify(page), xmlLimits.maxDepth, opts),
      'decode()',
    );
  });
});
