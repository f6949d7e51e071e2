// GET /{kind}/ (list records) over real HTTP: every filtermode and searchmode changing the
// result as spec/list.yaml reads them, paging, sorting, and parameters in the query string and
// in a request body of the GET. Time-based filters and flagged, which the API cannot set up,
// are in service-admin.test.ts (they edit the database file).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './support/server.ts';
import { Client, expectError, formats, type Format } from './support/api.ts';

let server: RunningServer;
let ann: Client;
let annId: number;
let carlId: number;
let vip: number;
let lead: number;
let acme: number;
const r: Record<string, number> = {};

const day = 86_400_000;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString().slice(0, 10);
const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

beforeAll(async () => {
  server = await startServer({ users: ['ann@example.com:secret1', 'carl@example.com:pw3'] });
  ann = new Client(server.base, ['ann@example.com', 'secret1']);
  const users = (await ann.get('/ownership/')).body.users as { id: number; email: string }[];
  annId = users.find((u) => u.email === 'ann@example.com')!.id;
  carlId = users.find((u) => u.email === 'carl@example.com')!.id;
  vip = (await ann.post('/contacts/categories/', { name: 'VIP' })).body.id;
  lead = (await ann.post('/contacts/categories/', { name: 'Lead' })).body.id;
  acme = await ann.create('companies', { name: 'Acme Ltd' });

  r.alice = await ann.create('contacts', {
    firstname: 'Alice',
    lastname: 'Zeta',
    businessemail: 'alice@acme.example',
    cellularphone: '+1 555 0100',
    assignedto: carlId,
    categories: { add: { category: [vip] } },
    relateditems: { add: { relatedto: [{ id: acme }] } },
  });
  r.bob = await ann.create('contacts', {
    firstname: 'bob',
    lastname: 'Young',
    personalemail: 'bob@home.example',
    ownership: carlId,
    categories: { add: { category: [vip, lead] } },
  });
  r.carol = await ann.create('contacts', {
    firstname: 'Carol',
    lastname: 'Xu',
    homephone: '555-0199',
    jobtitle: 'Engineer',
    categories: { add: { category: [lead] } },
  });
  r.dave = await ann.create('contacts', {
    firstname: 'Dave',
    lastname: 'Wolf',
    background: 'Met at the expo',
    assignedto: annId,
  });
  r.eve = await ann.create('contacts', {
    firstname: 'Eve',
    lastname: 'Vance',
    businessfax: '+1 555 0142',
    businessemail: 'eve@acme.example',
    categories: { add: { category: [vip] } },
  });
  expect((await ann.delete(`/contacts/${r.eve}/`)).status).toBe(200);

  // The journal: due dates, an overdue task, scheduled e-mails and notes to search.
  await ann.activity('followup', r.alice, { details: 'call back', nodate: 0, duedate: isoDay(0) });
  await ann.activity('followup', r.bob, { details: 'send offer', nodate: 0, duedate: isoDay(3) });
  await ann.activity('followup', r.dave, { details: 'much later', nodate: 0, duedate: isoDay(30) });
  const plan = await ann.activity('tasklist', r.carol, { title: 'Rollout' });
  await ann.activity('task', plan, { title: 'Install', nodate: 0, duedate: isoDay(-2) });
  await ann.activity('scheduledemail', r.dave, { subject: 'Newsletter', scheduledtime: '2099-01-01' });
  await ann.activity('scheduledemail', r.bob, { subject: 'Old news', scheduledtime: '2000-01-01' });
  await ann.activity('note', r.dave, { details: 'Quarterly budget review' });
  await ann.activity('note', r.alice, { details: 'Zebra crossing' });
});
afterAll(async () => {
  await server?.stop();
});

const ids = async (query: string) => sorted((await ann.list('contacts', query)).ids);

