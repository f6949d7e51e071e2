// The HTTP rules every endpoint shares, over real HTTP on 127.0.0.1: JSONP, content negotiation,
// paths, 404/405/415, malformed bodies, unknown fields, Content-Length, Connection: close,
// authentication and the isolation of accounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, startServer, type RunningServer } from './support/server.ts';
import { Client, expectError, formats, rawHttp, readXml, splitResponses, type Format } from './support/api.ts';

let server: RunningServer;
let ann: Client;
let bob: Client; // another account
let record: number;

beforeAll(async () => {
  server = await startServer({ users: ['ann@example.com:secret1', 'bob@example.com:pw2:other'] });
  ann = new Client(server.base, ['ann@example.com', 'secret1']);
  bob = new Client(server.base, ['bob@example.com', 'pw2']);
  record = await ann.create('contacts', { firstname: 'Ann', lastname: 'Lee' });
});
afterAll(async () => {
  await server?.stop();
});

describe('JSONP (?callback=)', () => {
  it('wraps the JSON body in the callback, as application/javascript', async () => {
    const plain = await ann.get(`/contacts/${record}/`);
    const r = await ann.get(`/contacts/${record}/?callback=handle_it2`, { accept: 'xml' });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    const m = /^handle_it2\((.*)\)$/s.exec(r.text);
    expect(m, r.text).not.toBeNull();
    expect(JSON.parse(m![1]).item).toMatchObject({ id: record, name: plain.body.item.name });
  });

  it('strips characters other than letters, digits and underscore', async () => {
    const r = await ann.get(`/contacts/${record}/?callback=${encodeURIComponent('my.cb-1</script><x>(alert)')}`);
    expect(r.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    expect(r.text.startsWith('mycb1scriptxalert({')).toBe(true);
    expect(r.text.endsWith('})')).toBe(true);
  });

  it('a callback that is empty after stripping gives plain JSON', async () => {
    for (const cb of ['...', '', '%3C%3E']) {
      const r = await ann.get(`/contacts/${record}/?callback=${cb}`, { accept: 'xml' });
      expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(r.body.item.id).toBe(record);
    }
  });

  it('errors are wrapped too', async () => {
    const r = await ann.get('/contacts/999999/?callback=cb');
    expect(r.status).toBe(404);
    expect(r.text).toBe('cb({"status":"failed","errors":{"itemisnotfound":"Item is not found"}})');
    const denied = await ann.get('/contacts/?callback=cb', { auth: null });
    expect(denied.status).toBe(401);
    expect(denied.text).toMatch(/^cb\(\{"status":"failed","errors":\{"authenticationfailed":/);
  });
});

describe('content negotiation', () => {
  it('Accept: application/json selects JSON; anything else XML with the declaration', async () => {
    expect((await ann.get(`/contacts/${record}`, { accept: 'application/json' })).headers.get('content-type')).toBe(
      'application/json; charset=utf-8',
    );
    for (const accept of ['application/xml', 'text/xml', '*/*', 'text/html']) {
      const r = await ann.get(`/contacts/${record}`, { accept });
      expect(r.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      expect(r.text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<response>')).toBe(true);
    }
    const none = await fetch(`${server.base}/contacts/${record}`, { headers: { authorization: ann.auth } });
    expect(none.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(readXml(await none.text()).item.id).toBe(String(record));
  });

  it('text/xml and application/xml (with a charset) are both read as XML; no Content-Type means XML', async () => {
    for (const contentType of [
      'text/xml',
      'application/xml',
      'application/xml; charset=utf-8',
      'TEXT/XML;charset=UTF-8',
    ]) {
      const r = await ann.post('/contacts/', '<request><firstname>Typed</firstname></request>', { contentType });
      expect(r.status, `${contentType}: ${r.text}`).toBe(201);
      expect(r.body.item.name).toBe('Typed');
    }
    const bare = await fetch(`${server.base}/contacts/`, {
      method: 'POST',
      headers: { authorization: ann.auth, accept: 'application/json' },
      body: new TextEncoder().encode('<request><firstname>Bare</firstname></request>'),
    });
    expect(bare.status).toBe(201);
    expect(((await bare.json()) as { item: { name: string } }).item.name).toBe('Bare');
  });

  it('error envelopes are XML with the declaration unless JSON is asked for', async () => {
    const r = await ann.get('/contacts/999999', { accept: 'xml' });
    expect(r.text).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<response><status>failed</status><errors><itemisnotfound>Item is not found</itemisnotfound></errors></response>',
    );
  });
});

describe('paths', () => {
  it('every endpoint answers with and without the trailing slash', async () => {
    for (const path of [
      '/contacts',
      `/contacts/${record}`,
      '/contacts/categories',
      '/contacts/fields',
      '/ownership',
      '/companies',
      '/tickets/categories',
    ]) {
      expect((await ann.get(path)).status, path).toBe(200);
      expect((await ann.get(`${path}/`)).status, `${path}/`).toBe(200);
    }
    expect((await ann.put(`/contacts/${record}`, { jobtitle: 'A' })).status).toBe(200);
    expect((await ann.put(`/contacts/${record}/`, { jobtitle: 'B' })).status).toBe(200);
    expect((await ann.post('/contacts/categories', { name: 'Slash' })).status).toBe(200);
  });

  it('an unknown path is 404 unknownpath', async () => {
    for (const path of [
      '/',
      '/nope',
      '/widgets/',
      '/contacts/abc/',
      '/contacts/1/2/3/',
      '/contacts//',
      `//contacts/${record}`,
      '/contacts/%E0%A4%A/',
      '/%zz',
      '/contacts/1234567890123456/',
      '/report/',
    ]) {
      const r = await ann.get(path);
      expect(r.status, path).toBe(404);
      expect(Object.keys(r.body.errors), path).toEqual(['unknownpath']);
    }
  });

  it('a known path with the wrong method is 405 methodnotallowed with Allow', async () => {
    const cases: [string, string, string][] = [
      ['PATCH', '/contacts/', 'GET, POST'],
      ['DELETE', '/contacts/', 'GET, POST'],
      ['POST', `/contacts/${record}/`, 'GET, PUT, DELETE'],
      ['PUT', '/contacts/categories/', 'GET, POST'],
      ['POST', '/contacts/fields', 'GET'],
      ['DELETE', '/ownership/', 'GET'],
      ['GET', '/batch', 'POST'],
    ];
    for (const [method, path, allow] of cases) {
      const r = await ann.send(method, path);
      expect(r.status, `${method} ${path}`).toBe(405);
      expect(r.headers.get('allow')?.split(', ').sort()).toEqual(allow.split(', ').sort());
      expect(Object.keys(r.body.errors)).toEqual(['methodnotallowed']);
    }
  });
});

describe('415 unsupported content type', () => {
  it('a body in a type the endpoint does not read is refused and nothing is stored', async () => {
    const before = (await ann.list('contacts', 'limit=5000')).count;
    for (const contentType of [
      'text/plain',
      'application/octet-stream',
      'multipart/mixed; boundary=x',
      'multipart/form-data; boundary=x',
    ]) {
      expectError(await ann.post('/contacts/', 'firstname=Nope', { contentType }), 415, 'unsupportedmediatype');
    }
    expectError(
      await ann.put(`/contacts/${record}/`, '{"jobtitle":"x"}', { contentType: 'text/json' }),
      415,
      'unsupportedmediatype',
    );
    expect((await ann.list('contacts', 'limit=5000')).count).toBe(before);
  });

  it('a bodiless GET is answered whatever Content-Type it names', async () => {
    expect((await ann.get(`/contacts/${record}`, { contentType: 'text/plain' })).status).toBe(200);
  });
});

describe('malformed bodies are 400 malformedrequest', () => {
  const bad: [string, string, string][] = [
    ['application/xml', '<request><firstname>x</request>', 'mismatched tag'],
    ['application/xml', '<request>', 'unclosed root'],
    ['application/xml', '<other><firstname>x</firstname></other>', 'wrong root'],
    ['application/xml', '<!DOCTYPE r [<!ENTITY e "x">]><request/>', 'a DTD'],
    ['application/json', '{"firstname":', 'truncated JSON'],
    ['application/json', "{'firstname':'x'}", 'single quotes'],
    ['application/json', '{"firstname":"x"} trailing', 'trailing text'],
  ];
  it.each(bad)('%s: %s (%s)', async (contentType, body) => {
    for (const accept of ['json', 'xml'] as const) {
      const r = await ann.post('/contacts/', body, { contentType, accept });
      expect(r.status, r.text).toBe(400);
      expect(r.body.status).toBe('failed');
      expect(Object.keys(r.body.errors)).toEqual(['malformedrequest']);
    }
  });

  it('invalid UTF-8 bytes in XML and JSON', async () => {
    for (const [contentType, prefix, suffix] of [
      ['application/xml', '<request><firstname>', '</firstname></request>'],
      ['application/json', '{"firstname":"', '"}'],
    ]) {
      const body = Buffer.concat([Buffer.from(prefix), Buffer.from([0xff, 0xfe]), Buffer.from(suffix)]);
      const r = await fetch(`${server.base}/contacts/`, {
        method: 'POST',
        headers: { authorization: ann.auth, accept: 'application/json', 'content-type': contentType },
        body,
      });
      expect(r.status).toBe(400);
      expect(Object.keys(((await r.json()) as { errors: object }).errors)).toEqual(['malformedrequest']);
    }
  });

  it('a GET body with malformed list parameters', async () => {
    expectError(
      await ann.send('GET', '/contacts/', { body: '<request><limit>5</request>', fmt: 'xml' }),
      400,
      'malformedrequest',
    );
  });
});

describe('unknown fields are 400 incorrectfield, named', () => {
  it.each(formats)('%s input', async (fmt: Format) => {
    const cases: [Record<string, unknown>, string][] = [
      [{ firstname: 'x', shoesize: '42' }, 'shoesize'],
      [{ categories: { add: { category: [1] }, bogus: { category: [1] } } }, 'categories.bogus'],
      [{ relateditems: { add: { relatedto: [{ id: record, colour: 'red' }] } } }, 'colour'],
      [{ custom4242: 'x' }, 'custom4242'], // a custom field this account has not defined
      [{ viewed: '2026-01-01' }, 'viewed'], // read-only, not part of the request (flagged is settable: issue 21)
      [{ creatorid: 1 }, 'creatorid'],
    ];
    for (const [body, name] of cases) {
      const r = await ann.post('/contacts/', body, { fmt });
      expect(r.status, `${JSON.stringify(body)}: ${r.text}`).toBe(400);
      expect(r.body.errors.incorrectfield, r.text).toContain(name);
    }
    const update = await ann.put(`/contacts/${record}/`, { jobtitle: 'x', nickname: 'y' }, { fmt });
    expect(update.status).toBe(400);
    expect(update.body.errors.incorrectfield).toContain('nickname');
    expect((await ann.show('contacts', record)).item.fields.nickname).toBeUndefined();
  });

  it('unknown list parameters are ignored, not rejected', async () => {
    expect((await ann.get('/contacts/?shoesize=42&layout=1&_=123')).status).toBe(200);
    expect(
      (
        await ann.send('GET', '/contacts/', {
          body: '<request><shoesize>42</shoesize><limit>1</limit></request>',
          fmt: 'xml',
        })
      ).status,
    ).toBe(200);
  });
});

describe('client errors are never 500 and never show internals', () => {
  // Client.send fails any 500 and any stack trace or source path in a body.
  it('a sweep of odd requests', async () => {
    const deep = '<request>' + '<a>'.repeat(200) + '</a>'.repeat(200) + '</request>';
    const answers = await Promise.all([
      ann.post('/contacts/', deep, { fmt: 'xml' }),
      ann.post('/contacts/', '[1,2,3]', { fmt: 'json' }),
      ann.post('/contacts/', 'null', { fmt: 'json' }),
      ann.post('/contacts/', '{"firstname":{"nested":true}}', { fmt: 'json' }),
      ann.post('/contacts/', 'categories[add][category][x][y]=1&relateditems=3', { fmt: 'form' }),
      ann.post('/contacts/', '__proto__[polluted]=1&constructor[prototype][x]=1', { fmt: 'form' }),
      ann.post('/contacts/', { ownership: 'me' }),
      ann.post('/contacts/', { ownership: 1e20 }),
      ann.get('/contacts/?limit=-1'),
      ann.get('/contacts/?limit=1e3'),
      ann.get('/contacts/?start=abc'),
      ann.get('/contacts/?sortfield=__proto__'),
      ann.get('/contacts/?filtermode=category&filtervalue=abc'),
      ann.get('/contacts/?searchmode=C999999'),
      ann.get('/contacts/999999999999999/'),
      ann.put('/contacts/999999999999999/', {}),
      ann.get('/ownership/?deleted=x'),
      ann.post('/contacts/categories/', { name: 'x'.repeat(100_000) }),
    ]);
    for (const r of answers) {
      expect(r.status).toBeGreaterThanOrEqual(200);
      expect(r.status).toBeLessThan(500);
      if (r.status >= 400) expect(r.body.status).toBe('failed');
    }
    // The service still answers normally afterwards (a polluted prototype would break its encoders).
    for (const accept of ['json', 'xml'] as const) {
      const after = await ann.get(`/contacts/${record}/`, { accept });
      expect(after.status).toBe(200);
      expect(after.text).not.toContain('polluted');
    }
  });
});

describe('Content-Length and Connection: close', () => {
  const auth = () => `Authorization: ${ann.auth}\r\n`;

  it('pipelined keep-alive requests each get a Content-Length (never chunked) and the socket stays open', async () => {
    const reqs = [
      `GET /contacts/${record}/ HTTP/1.1\r\nHost: t\r\n${auth()}\r\n`,
      `GET /nope HTTP/1.1\r\nHost: t\r\n${auth()}\r\n`,
      `GET /contacts/ HTTP/1.1\r\nHost: t\r\n\r\n`,
      `PATCH /contacts/ HTTP/1.1\r\nHost: t\r\n${auth()}\r\n`,
      `POST /contacts/ HTTP/1.1\r\nHost: t\r\n${auth()}Content-Type: text/plain\r\nContent-Length: 2\r\n\r\nhi`,
      `POST /batch HTTP/1.1\r\nHost: t\r\n${auth()}Content-Type: multipart/mixed\r\nContent-Length: 2\r\n\r\nhi`,
    ];
    const { text, closed } = await rawHttp(server.base, reqs.join(''), 400);
    expect(closed).toBe(false);
    const responses = splitResponses(text);
    expect(responses.map((r) => r.status)).toEqual([200, 404, 401, 405, 415, 400]);
    for (const r of responses) {
      expect(r.headers['transfer-encoding']).toBeUndefined();
      expect(Buffer.byteLength(r.body, 'latin1')).toBe(Number(r.headers['content-length']));
    }
  });

  it('Connection: close is honoured: the answer says so and the server closes the socket', async () => {
    for (const req of [
      `GET /contacts/${record}/ HTTP/1.1\r\nHost: t\r\n${auth()}Connection: close\r\n\r\n`,
      `GET /contacts/ HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n`,
      `GET /nope HTTP/1.1\r\nHost: t\r\n${auth()}Connection: Close\r\n\r\n`,
      `POST /contacts/ HTTP/1.1\r\nHost: t\r\n${auth()}Content-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
    ]) {
      const { text, closed } = await rawHttp(server.base, req, 3000);
      expect(closed).toBe(true);
      const responses = splitResponses(text);
      expect(responses).toHaveLength(1);
      expect(responses[0].headers.connection).toBe('close');
      expect(Buffer.byteLength(responses[0].body, 'latin1')).toBe(Number(responses[0].headers['content-length']));
    }
  });
});

describe('authentication', () => {
  it('missing, wrong token, unknown user or a malformed header: 401 authenticationfailed with the envelope', async () => {
    const headers = [
      null,
      basic('ann@example.com', 'wrong'),
      basic('ann@example.com', ''),
      basic('nobody@example.com', 'secret1'),
      basic('bob@example.com', 'secret1'), // another user's token
      'Bearer secret1',
      'Basic !!!not-base64',
      `Basic ${Buffer.from('ann@example.com').toString('base64')}`, // no colon
      `Basic ${Buffer.from([0xff, 0x3a, 0x41]).toString('base64')}`, // not UTF-8
    ];
    for (const auth of headers) {
      for (const accept of ['json', 'xml'] as const) {
        const r = await ann.get(`/contacts/${record}/`, { auth, accept });
        expect(r.status, String(auth)).toBe(401);
        expect(r.headers.get('www-authenticate')).toMatch(/^Basic /);
        expect(r.body.status).toBe('failed');
        expect(Object.keys(r.body.errors)).toEqual(['authenticationfailed']);
        expect(r.text).not.toContain('Ann');
      }
    }
  });

  it('the e-mail address is not case-sensitive; the token is', async () => {
    expect((await ann.get('/contacts/', { auth: basic('ANN@Example.com', 'secret1') })).status).toBe(200);
    expect((await ann.get('/contacts/', { auth: basic('ann@example.com', 'SECRET1') })).status).toBe(401);
  });

  it('nothing is done for an unauthenticated write', async () => {
    const before = (await ann.list('contacts', 'limit=5000')).count;
    expect((await ann.post('/contacts/', { firstname: 'Intruder' }, { auth: null })).status).toBe(401);
    expect((await ann.delete(`/contacts/${record}/`, { auth: basic('ann@example.com', 'nope') })).status).toBe(401);
    expect((await ann.list('contacts', 'limit=5000')).count).toBe(before);
    expect((await ann.get(`/contacts/${record}/`)).status).toBe(200);
  });
});

describe('accounts are isolated', () => {
  it('another account cannot show, update or delete a record: 404 itemisnotfound; its lists do not contain it', async () => {
    const id = await ann.create('contacts', {
      firstname: 'Private',
      lastname: 'Person',
      businessemail: 'p@example.com',
    });
    const tag = (await ann.post('/contacts/categories/', { name: 'Secret tag' })).body.id;
    await ann.put(`/contacts/${id}/`, { categories: { add: { category: [tag] } } });
    for (const fmt of formats) {
      expectError(await bob.get(`/contacts/${id}/`), 404, 'itemisnotfound');
      expectError(await bob.put(`/contacts/${id}/`, { jobtitle: 'Hacked' }, { fmt }), 404, 'itemisnotfound');
      expectError(await bob.delete(`/contacts/${id}/`), 404, 'itemisnotfound');
    }
    // Nor reach it through ids of its own requests.
    const mine = await bob.create('contacts', { firstname: 'Bob' });
    expectError(
      await bob.put(`/contacts/${mine}/`, { relateditems: { add: { relatedto: [{ id }] } } }),
      400,
      'invalidvalue',
    );
    expectError(await bob.put(`/contacts/${mine}/`, { categories: { add: { category: [tag] } } }), 400, 'invalidvalue');
    const annUser = (await ann.get('/ownership/')).body.users[0].id;
    expectError(await bob.put(`/contacts/${mine}/`, { ownership: annUser }), 400, 'unknownowner');
    expectError(await bob.put(`/contacts/${mine}/`, { assignedto: annUser }), 400, 'unknownowner');
    expectError(await bob.post('/contacts/note/', { parent: id, data: { details: 'x' } }), 404, 'itemisnotfound');
    // Lists, searches and filters of the other account never contain it.
    for (const q of [
      'limit=5000',
      'filtermode=archived',
      'searchmode=Cany&searchvalue=Private',
      `filtermode=category&filtervalue=${tag}`,
      'filtermode=byemail',
    ]) {
      expect((await bob.list('contacts', q)).ids, q).not.toContain(id);
    }
    expect((await bob.list('contacts', 'limit=5000')).ids).toEqual([mine]);
    expect((await bob.get('/contacts/categories/')).body.categories).toEqual([]);
    expect((await bob.get('/ownership/')).body.users.map((u: { email: string }) => u.email)).toEqual([
      'bob@example.com',
    ]);
    // And it is unchanged.
    const shown = await ann.show('contacts', id);
    expect(shown.item.fields.jobtitle).toBeUndefined();
    expect(shown.categories).toEqual([{ id: tag, name: 'Secret tag' }]);
    // The other way round too.
    expectError(await ann.get(`/contacts/${mine}/`), 404, 'itemisnotfound');
    expect((await ann.list('contacts', 'limit=5000')).ids).not.toContain(mine);
  });
});
