// Records, category tags, fields and ownership over real HTTP (crmgen serve as a child on
// 127.0.0.1), with XML, JSON and form input (bracket notation) and XML and JSON output.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpec } from '../generator/pipeline/load.ts';
import { specDir } from './support/paths.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { Client, expectError, formats, readXml, type Format } from './support/api.ts';

let server: RunningServer;
let ann: Client; // default account
let carl: Client; // default account, a second user (an owner to hand records to)
let annId: number;
let carlId: number;
let tagA: number;
let tagB: number;
let company: number;
let project: number;

beforeAll(async () => {
  server = await startServer({ users: ['ann@example.com:secret1', 'carl@example.com:pw3'] });
  ann = new Client(server.base, ['ann@example.com', 'secret1']);
  carl = new Client(server.base, ['carl@example.com', 'pw3']);
  const owners = (await ann.get('/ownership/')).body;
  annId = owners.users.find((u: { email: string }) => u.email === 'ann@example.com').id;
  carlId = owners.users.find((u: { email: string }) => u.email === 'carl@example.com').id;
  tagA = (await ann.post('/contacts/categories/', { name: 'Customer' })).body.id;
  tagB = (await ann.post('/contacts/categories/', { name: 'Supplier' })).body.id;
  company = await ann.create('companies', { name: 'Acme Ltd' });
  project = await ann.create('projectblogs', { name: 'Launch' });
});
afterAll(async () => {
  await server?.stop();
});

