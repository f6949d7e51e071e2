// Activities over real HTTP: `crmgen serve` as a child on 127.0.0.1, no mocks. The hierarchy
// and the field rules are read from the IR (loadSpec('spec')), so a new hierarchy rule or field
// rule in spec/ is tested here without writing a test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSpec } from '../generator/pipeline/load.ts';
import type { ActivityType, Field } from '../generator/pipeline/model.ts';
import { specDir } from './support/paths.ts';
import { openStorage } from '../server/storage/open.ts';
import { call, startServer, type RunningServer } from './support/server.ts';
import {
  Crm,
  Upload,
  buildChain,
  chainTo,
  described,
  errorKeys,
  fullData,
  listOf,
  named,
  requiredData,
  runCli,
  validValue,
  type Wire,
} from './support/crm.ts';

const spec = loadSpec(specDir);
const kinds = spec.kinds.map((k) => k.name);
const segments = spec.activities.map((a) => a.segment);
const typeOf = (segment: string) => spec.activities.find((a) => a.segment === segment)!;
const [contacts, companies] = [kinds.find((k) => k === 'contacts')!, kinds.find((k) => k === 'companies')!];
const createdText = /^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}:\d{2}$/;

const ann: [string, string] = ['ann@example.com', 'secret-ann'];
let server: RunningServer;
let crm: Crm;
let owner: number;
let ownerName: string;

beforeAll(async () => {
  server = await startServer({ users: [ann.join(':')] });
  crm = new Crm(server.base, ann);
  ({ id: owner, name: ownerName } = (await crm.send('GET', '/ownership/')).body.users[0]);
});

/** Activity data as answers give it: each owner-typed field has the owner's name beside it (spec formats.ownerNames). */
function answered(type: ActivityType, data: Wire): Wire {
  const out: Wire = {};
  for (const [k, v] of Object.entries(data)) {
    out[k] = v;
    const f = type.fields.find((x) => x.name === k);
    if (f?.shape.kind === 'scalar' && f.shape.type === 'owner' && v === owner)
      out[`${k}${spec.formats.ownerNames!.jsonSuffix}`] = ownerName;
  }
  return out;
}
afterAll(async () => {
  await server?.stop();
});

/** One activity of every segment under one record of each kind (the "zoo"), by segment; 'record' is the record. */
async function zoo(kind: string): Promise<Record<string, number>> {
  const ids: Record<string, number> = { record: await crm.record(kind, named(spec, kind, `zoo ${kind}`)) };
  const bySegment = [...segments].sort((a, b) => chainTo(spec, a).length - chainTo(spec, b).length);
  for (const seg of bySegment) {
    const chain = chainTo(spec, seg);
    ids[seg] = await crm.add(kind, seg, ids[chain.at(-2)!], requiredData(spec, typeOf(seg), owner));
  }
  return ids;
}

