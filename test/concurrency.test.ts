// Writes without a global lock, reads without a queue. On PostgreSQL, three `crmgen serve`
// instances share a fresh schema and each gets 8 requests in flight at once: updates of one
// record lose no field, creates and moves of one parent's activities leave dense positions
// without duplicates, the quota lets exactly its number of calls through. On both adapters, a
// write transaction held open (2 s) by another storage on the same database does not hold up
// shows and lists of other records: they are answered while it is still open.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, startServer, type CallResult, type RunningServer } from './support/server.ts';
import { createSchema, dropSchema, sql } from './support/postgres.ts';
import { openStorage } from '../server/storage/open.ts';

const ANN: [string, string] = ['ann@example.com', 'secret1'];
const PER_INSTANCE = 8;

const json = (base: string, method: string, path: string, body?: unknown): Promise<CallResult> =>
  call(base, path, {
    user: ANN,
    method,
    contentType: 'application/json',
    accept: 'application/json',
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** Runs every job, PER_INSTANCE at a time on each instance (job i on instance i % n). */
async function onInstances<R>(
  bases: string[],
  jobs: number,
  fn: (base: string, i: number) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(jobs);
  await Promise.all(
    bases.map(async (base, b) => {
      const mine = Array.from({ length: jobs }, (_, i) => i).filter((i) => i % bases.length === b);
      let next = 0;
      await Promise.all(
        Array.from({ length: PER_INSTANCE }, async () => {
          while (next < mine.length) {
            const i = mine[next++]!;
            out[i] = await fn(base, i);
          }
        }),
      );
    }),
  );
  return out;
}

async function ok(r: Promise<CallResult>, status = 200): Promise<any> {
  const res = await r;
  expect(res.status, res.text).toBe(status);
  return res.json();
}

const journalOf = async (base: string, id: number) =>
  Object.values((await ok(json(base, 'GET', `/contacts/${id}/`))).activities ?? {}) as {
    id: number;
    parent: number;
    position: number;
  }[];

describe('three PostgreSQL instances, 8 connections each', () => {
  let schema: string;
  let url: string;
  let servers: RunningServer[] = [];
  let bases: string[] = [];

  beforeAll(async () => {
    ({ schema, url } = await createSchema('conc'));
    servers = await Promise.all(
      Array.from({ length: 3 }, () =>
        startServer({ db: url, users: [`${ANN[0]}:${ANN[1]}:conc`], args: ['--quota', '1000000'], timeoutMs: 40_000 }),
      ),
    );
    bases = servers.map((s) => s.base);
  }, 90_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    if (schema) await dropSchema(schema);
  });

  it('24 updates of one record at once, each setting its own field: every field is kept', async () => {
    const account = (await sql<{ id: string }>(schema, `SELECT id FROM accounts WHERE name = 'conc'`))[0]!.id;
    const defs = await sql<{ id: string }>(
      schema,
      `INSERT INTO field_defs (account_id, kind, label, type, options, categories)
       SELECT $1, 'contacts', 'F' || n, 'text', '[]', '[]' FROM generate_series(1, 24) n RETURNING id`,
      [account],
    );
    const fields = defs.map((d) => `custom${d.id}`);
    const id = (await ok(json(bases[0]!, 'POST', '/contacts/', { firstname: 'Many', lastname: 'Writers' }), 201)).item
      .id as number;
    for (const round of [1, 2, 3]) {
      await onInstances(bases, fields.length, (base, i) =>
        ok(json(base, 'PUT', `/contacts/${id}/`, { [fields[i]!]: `r${round}v${i}` })),
      );
      const shown = (await ok(json(bases[round % 3]!, 'GET', `/contacts/${id}/`))).item.fields as Record<
        string,
        string
      >;
      expect(fields.map((f) => shown[f])).toEqual(fields.map((_, i) => `r${round}v${i}`));
      expect(shown.firstname).toBe('Many');
    }
  }, 120_000);

  it('activities of one parent created, reordered and moved at once keep dense positions without duplicates', async () => {
    const [p, q] = [
      await ok(json(bases[0]!, 'POST', '/contacts/', { firstname: 'P' }), 201),
      await ok(json(bases[1]!, 'POST', '/contacts/', { firstname: 'Q' }), 201),
    ].map((b) => b.item.id as number);
    const created = await onInstances(
      bases,
      48,
      async (base, i) =>
        (await ok(json(base, 'POST', '/contacts/note/', { parent: p, data: { details: `n${i}` } }))).id as number,
    );
    expect(new Set(created).size).toBe(48);
    const positions = (id: number) =>
      journalOf(bases[2]!, id).then((j) =>
        j
          .filter((a) => a.parent === id)
          .map((a) => a.position)
          .sort((x, y) => x - y),
      );
    expect(await positions(p!)).toEqual(Array.from({ length: 48 }, (_, i) => i + 1));

    // Reorder (after another note of the same parent) and move (to the other contact) at once.
    const moved = created.filter((_, i) => i % 4 === 0);
    await onInstances(bases, 48, (base, i) => {
      const id = created[i]!;
      const body = moved.includes(id)
        ? { parent: q }
        : { after: created[(i * 7 + 5) % 48 === i ? (i + 1) % 48 : (i * 7 + 5) % 48] };
      return json(base, 'PUT', `/contacts/note/${id}/`, body).then((r) => {
        // Placing after a note that was just moved away names a note of another parent: refused, nothing written.
        if (r.status !== 200) {
          expect(r.status, r.text).toBe(400);
          expect(Object.keys(r.json().errors)).toEqual(['invalidvalue']);
        }
        return r.status;
      });
    });
    expect(await positions(q!)).toEqual(Array.from({ length: moved.length }, (_, i) => i + 1));
    expect(await positions(p!)).toEqual(Array.from({ length: 48 - moved.length }, (_, i) => i + 1));
  }, 120_000);

  it('moves, reorders and deletes sent to an instance that last saw the activity elsewhere keep positions 1..n, nothing lost', async () => {
    // Each instance remembers where it last saw an activity and runs its next move there at once
    // (PostgreSQL adapter: the order locks guessed). Every round sends each note to another
    // instance than the round before, so those guesses are stale (the note moved meanwhile): the
    // call must run again holding the right parents' locks.
    const [p, q] = [
      await ok(json(bases[0]!, 'POST', '/contacts/', { firstname: 'P' }), 201),
      await ok(json(bases[0]!, 'POST', '/contacts/', { firstname: 'Q' }), 201),
    ].map((b) => b.item.id as number) as [number, number];
    const notes = await onInstances(
      bases,
      24,
      async (base, i) =>
        (await ok(json(base, 'POST', '/contacts/note/', { parent: p, data: { details: `n${i}` } }))).id as number,
    );
    const parentOf = new Map(notes.map((id) => [id, p]));
    const check = async (round: number) => {
      const journal = (id: number) => journalOf(bases[(round + 1) % 3]!, id);
      for (const parent of [p, q]) {
        const mine = (await journal(parent)).filter((a) => a.parent === parent);
        const expected = [...parentOf].filter(([, at]) => at === parent).map(([id]) => id);
        expect(mine.map((a) => a.id).sort((x, y) => x - y)).toEqual(expected.sort((x, y) => x - y));
        expect(mine.map((a) => a.position).sort((x, y) => x - y)).toEqual(mine.map((_, k) => k + 1));
      }
    };
    for (let round = 0; round < 6; round++) {
      // Job i (on instance i % 3) handles note (i + round) % 24: each round a note goes to another instance.
      const order = notes.map((_, i) => notes[(i + round) % notes.length]!);
      if (round % 2 === 0) {
        // Two of every three notes change parent.
        const moving = order.filter((_, i) => i % 3 !== 0);
        await onInstances(bases, order.length, async (base, i) => {
          const id = order[i]!;
          if (!moving.includes(id)) return;
          const to = parentOf.get(id) === p ? q : p;
          await ok(json(base, 'PUT', `/contacts/note/${id}/`, { parent: to }));
        });
        for (const id of moving) parentOf.set(id, parentOf.get(id) === p ? q : p);
      } else {
        // Each placed before the first other note under its parent (parents do not change this round).
        await onInstances(bases, order.length, async (base, i) => {
          const id = order[i]!;
          const other = [...parentOf].find(([n, at]) => at === parentOf.get(id) && n !== id)?.[0];
          if (other !== undefined) await ok(json(base, 'PUT', `/contacts/note/${id}/`, { before: other }));
        });
      }
      await check(round);
    }
    // Every third note deleted, through another instance than the one that moved it last.
    const gone = notes.filter((_, i) => i % 3 === 1);
    await onInstances(bases, gone.length, (base, i) => ok(json(base, 'DELETE', `/contacts/note/${gone[i]!}/`)));
    for (const id of gone) parentOf.delete(id);
    await check(6);
  }, 120_000);
});

describe('one PostgreSQL instance with a webhook on activities: 16 writers on one parent', () => {
  let schema: string;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    const s = await createSchema('conch');
    schema = s.schema;
    server = await startServer({ db: s.url, users: [`${ANN[0]}:${ANN[1]}:conch`], args: ['--quota', '1000000'] });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    if (schema) await dropSchema(schema);
  });

  // A gather round's creates and moves go in one statement; a webhook's content then reads the
  // activity after its write, which would see later members' writes: such a round runs again
  // one at a time (PgStorage.gather). Every call answers, once, with its notification queued.
  it('creates and reorders answer, positions stay 1..n, one delivery per event', async () => {
    const base = server!.base;
    const account = (await sql<{ id: string }>(schema, `SELECT id FROM accounts WHERE name = 'conch'`))[0]!.id;
    for (const event of ['activities.create', 'activities.update'])
      await sql(
        schema,
        `INSERT INTO hooks (account_id, type, title, active, event, constrainttype, url, contenttype, secret)
         VALUES ($1, 'webhook', $2, 1, $2, 'all', 'http://127.0.0.1:9/hook', 'json', 's')`,
        [account, event],
      );
    const p = (await ok(json(base, 'POST', '/contacts/', { firstname: 'Hooked' }), 201)).item.id as number;
    const created = await onInstances(
      [base, base],
      32,
      async (b, i) => (await ok(json(b, 'POST', '/contacts/note/', { parent: p, data: { details: `h${i}` } }))).id,
    );
    await onInstances([base, base], 32, (b, i) =>
      ok(json(b, 'PUT', `/contacts/note/${created[i]}/`, { before: created[(i + 5) % 32] })),
    );
    const positions = (await journalOf(base, p)).map((a) => a.position).sort((x, y) => x - y);
    expect(positions).toEqual(Array.from({ length: 32 }, (_, i) => i + 1));
    const queued = await sql<{ event: string; n: number }>(
      schema,
      `SELECT event, count(*)::int AS n FROM deliveries GROUP BY event ORDER BY event`,
    );
    expect(queued).toEqual([
      { event: 'activities.create', n: 32 },
      { event: 'activities.update', n: 32 },
    ]);
  }, 60_000);
});

