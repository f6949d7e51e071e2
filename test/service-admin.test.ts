// The service on a SQLite file, changed from outside the API the way an administrator would:
// custom fields, users and groups with the crmgen admin commands (the API has no endpoint for
// them), and, for what neither the API nor the CLI can set (flagged, record times in the past),
// a direct write to the database file; the effect is then checked over HTTP.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, startServer, type RunningServer } from './support/server.ts';
import { Client, crmgen, expectError, formats, type Format } from './support/api.ts';

let dir: string;
let db: string;
let server: RunningServer;
let ann: Client;
let bob: Client; // another account
let annId: number;

const day = 86_400_000;

/** A short write to the database file beside the running server (WAL; the server holds no lock between calls). */
function sql(statement: string, ...params: unknown[]): void {
  const conn = new Database(db);
  try {
    conn.pragma('busy_timeout = 5000');
    conn.prepare(statement).run(...params);
  } finally {
    conn.close();
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'crmgen-admin-'));
  db = join(dir, 'crm.sqlite');
  server = await startServer({ db, users: ['ann@example.com:secret1', 'bob@example.com:pw2:other'] });
  ann = new Client(server.base, ['ann@example.com', 'secret1']);
  bob = new Client(server.base, ['bob@example.com', 'pw2']);
  annId = (await ann.get('/ownership/')).body.users[0].id;
});
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('GET /{kind}/fields/ with custom fields (crmgen fields add)', () => {
  let size: number;
  let nick: number;
  beforeAll(() => {
    expect(
      crmgen(
        'fields',
        'add',
        'contacts',
        '--label',
        'Size',
        '--type',
        'select',
        '--option',
        'S',
        '--option',
        'M',
        '--db',
        db,
      ),
    ).toMatch(/^field (\d+) custom\1 \(Size\) on contacts/);
    expect(crmgen('fields', 'add', 'contacts', '--label', 'Nickname', '--type', 'text', '--db', db)).toMatch(
      /custom\d+ \(Nickname\)/,
    );
  });

  it('lists the standard fields, then the custom ones (custom<id>, label, type, options), in JSON and XML', async () => {
    const json = (await ann.get('/contacts/fields/')).body.fields;
    expect(json.slice(0, 1)).toEqual([{ id: 1, name: 'firstname', label: 'First name', type: 'text' }]);
    const custom = json.slice(-2);
    size = custom[0].id;
    nick = custom[1].id;
    expect(size).toBeGreaterThanOrEqual(1001);
    expect(custom).toEqual([
      { id: size, name: `custom${size}`, label: 'Size', type: 'select', options: ['S', 'M'] },
      { id: nick, name: `custom${nick}`, label: 'Nickname', type: 'text' },
    ]);
    const xml = (await ann.get('/contacts/fields', { accept: 'xml' })).body.fields.field;
    expect(xml.at(-2)).toEqual({
      id: String(size),
      name: `custom${size}`,
      label: 'Size',
      type: 'select',
      options: { option: ['S', 'M'] },
    });
    // Other kinds and other accounts do not have them.
    expect(
      (await ann.get('/companies/fields/')).body.fields.some((f: { name: string }) => f.name.startsWith('custom')),
    ).toBe(false);
    expect(
      (await bob.get('/contacts/fields/')).body.fields.some((f: { name: string }) => f.name.startsWith('custom')),
    ).toBe(false);
  });

  it.each(formats)(
    '%s input: records take custom field values; a select takes only its options',
    async (fmt: Format) => {
      const r = await ann.post(
        '/contacts/',
        { firstname: `Custom ${fmt}`, [`custom${size}`]: 'M', [`custom${nick}`]: 'Shorty' },
        { fmt },
      );
      expect(r.status, r.text).toBe(201);
      expect(r.body.item.fields).toMatchObject({ [`custom${size}`]: 'M', [`custom${nick}`]: 'Shorty' });
      const id = r.body.item.id;
      expect((await ann.put(`/contacts/${id}/`, { [`custom${size}`]: 'S' }, { fmt })).status).toBe(200);
      expect((await ann.show('contacts', id)).item.fields[`custom${size}`]).toBe('S');
      const xml = await ann.get(`/contacts/${id}/`, { accept: 'xml' });
      expect(xml.text).toMatch(new RegExp(`<custom${size}( label="Size")?>S</custom${size}>`));
      expectError(await ann.put(`/contacts/${id}/`, { [`custom${size}`]: 'XL' }, { fmt }), 400, 'notinlist');
      expectError(await ann.post('/contacts/', { [`custom${size + 100}`]: 'x' }, { fmt }), 400, 'incorrectfield');
      // Another account has no such field.
      const other = await bob.post('/contacts/', { [`custom${size}`]: 'M' }, { fmt });
      expect(other.status).toBe(400);
      expect(other.body.errors.incorrectfield).toContain(`custom${size}`);
    },
  );

  it('searchmode C, S, E and N work on custom field ids', async () => {
    const small = await ann.create('contacts', {
      firstname: 'Small',
      [`custom${size}`]: 'S',
      [`custom${nick}`]: 'Tiny Tim',
    });
    const plain = await ann.create('contacts', { firstname: 'Plain' });
    const ids = async (q: string) => (await ann.list('contacts', `${q}&limit=5000`)).ids;
    expect(await ids(`searchmode=C${nick}&searchvalue=tim`)).toEqual([small]);
    expect(await ids(`searchmode=S${nick}&searchvalue=tiny`)).toEqual([small]);
    expect(await ids(`searchmode=S${nick}&searchvalue=tim`)).toEqual([]);
    expect(await ids(`searchmode=E${size}`)).toContain(plain);
    expect(await ids(`searchmode=E${size}`)).not.toContain(small);
    expect(await ids(`searchmode=N${size}`)).toContain(small);
    expect(await ids(`searchmode=N${size}`)).not.toContain(plain);
  });
});

