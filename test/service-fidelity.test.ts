// Fidelity to the original service (issue 21): each numbered point through real HTTP on
// 127.0.0.1, in XML and in JSON. The report tests play a realistic day (a task list with tasks
// and comments, an opportunity with a responsible user) and read the entries by element path, as
// an integration of the original service does.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpec } from '../generator/pipeline/load.ts';
import { specDir } from './support/paths.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { Client, toXml, type Reply } from './support/api.ts';
import { utcDay } from './support/crm.ts';

const spec = loadSpec(specDir);
const typeidOf = (segment: string) => spec.activities.find((a) => a.segment === segment)!.typeid;
const kindTypeid = (kind: string) => spec.kinds.find((k) => k.name === kind)!.typeid;
const ann: [string, string] = ['ann@example.com', 'secret-ann'];
const bob: [string, string] = ['bob@example.com', 'secret-bob'];
const isoStamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;
const fmts = ['xml', 'json'] as const;
type Fmt = (typeof fmts)[number];

/**
 * The value at an element path of a parsed answer (readXml for XML, JSON.parse for JSON):
 * `activities/activity/0/fields/title`; `@cn` reads an attribute. A repeated element that
 * occurs once is a list of one; an element with attributes gives its text. In JSON a container of
 * one repeated element is an array, so the element's step is passed over.
 */
function at(doc: unknown, path: string): unknown {
  let node: unknown = doc;
  for (const step of path.split('/')) {
    if (node === undefined || node === null) return undefined;
    // JSON gives a container of one repeated element (activities/activity) as the array itself.
    if (Array.isArray(node) && !/^\d+$/.test(step)) continue;
    if (/^\d+$/.test(step)) {
      node = Array.isArray(node) ? node[Number(step)] : Number(step) === 0 ? node : undefined;
      continue;
    }
    node = (node as Record<string, unknown>)[step];
  }
  if (node !== null && typeof node === 'object' && !Array.isArray(node) && '#text' in node)
    return (node as Record<string, unknown>)['#text'];
  return node;
}

/** Entries of a repeated element as a list, whether the parser made one or not. */
const all = (v: unknown): any[] => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v]);

/** JSON numbers and XML text compare alike. */
const same = (fmt: Fmt, v: unknown) => (fmt === 'xml' ? (v === undefined ? undefined : String(v)) : v);

let server: RunningServer;
let a: Client;
let b: Client;
let annId: number;
let bobId: number;
let annName: string;
let bobName: string;

/** A request body in the format, answered in the same format. */
function send(c: Client, fmt: Fmt, method: string, path: string, body?: Record<string, unknown>): Promise<Reply> {
  return c.send(method, path, { ...(body ? { body, fmt } : {}), accept: fmt });
}

async function created(r: Reply): Promise<number> {
  expect(r.status, r.text).toBeLessThan(300);
  return Number(r.body.id ?? r.body.item?.id);
}

beforeAll(async () => {
  server = await startServer({ users: [ann.join(':'), bob.join(':')] });
  a = new Client(server.base, ann);
  b = new Client(server.base, bob);
  const users = (await a.get('/ownership/')).body.users as { id: number; name: string; email: string }[];
  ({ id: annId, name: annName } = users.find((u) => u.email === ann[0])!);
  ({ id: bobId, name: bobName } = users.find((u) => u.email === bob[0])!);
});
afterAll(async () => {
  await server?.stop();
});

