// The SQLite adapter: the storage contract in memory and on disk, plus what only this adapter has
// (migrations, WAL, foreign keys, the transaction queue) and durability across kill -9.
import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { MIGRATIONS, openSqlite } from '../../server/storage/sqlite.ts';
import type { Storage, Tx } from '../../server/storage/port.ts';
import { storageSuite } from './suite.ts';
import { newRecord as record, withStorage } from './fixtures.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'crmgen-sqlite-'));
  dirs.push(dir);
  return dir;
};
const tempFile = () => join(tempDir(), 'crm.db');
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

storageSuite('sqlite :memory:', () => openSqlite(':memory:'));
storageSuite('sqlite file (WAL)', () => openSqlite(tempFile()));

describe('sqlite adapter: schema and connection settings', () => {
  it('migrates a new file to the latest version once; reopening keeps the data and reruns nothing', async () => {
    const file = tempFile();
    const id = await withStorage(openSqlite(file), (s) =>
      s.transaction(async (t) => (await t.insertRecord(record((await t.ensureAccount('m')).id))).id),
    );
    const raw = new Database(file, { readonly: true });
    expect(raw.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(String(raw.pragma('journal_mode', { simple: true }))).toBe('wal');
    raw.close();
    await withStorage(openSqlite(file), async (s) => {
      const acc = await s.transaction((t) => t.ensureAccount('m'));
      expect((await s.transaction((t) => t.getRecord(acc.id, id)))?.id).toBe(id);
    });
  });

  it('brings an older schema up to date by running only the missing migrations', async () => {
    const file = tempFile();
    const raw = new Database(file);
    raw.exec(MIGRATIONS[0]!.sql);
    raw.pragma('user_version = 1');
    raw.exec(`INSERT INTO accounts (name) VALUES ('old');
      INSERT INTO field_defs (account_id, kind, label, type, options, categories) VALUES (1, 'contacts', 'Old', 'text', '[]', '[]')`);
    raw.close();
    await withStorage(openSqlite(file), async (s) => {
      const defs = await s.transaction(async (t) => {
        const acc = await t.ensureAccount('old');
        await t.insertFieldDef({
          accountId: acc.id,
          kind: 'contacts',
          label: 'New',
          type: 'text',
          options: [],
          categories: [],
        });
        return t.listFieldDefs(acc.id, 'contacts');
      });
      expect(defs.map((d) => [d.name, d.label])).toEqual([
        ['custom1', 'Old'],
        ['custom1001', 'New'],
      ]);
    });
    const check = new Database(file, { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    check.close();
  });

  it('migration 6 fills report_date (list due and unsent dates too) and report_owners of existing activities', async () => {
    const file = tempFile();
    const raw = new Database(file);
    for (const [i, { sql }] of MIGRATIONS.slice(0, 5).entries()) {
      raw.exec(sql);
      raw.pragma(`user_version = ${i + 1}`);
    }
    const activity =
      raw.prepare(`INSERT INTO activities (id, account_id, record_id, parent_id, segment, typeid, level, position, fields,
      flagged, created, viewed, updated, creator_id, creator_name, modificator_id, modificator_name) VALUES (?, 1, 1, 1, ?, ?, 1, ?, ?, 0, 0, 0, 0, 1, 'a', 1, 'a')`);
    raw.exec(`INSERT INTO accounts (name) VALUES ('old');
      INSERT INTO items (type) VALUES ('record'), ('activity'), ('activity'), ('activity');
      INSERT INTO records (id, account_id, kind, name, ownership, flagged, fields, created, viewed, updated, creator_id, creator_name, modificator_id, modificator_name)
        VALUES (1, 1, 'contacts', 'r', 1, 0, '{}', 0, 0, 0, 1, 'a', 1, 'a')`);
    activity.run(2, 'task', 14, 1, JSON.stringify({ title: 't', duedate: '2024-03-05', assignedto: 7 }));
    activity.run(
      3,
      'event',
      4,
      2,
      JSON.stringify({ title: 'e', timestart: '2024-03-06 10:00:00', attendees: [8, 9, 8] }),
    );
    activity.run(4, 'scheduledemail', 88, 3, JSON.stringify({ scheduledtime: '2024-03-07 09:30:00' }));
    raw.close();
    await withStorage(openSqlite(file), async () => undefined);
    const check = new Database(file, { readonly: true });
    expect(check.prepare('SELECT id, report_date AS d FROM activities ORDER BY id').all()).toEqual([
      { id: 2, d: Date.UTC(2024, 2, 5) },
      { id: 3, d: Date.UTC(2024, 2, 6, 10) },
      { id: 4, d: Date.UTC(2024, 2, 7, 9, 30) },
    ]);
    expect(
      check.prepare('SELECT activity_id AS a, owner_id AS o, report_date AS d FROM report_owners ORDER BY a, o').all(),
    ).toEqual([
      { a: 2, o: 7, d: Date.UTC(2024, 2, 5) },
      { a: 3, o: 8, d: Date.UTC(2024, 2, 6, 10) },
      { a: 3, o: 9, d: Date.UTC(2024, 2, 6, 10) },
    ]);
    check.close();
  });

  it('refuses a database whose schema is newer than the program', () => {
    const file = tempFile();
    const raw = new Database(file);
    raw.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    raw.close();
    expect(() => openSqlite(file)).toThrow(/newer than this program/);
  });

  it('enforces foreign keys (an activity under a missing record is refused, and rolls back)', async () => {
    await withStorage(openSqlite(':memory:'), async (s) => {
      const acc = await s.transaction((t) => t.ensureAccount('fk'));
      await expect(
        s.transaction((t) =>
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
      ).rejects.toThrow(/FOREIGN KEY/);
      expect(await s.transaction((t) => t.listActivities(acc.id, { includeDeleted: true }))).toEqual([]);
    });
  });

  it('updateRecord and updateActivity of a row not in the account throw', async () => {
    await withStorage(openSqlite(':memory:'), async (s) => {
      await s.transaction(async (t) => {
        const a = await t.ensureAccount('a');
        const b = await t.ensureAccount('b');
        const r = await t.insertRecord(record(a.id));
        await expect(t.updateRecord({ ...r, accountId: b.id })).rejects.toThrow(/no record/);
        const act = await t.insertActivity({
          ...record(a.id),
          recordId: r.id,
          parentId: r.id,
          segment: 'note',
          typeid: 3,
          level: 1,
          position: 1,
        });
        await expect(t.updateActivity({ ...act, accountId: b.id })).rejects.toThrow(/no activity/);
      });
    });
  });
});

describe('sqlite adapter: the transaction queue', () => {
  it('a transaction opened inside another is refused instead of waiting for itself', async () => {
    await withStorage(openSqlite(':memory:'), async (s) => {
      const inner = await s.transaction(async () => {
        return s
          .transaction(async () => 'inner')
          .then(
            () => 'ran',
            (e: Error) => e.message,
          );
      });
      expect(inner).toMatch(/inside a transaction/);
      // Also after the body awaited its Tx and a timer, from a helper it awaits, and a read inside a write.
      const helper = async () => s.read(async () => 'inner');
      const deep = await s.transaction(async (t) => {
        await t.countUsers();
        await new Promise((ok) => setTimeout(ok, 2));
        return helper().then(
          () => 'ran',
          (e: Error) => e.message,
        );
      });
      expect(deep).toMatch(/inside a transaction/);
      // A call from outside, made while a body waits for a timer, is not nested: it waits its turn.
      const order: string[] = [];
      let outside: Promise<void> | undefined;
      await s.transaction(async () => {
        outside = new Promise<void>((ok) =>
          setImmediate(() => ok(s.transaction(async () => void order.push('outside')))),
        );
        await new Promise((ok) => setTimeout(ok, 20));
        order.push('body');
      });
      await outside;
      expect(order).toEqual(['body', 'outside']);
      // Another storage's transaction inside this one's body is not nested, even while one of its own runs.
      const other = openSqlite(':memory:');
      try {
        const busy = other.transaction(() => new Promise((ok) => setTimeout(() => ok('busy'), 20)));
        expect(await s.transaction(() => other.transaction(async () => 'other'))).toBe('other');
        expect(await busy).toBe('busy');
      } finally {
        await other.close();
      }
      // Work scheduled by a finished transaction may open its own.
      let later: Promise<string> | undefined;
      await s.transaction(async () => {
        later = new Promise((resolve, reject) =>
          setTimeout(() => s.transaction(async () => 'later').then(resolve, reject), 5),
        );
      });
      expect(await later).toBe('later');
    });
  });

  it('a Tx used after its transaction ended throws', async () => {
    await withStorage(openSqlite(':memory:'), async (s) => {
      let leaked: Tx | undefined;
      await s.transaction(async (t) => {
        leaked = t;
      });
      await expect(leaked!.ensureAccount('late')).rejects.toThrow(/already ended/);
      expect(await s.transaction((t) => t.countUsers())).toBe(0);
    });
  });

  it('close waits for queued transactions, then refuses new ones', async () => {
    const s = openSqlite(':memory:');
    const order: string[] = [];
    const queued = [1, 2, 3].map((i) =>
      s.transaction(async (t) => {
        await new Promise((r) => setTimeout(r, 5));
        await t.ensureAccount(`q${i}`);
        order.push(`tx${i}`);
      }),
    );
    await s.close();
    order.push('closed');
    await Promise.all(queued);
    expect(order).toEqual(['tx1', 'tx2', 'tx3', 'closed']);
    await expect(s.transaction(async () => 1)).rejects.toThrow(/closed/);
  });
});

describe('sqlite adapter: group commit and reads beside the writer', () => {
  it('write transactions queued together commit together, but one that throws rolls back alone', async () => {
    await withStorage(openSqlite(tempFile()), async (s) => {
      const acc = await s.transaction((t) => t.ensureAccount('group'));
      const outcomes = await Promise.allSettled(
        Array.from({ length: 12 }, (_, i) =>
          s.transaction(async (t) => {
            const r = await t.insertRecord(record(acc.id, `r${i}`));
            if (i % 4 === 1) throw new Error(`refused ${i}`);
            return r.id;
          }),
        ),
      );
      expect(outcomes.map((o) => o.status)).toEqual(
        Array.from({ length: 12 }, (_, i) => (i % 4 === 1 ? 'rejected' : 'fulfilled')),
      );
      const names = (await s.read((t) => t.listRecords(acc.id, 'contacts', { deleted: false }))).map((r) => r.name);
      expect(names).toEqual(Array.from({ length: 12 }, (_, i) => `r${i}`).filter((_, i) => i % 4 !== 1));
    });
  });

  it('a read answers from the last commit while a write transaction is open', async () => {
    await withStorage(openSqlite(tempFile()), async (s) => {
      const acc = await s.transaction((t) => t.ensureAccount('reader'));
      await s.transaction((t) => t.insertRecord(record(acc.id, 'committed')));
      let release!: () => void;
      const held = new Promise<void>((ok) => (release = ok));
      const events: string[] = [];
      const writer = s.transaction(async (t) => {
        await t.insertRecord(record(acc.id, 'pending'));
        await held;
        events.push('write ends');
      });
      const seen = await s.read((t) => t.listRecords(acc.id, 'contacts', { deleted: false }));
      events.push('read answered');
      release();
      await writer;
      expect(events).toEqual(['read answered', 'write ends']);
      expect(seen.map((r) => r.name)).toEqual(['committed']);
      expect((await s.read((t) => t.listRecords(acc.id, 'contacts', { deleted: false }))).map((r) => r.name)).toEqual([
        'committed',
        'pending',
      ]);
    });
  });
});

describe('sqlite adapter: the WAL under a steady write load', () => {
  it('is emptied between two batches once past its limit, while writes and reads go on; every acknowledged write is kept', async () => {
    const file = tempFile();
    const wal = `${file}-wal`;
    const limit = 1 << 20;
    let written = 0;
    let listed = 0;
    let largest = 0;
    let shrank = false;
    await withStorage(openSqlite(file, { walLimitBytes: limit }), async (s) => {
      const acc = await s.transaction((t) => t.ensureAccount('steady'));
      // Eight writers keep a batch open or queued at every moment for 3.5 s (the first checkpoint
      // comes a second after the first write): a PASSIVE checkpoint alone never lets the WAL start over.
      const end = Date.now() + 3500;
      const sampler = setInterval(() => {
        const size = existsSync(wal) ? statSync(wal).size : 0;
        if (size < largest) shrank = true;
        largest = Math.max(largest, size);
      }, 20);
      try {
        await Promise.all([
          ...Array.from({ length: 8 }, async (_, w) => {
            for (let i = 0; Date.now() < end; i++) {
              await s.transaction((t) => t.insertRecord(record(acc.id, `w${w}-${i} ${'x'.repeat(300)}`)));
              written++;
            }
          }),
          (async () => {
            while (Date.now() < end) {
              listed = (await s.read((t) => t.listRecords(acc.id, 'contacts', { deleted: false }))).length;
              await new Promise((ok) => setTimeout(ok, 50));
            }
          })(),
        ]);
      } finally {
        clearInterval(sampler);
      }
      expect(shrank).toBe(true);
      expect(listed).toBeGreaterThan(0);
      expect((await s.read((t) => t.listRecords(acc.id, 'contacts', { deleted: false }))).length).toBe(written);
    });
    // Kept across a reopen too (the truncation copied every frame into the database first).
    await withStorage(openSqlite(file), async (s) => {
      const acc = await s.transaction((t) => t.ensureAccount('steady'));
      expect((await s.read((t) => t.listRecords(acc.id, 'contacts', { deleted: false }))).length).toBe(written);
    });
  });
});

describe('sqlite adapter: the read snapshot shared within a turn of the event loop', () => {
  it('reads started together share it, and a commit of another connection shows in the next read', async () => {
    const file = tempFile();
    const a = openSqlite(file);
    const b = openSqlite(file);
    try {
      const acc = await a.transaction((t) => t.ensureAccount('snapshot'));
      const names = (rows: { name: string }[]) => rows.map((r) => r.name);
      const list = (s: Storage) => s.read((t) => t.listRecords(acc.id, 'contacts', { deleted: false }));
      // Started in one turn: one snapshot, the same answer, and the point queries of a login join it.
      const [first, second, version] = await Promise.all([list(a), list(a), a.principalsVersion(acc.id)]);
      expect(names(first)).toEqual([]);
      expect(names(second)).toEqual([]);
      expect(version).toBeGreaterThanOrEqual(0);
      // Acknowledged (after its fsync, a later turn): every read of `a` from then on sees it.
      await b.transaction((t) => t.insertRecord(record(acc.id, 'from b')));
      expect(names(await list(a))).toEqual(['from b']);
      await b.transaction((t) => t.insertRecord(record(acc.id, 'again')));
      expect(names(await list(a))).toEqual(['from b', 'again']);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('a read after a write of the same storage was acknowledged sees it, though a read before kept the snapshot open', async () => {
    await withStorage(openSqlite(tempFile()), async (s) => {
      const acc = await s.transaction((t) => t.ensureAccount('own'));
      // A read keeps the turn's snapshot open while the write commits in a later turn.
      const read = s.read((t) => t.listRecords(acc.id, 'contacts', { deleted: false }));
      const write = s.transaction((t) => t.insertRecord(record(acc.id, 'mine')));
      expect((await read).map((r) => r.name)).toEqual([]);
      await write;
      expect((await s.read((t) => t.listRecords(acc.id, 'contacts', { deleted: false }))).map((r) => r.name)).toEqual([
        'mine',
      ]);
    });
  });
});

describe('sqlite adapter: durability across kill -9', () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const child = fileURLToPath(new URL('./durability-child.ts', import.meta.url));
  const runChild = (...args: string[]) => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', child, ...args], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.signal, r.stderr).toBe('SIGKILL');
    const out = JSON.parse(r.stdout.trim()) as { ids: number[] };
    return out.ids;
  };

  /** The commits in the WAL file from byte `from` on (frames whose header gives the database size after a commit). */
  const walCommits = (wal: Buffer, from: number): number => {
    const pageSize = wal.readUInt32BE(8);
    const salts = wal.subarray(16, 24);
    let commits = 0;
    for (let at = from; at + 24 + pageSize <= wal.length; at += 24 + pageSize) {
      if (!wal.subarray(at + 8, at + 16).equals(salts)) break; // a frame of an earlier WAL generation
      if (wal.readUInt32BE(at + 4) !== 0) commits++;
    }
    return commits;
  };

  it('every transaction committed before the kill is there after reopening', async () => {
    const file = tempFile();
    const ids = runChild(file, 'commit', '25');
    expect(ids).toHaveLength(25);
    // The process died without closing: the commits live only in the write-ahead log.
    expect(existsSync(`${file}-wal`)).toBe(true);
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(0);
    await withStorage(openSqlite(file), async (s) => {
      const acc = await s.transaction((t) => t.ensureAccount('durability'));
      const rows = await s.transaction((t) => t.listRecords(acc.id, 'contacts', { deleted: false }));
      expect(rows.map((r) => r.id)).toEqual(ids);
      expect(rows.at(-1)!.name).toBe('committed 24');
      expect(rows[0]!.fields).toEqual({ firstname: 'committed 0', note: 'écrit avant le kill -9 ✓' });
    });
  });

  it('transactions started together share one COMMIT; the failing ones roll back alone, the others survive the kill', async () => {
    const file = tempFile();
    const r = spawnSync(process.execPath, ['--import', 'tsx', child, file, 'group'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.signal, r.stderr).toBe('SIGKILL');
    const out = JSON.parse(r.stdout.trim()) as { ids: number[]; errors: string[]; walBefore: number };
    expect(out.ids).toHaveLength(6);
    expect(out.errors).toHaveLength(6);
    expect(out.errors.filter((e) => /FOREIGN KEY/.test(e))).toHaveLength(3);
    expect(walCommits(readFileSync(`${file}-wal`), out.walBefore)).toBe(1);
    await withStorage(openSqlite(file), async (s) => {
      const acc = await s.read((t) => t.findAccountId('durability'));
      const rows = await s.read((t) => t.listRecords(acc!, 'contacts', { deleted: false }));
      // Exactly the acknowledged ones: nothing of a failed transaction, not even its record.
      expect(rows.map((row) => row.id)).toEqual(out.ids);
      expect(rows.map((row) => row.name)).toEqual(
        Array.from({ length: 12 }, (_, i) => `group ${i}`).filter((_, i) => i % 4 === 1 || i % 4 === 2),
      );
      expect(await s.read((t) => t.listActivities(acc!, { includeDeleted: true }))).toEqual([]);
    });
  });

  it('a transaction open at the kill leaves nothing; the file stays usable', async () => {
    const file = tempFile();
    const [committed] = runChild(file, 'commit', '1');
    const [pending] = runChild(file, 'pending');
    expect(pending).toBeGreaterThan(committed!);
    await withStorage(openSqlite(file), async (s) => {
      const acc = await s.transaction((t) => t.ensureAccount('durability'));
      const rows = await s.transaction((t) => t.listRecords(acc.id, 'contacts', { deleted: false }));
      expect(rows.map((r) => r.id)).toEqual([committed]);
      const next = await s.transaction((t) => t.insertRecord(record(acc.id, 'after recovery')));
      expect(next.id).toBeGreaterThan(committed!);
    });
  });
});
