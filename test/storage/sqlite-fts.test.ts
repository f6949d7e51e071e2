// The SQLite trigram indexes off the write path (server/storage/sqlite.ts, migration 8): rows above
// fts_marks.upto (the tail) are searched by id range until the indexer takes them in. Searches
// answer exactly before and after, updates keep the external-content index consistent (FTS5's
// integrity-check), an old file migrates, other writers of the file are searched and indexed, and
// a kill -9 inside an indexer batch loses only that batch.
import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { MIGRATIONS, openSqlite } from '../../server/storage/sqlite.ts';
import { recordSearch, type RecordCond, type RecordQuery } from '../../server/storage/record-query.ts';
import { newRecord as record, withStorage } from './fixtures.ts';

const dirs: string[] = [];
const tempFile = () => {
  const dir = mkdtempSync(join(tmpdir(), 'crmgen-fts-'));
  dirs.push(dir);
  return join(dir, 'crm.db');
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const note = (accountId: number, recordId: number, details: string) => ({
  ...record(accountId, ''),
  recordId,
  parentId: recordId,
  segment: 'note',
  typeid: 3,
  level: 1,
  position: 1,
  fields: { details },
});

const query = (cond: RecordCond): RecordQuery => ({
  kind: 'contacts',
  deleted: false,
  where: [cond],
  sort: { field: 'name', dir: 'ASC' },
  start: 0,
  limit: 50,
});
const any = (mode: 'S' | 'C', needle: string, scope: 'any' | 'anyitem' | 'anyjournal' = 'any') =>
  query({ op: 'anyText', scope, mode, needle });

/** A connection of its own to the file: what is committed, the marks, FTS5's integrity-check. */
function inspect(file: string) {
  const raw = new Database(file);
  raw.pragma('busy_timeout = 5000');
  return {
    raw,
    upto: (tbl: 'records' | 'activities') =>
      (raw.prepare('SELECT upto FROM fts_marks WHERE tbl = ?').get(tbl) as { upto: number }).upto,
    maxId: (tbl: 'records' | 'activities') =>
      (raw.prepare(`SELECT coalesce(max(id), 0) AS n FROM ${tbl}`).get() as { n: number }).n,
    /** The ids the trigram index itself holds for a trigram (no tail). */
    indexed: (tbl: 'records' | 'activities', trigram: string) =>
      (
        raw.prepare(`SELECT rowid AS id FROM ${tbl}_fts WHERE ${tbl}_fts MATCH ?`).all(`"${trigram}"`) as {
          id: number;
        }[]
      ).map((r) => r.id),
    /** Throws (SQLITE_CORRUPT_VTAB) when an index and its table disagree. */
    check: () =>
      raw.exec(
        `INSERT INTO records_fts (records_fts) VALUES ('integrity-check'); INSERT INTO activities_fts (activities_fts) VALUES ('integrity-check');`,
      ),
  };
}

/** A record written around the adapter, as another process (a second instance, an older one) would. */
function insertRaw(
  raw: Database.Database,
  accountId: number,
  name: string,
  fields: Record<string, unknown> = {},
): number {
  const id = Number(raw.prepare("INSERT INTO items (type) VALUES ('record')").run().lastInsertRowid);
  const s = recordSearch('contacts', name, fields);
  raw
    .prepare(
      `INSERT INTO records (id, account_id, kind, name, ownership, flagged, fields, created, viewed, updated, creator_id, creator_name,
      modificator_id, modificator_name, name_key, search, item_texts, field_texts) VALUES (?, ?, 'contacts', ?, 1, 0, ?, 1, 1, 1, 1, 'a', 1, 'a', ?, ?, ?, ?)`,
    )
    .run(id, accountId, name, JSON.stringify(fields), s.nameKey, s.search, s.itemTexts, s.fieldTexts);
  return id;
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((ok) => setTimeout(ok, 5));
  }
}

