// Acceptance of the generated TypeScript client (generated/client/index.ts over runtime/client.ts),
// end to end against a real `crmgen serve` on 127.0.0.1: every operation in XML and in JSON with
// typed results, batches (a failing part, splitting above 100 calls), paging, retries and timeouts
// through a small node:http proxy that can fail on purpose, local validation, quota, auth errors
// and webhook deliveries checked with verifyWebhook and decodeNotification.
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  asId,
  AuthenticationError,
  ConnectionError,
  createClient,
  decodeNotification,
  NotFoundError,
  RateLimitError,
  ServerError,
  ServiceError,
  ValidationError,
  verifyWebhook,
  type ApiPromise,
  type Client,
  type ClientOptions,
  type ContactId,
  type Quota,
  type TasklistId,
} from '../generated/client/src/index.ts';
// Every type of the API, as the client's entry point exports it.
import type * as T from '../generated/client/src/index.ts';
import { basic, startServer, steadyQuotaWindow, type RunningServer } from './support/server.ts';

type Format = 'xml' | 'json';
const formats: Format[] = ['xml', 'json'];

const ann = { email: 'ann@example.com', token: 'secret1' };
// Users in accounts of their own, so their record counts are exact.
const bob = { email: 'bob@example.com', token: 'secret2' }; // batch splitting
const carol = { email: 'carol@example.com', token: 'secret3' }; // paging
const dave = { email: 'dave@example.com', token: 'secret4' }; // local validation

const isoUtc = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;
const createdText = /^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}:\d{2}$/;

// ---------------------------------------------------------------------------------------------
// A tiny HTTP proxy on 127.0.0.1: records every request, then forwards it or fails it on purpose.

type Plan = 'forward' | 'hang' | 'destroy' | { status: number; body?: string; headers?: Record<string, string> };
interface Seen {
  method: string;
  url: string;
  contentType: string | undefined;
  accept: string | undefined;
  headers: IncomingMessage['headers'];
  body: Buffer;
}
interface Proxy {
  base: string;
  seen: Seen[];
  /** Decides what happens to the n-th request (0-based); default: forward everything. */
  plan: (req: Seen, n: number) => Plan;
  close(): Promise<void>;
}

async function startProxy(target: string): Promise<Proxy> {
  const upstream = new URL(target);
  const proxy: Proxy = { base: '', seen: [], plan: () => 'forward', close: async () => {} };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const seen: Seen = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        contentType: req.headers['content-type'],
        accept: req.headers.accept,
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      const n = proxy.seen.push(seen) - 1;
      const plan = proxy.plan(seen, n);
      if (plan === 'hang') return; // never answers; the client's timeout ends it
      if (plan === 'destroy') return void req.socket.destroy();
      if (plan !== 'forward') {
        res.writeHead(plan.status, { 'content-type': 'text/plain', ...plan.headers });
        return void res.end(plan.body ?? 'Service Unavailable');
      }
      const out = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: upstream.host },
        },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      out.on('error', () => res.destroy());
      out.end(seen.body);
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  proxy.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise<void>((ok) => {
      server.close(() => ok());
      server.closeAllConnections();
    });
  return proxy;
}

