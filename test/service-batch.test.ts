// POST /batch (multipart/mixed of application/http parts, bodies written by hand with CRLF) and
// the API quota (Http-X-Service-Api-Call-Limit, 429), over real HTTP on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, startServer, steadyQuotaWindow, type RunningServer } from './support/server.ts';
import {
  batchBody,
  Client,
  expectError,
  httpRequest,
  readBatchResponse,
  readXml,
  toXml,
  type BatchPart,
  type NestedResponse,
} from './support/api.ts';

let server: RunningServer;
let quotaServer: RunningServer;
let ann: Client;
let bob: Client;
let known: number;

beforeAll(async () => {
  [server, quotaServer] = await Promise.all([
    startServer({ users: ['ann@example.com:secret1', 'bob@example.com:pw2:other'] }),
    // One user per quota test, so each starts from zero; q4 and q4b share an account.
    startServer({
      users: [
        'q1@example.com:pw',
        'q2@example.com:pw',
        'q3@example.com:pw',
        'q4@example.com:pw:quota4',
        'q4b@example.com:pw:quota4',
        'q5@example.com:pw',
        'q6@example.com:pw',
      ],
      args: ['--quota', '5', '--quota-window', String(steadyQuotaWindow())],
    }),
  ]);
  ann = new Client(server.base, ['ann@example.com', 'secret1']);
  bob = new Client(server.base, ['bob@example.com', 'pw2']);
  known = await ann.create('contacts', { firstname: 'Known', lastname: 'Person' });
});
afterAll(async () => {
  await Promise.all([server?.stop(), quotaServer?.stop()]);
});

const quotaHeader = 'http-x-service-api-call-limit';

/** POSTs a batch body as `user` and reads the answer; a non-200 answer comes back with no parts. */
async function postBatch(
  base: string,
  auth: string | null,
  contentType: string,
  body: string,
  accept = 'application/json',
) {
  const headers: Record<string, string> = { 'content-type': contentType, accept };
  if (auth) headers.authorization = auth;
  const res = await httpRequest(`${base}/batch`, 'POST', headers, body);
  const text = new TextDecoder().decode(res.body);
  expect(res.headers.get('content-length')).toBe(String(res.body.byteLength));
  expect(res.status, text).toBeLessThan(500);
  return {
    status: res.status,
    headers: res.headers,
    text,
    parts: res.status === 200 ? readBatchResponse(res.headers.get('content-type'), text) : ([] as NestedResponse[]),
  };
}

const json = (p: NestedResponse) => JSON.parse(p.body);
const count = async () => (await ann.list('contacts', 'limit=5000')).count;