describe('sqlite: search texts indexed after their commit', () => {
  it('a record found by contains, starts-with and its journal at once (unindexed), then exactly once after the indexer ran', async () => {
    const file = tempFile();
    const db = inspect(file);
    await withStorage(openSqlite(file), async (s) => {
      const acc = await s.transaction((t) => t.ensureAccount('fts'));
      await s.transaction((t) => t.insertRecord(record(acc.id, 'Other Person', { lastname: 'Person' })));
      await s.indexSearchTexts();
      // Searched in the transaction that wrote it: no indexer job can run before it ends.
      const seen = await s.transaction(async (t) => {
        const r = await t.insertRecord(record(acc.id, 'Quillon Varga', { firstname: 'Quillon', lastname: 'Varga' }));
        await t.insertActivity(note(acc.id, r.id, 'Zebrafish audit'));
        const committedUpto = db.upto('records');
        const ids = async (q: RecordQuery) => (await t.pageRecords(acc.id, q)).rows.map((x) => x.id);
        return {
          id: r.id,
          committedUpto,
          contains: await ids(any('C', 'illon var')),
          startsWith: await ids(any('S', 'varga')),
          notStart: await ids(any('S', 'arga')),
          field: await ids(query({ op: 'field', field: 'lastname', mode: 'S', needle: 'varg' })),
          journal: await ids(any('C', 'ebrafish', 'anyjournal')),
          either: await ids(any('S', 'zebrafish')),
        };
      });
      expect(seen.committedUpto).toBeLessThan(seen.id); // the row was in the tail
      expect(seen).toMatchObject({
        contains: [seen.id],
        startsWith: [seen.id],
        notStart: [],
        field: [seen.id],
        journal: [seen.id],
        either: [seen.id],
      });

      await s.indexSearchTexts();
      expect(db.upto('records')).toBe(db.maxId('records'));
      expect(db.upto('activities')).toBe(db.maxId('activities'));
      expect(db.indexed('records', 'qui')).toEqual([seen.id]);
      for (const q of [
        any('C', 'illon var'),
        any('S', 'varga'),
        any('S', 'zebrafish'),
        any('C', 'ebrafish', 'anyjournal'),
      ]) {
        const page = await s.read((t) => t.pageRecords(acc.id, q));
        expect(page.count).toBe(1);
        expect(page.rows.map((x) => x.id)).toEqual([seen.id]);
      }
      expect((await s.read((t) => t.pageRecords(acc.id, any('S', 'arga')))).count).toBe(0);
    });
    db.check();
    db.raw.close();
  });

  it('the indexer runs by itself after inserts, and once a few hundred wait', async () => {
    const file = tempFile();
    const db = inspect(file);
    await withStorage(openSqlite(file), async (s) => {
      const acc = await s.transaction((t) => t.ensureAccount('fts'));
      const one = await s.transaction((t) => t.insertRecord(record(acc.id, 'Lone Trickle')));
      await until(() => db.upto('records') >= one.id, 'the timer');
      const many = await s.transaction(async (t) => {
        const ids: number[] = [];
        for (let i = 0; i < 300; i++) ids.push((await t.insertRecord(record(acc.id, `Batch ${i} Marigold`))).id);
        return ids;
      });
      await until(() => db.upto('records') >= many.at(-1)!, 'the batch');
      const page = await s.read((t) => t.pageRecords(acc.id, { ...any('C', 'marigold'), limit: 500 }));
      expect(page.count).toBe(300);
      expect(new Set(page.rows.map((r) => r.id))).toEqual(new Set(many));
    });
    db.check();
    db.raw.close();
  });

  it('an update of an unindexed and of an indexed row: the old text no longer matches, the new one does; the index stays consistent', async () => {
    const file = tempFile();
    const db = inspect(file);
    await withStorage(openSqlite(file), async (s) => {
      const acc = await s.transaction((t) => t.ensureAccount('fts'));
      const indexed = await s.transaction((t) =>
        t.insertRecord(record(acc.id, 'Oldindexed Name', { lastname: 'Oldindexed' })),
      );
      const act = await s.transaction((t) => t.insertActivity(note(acc.id, indexed.id, 'Oldjournal words')));
      await s.indexSearchTexts();
      // Written by another connection: this storage never indexes it on its own (nothing of its own waits).
      const tailId = insertRaw(db.raw, acc.id, 'Oldtail Name', { lastname: 'Oldtail' });
      expect(db.upto('records')).toBeLessThan(tailId);

      await s.transaction(async (t) => {
        const a = (await t.getRecord(acc.id, indexed.id))!;
        await t.updateRecord({ ...a, name: 'Newindexed Name', fields: { lastname: 'Newindexed' } });
        const b = (await t.getRecord(acc.id, tailId))!;
        await t.updateRecord({ ...b, name: 'Newtail Name', fields: { lastname: 'Newtail' } });
        const n = (await t.getActivity(acc.id, act.id))!;
        await t.updateActivity({ ...n, fields: { details: 'Newjournal words' } });
      });
      expect(db.upto('records')).toBeLessThan(tailId); // still unindexed: updated in the tail
      db.check();
      const names = async (q: RecordQuery) =>
        (await s.read((t) => t.pageRecords(acc.id, q))).rows.map((r) => r.name).sort();
      const expectTexts = async () => {
        expect(await names(any('S', 'oldindexed'))).toEqual([]);
        expect(await names(any('C', 'ldtail'))).toEqual([]);
        expect(await names(any('C', 'ldjournal', 'anyjournal'))).toEqual([]);
        expect(await names(any('S', 'newindexed'))).toEqual(['Newindexed Name']);
        expect(await names(any('C', 'ewtail'))).toEqual(['Newtail Name']);
        expect(await names(any('C', 'ewjournal', 'anyjournal'))).toEqual(['Newindexed Name']);
        expect(await names(any('S', 'new'))).toEqual(['Newindexed Name', 'Newtail Name']);
      };
      await expectTexts();
      await s.indexSearchTexts();
      expect(db.upto('records')).toBe(tailId);
      expect(db.indexed('records', 'ewt')).toEqual([tailId]);
      expect(db.indexed('records', 'ldt')).toEqual([]);
      db.check();
      await expectTexts();
      // And once more now that both are indexed.
      await s.transaction(async (t) => {
        const b = (await t.getRecord(acc.id, tailId))!;
        await t.updateRecord({ ...b, name: 'Thirdtail Name', fields: {} });
      });
      expect(await names(any('C', 'ewtail'))).toEqual([]);
      expect(await names(any('S', 'thirdtail'))).toEqual(['Thirdtail Name']);
    });
    db.check();
    db.raw.close();
  });

  it('rows another connection wrote are searched from the tail, and indexed at close or at the next open, in batches', async () => {
    const file = tempFile();
    const db = inspect(file);
    const acc = await withStorage(openSqlite(file), (s) => s.transaction((t) => t.ensureAccount('fts')));
    const a = openSqlite(file);
    // More than one indexer job's worth (2,000 rows).
    const ids = db.raw.transaction(() =>
      Array.from({ length: 4500 }, (_, i) =>
        insertRaw(db.raw, acc.id, `Bulk ${i} Periwinkle`, { lastname: i % 2 ? 'Odd' : 'Even' }),
      ),
    )();
    expect(db.upto('records')).toBeLessThan(ids[0]!);
    await withStorage(a, async (s) => {
      const page = await s.read((t) => t.pageRecords(acc.id, { ...any('C', 'periwinkle'), limit: 10 }));
      expect(page.count).toBe(4500);
      expect(
        (
          await s.read((t) =>
            t.pageRecords(acc.id, query({ op: 'field', field: 'lastname', mode: 'S', needle: 'odd' })),
          )
        ).count,
      ).toBe(2250);
    });
    // a's close indexed them.
    expect(db.upto('records')).toBe(ids.at(-1));
    db.check();

    const more = db.raw.transaction(() =>
      Array.from({ length: 4500 }, (_, i) => insertRaw(db.raw, acc.id, `Late ${i} Periwinkle`)),
    )();
    await withStorage(openSqlite(file), async (s) => {
      // Searches answer exactly while the open's catch-up runs, and it ends without a write of this storage.
      const counts: number[] = [];
      while (db.upto('records') < more.at(-1)!) {
        counts.push((await s.read((t) => t.pageRecords(acc.id, { ...any('C', 'periwinkle'), limit: 10 }))).count);
        await new Promise((ok) => setTimeout(ok, 5));
      }
      expect(counts.every((n) => n === 9000)).toBe(true);
      expect((await s.read((t) => t.pageRecords(acc.id, { ...any('S', 'late'), limit: 10 }))).count).toBe(4500);
    });
    db.check();
    db.raw.close();
  });
});