describe('1 and 2: report entries read as an integration reads them', () => {
  const day: Record<string, number> = {};
  beforeAll(async () => {
    // A realistic day: a client, a plan with tasks, comments on a task by two people, a deal.
    day.client = await a.create('contacts', { firstname: 'Cora', lastname: 'Client' });
    day.plan = await created(
      await a.post('/contacts/tasklist/', { parent: day.client, data: { title: 'Onboarding' } }),
    );
    day.kickoff = await created(
      await a.post('/contacts/task/', {
        parent: day.plan,
        data: { title: 'Kick-off call', assignedto: bobId, duedate: utcDay(1), priority: 2 },
      }),
    );
    day.contract = await created(
      await a.post('/contacts/task/', {
        parent: day.plan,
        data: { title: 'Send contract', assignedto: annId, duedate: utcDay(2) },
      }),
    );
    day.c1 = await created(
      await b.post('/contacts/comment/', { parent: day.kickoff, data: { posttext: 'Agenda sent' } }),
    );
    day.c2 = await created(
      await a.post('/contacts/comment/', { parent: day.kickoff, data: { posttext: 'Moved to 10:00' } }),
    );
    day.note = await created(
      await a.post('/contacts/note/', { parent: day.client, data: { details: 'Met at the fair' } }),
    );
    day.deal = await created(
      await a.post('/contacts/opportunity/', {
        parent: day.client,
        data: {
          description: 'Yearly licence',
          responsible: bobId,
          status: 'Pending',
          stage: 40,
          probability: 60,
          valueunit: 1200.5,
          valuecurrency: 'EUR',
          closingdate: utcDay(30),
        },
      }),
    );
    // Later that day the deal moves on.
    await new Promise((r) => setTimeout(r, 1100));
    expect((await a.put(`/contacts/opportunity/${day.deal}`, { data: { stage: 70, probability: 80 } })).status).toBe(
      200,
    );
  });

  for (const fmt of fmts) {
    it(`${fmt}: activities/activity has id, typeid, parent, parenttypeid, comments and fields/...`, async () => {
      const r = await send(a, fmt, 'GET', `/report/activities/?types=${typeidOf('task')}`);
      expect(r.status, r.text).toBe(200);
      const entries = all(at(r.body, 'activities/activity'));
      expect(entries.map((e) => Number(at(e, 'id')))).toEqual([day.kickoff, day.contract]);
      const kickoff = entries[0];
      expect(at(kickoff, 'typeid')).toEqual(same(fmt, typeidOf('task')));
      expect(at(kickoff, 'parent')).toEqual(same(fmt, day.plan));
      expect(at(kickoff, 'parenttypeid')).toEqual(same(fmt, typeidOf('tasklist')));
      expect(at(kickoff, 'fields/title')).toBe('Kick-off call');
      expect(at(kickoff, 'fields/assignedto')).toEqual(same(fmt, bobId));
      expect(at(kickoff, 'fields/priority')).toEqual(same(fmt, 2));
      const comments = all(at(kickoff, 'comments/comment'));
      expect(comments.map((c) => at(c, 'posttext'))).toEqual(['Agenda sent', 'Moved to 10:00']);
      expect(comments.map((c) => Number(at(c, 'id')))).toEqual([day.c1, day.c2]);
      expect(comments.map((c) => Number(at(c, 'owner')))).toEqual([bobId, annId]);
      expect(String(at(comments[0], 'created'))).toMatch(isoStamp);
      // A task without comments has an empty comments element.
      expect(all(at(entries[1], 'comments/comment'))).toEqual([]);
      // The members clients of ours read stay.
      expect(at(kickoff, 'type')).toEqual(same(fmt, typeidOf('task')));
      expect(at(kickoff, 'itemid')).toEqual(same(fmt, day.client));
    });

    it(`${fmt}: a note's parent is its record: parenttypeid is the record kind's`, async () => {
      const r = await send(a, fmt, 'GET', `/report/activities/?types=${typeidOf('note')}`);
      const note = all(at(r.body, 'activities/activity')).find((e) => Number(at(e, 'id')) === day.note);
      expect(at(note, 'parent')).toEqual(same(fmt, day.client));
      expect(at(note, 'parenttypeid')).toEqual(same(fmt, kindTypeid('contacts')));
      expect(at(note, 'fields/details')).toBe('Met at the fair');
    });

    it(`${fmt}: opportunities/opportunity has modified and responsible with the responsible user's name`, async () => {
      const r = await send(a, fmt, 'GET', '/report/opportunities/');
      expect(r.status, r.text).toBe(200);
      const deal = all(at(r.body, 'opportunities/opportunity')).find((e) => Number(at(e, 'id')) === day.deal);
      expect(deal, r.text).toBeDefined();
      for (const [path, want] of [
        ['description', 'Yearly licence'],
        ['status', 'Pending'],
        ['stage', 70],
        ['probability', 80],
        ['valueunit', 1200.5],
        ['owner', annId],
        ['itemid', day.client],
        ['itemtype', kindTypeid('contacts')],
        ['responsible', bobId],
      ] as const) {
        expect(at(deal, path), path).toEqual(same(fmt, want));
      }
      expect(at(deal, 'closingdate')).toBe(`${utcDay(30)}T00:00:00+00:00`);
      const createdAt = String(at(deal, 'created'));
      const modified = String(at(deal, 'modified'));
      expect(modified).toMatch(isoStamp);
      // Changed a second after it was created.
      expect(Date.parse(modified)).toBeGreaterThan(Date.parse(createdAt));
      expect(fmt === 'xml' ? at(deal, 'responsible/@cn') : at(deal, 'responsible@cn')).toBe(bobName);
    });
  }
});