describe('POST /batch: mixed calls', () => {
  it('runs create, show, list, update and delete in order, with a 404 inside; Content-IDs echoed; 201 parts carry Location', async () => {
    const parts: BatchPart[] = [
      {
        method: 'POST',
        path: '/contacts/',
        contentId: 'create-xml',
        headers: { 'Content-Type': 'application/xml' },
        body: toXml({ firstname: 'Batch', lastname: 'One' }),
      },
      { method: 'GET', path: `/contacts/${known}/`, contentId: 'show' },
      { method: 'GET', path: '/contacts/999999/', contentId: 'missing' },
      {
        method: 'POST',
        path: '/contacts',
        contentId: 'create-json',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ firstname: 'Batch', lastname: 'Two' }),
      },
      { method: 'GET', path: '/contacts/?searchmode=Sany&searchvalue=batch&sortfield=name', contentId: 'list' },
      {
        method: 'PUT',
        path: `/contacts/${known}`,
        contentId: 'update',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'jobtitle=Batched',
      },
      {
        method: 'POST',
        path: '/contacts/categories/',
        contentId: 'tag',
        headers: { 'Content-Type': 'application/json' },
        body: '{"name":"From batch"}',
      },
    ];
    const { contentType, body } = batchBody(parts);
    const res = await postBatch(server.base, ann.auth, contentType, body);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^multipart\/mixed; boundary=/);
    expect(res.headers.get(quotaHeader)).toMatch(/^\d+\/5000$/);
    expect(res.parts.map((p) => p.contentId)).toEqual(parts.map((p) => `response-${p.contentId}`));
    expect(res.parts.map((p) => p.status)).toEqual([201, 200, 404, 201, 200, 200, 200]);

    const [created, shown, missing, created2, list, update, tag] = res.parts;
    const id1 = json(created).item.id;
    const id2 = json(created2).item.id;
    expect(created.headers.location).toBe(`/contacts/${id1}/`);
    expect(created2.headers.location).toBe(`/contacts/${id2}/`);
    expect(json(created)).toMatchObject({
      item: { name: 'Batch One', fields: { firstname: 'Batch' } },
      status: 'success',
    });
    expect(created.headers['content-type']).toBe('application/json; charset=utf-8'); // the outer Accept applies
    expect(json(shown).item).toMatchObject({ id: known, name: 'Known Person' });
    expect(shown.headers.location).toBeUndefined();
    expect(json(missing)).toEqual({ status: 'failed', errors: { itemisnotfound: 'Item is not found' } });
    // Each part sees what the ones before it did.
    const listed = json(list);
    expect(listed.count).toBe(2);
    expect(Object.keys(listed).filter((k) => k.startsWith('id'))).toEqual([`id${id1}`, `id${id2}`]);
    expect(json(update)).toEqual({ status: 'success' });
    expect(json(tag)).toMatchObject({ id: expect.any(Number), status: 'success' });
    // Every nested response has its own status line, Content-Type, Content-Length and call count.
    for (const p of res.parts) {
      expect(p.headers['content-type']).toMatch(/^application\/json/);
      expect(p.headers[quotaHeader]).toMatch(/^\d+\/5000$/);
    }
    // And it all happened.
    expect((await ann.show('contacts', known)).item.fields.jobtitle).toBe('Batched');
    expect((await ann.show('contacts', id2)).item.name).toBe('Batch Two');
  });

  it('parts without a Content-ID are numbered; a part may ask for XML', async () => {
    const { contentType, body } = batchBody([
      { method: 'GET', path: `/contacts/${known}/`, headers: { Accept: 'application/xml' } },
      { method: 'GET', path: '/contacts/fields/' },
    ]);
    const res = await postBatch(server.base, ann.auth, contentType, body);
    expect(res.parts.map((p) => p.contentId)).toEqual(['response-1', 'response-2']);
    expect(res.parts[0].headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(readXml(res.parts[0].body).item.id).toBe(String(known));
    expect(json(res.parts[1]).fields[0].name).toBe('firstname');
  });

  it('the outer Accept applies to the nested responses: XML', async () => {
    const { contentType, body } = batchBody([{ method: 'GET', path: '/contacts/999999' }]);
    const res = await postBatch(server.base, ann.auth, contentType, body, 'application/xml');
    expect(res.parts[0].status).toBe(404);
    expect(res.parts[0].body).toContain('<itemisnotfound>Item is not found</itemisnotfound>');
  });

  it('a batch inside a batch is refused in its part only', async () => {
    const inner = batchBody([{ method: 'GET', path: '/ownership/' }], 'inner');
    const { contentType, body } = batchBody([
      { method: 'POST', path: '/batch', headers: { 'Content-Type': inner.contentType }, body: inner.body },
      { method: 'GET', path: '/ownership/' },
    ]);
    const res = await postBatch(server.base, ann.auth, contentType, body);
    expect(res.parts.map((p) => p.status)).toEqual([400, 200]);
    expect(Object.keys(json(res.parts[0]).errors)).toEqual(['invalidbatch']);
  });

  it('100 parts are allowed', async () => {
    const { contentType, body } = batchBody(
      Array.from({ length: 100 }, (_, i) => ({ method: 'GET', path: `/contacts/${known}/`, contentId: `p${i}` })),
    );
    const res = await postBatch(server.base, ann.auth, contentType, body);
    expect(res.status).toBe(200);
    expect(res.parts).toHaveLength(100);
    expect(res.parts.every((p, i) => p.status === 200 && p.contentId === `response-p${i}`)).toBe(true);
  });
});