describe('sqlite: a database at schema 7 (indexed by insert triggers)', () => {
  it('migrates: every old row counts as indexed, the insert triggers go, old and new rows are found', async () => {
    const file = tempFile();
    const raw = new Database(file);
    for (const [i, m] of MIGRATIONS.slice(0, 7).entries()) {
      raw.exec(m.sql);
      m.backfill?.(raw);
      raw.pragma(`user_version = ${i + 1}`);
    }
    raw.exec("INSERT INTO accounts (name) VALUES ('old')");
    const old = insertRaw(raw, 1, 'Zoë Old', { firstname: 'Zoë', lastname: 'Old' });
    raw.exec(`INSERT INTO items (type) VALUES ('activity');
      INSERT INTO activities (id, account_id, record_id, parent_id, segment, typeid, level, position, fields, flagged, created, viewed, updated,
        creator_id, creator_name, modificator_id, modificator_name, search, texts)
        VALUES (${old + 1}, 1, ${old}, ${old}, 'note', 3, 1, 1, '{"details":"Quarterly review"}', 0, 0, 0, 0, 1, 'a', 1, 'a', char(31) || 'quarterly review', '["quarterly review"]');`);
    raw.close();

    const db = inspect(file);
    await withStorage(openSqlite(file), async (s) => {
      expect(db.raw.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      expect(
        db.raw
          .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%fts%' ORDER BY name")
          .all(),
      ).toEqual([{ name: 'activities_fts_update' }, { name: 'records_fts_update' }]);
      expect(db.upto('records')).toBe(old);
      expect(db.upto('activities')).toBe(old + 1);
      expect(db.indexed('records', 'zoë')).toEqual([old]);
      const names = async (q: RecordQuery) => (await s.read((t) => t.pageRecords(1, q))).rows.map((r) => r.name);
      expect(await names(any('S', 'zoë'))).toEqual(['Zoë Old']);
      expect(await names(any('C', 'uarterly', 'anyjournal'))).toEqual(['Zoë Old']);
      const fresh = await s.transaction((t) => t.insertRecord(record(1, 'Zoë New')));
      expect(await names(any('S', 'zoë'))).toEqual(['Zoë New', 'Zoë Old']);
      await s.indexSearchTexts();
      expect(db.upto('records')).toBe(fresh.id);
      expect(await names(any('S', 'zoë'))).toEqual(['Zoë New', 'Zoë Old']);
    });
    db.check();
    db.raw.close();
  });
});

describe('sqlite: kill -9 inside an indexer batch', () => {
  it('loses that batch only: the marks stay, the index is consistent, the rows are found and indexed after a restart', async () => {
    const file = tempFile();
    const db = inspect(file);
    const acc = await withStorage(openSqlite(file), (s) => s.transaction((t) => t.ensureAccount('durability')));
    const ids = db.raw.transaction(() =>
      Array.from({ length: 500 }, (_, i) => insertRaw(db.raw, acc.id, `Crash ${i} Saffron`)),
    )();
    const before = db.upto('records');
    expect(before).toBeLessThan(ids[0]!);

    const root = fileURLToPath(new URL('../..', import.meta.url));
    const child = fileURLToPath(new URL('./durability-child.ts', import.meta.url));
    const r = spawnSync(process.execPath, ['--import', 'tsx', child, file, 'index'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.signal, r.stderr).toBe('SIGKILL');
    // What the child saw just before the kill: its writer's batch had indexed the rows, uncommitted.
    const out = JSON.parse(r.stdout.trim()) as { upto: number; committed: number };
    expect(out).toEqual({ upto: ids.at(-1), committed: before });

    expect(db.upto('records')).toBe(before);
    expect(db.indexed('records', 'saf')).toEqual([]);
    db.check();
    await withStorage(openSqlite(file), async (s) => {
      expect((await s.read((t) => t.pageRecords(acc.id, { ...any('C', 'saffron'), limit: 10 }))).count).toBe(500);
    });
    expect(db.upto('records')).toBe(ids.at(-1));
    expect(db.indexed('records', 'saf')).toEqual(ids);
    db.check();
    db.raw.close();
  });
});
