// The PostgreSQL adapter: the storage contract (the same suite as SQLite), plus what only this
// adapter has: migrations under an advisory lock, transactions serialised across instances,
// the outbox claimed with SKIP LOCKED and leases, connection URLs. Every run works in a schema of
// its own on the test server (test/support/postgres.ts), dropped at the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, parsePostgresUrl, PG_MIGRATIONS, redact } from '../../server/storage/postgres.ts';
import { openStorage } from '../../server/storage/open.ts';
import type { DeliveryRow, NewActivity, Storage, Tx } from '../../server/storage/port.ts';
import pg from 'pg';
import { createSchema, dropSchema, PG_URL, schemaName, schemaUrl, sql } from '../support/postgres.ts';
import { storageSuite } from './suite.ts';
import { newRecord as record } from './fixtures.ts';
import { hashToken } from '../../server/tokens.ts';
import { pgCondition, withCallBudget } from '../../server/storage/outage.ts';
import { pendingDelivery, startWebhooks } from '../../server/webhooks.ts';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const schemas: string[] = [];
async function freshSchema(prefix = 'st'): Promise<{ schema: string; url: string }> {
  const s = await createSchema(prefix);
  schemas.push(s.schema);
  return s;
}

let shared: { schema: string; url: string };
beforeAll(async () => {
  shared = await freshSchema('suite');
});
afterAll(async () => {
  for (const s of schemas) await dropSchema(s);
});

storageSuite('postgres', () => openPostgres(shared.url), undefined, { oneWriter: false });

/** A note directly under the record, at position 1. */
const activity = (accountId: number, recordId: number): NewActivity => ({
  accountId,
  recordId,
  parentId: recordId,
  segment: 'note',
  typeid: 3,
  level: 1,
  position: 1,
  fields: {},
  flagged: 0,
  created: 1,
  viewed: 1,
  updated: 1,
  creatorId: 1,
  creatorName: 'a',
  modificatorId: 1,
  modificatorName: 'a',
});

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function withStorages<T>(n: number, url: string, fn: (s: Storage[]) => Promise<T>): Promise<T> {
  const all = await Promise.all(Array.from({ length: n }, () => openPostgres(url)));
  try {
    return await fn(all);
  } finally {
    await Promise.all(all.map((s) => s.close()));
  }
}

