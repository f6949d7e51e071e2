// Migrations live one per file (server/storage/migrations/<dialect>/NNN-*.ts), listed in order by
// each dialect's index.ts: every file is listed, at its number. A database made by an older
// release migrates to the current schema with its rows: search columns, report dates and owners
// filled by the backfills, so lists, searches and reports answer over the old rows.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import Database from 'better-sqlite3';
import { MIGRATIONS } from '../../server/storage/migrations/sqlite/index.ts';
import { PG_MIGRATIONS } from '../../server/storage/migrations/postgres/index.ts';
import { openSqlite } from '../../server/storage/sqlite.ts';
import { openPostgres } from '../../server/storage/postgres.ts';
import type { RecordQuery } from '../../server/storage/record-query.ts';
import type { Storage } from '../../server/storage/port.ts';
import { createSchema, dropSchema, PG_URL, schemaName, schemaUrl, sql } from '../support/postgres.ts';

const dir = fileURLToPath(new URL('../../server/storage/migrations/', import.meta.url));
const dirs: string[] = [];
const schemas: string[] = [];
afterAll(async () => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  for (const s of schemas) await dropSchema(s);
});

describe('migration files', () => {
  for (const [dialect, list] of [
    ['sqlite', MIGRATIONS],
    ['postgres', PG_MIGRATIONS],
  ] as const) {
    it(`${dialect}: every NNN-*.ts file is in the index, migration n at position n`, async () => {
      const files = readdirSync(join(dir, dialect))
        .filter((f) => /^\d{3}-.*\.ts$/.test(f))
        .sort();
      expect(files.map((f) => Number(f.slice(0, 3)))).toEqual(files.map((_, i) => i + 1));
      expect(list).toHaveLength(files.length);
      for (const [i, f] of files.entries()) {
        const m = (await import(join(dir, dialect, f))) as { migration: unknown };
        expect(list[i], f).toBe(m.migration);
      }
    });
  }
});

const search = (needle: string): RecordQuery => ({
  kind: 'contacts',
  deleted: false,
  where: [{ op: 'anyText', scope: 'any', mode: 'S', needle }],
  sort: { field: 'name', dir: 'ASC' },
  start: 0,
  limit: 50,
});

/** What an old database holds must answer through the current code: a search over item and journal texts, a report by owner. */
async function expectUsable(s: Storage): Promise<void> {
  const acc = await s.read((t) => t.ensureAccount('old'));
  const byName = await s.read((t) => t.pageRecords(acc.id, search('zoë')));
  expect(byName.count).toBe(1);
  expect(byName.rows.map((r) => r.name)).toEqual(['Zoë Old']);
  const byJournal = await s.read((t) => t.pageRecords(acc.id, search('quarterly')));
  expect(byJournal.rows.map((r) => r.name)).toEqual(['Zoë Old']);
  const owned = await s.read((t) =>
    t.reportActivities(acc.id, { segments: [{ segment: 'task' }], owner: 7, order: 'date' }),
  );
  expect(owned.map((a) => a.fields.title)).toEqual(['Call back']);
}

