// Reports over real HTTP: `crmgen serve` as a child on 127.0.0.1, no mocks. Each parameter of
// spec/reports.yaml is shown to change the result the way the document says; then a user's day
// is played and every report must return exactly what that day created. Days are UTC days.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpec } from '../generator/pipeline/load.ts';
import { specDir } from './support/paths.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { Crm, errorKeys, utcDay, type Entry } from './support/crm.ts';

const spec = loadSpec(specDir);
const typeidOf = (segment: string) => spec.activities.find((a) => a.segment === segment)!.typeid;
const kindTypeid = (kind: string) => spec.kinds.find((k) => k.name === kind)!.typeid;
const reportNames = spec.reports.map((r) => r.name);
const containerOf = (name: string) => spec.reports.find((r) => r.name === name)!.container;

const ann: [string, string] = ['ann@example.com', 'secret-ann'];
const bob: [string, string] = ['bob@example.com', 'secret-bob'];
const iso = (day: string) => `${day}T00:00:00+00:00`;
const isoNow = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An expected entry with the owner's name beside each owner-valued member (spec formats.ownerNames). */
function named(e: Entry, nameOf: (id: number) => string): Entry {
  const out: Entry = {};
  for (const [k, v] of Object.entries(e)) {
    out[k] = v;
    if (['owner', 'assignedto', 'responsible', 'person'].includes(k) && typeof v === 'number')
      out[`${k}@cn`] = nameOf(v);
  }
  return out;
}

/** The entries of a report answer. */
function rows(r: { status: number; body: any; text: string }, name: string): Entry[] {
  expect(r.status, r.text).toBe(200);
  expect(r.body.status).toBe('success');
  return r.body[containerOf(name)] as Entry[];
}

async function ids(crm: Crm, name: string, query = ''): Promise<number[]> {
  return rows(await crm.report(name, query), name).map((e) => e.id as number);
}