describe('postgres adapter: connection and schema', () => {
  it('opens through openStorage for postgres:// and postgresql:// URLs', async () => {
    const { url } = await freshSchema();
    for (const u of [url, url.replace(/^postgres:/, 'postgresql:')]) {
      const s = await openStorage(u);
      expect((await s.transaction((t) => t.ensureAccount('via open'))).name).toBe('via open');
      await s.close();
    }
  });

  it('creates the ?schema= schema when missing and keeps the tables there, not in public', async () => {
    const schema = schemaName('new');
    schemas.push(schema);
    const s = await openPostgres(schemaUrl(schema));
    await s.transaction((t) => t.ensureAccount('here'));
    await s.close();
    const tables = await sql<{ table_schema: string }>(
      schema,
      `SELECT DISTINCT table_schema FROM information_schema.tables WHERE table_name = 'records' AND table_schema = $1`,
      [schema],
    );
    expect(tables).toEqual([{ table_schema: schema }]);
    expect(await sql(schema, 'SELECT name FROM accounts')).toEqual([{ name: 'here' }]);
  });

  it('takes a schema named like an SQL keyword (?schema=order): created, searched, reopened', async () => {
    const schema = 'order';
    await dropSchema(schema);
    schemas.push(schema);
    for (let open = 0; open < 2; open++) {
      const s = await openPostgres(schemaUrl(schema));
      const acc = await s.transaction((t) => t.ensureAccount('keyword'));
      if (open === 0) await s.transaction((t) => t.insertRecord(record(acc.id, 'Keyword Schema Ltd')));
      const found = await s.transaction((t) => t.listRecords(acc.id, 'contacts', { deleted: false }));
      expect(found.map((r) => r.name)).toEqual(['Keyword Schema Ltd']);
      await s.close();
    }
    expect(await sql(schema, 'SELECT version FROM schema_version')).toEqual([{ version: PG_MIGRATIONS.length }]);
  });

  it('instances starting together create the schema and migrate once; reopening reruns nothing', async () => {
    const schema = schemaName('mig');
    schemas.push(schema);
    const url = schemaUrl(schema);
    await withStorages(5, url, async (all) => {
      // All five work on the one schema.
      const ids = await Promise.all(
        all.map((s, i) =>
          s.transaction(async (t) => (await t.insertRecord(record((await t.ensureAccount('m')).id, `n${i}`))).id),
        ),
      );
      expect(new Set(ids).size).toBe(5);
    });
    expect(await sql(schema, 'SELECT version FROM schema_version')).toEqual([{ version: PG_MIGRATIONS.length }]);
    const s = await openPostgres(url);
    const acc = await s.transaction((t) => t.ensureAccount('m'));
    expect(await s.transaction((t) => t.listRecords(acc.id, 'contacts', { deleted: false }))).toHaveLength(5);
    await s.close();
  });

  it('refuses a schema whose version is newer than the program', async () => {
    const { schema, url } = await freshSchema();
    await (await openPostgres(url)).close();
    await sql(schema, 'UPDATE schema_version SET version = $1', [PG_MIGRATIONS.length + 1]);
    await expect(openPostgres(url)).rejects.toThrow(/newer than this program/);
  });

  it('parses ?schema=, passes other parameters through, refuses bad schema names; messages hide the password', async () => {
    expect(parsePostgresUrl('postgres://u:pw@h:5433/db?schema=abc_1&application_name=x')).toEqual({
      connectionString: 'postgres://u:pw@h:5433/db?application_name=x',
      schema: 'abc_1',
    });
    expect(parsePostgresUrl('postgresql://h/db').schema).toBeUndefined();
    expect(() => parsePostgresUrl('postgres://h/db?schema=Bad-Name')).toThrow(/lower-case/);
    expect(() => parsePostgresUrl('postgres://h/db?schema=x;drop')).toThrow(/lower-case/);
    expect(redact('postgres://u:secret@h/db')).toBe('postgres://u:***@h/db');
    // pg also takes the password from the query (issue 35): that one goes too.
    expect(redact('postgres://u@h/db?password=secret&sslmode=require')).toBe(
      'postgres://u@h/db?password=***&sslmode=require',
    );
    expect(redact('postgresql://u:a@h/db?sslpassword=secret')).toBe('postgresql://u:***@h/db?sslpassword=***');
    expect(redact('postgres://u:sec ret@h/db?x=%zz')).not.toContain('sec');
    expect(redact('/var/lib/crm.sqlite')).toBe('/var/lib/crm.sqlite');
    // Nothing listens on port 1: the error names the URL without its password.
    const err = await openPostgres('postgres://u:secret@127.0.0.1:1/db').catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toContain('postgres://u:***@127.0.0.1:1/db');
    expect((err as Error).message).not.toContain('secret');
  });

  it('enforces foreign keys (an activity under a missing record is refused, and rolls back)', async () => {
    const { url } = await freshSchema();
    await withStorages(1, url, async ([s]) => {
      const acc = await s!.transaction((t) => t.ensureAccount('fk'));
      await expect(
        s!.transaction((t) =>
          t.insertActivity({
            ...record(acc.id),
            recordId: 999_999,
            parentId: 999_999,
            segment: 'note',
            typeid: 3,
            level: 1,
            position: 1,
          }),
        ),
      ).rejects.toThrow(/foreign key/);
      expect(await s!.transaction((t) => t.listActivities(acc.id, { includeDeleted: true }))).toEqual([]);
    });
  });

  it('a generic plan expects a parent to have few children, however few parents hold the activities (migration 9)', async () => {
    // One record holding 3,000 activities: ANALYZE then counts 2 distinct parents, and a generic
    // plan (an order batch's) estimated a parent's siblings at half the table, joining them by a
    // scan of every activity. The estimate is now about 20 per parent, which keeps index lookups.
    const { url, schema } = await freshSchema();
    await withStorages(1, url, async ([s]) => {
      const acc = await s!.transaction((t) => t.ensureAccount('estimates'));
      const big = await s!.transaction((t) => t.insertRecord(record(acc.id)));
      const small = await s!.transaction((t) => t.insertRecord(record(acc.id)));
      await s!.transaction((t) => t.insertActivity(activity(acc.id, small.id)));
      await sql(
        schema,
        `WITH ids AS (INSERT INTO items (type) SELECT 'activity' FROM generate_series(1, 3000) RETURNING id)
         INSERT INTO activities (id, account_id, record_id, parent_id, segment, typeid, level, position, fields, flagged,
           created, viewed, updated, creator_id, creator_name, modificator_id, modificator_name)
         SELECT id, $1, $2, $2, 'note', 3, 1, row_number() OVER (ORDER BY id), '{}', 0, 1, 1, 1, 1, 'a', 1, 'a' FROM ids`,
        [acc.id, big.id],
      );
      await sql(schema, 'ANALYZE activities');
      // One session: the statement prepared, its generic plan explained.
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      let top: { 'Plan Rows': number };
      try {
        await c.query(`SET search_path TO "${schema}"`);
        await c.query(
          'PREPARE children (bigint, bigint) AS SELECT id FROM activities WHERE account_id = $1 AND parent_id = $2',
        );
        await c.query('SET plan_cache_mode = force_generic_plan');
        const { rows } = await c.query<{ 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }>(
          `EXPLAIN (FORMAT JSON) EXECUTE children(${acc.id}, ${small.id})`,
        );
        top = rows[0]!['QUERY PLAN'][0]!.Plan;
      } finally {
        await c.end();
      }
      expect(top['Plan Rows']).toBeLessThan(100);
    });
  });

  it('ids no bigint can hold name nothing (no error)', async () => {
    await withStorages(1, shared.url, async ([s]) => {
      await s!.transaction(async (t) => {
        const a = await t.ensureAccount('big ids');
        expect(await t.getRecord(a.id, 1e20)).toBeUndefined();
        expect(await t.getActivity(a.id, 2 ** 63)).toBeUndefined();
        expect(await t.getFile(a.id, 1.5)).toBeUndefined();
        expect(await t.listChildren(a.id, 1e30)).toEqual([]);
      });
    });
  });

  it('JSON fields keep their key order and \\u0000 escapes', async () => {
    await withStorages(1, shared.url, async ([s]) => {
      const fields = { zeta: 'z', alpha: 'a\u0000b', mid: 1 };
      const row = await s!.transaction(async (t) =>
        t.insertRecord({ ...record((await t.ensureAccount('order')).id), fields }),
      );
      const back = await s!.transaction((t) => t.getRecord(row.accountId, row.id));
      expect(Object.keys(back!.fields)).toEqual(['zeta', 'alpha', 'mid']);
      expect(back!.fields.alpha).toBe('a\u0000b');
    });
  });
});