describe('filtermode', () => {
  it('none: the live records, deleted ones left out', async () => {
    const all = await ann.list('contacts');
    expect(sorted(all.ids)).toEqual(sorted([r.alice, r.bob, r.carol, r.dave]));
    expect(all.count).toBe(4);
  });

  it('flagged: no record is flagged (the API has no way to flag one)', async () => {
    expect(await ids('filtermode=flagged')).toEqual([]);
  });

  it('assigned: assignedto is the filtervalue, or the caller when empty', async () => {
    expect(await ids(`filtermode=assigned&filtervalue=${carlId}`)).toEqual([r.alice]);
    expect(await ids('filtermode=assigned')).toEqual([r.dave]);
    expect(await ids('filtermode=assigned&filtervalue=')).toEqual([r.dave]);
  });

  it('owner: ownership is the filtervalue, or the caller when empty', async () => {
    expect(await ids(`filtermode=owner&filtervalue=${carlId}`)).toEqual([r.bob]);
    expect(await ids('filtermode=owner')).toEqual(sorted([r.alice, r.carol, r.dave]));
  });

  it('nocategory: records without any category tag', async () => {
    expect(await ids('filtermode=nocategory')).toEqual([r.dave]);
  });

  it('category: any (OR, the default) or all (AND) of the given tags', async () => {
    expect(await ids(`filtermode=category&filtervalue=${vip}`)).toEqual(sorted([r.alice, r.bob]));
    expect(await ids(`filtermode=category&filtervalue=${lead}`)).toEqual(sorted([r.bob, r.carol]));
    expect(await ids(`filtermode=category&filtervalue=${vip},${lead}`)).toEqual(sorted([r.alice, r.bob, r.carol]));
    expect(await ids(`filtermode=category&filtervalue=${vip},${lead}&special=OR`)).toEqual(
      sorted([r.alice, r.bob, r.carol]),
    );
    expect(await ids(`filtermode=category&filtervalue=${vip},${lead}&special=AND`)).toEqual([r.bob]);
    expect(await ids(`filtermode=category&filtervalue=${vip}&special=AND`)).toEqual(sorted([r.alice, r.bob]));
    expectError(await ann.get('/contacts/?filtermode=category'), 400, 'invalidvalue');
    expectError(await ann.get(`/contacts/?filtermode=category&filtervalue=${vip}&special=XOR`), 400, 'notinlist');
  });

  it('viewed, created, updated: within the last filtervalue days (all of these records are new)', async () => {
    for (const mode of ['viewed', 'created', 'updated']) {
      expect(await ids(`filtermode=${mode}`), mode).toEqual(sorted([r.alice, r.bob, r.carol, r.dave]));
      expect(await ids(`filtermode=${mode}&filtervalue=1`), mode).toEqual(sorted([r.alice, r.bob, r.carol, r.dave]));
    }
  });

  it('notviewed, notupdated: not within the last filtervalue days (none of these records)', async () => {
    expect(await ids('filtermode=notviewed')).toEqual([]);
    expect(await ids('filtermode=notupdated&filtervalue=1')).toEqual([]);
  });

  it('duetoday: an open task or follow-up due today', async () => {
    expect(await ids('filtermode=duetoday')).toEqual([r.alice]);
  });

  it('duesoon: an open task or follow-up due from today within 7 days', async () => {
    expect(await ids('filtermode=duesoon')).toEqual(sorted([r.alice, r.bob]));
  });

  it('tasksoverdue: an open task due before today (follow-ups do not count)', async () => {
    expect(await ids('filtermode=tasksoverdue')).toEqual([r.carol]);
  });

  it('archived: the deleted records only', async () => {
    expect(await ids('filtermode=archived')).toEqual([r.eve]);
    expect((await ann.list('contacts', 'filtermode=archived')).count).toBe(1);
  });

  it('unsent: a scheduled e-mail whose time has not come', async () => {
    expect(await ids('filtermode=unsent')).toEqual([r.dave]);
  });

  it('byphone: any phone field, optionally containing the digits of filtervalue', async () => {
    expect(await ids('filtermode=byphone')).toEqual(sorted([r.alice, r.carol]));
    expect(await ids('filtermode=byphone&filtervalue=0199')).toEqual([r.carol]);
    expect(await ids(`filtermode=byphone&filtervalue=${encodeURIComponent('(555) 0100')}`)).toEqual([r.alice]);
    expect(await ids('filtermode=byphone&filtervalue=0142')).toEqual([]); // only the deleted record has it
  });

  it('byemail: any e-mail field, optionally containing filtervalue', async () => {
    expect(await ids('filtermode=byemail')).toEqual(sorted([r.alice, r.bob]));
    expect(await ids('filtermode=byemail&filtervalue=HOME.example')).toEqual([r.bob]);
    expect(await ids('filtermode=byemail&filtervalue=acme')).toEqual([r.alice]);
  });

  it('an unknown filtermode is refused', async () => {
    expectError(await ann.get('/contacts/?filtermode=starred'), 400, 'notinlist');
  });
});