describe('POST /{kind}/ (create record)', () => {
  it.each(formats)(
    '%s input: 201, a Location, and the full item with categories and related items',
    async (fmt: Format) => {
      const r = await ann.post(
        '/contacts/',
        {
          firstname: `Ann ${fmt}`,
          lastname: 'Lee',
          businessemail: 'ann.lee@example.org',
          cellularphone: '+44 7700 900123',
          assignedto: carlId,
          ownership: carlId,
          categories: { add: { category: [tagA, tagB] } },
          relateditems: { add: { relatedto: [{ id: company, note: 'works at' }, { id: project }] } },
        },
        { fmt },
      );
      expect(r.status, r.text).toBe(201);
      const id = r.body.item.id;
      expect(r.headers.get('location')).toBe(`/contacts/${id}/`);
      expect(r.body).toMatchObject({
        item: {
          id,
          name: `Ann ${fmt} Lee`,
          typeid: 1,
          ownership: carlId,
          fields: {
            firstname: `Ann ${fmt}`,
            lastname: 'Lee',
            businessemail: 'ann.lee@example.org',
            cellularphone: '+44 7700 900123',
            assignedto: carlId,
            creatorid: annId,
            creatorname: 'ann',
            modificatorid: annId,
          },
        },
        categories: [
          { id: tagA, name: 'Customer' },
          { id: tagB, name: 'Supplier' },
        ],
        relateditems: [
          { id: company, typeid: 40, name: 'Acme Ltd', note: 'works at' },
          { id: project, typeid: 2, name: 'Launch', note: '' },
        ],
        status: 'success',
      });
      for (const t of ['created', 'viewed', 'updated'])
        expect(r.body.item[t]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
      expect(r.body.item.fields.creatordate).toBe(Math.floor(Date.parse(r.body.item.created) / 1000));
      // The Location is the record's address: show answers the same item.
      const shown = await ann.get(r.headers.get('location')!);
      expect(shown.status).toBe(200);
      expect(shown.body.item).toMatchObject({ id, name: `Ann ${fmt} Lee`, ownership: carlId });
      expect(shown.body.categories).toEqual(r.body.categories);
      expect(shown.body.relateditems).toEqual(r.body.relateditems);
    },
  );

  it('XML output: the item as elements, field labels as attributes, flagged empty', async () => {
    const r = await ann.post(
      '/contacts/',
      '<request><firstname>Xena</firstname><jobtitle>Chief &amp; Owner</jobtitle></request>',
      { fmt: 'xml', accept: 'xml' },
    );
    expect(r.status, r.text).toBe(201);
    expect(r.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(r.text).toContain('<flagged/>');
    expect(r.text).toContain('<firstname label="First name">Xena</firstname>');
    expect(r.text).toContain('<jobtitle label="Job title">Chief &amp; Owner</jobtitle>');
    const body = r.body;
    expect(body.item.name).toBe('Xena');
    expect(body.item.typeid).toBe('1');
    expect(body.status).toBe('success');
    expect(r.headers.get('location')).toBe(`/contacts/${body.item.id}/`);
  });

  it('every kind has its own path, typeid and Location', async () => {
    for (const [kind, typeid] of [
      ['companies', 40],
      ['projectblogs', 2],
      ['tickets', 41],
    ] as const) {
      const r = await ann.post(`/${kind}`, { name: `A ${kind}`, website: 'https://example.com' });
      expect(r.status, r.text).toBe(201);
      expect(r.headers.get('location')).toBe(`/${kind}/${r.body.item.id}/`);
      expect(r.body.item).toMatchObject({
        name: `A ${kind}`,
        typeid,
        fields: { name: `A ${kind}`, website: 'https://example.com' },
      });
    }
  });

  it('no field is required: an empty request creates an empty record owned by the caller', async () => {
    // <request/>, {} and an empty form; then no body at all under each Content-Type.
    for (const fmt of formats) {
      const r = await ann.post('/contacts/', fmt === 'xml' ? '<request/>' : {}, { fmt });
      expect(r.status, r.text).toBe(201);
      expect(r.body.item).toMatchObject({ name: '', ownership: annId });
      const empty = await ann.post('/contacts/', '', { fmt });
      expect(empty.status, empty.text).toBe(201);
    }
  });

  it('refuses an owner, category tag or related item that does not exist, and stores nothing', async () => {
    const before = (await ann.list('contacts')).count;
    expectError(await ann.post('/contacts/', { firstname: 'Bad', ownership: 999_999 }), 400, 'unknownowner');
    expectError(
      await ann.post('/contacts/', { firstname: 'Bad', categories: { add: { category: [999_999] } } }),
      400,
      'invalidvalue',
    );
    expectError(
      await ann.post('/contacts/', { firstname: 'Bad', relateditems: { add: { relatedto: [{ id: 999_999 }] } } }),
      400,
      'invalidvalue',
    );
    // A contacts tag is not a companies tag.
    expectError(
      await ann.post('/companies/', { name: 'Bad', categories: { add: { category: [tagA] } } }),
      400,
      'invalidvalue',
    );
    expect((await ann.list('contacts')).count).toBe(before);
  });
});

describe('GET /{kind}/{id}/ (show record)', () => {
  it('the same item in JSON and XML, with and without the trailing slash', async () => {
    const id = await ann.create('contacts', {
      firstname: 'Show',
      lastname: 'Me',
      categories: { add: { category: [tagA] } },
      relateditems: { add: { relatedto: [{ id: company, note: 'n' }] } },
    });
    const json = await ann.get(`/contacts/${id}/`);
    const bare = await ann.get(`/contacts/${id}`);
    expect(bare.body.item.id).toBe(id);
    expect(json.body).toMatchObject({
      item: { id, name: 'Show Me', typeid: 1 },
      activities: {},
      categories: [{ id: tagA, name: 'Customer' }],
      relateditems: [{ id: company, typeid: 40, name: 'Acme Ltd', note: 'n' }],
      status: 'success',
    });
    const xml = await ann.get(`/contacts/${id}/`, { accept: 'xml' });
    expect(xml.status).toBe(200);
    expect(xml.body.item).toMatchObject({
      id: String(id),
      name: 'Show Me',
      typeid: '1',
      ownership: { '#text': String(annId), '@cn': expect.any(String) },
    });
    expect(xml.body.item.fields.firstname).toEqual({ '#text': 'Show', '@label': 'First name' });
    expect(xml.body.categories.category).toEqual([{ id: String(tagA), name: 'Customer' }]);
    expect(xml.body.relateditems.relatedto).toEqual([
      { id: String(company), typeid: '40', name: 'Acme Ltd', note: 'n' },
    ]);
    expect(xml.body.status).toBe('success');
  });

  it('lists the activities of the record as id<N> children', async () => {
    const id = await ann.create('contacts', { firstname: 'Journal' });
    const note = await ann.activity('note', id, { details: 'first call went well' });
    const shown = await ann.show('contacts', id);
    expect(shown.activities[`id${note}`]).toMatchObject({
      id: note,
      typeid: 3,
      parent: id,
      level: 1,
      fields: { details: 'first call went well' },
    });
    const xml = await ann.get(`/contacts/${id}`, { accept: 'xml' });
    expect(xml.body.activities[`id${note}`]).toMatchObject({ id: String(note), typeid: '3' });
  });

  it('404 itemisnotfound for an unknown id, a record of another kind and a deleted record', async () => {
    expectError(await ann.get('/contacts/999999/'), 404, 'itemisnotfound');
    expectError(await ann.get(`/contacts/${company}/`), 404, 'itemisnotfound');
    const id = await ann.create('contacts', { firstname: 'Gone' });
    expect((await ann.delete(`/contacts/${id}/`)).status).toBe(200);
    const r = await ann.get(`/contacts/${id}/`, { accept: 'xml' });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ status: 'failed', errors: { itemisnotfound: 'Item is not found' } });
  });
});

