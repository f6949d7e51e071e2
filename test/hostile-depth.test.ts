// Deep nesting over real HTTP (issue 19, finding 2): JSON and form bodies are bounded by the
// spec's nesting limit (the XML reader's maxDepth) before anything walks them, so thousands of
// levels answer 400 malformedrequest instead of 500, and a 10 MB body of millions of levels is
// refused after a few bytes of scanning instead of blocking the service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xmlLimits } from '../generated/server/src/codecs/index.ts';
import { call, startServer, type CallResult, type RunningServer } from './support/server.ts';
import { batchBody, readBatchResponse } from './support/api.ts';

const ann: [string, string] = ['ann@example.com', 'pw-ann'];
const limit = xmlLimits.maxDepth;
let server: RunningServer;

const json = { contentType: 'application/json', accept: 'application/json' };
const form = { contentType: 'application/x-www-form-urlencoded', accept: 'application/json' };
const post = (path: string, body: string | Uint8Array | FormData, opts: { contentType?: string; accept: string }) =>
  call(server.base, path, { user: ann, body, ...opts });
const errorsOf = (r: CallResult) => r.json().errors as Record<string, string>;

/** JSON arrays nested n deep. */
const arrays = (n: number) => '['.repeat(n) + ']'.repeat(n);
/** JSON objects nested n deep. */
const objects = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
/** A form key with n bracket segments (n + 1 levels, the name being the first). */
const formKey = (name: string, n: number) => name + '[a]'.repeat(n);

/** 400 malformedrequest whose message names the limit. */
function expectTooDeep(r: CallResult) {
  expect(r.status, r.text.slice(0, 300)).toBe(400);
  expect(Object.keys(errorsOf(r))).toEqual(['malformedrequest']);
  expect(errorsOf(r).malformedrequest).toContain(`limit ${limit}`);
}

beforeAll(async () => {
  server = await startServer({ users: [`${ann.join(':')}:acme`] });
});
afterAll(async () => {
  await server?.stop();
});

describe('JSON bodies', () => {
  it('the limit is the XML reader’s, from the spec', () => {
    expect(limit).toBe(32);
  });

  it.each([
    ['arrays at the root', arrays(2000)],
    ['objects at the root', objects(2000)],
    ['arrays in a field', `{"firstname":"A","custom1":${arrays(2000)}}`],
    ['objects in a field', `{"firstname":"A","categories":{"add":${objects(2000)}}}`],
  ])('2,000 levels of %s: 400 malformedrequest naming the limit, not 500', async (_name, body) => {
    expectTooDeep(await post('/contacts/', body, json));
  });

  it('at the limit the body is not refused for depth; one level more is', async () => {
    // {"custom1": ...} is one level, so limit - 1 more arrays make exactly `limit`.
    const at = await post('/contacts/', `{"firstname":"A","custom1":${arrays(limit - 1)}}`, json);
    expect(at.status).toBe(400);
    expect(errorsOf(at)).toEqual({ invalidvalue: expect.stringContaining('custom1') });
    expectTooDeep(await post('/contacts/', `{"firstname":"A","custom1":${arrays(limit)}}`, json));
    const objectsAt = await post('/contacts/', objects(limit), json);
    expect(Object.keys(errorsOf(objectsAt))).not.toContain('malformedrequest');
    expectTooDeep(await post('/contacts/', objects(limit + 1), json));
  });

  it('brackets inside strings (with escaped quotes) do not count', async () => {
    const text = `\\"${'['.repeat(2000)}{`;
    const r = await post('/contacts/', `{"firstname":"${text}","lastname":"Lee"}`, json);
    expect(r.status, r.text.slice(0, 300)).toBe(201);
    expect(r.json().item.fields.firstname).toBe(`"${'['.repeat(2000)}{`);
  });

  it('a ~10 MB maximally nested body is 400, and a request sent meanwhile is answered', async () => {
    const n = Math.floor(xmlLimits.maxBytes / 2) - 16;
    const deep = arrays(n);
    expect(deep.length).toBeGreaterThan(10_000_000);
    const [big, normal] = await Promise.all([
      post('/contacts/', deep, json),
      post('/contacts/', JSON.stringify({ firstname: 'Meanwhile' }), json),
    ]);
    expectTooDeep(big);
    expect(normal.status, normal.text).toBe(201);
    expect(normal.json().item.fields.firstname).toBe('Meanwhile');
  });

  it('JSONP: the refusal comes wrapped in the callback', async () => {
    const r = await post('/contacts/?callback=cb', arrays(2000), json);
    expect(r.status).toBe(400);
    expect(r.text.startsWith('cb(')).toBe(true);
    expect(JSON.parse(r.text.slice(3, -1)).errors.malformedrequest).toContain(`limit ${limit}`);
  });

  it('batch parts: a too deep part is 400 malformedrequest, the others run', async () => {
    const batch = batchBody([
      {
        method: 'POST',
        path: '/contacts/',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: `{"firstname":${objects(2000)}}`,
      },
      {
        method: 'POST',
        path: '/contacts/',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: `${formKey('firstname', 2000)}=1`,
      },
      {
        method: 'POST',
        path: '/contacts/',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: '{"firstname":"InBatch"}',
      },
    ]);
    const res = await call(server.base, '/batch', {
      user: ann,
      contentType: batch.contentType,
      accept: 'application/json',
      body: batch.body,
    });
    expect(res.status).toBe(200);
    const parts = readBatchResponse(res.headers.get('content-type'), res.text);
    expect(parts.map((p) => p.status)).toEqual([400, 400, 201]);
    for (const p of parts.slice(0, 2)) expect(JSON.parse(p.body).errors.malformedrequest).toContain(`limit ${limit}`);
  });
});

describe('form bodies', () => {
  it('a key nested 2,000 deep: 400 malformedrequest naming the limit', async () => {
    expectTooDeep(await post('/contacts/', `firstname=A&${formKey('custom1', 2000)}=1`, form));
    expectTooDeep(await post('/contacts/', `firstname=A&custom1${'[]'.repeat(2000)}=1`, form));
  });

  it('at the limit the key is not refused for depth; one level more is', async () => {
    const at = await post('/contacts/', `lastname=Lee&${formKey('firstname', limit - 1)}=1`, form);
    expect(at.status).toBe(400);
    expect(errorsOf(at)).toEqual({ invalidvalue: expect.stringContaining('firstname') });
    expectTooDeep(await post('/contacts/', `lastname=Lee&${formKey('firstname', limit)}=1`, form));
    const ok = await post('/contacts/', 'firstname=Form&categories[add][category][]=1', form);
    expect(ok.status, ok.text).not.toBe(500);
    expect(Object.keys(ok.status === 201 ? {} : errorsOf(ok))).not.toContain('malformedrequest');
  });

  it('a ~10 MB key of brackets is 400, and a request sent meanwhile is answered', async () => {
    const body = `firstname${'[]'.repeat(Math.floor(xmlLimits.maxBytes / 2) - 16)}=1`;
    const [big, normal] = await Promise.all([
      post('/contacts/', body, form),
      post('/contacts/', 'firstname=FormMeanwhile', form),
    ]);
    expectTooDeep(big);
    expect(normal.status, normal.text).toBe(201);
  });

  it('multipart/form-data fields (uploads) have the same limit', async () => {
    const deep = new FormData();
    deep.set('parent', '1');
    deep.set(formKey('data', 2000), 'x');
    expectTooDeep(await post('/contacts/file/', deep, { accept: 'application/json' }));
  });
});