describe('3: owner-valued fields carry the owner name (XML cn attribute, JSON field@cn)', () => {
  let contact: number;
  let task: number;
  beforeAll(async () => {
    contact = await a.create('contacts', { firstname: 'Olga', lastname: 'Owned', assignedto: bobId });
    const plan = await created(await a.post('/contacts/tasklist/', { parent: contact, data: { title: 'P' } }));
    task = await created(await a.post('/contacts/task/', { parent: plan, data: { title: 'T', assignedto: annId } }));
  });

  it('xml: show has <assignedto cn="..."> in item fields and activity fields, and ownership cn', async () => {
    const r = await send(a, 'xml', 'GET', `/contacts/${contact}/`);
    expect(r.text).toContain(`<assignedto label="Assigned to" cn="${bobName}">${bobId}</assignedto>`);
    expect(at(r.body, 'item/fields/assignedto/@cn')).toBe(bobName);
    expect(at(r.body, 'item/fields/assignedto')).toBe(String(bobId));
    expect(at(r.body, 'item/ownership/@cn')).toBe(annName);
    expect(at(r.body, `activities/id${task}/fields/assignedto/@cn`)).toBe(annName);
    expect(at(r.body, `activities/id${task}/fields/assignedto`)).toBe(String(annId));
  });
  it('json: the owner stays a number, its name is the member beside it', async () => {
    const r = await send(a, 'json', 'GET', `/contacts/${contact}/`);
    expect(r.body.item.fields.assignedto).toBe(bobId);
    expect(r.body.item.fields['assignedto@cn']).toBe(bobName);
    expect(r.body.item.ownership).toBe(annId);
    expect(r.body.item['ownership@cn']).toBe(annName);
    expect(r.body.activities[`id${task}`].fields.assignedto).toBe(annId);
    expect(r.body.activities[`id${task}`].fields['assignedto@cn']).toBe(annName);
  });
  for (const fmt of fmts) {
    it(`${fmt}: list entries carry it too`, async () => {
      const r = await send(a, fmt, 'GET', `/contacts/?layout=1&searchmode=Cany&searchvalue=Olga`);
      expect(r.status, r.text).toBe(200);
      expect(at(r.body, `id${contact}/assignedto`)).toEqual(same(fmt, bobId));
      expect(fmt === 'xml' ? at(r.body, `id${contact}/assignedto/@cn`) : at(r.body, `id${contact}/assignedto@cn`)).toBe(
        bobName,
      );
    });
  }
  it('a name sent back in a request is not refused and not stored', async () => {
    const json = await a.put(`/contacts/${contact}/`, {
      firstname: 'Olga',
      assignedto: annId,
      'assignedto@cn': 'Someone Else',
    });
    expect(json.status, json.text).toBe(200);
    const xml = await a.put(
      `/contacts/${contact}/`,
      `<request><assignedto cn="Someone Else">${annId}</assignedto></request>`,
      { fmt: 'xml' },
    );
    expect(xml.status, xml.text).toBe(200);
    const shown = await a.show('contacts', contact);
    expect(shown.item.fields.assignedto).toBe(annId);
    expect(shown.item.fields['assignedto@cn']).toBe(annName);
  });
});

