// Hostile input over real HTTP (issue 19): text XML cannot carry, batch parts with credentials of
// their own, and user ids of another account. test/hostile.test.ts covers the decoders alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { parseXml } from '../generator/targets/typescript/runtime/xml.ts';
import { basic, call, startServer, steadyQuotaWindow, type CallResult, type RunningServer } from './support/server.ts';
import { batchBody, readBatchResponse, type BatchPart } from './support/api.ts';

const ann: [string, string] = ['ann@example.com', 'pw-ann'];
const amy: [string, string] = ['amy@example.com', 'pw-amy'];
const bob: [string, string] = ['bob@example.com', 'pw-bob'];
let server: RunningServer;
let quotaServer: RunningServer;
let annId: number;
let amyId: number;
let bobId: number;
let contact: number;

const json = { contentType: 'application/json', accept: 'application/json' };
const form = { contentType: 'application/x-www-form-urlencoded', accept: 'application/json' };
const post = (path: string, body: string | Uint8Array, opts: { contentType: string; accept: string }, user = ann) =>
  call(server.base, path, { user, body, ...opts });
const errorsOf = (r: CallResult) => r.json().errors as Record<string, string>;
const userId = async (user: [string, string]) => {
  const users = (await call(server.base, '/ownership/', { user, accept: 'application/json' })).json().users as {
    id: number;
    email: string;
  }[];
  return users.find((u) => u.email === user[0])!.id;
};

beforeAll(async () => {
  [server, quotaServer] = await Promise.all([
    // Hook urls here name example.com: answered without DNS, and as loopback they are refused anyway.
    startServer({
      users: [`${ann.join(':')}:acme`, `${amy.join(':')}:acme`, `${bob.join(':')}:other`],
      args: ['--webhook-resolve', 'example.com=127.0.0.1'],
    }),
    startServer({
      users: [`${ann.join(':')}:acme`, `${bob.join(':')}:other`],
      args: ['--quota', '3', '--quota-window', String(steadyQuotaWindow())],
    }),
  ]);
  [annId, amyId, bobId] = await Promise.all([userId(ann), userId(amy), userId(bob)]);
  contact = (await post('/contacts/', JSON.stringify({ firstname: 'Plain' }), json)).json().item.id;
});
afterAll(async () => {
  await Promise.all([server?.stop(), quotaServer?.stop()]);
});

/** Parses as XML 1.0 (the runtime reader checks characters; fast-xml-parser's validator does not). */
const wellFormed = (text: string) => {
  expect(() => parseXml(text, { maxDepth: 64, maxElements: 1_000_000, maxBytes: 100_000_000 }), text).not.toThrow();
  return true;
};

/** The account's XML list (and one record's XML show) parse as XML. */
async function expectWellFormedXml() {
  const list = await call(server.base, '/contacts/?limit=5000', { user: ann });
  expect(list.status).toBe(200);
  wellFormed(list.text);
  wellFormed((await call(server.base, `/contacts/${contact}`, { user: ann })).text);
  return new XMLParser().parse(list.text).response;
}