describe('POST /batch: authentication', () => {
  it('nested requests inherit the outer credentials', async () => {
    const { contentType, body } = batchBody([
      {
        method: 'POST',
        path: '/contacts/',
        headers: { 'Content-Type': 'application/json' },
        body: '{"firstname":"Inherited"}',
      },
    ]);
    const res = await postBatch(server.base, ann.auth, contentType, body);
    expect(res.parts[0].status).toBe(201);
    const id = json(res.parts[0]).item.id;
    expect((await ann.show('contacts', id)).item.fields.creatorid).toBe(
      (await ann.get('/ownership/')).body.users[0].id,
    );
    expectError(await bob.get(`/contacts/${id}/`), 404, 'itemisnotfound');
  });

  it('an unauthenticated batch is 401 as a whole and runs nothing', async () => {
    const before = await count();
    const { contentType, body } = batchBody([
      {
        method: 'POST',
        path: '/contacts/',
        headers: { 'Content-Type': 'application/json', Authorization: ann.auth },
        body: '{"firstname":"Sneaky"}',
      },
    ]);
    for (const auth of [null, basic('ann@example.com', 'wrong')]) {
      const res = await postBatch(server.base, auth, contentType, body);
      expect(res.status).toBe(401);
      expect(JSON.parse(res.text)).toMatchObject({
        status: 'failed',
        errors: { authenticationfailed: expect.any(String) },
      });
    }
    expect(await count()).toBe(before);
  });

  it('a nested request with credentials of its own is refused (partauthorization): parts run as the batch caller', async () => {
    const { contentType, body } = batchBody([
      { method: 'GET', path: `/contacts/${known}/`, headers: { Authorization: basic('ann@example.com', 'wrong') } },
      { method: 'GET', path: `/contacts/${known}/`, headers: { Authorization: bob.auth } },
      { method: 'GET', path: `/contacts/${known}/` },
    ]);
    const res = await postBatch(server.base, ann.auth, contentType, body);
    expect(res.parts.map((p) => p.status)).toEqual([400, 400, 200]);
    expect(Object.keys(json(res.parts[0]).errors)).toEqual(['partauthorization']);
    expect(Object.keys(json(res.parts[1]).errors)).toEqual(['partauthorization']);
  });
});

describe('POST /batch: a malformed batch is refused whole with 400 before any part runs', () => {
  const create = (name: string): BatchPart => ({
    method: 'POST',
    path: '/contacts/',
    contentId: name,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ firstname: name }),
  });

  async function refused(contentType: string, body: string, key = 'invalidbatch') {
    const before = await count();
    const prior = (await ann.get('/ownership/')).headers.get(quotaHeader);
    const res = await postBatch(server.base, ann.auth, contentType, body);
    expect(res.status, res.text).toBe(400);
    expect(Object.keys(JSON.parse(res.text).errors)).toEqual([key]);
    // Nothing ran, nothing was counted; the answer tells where the quota stands (issue 21).
    expect(res.headers.get(quotaHeader)).toBe(prior);
    // Nothing ran: no record was created by any part.
    expect(await count()).toBe(before);
    expect((await ann.list('contacts', 'searchmode=Sany&searchvalue=malformed')).count).toBe(0);
  }

  it('LF line endings', async () => {
    const { contentType, body } = batchBody([create('malformed-lf-1'), create('malformed-lf-2')], 'b', '\n');
    await refused(contentType, body);
  });

  it('CRLF everywhere except one nested header line', async () => {
    const { contentType, body } = batchBody([create('malformed-mixed-1'), create('malformed-mixed-2')]);
    await refused(
      contentType,
      body.replace(
        'Content-Type: application/json\r\nContent-Length',
        'Content-Type: application/json\nContent-Length',
      ),
    );
  });

  it('no boundary parameter, or a boundary the body does not use', async () => {
    const { body } = batchBody([create('malformed-nob')], 'xyz');
    await refused('multipart/mixed', body);
    await refused('multipart/mixed; boundary=', body);
    await refused('multipart/mixed; boundary=other', body);
  });

  it('101 parts', async () => {
    const { contentType, body } = batchBody(Array.from({ length: 101 }, (_, i) => create(`malformed-many-${i}`)));
    await refused(contentType, body, 'toomanyparts');
  });

  it('a good part followed by a broken one (request line, missing closing delimiter, part type, Content-ID)', async () => {
    const good = batchBody([create('malformed-good')]);
    const cases = [
      good.body.replace(
        '--batch_b0undary--\r\n',
        '--batch_b0undary\r\nContent-Type: application/http\r\n\r\nGET contacts HTTP/1.1\r\n\r\n\r\n--batch_b0undary--\r\n',
      ),
      good.body.replace(
        '--batch_b0undary--\r\n',
        '--batch_b0undary\r\nContent-Type: application/http\r\n\r\nFETCH /contacts/ HTTP/1.1\r\n\r\n\r\n--batch_b0undary--\r\n',
      ),
      good.body.replace(
        '--batch_b0undary--\r\n',
        '--batch_b0undary\r\nContent-Type: text/plain\r\n\r\nGET /contacts/ HTTP/1.1\r\n\r\n\r\n--batch_b0undary--\r\n',
      ),
      good.body.replace('--batch_b0undary--\r\n', ''),
      batchBody([create('malformed-good'), { ...create('malformed-cid'), contentId: 'has space' }]).body,
      batchBody([create('malformed-good'), { ...create('malformed-cid'), contentId: 'naïve' }]).body,
    ];
    for (const body of cases) await refused(good.contentType, body);
  });

  it('a batch POSTed with another Content-Type', async () => {
    const { body } = batchBody([create('malformed-type')]);
    await refused('application/json', body);
  });
});