describe('4: every type id the document lists for types is accepted; event id 5 too', () => {
  let event: number;
  beforeAll(async () => {
    const c = await a.create('companies', { name: 'Typeco' });
    event = await created(
      await a.post('/companies/event/', { parent: c, data: { title: 'Fair', timestart: utcDay(3) } }),
    );
  });
  for (const fmt of fmts) {
    it(`${fmt}: 61 (non-linked events) is accepted and matches nothing; 5 selects events`, async () => {
      const only61 = await send(a, fmt, 'GET', '/report/activities/?types=61');
      expect(only61.status, only61.text).toBe(200);
      expect(all(at(only61.body, 'activities/activity'))).toEqual([]);
      const every = spec.values
        .find((v) => v.name === 'reportactivitytypes')!
        .values.map((v) => v.value)
        .join(',');
      const withAll = await send(a, fmt, 'GET', `/report/activities/?types=${every}`);
      expect(withAll.status, withAll.text).toBe(200);
      expect(all(at(withAll.body, 'activities/activity')).map((e) => Number(at(e, 'id')))).toContain(event);
      const five = await send(a, fmt, 'GET', '/report/activities/?types=5');
      expect(all(at(five.body, 'activities/activity')).map((e) => Number(at(e, 'id')))).toEqual([event]);
      const bad = await send(a, fmt, 'GET', '/report/activities/?types=62');
      expect(bad.status).toBe(400);
      expect(at(bad.body, 'errors/notinlist')).toBeDefined();
    });
  }
});

describe('5: an unknown field is incorrectfield, "Incorrect field specified"', () => {
  for (const fmt of fmts) {
    it(`${fmt}: record and activity bodies`, async () => {
      const r = await send(a, fmt, 'POST', '/contacts/', { firstname: 'X', nickname: 'Y' });
      expect(r.status, r.text).toBe(400);
      expect(at(r.body, 'status')).toBe('failed');
      expect(Object.keys(at(r.body, 'errors') as object)).toEqual(['incorrectfield']);
      expect(at(r.body, 'errors/incorrectfield')).toBe('Incorrect field specified: nickname');
      const c = await a.create('contacts', { firstname: 'Fieldy' });
      const act = await send(a, fmt, 'POST', '/contacts/note/', { parent: c, data: { details: 'd', colour: 'red' } });
      expect(act.status, act.text).toBe(400);
      expect(at(act.body, 'errors/incorrectfield')).toBe('Incorrect field specified: data.colour');
      // Nothing was written.
      const notes = (await a.show('contacts', c)).activities;
      expect(Object.keys(notes ?? {})).toEqual([]);
    });
  }
  it('json: exactly the original envelope when only the key matters', async () => {
    const r = await a.post('/contacts/categories/', { name: 'x', colour: 'red' });
    expect(r.body).toEqual({ errors: { incorrectfield: 'Incorrect field specified: colour' }, status: 'failed' });
  });
});

describe('6: a JSON request may be wrapped in request, as XML always is', () => {
  it('create record, create activity, update and GET parameters accept {"request": {...}}', async () => {
    const r = await a.post('/contacts/', { request: { firstname: 'Wanda', lastname: 'Wrapped' } });
    expect(r.status, r.text).toBe(201);
    expect(r.body.item.name).toBe('Wanda Wrapped');
    const id = r.body.item.id as number;
    const note = await a.post('/contacts/note/', { request: { parent: id, data: { details: 'wrapped note' } } });
    expect(note.status, note.text).toBe(200);
    expect(note.body.data).toEqual({ details: 'wrapped note' });
    expect((await a.put(`/contacts/${id}/`, { request: { jobtitle: 'Pilot' } })).status).toBe(200);
    expect((await a.show('contacts', id)).item.fields.jobtitle).toBe('Pilot');
    const listed = await a.send('GET', '/contacts/', {
      body: { request: { searchmode: 'Cany', searchvalue: 'Wanda', layout: 1 } },
    });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.count).toBe(1);
    expect(listed.body[`id${id}`].jobtitle).toBe('Pilot');
    // Unwrapped stays as it was, and XML's root is the same request.
    const xml = await a.post('/contacts/', toXml({ firstname: 'Xavier' }), { fmt: 'xml', accept: 'xml' });
    expect(xml.status, xml.text).toBe(201);
  });
  it('a wrapped body with an unknown field is still refused', async () => {
    const r = await a.post('/contacts/', { request: { firstname: 'W', bogus: 1 } });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.errors)).toEqual(['incorrectfield']);
  });
});