describe('searchmode', () => {
  const q = (mode: string, value?: string) =>
    `searchmode=${mode}${value === undefined ? '' : `&searchvalue=${encodeURIComponent(value)}`}`;

  it('Sany / Cany: starts with / contains, in the item or its journal, ignoring case', async () => {
    expect(await ids(q('Sany', 'zet'))).toEqual([r.alice]); // lastname Zeta
    expect(await ids(q('Sany', 'QUARTERLY'))).toEqual([r.dave]); // a note
    expect(await ids(q('Sany', 'budget'))).toEqual([]); // inside the note, not at its start
    expect(await ids(q('Cany', 'budget'))).toEqual([r.dave]);
    expect(await ids(q('Cany', 'acme'))).toEqual([r.alice]); // e-mail; the deleted record is not listed
    expect(await ids(q('Cany', 'nothing like this'))).toEqual([]);
  });

  it('Sanyitem / Canyitem: the item only', async () => {
    expect(await ids(q('Sanyitem', 'car'))).toEqual([r.carol]);
    expect(await ids(q('Canyitem', 'expo'))).toEqual([r.dave]); // background
    expect(await ids(q('Canyitem', 'budget'))).toEqual([]); // journal only
    expect(await ids(q('Sanyitem', 'zebra'))).toEqual([]);
  });

  it('Sanyjournal / Canyjournal: the journal only', async () => {
    expect(await ids(q('Sanyjournal', 'zebra'))).toEqual([r.alice]);
    expect(await ids(q('Canyjournal', 'crossing'))).toEqual([r.alice]);
    expect(await ids(q('Canyjournal', 'offer'))).toEqual([r.bob]);
    expect(await ids(q('Canyjournal', 'alice'))).toEqual([]); // a field, not the journal
    expect(await ids(q('Sanyjournal', 'crossing'))).toEqual([]);
  });

  it('C{id}, S{id}: contains / starts with in one field, by the field id of GET /fields/', async () => {
    const fields = (await ann.get('/contacts/fields/')).body.fields as { id: number; name: string }[];
    const id = (name: string) => fields.find((f) => f.name === name)!.id;
    expect(await ids(q(`C${id('businessemail')}`, 'acme'))).toEqual([r.alice]);
    expect(await ids(q(`S${id('firstname')}`, 'ca'))).toEqual([r.carol]);
    expect(await ids(q(`S${id('firstname')}`, 'arol'))).toEqual([]);
    expect(await ids(q(`C${id('firstname')}`, 'arol'))).toEqual([r.carol]);
    expect(await ids(q(`C${id('jobtitle')}`, 'engine'))).toEqual([r.carol]);
  });

  it('E{id}, N{id}: the field is empty / not empty', async () => {
    const fields = (await ann.get('/contacts/fields/')).body.fields as { id: number; name: string }[];
    const email = fields.find((f) => f.name === 'businessemail')!.id;
    expect(await ids(q(`E${email}`))).toEqual(sorted([r.bob, r.carol, r.dave]));
    expect(await ids(q(`N${email}`))).toEqual([r.alice]);
    expect(await ids(q(`N${email}`) + '&filtermode=archived')).toEqual([r.eve]);
  });

  it('combines with a filtermode', async () => {
    expect(await ids(`filtermode=category&filtervalue=${vip}&${q('Cany', 'young')}`)).toEqual([r.bob]);
    expect(await ids(`filtermode=nocategory&${q('Cany', 'young')}`)).toEqual([]);
  });

  it('an unknown searchmode or field id is refused', async () => {
    expectError(await ann.get('/contacts/?searchmode=Xany'), 400, 'notinlist');
    expectError(await ann.get('/contacts/?searchmode=C'), 400, 'notinlist');
    expectError(await ann.get('/contacts/?searchmode=C9999&searchvalue=x'), 400, 'invalidvalue');
  });
});