describe('GET /ownership/ with users and groups (crmgen users add, groups add) and deleted=1', () => {
  let danId: number;
  let salesId: number;
  let supportId: number;
  beforeAll(() => {
    danId = Number(
      /^user (\d+) dan@example\.com/.exec(
        crmgen('users', 'add', 'dan@example.com', '--name', 'Dan Brown', '--token', 'dan-token', '--db', db),
      )![1],
    );
    salesId = Number(
      /^group (\d+) Sales/.exec(
        crmgen('groups', 'add', 'Sales', '--email', 'sales@example.com', '--member', String(annId), '--db', db),
      )![1],
    );
    supportId = Number(
      /^group (\d+) Support/.exec(crmgen('groups', 'add', 'Support', '--email', 'support@example.com', '--db', db))![1],
    );
  });

  it('lists the account’s users and groups in JSON and XML; user and group ids never coincide', async () => {
    const json = (await ann.get('/ownership/')).body;
    expect(json.users.map((u: { id: number; email: string; name: string }) => [u.id, u.email, u.name])).toEqual([
      [annId, 'ann@example.com', 'ann'],
      [danId, 'dan@example.com', 'Dan Brown'],
    ]);
    expect(json.users[1]).toEqual({
      id: danId,
      name: 'Dan Brown',
      email: 'dan@example.com',
      preventlogin: 0,
      preventprivatedata: 0,
      administrator: 0,
    });
    expect(json.groups).toEqual([
      { id: salesId, name: 'Sales', email: 'sales@example.com' },
      { id: supportId, name: 'Support', email: 'support@example.com' },
    ]);
    const ids = [...json.users, ...json.groups].map((x: { id: number }) => x.id);
    expect(new Set(ids).size).toBe(ids.length);
    const xml = (await ann.get('/ownership', { accept: 'xml' })).body;
    expect(xml.groups.group).toEqual([
      { id: String(salesId), name: 'Sales', email: 'sales@example.com' },
      { id: String(supportId), name: 'Support', email: 'support@example.com' },
    ]);
    expect(xml.users.user[1]).toMatchObject({ id: String(danId), email: 'dan@example.com', administrator: '0' });
    // The other account sees only its own.
    expect((await bob.get('/ownership/')).body).toMatchObject({ users: [{ email: 'bob@example.com' }], groups: [] });
  });

  it('a new user authenticates with the token and works in the same account', async () => {
    const dan = new Client(server.base, ['dan@example.com', 'dan-token']);
    const id = await dan.create('contacts', { firstname: 'By Dan' });
    expect((await ann.show('contacts', id)).item).toMatchObject({
      ownership: danId,
      fields: { creatorid: danId, creatorname: 'Dan Brown' },
    });
  });

  it('records can be owned by and assigned to a group; filtermode owner and assigned find them', async () => {
    const id = await ann.create('contacts', { firstname: 'Group owned', ownership: salesId, assignedto: supportId });
    expect((await ann.show('contacts', id)).item).toMatchObject({
      ownership: salesId,
      fields: { assignedto: supportId },
    });
    expect((await ann.list('contacts', `filtermode=owner&filtervalue=${salesId}`)).ids).toEqual([id]);
    expect((await ann.list('contacts', `filtermode=assigned&filtervalue=${supportId}`)).ids).toEqual([id]);
    expect((await ann.list('contacts', `filtermode=owner&filtervalue=${danId}`)).ids).not.toContain(id);
    // The other account cannot give its records to them.
    const mine = await bob.create('contacts', { firstname: 'Bob' });
    expectError(await bob.put(`/contacts/${mine}/`, { ownership: salesId }), 400, 'unknownowner');
  });

  it('deleted users and groups: left out unless deleted=1; they cannot log in or own new records', async () => {
    crmgen('users', 'delete', 'dan@example.com', '--db', db);
    crmgen('groups', 'delete', String(supportId), '--db', db);
    const live = (await ann.get('/ownership/')).body;
    expect(live.users.map((u: { id: number }) => u.id)).toEqual([annId]);
    expect(live.groups.map((g: { id: number }) => g.id)).toEqual([salesId]);
    for (const accept of ['json', 'xml'] as const) {
      const all = (await ann.get('/ownership/?deleted=1', { accept })).body;
      const users = accept === 'json' ? all.users : all.users.user;
      const groups = accept === 'json' ? all.groups : all.groups.group;
      expect(users.map((u: { id: number | string }) => Number(u.id))).toEqual([annId, danId]);
      expect(groups.map((g: { id: number | string }) => Number(g.id))).toEqual([salesId, supportId]);
    }
    expect((await ann.get('/ownership/?deleted=0')).body).toEqual(live);
    expect((await ann.get('/contacts/', { auth: basic('dan@example.com', 'dan-token') })).status).toBe(401);
    expectError(await ann.post('/contacts/', { firstname: 'x', ownership: danId }), 400, 'unknownowner');
    expectError(await ann.post('/contacts/', { firstname: 'x', ownership: supportId }), 400, 'unknownowner');
  });
});