describe('report parameters', () => {
  let server: RunningServer;
  let a: Crm;
  let b: Crm;
  let annId: number;
  let bobId: number;
  let annName: string;
  const today = utcDay(0);
  const day = (n: number) => utcDay(n);
  /** Everything the fixture created, by name. */
  const x: Record<string, number> = {};

  beforeAll(async () => {
    server = await startServer({ users: [ann.join(':'), bob.join(':')] });
    a = new Crm(server.base, ann);
    b = new Crm(server.base, bob);
    const users = (await a.send('GET', '/ownership/')).body.users as Entry[];
    annId = users.find((u) => u.email === ann[0])!.id;
    bobId = users.find((u) => u.email === bob[0])!.id;
    annName = users.find((u) => u.email === ann[0])!.name;

    const vip = (await a.send('POST', '/contacts/categories/', { name: 'vip' })).body.id as number;
    x.vip = vip;
    x.contact = await a.record('contacts', { firstname: 'Cora', lastname: 'Client', categories: { add: [vip] } });
    x.other = await a.record('contacts', { firstname: 'Otto', lastname: 'Other' });
    x.company = await a.record('companies', { name: 'Acme' });
    x.blog = await a.record('projectblogs', { name: 'Rollout' });

    // Actions: tasks, events, a milestone.
    x.tl = await a.add('contacts', 'tasklist', x.contact, { title: 'Milestone M', milestonedate: day(10) });
    x.tOverdue = await a.add('contacts', 'task', x.tl, {
      title: 'overdue',
      assignedto: annId,
      duedate: day(-3),
      priority: 5,
    });
    x.tSoon = await a.add('contacts', 'task', x.tl, { title: 'soon', assignedto: bobId, duedate: day(3) });
    x.tNodate = await a.add('contacts', 'task', x.tl, { title: 'someday', nodate: 1 });
    x.tLater = await a.add('contacts', 'task', x.tl, { title: 'later', assignedto: annId, duedate: day(40) });
    x.tDone = await a.add('contacts', 'task', x.tl, { title: 'done today', assignedto: annId, duedate: today });
    x.eToday = await a.add('contacts', 'event', x.contact, {
      title: 'meet',
      attendees: String(annId),
      timestart: `${today}T15:00:00+00:00`,
    });
    x.eBob = await a.add('companies', 'event', x.company, {
      title: 'visit',
      attendees: `${bobId},${annId}`,
      timestart: day(5),
    });
    x.eNobody = await a.add('companies', 'event', x.company, { title: 'fair', timestart: day(20) });
    x.tlNoDate = await a.add('companies', 'tasklist', x.company, { title: 'no milestone', nodate: 1 });
    // Follow-ups.
    x.fAnn = await a.add('contacts', 'followup', x.contact, {
      details: 'call back',
      assignedto: annId,
      duedate: day(1),
    });
    x.fBob = await a.add('contacts', 'followup', x.other, { details: 'send offer', assignedto: bobId, nodate: 1 });
    x.fNobody = await a.add('companies', 'followup', x.company, { details: 'late', duedate: day(-2) });
    x.fDone = await a.add('contacts', 'followup', x.contact, {
      details: 'finished',
      assignedto: annId,
      duedate: today,
    });
    // Opportunities.
    x.oAnn = await a.add('contacts', 'opportunity', x.contact, {
      description: 'deal A',
      responsible: annId,
      status: 'Discussion',
      closingdate: day(5),
      valueunit: 1200.5,
      valuecurrency: 'EUR',
      stage: 40,
      probability: 60,
    });
    x.oBob = await a.add('companies', 'opportunity', x.company, {
      description: 'deal B',
      responsible: bobId,
      status: 'Pending',
      closingdate: day(40),
    });
    x.oNobody = await a.add('projectblogs', 'opportunity', x.blog, { description: 'deal C', status: 'Lost' });
    // Other activities, some by bob.
    x.note = await a.add('contacts', 'note', x.other, { details: 'hello' });
    x.bobNote = await b.add('companies', 'note', x.company, { details: 'bob was here' });
    x.call = await a.add('companies', 'call', x.company, { details: 'rang', duration: 5 });
    x.blogNote = await a.add('projectblogs', 'note', x.blog, { details: 'blog note' });
    x.comment = await a.add('contacts', 'comment', x.note, { posttext: 'not a report type' });
    // Time records.
    x.trDesign = await a.add('contacts', 'timerecord', x.tOverdue, {
      date: day(-1),
      person: annId,
      hours: 2.5,
      billable: 1,
      invoiced: 'INV-1',
      details: 'design',
    });
    x.trCall = await a.add('companies', 'timerecord', x.call, {
      date: today,
      person: bobId,
      hours: 1,
      billable: 0,
      details: 'phone',
    });
    x.blogPlan = await a.add('projectblogs', 'tasklist', x.blog, { title: 'Blog plan' });
    x.tBlog = await a.add('projectblogs', 'task', x.blogPlan, { title: 'write' }); // no due date given: undated
    x.trBlog = await a.add('projectblogs', 'timerecord', x.tBlog, { date: day(-10), hours: 4, billable: 1 });

    // Changes after creation.
    await sleep(5);
    expect((await a.update('contacts', 'task', x.tDone, { data: { completed: 1 } })).status).toBe(200);
    expect((await a.update('contacts', 'followup', x.fDone, { data: { completed: 1 } })).status).toBe(200);
    expect((await a.update('contacts', 'opportunity', x.oAnn, { data: { status: 'Won' } })).status).toBe(200);
    expect((await b.update('contacts', 'note', x.note, { data: { details: 'hello again' } })).status).toBe(200);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('the spec names the six reports of the document', () => {
    expect(reportNames.sort()).toEqual([
      'activities',
      'calendar',
      'followups',
      'nextactions',
      'opportunities',
      'timetracking',
    ]);
  });

  describe('nextactions: open tasks, events and milestones', () => {
    it('without parameters lists every open one, by date, undated last; completed and undated milestones are left out', async () => {
      expect(await ids(a, 'nextactions')).toEqual([
        x.tOverdue,
        x.eToday,
        x.tSoon,
        x.eBob,
        x.tl,
        x.eNobody,
        x.tLater,
        x.tNodate,
        x.tBlog,
      ]);
    });
    it('entries carry type, item, title, date, assignee, priority, completed', async () => {
      const r = rows(await a.report('nextactions'), 'nextactions');
      expect(r.find((e) => e.id === x.tOverdue)).toEqual({
        id: x.tOverdue,
        type: typeidOf('task'),
        itemid: x.contact,
        itemtype: kindTypeid('contacts'),
        itemname: 'Cora Client',
        owner: annId,
        'owner@cn': annName,
        created: expect.stringMatching(isoNow),
        title: 'overdue',
        date: iso(day(-3)),
        assignedto: annId,
        'assignedto@cn': annName,
        priority: 5,
        completed: 0,
      });
      expect(r.find((e) => e.id === x.eToday)).toMatchObject({
        type: typeidOf('event'),
        date: `${today}T15:00:00+00:00`,
        title: 'meet',
      });
      expect(r.find((e) => e.id === x.tl)).toMatchObject({
        type: typeidOf('tasklist'),
        date: iso(day(10)),
        title: 'Milestone M',
      });
      expect(r.find((e) => e.id === x.eBob)).toMatchObject({
        itemid: x.company,
        itemtype: kindTypeid('companies'),
        itemname: 'Acme',
      });
    });
    it('filter: empty = anyone, 0 = no one, an id = that user (assignee of a task, attendee of an event)', async () => {
      const all = await ids(a, 'nextactions');
      expect(await ids(a, 'nextactions', 'filter=')).toEqual(all);
      expect(await ids(a, 'nextactions', 'filter=0')).toEqual([x.tl, x.eNobody, x.tNodate, x.tBlog]);
      expect(await ids(a, 'nextactions', `filter=${annId}`)).toEqual([x.tOverdue, x.eToday, x.eBob, x.tLater]);
      expect(await ids(a, 'nextactions', `filter=${bobId}`)).toEqual([x.tSoon, x.eBob]);
      expect(await ids(a, 'nextactions', 'filter=99999')).toEqual([]);
    });
    it('due: now (today or overdue), next7, next30, nodate, from,to (inclusive days)', async () => {
      expect(await ids(a, 'nextactions', 'due=now')).toEqual([x.tOverdue, x.eToday]);
      expect(await ids(a, 'nextactions', 'due=next7')).toEqual([x.eToday, x.tSoon, x.eBob]);
      expect(await ids(a, 'nextactions', 'due=next30')).toEqual([x.eToday, x.tSoon, x.eBob, x.tl, x.eNobody]);
      expect(await ids(a, 'nextactions', 'due=nodate')).toEqual([x.tNodate, x.tBlog]);
      expect(await ids(a, 'nextactions', `due=${day(-3)},${day(3)}`)).toEqual([x.tOverdue, x.eToday, x.tSoon]);
      expect(await ids(a, 'nextactions', `due=${day(4)},${day(10)}`)).toEqual([x.eBob, x.tl]);
      expect(await ids(a, 'nextactions', `due=${day(-3)},${day(3)}&filter=${annId}`)).toEqual([x.tOverdue, x.eToday]);
    });
  });

  describe('calendar: tasks, events and milestones in a date range', () => {
    it('start/end bound the dates (inclusive); undated ones are never in a calendar', async () => {
      expect(await ids(a, 'calendar')).toEqual([x.tOverdue, x.eToday, x.tSoon, x.eBob, x.tl, x.eNobody, x.tLater]);
      expect(await ids(a, 'calendar', `start=${today}&end=${day(5)}`)).toEqual([x.eToday, x.tSoon, x.eBob]);
      expect(await ids(a, 'calendar', `start=${day(6)}`)).toEqual([x.tl, x.eNobody, x.tLater]);
      expect(await ids(a, 'calendar', `end=${day(-1)}`)).toEqual([x.tOverdue]);
      expect(await ids(a, 'calendar', `start=${day(50)}&end=${day(60)}`)).toEqual([]);
    });
    it('filter: empty = anyone, 0 = without attendees (and unassigned), an id', async () => {
      expect(await ids(a, 'calendar', 'filter=')).toEqual(await ids(a, 'calendar'));
      expect(await ids(a, 'calendar', 'filter=0')).toEqual([x.tl, x.eNobody]);
      expect(await ids(a, 'calendar', `filter=${bobId}&start=${today}&end=${day(30)}`)).toEqual([x.tSoon, x.eBob]);
    });
  });

  describe('followups: open follow-ups', () => {
    it('lists open ones by due date with their fields; a completed one is left out', async () => {
      const r = rows(await a.report('followups'), 'followups');
      expect(r.map((e) => e.id)).toEqual([x.fNobody, x.fAnn, x.fBob]);
      expect(r[1]).toEqual({
        id: x.fAnn,
        type: typeidOf('followup'),
        itemid: x.contact,
        itemtype: kindTypeid('contacts'),
        itemname: 'Cora Client',
        owner: annId,
        'owner@cn': annName,
        created: expect.stringMatching(isoNow),
        details: 'call back',
        assignedto: annId,
        'assignedto@cn': annName,
        nodate: 0,
        duedate: iso(day(1)),
      });
      expect(r[2]).toMatchObject({ id: x.fBob, nodate: 1, itemid: x.other });
      expect(r[2].duedate).toBeUndefined();
    });
    it('responsible: empty = anyone, 0 = no one, an id', async () => {
      expect(await ids(a, 'followups', 'responsible=')).toEqual([x.fNobody, x.fAnn, x.fBob]);
      expect(await ids(a, 'followups', 'responsible=0')).toEqual([x.fNobody]);
      expect(await ids(a, 'followups', `responsible=${annId}`)).toEqual([x.fAnn]);
      expect(await ids(a, 'followups', `responsible=${bobId}`)).toEqual([x.fBob]);
    });
    it('due', async () => {
      expect(await ids(a, 'followups', 'due=now')).toEqual([x.fNobody]);
      expect(await ids(a, 'followups', 'due=next7')).toEqual([x.fAnn]);
      expect(await ids(a, 'followups', 'due=nodate')).toEqual([x.fBob]);
      expect(await ids(a, 'followups', `due=${day(-2)},${day(1)}`)).toEqual([x.fNobody, x.fAnn]);
    });
  });

  describe('opportunities: by user and status', () => {
    it('lists every opportunity with its fields, the status as it is now', async () => {
      const r = rows(await a.report('opportunities'), 'opportunities');
      expect(r.map((e) => e.id)).toEqual([x.oAnn, x.oBob, x.oNobody]);
      expect(r[0]).toEqual({
        id: x.oAnn,
        type: typeidOf('opportunity'),
        itemid: x.contact,
        itemtype: kindTypeid('contacts'),
        itemname: 'Cora Client',
        owner: annId,
        'owner@cn': annName,
        created: expect.stringMatching(isoNow),
        modified: expect.stringMatching(isoNow),
        description: 'deal A',
        valueunit: 1200.5,
        valuecurrency: 'EUR',
        stage: 40,
        probability: 60,
        responsible: annId,
        'responsible@cn': annName,
        status: 'Won',
        closingdate: iso(day(5)),
      });
      expect(r[2]).toMatchObject({ itemtype: kindTypeid('projectblogs'), itemname: 'Rollout', status: 'Lost' });
    });
    it('filter, status (lower case, as the document lists them), due', async () => {
      expect(await ids(a, 'opportunities', 'filter=')).toEqual([x.oAnn, x.oBob, x.oNobody]);
      expect(await ids(a, 'opportunities', 'filter=0')).toEqual([x.oNobody]);
      expect(await ids(a, 'opportunities', `filter=${bobId}`)).toEqual([x.oBob]);
      expect(await ids(a, 'opportunities', 'status=won')).toEqual([x.oAnn]);
      expect(await ids(a, 'opportunities', 'status=discussion')).toEqual([]);
      expect(await ids(a, 'opportunities', 'status=pending')).toEqual([x.oBob]);
      expect(await ids(a, 'opportunities', 'status=lost')).toEqual([x.oNobody]);
      expect(await ids(a, 'opportunities', 'status=on-hold')).toEqual([]);
      expect(await ids(a, 'opportunities', 'due=next7')).toEqual([x.oAnn]);
      expect(await ids(a, 'opportunities', 'due=next30')).toEqual([x.oAnn]);
      expect(await ids(a, 'opportunities', 'due=nodate')).toEqual([x.oNobody]);
      expect(await ids(a, 'opportunities', `due=${day(30)},${day(40)}&status=pending&filter=${bobId}`)).toEqual([
        x.oBob,
      ]);
    });
  });

  describe('activities: created, updated, changed or completed', () => {
    /** The report activity types the document lists (note 3, event 4, ... scheduled email 88). */
    const reportTypes = new Set(spec.reportActivityTypes.map((t) => t.typeid));

    it('without parameters: every activity of the report types created or updated, in order of creation', async () => {
      const got = rows(await a.report('activities'), 'activities');
      // Only activities of the report types: no task list, comment or time record.
      expect(got.every((e) => reportTypes.has(e.type))).toBe(true);
      expect(got.map((e) => e.id)).toEqual([
        x.tOverdue,
        x.tSoon,
        x.tNodate,
        x.tLater,
        x.tDone,
        x.eToday,
        x.eBob,
        x.eNobody,
        x.fAnn,
        x.fBob,
        x.fNobody,
        x.fDone,
        x.oAnn,
        x.oBob,
        x.oNobody,
        x.note,
        x.bobNote,
        x.call,
        x.blogNote,
        x.tBlog,
      ]);
      expect(got.find((e) => e.id === x.tDone)).toEqual({
        id: x.tDone,
        type: typeidOf('task'),
        typeid: typeidOf('task'),
        parent: x.tl,
        parenttypeid: typeidOf('tasklist'),
        itemid: x.contact,
        itemtype: kindTypeid('contacts'),
        itemname: 'Cora Client',
        owner: annId,
        'owner@cn': annName,
        created: expect.stringMatching(isoNow),
        updated: expect.stringMatching(isoNow),
        title: 'done today',
        completed: 1,
        fields: { title: 'done today', assignedto: annId, 'assignedto@cn': annName, duedate: today, completed: 1 },
        comments: [],
      });
    });
    it('last: created, updated, changed (either), completed (tasks only)', async () => {
      const created = await ids(a, 'activities', 'last=created');
      expect(created).toEqual(await ids(a, 'activities'));
      expect(await ids(a, 'activities', 'last=changed')).toEqual(created);
      expect(await ids(a, 'activities', 'last=updated')).toEqual([x.tDone, x.fDone, x.oAnn, x.note]);
      expect(await ids(a, 'activities', 'last=completed')).toEqual([x.tDone]);
    });
    it('start/end: days of the creation or change', async () => {
      const all = await ids(a, 'activities');
      expect(await ids(a, 'activities', `start=${today}&end=${today}`)).toEqual(all);
      expect(await ids(a, 'activities', `start=${day(1)}`)).toEqual([]);
      expect(await ids(a, 'activities', `end=${day(-1)}`)).toEqual([]);
      expect(await ids(a, 'activities', `last=completed&start=${day(-7)}&end=${today}`)).toEqual([x.tDone]);
      expect(await ids(a, 'activities', `last=completed&end=${day(-1)}`)).toEqual([]);
    });
    it('types: report type ids, comma-separated', async () => {
      expect(await ids(a, 'activities', `types=${typeidOf('task')}`)).toEqual([
        x.tOverdue,
        x.tSoon,
        x.tNodate,
        x.tLater,
        x.tDone,
        x.tBlog,
      ]);
      expect(await ids(a, 'activities', `types=${typeidOf('followup')},${typeidOf('opportunity')}`)).toEqual([
        x.fAnn,
        x.fBob,
        x.fNobody,
        x.fDone,
        x.oAnn,
        x.oBob,
        x.oNobody,
      ]);
      expect(await ids(a, 'activities', `types=${typeidOf('call')}`)).toEqual([x.call]);
      expect(await ids(a, 'activities', `types=${typeidOf('note')}&last=updated`)).toEqual([x.note]);
      expect(await ids(a, 'activities', `types=${typeidOf('photo')}`)).toEqual([]);
    });
    it('users: created or changed by these users', async () => {
      expect(await ids(a, 'activities', `users=${bobId}`)).toEqual([x.note, x.bobNote]);
      expect((await ids(a, 'activities', `users=${annId}`)).includes(x.bobNote)).toBe(false);
      expect(await ids(a, 'activities', `users=${annId},${bobId}`)).toEqual(await ids(a, 'activities'));
    });
    it('categories: activities of records with these tags', async () => {
      expect(await ids(a, 'activities', `categories=${x.vip}`)).toEqual([
        x.tOverdue,
        x.tSoon,
        x.tNodate,
        x.tLater,
        x.tDone,
        x.eToday,
        x.fAnn,
        x.fDone,
        x.oAnn,
      ]);
      expect(await ids(a, 'activities', 'categories=99999')).toEqual([]);
    });
    it('itemtypes: 1 contacts, 2 project blogs, 40 companies', async () => {
      expect(await ids(a, 'activities', 'itemtypes=40')).toEqual([
        x.eBob,
        x.eNobody,
        x.fNobody,
        x.oBob,
        x.bobNote,
        x.call,
      ]);
      expect(await ids(a, 'activities', 'itemtypes=2')).toEqual([x.oNobody, x.blogNote, x.tBlog]);
      expect(await ids(a, 'activities', 'itemtypes=2,40')).toEqual([
        x.eBob,
        x.eNobody,
        x.fNobody,
        x.oBob,
        x.oNobody,
        x.bobNote,
        x.call,
        x.blogNote,
        x.tBlog,
      ]);
      const contactsOnly = await ids(a, 'activities', 'itemtypes=1');
      expect(contactsOnly).toEqual([
        x.tOverdue,
        x.tSoon,
        x.tNodate,
        x.tLater,
        x.tDone,
        x.eToday,
        x.fAnn,
        x.fBob,
        x.fDone,
        x.oAnn,
        x.note,
      ]);
    });
  });

  describe('timetracking: time records in a date range', () => {
    const documentFields = [
      'id',
      'type',
      'itemid',
      'itemtype',
      'tasklistid',
      'taskid',
      'owner',
      'created',
      'billable',
      'person',
      'hours',
      'date',
      'invoiced',
      'details',
      'itemname',
      'tasklistname',
      'taskname',
    ];
    // Beside each owner-valued one, the owner's name (spec formats.ownerNames).
    const namedFields = ['owner@cn', 'person@cn'];

    it('returns exactly the document’s fields', async () => {
      const r = rows(await a.report('timetracking'), 'timetracking');
      expect(r.map((e) => e.id)).toEqual([x.trBlog, x.trDesign, x.trCall]);
      for (const e of r) expect(Object.keys(e).sort()).toEqual([...documentFields, ...namedFields].sort());
      expect(r.every((e) => e['owner@cn'] === annName)).toBe(true);
      const nameOf = (id: number) => (id === annId ? annName : 'bob');
      expect(r[1]).toEqual(
        named(
          {
            id: x.trDesign,
            type: 15,
            itemid: x.contact,
            itemtype: kindTypeid('contacts'),
            tasklistid: x.tl,
            taskid: x.tOverdue,
            owner: annId,
            created: expect.stringMatching(isoNow),
            billable: 1,
            person: annId,
            hours: 2.5,
            date: iso(day(-1)),
            invoiced: 'INV-1',
            details: 'design',
            itemname: 'Cora Client',
            tasklistname: 'Milestone M',
            taskname: 'overdue',
          },
          nameOf,
        ),
      );
      expect(r[2]).toEqual(
        named(
          {
            id: x.trCall,
            type: 15,
            itemid: x.company,
            itemtype: kindTypeid('companies'),
            tasklistid: 0,
            taskid: 0,
            owner: annId,
            created: expect.stringMatching(isoNow),
            billable: 0,
            person: bobId,
            hours: 1,
            date: iso(today),
            invoiced: '',
            details: 'phone',
            itemname: 'Acme',
            tasklistname: '',
            taskname: '',
          },
          nameOf,
        ),
      );
      expect(r[0]).toMatchObject({
        person: annId,
        itemtype: kindTypeid('projectblogs'),
        tasklistname: 'Blog plan',
        taskname: 'write',
      });
    });
    it('start/end, filter (invoiced, billable, non-billable), itemtypes', async () => {
      expect(await ids(a, 'timetracking', `start=${day(-2)}&end=${today}`)).toEqual([x.trDesign, x.trCall]);
      expect(await ids(a, 'timetracking', `start=${day(-10)}&end=${day(-10)}`)).toEqual([x.trBlog]);
      expect(await ids(a, 'timetracking', `end=${day(-2)}`)).toEqual([x.trBlog]);
      expect(await ids(a, 'timetracking', 'filter=invoiced')).toEqual([x.trDesign]);
      expect(await ids(a, 'timetracking', 'filter=billable')).toEqual([x.trBlog, x.trDesign]);
      expect(await ids(a, 'timetracking', 'filter=non-billable')).toEqual([x.trCall]);
      expect(await ids(a, 'timetracking', 'itemtypes=40')).toEqual([x.trCall]);
      expect(await ids(a, 'timetracking', 'itemtypes=1,2')).toEqual([x.trBlog, x.trDesign]);
      expect(await ids(a, 'timetracking', `filter=billable&itemtypes=1&start=${day(-1)}&end=${day(-1)}`)).toEqual([
        x.trDesign,
      ]);
    });
  });

  it.each(reportNames.map((n) => [n] as const))(
    '%s: itemsdata=1 adds the parent record as `item`; 0 or absent does not',
    async (name) => {
      const plain = rows(await a.report(name), name);
      const zero = rows(await a.report(name, 'itemsdata=0'), name);
      const withItems = rows(await a.report(name, 'itemsdata=1'), name);
      expect(plain.length).toBeGreaterThan(0);
      expect(zero).toEqual(plain);
      expect(plain.every((e) => !('item' in e))).toBe(true);
      expect(withItems.map(({ item: _, ...rest }) => rest)).toEqual(plain);
      for (const e of withItems) {
        const shown = (await a.show(spec.kinds.find((k) => k.typeid === e.itemtype)!.name, e.itemid)).body.item;
        expect(e.item).toEqual({ id: e.itemid, name: e.itemname, typeid: e.itemtype, fields: expect.any(Object) });
        for (const [k, v] of Object.entries(e.item.fields)) expect(shown.fields[k]).toEqual(v);
      }
    },
  );

  it.each(reportNames.map((n) => [n] as const))(
    '%s: parameters in a request body (XML, JSON, form) give what the query string gives',
    async (name) => {
      const params: Record<string, string> = {
        nextactions: `filter=${annId}&due=next30`,
        calendar: `start=${today}&end=${day(30)}&filter=${bobId}`,
        followups: `responsible=${annId}&due=next7`,
        opportunities: 'status=won&itemsdata=1',
        activities: `last=updated&users=${bobId}&types=3`,
        timetracking: 'filter=billable&itemtypes=1,2',
      };
      const query = new URLSearchParams(params[name]);
      const expected = rows(await a.report(name, params[name]), name);
      expect(expected.length).toBeGreaterThan(0);
      const xmlBody = `<request>${[...query].map(([k, v]) => `<${k}>${v}</${k}>`).join('')}</request>`;
      const jsonBody = JSON.stringify(
        Object.fromEntries([...query].map(([k, v]) => [k, /^\d+$/.test(v) ? Number(v) : v])),
      );
      for (const [body, type] of [
        [xmlBody, 'application/xml'],
        [jsonBody, 'application/json'],
        [query.toString(), 'application/x-www-form-urlencoded'],
      ] as const) {
        expect(rows(await a.getWithBody(`/report/${name}/`, body, type), name), `${type}: ${body}`).toEqual(expected);
      }
    },
  );

  it('invalid parameters are refused with the key of the rule', async () => {
    for (const [name, query, key] of [
      ['nextactions', 'due=tomorrow', 'invalidvalue'],
      ['nextactions', 'itemsdata=2', 'notinlist'],
      ['nextactions', 'filter=ann', 'invalidvalue'],
      ['followups', `due=${day(0)}`, 'invalidvalue'],
      ['calendar', 'start=2026-02-30', 'invaliddate'],
      ['opportunities', 'status=Closed', 'notinlist'],
      ['activities', 'last=yesterday', 'notinlist'],
      ['activities', 'types=91', 'notinlist'],
      ['activities', 'itemtypes=3', 'notinlist'],
      ['timetracking', 'filter=paid', 'notinlist'],
    ] as const) {
      const r = await a.report(name, query);
      expect(r.status, `${name}?${query}: ${r.text}`).toBe(400);
      expect(errorKeys(r), `${name}?${query}`).toEqual([key]);
    }
  });

  it('deleted activities and the activities of deleted records leave every report', async () => {
    const before = await ids(a, 'nextactions');
    expect((await a.remove('contacts', 'task', x.tSoon)).status).toBe(200);
    expect(await ids(a, 'nextactions')).toEqual(before.filter((id) => id !== x.tSoon));
    expect((await a.send('DELETE', `/projectblogs/${x.blog}/`)).status).toBe(200);
    expect(await ids(a, 'timetracking')).toEqual([x.trDesign, x.trCall]);
    expect(await ids(a, 'opportunities')).toEqual([x.oAnn, x.oBob]);
    expect(await ids(a, 'activities', 'itemtypes=2')).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------

describe('a day at the desk', () => {
  let server: RunningServer;
  let crm: Crm;
  afterAll(async () => {
    await server?.stop();
  });

  it('every report returns exactly what the day created', async () => {
    server = await startServer({ users: [ann.join(':'), bob.join(':')] });
    crm = new Crm(server.base, ann);
    const users = (await crm.send('GET', '/ownership/')).body.users as Entry[];
    const me = users.find((u) => u.email === ann[0])!.id;
    const colleague = users.find((u) => u.email === bob[0])!.id;
    const nameOf = (id: number) => users.find((u) => u.id === id)!.name as string;
    const all = (entries: Entry[]) => entries.map((e) => named(e, nameOf));
    const today = utcDay(0);
    const inDays = (n: number) => utcDay(n);
    const created = expect.stringMatching(new RegExp(`^${today}T\\d{2}:\\d{2}:\\d{2}\\+00:00$`));

    // Morning: a new customer, Northwind, and two people there.
    const company = await crm.record('companies', { name: 'Northwind' });
    const lena = await crm.record('contacts', {
      firstname: 'Lena',
      lastname: 'Berg',
      businessemail: 'lena@northwind.example',
    });
    const omar = await crm.record('contacts', { firstname: 'Omar', lastname: 'Said' });
    // The onboarding plan lives on the company: a task list with two tasks, time booked on the first.
    const plan = await crm.add('companies', 'tasklist', company, { title: 'Onboarding', milestonedate: inDays(14) });
    const kickoff = await crm.add('companies', 'task', plan, {
      title: 'Kick-off call',
      assignedto: me,
      duedate: today,
      priority: 2,
    });
    const setup = await crm.add('companies', 'task', plan, {
      title: 'Set up accounts',
      assignedto: colleague,
      duedate: inDays(2),
    });
    const prep = await crm.add('companies', 'timerecord', kickoff, {
      date: today,
      person: me,
      hours: 1.5,
      billable: 1,
      details: 'agenda',
    });
    const call = await crm.add('companies', 'timerecord', kickoff, {
      date: today,
      person: me,
      hours: 0.75,
      billable: 0,
      details: 'the call',
    });
    // The deal: discussed in the morning, won after lunch.
    const deal = await crm.add('contacts', 'opportunity', lena, {
      description: 'Annual licence',
      valueunit: 9600,
      valuecurrency: 'EUR',
      valueinterval: 'per year',
      status: 'Discussion',
      probability: 50,
      responsible: me,
      closingdate: inDays(3),
    });
    await sleep(5);
    expect(
      (await crm.update('contacts', 'opportunity', deal, { data: { status: 'Won', probability: 100, stage: 100 } }))
        .status,
    ).toBe(200);
    // Follow-ups due this week.
    const thank = await crm.add('contacts', 'followup', lena, {
      details: 'Send thank-you note',
      assignedto: me,
      duedate: inDays(1),
    });
    const intro = await crm.add('contacts', 'followup', omar, {
      details: 'Introduce support team',
      assignedto: colleague,
      duedate: inDays(4),
    });
    // The kick-off happened: done.
    expect((await crm.update('companies', 'task', kickoff, { data: { completed: 1 } })).status).toBe(200);

    const item = (id: number, kind: string, name: string) => ({
      itemid: id,
      itemtype: kindTypeid(kind),
      itemname: name,
    });
    expect(rows(await crm.report('nextactions'), 'nextactions')).toEqual(
      all([
        {
          id: setup,
          type: typeidOf('task'),
          ...item(company, 'companies', 'Northwind'),
          owner: me,
          created,
          title: 'Set up accounts',
          date: iso(inDays(2)),
          assignedto: colleague,
          completed: 0,
        },
        {
          id: plan,
          type: typeidOf('tasklist'),
          ...item(company, 'companies', 'Northwind'),
          owner: me,
          created,
          title: 'Onboarding',
          date: iso(inDays(14)),
          completed: 0,
        },
      ]),
    );
    expect(rows(await crm.report('followups', 'due=next7'), 'followups')).toEqual(
      all([
        {
          id: thank,
          type: typeidOf('followup'),
          ...item(lena, 'contacts', 'Lena Berg'),
          owner: me,
          created,
          details: 'Send thank-you note',
          assignedto: me,
          nodate: 0,
          duedate: iso(inDays(1)),
        },
        {
          id: intro,
          type: typeidOf('followup'),
          ...item(omar, 'contacts', 'Omar Said'),
          owner: me,
          created,
          details: 'Introduce support team',
          assignedto: colleague,
          nodate: 0,
          duedate: iso(inDays(4)),
        },
      ]),
    );
    expect(rows(await crm.report('opportunities', 'status=won'), 'opportunities')).toEqual(
      all([
        {
          id: deal,
          type: typeidOf('opportunity'),
          ...item(lena, 'contacts', 'Lena Berg'),
          owner: me,
          created,
          modified: created,
          description: 'Annual licence',
          valueunit: 9600,
          valuecurrency: 'EUR',
          valueinterval: 'per year',
          stage: 100,
          probability: 100,
          responsible: me,
          status: 'Won',
          closingdate: iso(inDays(3)),
        },
      ]),
    );
    expect(await ids(crm, 'opportunities', 'status=discussion')).toEqual([]);
    // parent and parenttypeid: the task list for tasks, the record for the others; fields as in show.
    const activity = (
      id: number,
      segment: string,
      kind: string,
      where: number,
      name: string,
      parent: [number, number],
      fields: Entry,
      extra: Entry,
    ) => ({
      ...named(
        {
          id,
          type: typeidOf(segment),
          typeid: typeidOf(segment),
          parent: parent[0],
          parenttypeid: parent[1],
          ...item(where, kind, name),
          owner: me,
          created,
          updated: created,
          ...extra,
        },
        nameOf,
      ),
      fields: named(fields, nameOf),
      comments: [],
    });
    const onPlan: [number, number] = [plan, typeidOf('tasklist')];
    expect(rows(await crm.report('activities', `start=${today}&end=${today}`), 'activities')).toEqual([
      activity(
        kickoff,
        'task',
        'companies',
        company,
        'Northwind',
        onPlan,
        { title: 'Kick-off call', assignedto: me, duedate: today, priority: 2, completed: 1 },
        { title: 'Kick-off call', completed: 1 },
      ),
      activity(
        setup,
        'task',
        'companies',
        company,
        'Northwind',
        onPlan,
        { title: 'Set up accounts', assignedto: colleague, duedate: inDays(2) },
        { title: 'Set up accounts' },
      ),
      activity(
        deal,
        'opportunity',
        'contacts',
        lena,
        'Lena Berg',
        [lena, kindTypeid('contacts')],
        {
          description: 'Annual licence',
          valueunit: 9600,
          valuecurrency: 'EUR',
          valueinterval: 'per year',
          status: 'Won',
          probability: 100,
          stage: 100,
          responsible: me,
          closingdate: inDays(3),
        },
        {},
      ),
      activity(
        thank,
        'followup',
        'contacts',
        lena,
        'Lena Berg',
        [lena, kindTypeid('contacts')],
        { details: 'Send thank-you note', assignedto: me, duedate: inDays(1) },
        {},
      ),
      activity(
        intro,
        'followup',
        'contacts',
        omar,
        'Omar Said',
        [omar, kindTypeid('contacts')],
        { details: 'Introduce support team', assignedto: colleague, duedate: inDays(4) },
        {},
      ),
    ]);
    expect(await ids(crm, 'activities', 'last=completed')).toEqual([kickoff]);
    expect(await ids(crm, 'activities', 'last=updated')).toEqual([kickoff, deal]);
    const timerecord = (id: number, hours: number, billable: number, details: string) => ({
      id,
      type: typeidOf('timerecord'),
      ...item(company, 'companies', 'Northwind'),
      tasklistid: plan,
      taskid: kickoff,
      owner: me,
      created,
      billable,
      person: me,
      hours,
      date: iso(today),
      invoiced: '',
      details,
      tasklistname: 'Onboarding',
      taskname: 'Kick-off call',
    });
    expect(rows(await crm.report('timetracking', `start=${today}&end=${today}`), 'timetracking')).toEqual(
      all([timerecord(prep, 1.5, 1, 'agenda'), timerecord(call, 0.75, 0, 'the call')]),
    );
    const hours = rows(await crm.report('timetracking', 'filter=billable'), 'timetracking').reduce(
      (sum, e) => sum + e.hours,
      0,
    );
    expect(hours).toBe(1.5);
    expect(await ids(crm, 'calendar', `start=${today}&end=${inDays(7)}`)).toEqual([setup]);
  });
});