describe('entries', () => {
  it('summary by default; layout=1 adds the fields with values, fieldslist narrows them, categories=1 adds tags', async () => {
    const summary = (await ann.list('contacts')).body[`id${r.alice}`];
    expect(summary).toMatchObject({ id: r.alice, name: 'Alice Zeta', flagged: 0, parentid: acme, company: 'Acme Ltd' });
    expect(summary.firstname).toBeUndefined();
    const full = (await ann.list('contacts', 'layout=1')).body;
    expect(full[`id${r.alice}`]).toMatchObject({
      firstname: 'Alice',
      lastname: 'Zeta',
      businessemail: 'alice@acme.example',
    });
    expect(full[`id${r.alice}`].categories).toBeUndefined();
    expect(full[`id${r.dave}`]).toMatchObject({ parentid: 0 });
    expect(full[`id${r.dave}`].company).toBeUndefined();
    expect(full[`id${r.dave}`].businessemail).toBeUndefined(); // only fields that have values
    const narrow = (await ann.list('contacts', 'layout=1&fieldslist=firstname,jobtitle&categories=1')).body;
    expect(narrow[`id${r.carol}`]).toMatchObject({
      firstname: 'Carol',
      jobtitle: 'Engineer',
      categories: [{ id: lead, name: 'Lead' }],
    });
    expect(narrow[`id${r.carol}`].lastname).toBeUndefined();
    expect(narrow[`id${r.alice}`].categories).toEqual([{ id: vip, name: 'VIP' }]);
  });
});

describe('paging (limit, start)', () => {
  let tickets: number[];
  beforeAll(async () => {
    const names = Array.from({ length: 60 }, (_, i) => `T${String(i + 1).padStart(2, '0')}`);
    const created = await Promise.all(names.map((name) => ann.create('tickets', { name })));
    tickets = names.map((_, i) => created[i]); // in name order
  });

  it('default limit 50; count is the total matching', async () => {
    const page = await ann.list('tickets');
    expect(page.count).toBe(60);
    expect(page.ids).toEqual(tickets.slice(0, 50));
  });

  it('limit and start page through, zero based; past the end is empty', async () => {
    expect((await ann.list('tickets', 'limit=10')).ids).toEqual(tickets.slice(0, 10));
    expect((await ann.list('tickets', 'limit=10&start=10')).ids).toEqual(tickets.slice(10, 20));
    const tail = await ann.list('tickets', 'limit=10&start=55');
    expect(tail.ids).toEqual(tickets.slice(55));
    expect(tail.count).toBe(60);
    expect((await ann.list('tickets', 'start=60')).ids).toEqual([]);
    expect((await ann.list('tickets', 'start=60')).count).toBe(60);
    expect((await ann.list('tickets', 'limit=1&start=0&searchmode=Sany&searchvalue=T1')).count).toBe(10); // T10..T19
  });

  it('limit up to 5000; 5001, 0 and negative values are 400', async () => {
    expect((await ann.list('tickets', 'limit=5000')).ids).toEqual(tickets);
    expectError(await ann.get('/tickets/?limit=5001'), 400, 'outofrange');
    expectError(await ann.get('/tickets/?limit=0'), 400, 'outofrange');
    expectError(await ann.get('/tickets/?start=-1'), 400, 'outofrange');
    expectError(await ann.get('/tickets/?limit=ten'), 400, 'invalidvalue');
  });
});