describe('7: leniency where the document names values but not refusal', () => {
  let first: number;
  let second: number;
  beforeAll(async () => {
    first = await a.create('projectblogs', { name: 'Aardvark lenient' });
    second = await a.create('projectblogs', { name: 'Zebra lenient' });
    const c = await a.create('contacts', { firstname: 'Lena' });
    await a.post('/contacts/opportunity/', { parent: c, data: { description: 'held', status: 'On-hold' } });
    await a.post('/contacts/opportunity/', { parent: c, data: { description: 'won', status: 'Won' } });
  });
  for (const fmt of fmts) {
    it(`${fmt}: sortdir in any case`, async () => {
      for (const [dir, want] of [
        ['desc', [second, first]],
        ['Desc', [second, first]],
        ['asc', [first, second]],
        ['DESC', [second, first]],
      ] as const) {
        const r = await send(
          a,
          fmt,
          'GET',
          `/projectblogs/?searchmode=Cany&searchvalue=lenient&sortfield=name&sortdir=${dir}`,
        );
        expect(r.status, r.text).toBe(200);
        const ids = Object.keys(r.body)
          .filter((k) => /^id\d+$/.test(k))
          .map((k) => Number(k.slice(2)));
        expect(ids, dir).toEqual(want);
      }
      const bad = await send(a, fmt, 'GET', '/projectblogs/?sortdir=sideways');
      expect(bad.status).toBe(400);
      expect(at(bad.body, 'errors/notinlist')).toBeDefined();
    });
    it(`${fmt}: the opportunities report status in any case, the opportunity's own spelling included`, async () => {
      for (const status of ['On-hold', 'on-hold', 'ON-HOLD']) {
        const r = await send(a, fmt, 'GET', `/report/opportunities/?status=${status}`);
        expect(r.status, r.text).toBe(200);
        expect(all(at(r.body, 'opportunities/opportunity')).map((e) => at(e, 'description'))).toEqual(['held']);
      }
      const won = await send(a, fmt, 'GET', '/report/opportunities/?status=Won');
      expect(all(at(won.body, 'opportunities/opportunity')).map((e) => at(e, 'description'))).toEqual(['won']);
    });
    it(`${fmt}: a conditional field whose condition does not hold is ignored, not refused`, async () => {
      const c = await a.create('contacts', { firstname: 'Cond' });
      const ev = await send(a, fmt, 'POST', '/contacts/event/', {
        parent: c,
        data: { title: 'Weekly', timestart: utcDay(1), repeats: 'weekly', repeatevery: 2, repeatinterval: '1,3' },
      });
      expect(ev.status, ev.text).toBe(200);
      expect(at(ev.body, 'data/repeatevery')).toBeUndefined();
      expect(at(ev.body, 'data/repeatinterval')).toEqual(same(fmt, '1,3'));
      const plan = await created(await a.post('/contacts/tasklist/', { parent: c, data: { title: 'L' } }));
      const task = await send(a, fmt, 'POST', '/contacts/task/', {
        parent: plan,
        data: { title: 'Someday', nodate: 1, duedate: utcDay(5) },
      });
      expect(task.status, task.text).toBe(200);
      expect(at(task.body, 'data/duedate')).toBeUndefined();
      const journal = (await a.show('contacts', c)).activities;
      const stored = journal[`id${Number(at(task.body, 'id'))}`].fields;
      expect(stored.duedate).toBeUndefined();
      expect(stored.nodate).toBe(1);
      expect(journal[`id${Number(at(ev.body, 'id'))}`].fields.repeatevery).toBeUndefined();
      // An update giving it while the condition fails is ignored the same way.
      const up = await send(a, fmt, 'PUT', `/contacts/task/${Number(at(task.body, 'id'))}`, {
        data: { duedate: utcDay(6) },
      });
      expect(up.status, up.text).toBe(200);
      expect(
        (await a.show('contacts', c)).activities[`id${Number(at(task.body, 'id'))}`].fields.duedate,
      ).toBeUndefined();
    });
    it(`${fmt}: limit above 5000 stays a clear outofrange error`, async () => {
      const r = await send(a, fmt, 'GET', '/contacts/?limit=5001');
      expect(r.status).toBe(400);
      expect(Object.keys(at(r.body, 'errors') as object)).toEqual(['outofrange']);
      expect(String(at(r.body, 'errors/outofrange'))).toContain('limit');
    });
  }
});