describe('flagged (set in the database file: the API has no way to flag a record)', () => {
  it('filtermode flagged, the flagged element and sortfield flagged follow the stored flag', async () => {
    const flagged = await ann.create('tickets', { name: 'Flagged one' });
    const plain = await ann.create('tickets', { name: 'Plain one' });
    sql('UPDATE records SET flagged = 1 WHERE id = ?', flagged);
    expect((await ann.list('tickets', 'filtermode=flagged')).ids).toEqual([flagged]);
    expect((await ann.show('tickets', flagged)).item.flagged).toBe(1);
    expect((await ann.get(`/tickets/${flagged}`, { accept: 'xml' })).text).toContain('<flagged>1</flagged>');
    expect((await ann.get(`/tickets/${plain}`, { accept: 'xml' })).text).toContain('<flagged/>');
    expect((await ann.list('tickets', 'sortfield=flagged&sortdir=DESC')).ids).toEqual([flagged, plain]);
    expect((await ann.list('tickets', 'sortfield=flagged&sortdir=ASC')).ids).toEqual([plain, flagged]);
    expect((await ann.list('tickets', 'layout=1')).body[`id${flagged}`].flagged).toBe(1);
  });
});

describe('created, updated, viewed, notviewed, notupdated with older records (times set in the database file)', () => {
  const rec: Record<string, number> = {};
  beforeAll(async () => {
    for (const name of ['old', 'mid', 'fresh']) rec[name] = await ann.create('projectblogs', { name });
    const now = Date.now();
    sql(
      'UPDATE records SET created = ?, viewed = ?, updated = ? WHERE id = ?',
      now - 40 * day,
      now - 40 * day,
      now - 40 * day,
      rec.old,
    );
    sql(
      'UPDATE records SET created = ?, viewed = ?, updated = ? WHERE id = ?',
      now - 10 * day,
      now - 10 * day,
      now - 10 * day,
      rec.mid,
    );
  });
  const ids = async (q: string) => (await ann.list('projectblogs', `${q}&sortfield=created`)).ids;

  it('created, updated, viewed: within 7 days by default, or filtervalue days', async () => {
    for (const mode of ['created', 'updated', 'viewed']) {
      expect(await ids(`filtermode=${mode}`), mode).toEqual([rec.fresh]);
      expect(await ids(`filtermode=${mode}&filtervalue=15`), mode).toEqual([rec.mid, rec.fresh]);
      expect(await ids(`filtermode=${mode}&filtervalue=60`), mode).toEqual([rec.old, rec.mid, rec.fresh]);
    }
  });

  it('notviewed, notupdated: not within 30 days by default, or filtervalue days', async () => {
    for (const mode of ['notviewed', 'notupdated']) {
      expect(await ids(`filtermode=${mode}`), mode).toEqual([rec.old]);
      expect(await ids(`filtermode=${mode}&filtervalue=5`), mode).toEqual([rec.old, rec.mid]);
      expect(await ids(`filtermode=${mode}&filtervalue=60`), mode).toEqual([]);
    }
  });

  it('show makes a record viewed; update makes it updated', async () => {
    await ann.show('projectblogs', rec.old);
    expect(await ids('filtermode=viewed')).toEqual([rec.old, rec.fresh]);
    expect(await ids('filtermode=notviewed')).toEqual([]);
    expect(await ids('filtermode=notupdated')).toEqual([rec.old]);
    expect((await ann.put(`/projectblogs/${rec.mid}/`, { website: 'm.example' })).status).toBe(200);
    expect(await ids('filtermode=updated')).toEqual([rec.mid, rec.fresh]);
    expect(await ids('filtermode=created')).toEqual([rec.fresh]);
  });
});