describe('PUT /{kind}/{id}/ (update record)', () => {
  it.each(formats)('%s input: fields and ownership change, other fields stay', async (fmt: Format) => {
    const id = await ann.create('contacts', { firstname: 'Up', lastname: 'Date', jobtitle: 'Clerk', homephone: '123' });
    const r = await ann.put(`/contacts/${id}/`, { lastname: 'Dated', jobtitle: 'Manager', ownership: carlId }, { fmt });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ status: 'success' });
    const { item } = await ann.show('contacts', id);
    expect(item).toMatchObject({
      name: 'Up Dated',
      ownership: carlId,
      fields: { firstname: 'Up', lastname: 'Dated', jobtitle: 'Manager', homephone: '123', creatorid: annId },
    });
    // The modificator is whoever changed it last.
    expect((await carl.put(`/contacts/${id}`, { background: 'met at a fair' }, { fmt })).status).toBe(200);
    expect((await ann.show('contacts', id)).item.fields).toMatchObject({
      background: 'met at a fair',
      modificatorid: carlId,
      modificatorname: 'carl',
      creatorid: annId,
    });
  });

  it.each(formats)('%s input: categories add and remove', async (fmt: Format) => {
    const id = await ann.create('contacts', { firstname: 'Tagged', categories: { add: { category: [tagA] } } });
    expect(
      (
        await ann.put(
          `/contacts/${id}/`,
          { categories: { add: { category: [tagB] }, remove: { category: [tagA] } } },
          { fmt },
        )
      ).status,
    ).toBe(200);
    expect((await ann.show('contacts', id)).categories).toEqual([{ id: tagB, name: 'Supplier' }]);
    expect((await ann.put(`/contacts/${id}/`, { categories: { add: { category: [tagA] } } }, { fmt })).status).toBe(
      200,
    );
    expect((await ann.show('contacts', id)).categories).toEqual([
      { id: tagA, name: 'Customer' },
      { id: tagB, name: 'Supplier' },
    ]);
    expect(
      (await ann.put(`/contacts/${id}/`, { categories: { remove: { category: [tagA, tagB] } } }, { fmt })).status,
    ).toBe(200);
    expect((await ann.show('contacts', id)).categories).toEqual([]);
  });

  it.each(formats)('%s input: related items add and remove', async (fmt: Format) => {
    const id = await ann.create('contacts', { firstname: 'Related' });
    const other = await ann.create('contacts', { firstname: 'Friend' });
    const add = { relateditems: { add: { relatedto: [{ id: company, note: 'employer' }, { id: other }] } } };
    expect((await ann.put(`/contacts/${id}/`, add, { fmt })).status).toBe(200);
    expect((await ann.show('contacts', id)).relateditems).toEqual([
      { id: company, typeid: 40, name: 'Acme Ltd', note: 'employer' },
      { id: other, typeid: 1, name: 'Friend', note: '' },
    ]);
    expect(
      (await ann.put(`/contacts/${id}/`, { relateditems: { remove: { relatedto: [{ id: company }] } } }, { fmt }))
        .status,
    ).toBe(200);
    expect((await ann.show('contacts', id)).relateditems).toEqual([{ id: other, typeid: 1, name: 'Friend', note: '' }]);
  });

  it('a failing update changes nothing (one transaction per call)', async () => {
    const id = await ann.create('contacts', { firstname: 'Atomic', jobtitle: 'Before' });
    expectError(
      await ann.put(`/contacts/${id}/`, { jobtitle: 'After', categories: { add: { category: [tagA, 999_999] } } }),
      400,
      'invalidvalue',
    );
    expectError(await ann.put(`/contacts/${id}/`, { jobtitle: 'After', ownership: 999_999 }), 400, 'unknownowner');
    const shown = await ann.show('contacts', id);
    expect(shown.item.fields.jobtitle).toBe('Before');
    expect(shown.categories).toEqual([]);
  });

  it('404 itemisnotfound for an unknown or deleted record', async () => {
    expectError(await ann.put('/contacts/999999/', { jobtitle: 'x' }), 404, 'itemisnotfound');
    const id = await ann.create('contacts', { firstname: 'Deleted' });
    await ann.delete(`/contacts/${id}/`);
    expectError(await ann.put(`/contacts/${id}/`, { jobtitle: 'x' }), 404, 'itemisnotfound');
  });
});