describe('hierarchy, table-driven from spec/hierarchy.yaml', () => {
  const zoos: Record<string, Record<string, number>> = {};
  beforeAll(async () => {
    for (const kind of kinds) zoos[kind] = await zoo(kind);
  });

  it('the IR has the document’s chains (a spot check that the table is not empty)', () => {
    expect(typeOf('task').parents).toEqual(['tasklist']);
    expect(typeOf('timerecord').parents).toEqual(['call', 'task']);
    expect(typeOf('attachmentfile').parents).toEqual(['scheduledemail']);
    expect(chainTo(spec, 'comment').length).toBeGreaterThan(1);
  });

  describe.each(spec.activities.map((t) => [t.segment, t] as const))('%s', (segment, type) => {
    it(`is created under each allowed parent (${type.parents.join(', ')}) on every record kind path, with all its fields`, async () => {
      for (const kind of kinds) {
        for (const parent of type.parents) {
          const ids =
            parent === 'record'
              ? [await crm.record(kind, named(spec, kind, `${segment} parent`))]
              : await buildChain(crm, spec, kind, parent, owner);
          const data = fullData(spec, type, owner);
          const r = await crm.create(kind, segment, ids.at(-1)!, data);
          expect(r.status, `${kind} ${segment} under ${parent}: ${r.text}`).toBe(200);
          expect(r.body).toEqual({
            id: expect.any(Number),
            data: answered(type, described(data)),
            created: expect.stringMatching(createdText),
            status: 'success',
          });
          const entry = (await crm.journal(kind, ids[0])).find((a) => a.id === r.body.id);
          expect(entry, `${kind} ${segment} under ${parent} in show`).toMatchObject({
            level: ids.length,
            parent: ids.at(-1),
            typeid: type.typeid,
            cn: type.title,
            position: 1,
          });
          expect(entry!.fields).toEqual(answered(type, described(data)));
        }
      }
    });

    it('is refused under every other parent (400 invalidparent), under a missing id (404 itemisnotfound) and under a record of another kind (404)', async () => {
      const others = ['record', ...segments].filter((p) => !type.parents.includes(p));
      expect(others.length).toBeGreaterThan(0);
      for (const kind of kinds) {
        for (const parent of others) {
          const r = await crm.create(kind, segment, zoos[kind][parent], requiredData(spec, type, owner));
          expect(r.status, `${kind} ${segment} under ${parent}: ${r.text}`).toBe(400);
          expect(errorKeys(r)).toEqual(['invalidparent']);
        }
        const missing = await crm.create(kind, segment, 987_654_321, requiredData(spec, type, owner));
        expect(missing.status, missing.text).toBe(404);
        expect(errorKeys(missing)).toEqual(['itemisnotfound']);
        // The parent's record must be of the path's kind, as show of /{kind}/{id}/ requires.
        const otherKind = kinds.find((k) => k !== kind)!;
        const wrongKind = await crm.create(
          kind,
          segment,
          zoos[otherKind][type.parents[0]],
          requiredData(spec, type, owner),
        );
        expect(wrongKind.status, wrongKind.text).toBe(404);
        expect(errorKeys(wrongKind)).toEqual(['itemisnotfound']);
      }
    });
  });

  it('a deleted parent is not found (404 itemisnotfound)', async () => {
    const [record, tasklist] = await buildChain(crm, spec, contacts, 'tasklist', owner);
    expect((await crm.remove(contacts, 'tasklist', tasklist)).status).toBe(200);
    const r = await crm.create(contacts, 'task', tasklist, { title: 'orphan' });
    expect(r.status).toBe(404);
    expect(errorKeys(r)).toEqual(['itemisnotfound']);
    expect(await crm.journal(contacts, record)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------

interface RuleCase {
  name: string;
  segment: string;
  data: Wire;
  /** null: valid. */
  key: string | null;
  /** A valid case whose field is ignored (spec conditionUnmet: ignore): not stored, not echoed. */
  ignored?: string;
}

/** Values of the other fields that make `f`'s condition hold (so only the rule under test can fail). */
function enabling(type: ActivityType, f: Field): Wire {
  if (!f.when) return {};
  const on = type.fields.find((o) => o.name === f.when!.field)!;
  if (f.when.equals !== undefined) return { [on.name]: f.when.equals };
  const list = on.shape.kind === 'scalar' ? listOf(spec, on.shape.values) : [];
  return { [on.name]: list.find((v) => v !== f.when!.notEquals && v !== '') };
}

/** Values of the other fields that break `f`'s condition. */
function disabling(type: ActivityType, f: Field): Wire {
  if (f.when!.equals !== undefined) {
    const on = type.fields.find((o) => o.name === f.when!.field)!;
    const list =
      on.shape.kind === 'scalar' && on.shape.type === 'flag'
        ? [0, 1]
        : on.shape.kind === 'scalar'
          ? listOf(spec, on.shape.values)
          : [];
    return { [on.name]: list.find((v) => v !== f.when!.equals) };
  }
  return { [f.when!.field]: f.when!.notEquals };
}

/** Every field rule of the IR as valid and invalid cases, with the exact error key. */
function ruleCases(): RuleCase[] {
  const out: RuleCase[] = [];
  for (const type of spec.activities) {
    for (const f of type.fields) {
      if (f.shape.kind !== 'scalar') continue;
      const s = f.shape;
      const base = enabling(type, f);
      const add = (label: string, value: unknown, key: string | null, extra: Wire = {}) =>
        out.push({
          name: `${type.segment}.${f.name} ${label}`,
          segment: type.segment,
          data: { ...base, ...extra, [f.name]: value },
          key,
        });
      const valid = validValue(spec, type, f, 0);
      if (s.type === 'upload') continue; // tests of their own below
      if (s.min !== undefined || s.max !== undefined) {
        if (s.min !== undefined) {
          add(`= ${s.min} (min)`, s.min, null);
          add(`= ${s.min - 1} (below min)`, s.min - 1, 'outofrange');
        }
        if (s.max !== undefined) {
          add(`= ${s.max} (max)`, s.max, null);
          add(`= ${s.max + 1} (above max)`, s.max + 1, 'outofrange');
        }
      }
      switch (s.type) {
        case 'integer':
        case 'decimal':
          add('= "abc" (not a number)', 'abc', 'invalidvalue');
          break;
        case 'flag':
          if (!f.notTrueOnCreate) add('= 1', 1, null);
          add('= 0', 0, null);
          add('= 2 (not a flag)', 2, 'notinlist');
          break;
        case 'owner':
          add('= the caller', 'OWNER', null);
          add('= 999999 (no such user or group)', 999_999, 'unknownowner');
          break;
        case 'date':
        case 'datetime':
        case 'dateordatetime':
          add(`= ${JSON.stringify(valid)}`, valid, null);
          add('= "2026-02-30" (no such day)', '2026-02-30', 'invaliddate');
          add('= "22.11.2026" (not a date form)', '22.11.2026', 'invaliddate');
          break;
        case 'enum': {
          const list = listOf(spec, s.values);
          for (const v of [list[0], list.at(-1)]) add(`= ${JSON.stringify(v)}`, v, null);
          add('= a value not in the list', typeof list[0] === 'number' ? 99 : 'Bogus', 'notinlist');
          break;
        }
        case 'idlist': {
          const list = listOf(spec, s.values);
          // A list of user ids (spec `ids`) names users of the caller's account.
          if (s.ids) {
            add('= the caller', 'OWNERS', null);
            add('with an entry that is no user of the account', '999999', 'unknownowner');
          } else add(`= ${JSON.stringify(valid)}`, valid, null);
          if (list.length) add('with an entry not in the list', `${list[0]},99`, 'notinlist');
          add('with an entry that is not an id', 'x', list.length ? 'notinlist' : 'invalidvalue');
          break;
        }
        case 'emaillist':
          add(`= ${JSON.stringify(valid)}`, valid, null);
          add('with an entry that is not an e-mail address', 'ann@example.com,not-an-address', 'invalidvalue');
          break;
      }
      if (f.when) {
        out.push({
          name: `${type.segment}.${f.name} given while its condition holds`,
          segment: type.segment,
          data: { ...base, [f.name]: valid },
          key: null,
        });
        const unmet = {
          name: `${type.segment}.${f.name} given while its condition does not hold`,
          segment: type.segment,
          data: { ...disabling(type, f), [f.name]: valid },
        };
        out.push(
          spec.conditionUnmet === 'ignore'
            ? { ...unmet, key: null, ignored: f.name }
            : { ...unmet, key: 'conditionnotmet' },
        );
      }
    }
  }
  return out;
}

describe('field rules, from spec/activities.yaml', () => {
  const cases = ruleCases();
  let parents: Record<string, number>;
  beforeAll(async () => {
    parents = await zoo(contacts);
  });

  /** A parent for one create: the zoo's, or a fresh chain for types of which a parent holds only one. */
  async function parentFor(segment: string): Promise<number> {
    const parent = chainTo(spec, segment).at(-2)!;
    if (!typeOf(segment).onePerParent) return parents[parent];
    return parent === 'record' ? crm.record(contacts) : (await buildChain(crm, spec, contacts, parent, owner)).at(-1)!;
  }

  it('cover the rules the document names', () => {
    const names = cases.map((c) => `${c.name} -> ${c.ignored ? 'ignored' : c.key}`);
    for (const expected of [
      'task.priority = 7 (above max) -> outofrange',
      'event.priority = -1 (below min) -> outofrange',
      'opportunity.stage = 101 (above max) -> outofrange',
      'opportunity.probability = 101 (above max) -> outofrange',
      'opportunity.probability = 0 (min) -> null',
      'opportunity.valuecurrency = a value not in the list -> notinlist',
      'opportunity.valuecurrency = "USD" -> null',
      'opportunity.status = a value not in the list -> notinlist',
      'task.duedate given while its condition does not hold -> ignored',
      'followup.duedate given while its condition does not hold -> ignored',
      'tasklist.milestonedate given while its condition does not hold -> ignored',
      'event.repeatevery given while its condition does not hold -> ignored',
      'event.repeatinterval given while its condition does not hold -> ignored',
      'event.repeatinterval with an entry not in the list -> notinlist',
      'call.duration = "abc" (not a number) -> invalidvalue',
      'opportunity.closingdate = "2026-02-30" (no such day) -> invaliddate',
    ]) {
      expect(names).toContain(expected);
    }
  });

  it.each(cases.map((c) => [`${c.name} -> ${c.key ?? 'created'}`, c] as const))('%s', async (_, c) => {
    // The type's required fields come along (valid), so only the rule under test can fail.
    const sent = { ...requiredData(spec, typeOf(c.segment), owner), ...c.data };
    const data = Object.fromEntries(
      Object.entries(sent).map(([k, v]) => [k, v === 'OWNER' ? owner : v === 'OWNERS' ? String(owner) : v]),
    );
    const r = await crm.create(contacts, c.segment, await parentFor(c.segment), data);
    if (c.key === null) {
      expect(r.status, r.text).toBe(200);
      const { [c.ignored ?? '']: _, ...kept } = data;
      expect(r.body.data).toEqual(answered(typeOf(c.segment), c.ignored ? kept : data));
      if (c.ignored) {
        const stored = (await crm.journal(contacts, parents.record)).find((a) => a.id === r.body.id);
        expect(stored, 'in the journal').toBeDefined();
        expect(stored!.fields[c.ignored]).toBeUndefined();
      }
    } else {
      expect(r.status, r.text).toBe(400);
      expect(errorKeys(r)).toEqual([c.key]);
    }
  });

  it('are checked on update too (range, list, condition against the stored fields, owner)', async () => {
    const task = await crm.add(contacts, 'task', parents.tasklist, { title: 'rules on update', duedate: '2026-12-01' });
    const opp = await crm.add(contacts, 'opportunity', parents.record, { status: 'Discussion' });
    const expectKey = async (r: Promise<Awaited<ReturnType<Crm['update']>>>, key: string) => {
      const x = await r;
      expect(x.status, x.text).toBe(400);
      expect(errorKeys(x)).toEqual([key]);
    };
    await expectKey(crm.update(contacts, 'task', task, { data: { priority: 7 } }), 'outofrange');
    // duedate is stored; nodate = 1 makes it void (reports read no date), no longer refused (spec conditionUnmet: ignore).
    expect((await crm.update(contacts, 'task', task, { data: { nodate: 1 } })).status).toBe(200);
    expect((await crm.update(contacts, 'task', task, { data: { nodate: 0 } })).status).toBe(200);
    await expectKey(crm.update(contacts, 'task', task, { data: { assignedto: 999_999 } }), 'unknownowner');
    await expectKey(crm.update(contacts, 'opportunity', opp, { data: { stage: 101 } }), 'outofrange');
    await expectKey(crm.update(contacts, 'opportunity', opp, { data: { valuecurrency: 'XYZ' } }), 'notinlist');
    await expectKey(crm.update(contacts, 'opportunity', opp, { data: { bogus: 1 } }), 'incorrectfield');
    expect(
      (await crm.update(contacts, 'opportunity', opp, { data: { stage: 100, probability: 0, valuecurrency: 'EUR' } }))
        .status,
    ).toBe(200);
    const entry = (await crm.journal(contacts, parents.record)).find((a) => a.id === opp)!;
    expect(entry.fields).toEqual({ status: 'Discussion', stage: 100, probability: 0, valuecurrency: 'EUR' });
    // An unknown id, or the id under another segment, is not found.
    const missing = await crm.update(contacts, 'task', 987_654_321, { data: { title: 'x' } });
    expect([missing.status, errorKeys(missing)]).toEqual([404, ['itemisnotfound']]);
    const wrongSegment = await crm.update(contacts, 'note', task, { data: { details: 'x' } });
    expect([wrongSegment.status, errorKeys(wrongSegment)]).toEqual([404, ['itemisnotfound']]);
  });
});

// ---------------------------------------------------------------------------------------------

describe('completion and one per parent', () => {
  const notTrue = spec.activities.filter((t) => t.fields.some((f) => f.notTrueOnCreate));

  it('the rule covers event, follow-up and task, as the document states', () => {
    expect(notTrue.map((t) => t.segment).sort()).toEqual(['event', 'followup', 'task']);
  });

  it.each(notTrue.map((t) => [t.segment, t] as const))(
    '%s cannot be created completed, and is completed by update',
    async (segment, type) => {
      const parentSeg = chainTo(spec, segment).at(-2)!;
      const ids =
        parentSeg === 'record' ? [await crm.record(contacts)] : await buildChain(crm, spec, contacts, parentSeg, owner);
      for (const field of type.fields.filter((f) => f.notTrueOnCreate).map((f) => f.name)) {
        const refused = await crm.create(contacts, segment, ids.at(-1)!, { [field]: 1 });
        expect(refused.status, refused.text).toBe(400);
        expect(errorKeys(refused)).toEqual(['cannotcreatecompleted']);
        expect(await crm.journal(contacts, ids[0])).toHaveLength(ids.length - 1);
        const id = await crm.add(contacts, segment, ids.at(-1)!, { [field]: 0 });
        const before = (await crm.journal(contacts, ids[0])).find((a) => a.id === id)!;
        expect(before.fields).toEqual({ [field]: 0 });
        const done = await crm.update(contacts, segment, id, { data: { [field]: 1 } });
        expect(done.status, done.text).toBe(200);
        expect(done.body).toEqual({ status: 'success' });
        const after = (await crm.journal(contacts, ids[0])).find((a) => a.id === id)!;
        expect(after.fields).toEqual({ [field]: 1 });
      }
    },
  );

  it('a task list, which has no such rule, may be created completed', async () => {
    const record = await crm.record(contacts);
    const r = await crm.create(contacts, 'tasklist', record, { title: 'done already', completed: 1 });
    expect(r.status, r.text).toBe(200);
  });

  it.each(spec.activities.filter((t) => t.onePerParent).map((t) => [t.segment, t] as const))(
    '%s: one per parent (onlyoneperparent), by create and by move',
    async (segment, type) => {
      expect(segment).toBe('linkedemails');
      const data = fullData(spec, type, owner);
      const [r1, r2] = [await crm.record(contacts), await crm.record(contacts)];
      const first = await crm.add(contacts, segment, r1, data);
      const again = await crm.create(contacts, segment, r1, data);
      expect(again.status, again.text).toBe(400);
      expect(errorKeys(again)).toEqual(['onlyoneperparent']);
      const second = await crm.add(contacts, segment, r2, data);
      const moved = await crm.update(contacts, segment, second, { parent: r1 });
      expect(moved.status, moved.text).toBe(400);
      expect(errorKeys(moved)).toEqual(['onlyoneperparent']);
      // Other types beside it are fine, and a deleted one no longer counts.
      await crm.add(contacts, 'note', r1, { details: 'beside' });
      expect((await crm.remove(contacts, segment, first)).status).toBe(200);
      expect((await crm.create(contacts, segment, r1, data)).status).toBe(200);
    },
  );
});

// ---------------------------------------------------------------------------------------------

/** [id, position] of the children of `parent` in journal order. */
async function order(kind: string, record: number, parent: number): Promise<[number, number][]> {
  return (await crm.journal(kind, record))
    .filter((a) => a.parent === parent)
    .map((a) => [a.id as number, a.position as number]);
}
const dense = (ids: number[]): [number, number][] => ids.map((id, i) => [id, i + 1]);

describe('positions', () => {
  it('after/before on create and update keep positions dense 1..n, as show returns them', async () => {
    const r = await crm.record(contacts);
    const [n1, n2, n3] = [
      await crm.add(contacts, 'note', r, { details: '1' }),
      await crm.add(contacts, 'note', r, { details: '2' }),
      await crm.add(contacts, 'call', r, { details: '3' }),
    ];
    expect(await order(contacts, r, r)).toEqual(dense([n1, n2, n3]));
    const n4 = await crm.add(contacts, 'note', r, { details: '4' }, { after: n1 });
    expect(await order(contacts, r, r)).toEqual(dense([n1, n4, n2, n3]));
    const n5 = await crm.add(contacts, 'website', r, { url: 'https://example.com' }, { before: n1 });
    expect(await order(contacts, r, r)).toEqual(dense([n5, n1, n4, n2, n3]));
    const n6 = await crm.add(contacts, 'note', r, { details: '6' }, { after: n3 });
    expect(await order(contacts, r, r)).toEqual(dense([n5, n1, n4, n2, n3, n6]));

    expect((await crm.update(contacts, 'call', n3, { before: n1 })).status).toBe(200);
    expect(await order(contacts, r, r)).toEqual(dense([n5, n3, n1, n4, n2, n6]));
    expect((await crm.update(contacts, 'website', n5, { after: n6, data: { caption: 'last' } })).status).toBe(200);
    const final = dense([n3, n1, n4, n2, n6, n5]);
    expect(await order(contacts, r, r)).toEqual(final);
    // Stable: showing again, or an update that does not reposition, changes nothing.
    expect((await crm.update(contacts, 'note', n4, { data: { details: 'four' } })).status).toBe(200);
    expect(await order(contacts, r, r)).toEqual(final);
    expect(await order(contacts, r, r)).toEqual(final);

    // An anchor that is not a sibling is refused and moves nothing.
    const other = await crm.record(contacts);
    const stranger = await crm.add(contacts, 'note', other, {});
    for (const [res, where] of [
      [await crm.create(contacts, 'note', r, {}, { after: stranger }), 'create after'],
      [await crm.update(contacts, 'note', n1, { before: stranger }), 'update before'],
      [await crm.update(contacts, 'note', n1, { after: n1 }), 'update after itself'],
    ] as const) {
      expect(res.status, `${where}: ${res.text}`).toBe(400);
      expect(errorKeys(res)).toEqual(['invalidvalue']);
    }
    expect(await order(contacts, r, r)).toEqual(final);
  });

  it('a create placed last under a parent whose positions have a gap (older data) makes them dense again', async () => {
    // A database of its own, so the test can write the gap with the storage the server uses.
    const dir = mkdtempSync(join(tmpdir(), 'crmgen-gap-'));
    const db = join(dir, 'crm.sqlite');
    const own = await startServer({ db, users: [ann.join(':')] });
    try {
      const c = new Crm(own.base, ann);
      const r = await c.record(contacts);
      const [n1, n2] = [
        await c.add(contacts, 'note', r, { details: '1' }),
        await c.add(contacts, 'note', r, { details: '2' }),
      ];
      const storage = await openStorage(db);
      try {
        await storage.transaction(async (tx) =>
          tx.setPositions((await tx.findUserByEmail(ann[0]))!.accountId, [{ id: n2, position: 5 }]),
        );
      } finally {
        await storage.close();
      }
      const n3 = await c.add(contacts, 'note', r, { details: '3' });
      const journal = (await c.journal(contacts, r)).filter((a) => a.parent === r).map((a) => [a.id, a.position]);
      expect(journal).toEqual(dense([n1, n2, n3]));
    } finally {
      await own.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('positions count among the children of an activity too, whatever their segment', async () => {
    const [r, call] = await buildChain(crm, spec, contacts, 'call', owner);
    const c1 = await crm.add(contacts, 'comment', call, { posttext: 'c1' });
    const c2 = await crm.add(contacts, 'comment', call, { posttext: 'c2' });
    const t = await crm.add(contacts, 'timerecord', call, { hours: 1.5 }, { before: c2 });
    expect(await order(contacts, r, call)).toEqual(dense([c1, t, c2]));
    const j = await crm.journal(contacts, r);
    expect(j.map((a) => a.id)).toEqual([call, c1, t, c2]);
    expect(j.map((a) => a.level)).toEqual([1, 2, 2, 2]);
  });

  it('creates at once under one parent, some refused after their insert (an anchor that is no sibling): the others keep 1..n, the refused leave nothing', async () => {
    // On both adapters creates that wait for one parent commit together; a refused one rolls back alone.
    const r = await crm.record(contacts);
    const stranger = await crm.add(contacts, 'note', await crm.record(contacts), {});
    const refused = (i: number) => i % 4 === 1;
    const replies = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        crm.create(contacts, 'note', r, { details: `n${i}` }, refused(i) ? { after: stranger } : {}),
      ),
    );
    expect(replies.map((res) => res.status)).toEqual(Array.from({ length: 16 }, (_, i) => (refused(i) ? 400 : 200)));
    const made = replies.filter((res) => res.status === 200).map((res) => res.body.id as number);
    const journal = await order(contacts, r, r);
    expect(journal.map(([, position]) => position)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(journal.map(([id]) => id).sort((a, b) => a - b)).toEqual(made.sort((a, b) => a - b));
  });
});

describe('moving an activity with its subtree to another record', () => {
  it('levels and record follow, old siblings are renumbered, the new parent is any record kind', async () => {
    const a = await crm.record(contacts, named(spec, contacts, 'Mover'));
    const b = await crm.record(companies, named(spec, companies, 'Target Inc'));
    const a1 = await crm.add(contacts, 'note', a, { details: 'stays' });
    const tl = await crm.add(contacts, 'tasklist', a, { title: 'Launch' });
    const t = await crm.add(contacts, 'task', tl, { title: 'Write plan' });
    const tr = await crm.add(contacts, 'timerecord', t, { hours: 2, date: '2026-11-20' });
    const c = await crm.add(contacts, 'comment', t, { posttext: 'on it' });
    const tlc = await crm.add(contacts, 'comment', tl, { posttext: 'list note' });
    const a3 = await crm.add(contacts, 'call', a, { details: 'stays too' });
    const b1 = await crm.add(companies, 'note', b, { details: 'already here' });

    const moved = await crm.update(contacts, 'tasklist', tl, { parent: b, data: { title: 'Launch (moved)' } });
    expect(moved.status, moved.text).toBe(200);

    expect(await order(contacts, a, a)).toEqual(dense([a1, a3]));
    expect((await crm.journal(contacts, a)).map((x) => x.id)).toEqual([a1, a3]);
    const jb = await crm.journal(companies, b);
    expect(jb.map((x) => [x.id, x.parent, x.level, x.position])).toEqual([
      [b1, b, 1, 1],
      [tl, b, 1, 2],
      [t, tl, 2, 1],
      [tr, t, 3, 1],
      [c, t, 3, 2],
      [tlc, tl, 2, 2],
    ]);
    expect(jb.find((x) => x.id === tl)!.fields).toEqual({ title: 'Launch (moved)' });

    // It now lives under the company's path; the contact's path no longer finds it.
    expect((await crm.update(contacts, 'tasklist', tl, { data: { title: 'x' } })).status).toBe(404);
    expect((await crm.update(companies, 'task', t, { data: { title: 'Write plan v2' } })).status).toBe(200);
    // The time record's record is the company now.
    const tt = await crm.report('timetracking');
    expect(tt.body.timerecords.find((x: Wire) => x.id === tr)).toMatchObject({
      itemid: b,
      itemtype: spec.kinds.find((k) => k.name === companies)!.typeid,
      tasklistid: tl,
      taskid: t,
    });

    // Moving with a position in the new parent.
    expect((await crm.update(contacts, 'note', a1, { parent: b, after: b1 })).status).toBe(200);
    expect(await order(companies, b, b)).toEqual(dense([b1, a1, tl]));
    expect(await order(contacts, a, a)).toEqual(dense([a3]));

    // Not under another activity, and not for a type that cannot sit under a record.
    const underActivity = await crm.update(contacts, 'call', a3, { parent: b1 });
    expect([underActivity.status, errorKeys(underActivity)]).toEqual([400, ['invalidparent']]);
    const taskToRecord = await crm.update(companies, 'task', t, { parent: a });
    expect([taskToRecord.status, errorKeys(taskToRecord)]).toEqual([400, ['invalidparent']]);
    const nowhere = await crm.update(contacts, 'call', a3, { parent: 987_654_321 });
    expect([nowhere.status, errorKeys(nowhere)]).toEqual([404, ['itemisnotfound']]);
    expect(await order(contacts, a, a)).toEqual(dense([a3]));

    // Levels follow: a file on the task (level 3) with a comment (level 4) moves to the contact at level 1.
    const file = await crm.add(companies, 'file', t, { caption: 'spec' }, { before: c });
    const fileNote = await crm.add(companies, 'comment', file, { posttext: 'see page 2' });
    expect(await order(companies, b, t)).toEqual(dense([tr, file, c]));
    expect((await crm.update(companies, 'file', file, { parent: a })).status).toBe(200);
    expect((await crm.journal(contacts, a)).map((x) => [x.id, x.parent, x.level, x.position])).toEqual([
      [a3, a, 1, 1],
      [file, a, 1, 2],
      [fileNote, file, 2, 1],
    ]);
    expect(await order(companies, b, t)).toEqual(dense([tr, c]));
  });
});

// ---------------------------------------------------------------------------------------------

describe('uploads (multipart/form-data)', () => {
  const withUploads = spec.activities.filter((t) =>
    t.fields.some((f) => f.shape.kind === 'scalar' && f.shape.type === 'upload'),
  );
  const maxBytes = Math.max(spec.limits.maxUploadBytes, spec.limits.maxBodyBytes);

  it('the upload types include file, photo and attached file; the limit is 10 MiB', () => {
    // The document's three; a type added to the spec with an upload field is tested below too.
    expect(withUploads.map((t) => t.segment)).toEqual(expect.arrayContaining(['attachmentfile', 'file', 'photo']));
    expect(maxBytes).toBe(10 * 1024 * 1024);
  });

  describe.each(withUploads.map((t) => [t.segment, t] as const))('%s', (segment, type) => {
    const uploadFields = type.fields.filter((f) => f.shape.kind === 'scalar' && f.shape.type === 'upload');
    let ids: number[];
    beforeAll(async () => {
      ids = await buildChain(crm, spec, contacts, chainTo(spec, segment).at(-2)!, owner);
    });
    const parent = () => ids.at(-1)!;

    it('records name, size and type of the file in the activity’s fields (create and update)', async () => {
      const bytes = new Uint8Array(3000).map((_, i) => i % 251);
      const data: Wire = { ...fullData(spec, type, owner) };
      for (const f of uploadFields) data[f.name] = new Upload(`scan ${segment}.png`, 'image/png', bytes);
      const r = await crm.create(contacts, segment, parent(), data);
      expect(r.status, r.text).toBe(200);
      for (const f of uploadFields)
        expect(r.body.data[f.name]).toEqual({ filename: `scan ${segment}.png`, contenttype: 'image/png', size: 3000 });
      let entry = (await crm.journal(contacts, ids[0])).find((a) => a.id === r.body.id)!;
      expect(entry.fields).toEqual(described(data));

      const f0 = uploadFields[0].name;
      const replaced = await crm.form('PUT', `/${contacts}/${segment}/${r.body.id}`, [
        [`data[${f0}]`, new Upload('v2.txt', 'text/plain', new TextEncoder().encode('second version'))],
      ]);
      expect(replaced.status, replaced.text).toBe(200);
      entry = (await crm.journal(contacts, ids[0])).find((a) => a.id === r.body.id)!;
      expect(entry.fields[f0]).toEqual({ filename: 'v2.txt', contenttype: 'text/plain', size: 14 });
    });

    it('refuses a file larger than the limit (413 requesttoolarge) and creates nothing', async () => {
      const before = await crm.journal(contacts, ids[0]);
      const big = new Upload('big.bin', 'application/octet-stream', new Uint8Array(maxBytes + 64 * 1024));
      const r = await crm.create(contacts, segment, parent(), { [uploadFields[0].name]: big });
      expect(r.status, r.text.slice(0, 300)).toBe(413);
      expect(errorKeys(r)).toEqual(['requesttoolarge']);
      expect(await crm.journal(contacts, ids[0])).toEqual(before);
    });

    it('refuses an upload field sent without a file part', async () => {
      const f0 = uploadFields[0].name;
      // As a plain form field...
      const asText = await crm.form('POST', `/${contacts}/${segment}/`, [
        ['parent', String(parent())],
        [`data[${f0}]`, 'plan.pdf'],
      ]);
      expect(asText.status, asText.text).toBe(400);
      expect(errorKeys(asText)).toEqual(['invalidvalue']);
      // ...or described in JSON with no bytes at all.
      const asJson = await crm.send('POST', `/${contacts}/${segment}/`, {
        parent: parent(),
        data: { [f0]: { filename: 'plan.pdf', contenttype: 'application/pdf', size: 10 } },
      });
      expect(asJson.status, asJson.text).toBe(400);
      expect(errorKeys(asJson)).toEqual(['invalidvalue']);
      // A required upload cannot be left out.
      if (uploadFields[0].required) {
        const none = await crm.form('POST', `/${contacts}/${segment}/`, [['parent', String(parent())]]);
        expect(none.status, none.text).toBe(400);
        expect(errorKeys(none)).toEqual(['fieldisrequired']);
      }
    });
  });

  it('multipart/form-data is for uploads only', async () => {
    const r = await crm.form('POST', `/${contacts}/`, [['firstname', 'Form']]);
    expect(r.status).toBe(415);
    expect(errorKeys(r)).toEqual(['unsupportedmediatype']);
  });
});

// ---------------------------------------------------------------------------------------------

describe('the create response', () => {
  it('has id, the echoed data, created as "Mon D, YYYY hh:mm:ss" (UTC, now) and status, in JSON and XML', async () => {
    const record = await crm.record(contacts);
    const before = Date.now();
    const r = await crm.create(contacts, 'note', record, { details: 'Called <back> & "agreed"' });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['id', 'data', 'created', 'status']);
    expect(r.body).toEqual({
      id: expect.any(Number),
      data: { details: 'Called <back> & "agreed"' },
      created: expect.stringMatching(createdText),
      status: 'success',
    });
    const created = Date.parse(`${r.body.created} UTC`);
    expect(created).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
    expect(created).toBeLessThanOrEqual(Date.now() + 1000);
    expect((await crm.journal(contacts, record)).map((a) => a.id)).toEqual([r.body.id]);

    const xml = await call(server.base, `/${contacts}/note/`, {
      auth: crm.auth,
      body: `<request><parent>${record}</parent><data><details>x &amp; y</details></data></request>`,
      contentType: 'application/xml',
    });
    expect(xml.status).toBe(200);
    expect(xml.text).toMatch(
      /<response><id>\d+<\/id><data><details>x &amp; y<\/details><\/data><created>[A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}:\d{2}<\/created><status>success<\/status><\/response>/,
    );
  });
});

// ---------------------------------------------------------------------------------------------

describe('delete and restore (a server on a SQLite file; crmgen restore on the same file)', () => {
  let dir: string;
  let db: string;
  let fileServer: RunningServer;
  let fc: Crm;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'crmgen-restore-'));
    db = join(dir, 'crm.sqlite');
    fileServer = await startServer({ db, users: [ann.join(':')] });
    fc = new Crm(fileServer.base, ann);
  });
  afterAll(async () => {
    await fileServer?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('delete removes an activity and its subtree from show; crmgen restore brings them back at the old position', async () => {
    const r = await fc.record(contacts, named(spec, contacts, 'Restorable'));
    const n1 = await fc.add(contacts, 'note', r, { details: 'first' });
    const tl = await fc.add(contacts, 'tasklist', r, { title: 'Plan' });
    const t = await fc.add(contacts, 'task', tl, { title: 'Step' });
    const c = await fc.add(contacts, 'comment', t, { posttext: 'note on step' });
    const n2 = await fc.add(contacts, 'note', r, { details: 'last' });
    const full = await fc.journal(contacts, r);
    expect(full.map((a) => [a.id, a.position])).toEqual([
      [n1, 1],
      [tl, 2],
      [t, 1],
      [c, 1],
      [n2, 3],
    ]);

    const del = await fc.remove(contacts, 'tasklist', tl);
    expect([del.status, del.body]).toEqual([200, { status: 'success' }]);
    expect((await fc.journal(contacts, r)).map((a) => [a.id, a.position])).toEqual([
      [n1, 1],
      [n2, 2],
    ]);
    for (const [seg, id] of [
      ['tasklist', tl],
      ['task', t],
      ['comment', c],
    ] as const) {
      const again = await fc.remove(contacts, seg, id);
      expect([again.status, errorKeys(again)]).toEqual([404, ['itemisnotfound']]);
    }
    expect(errorKeys(await fc.update(contacts, 'task', t, { data: { title: 'x' } }))).toEqual(['itemisnotfound']);

    // The server keeps running: SQLite in WAL mode lets the CLI write the same file.
    const wrong = await runCli(['restore', 'note', String(tl), '--db', db]);
    expect(wrong.code, wrong.out).toBe(2);
    expect(wrong.out).toMatch(/no deleted note activity/);
    const ok = await runCli(['restore', 'tasklist', String(tl), '--db', db]);
    expect(ok.code, ok.out).toBe(0);
    expect(ok.out).toContain(`restored activity ${tl}`);
    const back = await fc.journal(contacts, r);
    expect(back.map((a) => [a.id, a.position, a.level])).toEqual([
      [n1, 1, 1],
      [tl, 2, 1],
      [t, 1, 2],
      [c, 1, 3],
      [n2, 3, 1],
    ]);
    expect(back.find((a) => a.id === t)!.fields).toEqual({ title: 'Step' });
    const twice = await runCli(['restore', 'tasklist', String(tl), '--db', db]);
    expect(twice.code, twice.out).not.toBe(0);
    expect((await fc.update(contacts, 'task', t, { data: { title: 'Step 2' } })).status).toBe(200);

    // What was deleted with its parent comes back only with (or after) the parent: never as an orphan.
    expect((await fc.remove(contacts, 'task', t)).status).toBe(200);
    expect((await fc.journal(contacts, r)).map((a) => a.id)).toEqual([n1, tl, n2]);
    const orphan = await runCli(['restore', 'comment', String(c), '--db', db]);
    expect(orphan.code, orphan.out).toBe(2);
    expect(orphan.out).toMatch(/restore it first/);
    expect((await fc.journal(contacts, r)).map((a) => a.id)).toEqual([n1, tl, n2]);
    const parentBack = await runCli(['restore', 'task', String(t), '--db', db]);
    expect(parentBack.code, parentBack.out).toBe(0);
    expect((await fc.journal(contacts, r)).map((a) => [a.id, a.parent, a.level])).toEqual([
      [n1, r, 1],
      [tl, r, 1],
      [t, tl, 2],
      [c, t, 3],
      [n2, r, 1],
    ]);
  });

  it('a deleted record is archived (filtermode=archived) and crmgen restore KIND ID brings it back with its journal', async () => {
    const x = await fc.record(contacts, { firstname: 'Archie', lastname: 'Ved' });
    const note = await fc.add(contacts, 'note', x, { details: 'kept' });
    const del = await fc.send('DELETE', `/${contacts}/${x}/`);
    expect(del.status).toBe(200);
    expect((await fc.show(contacts, x)).status).toBe(404);
    const ids = async (query: string) =>
      Object.values((await fc.send('GET', `/${contacts}/?${query}`)).body)
        .filter((e: any) => e && typeof e === 'object' && 'id' in e)
        .map((e: any) => e.id);
    expect(await ids('filtermode=archived')).toContain(x);
    expect(await ids('layout=0')).not.toContain(x);

    const ok = await runCli(['restore', contacts, String(x), '--db', db]);
    expect(ok.code, ok.out).toBe(0);
    expect(ok.out).toContain(`restored record ${x}`);
    const shown = await fc.show(contacts, x);
    expect(shown.status).toBe(200);
    expect(shown.body.item.name).toBe('Archie Ved');
    expect(Object.values(shown.body.activities).map((a: any) => a.id)).toEqual([note]);
    expect(await ids('layout=0')).toContain(x);
    expect(await ids('filtermode=archived')).not.toContain(x);
    const wrongKind = await runCli(['restore', companies, String(x), '--db', db]);
    expect(wrongKind.code, wrongKind.out).toBe(2);
  });
});

describe('moves and reorders that change nothing else (one statement on PostgreSQL)', () => {
  it('answer refusals as an update with data does, and a refusal found after the write keeps nothing', async () => {
    const a = await crm.record(contacts, named(spec, contacts, 'Plain A'));
    const b = await crm.record(contacts, named(spec, contacts, 'Plain B'));
    const [n1, n2, n3] = [
      await crm.add(contacts, 'note', a, { details: 'one' }),
      await crm.add(contacts, 'note', a, { details: 'two' }),
      await crm.add(contacts, 'note', a, { details: 'three' }),
    ];
    const onA = await order(contacts, a, a);
    // Another kind or segment in the path, an anchor that is not a sibling, a missing target.
    const refusals: [Awaited<ReturnType<typeof crm.update>>, number, string][] = [
      [await crm.update(companies, 'note', n1, { before: n3 }), 404, 'itemisnotfound'],
      [await crm.update(contacts, 'call', n1, { before: n3 }), 404, 'itemisnotfound'],
      [await crm.update(contacts, 'note', n1, { after: 987_654_321 }), 400, 'invalidvalue'],
      [await crm.update(contacts, 'note', n1, { parent: b, before: n2 }), 400, 'invalidvalue'],
      [await crm.update(contacts, 'note', n1, { parent: 987_654_321 }), 404, 'itemisnotfound'],
      [await crm.update(contacts, 'note', n1, { parent: n2 }), 400, 'invalidparent'],
    ];
    for (const [r, status, key] of refusals) expect([r.status, errorKeys(r)], r.text).toEqual([status, [key]]);
    expect(await order(contacts, a, a)).toEqual(onA);
    expect(await order(contacts, b, b)).toEqual([]);

    // Done: places, the old parent's gap closed, the new record shown.
    expect((await crm.update(contacts, 'note', n3, { before: n1 })).status).toBe(200);
    expect(await order(contacts, a, a)).toEqual(dense([n3, n1, n2]));
    expect((await crm.update(contacts, 'note', n1, { parent: b, data: {} })).status).toBe(200);
    expect(await order(contacts, a, a)).toEqual(dense([n3, n2]));
    expect((await crm.journal(contacts, b)).map((x) => [x.id, x.parent, x.level, x.position])).toEqual([[n1, b, 1, 1]]);
    expect((await crm.journal(contacts, b))[0]!.fields).toEqual({ details: 'one' });
    expect((await crm.update(contacts, 'note', n2, { parent: b, before: n1 })).status).toBe(200);
    expect(await order(contacts, b, b)).toEqual(dense([n2, n1]));
    expect(await order(contacts, a, a)).toEqual(dense([n3]));
  });

  it('one per parent refused after the write (by move) leaves both parents as they were', async () => {
    const type = spec.activities.find((t) => t.onePerParent)!;
    const data = fullData(spec, type, owner);
    const [r1, r2] = [await crm.record(contacts), await crm.record(contacts)];
    await crm.add(contacts, type.segment, r1, data);
    const note = await crm.add(contacts, 'note', r2, { details: 'first' });
    const second = await crm.add(contacts, type.segment, r2, data);
    const [on1, on2] = [await order(contacts, r1, r1), await order(contacts, r2, r2)];
    const moved = await crm.update(contacts, type.segment, second, { parent: r1 });
    expect([moved.status, errorKeys(moved)]).toEqual([400, ['onlyoneperparent']]);
    expect(await order(contacts, r1, r1)).toEqual(on1);
    expect(await order(contacts, r2, r2)).toEqual(on2);
    expect(on2).toEqual(dense([note, second]));
  });
});