describe('quota: Http-X-Service-Api-Call-Limit', () => {
  const q = (n: string) => new Client(quotaServer.base, [`${n}@example.com`, 'pw']);

  it('counts each call, whatever its outcome', async () => {
    const c = q('q1');
    expect((await c.get('/ownership/')).headers.get(quotaHeader)).toBe('1/5');
    expect((await c.get('/contacts/999999')).headers.get(quotaHeader)).toBe('2/5');
    expect((await c.post('/contacts/', { firstname: 'x' })).headers.get(quotaHeader)).toBe('3/5');
    // A failed login is nobody's call.
    expect(
      (await c.get('/ownership/', { auth: basic('q1@example.com', 'wrong') })).headers.get(quotaHeader),
    ).toBeNull();
    expect((await c.get('/ownership/', { accept: 'xml' })).headers.get(quotaHeader)).toBe('4/5');
  });

  it('only POST /batch is a batch: other calls naming multipart/mixed are counted too', async () => {
    const c = q('q6');
    expect((await c.get('/ownership/', { contentType: 'multipart/mixed; boundary=x' })).headers.get(quotaHeader)).toBe(
      '1/5',
    );
    const r = await c.post('/contacts/', '--x--\r\n', { contentType: 'multipart/mixed; boundary=x' });
    expectError(r, 415, 'unsupportedmediatype');
    expect(r.headers.get(quotaHeader)).toBe('2/5');
  });

  it('counts every nested call of a batch, not the envelope', async () => {
    const c = q('q2');
    expect((await c.get('/ownership/')).headers.get(quotaHeader)).toBe('1/5');
    const { contentType, body } = batchBody([
      { method: 'GET', path: '/ownership/' },
      { method: 'GET', path: '/contacts/999999/' },
      { method: 'GET', path: '/contacts/' },
    ]);
    const res = await postBatch(quotaServer.base, c.auth, contentType, body);
    expect(res.status).toBe(200);
    expect(res.parts.map((p) => p.headers[quotaHeader])).toEqual(['2/5', '3/5', '4/5']);
    expect(res.headers.get(quotaHeader)).toBe('4/5');
    expect((await c.get('/ownership/')).headers.get(quotaHeader)).toBe('5/5');
  });

  it('over the quota: 429 quotaexceeded with the envelope, in JSON and XML', async () => {
    const c = q('q3');
    for (let i = 1; i <= 5; i++) expect((await c.get('/ownership/')).status).toBe(200);
    const over = await c.get('/ownership/');
    expectError(over, 429, 'quotaexceeded');
    expect(over.headers.get(quotaHeader)).toBe('6/5');
    const xml = await c.post('/contacts/', { firstname: 'Too many' }, { accept: 'xml' });
    expect(xml.status).toBe(429);
    expect(xml.body).toMatchObject({ status: 'failed', errors: { quotaexceeded: expect.any(String) } });
    expect(xml.headers.get(quotaHeader)).toBe('7/5');
    // Other users have their own quota.
    expect((await q('q5').get('/ownership/')).status).toBe(200);
  });

  it('a batch that crosses the quota runs the parts within it and answers 429 in the others', async () => {
    const c = q('q4');
    const colleague = q('q4b');
    for (let i = 1; i <= 3; i++) expect((await c.get('/ownership/')).status).toBe(200);
    const { contentType, body } = batchBody(
      ['A', 'B', 'C', 'D'].map((n) => ({
        method: 'POST',
        path: '/contacts/',
        contentId: n,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ firstname: `Quota ${n}` }),
      })),
    );
    const res = await postBatch(quotaServer.base, c.auth, contentType, body);
    expect(res.status).toBe(200);
    expect(res.parts.map((p) => p.status)).toEqual([201, 201, 429, 429]);
    expect(res.parts.map((p) => p.headers[quotaHeader])).toEqual(['4/5', '5/5', '6/5', '7/5']);
    expect(res.parts.map((p) => p.contentId)).toEqual(['response-A', 'response-B', 'response-C', 'response-D']);
    expect(Object.keys(json(res.parts[2]).errors)).toEqual(['quotaexceeded']);
    expect(res.headers.get(quotaHeader)).toBe('7/5');
    const names = Object.values((await colleague.list('contacts')).body)
      .filter((e): e is { name: string } => typeof e === 'object' && e !== null && 'name' in e)
      .map((e) => e.name)
      .sort();
    expect(names).toEqual(['Quota A', 'Quota B']);
  });
});