describe('DELETE /{kind}/{id}/ (delete record)', () => {
  it.each(['xml', 'json'] as const)(
    '%s output: success; the record leaves show and the list and appears under archived',
    async (accept) => {
      const id = await ann.create('contacts', { firstname: `Delete ${accept}` });
      const r = await ann.delete(`/contacts/${id}/`, { accept });
      expect(r.status, r.text).toBe(200);
      expect(r.body).toEqual({ status: 'success' });
      expectError(await ann.get(`/contacts/${id}/`), 404, 'itemisnotfound');
      expect((await ann.list('contacts', 'limit=5000')).ids).not.toContain(id);
      expect((await ann.list('contacts', 'filtermode=archived&limit=5000')).ids).toContain(id);
      // A second delete finds nothing; without the trailing slash it is the same address.
      expectError(await ann.delete(`/contacts/${id}`), 404, 'itemisnotfound');
    },
  );
});

describe('GET /{kind}/ (list records)', () => {
  it('entries id<N>, count and status in JSON and XML', async () => {
    const a = await ann.create('tickets', { name: 'Printer jam', businessemail: 'it@example.com' });
    const b = await ann.create('tickets', { name: 'VPN down' });
    const json = await ann.get('/tickets/?layout=1');
    expect(json.body).toMatchObject({
      [`id${a}`]: { id: a, name: 'Printer jam', businessemail: 'it@example.com', flagged: 0 },
      [`id${b}`]: { id: b, name: 'VPN down' },
      status: 'success',
    });
    expect(json.body.count).toBe(Object.keys(json.body).filter((k) => k.startsWith('id')).length);
    const xml = await ann.get('/tickets', { accept: 'xml' });
    expect(xml.body[`id${a}`]).toMatchObject({ id: String(a), name: 'Printer jam' });
    expect(xml.body.count).toBe(String(json.body.count));
    expect(xml.body.status).toBe('success');
  });
});