describe('sorting (sortfield, sortdir)', () => {
  const p: Record<string, number> = {};
  beforeAll(async () => {
    // Created beta, Alpha, gamma; then updated gamma, then beta. Pauses keep the times apart.
    p.beta = await ann.create('projectblogs', { name: 'beta' });
    await sleep(5);
    p.alpha = await ann.create('projectblogs', { name: 'Alpha' });
    await sleep(5);
    p.gamma = await ann.create('projectblogs', { name: 'gamma' });
    await sleep(5);
    expect((await ann.put(`/projectblogs/${p.gamma}/`, { website: 'g.example' })).status).toBe(200);
    await sleep(5);
    expect((await ann.put(`/projectblogs/${p.beta}/`, { website: 'b.example' })).status).toBe(200);
  });
  const order = async (query: string) => (await ann.list('projectblogs', query)).ids;

  it('default: name ascending, ignoring case', async () => {
    expect(await order('')).toEqual([p.alpha, p.beta, p.gamma]);
    expect(await order('sortdir=DESC')).toEqual([p.gamma, p.beta, p.alpha]);
  });

  it('name', async () => {
    expect(await order('sortfield=name&sortdir=ASC')).toEqual([p.alpha, p.beta, p.gamma]);
    expect(await order('sortfield=name&sortdir=DESC')).toEqual([p.gamma, p.beta, p.alpha]);
  });

  it('created', async () => {
    expect(await order('sortfield=created')).toEqual([p.beta, p.alpha, p.gamma]);
    expect(await order('sortfield=created&sortdir=ASC')).toEqual([p.beta, p.alpha, p.gamma]);
    expect(await order('sortfield=created&sortdir=DESC')).toEqual([p.gamma, p.alpha, p.beta]);
  });

  it('update_time', async () => {
    expect(await order('sortfield=update_time&sortdir=ASC')).toEqual([p.alpha, p.gamma, p.beta]);
    expect(await order('sortfield=update_time&sortdir=DESC')).toEqual([p.beta, p.gamma, p.alpha]);
  });

  it('flagged (all equal here: ties keep id order)', async () => {
    const byId = [p.beta, p.alpha, p.gamma];
    expect(await order('sortfield=flagged&sortdir=ASC')).toEqual(byId);
    expect(await order('sortfield=flagged&sortdir=DESC')).toEqual(byId);
  });

  it('sorting happens before paging', async () => {
    expect(await order('sortfield=created&sortdir=DESC&limit=1&start=1')).toEqual([p.alpha]);
  });

  it('unknown sort fields and directions are refused', async () => {
    expectError(await ann.get('/projectblogs/?sortfield=id'), 400, 'notinlist');
    expectError(await ann.get('/projectblogs/?sortdir=UP'), 400, 'notinlist');
  });
});

describe('parameters in the query string and in a request body of the GET', () => {
  it.each(formats)('%s body', async (fmt: Format) => {
    const body = { filtermode: 'category', filtervalue: `${vip},${lead}`, special: 'AND', layout: 1 };
    const res = await ann.send('GET', '/contacts/', { fmt, body });
    expect(res.status, res.text).toBe(200);
    expect(res.body.count).toBe(1);
    expect(res.body[`id${r.bob}`]).toMatchObject({ firstname: 'bob' });
  });

  it('XML body with XML output', async () => {
    const res = await ann.send('GET', '/contacts/', {
      fmt: 'xml',
      body: `<request><searchmode>Canyitem</searchmode><searchvalue>engineer</searchvalue></request>`,
      accept: 'xml',
    });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe('1');
    expect(res.body[`id${r.carol}`].name).toBe('Carol Xu');
  });

  it('the query string wins over the body for the same parameter; the others combine', async () => {
    const res = await ann.send('GET', '/contacts/?limit=2&sortdir=DESC', {
      fmt: 'xml',
      body: '<request><limit>1</limit><sortfield>name</sortfield></request>',
    });
    expect(res.body.count).toBe(4);
    const page = Object.keys(res.body).filter((k) => /^id\d+$/.test(k));
    expect(page).toHaveLength(2);
    expect(page.map((k) => res.body[k].name)).toEqual(['Dave Wolf', 'Carol Xu']);
  });

  it('limit over the maximum in the body is refused like in the query', async () => {
    expectError(
      await ann.send('GET', '/contacts/', { fmt: 'xml', body: '<request><limit>5001</limit></request>' }),
      400,
      'outofrange',
    );
  });

  it('unknown parameters are ignored, not rejected, in both places', async () => {
    const res = await ann.send('GET', '/contacts/?colour=red&page=2', {
      fmt: 'xml',
      body: '<request><colour>blue</colour><filtermode>nocategory</filtermode></request>',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.count).toBe(1);
    expect(res.body[`id${r.dave}`]).toBeDefined();
  });
});