describe('the quota over three PostgreSQL instances, 8 connections each', () => {
  let schema: string;
  let servers: RunningServer[] = [];

  beforeAll(async () => {
    const s = await createSchema('concq');
    schema = s.schema;
    servers = await Promise.all(
      Array.from({ length: 3 }, () =>
        startServer({
          db: s.url,
          users: [`${ANN[0]}:${ANN[1]}:concq`],
          args: ['--quota', '100', '--quota-window', '86400'],
          timeoutMs: 40_000,
        }),
      ),
    );
  }, 90_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    if (schema) await dropSchema(schema);
  });

  it('130 calls at once: exactly 100 pass, 30 get 429', async () => {
    const statuses = await onInstances(
      servers.map((s) => s.base),
      130,
      async (base) => (await json(base, 'GET', '/companies/')).status,
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(100);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
  }, 60_000);
});

describe.each(['sqlite file', 'postgres'] as const)('a write transaction held open on %s', (adapter) => {
  let server: RunningServer;
  let db: string;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    if (adapter === 'postgres') {
      const s = await createSchema('hold');
      db = s.url;
      cleanup = () => dropSchema(s.schema);
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'crmgen-hold-'));
      db = join(dir, 'crm.sqlite');
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    }
    server = await startServer({ db, users: [`${ANN[0]}:${ANN[1]}:hold`], timeoutMs: 40_000 });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await cleanup?.();
  });

  it('does not hold up shows and lists of other records: they are answered while it is open', async () => {
    const held = await ok(json(server.base, 'POST', '/contacts/', { firstname: 'Held' }), 201);
    const others: number[] = [];
    for (const name of ['Ada', 'Bo', 'Cy'])
      others.push((await ok(json(server.base, 'POST', '/contacts/', { firstname: name }), 201)).item.id);

    // Another storage on the same database (as another instance, or an administrator's command):
    // it edits one record and keeps its transaction open for 2 s.
    const storage = await openStorage(db);
    const events: string[] = [];
    let opened!: () => void;
    const isOpen = new Promise<void>((ok) => (opened = ok));
    const writer = storage.transaction(async (tx) => {
      const row = (await tx.getRecord((await tx.findUserByEmail(ANN[0]))!.accountId, held.item.id))!;
      await tx.updateRecord({ ...row, fields: { ...row.fields, jobtitle: 'Busy' }, updated: Date.now() });
      opened();
      await new Promise((ok) => setTimeout(ok, 2_000));
      events.push('write transaction ends');
    });
    try {
      await isOpen;
      await Promise.all([
        ...others.map(async (id) => {
          const shown = await ok(json(server.base, 'GET', `/contacts/${id}/`));
          expect(shown.item.id).toBe(id);
          events.push(`show ${id}`);
        }),
        (async () => {
          const listed = await ok(json(server.base, 'GET', '/contacts/?searchmode=Sany&searchvalue=bo'));
          expect(listed.count).toBe(1);
          events.push('list');
        })(),
      ]);
      events.push('reads answered');
      await writer;
    } finally {
      await writer.catch(() => undefined);
      await storage.close();
    }
    // Every read was answered before the write transaction ended.
    expect(events.indexOf('reads answered')).toBe(others.length + 1);
    expect(events.at(-1)).toBe('write transaction ends');
    // And the write is there once it committed.
    expect((await ok(json(server.base, 'GET', `/contacts/${held.item.id}/`))).item.fields.jobtitle).toBe('Busy');
  }, 60_000);
});