describe('text XML cannot carry is refused in every format and every text value', () => {
  const bad: [string, string, string][] = [
    // character, its %-escaped UTF-8, how the message names it
    ['\u0001', '%01', 'U+0001'],
    ['\u001b', '%1B', 'U+001B'],
    ['\u000b', '%0B', 'U+000B'],
    ['\u0000', '%00', 'U+0000'],
    ['\uFFFE', '%EF%BF%BE', 'U+FFFE'],
    ['\uFFFF', '%EF%BF%BF', 'U+FFFF'],
    ['\uD800', '', 'unpaired surrogate U+D800'],
    ['\uDC00', '', 'unpaired surrogate U+DC00'],
  ];

  it.each(bad)(
    '%j in a record field: 400 invalidcharacter naming the field, JSON and form',
    async (ch, escaped, named) => {
      const before = (await expectWellFormedXml()).count;
      // JSON.stringify writes controls and lone surrogates as \u escapes.
      const r = await post('/contacts/', JSON.stringify({ firstname: `A${ch}B`, lastname: 'Lee' }), json);
      expect(r.status, r.text).toBe(400);
      expect(errorsOf(r)).toEqual({ invalidcharacter: expect.stringContaining(`firstname (`) });
      expect(errorsOf(r).invalidcharacter).toContain(named);
      if (escaped) {
        const f = await post('/contacts/', `lastname=Lee&firstname=A${escaped}B`, form);
        expect(f.status, f.text).toBe(400);
        expect(Object.keys(errorsOf(f))).toEqual(['invalidcharacter']);
        expect(errorsOf(f).invalidcharacter).toContain(named);
      }
      expect((await expectWellFormedXml()).count).toBe(before);
    },
  );

  it('tab, LF, CR, astral characters and U+FFFD stay allowed', async () => {
    const text = 'a\tb\nc\rd \u{1F600} \uFFFD \u00e9';
    const r = await post('/contacts/', JSON.stringify({ firstname: text }), json);
    expect(r.status, r.text).toBe(201);
    await expectWellFormedXml();
  });

  it('in activities, categories, hooks, list parameters, names and batch parts', async () => {
    const cases: [string, string, string, string][] = [
      [
        '/contacts/note/',
        JSON.stringify({ parent: contact, data: { details: 'x\u0001y' } }),
        'application/json',
        'data.details',
      ],
      ['/contacts/note/', `parent=${contact}&data[details]=x%1By`, 'application/x-www-form-urlencoded', 'data.details'],
      ['/contacts/categories/', JSON.stringify({ name: 'tag\u000b' }), 'application/json', 'name'],
      [
        '/hooks/',
        JSON.stringify({ event: 'items.create', url: 'https://example.com/h', title: 'hook\uFFFF' }),
        'application/json',
        'title',
      ],
      ['/hooks/', 'event=items.create&url=https://example.com/h%01', 'application/x-www-form-urlencoded', 'url'],
      ['/contacts/', JSON.stringify({ firstname: 'Ann', 'custom\u0001': 'x' }), 'application/json', 'custom\\u0001'],
    ];
    for (const [path, body, contentType, field] of cases) {
      const r = await post(path, body, { contentType, accept: 'application/json' });
      expect(r.status, `${path} ${body}: ${r.text}`).toBe(400);
      expect(Object.keys(errorsOf(r))).toEqual(['invalidcharacter']);
      expect(errorsOf(r).invalidcharacter).toContain(`: ${field} (`);
    }
    const list = await call(server.base, '/contacts/?searchmode=Sany&searchvalue=a%01', {
      user: ann,
      accept: 'application/json',
    });
    expect(list.status).toBe(400);
    expect(errorsOf(list).invalidcharacter).toContain('searchvalue');
    const parts: BatchPart[] = [
      {
        method: 'POST',
        path: '/contacts/',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ firstname: 'x\u0001' }),
      },
      {
        method: 'POST',
        path: '/contacts/',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'firstname=y%01',
      },
    ];
    const batch = batchBody(parts);
    const res = await call(server.base, '/batch', {
      user: ann,
      contentType: batch.contentType,
      accept: 'application/json',
      body: batch.body,
    });
    const answers = readBatchResponse(res.headers.get('content-type'), res.text);
    expect(answers.map((p) => [p.status, Object.keys(JSON.parse(p.body).errors)])).toEqual([
      [400, ['invalidcharacter']],
      [400, ['invalidcharacter']],
    ]);
    const listed = await expectWellFormedXml();
    expect(JSON.stringify(listed)).not.toMatch(/[\u0001\u001b]/);
  });

  it('XML bodies: a character reference XML cannot carry is malformed', async () => {
    const r = await post('/contacts/', '<request><firstname>A&#1;B</firstname></request>', {
      contentType: 'application/xml',
      accept: 'application/json',
    });
    expect(r.status).toBe(400);
    expect(Object.keys(errorsOf(r))).toEqual(['malformedrequest']);
  });

  it('the XML error envelope stays well-formed when the offending text is in a name or a parser message', async () => {
    for (const body of [JSON.stringify({ 'a\u0001b': 'x' }), '{"firstname": \u0001}']) {
      const r = await post('/contacts/', body, { contentType: 'application/json', accept: 'application/xml' });
      expect(r.status, r.text).toBe(400);
      wellFormed(r.text);
    }
  });

  it('invalid UTF-8 in a form body, raw or %-escaped, is malformed, not stored as U+FFFD', async () => {
    const before = (await expectWellFormedXml()).count;
    const raw = new Uint8Array([...new TextEncoder().encode('lastname=Lee&firstname=A'), 0xff, 0x42]);
    for (const body of [
      'lastname=Lee&firstname=A%FFB',
      'lastname=Lee&firstname=A%C3%28',
      'lastname=Lee&firstname=%ED%A0%80',
      raw,
    ]) {
      const r = await post('/contacts/', body, form);
      expect(r.status, r.text).toBe(400);
      expect(Object.keys(errorsOf(r))).toEqual(['malformedrequest']);
    }
    expect((await expectWellFormedXml()).count).toBe(before);
    // Well-formed escapes and a malformed escape (kept as text, as before) still work.
    const ok = await post('/contacts/', 'lastname=Lee&firstname=%C3%A9+100%25+50%zz', form);
    expect(ok.status, ok.text).toBe(201);
    expect(ok.json().item.fields.firstname).toBe('é 100% 50%zz');
  });
});