describe('an old SQLite database (schema 3: before lists in SQL)', () => {
  it('migrates to the current schema with its rows searchable and reported', async () => {
    const d = mkdtempSync(join(tmpdir(), 'crmgen-migrate-'));
    dirs.push(d);
    const file = join(d, 'old.db');
    const raw = new Database(file);
    for (const [i, m] of MIGRATIONS.slice(0, 3).entries()) {
      raw.exec(m.sql);
      raw.pragma(`user_version = ${i + 1}`);
    }
    raw.exec(`INSERT INTO accounts (name) VALUES ('old');
      INSERT INTO items (type) VALUES ('record'), ('activity'), ('activity');
      INSERT INTO records (id, account_id, kind, name, ownership, flagged, fields, created, viewed, updated, creator_id, creator_name, modificator_id, modificator_name)
        VALUES (1, 1, 'contacts', 'Zoë Old', 1, 0, '{"firstname":"Zoë","lastname":"Old"}', 0, 0, 0, 1, 'a', 1, 'a');
      INSERT INTO activities (id, account_id, record_id, parent_id, segment, typeid, level, position, fields, flagged, created, viewed, updated,
        creator_id, creator_name, modificator_id, modificator_name)
        VALUES (2, 1, 1, 1, 'note', 3, 1, 1, '{"details":"Quarterly review"}', 0, 0, 0, 0, 1, 'a', 1, 'a'),
               (3, 1, 1, 1, 'task', 14, 1, 2, '{"title":"Call back","duedate":"2024-03-05","assignedto":7}', 0, 0, 0, 0, 1, 'a', 1, 'a');`);
    raw.close();
    const s = openSqlite(file);
    try {
      await expectUsable(s);
    } finally {
      await s.close();
    }
    const check = new Database(file, { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    check.close();
  });
});

describe('an old PostgreSQL schema (schema 1: before lists in SQL)', () => {
  it('migrates to the current schema with its rows searchable and reported', async () => {
    const { schema, url } = await createSchema('migold');
    schemas.push(schema);
    await sql(
      schema,
      `CREATE TABLE schema_version (one boolean PRIMARY KEY DEFAULT true CHECK (one), version integer NOT NULL);
      INSERT INTO schema_version (version) VALUES (1);
      ${PG_MIGRATIONS[0]!.sql}`,
    );
    await sql(
      schema,
      `INSERT INTO accounts (name) VALUES ('old');
      INSERT INTO items (id, type) OVERRIDING SYSTEM VALUE VALUES (1, 'record'), (2, 'activity'), (3, 'activity');
      INSERT INTO records (id, account_id, kind, name, ownership, flagged, fields, created, viewed, updated, creator_id, creator_name, modificator_id, modificator_name)
        VALUES (1, 1, 'contacts', 'Zoë Old', 1, 0, '{"firstname":"Zoë","lastname":"Old"}', 0, 0, 0, 1, 'a', 1, 'a');
      INSERT INTO activities (id, account_id, record_id, parent_id, segment, typeid, level, position, fields, flagged, created, viewed, updated,
        creator_id, creator_name, modificator_id, modificator_name)
        VALUES (2, 1, 1, 1, 'note', 3, 1, 1, '{"details":"Quarterly review"}', 0, 0, 0, 0, 1, 'a', 1, 'a'),
               (3, 1, 1, 1, 'task', 14, 1, 2, '{"title":"Call back","duedate":"2024-03-05","assignedto":7}', 0, 0, 0, 0, 1, 'a', 1, 'a');`,
    );
    const s = await openPostgres(url);
    try {
      await expectUsable(s);
    } finally {
      await s.close();
    }
    expect(await sql(schema, 'SELECT version FROM schema_version')).toEqual([{ version: PG_MIGRATIONS.length }]);
  });
});

// Texts holding SEP (U+001F): `search` as written before MARK led it, and what starts-with answers.
const SEP = '\u001f';
async function seedSepTexts(s: Storage): Promise<number> {
  return await s.transaction(async (t) => {
    const acc = await t.ensureAccount('sep');
    const base = {
      accountId: acc.id,
      kind: 'contacts',
      ownership: 1,
      flagged: 0 as const,
      created: 0,
      viewed: 0,
      updated: 0,
      creatorId: 1,
      creatorName: 'a',
      modificatorId: 1,
      modificatorName: 'a',
    };
    const r = await t.insertRecord({ ...base, name: `Ab${SEP}cd`, fields: {} });
    await t.insertRecord({ ...base, name: 'Cdef', fields: {} });
    await t.insertActivity({
      accountId: acc.id,
      recordId: r.id,
      parentId: r.id,
      segment: 'note',
      typeid: 3,
      level: 1,
      position: 1,
      fields: { details: `x${SEP}gh` },
      flagged: 0,
      created: 0,
      viewed: 0,
      updated: 0,
      creatorId: 1,
      creatorName: 'a',
      modificatorId: 1,
      modificatorName: 'a',
    });
    return acc.id;
  });
}
async function expectSepTexts(s: Storage, accountId: number): Promise<void> {
  const names = async (needle: string) =>
    (await s.read((t) => t.pageRecords(accountId, search(needle)))).rows.map((r) => r.name);
  expect(await names('cd')).toEqual(['Cdef']); // not `Ab<SEP>cd`: its text starts with ab
  expect(await names('gh')).toEqual([]);
  expect(await names('ab')).toEqual([`Ab${SEP}cd`]);
  expect(await names('x')).toEqual([`Ab${SEP}cd`]);
}
/** `search` without its lead MARK, as migration 7 (SQLite) / 5 (PostgreSQL) finds it. */
const UNMARK = (fn: string) => `UPDATE records SET search = ${fn}(search, 2) WHERE search LIKE chr_mark || '%';
  UPDATE activities SET search = ${fn}(search, 2) WHERE search LIKE chr_mark || '%';`;

describe('a database whose search texts predate MARK', () => {
  it('SQLite: migration 7 marks the rows whose texts hold SEP', async () => {
    const d = mkdtempSync(join(tmpdir(), 'crmgen-migrate-'));
    dirs.push(d);
    const file = join(d, 'sep.db');
    let s = openSqlite(file);
    const accountId = await seedSepTexts(s);
    await s.close();
    const raw = new Database(file);
    raw.exec(UNMARK('substr').replaceAll('chr_mark', 'char(30)'));
    expect(raw.prepare('SELECT count(*) AS n FROM records WHERE substr(search, 1, 1) = char(30)').get()).toEqual({
      n: 0,
    });
    raw.pragma('user_version = 6'); // before migration 7 (the later ones run again too)
    raw.close();
    s = openSqlite(file);
    try {
      await expectSepTexts(s, accountId);
    } finally {
      await s.close();
    }
  });

  it('PostgreSQL: migration 5 marks the rows whose texts hold SEP', async () => {
    const { schema, url } = await createSchema('migsep');
    schemas.push(schema);
    let s = await openPostgres(url);
    const accountId = await seedSepTexts(s);
    await s.close();
    await sql(schema, UNMARK('substr').replaceAll('chr_mark', 'chr(30)'));
    expect(await sql(schema, 'SELECT count(*)::int AS n FROM records WHERE starts_with(search, chr(30))')).toEqual([
      { n: 0 },
    ]);
    await sql(schema, `UPDATE schema_version SET version = 4`); // before migration 5 (the later ones run again too)
    s = await openPostgres(url);
    try {
      await expectSepTexts(s, accountId);
    } finally {
      await s.close();
    }
  });
});

describe('an analyzed SQLite database', () => {
  it('loses the samples of its trigram indexes at open (each FTS5 term lookup would be prepared again), keeps the others, and searches', async () => {
    const d = mkdtempSync(join(tmpdir(), 'crmgen-analyzed-'));
    dirs.push(d);
    const file = join(d, 'analyzed.db');
    let s = openSqlite(file);
    const accountId = await seedSepTexts(s);
    await s.close();
    const raw = new Database(file);
    raw.exec('ANALYZE');
    const samples = () =>
      raw
        .prepare(
          "SELECT tbl, count(*) AS n FROM sqlite_stat4 WHERE tbl IN ('records', 'records_fts_idx', 'activities_fts_idx') GROUP BY tbl ORDER BY tbl",
        )
        .all();
    expect(samples()).toEqual([
      { tbl: 'activities_fts_idx', n: expect.any(Number) },
      { tbl: 'records', n: expect.any(Number) },
      { tbl: 'records_fts_idx', n: expect.any(Number) },
    ]);
    s = openSqlite(file);
    try {
      expect(samples()).toEqual([{ tbl: 'records', n: expect.any(Number) }]);
      await expectSepTexts(s, accountId);
    } finally {
      await s.close();
      raw.close();
    }
  });
});

describe('pg_trgm lives in a schema of its own (crmgen_ext), not in a service schema', () => {
  /** A throw-away database on the test server: the extension is per database, so others' runs never see these moves. */
  let db: { name: string; url(schema?: string): string; sql(text: string): Promise<Record<string, unknown>[]> };
  const admin = async <T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  };
  beforeAll(async () => {
    const name = schemaName('trgmdb');
    await admin(PG_URL, (c) => c.query(`CREATE DATABASE ${name}`));
    const base = new URL(PG_URL);
    base.pathname = `/${name}`;
    db = {
      name,
      url: (schema) => (schema ? schemaUrl(schema, base.toString()) : base.toString()),
      sql: (text) => admin(base.toString(), async (c) => (await c.query(text)).rows as Record<string, unknown>[]),
    };
  });
  afterAll(async () => {
    if (db) await admin(PG_URL, (c) => c.query(`DROP DATABASE IF EXISTS ${db.name} WITH (FORCE)`));
  });

  const extSchema = async () =>
    (await db.sql(`SELECT e.extnamespace::regnamespace::text AS s FROM pg_extension e WHERE e.extname = 'pg_trgm'`))[0]
      ?.s;
  const searchIndexes = async (schema: string) =>
    (
      await db.sql(
        `SELECT indexname FROM pg_indexes WHERE schemaname = '${schema}' AND indexname LIKE '%search' ORDER BY 1`,
      )
    ).map((r) => r.indexname);
  /** The planner takes the trigram index for a LIKE '%needle%' (sequential scans off): its operator class works. */
  const usesTrigramIndex = (schema: string) =>
    admin(db.url(), async (c) => {
      await c.query(`SET search_path TO ${schema}; SET enable_seqscan = off`);
      const plan = (await c.query(`EXPLAIN SELECT id FROM records WHERE search LIKE '%def%'`)).rows
        .map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN'])
        .join('\n');
      return /records_search/.test(plan);
    });
  /** Two services, each on a schema of its own, with texts to search. */
  async function twoServices(a: string, b: string): Promise<{ sa: Storage; sb: Storage; accA: number; accB: number }> {
    const sa = await openPostgres(db.url(a));
    const sb = await openPostgres(db.url(b));
    return { sa, sb, accA: await seedSepTexts(sa), accB: await seedSepTexts(sb) };
  }
  /** What migration 2 left before migration 7: the extension in the first service's schema. */
  async function asBeforeMigration7(first: string, others: string[]): Promise<void> {
    await db.sql(`ALTER EXTENSION pg_trgm SET SCHEMA ${first}`);
    for (const s of [first, ...others]) await db.sql(`UPDATE ${s}.schema_version SET version = 6`);
  }

  it('dropping one service schema with CASCADE leaves the other its trigram indexes and searches', async () => {
    const { sa, sb, accB } = await twoServices('svc_a', 'svc_b');
    await sa.close();
    try {
      await db.sql('DROP SCHEMA svc_a CASCADE');
      expect(await searchIndexes('svc_b')).toEqual(['activities_search', 'records_search']);
      expect(await usesTrigramIndex('svc_b')).toBe(true);
      await expectSepTexts(sb, accB);
      expect(await extSchema()).toBe('crmgen_ext');
      // Usable by every role (services of other roles name its operator class too).
      const acl = await db.sql(`SELECT nspacl::text[] AS acl FROM pg_namespace WHERE nspname = 'crmgen_ext'`);
      expect(acl[0]!.acl as string[]).toContainEqual(expect.stringMatching(/^=U\//));
    } finally {
      await sb.close();
      await db.sql('DROP SCHEMA svc_b CASCADE');
    }
  });

  it('a database whose pg_trgm sits in a service schema is repaired at open while that service runs on', async () => {
    const { sa, sb, accA } = await twoServices('old_a', 'old_b');
    await sb.close();
    await asBeforeMigration7('old_a', ['old_b']);
    expect(await extSchema()).toBe('old_a');
    // old_b migrates while old_a serves: the extension moves out from under old_a, which keeps searching.
    const sb2 = await openPostgres(db.url('old_b'));
    try {
      expect(await extSchema()).toBe('crmgen_ext');
      await expectSepTexts(sa, accA);
      expect(await usesTrigramIndex('old_a')).toBe(true);
      await sa.close();
      await db.sql('DROP SCHEMA old_a CASCADE');
      expect(await searchIndexes('old_b')).toEqual(['activities_search', 'records_search']);
      expect(await usesTrigramIndex('old_b')).toBe(true);
      const accB = (await sb2.read((t) => t.ensureAccount('sep'))).id;
      await expectSepTexts(sb2, accB);
    } finally {
      await sb2.close();
      await db.sql('DROP SCHEMA IF EXISTS old_b CASCADE');
    }
  });

  it('a database that lost pg_trgm with a dropped service schema gets it back, and the trigram indexes', async () => {
    const { sa, sb, accB } = await twoServices('lost_a', 'lost_b');
    await sa.close();
    await sb.close();
    await asBeforeMigration7('lost_a', ['lost_b']);
    await db.sql('DROP SCHEMA lost_a CASCADE');
    expect(await extSchema()).toBeUndefined();
    expect(await searchIndexes('lost_b')).toEqual([]);
    const sb2 = await openPostgres(db.url('lost_b'));
    try {
      expect(await extSchema()).toBe('crmgen_ext');
      expect(await searchIndexes('lost_b')).toEqual(['activities_search', 'records_search']);
      expect(await usesTrigramIndex('lost_b')).toBe(true);
      await expectSepTexts(sb2, accB);
    } finally {
      await sb2.close();
      await db.sql('DROP SCHEMA lost_b CASCADE');
    }
  });
});