describe('POST /{kind}/categories/ (create category tag)', () => {
  it.each(formats)('%s input: answers the new id; the tag is listed', async (fmt: Format) => {
    const r = await ann.post('/companies/categories/', { name: `Partner ${fmt}` }, { fmt });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ id: expect.any(Number), status: 'success' });
    expect((await ann.get('/companies/categories/')).body.categories).toContainEqual({
      id: r.body.id,
      name: `Partner ${fmt}`,
    });
    // Without the trailing slash, and in XML.
    const xml = await ann.post('/companies/categories', `<request><name>Partner ${fmt} 2</name></request>`, {
      fmt: 'xml',
      accept: 'xml',
    });
    expect(xml.status).toBe(200);
    expect(xml.body).toEqual({ id: expect.stringMatching(/^\d+$/), status: 'success' });
  });

  it('a missing or blank name is refused', async () => {
    expectError(await ann.post('/contacts/categories/', {}), 400, 'fieldisrequired');
    expectError(await ann.post('/contacts/categories/', { name: '   ' }), 400, 'fieldisrequired');
    expectError(await ann.post('/contacts/categories/', { name: 'x', colour: 'red' }), 400, 'incorrectfield');
  });
});

describe('GET /{kind}/categories/ (list category tags)', () => {
  it('the tags of that kind only, in JSON and XML', async () => {
    const json = await ann.get('/contacts/categories/');
    expect(json.body.categories.slice(0, 2)).toEqual([
      { id: tagA, name: 'Customer' },
      { id: tagB, name: 'Supplier' },
    ]);
    expect(json.body.categories.every((c: { name: string }) => !c.name.startsWith('Partner'))).toBe(true);
    const xml = await ann.get('/contacts/categories', { accept: 'xml' });
    expect(xml.body.categories.category.slice(0, 2)).toEqual([
      { id: String(tagA), name: 'Customer' },
      { id: String(tagB), name: 'Supplier' },
    ]);
    expect((await ann.get('/tickets/categories/')).body).toEqual({ categories: [], status: 'success' });
  });
});

describe('GET /{kind}/fields/ (list fields)', () => {
  const spec = loadSpec(specDir);
  const fieldNames = (kind: string) =>
    spec.fieldsets.find((f) => f.name === spec.kinds.find((k) => k.name === kind)!.fieldset)!.fields.map((f) => f.name);
  it('the standard fields of the kind with ids 1..n, in JSON and XML', async () => {
    const json = await ann.get('/contacts/fields/');
    const names = json.body.fields.map((f: { name: string }) => f.name);
    // The spec's field set, in its order; the document's first fields lead it.
    expect(names).toEqual(fieldNames('contacts'));
    expect(names.slice(0, 4)).toEqual(['firstname', 'lastname', 'businessemail', 'personalemail']);
    expect(json.body.fields.map((f: { id: number }) => f.id)).toEqual(names.map((_: string, i: number) => i + 1));
    expect(json.body.fields[0]).toEqual({ id: 1, name: 'firstname', label: 'First name', type: 'text' });
    const xml = await ann.get('/contacts/fields', { accept: 'xml' });
    expect(xml.body.fields.field.map((f: { name: string }) => f.name)).toEqual(names);
    const companies = await ann.get('/companies/fields/');
    expect(companies.body.fields.map((f: { name: string }) => f.name)).toEqual(fieldNames('companies'));
    expect(fieldNames('companies')).toEqual(expect.arrayContaining(['name', 'businessemail', 'website', 'assignedto']));
  });
});

describe('GET /ownership/ (list users and groups)', () => {
  it('the users of the caller’s account, in JSON and XML, with and without deleted=1', async () => {
    const json = await ann.get('/ownership/');
    expect(json.body).toEqual({
      users: [
        { id: annId, name: 'ann', email: 'ann@example.com', preventlogin: 0, preventprivatedata: 0, administrator: 1 },
        {
          id: carlId,
          name: 'carl',
          email: 'carl@example.com',
          preventlogin: 0,
          preventprivatedata: 0,
          administrator: 1,
        },
      ],
      groups: [],
      status: 'success',
    });
    expect((await ann.get('/ownership?deleted=1')).body).toEqual(json.body);
    const xml = await ann.get('/ownership', { accept: 'xml' });
    expect(xml.body.users.user.map((u: { email: string }) => u.email)).toEqual(['ann@example.com', 'carl@example.com']);
    expect(xml.body.groups).toBe('');
    expectError(await ann.get('/ownership/?deleted=2'), 400, 'notinlist');
  });
});