describe('a batch part runs as the batch caller, never with credentials of its own', () => {
  const create = (firstname: string, authorization?: string): BatchPart => ({
    method: 'POST',
    path: '/contacts/',
    contentId: firstname,
    headers: { 'Content-Type': 'application/json', ...(authorization ? { Authorization: authorization } : {}) },
    body: JSON.stringify({ firstname }),
  });
  const names = async (base: string, user: [string, string]) =>
    Object.values(
      (await call(base, '/contacts/?limit=5000', { user, accept: 'application/json' })).json() as Record<
        string,
        { name?: string }
      >,
    ).flatMap((x) => (typeof x === 'object' && x?.name ? [x.name] : []));

  it('a part with an Authorization header (another user, a wrong one or the same) is 400 partauthorization and has no effect; the others run', async () => {
    const batch = batchBody([
      create('PartBob', basic(...bob)),
      create('PartPlain'),
      create('PartWrong', basic(ann[0], 'wrong')),
      create('PartSame', basic(...ann)),
    ]);
    const res = await call(server.base, '/batch', {
      user: ann,
      contentType: batch.contentType,
      accept: 'application/json',
      body: batch.body,
    });
    expect(res.status).toBe(200);
    const parts = readBatchResponse(res.headers.get('content-type'), res.text);
    expect(parts.map((p) => p.status)).toEqual([400, 201, 400, 400]);
    for (const i of [0, 2, 3]) expect(Object.keys(JSON.parse(parts[i]!.body).errors)).toEqual(['partauthorization']);
    expect(await names(server.base, bob)).not.toContain('PartBob');
    const annNames = await names(server.base, ann);
    expect(annNames).toContain('PartPlain');
    expect(annNames.filter((n) => n.startsWith('Part'))).toEqual(['PartPlain']);
  });

  it("a user over quota cannot run calls inside another user's batch; refused parts are not counted", async () => {
    // bob uses up his quota of 3.
    for (let i = 0; i < 3; i++) expect((await call(quotaServer.base, '/ownership/', { user: bob })).status).toBe(200);
    expect((await call(quotaServer.base, '/ownership/', { user: bob })).status).toBe(429);
    const batch = batchBody([create('QuotaBob', basic(...bob)), create('QuotaAnn')]);
    const res = await call(quotaServer.base, '/batch', {
      user: ann,
      contentType: batch.contentType,
      accept: 'application/json',
      body: batch.body,
    });
    const parts = readBatchResponse(res.headers.get('content-type'), res.text);
    expect(parts.map((p) => p.status)).toEqual([400, 201]);
    expect(res.headers.get('http-x-service-api-call-limit')).toBe('1/3');
  });
});

describe("user ids must be of the caller's account", () => {
  const event = (attendees: string, fmt: 'json' | 'form' = 'json') =>
    fmt === 'json'
      ? post('/contacts/event/', JSON.stringify({ parent: contact, data: { details: 'Meeting', attendees } }), json)
      : post(
          '/contacts/event/',
          `parent=${contact}&data[details]=Meeting&data[attendees]=${encodeURIComponent(attendees)}`,
          form,
        );

  it('event attendees of another account: 400 unknownowner naming data.attendees; own account: 200', async () => {
    for (const fmt of ['json', 'form'] as const) {
      const r = await event(`${annId},${bobId}`, fmt);
      expect(r.status, r.text).toBe(400);
      expect(errorsOf(r)).toEqual({ unknownowner: expect.stringContaining(`data.attendees = ${bobId}`) });
    }
    // createActivity answers 200 (spec/endpoints.yaml).
    const ok = await event(`${annId},${amyId}`);
    expect(ok.status, ok.text).toBe(200);
    const id = ok.json().id as number;
    const moved = await call(server.base, `/contacts/event/${id}`, {
      method: 'PUT',
      user: ann,
      ...json,
      body: JSON.stringify({ data: { attendees: String(bobId) } }),
    });
    expect(moved.status).toBe(400);
    expect(Object.keys(errorsOf(moved))).toEqual(['unknownowner']);
  });

  it("owner fields (ownership, assignedto) and the activities report users filter refuse the other account's users", async () => {
    const owned = await post('/contacts/', JSON.stringify({ firstname: 'Owned', ownership: bobId }), json);
    expect(owned.status).toBe(400);
    expect(errorsOf(owned)).toEqual({ unknownowner: expect.stringContaining(`ownership = ${bobId}`) });
    const followup = (assignedto: number) =>
      post(
        '/contacts/followup/',
        JSON.stringify({ parent: contact, data: { details: 'F', nodate: 1, assignedto } }),
        json,
      );
    const refused = await followup(bobId);
    expect(refused.status).toBe(400);
    expect(errorsOf(refused)).toEqual({ unknownowner: expect.stringContaining(`data.assignedto = ${bobId}`) });
    expect((await followup(amyId)).status).toBe(200);
    const report = await call(server.base, `/report/activities/?users=${bobId}`, {
      user: ann,
      accept: 'application/json',
    });
    expect(report.status).toBe(400);
    expect(Object.keys(errorsOf(report))).toEqual(['unknownowner']);
    expect(
      (await call(server.base, `/report/activities/?users=${amyId}`, { user: ann, accept: 'application/json' })).status,
    ).toBe(200);
  });
});