// A webhook receiver on 127.0.0.1 (the server runs with --allow-private-webhooks).
interface Delivery {
  contentType: string;
  signature: string | undefined;
  body: string;
}
async function startReceiver(): Promise<{ url: string; deliveries: Delivery[]; close(): Promise<void> }> {
  const deliveries: Delivery[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const sig = req.headers['x-service-hmac-sha256'];
      deliveries.push({
        contentType: req.headers['content-type'] ?? '',
        signature: Array.isArray(sig) ? sig[0] : sig,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    deliveries,
    close: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
}

async function until<V>(what: string, probe: () => V | undefined, timeoutMs = 10_000): Promise<V> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The error a promise rejects with (fails the test when it resolves). */
async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected the call to fail');
}
async function serviceError(p: Promise<unknown>): Promise<ServiceError> {
  const e = await rejection(p);
  expect(e).toBeInstanceOf(ServiceError);
  return e as ServiceError;
}

// ---------------------------------------------------------------------------------------------

let server: RunningServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const proxies: Proxy[] = [];

beforeAll(async () => {
  server = await startServer({
    users: [
      `${ann.email}:${ann.token}`,
      `${bob.email}:${bob.token}:split`,
      `${carol.email}:${carol.token}:paging`,
      `${dave.email}:${dave.token}:local`,
    ],
    args: ['--allow-private-webhooks', '--webhook-retry-ms', '50'],
  });
  receiver = await startReceiver();
});
afterAll(async () => {
  await Promise.all(proxies.map((p) => p.close()));
  await receiver?.close();
  await server?.stop();
});

async function proxy(): Promise<Proxy> {
  const p = await startProxy(server.base);
  proxies.push(p);
  return p;
}

type Responses = { status: number; quota: Quota | undefined; method: string; path: string }[];
function client(
  user: { email: string; token: string },
  options: Partial<ClientOptions> = {},
): { crm: Client; responses: Responses } {
  const responses: Responses = [];
  const crm = createClient({
    baseUrl: server.base,
    email: user.email,
    token: user.token,
    timeoutMs: 10_000,
    ...options,
    onResponse: (r) => responses.push(r),
  });
  return { crm, responses };
}

/** The same request sent by hand (JSON), for the service's own answer. */
async function raw(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; errors: Record<string, string> }> {
  const res = await fetch(server.base + path, {
    method,
    headers: {
      authorization: basic(dave.email, dave.token),
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { errors?: Record<string, string> };
  return { status: res.status, errors: json.errors ?? {} };
}

describe.each(formats)('the client in %s', (format) => {
  let crm: Client;
  let responses: Responses;
  let wire: Proxy;
  const mime = `application/${format}`;

  beforeAll(async () => {
    // Through a recording proxy, to see that the format is the one asked for.
    wire = await proxy();
    ({ crm, responses } = client(ann, { format, baseUrl: wire.base }));
  });

  it('creates, shows, lists, updates and deletes records of every kind', async () => {
    const contact = await crm.contacts.create({
      firstname: 'Ann',
      lastname: `Lee ${format}`,
      businessemail: 'ann.lee@example.com',
      jobtitle: 'Buyer',
    });
    expectTypeOf(contact).toEqualTypeOf<T.CreateRecordResponse<'contacts', T.ActivitySegment>>();
    expectTypeOf(contact.item.fields.firstname).toEqualTypeOf<string | undefined>();
    expect(contact.status).toBe('success');
    expect(contact.item).toMatchObject({
      name: `Ann Lee ${format}`,
      typeid: 1,
      flagged: 0,
      fields: { firstname: 'Ann', lastname: `Lee ${format}`, businessemail: 'ann.lee@example.com', jobtitle: 'Buyer' },
    });
    expect(contact.item.created).toMatch(isoUtc);
    // The service adds the read-only audit fields; Item<K>['fields'] does not declare them (see the report).
    expect(contact.item.fields as T.ContactFields & T.AuditFields).toMatchObject({
      creatorid: expect.any(Number),
      creatorname: 'ann',
      creatordate: expect.any(Number),
    });

    const companies = await crm.companies.create({
      name: `Acme ${format}`,
      website: 'https://acme.example.com',
      relateditems: { add: [{ id: contact.item.id, note: 'buyer' }] },
    });
    expectTypeOf(companies.item.fields.name).toEqualTypeOf<string | undefined>();
    expect(companies.item).toMatchObject({
      name: `Acme ${format}`,
      typeid: 40,
      fields: { name: `Acme ${format}`, website: 'https://acme.example.com' },
    });
    const blog = await crm.projectblogs.create({ name: `Launch ${format}` });
    expect(blog.item).toMatchObject({ name: `Launch ${format}`, typeid: 2 });
    const ticket = await crm.tickets.create({ name: `Printer ${format}`, background: 'on fire' });
    expect(ticket.item).toMatchObject({ name: `Printer ${format}`, typeid: 41, fields: { background: 'on fire' } });

    const shown = await crm.contacts.show(contact.item.id);
    expectTypeOf(shown).toEqualTypeOf<T.ShowRecordResponse<'contacts', T.ActivitySegment>>();
    // Show marks the record viewed now; everything else is what create returned.
    expect({ ...shown.item, viewed: undefined }).toEqual({ ...contact.item, viewed: undefined });
    const company = await crm.companies.show(companies.item.id);
    expect(company.relateditems).toEqual([expect.objectContaining({ id: contact.item.id, note: 'buyer' })]);
    expect((await crm.projectblogs.show(blog.item.id)).item.id).toBe(blog.item.id);
    expect((await crm.tickets.show(ticket.item.id)).item.fields.background).toBe('on fire');

    const updated = await crm.contacts.update(contact.item.id, {
      jobtitle: 'Head of Buying',
      cellularphone: '+44 7700 900123',
    });
    expectTypeOf(updated).toEqualTypeOf<T.UpdateRecordResponse>();
    expect(updated).toEqual({ status: 'success' });
    expect((await crm.contacts.show(contact.item.id)).item.fields).toMatchObject({
      jobtitle: 'Head of Buying',
      cellularphone: '+44 7700 900123',
    });
    // A kind chosen at run time: its resource and its id agree only when the kind is one type.
    const roundTrip = async <K extends 'companies' | 'projectblogs' | 'tickets'>(kind: K, id: T.RecordId<K>) => {
      const resource = crm[kind] as unknown as T.KindResource<K>;
      expect(await resource.update(id, { businessaddress: '1 High Street' } as T.UpdateRecordRequest<K>)).toEqual({
        status: 'success',
      });
      expect(((await resource.show(id)).item.fields as { businessaddress?: string }).businessaddress).toBe(
        '1 High Street',
      );
    };
    await roundTrip('companies', companies.item.id);
    await roundTrip('projectblogs', blog.item.id);
    await roundTrip('tickets', ticket.item.id);

    const page = await crm.contacts.list({
      layout: 1,
      fieldslist: ['firstname', 'jobtitle'],
      searchmode: 'Sany',
      searchvalue: 'Ann Lee',
      sortfield: 'name',
      sortdir: 'ASC',
      limit: 500,
    });
    expectTypeOf(page).toEqualTypeOf<T.ListRecordsResponse<'contacts'>>();
    expectTypeOf(page.entries).toEqualTypeOf<T.ListEntry<'contacts'>[] | undefined>();
    const entry = page.entries?.find((e) => e.id === contact.item.id);
    expect(entry).toMatchObject({
      id: contact.item.id,
      name: `Ann Lee ${format}`,
      firstname: 'Ann',
      jobtitle: 'Head of Buying',
    });
    expect(page.count).toBeGreaterThanOrEqual(1);
    for (const kind of ['companies', 'projectblogs', 'tickets'] as const) {
      const list = await crm[kind].list({ sortfield: 'created', sortdir: 'DESC' });
      expect(list.entries?.map((e) => e.id)).toEqual(
        expect.arrayContaining([
          { companies: companies.item.id, projectblogs: blog.item.id, tickets: ticket.item.id }[kind],
        ]),
      );
    }

    for (const [kind, id] of [
      ['companies', companies.item.id],
      ['projectblogs', blog.item.id],
      ['tickets', ticket.item.id],
    ] as const) {
      const resource = crm[kind] as unknown as T.KindResource<typeof kind>;
      const deleted = await resource.delete(id);
      expectTypeOf(deleted).toEqualTypeOf<T.DeleteRecordResponse>();
      expect(deleted).toEqual({ status: 'success' });
      expect((await serviceError(resource.show(id))).keys).toEqual(['itemisnotfound']);
    }
    expect(await crm.contacts.delete(contact.item.id)).toEqual({ status: 'success' });
    const gone = await serviceError(crm.contacts.show(contact.item.id));
    expect([gone.status, gone.keys, gone.local]).toEqual([404, ['itemisnotfound'], false]);

    // Every request of this client spoke the format asked for.
    expect(wire.seen.length).toBeGreaterThan(20);
    for (const s of wire.seen) {
      expect(s.accept).toBe(mime);
      if (s.body.length) expect(s.contentType).toBe(mime);
    }
  });

  it('creates and lists category tags, tags records with them, and lists fields and ownership', async () => {
    for (const kind of ['contacts', 'companies', 'projectblogs', 'tickets'] as const) {
      const tag = await crm[kind].categories.create({ name: `VIP ${kind} ${format}` });
      expectTypeOf(tag).toEqualTypeOf<T.CreateCategoryResponse>();
      expect(tag).toEqual({ id: expect.any(Number), status: 'success' });
      const tags = await crm[kind].categories.list();
      expectTypeOf(tags.categories).toEqualTypeOf<T.CategoryTag[]>();
      expect(tags.categories).toContainEqual({ id: tag.id, name: `VIP ${kind} ${format}` });
      expect(tags.status).toBe('success');

      const fields = await crm[kind].fields.list();
      expectTypeOf(fields.fields).toEqualTypeOf<T.FieldDefinition[]>();
      expect(fields.fields.length).toBeGreaterThan(0);
      for (const f of fields.fields) expect(f).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
      expect(fields.fields.map((f) => f.name)).toContain(kind === 'contacts' ? 'firstname' : 'name');
    }
    const tags = await crm.contacts.categories.list();
    const vip = tags.categories.find((c) => c.name === `VIP contacts ${format}`)!;
    const other = await crm.contacts.categories.create({ name: `Lead ${format}` });
    const tagged = await crm.contacts.create({ firstname: 'Tagged', categories: { add: [vip.id, other.id] } });
    expect(tagged.categories?.map((c) => c.id).sort((a, b) => a - b)).toEqual([vip.id, other.id].sort((a, b) => a - b));
    await crm.contacts.update(tagged.item.id, { categories: { remove: [other.id] } });
    expect((await crm.contacts.show(tagged.item.id)).categories).toEqual([{ id: vip.id, name: vip.name }]);
    const inCategory = await crm.contacts.list({
      layout: 1,
      categories: 1,
      filtermode: 'category',
      filtervalue: String(vip.id),
    });
    expect(inCategory.entries?.map((e) => e.id)).toContain(tagged.item.id);

    const owners = await crm.ownership.list();
    expectTypeOf(owners).toEqualTypeOf<T.ListOwnershipResponse>();
    expectTypeOf(owners.users[0].administrator).toEqualTypeOf<0 | 1>();
    expect(owners.status).toBe('success');
    expect(owners.users).toContainEqual(
      expect.objectContaining({ id: expect.any(Number), email: ann.email, preventlogin: 0 }),
    );
    // Users of other accounts are not visible.
    expect(owners.users.map((u) => u.email)).not.toContain(bob.email);
    expect(Array.isArray(owners.groups)).toBe(true);
    expect((await crm.ownership.list({ deleted: 1 })).users.map((u) => u.email)).toContain(ann.email);
  });

  it('creates, updates and deletes activities of many segments, with uploads as multipart/form-data', async () => {
    const { item } = await crm.contacts.create({ firstname: 'Journal', lastname: format });
    const acts = crm.contacts.activities;

    const note = await acts.note.create({ parent: item.id, data: { details: 'First call went well' } });
    expectTypeOf(note).toEqualTypeOf<T.CreateActivityResponse<'note'>>();
    expectTypeOf(note.data.details).toEqualTypeOf<string | undefined>();
    expect(note).toMatchObject({
      id: expect.any(Number),
      data: { details: 'First call went well' },
      status: 'success',
    });
    expect(note.created).toMatch(createdText);
    const noteUpdate = await acts.note.update(note.id, { data: { details: 'Second call went better' } });
    expectTypeOf(noteUpdate).toEqualTypeOf<T.UpdateActivityResponse>();
    expect(noteUpdate).toEqual({ status: 'success' });

    const list = await acts.tasklist.create({
      parent: item.id,
      data: { title: 'Onboarding', nodate: 0, milestonedate: '2026-12-20' },
    });
    const task = await acts.task.create({
      parent: list.id,
      data: {
        title: 'Send welcome pack',
        priority: 2,
        nodate: 0,
        duedate: '2026-12-01',
        timespentmeasure: 'hours',
        notifyoncomplete: ['boss@example.com'],
      },
    });
    expectTypeOf(task.data.timespentmeasure).toEqualTypeOf<T.Timemeasures | undefined>();
    expect(task.data).toMatchObject({
      title: 'Send welcome pack',
      priority: 2,
      duedate: '2026-12-01',
      notifyoncomplete: ['boss@example.com'],
    });
    expect(await acts.task.update(task.id, { data: { priority: 5, completed: 1 } })).toEqual({ status: 'success' });
    const time = await acts.timerecord.create({
      parent: task.id,
      data: { date: '2026-11-20', hours: 1.5, billable: 1, details: 'kick-off' },
    });
    expect(time.data).toMatchObject({ date: '2026-11-20', hours: 1.5, billable: 1 });
    const opportunity = await acts.opportunity.create({
      parent: item.id,
      data: {
        description: 'Printers',
        valueunit: 1250.5,
        valuecurrency: 'EUR',
        valueinterval: 'per month',
        valueduration: 12,
        stage: 40,
        probability: 60,
        closingdate: '2026-12-15',
        status: 'Pending',
      },
    });
    expectTypeOf(opportunity.data.valuecurrency).toEqualTypeOf<T.Currencies | undefined>();
    expect(opportunity.data).toMatchObject({
      valueunit: 1250.5,
      valuecurrency: 'EUR',
      valueinterval: 'per month',
      status: 'Pending',
    });
    expect(await acts.opportunity.update(opportunity.id, { data: { status: 'Won', probability: 100 } })).toEqual({
      status: 'success',
    });
    const followup = await acts.followup.create({
      parent: item.id,
      data: { details: 'Call back', nodate: 0, duedate: '2026-12-02', remindtime: 30 },
    });
    expect(followup.data.details).toBe('Call back');
    const event = await acts.event.create({
      parent: item.id,
      data: {
        title: 'Demo',
        timestart: '2026-12-03T10:00:00+00:00',
        timeend: '2026-12-03T11:00:00+00:00',
        location: 'Room 1',
        priority: 3,
      },
    });
    expect(event.data).toMatchObject({ title: 'Demo', timestart: '2026-12-03T10:00:00+00:00' });
    // A date in another save form (YYYY-MM-DD hh:mm:ss) is not rejected locally: the service reads it.
    const call = await acts.call.create({
      parent: item.id,
      data: { details: 'Intro call', dateoccured: '2026-11-20 10:30:00', duration: 15 },
    });
    expect(call.data).toMatchObject({ details: 'Intro call', dateoccured: '2026-11-20T10:30:00+00:00', duration: 15 });
    const comment = await acts.comment.create({ parent: call.id, data: { posttext: 'Nice people' } });
    expect(comment.data.posttext).toBe('Nice people');
    const website = await acts.website.create({
      parent: item.id,
      data: { caption: 'Home', url: 'https://example.com' },
    });
    await acts.separator.create({ parent: item.id, data: { title: 'Older', hidesiblings: 0 }, before: website.id });

    // Uploads: the body goes as multipart/form-data, the file as a part.
    const bytes = new TextEncoder().encode(`minutes of the ${format} meeting`);
    const before = wire.seen.length;
    const file = await acts.file.create(
      { parent: item.id, data: { caption: 'Minutes', file: { filename: 'minutes.txt', contenttype: 'text/plain' } } },
      { files: { file: bytes } },
    );
    expect(file.data).toEqual({
      caption: 'Minutes',
      file: { filename: 'minutes.txt', contenttype: 'text/plain', size: bytes.length },
    });
    const upload = wire.seen[before];
    expect(upload.method).toBe('POST');
    expect(upload.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload.body.toString('latin1')).toContain(`minutes of the ${format} meeting`);
    expect(upload.accept).toBe(mime);
    expect(
      await acts.file.update(
        file.id,
        { data: { caption: 'Minutes v2', file: { filename: 'minutes-v2.bin' } } },
        { files: { file: new Blob([new Uint8Array([1, 2, 3, 4])]) } },
      ),
    ).toEqual({ status: 'success' });
    const photos = await acts.photolist.create({ parent: item.id, data: { title: 'Office' } });
    const photo = await acts.photo.create(
      { parent: photos.id, data: { caption: 'Front desk', file: { filename: 'desk.png', contenttype: 'image/png' } } },
      { files: { file: new Blob([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], { type: 'image/png' }) } },
    );
    expect(photo.data.file).toEqual({ filename: 'desk.png', contenttype: 'image/png', size: 8 });

    const shown = await crm.contacts.show(item.id);
    const byId = new Map(shown.activities?.map((a) => [a.id, a]));
    expect(byId.get(note.id)).toMatchObject({
      typeid: 3,
      parent: item.id,
      level: 1,
      fields: { details: 'Second call went better' },
    });
    expect(byId.get(task.id)).toMatchObject({
      typeid: 14,
      parent: list.id,
      level: 2,
      fields: { priority: 5, completed: 1 },
    });
    expect(byId.get(time.id)).toMatchObject({ typeid: 15, parent: task.id, level: 3 });
    expect(byId.get(opportunity.id)?.fields).toMatchObject({ status: 'Won', probability: 100 });
    expect(byId.get(comment.id)).toMatchObject({ typeid: 91, parent: call.id });
    expect(byId.get(file.id)?.fields).toEqual({
      caption: 'Minutes v2',
      file: { filename: 'minutes-v2.bin', contenttype: 'application/octet-stream', size: 4 },
    });
    expect(byId.get(photo.id)).toMatchObject({ typeid: 24, parent: photos.id });
    expect(byId.get(event.id)?.typeid).toBeOneOf([4, 5]);

    // Activities of the other kinds.
    for (const kind of ['companies', 'projectblogs', 'tickets'] as const) {
      const resource = crm[kind] as unknown as T.KindResource<typeof kind>;
      const record = await resource.create({ name: `${kind} with a note` });
      const n = await resource.activities.note.create({ parent: record.item.id, data: { details: kind } });
      expect((await resource.show(record.item.id)).activities?.map((a) => a.id)).toEqual([n.id]);
      expect(await crm[kind].activities.note.delete(n.id)).toEqual({ status: 'success' });
    }

    const deleted = await acts.note.delete(note.id);
    expectTypeOf(deleted).toEqualTypeOf<T.DeleteActivityResponse>();
    expect(deleted).toEqual({ status: 'success' });
    expect(await acts.comment.delete(comment.id)).toEqual({ status: 'success' });
    const after = await crm.contacts.show(item.id);
    expect(after.activities?.map((a) => a.id)).not.toContain(note.id);
    expect(after.activities?.map((a) => a.id)).not.toContain(comment.id);
    // The service's own rules come back as ServiceErrors.
    // A number from elsewhere, passed off as a task list's id: the service still refuses it.
    const wrongParent = await serviceError(
      acts.task.create({ parent: asId('tasklist', item.id), data: { title: 'orphan' } }),
    );
    expect([wrongParent.status, wrongParent.keys, wrongParent.local]).toEqual([400, ['invalidparent'], false]);
    // @ts-expect-error: the types refuse completed: 1 on create; the service refuses it too.
    const completed = await serviceError(acts.followup.create({ parent: item.id, data: { completed: 1 } }));
    expect(completed.keys).toEqual(['cannotcreatecompleted']);
  });

  it('runs every report with typed results', async () => {
    const { item } = await crm.contacts.create({ firstname: 'Report', lastname: format });
    const acts = crm.contacts.activities;
    const list = await acts.tasklist.create({ parent: item.id, data: { title: 'Plan' } });
    const task = await acts.task.create({
      parent: list.id,
      data: { title: `Report task ${format}`, nodate: 0, duedate: '2026-12-05', priority: 1 },
    });
    const event = await acts.event.create({
      parent: item.id,
      data: { title: `Report event ${format}`, timestart: '2026-12-06', timeend: '2026-12-06' },
    });
    const followup = await acts.followup.create({
      parent: item.id,
      data: { details: `Report follow-up ${format}`, nodate: 0, duedate: '2026-12-07' },
    });
    const opportunity = await acts.opportunity.create({
      parent: item.id,
      data: {
        description: `Report deal ${format}`,
        valueunit: 99.5,
        valuecurrency: 'GBP',
        status: 'Won',
        closingdate: '2026-12-08',
      },
    });
    const time = await acts.timerecord.create({
      parent: task.id,
      data: { date: '2026-12-05', hours: 2.25, billable: 1, details: `Report time ${format}` },
    });

    const next = await crm.reports.nextactions({ due: '2026-12-01,2026-12-31', itemsdata: 1 });
    expectTypeOf(next.actions).toEqualTypeOf<T.ReportAction<T.KindName>[]>();
    expect(next.status).toBe('success');
    expect(next.actions).toContainEqual(
      expect.objectContaining({ id: task.id, type: 14, itemid: item.id, itemtype: 1, title: `Report task ${format}` }),
    );
    expect(next.actions.find((a) => a.id === event.id)).toMatchObject({ type: 4, title: `Report event ${format}` });
    expect(next.actions.find((a) => a.id === task.id)?.date).toMatch(isoUtc);

    const calendar = await crm.reports.calendar({ start: '2026-12-01', end: '2026-12-31', filter: '' });
    expectTypeOf(calendar).toEqualTypeOf<T.ReportCalendarResponse<T.KindName>>();
    expect(calendar.actions.map((a) => a.id)).toEqual(expect.arrayContaining([task.id, event.id]));
    const outside = await crm.reports.calendar({ start: '2027-01-01', end: '2027-01-31' });
    expect(outside.actions.map((a) => a.id)).not.toContain(task.id);

    const followups = await crm.reports.followups({ due: '2026-12-01,2026-12-31' });
    expectTypeOf(followups.followups).toEqualTypeOf<T.ReportFollowup<T.KindName>[]>();
    expect(followups.followups).toContainEqual(
      expect.objectContaining({ id: followup.id, type: 6, itemid: item.id, details: `Report follow-up ${format}` }),
    );

    const opportunities = await crm.reports.opportunities({ status: 'won' });
    expectTypeOf(opportunities.opportunities[0].valuecurrency).toEqualTypeOf<T.Currencies | undefined>();
    expect(opportunities.opportunities).toContainEqual(
      expect.objectContaining({ id: opportunity.id, type: 32, valueunit: 99.5, valuecurrency: 'GBP', status: 'Won' }),
    );
    expect((await crm.reports.opportunities({ status: 'lost' })).opportunities.map((o) => o.id)).not.toContain(
      opportunity.id,
    );

    const activities = await crm.reports.activities({
      start: '2020-01-01',
      end: '2099-12-31',
      last: 'created',
      types: [14, 32],
      itemtypes: [1],
    });
    expectTypeOf(activities.activities).toEqualTypeOf<T.ReportActivity<T.KindName>[]>();
    const ids = activities.activities.map((a) => a.id);
    expect(ids).toEqual(expect.arrayContaining([task.id, opportunity.id]));
    expect(ids).not.toContain(followup.id);

    const timetracking = await crm.reports.timetracking({
      start: '2026-12-01',
      end: '2026-12-31',
      filter: 'billable',
      itemtypes: [1],
    });
    expectTypeOf(timetracking.timerecords[0].hours).toEqualTypeOf<number>();
    expect(timetracking.timerecords).toContainEqual(
      expect.objectContaining({
        id: time.id,
        type: 15,
        itemid: item.id,
        taskid: task.id,
        tasklistid: list.id,
        hours: 2.25,
        billable: 1,
        details: `Report time ${format}`,
        taskname: `Report task ${format}`,
        tasklistname: 'Plan',
      }),
    );
    expect(
      (
        await crm.reports.timetracking({ start: '2026-12-01', end: '2026-12-31', filter: 'non-billable' })
      ).timerecords.map((t) => t.id),
    ).not.toContain(time.id);
  });

  it('creates, updates, lists and deletes webhooks, and verifies and decodes a delivery', async () => {
    const secret = `s3cret-${format}`;
    const hook = await crm.hooks.create({
      type: 'web',
      title: `contacts to ${format}`,
      active: 0,
      event: 'items.create',
      constrainttype: 'contact',
      url: receiver.url,
      contenttype: format,
      secret,
    });
    expectTypeOf(hook).toEqualTypeOf<T.CreateHookResponse>();
    expect(hook).toMatchObject({
      id: expect.any(Number),
      status: 'success',
      event: 'items.create',
      url: receiver.url,
      contenttype: format,
      active: 0,
    });
    const activated = await crm.hooks.update(hook.id, { active: 1 });
    expectTypeOf(activated).toEqualTypeOf<T.UpdateHookResponse>();
    expect(activated).toEqual({ status: 'success' });
    const hooks = await crm.hooks.list();
    expectTypeOf(hooks.hooks).toEqualTypeOf<T.Hook[]>();
    expect(hooks.hooks.find((h) => h.id === hook.id)).toEqual({
      id: hook.id,
      type: 'web',
      title: `contacts to ${format}`,
      active: 1,
      event: 'items.create',
      constrainttype: 'contact',
      url: receiver.url,
      contenttype: format,
      secret,
    });

    const { item } = await crm.contacts.create({ firstname: 'Hooked', lastname: format });
    const delivery = await until('the webhook delivery', () =>
      receiver.deliveries.find((d) => {
        try {
          return d.contentType.includes(format) && decodeNotification(d.body, d.contentType).objectid === item.id;
        } catch {
          return false;
        }
      }),
    );
    expect(await verifyWebhook(delivery.body, delivery.signature, secret)).toBe(true);
    expect(await verifyWebhook(delivery.body, delivery.signature, 'another secret')).toBe(false);
    expect(await verifyWebhook(`${delivery.body} `, delivery.signature, secret)).toBe(false);
    expect(await verifyWebhook(delivery.body, undefined, secret)).toBe(false);
    const note = decodeNotification(delivery.body, delivery.contentType);
    expectTypeOf(note).toEqualTypeOf<T.Notification>();
    expect(note).toMatchObject({ type: 'items.create', objectid: item.id });
    expect(note.occured).toMatch(isoUtc);
    expect(note.content).toMatchObject({ item: { id: item.id, name: `Hooked ${format}`, typeid: 1 } });

    const deleted = await crm.hooks.delete(hook.id);
    expectTypeOf(deleted).toEqualTypeOf<T.DeleteHookResponse>();
    expect(deleted).toEqual({ status: 'success' });
    expect((await crm.hooks.list()).hooks.map((h) => h.id)).not.toContain(hook.id);
    expect((await serviceError(crm.hooks.delete(hook.id))).status).toBe(404);
  });

  it('sends a batch whose failing part rejects with a ServiceError 404 while the others resolve in order', async () => {
    const { item } = await crm.contacts.create({ firstname: 'Batched' });
    const batch = crm.batch();
    const settled: string[] = [];
    const track = <V>(name: string, p: Promise<V>) => {
      p.then(
        () => settled.push(name),
        () => settled.push(`${name}!`),
      );
      return p;
    };
    const created = track('create', batch.contacts.create({ firstname: 'Ann', lastname: `Batch ${format}` }));
    const missing = track('show missing', batch.contacts.show(asId('contacts', 999_999)));
    const updated = track('update', batch.contacts.update(item.id, { jobtitle: 'Batched' }));
    const shown = track('show', batch.contacts.show(item.id));
    const tags = track('categories', batch.contacts.categories.list());
    const owners = track('ownership', batch.ownership.list());
    const report = track('report', batch.reports.nextactions({ due: 'next30' }));
    const note = track(
      'note',
      batch.contacts.activities.note.create({ parent: item.id, data: { details: 'from a batch' } }),
    );
    expectTypeOf(created).toEqualTypeOf<Promise<T.CreateRecordResponse<'contacts', T.ActivitySegment>>>();
    expectTypeOf(tags).toEqualTypeOf<Promise<T.ListCategoriesResponse>>();
    // Uploads cannot go in a batch.
    const upload = batch.contacts.activities.file.create({ parent: item.id }, { files: { file: new Uint8Array([1]) } });
    await expect(upload).rejects.toBeInstanceOf(TypeError);

    const quotaBefore = crm.quota!.used;
    const batches = wire.seen.length;
    const sent = batch.send();
    expectTypeOf(sent).toEqualTypeOf<Promise<void>>();
    await sent;
    expect(wire.seen.slice(batches).map((s) => `${s.method} ${s.url}`)).toEqual(['POST /batch']);
    expect(wire.seen[batches].contentType).toMatch(/^multipart\/mixed; ?boundary=/);

    const error = await serviceError(missing);
    expect([error.status, error.keys, error.local]).toEqual([404, ['itemisnotfound'], false]);
    expect(error.errors).toEqual({ itemisnotfound: expect.stringContaining('Item is not found') });
    expect(error.quota).toEqual({ used: expect.any(Number), allowed: 5000 });
    expect((await created).item).toMatchObject({ name: `Ann Batch ${format}`, typeid: 1 });
    expect(await updated).toEqual({ status: 'success' });
    expect((await shown).item.fields.jobtitle).toBe('Batched');
    expect((await tags).status).toBe('success');
    expect((await owners).users.map((u) => u.email)).toContain(ann.email);
    expect((await report).status).toBe('success');
    expect((await note).data).toEqual({ details: 'from a batch' });
    await new Promise((r) => setTimeout(r, 0));
    expect(settled).toEqual(['create', 'show missing!', 'update', 'show', 'categories', 'ownership', 'report', 'note']);
    // Every nested call counts against the quota.
    expect(crm.quota!.used).toBe(quotaBefore + 8);
  });

  it('keeps the quota from the header and puts it on errors; a wrong token gives ServiceError 401', async () => {
    await crm.contacts.list({ limit: 1 });
    const first = crm.quota;
    expectTypeOf(crm.quota).toEqualTypeOf<Quota | undefined>();
    expect(first).toEqual({ used: expect.any(Number), allowed: 5000 });
    expect(responses.at(-1)!.quota).toEqual(first);
    await crm.ownership.list();
    expect(crm.quota).toEqual({ used: first!.used + 1, allowed: 5000 });
    const missing = await serviceError(crm.contacts.show(asId('contacts', 999_998)));
    expect(missing.quota).toEqual({ used: first!.used + 2, allowed: 5000 });
    expect(crm.quota).toEqual(missing.quota);

    const wrong = createClient({
      baseUrl: server.base,
      email: ann.email,
      token: 'not-the-token',
      format,
      retry: { max: 0 },
    });
    const denied = await serviceError(wrong.contacts.list());
    expect([denied.status, denied.keys, denied.local]).toEqual([401, ['authenticationfailed'], false]);
    expect(denied.message).toContain('authenticationfailed');
    const unknown = createClient({ baseUrl: server.base, email: 'nobody@example.com', token: ann.token, format });
    expect((await serviceError(unknown.contacts.create({ firstname: 'x' }))).status).toBe(401);
    // A batch with bad credentials fails as a whole: every queued call rejects with the 401.
    const batch = wrong.batch();
    const parts = [batch.contacts.list(), batch.ownership.list()];
    await batch.send();
    for (const p of parts) expect((await serviceError(p)).status).toBe(401);
  });
});

describe('webhook notifications in form encoding', () => {
  it('verifies and decodes a form-encoded activities.create delivery', async () => {
    const { crm } = client(ann, { format: 'json' });
    const secret = 'form-secret';
    const hook = await crm.hooks.create({
      title: 'notes as form',
      event: 'activities.create',
      constrainttype: 'note',
      url: receiver.url,
      contenttype: 'form',
      secret,
    });
    try {
      const { item } = await crm.contacts.create({ firstname: 'Form' });
      const note = await crm.contacts.activities.note.create({ parent: item.id, data: { details: 'a & b = c' } });
      const delivery = await until('the form delivery', () =>
        receiver.deliveries.find(
          (d) =>
            d.contentType.startsWith('application/x-www-form-urlencoded') &&
            decodeNotification(d.body, d.contentType).objectid === note.id,
        ),
      );
      expect(await verifyWebhook(new TextEncoder().encode(delivery.body), delivery.signature, secret)).toBe(true);
      const decoded = decodeNotification(delivery.body, delivery.contentType);
      expect(decoded).toMatchObject({
        type: 'activities.create',
        objectid: note.id,
        content: { id: note.id, item: item.id, parent: item.id, fields: { details: 'a & b = c' } },
      });
    } finally {
      await crm.hooks.delete(hook.id);
    }
  });
});

describe('batches above 100 calls', () => {
  it('splits 120 creates into two POST /batch requests (100 + 20) and resolves all of them in order', async () => {
    const wire = await proxy();
    const { crm, responses } = client(bob, { baseUrl: wire.base, format: 'json' });
    await crm.ownership.list();
    const before = crm.quota!.used;
    const batch = crm.batch();
    const calls = Array.from({ length: 120 }, (_, i) =>
      batch.contacts.create({ firstname: 'Split', lastname: String(i).padStart(3, '0') }),
    );
    await batch.send();
    const results = await Promise.all(calls);
    expect(results.map((r) => r.item.name)).toEqual(
      Array.from({ length: 120 }, (_, i) => `Split ${String(i).padStart(3, '0')}`),
    );
    expect(new Set(results.map((r) => r.item.id)).size).toBe(120);
    // Ids grow in the order of the calls: the parts ran in order.
    expect(results.map((r) => r.item.id)).toEqual([...results.map((r) => r.item.id)].sort((a, b) => a - b));

    const posts = wire.seen.filter((s) => s.method === 'POST' && s.url === '/batch');
    expect(posts).toHaveLength(2);
    expect(posts.map((p) => p.body.toString('latin1').match(/^POST \/contacts\/ HTTP\/1\.1\r$/gm)?.length)).toEqual([
      100, 20,
    ]);
    expect(responses.filter((r) => r.path === '/batch')).toHaveLength(2);
    expect(crm.quota!.used).toBe(before + 120);
    expect((await crm.contacts.list({ limit: 1 })).count).toBe(120);
  });

  it('lets failed calls of an earlier chunk wait until send() resolves, without unhandled rejections', async () => {
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', listener);
    try {
      const { crm } = client(bob, { format: 'xml' });
      const batch = crm.batch();
      const missing = batch.contacts.show(asId('contacts', 999_999)); // fails in the first chunk, on the service
      const invalid = batch.contacts.list({ limit: 0 }); // fails locally
      const shows = Array.from({ length: 110 }, () => batch.ownership.list());
      await batch.send(); // the second chunk is sent after the first one's calls have settled
      await new Promise((r) => setTimeout(r, 20));
      expect((await serviceError(missing)).status).toBe(404);
      expect((await serviceError(invalid)).local).toBe(true);
      expect((await Promise.all(shows)).every((o) => o.status === 'success')).toBe(true);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', listener);
    }
  });
});

describe('iteration', () => {
  it('walks 120 records with limit 50 in 3 list calls, in XML and JSON', async () => {
    const seed = client(carol, { format: 'json' }).crm.batch();
    const made = Array.from({ length: 120 }, (_, i) =>
      seed.contacts.create({ firstname: 'Page', lastname: String(i) }),
    );
    await seed.send();
    const ids = new Set((await Promise.all(made)).map((r) => r.item.id));
    expect(ids.size).toBe(120);

    for (const format of formats) {
      const { crm, responses } = client(carol, { format });
      const seen: number[] = [];
      const iterator = crm.contacts.iterate({ limit: 50, sortfield: 'created', sortdir: 'ASC' });
      expectTypeOf(iterator).toEqualTypeOf<AsyncIterableIterator<T.ListEntry<'contacts'>>>();
      for await (const e of crm.contacts.iterate({ limit: 50 })) {
        expectTypeOf(e.id).toEqualTypeOf<ContactId>();
        expect(e.name).toMatch(/^Page \d+$/);
        seen.push(e.id);
      }
      expect(seen).toHaveLength(120);
      expect(new Set(seen)).toEqual(ids);
      const lists = responses.filter((r) => r.method === 'GET' && r.path.startsWith('/contacts/'));
      expect(lists).toHaveLength(3);
      expect(lists.map((r) => new URL(r.path, 'http://x').searchParams.get('start'))).toEqual(['0', '50', '100']);
      expect(lists.every((r) => new URL(r.path, 'http://x').searchParams.get('limit') === '50')).toBe(true);
      // Breaking out early stops asking for pages.
      let n = 0;
      for await (const _ of iterator) if (++n === 60) break;
      expect(responses.filter((r) => r.method === 'GET')).toHaveLength(5);
    }
  });
});

describe('retries and timeouts', () => {
  it('retries a GET that gets a transient 503 and succeeds; the proxy saw 2 requests', async () => {
    const wire = await proxy();
    wire.plan = (_, n) => (n === 0 ? { status: 503, body: 'busy' } : 'forward');
    const { crm, responses } = client(ann, { baseUrl: wire.base, retry: { max: 3, baseDelayMs: 5 } });
    const owners = await crm.ownership.list();
    expect(owners.users.map((u) => u.email)).toContain(ann.email);
    expect(wire.seen.map((s) => `${s.method} ${s.url}`)).toEqual(['GET /ownership/', 'GET /ownership/']);
    expect(responses.map((r) => r.status)).toEqual([503, 200]);
  });

  it('retries PUT and DELETE too, and gives up after retry.max with the last error', async () => {
    const wire = await proxy();
    const { crm } = client(ann, { baseUrl: wire.base, retry: { max: 2, baseDelayMs: 5 }, format: 'json' });
    const { item } = await crm.contacts.create({ firstname: 'Retry' });
    wire.plan = (s) =>
      s.method !== 'POST' && wire.seen.filter((x) => x.method === s.method).length === 1 ? { status: 502 } : 'forward';
    expect(await crm.contacts.update(item.id, { lastname: 'Put' })).toEqual({ status: 'success' });
    expect(await crm.contacts.delete(item.id)).toEqual({ status: 'success' });
    expect(wire.seen.map((s) => s.method)).toEqual(['POST', 'PUT', 'PUT', 'DELETE', 'DELETE']);

    wire.plan = () => ({ status: 503, body: 'down for maintenance' });
    wire.seen.length = 0;
    const error = await serviceError(crm.contacts.list());
    expect(error.status).toBe(503);
    expect(error.keys).toEqual(['http503']);
    expect(wire.seen).toHaveLength(3);
  });

  it('does not retry a POST that gets 503', async () => {
    const wire = await proxy();
    wire.plan = () => ({ status: 503, body: 'busy' });
    const { crm, responses } = client(ann, { baseUrl: wire.base, retry: { max: 3, baseDelayMs: 5 } });
    const error = await serviceError(crm.contacts.create({ firstname: 'Once' }));
    expect([error.status, error.local]).toEqual([503, false]);
    expect(wire.seen.map((s) => `${s.method} ${s.url}`)).toEqual(['POST /contacts/']);
    expect(responses).toHaveLength(1);
  });

  it('retries a GET after a dropped connection and after a timeout, but not a POST that times out', async () => {
    const wire = await proxy();
    const { crm } = client(ann, { baseUrl: wire.base, retry: { max: 2, baseDelayMs: 5 }, timeoutMs: 800 });
    wire.plan = (_, n) => (n === 0 ? 'destroy' : 'forward');
    expect((await crm.contacts.categories.list()).status).toBe('success');
    expect(wire.seen).toHaveLength(2);

    wire.seen.length = 0;
    wire.plan = (_, n) => (n === 0 ? 'hang' : 'forward');
    expect((await crm.contacts.fields.list()).status).toBe('success');
    expect(wire.seen).toHaveLength(2);

    wire.seen.length = 0;
    wire.plan = () => 'hang';
    const error = await rejection(crm.contacts.create({ firstname: 'Slow' }));
    expect(error).toBeInstanceOf(ConnectionError);
    expect([
      (error as ConnectionError).status,
      (error as ConnectionError).keys,
      ((error as ConnectionError).cause as Error).name,
    ]).toEqual([0, ['connectionfailed'], 'TimeoutError']);
    expect(wire.seen).toHaveLength(1);
  });
});

describe('per-call options and the response', () => {
  it("sends extra headers on the call, but keeps the client's Authorization and Accept", async () => {
    const wire = await proxy();
    const { crm } = client(ann, { baseUrl: wire.base, format: 'json' });
    await crm.contacts.categories.list({
      headers: { 'x-request-id': 'r-17', authorization: 'Basic bm9ib2R5Og==', accept: 'text/plain' },
    });
    await crm.contacts.fields.list();
    expect(wire.seen.map((s) => [s.headers['x-request-id'], s.headers.authorization, s.accept])).toEqual([
      ['r-17', basic(ann.email, ann.token), 'application/json'],
      [undefined, basic(ann.email, ann.token), 'application/json'],
    ]);
  });

  it("aborts a call with its signal, rejecting with the signal's reason and without retrying", async () => {
    const wire = await proxy();
    wire.plan = () => 'hang';
    const { crm } = client(ann, { baseUrl: wire.base, retry: { max: 3, baseDelayMs: 5 } });
    const controller = new AbortController();
    const call = crm.contacts.categories.list({ signal: controller.signal });
    while (wire.seen.length === 0) await new Promise((r) => setTimeout(r, 5));
    controller.abort(new Error('the user went away'));
    expect(((await rejection(call)) as Error).message).toBe('the user went away');
    expect(wire.seen).toHaveLength(1);
    // Already aborted: nothing is sent.
    expect(((await rejection(crm.contacts.fields.list({ signal: controller.signal }))) as Error).message).toBe(
      'the user went away',
    );
    expect(wire.seen).toHaveLength(1);
  });

  it("times a call out after its own timeoutMs instead of the client's", async () => {
    const wire = await proxy();
    wire.plan = () => 'hang';
    const { crm } = client(ann, { baseUrl: wire.base, retry: { max: 0 }, timeoutMs: 60_000 });
    const error = await rejection(crm.contacts.categories.list({ timeoutMs: 100 }));
    expect(error).toBeInstanceOf(ConnectionError);
    expect(((error as ConnectionError).cause as Error).name).toBe('TimeoutError');
  });

  it('gives the status, headers, Location and quota with the typed value from withResponse()', async () => {
    const { crm } = client(ann, { format: 'json' });
    const { data, response } = await crm.contacts.create({ firstname: 'With', lastname: 'Response' }).withResponse();
    expect(data.item.name).toBe('With Response');
    expect(response.status).toBe(201);
    expect(response.location).toMatch(new RegExp(`/contacts/${data.item.id}/$`));
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.quota).toEqual(crm.quota);
    const shown = await crm.contacts.show(data.item.id).withResponse();
    expect([shown.response.status, shown.response.location, shown.data.item.id]).toEqual([
      200,
      undefined,
      data.item.id,
    ]);
    // A failure rejects withResponse() with the same error class.
    expect(await rejection(crm.contacts.show(asId('contacts', 999_997)).withResponse())).toBeInstanceOf(NotFoundError);

    // In a batch, the response is the call's own part.
    const batch = crm.batch();
    const queued = batch.contacts.create({ firstname: 'Queued' }).withResponse();
    await batch.send();
    const part = await queued;
    expect([part.response.status, part.data.item.name]).toEqual([201, 'Queued']);
    expect(part.response.location).toMatch(new RegExp(`/contacts/${part.data.item.id}/$`));
  });
});

describe('error classes', () => {
  it('tells failures apart with instanceof, each still a ServiceError', async () => {
    const { crm } = client(ann, { format: 'json' });
    const missing = await rejection(crm.contacts.show(asId('contacts', 999_996)));
    expect(missing).toBeInstanceOf(NotFoundError);
    expect([(missing as NotFoundError).status, (missing as NotFoundError).keys, (missing as Error).name]).toEqual([
      404,
      ['itemisnotfound'],
      'NotFoundError',
    ]);

    const { crm: wrong } = client({ email: ann.email, token: 'not-the-token' }, { format: 'json' });
    const denied = await rejection(wrong.contacts.list());
    expect(denied).toBeInstanceOf(AuthenticationError);
    expect((denied as ServiceError).keys).toEqual(['authenticationfailed']);

    const local = await rejection(crm.contacts.list({ limit: 0 }));
    expect(local).toBeInstanceOf(ValidationError);
    expect([(local as ValidationError).local, (local as ValidationError).keys]).toEqual([true, ['outofrange']]);

    const wire = await proxy();
    wire.plan = () => ({ status: 500, body: 'oops' });
    const { crm: broken } = client(ann, { baseUrl: wire.base, retry: { max: 0 } });
    const failed = await rejection(broken.contacts.list());
    expect(failed).toBeInstanceOf(ServerError);
    expect((failed as ServerError).keys).toEqual(['http500']);

    wire.plan = () => 'destroy';
    const dropped = await rejection(broken.contacts.list());
    expect(dropped).toBeInstanceOf(ConnectionError);
    for (const e of [missing, denied, local, failed, dropped]) expect(e).toBeInstanceOf(ServiceError);
  });
});

describe('local validation', () => {
  let tasklist: TasklistId;
  let contact: ContactId;
  beforeAll(async () => {
    const { crm } = client(dave);
    contact = (await crm.contacts.create({ firstname: 'Valid' })).item.id;
    tasklist = (await crm.contacts.activities.tasklist.create({ parent: contact, data: { title: 'List' } })).id;
  });

  it('fails before sending, with the key and message the service would give', async () => {
    const wire = await proxy();
    for (const format of formats) {
      const { crm, responses } = client(dave, { baseUrl: wire.base, format });
      const cases: { call: () => Promise<unknown>; server: [string, string, unknown?]; key: T.ErrorKey }[] = [
        {
          // @ts-expect-error a wrong field name; the type test proves the same at compile time
          call: () => crm.contacts.create({ fristname: 'x' }),
          server: ['POST', '/contacts/', { fristname: 'x' }],
          key: 'incorrectfield',
        },
        {
          call: () => crm.contacts.activities.task.create({ parent: tasklist, data: { priority: 9 } }),
          server: ['POST', '/contacts/task/', { parent: tasklist, data: { priority: 9 } }],
          key: 'outofrange',
        },
        {
          // @ts-expect-error not a currency of the list
          call: () => crm.contacts.activities.opportunity.create({ parent: contact, data: { valuecurrency: 'XXX' } }),
          server: ['POST', '/contacts/opportunity/', { parent: contact, data: { valuecurrency: 'XXX' } }],
          key: 'notinlist',
        },
        {
          // @ts-expect-error the parent is required
          call: () => crm.contacts.activities.note.create({ data: { details: 'x' } }),
          server: ['POST', '/contacts/note/', { data: { details: 'x' } }],
          key: 'fieldisrequired',
        },
        {
          call: () => crm.contacts.activities.task.create({ parent: tasklist, data: { duedate: 'tomorrow' } }),
          server: ['POST', '/contacts/task/', { parent: tasklist, data: { duedate: 'tomorrow' } }],
          key: 'invaliddate',
        },
        {
          // @ts-expect-error not a sort direction
          call: () => crm.contacts.list({ sortdir: 'UP' }),
          server: ['GET', '/contacts/?sortdir=UP'],
          key: 'notinlist',
        },
        { call: () => crm.contacts.list({ limit: 0 }), server: ['GET', '/contacts/?limit=0'], key: 'outofrange' },
        {
          // @ts-expect-error not an event
          call: () => crm.hooks.create({ event: 'items.explode', url: 'https://example.com/hook' }),
          server: ['POST', '/hooks/', { event: 'items.explode', url: 'https://example.com/hook' }],
          key: 'notinlist',
        },
      ];
      for (const c of cases) {
        const local = await serviceError(c.call());
        const served = await raw(...c.server);
        expect([local.status, local.local, local.keys]).toEqual([400, true, [c.key]]);
        expect(served.status).toBe(400);
        expect(local.errors).toEqual(served.errors);
      }
      // A local failure inside a batch rejects that call only; the rest still go out.
      const batch = crm.batch();
      const bad = batch.contacts.list({ limit: 0 });
      const good = batch.contacts.show(contact);
      const none = crm.batch();
      const alone = none.contacts.activities.task.create({ parent: tasklist, data: { priority: -1 } });
      const proxied = wire.seen.length;
      await none.send();
      expect(wire.seen.length).toBe(proxied); // nothing valid to send: no request at all
      expect((await serviceError(alone)).local).toBe(true);
      expect(responses).toHaveLength(0);
      await batch.send();
      expect((await serviceError(bad)).local).toBe(true);
      expect((await good).item.id).toBe(contact);
    }
    // Only the two batches with a valid call reached the wire.
    expect(wire.seen.map((s) => `${s.method} ${s.url}`)).toEqual(['POST /batch', 'POST /batch']);
  });

  it('can be switched off: validate: false sends the request and the service answers', async () => {
    const wire = await proxy();
    const { crm } = client(dave, { baseUrl: wire.base, validate: false, format: 'json' });
    const error = await serviceError(crm.contacts.activities.task.create({ parent: tasklist, data: { priority: 9 } }));
    expect([error.status, error.local, error.keys]).toEqual([400, false, ['outofrange']]);
    expect(error.quota).toEqual({ used: expect.any(Number), allowed: 5000 });
    expect(wire.seen).toHaveLength(1);
  });
});

describe('quota exhaustion', () => {
  it('rejects with RateLimitError 429 quotaexceeded carrying the quota and Retry-After; a wait past the bound is never retried', async () => {
    const small = await startServer({ users: ['erin@example.com:secret5'], args: ['--quota', '3'] });
    try {
      const responses: Responses = [];
      // The window's reset is further than the client may wait (60 s).
      const crm = createClient({
        baseUrl: small.base,
        email: 'erin@example.com',
        token: 'secret5',
        format: 'json',
        retry: { max: 2, baseDelayMs: 5, maxDelayMs: 20 },
        onResponse: (r) => responses.push(r),
      });
      const { item } = await crm.contacts.create({ firstname: 'Quota' });
      expect(crm.quota).toEqual({ used: 1, allowed: 3 });
      await crm.contacts.show(item.id);
      await crm.contacts.list();
      expect(crm.quota).toEqual({ used: 3, allowed: 3 });
      const post = await rejection(crm.contacts.create({ firstname: 'Over' }));
      expect(post).toBeInstanceOf(RateLimitError);
      const limited = post as RateLimitError;
      expect([limited.status, limited.keys, limited.quota]).toEqual([429, ['quotaexceeded'], { used: 4, allowed: 3 }]);
      expect(limited.retryAfter).toBeGreaterThan(60);
      expect(limited.retryAfter).toBeLessThanOrEqual(steadyQuotaWindow());
      const get = await rejection(crm.contacts.show(item.id));
      expect(get).toBeInstanceOf(RateLimitError);
      expect((get as RateLimitError).quota).toEqual({ used: 5, allowed: 3 });
      // One request per call: usage moved by exactly the calls made.
      expect(responses.map((r) => [r.status, r.quota?.used])).toEqual([
        [201, 1],
        [200, 2],
        [200, 3],
        [429, 4],
        [429, 5],
      ]);
      expect(crm.quota).toEqual({ used: 5, allowed: 3 });

      // Every 429 of the service carries Retry-After: the seconds to the window's reset.
      const res = await fetch(`${small.base}/contacts/`, {
        headers: { authorization: basic('erin@example.com', 'secret5') },
      });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(steadyQuotaWindow());
    } finally {
      await small.stop();
    }
  });

  it('waits out a 429 whose Retry-After is within the bound and retries it once; usage moves by exactly the calls made', async () => {
    // One call per 4-second window: the second call of a window is refused until the next one.
    const small = await startServer({
      users: ['fred@example.com:secret6'],
      args: ['--quota', '1', '--quota-window', '4'],
    });
    try {
      const responses: Responses = [];
      const crm = createClient({
        baseUrl: small.base,
        email: 'fred@example.com',
        token: 'secret6',
        format: 'json',
        retry: { max: 3, maxRetryAfterSeconds: 10 },
        onResponse: (r) => responses.push(r),
      });
      // Start just after a window opens, so both calls fall in it.
      await new Promise((r) => setTimeout(r, 4000 - (Date.now() % 4000) + 50));
      const { item } = await crm.contacts.create({ firstname: 'Patient' });
      const shown = await crm.contacts.show(item.id);
      expect(shown.item.id).toBe(item.id);
      // create, the refused show, the show after the wait: three requests, each counted once.
      expect(responses.map((r) => [r.status, r.quota])).toEqual([
        [201, { used: 1, allowed: 1 }],
        [429, { used: 2, allowed: 1 }],
        [200, { used: 1, allowed: 1 }],
      ]);
    } finally {
      await small.stop();
    }
  });

  it('retries a 429 once at most, and never without Retry-After or when retries are off', async () => {
    const wire = await proxy();
    const envelope = JSON.stringify({ status: 'failed', errors: { quotaexceeded: 'API call limit exceeded: 9/5' } });
    const refuse = (headers: Record<string, string>) => () => ({
      status: 429,
      body: envelope,
      headers: { 'content-type': 'application/json', 'http-x-service-api-call-limit': '9/5', ...headers },
    });
    const { crm } = client(ann, { baseUrl: wire.base, format: 'json', retry: { max: 3, maxRetryAfterSeconds: 1 } });

    // Allowed (0 s): one retry, then the second 429 is the answer; a POST too, since a 429 ran nothing.
    wire.plan = refuse({ 'retry-after': '0' });
    const twice = await rejection(crm.contacts.create({ firstname: 'Twice' }));
    expect(twice).toBeInstanceOf(RateLimitError);
    expect([(twice as RateLimitError).retryAfter, (twice as RateLimitError).quota]).toEqual([
      0,
      { used: 9, allowed: 5 },
    ]);
    expect(wire.seen).toHaveLength(2);

    // Longer than the bound, or no Retry-After at all: not retried.
    for (const headers of [{ 'retry-after': '5' }, {}] as Record<string, string>[]) {
      wire.seen.length = 0;
      wire.plan = refuse(headers);
      expect(await rejection(crm.contacts.list())).toBeInstanceOf(RateLimitError);
      expect(wire.seen).toHaveLength(1);
    }

    // retry.max 0: no retry of any kind.
    wire.seen.length = 0;
    wire.plan = refuse({ 'retry-after': '0' });
    const { crm: once } = client(ann, { baseUrl: wire.base, format: 'json', retry: { max: 0 } });
    expect(await rejection(once.contacts.list())).toBeInstanceOf(RateLimitError);
    expect(wire.seen).toHaveLength(1);

    // Aborted while waiting out Retry-After: no second request.
    wire.seen.length = 0;
    wire.plan = refuse({ 'retry-after': '1' });
    const controller = new AbortController();
    const waiting = crm.contacts.list(undefined, { signal: controller.signal });
    while (wire.seen.length === 0) await new Promise((r) => setTimeout(r, 5));
    controller.abort(new Error('stop waiting'));
    expect(((await rejection(waiting)) as Error).message).toBe('stop waiting');
    expect(wire.seen).toHaveLength(1);

    // A 429 then a success: the retry's answer is the call's.
    wire.seen.length = 0;
    wire.plan = (_, n) => (n === 0 ? refuse({ 'retry-after': '1' })() : 'forward');
    expect((await crm.contacts.categories.list()).status).toBe('success');
    expect(wire.seen).toHaveLength(2);
  });
});