describe('8: flagged is settable on records and activities', () => {
  for (const fmt of fmts) {
    it(`${fmt}: create and update set it; filtermode=flagged and sortfield=flagged act on it`, async () => {
      const tag = `flag${fmt}`;
      const plain = await created(await send(a, fmt, 'POST', '/companies/', { name: `${tag} plain` }));
      const flagged = await created(await send(a, fmt, 'POST', '/companies/', { name: `${tag} flagged`, flagged: 1 }));
      const later = await created(await send(a, fmt, 'POST', '/companies/', { name: `${tag} later` }));
      expect((await send(a, fmt, 'PUT', `/companies/${later}/`, { flagged: 1 })).status).toBe(200);
      const shown = await send(a, fmt, 'GET', `/companies/${flagged}/`);
      expect(at(shown.body, 'item/flagged')).toEqual(same(fmt, 1));
      const list = await send(a, fmt, 'GET', `/companies/?filtermode=flagged&searchmode=Sany&searchvalue=${tag}`);
      const ids = (r: Reply) =>
        Object.keys(r.body)
          .filter((k) => /^id\d+$/.test(k))
          .map((k) => Number(k.slice(2)));
      expect(ids(list).sort()).toEqual([flagged, later].sort());
      const sorted = await send(
        a,
        fmt,
        'GET',
        `/companies/?sortfield=flagged&sortdir=DESC&searchmode=Sany&searchvalue=${tag}`,
      );
      expect(ids(sorted).slice(-1)).toEqual([plain]);
      expect((await send(a, fmt, 'PUT', `/companies/${later}/`, { flagged: 0 })).status).toBe(200);
      expect(
        ids(await send(a, fmt, 'GET', `/companies/?filtermode=flagged&searchmode=Sany&searchvalue=${tag}`)),
      ).toEqual([flagged]);
      // Activities: create flagged, then clear it.
      const note = await created(
        await send(a, fmt, 'POST', '/companies/note/', { parent: plain, data: { details: 'n' }, flagged: 1 }),
      );
      expect((await a.show('companies', plain)).activities[`id${note}`].flagged).toBe(1);
      expect((await send(a, fmt, 'PUT', `/companies/note/${note}`, { flagged: 0 })).status).toBe(200);
      expect((await a.show('companies', plain)).activities[`id${note}`].flagged).toBe(0);
    });
  }
});