describe('postgres adapter: transactions', () => {
  it('a transaction opened inside another is refused; a Tx used after its end throws', async () => {
    await withStorages(1, shared.url, async ([s]) => {
      const inner = await s!.transaction(async () =>
        s!
          .transaction(async () => 'inner')
          .then(
            () => 'ran',
            (e: Error) => e.message,
          ),
      );
      expect(inner).toMatch(/inside a transaction/);
      let leaked: Tx | undefined;
      await s!.transaction(async (t) => {
        leaked = t;
      });
      await expect(leaked!.ensureAccount('late')).rejects.toThrow(/already ended/);
    });
  });

  it('close waits for running transactions, then refuses new ones', async () => {
    const s = await openPostgres(shared.url);
    // A body may run again after a serialization failure, so each notes itself once (a Set).
    const done = new Set<string>();
    const running = [1, 2, 3].map((i) =>
      s.transaction(async (t) => {
        await sleep(10);
        await t.ensureAccount(`close ${i}`);
        done.add(`tx${i}`);
      }),
    );
    await s.close();
    done.add('closed');
    await Promise.all(running);
    expect([...done].slice(-1)).toEqual(['closed']);
    expect([...done].sort()).toEqual(['closed', 'tx1', 'tx2', 'tx3']);
    await expect(s.transaction(async () => 1)).rejects.toThrow(/closed/);
  });

  it('transactions of two instances overlap (no shared lock); read-modify-write across them loses nothing', async () => {
    await withStorages(2, shared.url, async ([s1, s2]) => {
      const acc = await s1!.transaction((t) => t.ensureAccount('two instances'));
      // y begins and ends while x is still open: x waits for y's end before it ends.
      const log: string[] = [];
      let yEnded!: () => void;
      const yDone = new Promise<void>((ok) => (yEnded = ok));
      await Promise.all([
        s1!.transaction(async (t) => {
          log.push('x begin');
          await t.insertRecord(record(acc.id, 'x'));
          await yDone;
          log.push('x end');
        }),
        s2!
          .transaction(async (t) => {
            await sleep(20);
            log.push('y begin');
            await t.insertRecord(record(acc.id, 'y'));
            log.push('y end');
          })
          .then(yEnded),
      ]);
      expect(log).toEqual(['x begin', 'y begin', 'y end', 'x end']);

      const rec = await s1!.transaction((t) => t.insertRecord({ ...record(acc.id), fields: { n: 0 } }));
      const bump = (s: Storage) =>
        s.transaction(async (t) => {
          const row = (await t.getRecord(acc.id, rec.id))!;
          await sleep(1);
          await t.updateRecord({ ...row, fields: { n: Number(row.fields.n) + 1 } });
        });
      await Promise.all(Array.from({ length: 20 }, (_, i) => bump(i % 2 ? s1! : s2!)));
      expect((await s2!.transaction((t) => t.getRecord(acc.id, rec.id)))!.fields.n).toBe(20);
    });
  });

  it('transactions ordering one parent on two instances take turns (the lock is in the database): positions 1..n, each once', async () => {
    await withStorages(2, shared.url, async ([s1, s2]) => {
      const acc = await s1!.transaction((t) => t.ensureAccount('order across instances'));
      const parent = await s1!.transaction((t) => t.insertRecord(record(acc.id)));
      let inside = 0;
      let most = 0;
      let passed = 0;
      const append = (s: Storage, i: number) =>
        s.transaction(async (t) => {
          await t.lockOrder([parent.id]);
          passed++;
          // One after another from their first read of the order on (PgStorage.gather).
          const { all } = await t.countChildren(acc.id, parent.id, 'note');
          most = Math.max(most, ++inside);
          try {
            await sleep(1);
            await t.insertActivity({ ...activity(acc.id, parent.id), position: all + 1, fields: { text: `n${i}` } });
          } finally {
            inside--;
          }
        });
      await Promise.all(Array.from({ length: 16 }, (_, i) => append(i % 2 ? s1! : s2!, i)));
      expect(most).toBe(1);
      expect(passed).toBe(16);
      const children = await s2!.transaction((t) => t.listChildren(acc.id, parent.id));
      expect(children.map((c) => c.position)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    });
  });

  it('transactions waiting for a parent’s order hold no pooled connection: reads go on meanwhile', async () => {
    const s = await openPostgres(shared.url, { maxConnections: 2 });
    try {
      const acc = await s.transaction((t) => t.ensureAccount('order waits'));
      const parent = await s.transaction((t) => t.insertRecord(record(acc.id)));
      let open!: () => void;
      const gate = new Promise<void>((ok) => (open = ok));
      let held!: () => void;
      const holding = new Promise<void>((ok) => (held = ok));
      const writers = Array.from({ length: 6 }, (_, i) =>
        s.transaction(async (t) => {
          await t.lockOrder([parent.id]);
          if (i === 0) {
            held();
            await gate; // the first holds the lock (and a connection) until the reads are answered
          }
          const { all } = await t.countChildren(acc.id, parent.id, 'note');
          await t.insertActivity({ ...activity(acc.id, parent.id), position: all + 1 });
        }),
      );
      await holding;
      await sleep(50); // the other five reach the parent's queue
      const reads = Promise.all(Array.from({ length: 3 }, () => s.read((t) => t.getRecord(acc.id, parent.id))));
      const first = await Promise.race([reads.then(() => 'reads answered'), sleep(10_000).then(() => 'reads waited')]);
      open();
      expect(first).toBe('reads answered');
      await Promise.all(writers);
      expect((await s.read((t) => t.listChildren(acc.id, parent.id))).map((c) => c.position)).toEqual([
        1, 2, 3, 4, 5, 6,
      ]);
    } finally {
      await s.close();
    }
  });

  it('the quota counter of the storage (no fsync, no transaction) adds up exactly across instances', async () => {
    await withStorages(3, shared.url, async (all) => {
      const user = await all[0]!.transaction(async (t) =>
        t.addUser({
          accountId: (await t.ensureAccount('quota')).id,
          email: `q2${Date.now()}@example.test`,
          name: 'q',
          tokenHash: hashToken('t'),
          preventlogin: 0,
          preventprivatedata: 0,
          administrator: 0,
        }),
      );
      const totals = await Promise.all(Array.from({ length: 60 }, (_, i) => all[i % 3]!.countCalls(user.id, 0, 1)));
      expect(totals.sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    });
  });

  it('quota counts made at once go to the database together, each told its own total, per user and window', async () => {
    await withStorages(1, shared.url, async ([s]) => {
      const users = await s!.transaction(async (t) => {
        const accountId = (await t.ensureAccount('quota together')).id;
        const add = (n: number) =>
          t.addUser({
            accountId,
            email: `q3${n}${Date.now()}@example.test`,
            name: 'q',
            tokenHash: hashToken(`t${n}`),
            preventlogin: 0,
            preventprivatedata: 0,
            administrator: 0,
          });
        return [await add(1), await add(2)];
      });
      // Two users, two windows, amounts 1 and 2 interleaved.
      const calls = Array.from({ length: 40 }, (_, i) => ({
        user: users[i % 2]!.id,
        window: i % 4 < 2 ? 0 : 60,
        n: 1 + (i % 3 === 0 ? 1 : 0),
      }));
      const totals = await Promise.all(calls.map((c) => s!.countCalls(c.user, c.window, c.n)));
      for (const user of users)
        for (const window of [0, 60]) {
          const mine = calls.flatMap((c, i) =>
            c.user === user.id && c.window === window ? [{ n: c.n, total: totals[i]! }] : [],
          );
          // Every total is its own: the amounts added in some order, each total the sum up to it.
          const byTotal = mine.sort((a, b) => a.total - b.total);
          let sum = 0;
          for (const m of byTotal) expect(m.total).toBe((sum += m.n));
        }
    });
  });

  it('a connection lost in a group commit fails every transaction of the batch as an outage; none is kept', async () => {
    const app = `crmgen_batch_${process.pid}_${Date.now()}`;
    const url = `${shared.url}&application_name=${app}`;
    await withStorages(1, url, async ([s]) => {
      const a = await s!.transaction((t) => t.ensureAccount(`lost batch ${app}`));
      const rec = await s!.transaction((t) => t.insertRecord(record(a.id)));
      let inside!: () => void;
      const entered = new Promise<void>((ok) => (inside = ok));
      let open!: () => void;
      const gate = new Promise<void>((ok) => (open = ok));
      const append = (hold: boolean) =>
        s!.transaction(async (t) => {
          await t.lockOrder([rec.id]);
          const { all } = await t.countChildren(a.id, rec.id, 'note');
          await t.insertActivity({ ...activity(a.id, rec.id), position: all + 1 });
          if (hold) (inside(), await gate);
          return 'committed';
        });
      const first = append(true);
      await entered;
      const rest = Array.from({ length: 5 }, () => append(false));
      await sleep(20);
      // The batch's connection (idle in its transaction, the first one's insert made) ends.
      const ended = await sql<{ ok: boolean }>(
        'public',
        `SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE application_name = $1 AND state = 'idle in transaction'`,
        [app],
      );
      expect(ended).toEqual([{ ok: true }]);
      open();
      const results = await Promise.allSettled([first, ...rest]);
      expect(results.map((r) => r.status)).toEqual(Array(6).fill('rejected'));
      for (const r of results) expect(pgCondition((r as PromiseRejectedResult).reason)).toBe('unreachable');
      expect(await s!.read((t) => t.listChildren(a.id, rec.id))).toEqual([]);
      // The pool replaced the connection: the parent takes turns again.
      expect(await append(false)).toBe('committed');
    });
  });

  it('the quota counter adds up across instances', async () => {
    await withStorages(3, shared.url, async (all) => {
      const user = await all[0]!.transaction(async (t) =>
        t.addUser({
          accountId: (await t.ensureAccount('quota')).id,
          email: `q${Date.now()}@example.test`,
          name: 'q',
          tokenHash: hashToken('t'),
          preventlogin: 0,
          preventprivatedata: 0,
          administrator: 0,
        }),
      );
      const totals = await Promise.all(
        Array.from({ length: 30 }, (_, i) => all[i % 3]!.transaction((t) => t.countCalls(user.id, 0, 1))),
      );
      expect(totals.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    });
  });
});

describe("postgres adapter: gather rounds (one order_batch statement for a batch's moves and creates)", () => {
  /**
   * A parent R with notes a1..a6 (positions 1..6) and a record R2; `jobs` run as transactions that
   * queue in ONE batch holding R's and R2's order: a first one holds the batch until they are all
   * queued, then they run as a gather round. Returns each one's outcome, and the order of the
   * moments they began and got their first write's answer.
   */
  async function round(
    jobs: ((t: Tx, ctx: { acc: number; r: number; r2: number; a: number[]; log: string[] }) => Promise<unknown>)[],
    oneByOne = false,
    /** Activities under a2 (a[1]), level 2, positions 1..n: their texts. */
    nested: string[] = [],
  ) {
    const s = await openPostgres(shared.url);
    try {
      const acc = (await s.transaction((t) => t.ensureAccount(`gather ${Math.random()}`))).id;
      const r = (await s.transaction((t) => t.insertRecord(record(acc)))).id;
      const r2 = (await s.transaction((t) => t.insertRecord(record(acc, 'r2')))).id;
      const a: number[] = [];
      for (let i = 1; i <= 6; i++)
        a.push(
          (
            await s.transaction((t) =>
              t.insertActivity({ ...activity(acc, r), position: i, fields: { text: `a${i}` } }),
            )
          ).id,
        );
      for (const [i, text] of nested.entries())
        a.push(
          (
            await s.transaction((t) =>
              t.insertActivity({ ...activity(acc, r), parentId: a[1]!, level: 2, position: i + 1, fields: { text } }),
            )
          ).id,
        );
      const log: string[] = [];
      const ctx = { acc, r, r2, a, log };
      const opts = { ordersFirst: true, orderHint: [r, r2] };
      const under = async (p: number) =>
        (await s.transaction((t) => t.listChildren(acc, p)))
          .sort((x, y) => x.position - y.position)
          .map((c) => ({ text: c.fields.text, position: c.position }));
      if (oneByOne) {
        // Each alone in its batch: the statements of their own, not order_batch.
        const outcomes: PromiseSettledResult<unknown>[] = [];
        for (const job of jobs) outcomes.push(...(await Promise.allSettled([s.transaction((t) => job(t, ctx), opts)])));
        return { outcomes, log, under: { r: await under(r), r2: await under(r2) }, ctx };
      }
      let entered!: () => void;
      const inside = new Promise<void>((ok) => (entered = ok));
      let open!: () => void;
      const gate = new Promise<void>((ok) => (open = ok));
      const first = s.transaction(async (t) => {
        await t.lockOrder([r, r2]);
        entered();
        await gate;
      }, opts);
      await inside;
      const rest = jobs.map((job) => s.transaction((t) => job(t, ctx), opts));
      await sleep(20);
      open();
      await first;
      const outcomes = await Promise.allSettled(rest);
      return { outcomes, log, under: { r: await under(r), r2: await under(r2) }, ctx };
    } finally {
      await s.close();
    }
  }
  const place = (
    ctx: { acc: number; r: number },
    id: number,
    to: number,
    where: { after?: number; before?: number } = {},
    from = ctx.r,
  ) => ({
    accountId: ctx.acc,
    id,
    segment: 'note',
    kind: 'contacts',
    from,
    to,
    kinds: ['contacts'],
    ...where,
    updated: 2,
    modificatorId: 1,
    modificatorName: 'b',
  });
  const create = (t: Tx, ctx: { acc: number; r: number }, text: string) =>
    t.insertLast({ ...activity(ctx.acc, ctx.r), fields: { text } });
  const texts = (rows: { text: unknown; position: number }[]) => rows.map((x) => x.text);
  /** A create placed last with every column set to something of its own (under r unless told). */
  const rich = (t: Tx, c: { acc: number; r: number }, text: string, parentId = c.r, segment = 'note') =>
    t.insertLast({
      ...activity(c.acc, c.r),
      parentId,
      segment,
      level: parentId === c.r ? 1 : 2,
      typeid: 4,
      flagged: 1,
      created: 11,
      viewed: 12,
      updated: 13,
      creatorId: 7,
      creatorName: 'Cy "7"',
      modificatorId: 8,
      modificatorName: 'Mo, 8',
      fields: { text, subject: `Re: ${text} & co`, list: [1, '2', { x: null }] },
    });
  const C2 = 'c2 {"a,b": [1]} \\ \' NULL é';
  const dense = (rows: { position: number }[]) => rows.map((x) => x.position);

  it('applies the collected moves and creates in queue order, then the wrong guesses: as one serial order', async () => {
    const { outcomes, log, under } = await round([
      async (t, c) => (c.log.push('start c1'), await create(t, c, 'c1'), c.log.push('got c1')),
      // Order-sensitive: a4 after a5, then a5 after a4 leaves a4 before a5; the other way round, a5 first.
      async (t, c) => (
        c.log.push('start m4'),
        await t.placeGuessed!(place(c, c.a[3]!, c.r, { after: c.a[4] })),
        c.log.push('got m4')
      ),
      async (t, c) => (
        c.log.push('start m5'),
        await t.placeGuessed!(place(c, c.a[4]!, c.r, { after: c.a[3] })),
        c.log.push('got m5')
      ),
      // A wrong guess (a2 is under r, not r2): nothing written; it then counts r's children, after the collected ones.
      async (t, c) => {
        c.log.push('start stale');
        const got = await t.placeGuessed!(place(c, c.a[1]!, c.r, { before: c.a[0] }, c.r2));
        c.log.push('got stale');
        return { got, counts: await t.countChildren(c.acc, c.r, 'note') };
      },
      // Its values reach order_batch as text in an array: quotes, braces, commas and backslashes kept.
      async (t, c) => (c.log.push('start c2'), await create(t, c, C2), c.log.push('got c2')),
      async (t, c) => (
        c.log.push('start move'),
        await t.placeGuessed!(place(c, c.a[0]!, c.r2)),
        c.log.push('got move')
      ),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(Array(6).fill('fulfilled'));
    // One round: every body began before any got its write's answer.
    expect(log.slice(0, 6).every((e) => e.startsWith('start'))).toBe(true);
    expect(texts(under.r)).toEqual(['a2', 'a3', 'a4', 'a5', 'a6', 'c1', C2]);
    expect(dense(under.r)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(texts(under.r2)).toEqual(['a1']);
    expect(dense(under.r2)).toEqual([1]);
    const stale = (outcomes[3] as PromiseFulfilledResult<{ got: unknown; counts: { all: number } }>).value;
    expect(stale.got).toBeUndefined();
    expect(stale.counts.all).toBe(7); // after every collected write: 6 - a1 + c1 + c2
  });

  it('one refused after its collected write leaves nothing of it; the others run again and keep positions 1..n', async () => {
    const { outcomes, under } = await round([
      async (t, c) => create(t, c, 'c1'),
      async (t, c) => {
        await t.placeGuessed!(place(c, c.a[0]!, c.r, { after: c.a[5] }));
        throw new Error('refused after its write');
      },
      async (t, c) => {
        await create(t, c, 'c3');
        throw new Error('c3 refused after its insert');
      },
      async (t, c) => create(t, c, 'c4'),
      async (t, c) => t.placeGuessed!(place(c, c.a[5]!, c.r, { before: c.a[1] })),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled', 'fulfilled']);
    expect(texts(under.r)).toEqual(['a1', 'a6', 'a2', 'a3', 'a4', 'a5', 'c1', 'c4']);
    expect(dense(under.r)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('a collected create that reads the order again after a later one wrote runs as in a serial order', async () => {
    const { outcomes, under } = await round([
      async (t, c) => {
        await create(t, c, 'c1');
        return (await t.countChildren(c.acc, c.r, 'note')).all; // 7 one after another; 8 would see c2
      },
      async (t, c) => create(t, c, 'c2'),
      async (t, c) => {
        await create(t, c, 'c3');
        return (await t.countChildren(c.acc, c.r, 'note')).all; // the last writer: 9
      },
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(Array(3).fill('fulfilled'));
    expect((outcomes[0] as PromiseFulfilledResult<number>).value).toBe(7);
    expect((outcomes[2] as PromiseFulfilledResult<number>).value).toBe(9);
    expect(texts(under.r)).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'c1', 'c2', 'c3']);
    expect(dense(under.r)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('order_batch stores what the statements of its own store, column by column (it holds copies of them)', async () => {
    const jobs: Parameters<typeof round>[0] = [
      async (t, c) => rich(t, c, 'c1'),
      async (t, c) => t.placeGuessed!(place(c, c.a[1]!, c.r2)),
      async (t, c) => t.placeGuessed!(place(c, c.a[4]!, c.r, { before: c.a[0] })),
      async (t, c) => rich(t, c, C2),
      async (t, c) => t.placeGuessed!(place(c, c.a[2]!, c.r, { after: c.a[5] })),
    ];
    const rows = async (got: Awaited<ReturnType<typeof round>>) => {
      const { acc, r, r2 } = got.ctx;
      const textOf = (row: Record<string, unknown>) => String((row.fields as { text: string }).text);
      const label = (id: unknown) => (String(id) === String(r) ? 'r' : String(id) === String(r2) ? 'r2' : 'another');
      return (await sql(shared.schema, 'SELECT * FROM activities WHERE account_id = $1', [acc]))
        .map(({ id: _id, account_id: _acc, record_id, parent_id, ...rest }) => ({
          ...rest,
          record_id: label(record_id),
          parent_id: label(parent_id),
        }))
        .sort((x, y) => textOf(x).localeCompare(textOf(y)));
    };
    const gathered = await round(jobs);
    const alone = await round(jobs, true);
    expect(gathered.outcomes.map((o) => o.status)).toEqual(Array(5).fill('fulfilled'));
    expect(alone.outcomes.map((o) => o.status)).toEqual(Array(5).fill('fulfilled'));
    expect(gathered.under).toEqual(alone.under);
    const [g, a] = [await rows(gathered), await rows(alone)];
    expect(g).toHaveLength(8);
    expect(g).toEqual(a);
  });

  /** The statements the pool's connections send while fn runs (node-postgres's own query, watched). */
  async function sent<T>(fn: () => Promise<T>): Promise<{ value: T; texts: string[] }> {
    const texts: string[] = [];
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const c = args[0] as string | { text?: string };
      texts.push(typeof c === 'string' ? c : (c?.text ?? ''));
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    try {
      return { value: await fn(), texts };
    } finally {
      pg.Client.prototype.query = query;
    }
  }
  const storedRows = async (got: { ctx: { acc: number; r: number; r2: number; a: number[] } }) => {
    const { acc, r, r2, a } = got.ctx;
    const textOf = (row: Record<string, unknown>) => String((row.fields as { text: string }).text);
    const label = (id: unknown) =>
      String(id) === String(r) ? 'r' : String(id) === String(r2) ? 'r2' : `a${a.indexOf(Number(id)) + 1}`;
    return (await sql(shared.schema, 'SELECT * FROM activities WHERE account_id = $1', [acc]))
      .map(({ id: _id, account_id: _acc, record_id, parent_id, ...rest }): Record<string, unknown> => ({
        ...rest,
        record_id: label(record_id),
        parent_id: label(parent_id),
      }))
      .sort((x, y) => textOf(x).localeCompare(textOf(y)));
  };

  it('a round of moves only is placed with one read and one write, and stores what the moves one after another store', async () => {
    // a[0..5] = a1..a6 under r; a[6..8] = x1..x3 under a2.
    const jobs: Parameters<typeof round>[0] = [
      // Order-sensitive: a4 after a5, then a5 after a4.
      async (t, c) => t.placeGuessed!(place(c, c.a[3]!, c.r, { after: c.a[4] })),
      async (t, c) => t.placeGuessed!(place(c, c.a[4]!, c.r, { after: c.a[3] })),
      // Out to r2, a second one before it there, then that one back to r after a6 (r2's gap closed).
      async (t, c) => t.placeGuessed!(place(c, c.a[0]!, c.r2)),
      async (t, c) => t.placeGuessed!(place(c, c.a[2]!, c.r2, { before: c.a[0] })),
      async (t, c) => t.placeGuessed!(place(c, c.a[2]!, c.r, { after: c.a[5] }, c.r2)),
      // A wrong guess (a4 is under r): nothing written.
      async (t, c) => t.placeGuessed!(place(c, c.a[3]!, c.r, {}, c.r2)),
      // An anchor no longer there (a1 went to r2): nothing written.
      async (t, c) => t.placeGuessed!(place(c, c.a[5]!, c.r, { before: c.a[0] })),
      // A reorder under an activity: x3 first.
      async (t, c) => t.placeGuessed!(place(c, c.a[8]!, c.a[1]!, { before: c.a[6] }, c.a[1])),
      // A record kind it may not move to: nothing written.
      async (t, c) => t.placeGuessed!({ ...place(c, c.a[5]!, c.r2), kinds: ['companies'] }),
      async (t, c) => t.placeGuessed!(place(c, c.a[5]!, c.r, { before: c.a[1] })),
    ];
    const nested = ['x1', 'x2', 'x3'];
    const gathered = await sent(() => round(jobs, false, nested));
    const alone = await round(jobs, true, nested);
    expect(gathered.texts.some((q) => /FROM order_batch\(/.test(q))).toBe(false);
    expect(gathered.texts.filter((q) => q.includes('json_agg'))).toHaveLength(1);
    expect(gathered.texts.filter((q) => q.includes('AS v(id, account_id, parent_id, record_id'))).toHaveLength(1);
    expect(gathered.value.outcomes.map((o) => o.status)).toEqual(Array(jobs.length).fill('fulfilled'));
    const values = (got: Awaited<ReturnType<typeof round>>) =>
      got.outcomes.map((o) => (o as PromiseFulfilledResult<unknown>).value);
    expect(values(gathered.value)).toEqual(values(alone));
    expect(values(alone).filter((v) => v === undefined)).toHaveLength(3);
    expect(gathered.value.under).toEqual(alone.under);
    expect(texts(alone.under.r)).toEqual(['a6', 'a2', 'a4', 'a5', 'a3']);
    expect(dense(alone.under.r)).toEqual([1, 2, 3, 4, 5]);
    expect(texts(alone.under.r2)).toEqual(['a1']);
    expect(dense(alone.under.r2)).toEqual([1]);
    const [g, a] = [await storedRows(gathered.value), await storedRows(alone)];
    expect(g).toHaveLength(9);
    expect(g).toEqual(a);
    expect(a.filter((row) => row.parent_id === 'a2').map((row) => [row.fields, Number(row.position)])).toEqual([
      [{ text: 'x1' }, 2],
      [{ text: 'x2' }, 3],
      [{ text: 'x3' }, 1],
    ]);
  });

  it('a round of creates only is placed in one statement, and stores and tells what the creates one after another do', async () => {
    const jobs: Parameters<typeof round>[0] = [
      async (t, c) => rich(t, c, 'c1'),
      async (t, c) => rich(t, c, C2, c.r, 'task'),
      // Under r2 and under an activity: counts of their own.
      async (t, c) => rich(t, c, 'c3', c.r2),
      async (t, c) => rich(t, c, 'c4', c.a[1]),
      async (t, c) => rich(t, c, 'c5'),
      async (t, c) => rich(t, c, 'c6', c.a[1]),
    ];
    const gathered = await sent(() => round(jobs, false, ['x1']));
    const alone = await round(jobs, true, ['x1']);
    expect(gathered.texts.some((q) => /FROM order_batch\(/.test(q))).toBe(false);
    expect(gathered.texts.filter((q) => q.includes('generate_subscripts($1::text[], 1)'))).toHaveLength(1);
    expect(gathered.value.outcomes.map((o) => o.status)).toEqual(Array(jobs.length).fill('fulfilled'));
    // What each was told: its place, level and fields, and the counts from before it.
    type Told = {
      row: { id: number; position: number; level: number; fields: unknown };
      all: number;
      ofSegment: number;
      last: number;
    };
    const told = (got: Awaited<ReturnType<typeof round>>) =>
      got.outcomes.map((o) => {
        const { row, all, ofSegment, last } = (o as PromiseFulfilledResult<Told>).value;
        return { position: row.position, level: row.level, fields: row.fields, all, ofSegment, last };
      });
    expect(told(gathered.value)).toEqual(told(alone));
    expect(told(alone).map(({ all, ofSegment, last }) => [all, ofSegment, last])).toEqual([
      [6, 6, 6],
      [7, 0, 7],
      [0, 0, 0],
      [1, 1, 1],
      [8, 7, 8],
      [2, 2, 2],
    ]);
    // Ids rise in queue order.
    const ids = gathered.value.outcomes.map((o) => (o as PromiseFulfilledResult<Told>).value.row.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    const [g, a] = [await storedRows(gathered.value), await storedRows(alone)];
    expect(g).toHaveLength(13);
    expect(g).toEqual(a);
  });

  it('a round that moves an activity with children under it goes to order_batch, which carries them', async () => {
    const jobs: Parameters<typeof round>[0] = [
      async (t, c) => t.placeGuessed!(place(c, c.a[1]!, c.r2)),
      async (t, c) => t.placeGuessed!(place(c, c.a[3]!, c.r, { before: c.a[0] })),
    ];
    const gathered = await sent(() => round(jobs, false, ['x1']));
    const alone = await round(jobs, true, ['x1']);
    expect(gathered.texts.some((q) => /FROM order_batch\(/.test(q))).toBe(true);
    expect(gathered.value.outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
    const [g, a] = [await storedRows(gathered.value), await storedRows(alone)];
    expect(g).toEqual(a);
    expect(a.find((row) => (row.fields as { text: string }).text === 'x1')).toMatchObject({
      record_id: 'r2',
      parent_id: 'a2',
      level: '2',
    });
  });

  it('a statement of the round that fails fails its transaction alone', async () => {
    const { outcomes, under } = await round([
      async (t, c) => create(t, c, 'c1'),
      // No such parent: the create's insert breaks a foreign key inside order_batch.
      async (t, c) => t.insertLast({ ...activity(c.acc, c.r), parentId: 2 ** 40, fields: { text: 'bad' } }),
      async (t, c) => create(t, c, 'c3'),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(texts(under.r)).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'c1', 'c3']);
    expect(dense(under.r)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe('postgres adapter: the webhook outbox', () => {
  const delivery = (accountId: number, objectId: number, now: number): Omit<DeliveryRow, 'id'> => ({
    accountId,
    hookId: 1,
    event: 'items.create',
    objectId,
    url: 'http://127.0.0.1:9/',
    contentType: 'application/json',
    body: `{"objectid":${objectId}}`,
    signature: null,
    webhookId: `msg_${objectId}`,
    attempts: 0,
    nextAttempt: now,
    status: 'pending',
    lastError: '',
    claimedBy: null,
    claimedUntil: 0,
    created: now,
  });

  it('instances claiming together each get their own deliveries; every one is claimed exactly once', async () => {
    const { url } = await freshSchema();
    await withStorages(3, url, async (all) => {
      const now = Date.now();
      const acc = await all[0]!.transaction(async (t) => {
        const a = await t.ensureAccount('outbox');
        await t.enqueueDeliveries(Array.from({ length: 60 }, (_, i) => delivery(a.id, i + 1, now)));
        return a;
      });
      const claims = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          all[i % 3]!.transaction((t) => t.claimDeliveries(now, 7, 60_000, `claimer-${i % 3}`)),
        ),
      );
      const claimed = claims.flat().map((d) => d.objectId);
      expect(claimed.sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
      for (const [i, batch] of claims.entries()) for (const d of batch) expect(d.claimedBy).toBe(`claimer-${i % 3}`);
      const listed = await all[1]!.transaction((t) => t.listDeliveries(acc.id));
      expect(listed.every((d) => d.claimedUntil === now + 60_000)).toBe(true);
      expect(await all[2]!.transaction((t) => t.claimDeliveries(now, 100, 60_000, 'late'))).toEqual([]);
    });
  });

  it('a lease that expired is claimed by another instance; the old holder can no longer finish it', async () => {
    const { url } = await freshSchema();
    await withStorages(2, url, async ([a, b]) => {
      const now = Date.now();
      const acc = await a!.transaction(async (t) => {
        const acc = await t.ensureAccount('lease');
        await t.enqueueDeliveries([delivery(acc.id, 1, now), delivery(acc.id, 2, now + 10_000)]);
        return acc;
      });
      const [first] = await a!.transaction((t) => t.claimDeliveries(now, 10, 1_000, 'crashed'));
      expect(first!.objectId).toBe(1);
      // Still leased: nobody else gets it; the next due time is the end of the lease.
      expect(await b!.transaction((t) => t.claimDeliveries(now + 999, 10, 1_000, 'other'))).toEqual([]);
      expect(await b!.transaction((t) => t.nextDeliveryDue())).toBe(now + 1_000);
      // The lease ran out (claimed_until <= now): another instance takes it.
      const [again] = await b!.transaction((t) => t.claimDeliveries(now + 1_000, 10, 1_000, 'other'));
      expect(again).toMatchObject({ id: first!.id, claimedBy: 'other', claimedUntil: now + 2_000 });
      const outcome = { status: 'delivered' as const, attempts: 1, nextAttempt: now, lastError: '' };
      expect(await a!.transaction((t) => t.finishDelivery(first!.id, 'crashed', outcome))).toBe(false);
      expect(await b!.transaction((t) => t.finishDelivery(first!.id, 'other', outcome))).toBe(true);
      const rows = await a!.transaction((t) => t.listDeliveries(acc.id));
      expect(rows.map((d) => [d.objectId, d.status, d.claimedBy])).toEqual([
        [1, 'delivered', null],
        [2, 'pending', null],
      ]);
      expect(await a!.transaction((t) => t.nextDeliveryDue())).toBe(now + 10_000);
    });
  });
});

describe('postgres adapter: work a call sets going is not bounded by its budget', () => {
  // A call's database work is bounded by the statement timeout through its budget (outage.ts).
  // What it starts that outlives it has budgets of its own: here the call's budget is spent
  // before that work runs, which then must still reach the database.
  it('a delivery loop poked by a call whose budget is spent delivers and logs the attempt', async () => {
    const { url } = await freshSchema();
    const received: string[] = [];
    const rx = createServer((req, res) => {
      req.resume();
      req.on('end', () => (received.push(String(req.headers['webhook-id'])), res.end('ok')));
    });
    await new Promise<void>((ok) => rx.listen(0, '127.0.0.1', ok));
    const s = await openPostgres(url);
    // No polling: the poke below is the only look at the outbox after the first.
    const hooks = startWebhooks({ storage: s, allowPrivate: true, pollMs: 600_000, log: () => undefined });
    try {
      await sleep(100); // the first look, at start, found nothing
      const target = `http://127.0.0.1:${(rx.address() as AddressInfo).port}/`;
      const acc = await s.transaction(async (t) => {
        const a = await t.ensureAccount('budget');
        const hook = await t.insertHook({
          accountId: a.id,
          type: 'web',
          title: '',
          active: 1,
          event: 'items.create',
          constrainttype: 'all',
          url: target,
          contenttype: 'json',
          secret: '',
        });
        const body = '{"objectid":1}';
        await t.enqueueDeliveries([
          pendingDelivery(
            hook,
            {
              accountId: a.id,
              event: 'items.create',
              objectId: 1,
              contentType: 'application/json',
              body,
              webhookId: 'msg_spent',
            },
            Date.now(),
          ),
        ]);
        return a;
      });
      withCallBudget({ spentMs: 3_600_000 }, () => hooks.poke());
      let rows: DeliveryRow[] = [];
      for (let i = 0; i < 100 && rows[0]?.status !== 'delivered'; i++) {
        await sleep(50);
        rows = await s.read((t) => t.listDeliveries(acc.id));
      }
      expect(received).toEqual(['msg_spent']);
      expect(rows.map((d) => [d.webhookId, d.status, d.attempts])).toEqual([['msg_spent', 'delivered', 1]]);
    } finally {
      await hooks.stop();
      await s.close();
      rx.closeAllConnections();
      await new Promise<void>((ok) => rx.close(() => ok()));
    }
  });

  it("a fold of count rows a read sets going is not charged to that read's budget", async () => {
    const { url, schema } = await freshSchema();
    const s = await openPostgres(url);
    const holder = new pg.Client({ connectionString: PG_URL });
    try {
      const acc = await s.transaction((t) => t.ensureAccount('fold'));
      // Each create adds a +1 row to owner_counts; past 64 a count folds them in the background.
      for (let i = 0; i < 70; i++) await s.transaction((t) => t.insertRecord({ ...record(acc.id), ownership: 7 }));
      // The fold's DELETE waits for this lock, so it takes a while.
      await holder.connect();
      await holder.query('BEGIN');
      await holder.query(`SELECT n FROM ${schema}.owner_counts WHERE account_id = $1 AND ownership = 7 FOR UPDATE`, [
        acc.id,
      ]);
      const budget = { spentMs: 0 };
      const count = await withCallBudget(budget, () =>
        s.read(async (t) => {
          const page = await t.pageRecords(acc.id, {
            kind: 'contacts',
            deleted: false,
            where: [{ op: 'ownership', who: 7 }],
            sort: { field: 'name', dir: 'ASC' },
            start: 0,
            limit: 1,
          });
          return page.count;
        }),
      );
      expect(count).toBe(70);
      const spent = budget.spentMs;
      await sleep(300);
      await holder.query('COMMIT');
      let rows = 70;
      for (let i = 0; i < 60 && rows > 1; i++) {
        await sleep(50);
        [{ rows }] = await sql<{ rows: number }>(
          schema,
          'SELECT count(*)::int AS rows FROM owner_counts WHERE account_id = $1 AND ownership = 7',
          [acc.id],
        );
      }
      expect(rows, 'the rows were folded').toBe(1);
      expect(budget.spentMs, 'what the read had spent when it answered').toBe(spent);
    } finally {
      await holder.end();
      await s.close();
    }
  });

  it("a show's viewed time is stored after its call's budget is spent", async () => {
    const { url, schema } = await freshSchema();
    const s = await openPostgres(url);
    try {
      const rec = await s.transaction(async (t) => t.insertRecord(record((await t.ensureAccount('viewed')).id)));
      const budget = { spentMs: 0 };
      await withCallBudget(budget, () => s.read((t) => t.markViewed(rec.id, 123_456_789)));
      budget.spentMs = 3_600_000; // the rest of the call took it all
      let stored: { viewed: number }[] = [];
      for (let i = 0; i < 60 && stored[0]?.viewed !== 123_456_789; i++) {
        await sleep(50);
        stored = await sql<{ viewed: number }>(schema, `SELECT viewed::float8 AS viewed FROM records WHERE id = $1`, [
          rec.id,
        ]);
      }
      expect(stored).toEqual([{ viewed: 123_456_789 }]);
    } finally {
      await s.close();
    }
  });
});