describe('9: tickets in the activities report and hooks; moving activities', () => {
  let receiver: Server;
  const received: string[] = [];
  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        received.push(body);
        res.end('ok');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  });
  afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

  it('an activity on a ticket is in the activities report (and itemtypes keeps the document list)', async () => {
    const ticket = await a.create('tickets', { name: 'Printer jam' });
    const note = await created(await a.post('/tickets/note/', { parent: ticket, data: { details: 'on it' } }));
    for (const fmt of fmts) {
      const r = await send(a, fmt, 'GET', `/report/activities/?types=${typeidOf('note')}`);
      const entry = all(at(r.body, 'activities/activity')).find((e) => Number(at(e, 'id')) === note);
      expect(entry, r.text).toBeDefined();
      expect(at(entry, 'itemtype')).toEqual(same(fmt, kindTypeid('tickets')));
      expect(at(entry, 'parenttypeid')).toEqual(same(fmt, kindTypeid('tickets')));
    }
    const r = await a.get(`/report/activities/?itemtypes=${kindTypeid('tickets')}`);
    expect(r.status).toBe(400);
  });

  it('a hook with constrainttype all hears ticket changes', async () => {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/t`;
    // The service under test refuses loopback hooks unless told: a second one here allows them.
    const srv = await startServer({
      users: [ann.join(':')],
      args: ['--allow-private-webhooks', '--webhook-retry-ms', '50'],
    });
    try {
      const c = new Client(srv.base, ann);
      expect(
        (
          await c.post('/hooks/', {
            type: 'web',
            title: 't',
            active: 1,
            event: 'items.create',
            constrainttype: 'all',
            url,
            contenttype: 'json',
          })
        ).status,
      ).toBe(200);
      const ticket = await c.create('tickets', { name: 'Hooked ticket' });
      for (let i = 0; i < 100 && !received.some((x) => x.includes('Hooked ticket')); i++)
        await new Promise((r) => setTimeout(r, 50));
      const note = received.find((x) => x.includes('Hooked ticket'));
      expect(note).toBeDefined();
      expect(note).toContain(String(ticket));
    } finally {
      await srv.stop();
    }
  });

  for (const fmt of fmts) {
    it(`${fmt}: moving an activity accepts a contact, company or project blog, not a ticket`, async () => {
      const from = await a.create('contacts', { firstname: 'Mover' });
      const note = await created(await a.post('/contacts/note/', { parent: from, data: { details: 'travels' } }));
      const ticket = await a.create('tickets', { name: 'No move here' });
      const refused = await send(a, fmt, 'PUT', `/contacts/note/${note}`, { parent: ticket });
      expect(refused.status, refused.text).toBe(400);
      expect(String(at(refused.body, 'errors/invalidparent'))).toContain('not a ticket');
      // Still where it was.
      expect(Object.keys((await a.show('contacts', from)).activities)).toEqual([`id${note}`]);
      let current = 'contacts';
      for (const kind of ['companies', 'projectblogs', 'contacts']) {
        const to = await a.create(kind, kind === 'contacts' ? { firstname: 'Target' } : { name: 'Target' });
        // The path names the kind of the record the activity is on now.
        const moved = await send(a, fmt, 'PUT', `/${current}/note/${note}`, { parent: to });
        expect(moved.status, `${kind}: ${moved.text}`).toBe(200);
        expect(Object.keys((await a.show(kind, to)).activities)).toEqual([`id${note}`]);
        current = kind;
      }
    });
  }
});

describe('10: the wire the OpenAPI document describes', () => {
  let quotaSrv: RunningServer;
  beforeAll(async () => {
    quotaSrv = await startServer({ users: [ann.join(':')], args: ['--quota', '3'] });
  });
  afterAll(async () => {
    await quotaSrv?.stop();
  });

  it('the served document writes paths as the document does, and the service takes both spellings', async () => {
    const doc = (await a.get('/openapi.json', { auth: null })).body;
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/batch', '/hooks/{hookId}', '/contacts/note/{activityId}/']),
    );
    const c = await a.create('contacts', { firstname: 'Slash' });
    const note = await created(await a.post('/contacts/note/', { parent: c, data: { details: 'x' } }));
    for (const fmt of fmts) {
      expect((await send(a, fmt, 'PUT', `/contacts/note/${note}`, { data: { details: 'y' } })).status).toBe(200);
      expect((await send(a, fmt, 'PUT', `/contacts/note/${note}/`, { data: { details: 'z' } })).status).toBe(200);
    }
  });

  it('list parameters as a GET body (XML and JSON), JSONP as application/javascript', async () => {
    const c = await a.create('contacts', { firstname: 'Bodied', lastname: 'Parameters' });
    for (const fmt of fmts) {
      const r = await a.send('GET', '/contacts/', {
        fmt,
        body: { searchmode: 'Cany', searchvalue: 'Bodied', layout: 1 },
        accept: fmt,
      });
      expect(r.status, r.text).toBe(200);
      expect(at(r.body, `id${c}/lastname`)).toBe('Parameters');
    }
    const p = await a.get(`/contacts/${c}/?callback=show_it`);
    expect(p.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect(p.text.startsWith('show_it(')).toBe(true);
  });

  it('the call-limit header is on answers that have a caller: success, 429, a refused batch; not on 401', async () => {
    const q = new Client(quotaSrv.base, ann);
    const header = spec.quota.header;
    expect((await q.get('/ownership/')).headers.get(header)).toBe('1/3');
    const badBatch = await q.send('POST', '/batch', {
      body: 'not a batch',
      contentType: 'multipart/mixed; boundary=b',
      allow500: false,
    });
    expect(badBatch.status).toBe(400);
    // A refused batch runs and counts nothing, and tells where the quota stands.
    expect(badBatch.headers.get(header)).toBe('1/3');
    expect((await q.get('/ownership/')).headers.get(header)).toBe('2/3');
    expect((await q.get('/ownership/')).headers.get(header)).toBe('3/3');
    const over = await q.get('/ownership/');
    expect(over.status).toBe(429);
    expect(over.headers.get(header)).toBe('4/3');
    const wrong = await q.get('/ownership/', { auth: `Basic ${Buffer.from(`${ann[0]}:wrong`).toString('base64')}` });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get(header)).toBeNull();
  });
});

describe('11: field definitions, the data echo, files', () => {
  it('a file may be sent form-encoded: data[file] holds its bytes in base64', async () => {
    const c = await a.create('contacts', { firstname: 'Filer' });
    const bytes = Buffer.from('minutes of the meeting\n');
    const r = await a.post(
      '/contacts/file/',
      { parent: c, data: { caption: 'Minutes', file: bytes.toString('base64') } },
      { fmt: 'form' },
    );
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toEqual({
      caption: 'Minutes',
      file: { filename: 'file', contenttype: 'application/octet-stream', size: bytes.byteLength },
    });
    const shown = (await a.show('contacts', c)).activities[`id${r.body.id}`].fields;
    expect(shown.file).toEqual({ filename: 'file', contenttype: 'application/octet-stream', size: bytes.byteLength });
    const bad = await a.post(
      '/contacts/file/',
      { parent: c, data: { caption: 'x', file: 'not base64!' } },
      { fmt: 'form' },
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      errors: { invalidvalue: 'Invalid value: data.file: a file sent form-encoded is its bytes in base64' },
      status: 'failed',
    });
    // Nothing was written by the refused one.
    expect(Object.keys((await a.show('contacts', c)).activities)).toEqual([`id${r.body.id}`]);
  });

  for (const fmt of fmts) {
    it(`${fmt}: owner fields are listed with the owner type`, async () => {
      const r = await send(a, fmt, 'GET', '/contacts/fields/');
      const fields = all(at(r.body, 'fields/field'));
      expect(
        at(
          fields.find((f) => at(f, 'name') === 'assignedto'),
          'type',
        ),
      ).toBe('owner');
      expect(
        at(
          fields.find((f) => at(f, 'name') === 'firstname'),
          'type',
        ),
      ).toBe('text');
    });
    it(`${fmt}: a due date's time is stored and echoed, not dropped`, async () => {
      const c = await a.create('contacts', { firstname: 'Timely' });
      const plan = await created(await a.post('/contacts/tasklist/', { parent: c, data: { title: 'L' } }));
      const r = await send(a, fmt, 'POST', '/contacts/task/', {
        parent: plan,
        data: { title: 'At ten', duedate: `${utcDay(2)} 10:30:00` },
      });
      expect(r.status, r.text).toBe(200);
      expect(at(r.body, 'data/duedate')).toBe(`${utcDay(2)}T10:30:00+00:00`);
      const id = Number(at(r.body, 'id'));
      expect((await a.show('contacts', c)).activities[`id${id}`].fields.duedate).toBe(`${utcDay(2)}T10:30:00+00:00`);
      // A plain date stays a date.
      const d = await send(a, fmt, 'POST', '/contacts/followup/', {
        parent: c,
        data: { details: 'x', duedate: utcDay(3) },
      });
      expect(at(d.body, 'data/duedate')).toBe(utcDay(3));
      // A field that holds a date only refuses a time rather than dropping it; midnight loses nothing.
      const timed = await send(a, fmt, 'POST', '/contacts/opportunity/', {
        parent: c,
        data: { description: 'd', closingdate: `${utcDay(9)} 10:30:00` },
      });
      expect(timed.status, timed.text).toBe(400);
      expect(Object.keys(at(timed.body, 'errors') as object)).toEqual(['invaliddate']);
      const midnight = await send(a, fmt, 'POST', '/contacts/opportunity/', {
        parent: c,
        data: { description: 'd', closingdate: `${utcDay(9)} 00:00:00` },
      });
      expect(at(midnight.body, 'data/closingdate')).toBe(utcDay(9));
    });
  }
});
