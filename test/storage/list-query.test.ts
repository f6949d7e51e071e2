// Lists answered in SQL (server/storage/record-query.ts) against the semantics they replaced,
// written here plainly in JavaScript: String(v).toLowerCase(), then startsWith / includes / ===
// '' over a record's texts and its live activities' texts, phone digits, e-mail text, the sort
// with ties by id, and the page. fast-check draws records whose texts mix case, non-ASCII
// letters that fold differently in SQL (İ, ẞ, Σ), LIKE / GLOB metacharacters (% _ * ? [ "), the
// search texts' separator U+001F, its lead mark U+001E and a character outside the BMP; needles are drawn from those
// texts or at random, 0 to 6 characters, so short ones (no trigram index) and long ones (index)
// both run. Both adapters; on PostgreSQL without U+0000 in names and fields (its text cannot hold it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { openSqlite } from '../../server/storage/sqlite.ts';
import { openPostgres } from '../../server/storage/postgres.ts';
import type { NewActivity, NewRecord, RecordRow, Storage } from '../../server/storage/port.ts';
import type { RecordCond, RecordQuery, SortField } from '../../server/storage/record-query.ts';
import { createSchema, dropSchema } from '../support/postgres.ts';

const letters = [
  'a',
  'B',
  '\u0000',
  'ä',
  'Ä',
  'İ',
  'i',
  'ẞ',
  'ß',
  'Σ',
  'σ',
  'ς',
  ' ',
  '%',
  '_',
  '*',
  '?',
  '[',
  '"',
  '\\',
  '+',
  '1',
  '5',
  '\u001f',
  '\u001e',
  '😀',
];
const nameLetters = letters.filter((c) => c !== '😀'); // names sort by code point in SQL, by UTF-16 unit in JS
const str = (alphabet: string[], max: number) =>
  fc.array(fc.constantFrom(...alphabet), { maxLength: max }).map((a) => a.join(''));

const fieldNames = ['firstname', 'lastname', 'businessemail', 'cellularphone', 'homephone', 'jobtitle'];
const recordArb = fc.record({
  name: str(nameLetters, 6),
  fields: fc.dictionary(fc.constantFrom(...fieldNames), fc.oneof(str(letters, 8), fc.integer({ min: -99, max: 999 }))),
  deleted: fc.boolean(),
  created: fc.integer({ min: 0, max: 5 }),
  notes: fc.array(
    fc.record({ details: fc.oneof(str(letters, 8), fc.integer({ min: 0, max: 99 })), deleted: fc.boolean() }),
    { maxLength: 2 },
  ),
});

// U+0000 reads as U+001F (documented in record-query.ts: neither database compares it).
const text = (v: unknown) =>
  (v === undefined || v === null ? '' : String(v)).toLowerCase().replaceAll('\u0000', '\u001f');
const digits = (s: string) => s.replace(/[^0-9+]/g, '');

type Cond = Extract<RecordCond, { op: 'anyText' | 'field' | 'fieldText' }>;

interface Seeded {
  row: RecordRow;
  notes: { details: string | number; deleted: boolean }[];
}

/** The old semantics, over every seeded record. */
function reference(records: Seeded[], q: RecordQuery): { count: number; ids: number[] } {
  let rows = records.filter((r) => (r.row.deleted !== null) === q.deleted);
  for (const c of q.where as Cond[]) {
    rows = rows.filter(({ row, notes }) => {
      if (c.op === 'fieldText') {
        return c.fields.some((n) => {
          const v = text(row.fields[n]);
          if (!v) return false;
          return c.digits ? digits(v).includes(digits(text(c.needle))) : v.includes(text(c.needle));
        });
      }
      const needle = text(c.needle);
      const matches = (v: string) => (c.mode === 'S' ? v.startsWith(needle) : v.includes(needle));
      if (c.op === 'field') {
        const v = text(row.fields[c.field]);
        return c.mode === 'E' ? v === '' : c.mode === 'N' ? v !== '' : matches(v);
      }
      const item = [text(row.name), ...Object.values(row.fields).map(text)];
      const journal = notes.filter((n) => !n.deleted).map((n) => text(n.details));
      const pool = c.scope === 'anyitem' ? item : c.scope === 'anyjournal' ? journal : [...item, ...journal];
      return pool.some(matches);
    });
  }
  const key = (r: RecordRow): string | number =>
    q.sort.field === 'name'
      ? r.name.toLowerCase()
      : q.sort.field === 'created'
        ? r.created
        : q.sort.field === 'flagged'
          ? r.flagged
          : r.updated;
  const dir = q.sort.dir === 'DESC' ? -1 : 1;
  const sorted = rows
    .map((r) => r.row)
    .sort((a, b) => {
      const x = key(a);
      const y = key(b);
      return (x < y ? -1 : x > y ? 1 : 0) * dir || a.id - b.id;
    });
  return { count: sorted.length, ids: sorted.slice(q.start, q.start + q.limit).map((r) => r.id) };
}

const condArb = (needles: fc.Arbitrary<string>): fc.Arbitrary<Cond> =>
  fc.oneof(
    fc.record({
      op: fc.constant('anyText' as const),
      scope: fc.constantFrom('anyitem' as const, 'anyjournal' as const, 'any' as const),
      mode: fc.constantFrom('S' as const, 'C' as const),
      needle: needles,
    }),
    fc.record({
      op: fc.constant('field' as const),
      field: fc.constantFrom(...fieldNames),
      mode: fc.constantFrom('S' as const, 'C' as const, 'E' as const, 'N' as const),
      needle: needles,
    }),
    fc.record({
      op: fc.constant('fieldText' as const),
      fields: fc.constant<string[]>(['businessemail']),
      needle: needles,
      digits: fc.constant(false),
    }),
    fc.record({
      op: fc.constant('fieldText' as const),
      fields: fc.constant<string[]>(['cellularphone', 'homephone']),
      needle: needles,
      digits: fc.constant(true),
    }),
  );

async function check(open: () => Promise<Storage>, nul: boolean): Promise<void> {
  const storage = await open();
  let run = 0;
  try {
    await fc.assert(
      fc.asyncProperty(
        fc.array(recordArb, { minLength: 1, maxLength: 14 }),
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat(6)), { minLength: 1, maxLength: 3 }),
        fc.constantFrom<SortField>('name', 'created', 'updated', 'flagged'),
        fc.constantFrom('ASC' as const, 'DESC' as const),
        fc.nat(6),
        fc.integer({ min: 1, max: 8 }),
        fc.boolean(),
        async (drawn, picks, sortField, dir, start, limit, deleted) => {
          const withNul = (s: string) => (nul ? s : s.replaceAll('\u0000', ''));
          const seeded = await storage.transaction(async (tx) => {
            const account = await tx.ensureAccount(`list-query ${run++}`);
            const out: Seeded[] = [];
            for (const [i, d] of drawn.entries()) {
              const fields = Object.fromEntries(
                Object.entries(d.fields).map(([k, v]) => [k, typeof v === 'string' ? withNul(v) : v]),
              );
              const rec: NewRecord = {
                accountId: account.id,
                kind: 'contacts',
                name: withNul(d.name),
                ownership: 1,
                flagged: (i % 2) as 0 | 1,
                fields,
                created: d.created,
                viewed: 0,
                updated: (i * 7) % 4,
                creatorId: 1,
                creatorName: 'c',
                modificatorId: 1,
                modificatorName: 'c',
              };
              const row = await tx.insertRecord(rec);
              for (const n of d.notes) {
                const a: NewActivity = {
                  accountId: account.id,
                  recordId: row.id,
                  parentId: row.id,
                  segment: 'note',
                  typeid: 3,
                  level: 1,
                  position: 1,
                  fields: { details: n.details },
                  flagged: 0,
                  created: 0,
                  viewed: 0,
                  updated: 0,
                  creatorId: 1,
                  creatorName: 'c',
                  modificatorId: 1,
                  modificatorName: 'c',
                };
                const made = await tx.insertActivity(a);
                if (n.deleted) await tx.setActivityDeleted(account.id, [made.id], 5);
              }
              if (d.deleted) await tx.setRecordDeleted(account.id, row.id, 9);
              out.push({ row: { ...row, deleted: d.deleted ? 9 : null }, notes: d.notes });
            }
            return { accountId: account.id, out };
          });
          // Needles: a piece of some text of the records, or random letters.
          const texts = seeded.out.flatMap((s) => [
            s.row.name,
            ...Object.values(s.row.fields).map(String),
            ...s.notes.map((n) => String(n.details)),
          ]);
          for (const [which, from, length] of picks) {
            const source = texts[which % texts.length] ?? '';
            const piece = [...source].slice(from % (source.length + 1), (from % (source.length + 1)) + length).join('');
            const needle =
              which % 3 === 0 ? [...'aİ%ẞ_'].slice(0, length % 6).join('') : which % 2 ? piece.toUpperCase() : piece;
            const cond = fc.sample(condArb(fc.constant(needle)), { numRuns: 1, seed: which + from })[0]!;
            const q: RecordQuery = {
              kind: 'contacts',
              deleted,
              where: [cond],
              sort: { field: sortField, dir },
              start,
              limit,
            };
            const got = await storage.read((tx) => tx.pageRecords(seeded.accountId, q));
            const want = reference(seeded.out, q);
            expect(
              { count: got.count, ids: got.rows.map((r) => r.id) },
              JSON.stringify({ cond, sortField, dir, start, limit, deleted }),
            ).toEqual(want);
          }
        },
      ),
      { numRuns: 120 },
    );
  } finally {
    await storage.close();
  }
}

/** A record two of whose live activities hold the needle is one match (its journal matches), listed once. */
async function journalMatchesTwice(open: () => Promise<Storage>): Promise<void> {
  const storage = await open();
  try {
    const { accountId, ids } = await storage.transaction(async (tx) => {
      const account = await tx.ensureAccount('journal twice');
      const ids: number[] = [];
      for (const [name, notes] of [
        ['Zed', ['zebra crossing', 'Zebra again']],
        ['Amy', ['zebra']],
        ['Bob', ['no']],
      ] as const) {
        const row = await tx.insertRecord({
          accountId: account.id,
          kind: 'contacts',
          name,
          ownership: 1,
          flagged: 0,
          fields: { jobtitle: name === 'Bob' ? 'zebra keeper' : 'x' },
          created: 0,
          viewed: 0,
          updated: 0,
          creatorId: 1,
          creatorName: 'c',
          modificatorId: 1,
          modificatorName: 'c',
        });
        ids.push(row.id);
        for (const details of notes) {
          await tx.insertActivity({
            accountId: account.id,
            recordId: row.id,
            parentId: row.id,
            segment: 'note',
            typeid: 3,
            level: 1,
            position: 1,
            fields: { details },
            flagged: 0,
            created: 0,
            viewed: 0,
            updated: 0,
            creatorId: 1,
            creatorName: 'c',
            modificatorId: 1,
            modificatorName: 'c',
          });
        }
      }
      return { accountId: account.id, ids };
    });
    const [zed, amy, bob] = ids;
    const page = async (scope: 'anyjournal' | 'any', mode: 'S' | 'C', start = 0) => {
      const q: RecordQuery = {
        kind: 'contacts',
        deleted: false,
        where: [{ op: 'anyText', scope, mode, needle: 'ZEBRA' }],
        sort: { field: 'name', dir: 'ASC' },
        start,
        limit: 10,
      };
      const got = await storage.read((tx) => tx.pageRecords(accountId, q));
      return { count: got.count, ids: got.rows.map((r) => r.id) };
    };
    expect(await page('anyjournal', 'S')).toEqual({ count: 2, ids: [amy, zed] });
    expect(await page('anyjournal', 'C')).toEqual({ count: 2, ids: [amy, zed] });
    expect(await page('any', 'S')).toEqual({ count: 3, ids: [amy, bob, zed] });
    expect(await page('any', 'C', 2)).toEqual({ count: 3, ids: [zed] });
    expect(await page('anyjournal', 'C', 5)).toEqual({ count: 2, ids: [] });
  } finally {
    await storage.close();
  }
}

/**
 * Pages unfiltered or filtered by owner alone, against a plain filter and sort. Owners are drawn
 * skewed, limits small: on SQLite the owner's count picks the sort index or the owner's index
 * (record-query.ts byOwner), so both answer; other kinds' and accounts' records are around.
 */
async function checkOwner(open: () => Promise<Storage>): Promise<void> {
  const storage = await open();
  let run = 0;
  try {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            owner: fc.constantFrom(1, 1, 1, 1, 1, 2, 2, 3),
            kind: fc.constantFrom('contacts', 'contacts', 'companies'),
            deleted: fc.constantFrom(false, false, true),
            name: str(['a', 'B', 'c'], 3),
            created: fc.integer({ min: 0, max: 5 }),
          }),
          { minLength: 4, maxLength: 16 },
        ),
        fc.option(fc.constantFrom(1, 1, 1, 2, 2, 3, 4), { nil: undefined, freq: 4 }),
        fc.constantFrom<SortField>('name', 'created', 'updated', 'flagged'),
        fc.constantFrom('ASC' as const, 'DESC' as const),
        fc.nat(3),
        fc.integer({ min: 1, max: 6 }),
        fc.constantFrom(false, false, true),
        async (drawn, owner, sortField, dir, start, limit, deleted) => {
          const { accountId, rows } = await storage.transaction(async (tx) => {
            const account = await tx.ensureAccount(`owner lists ${run++}`);
            const rows: RecordRow[] = [];
            for (const [i, d] of drawn.entries()) {
              const row = await tx.insertRecord({
                accountId: account.id,
                kind: d.kind,
                name: d.name,
                ownership: d.owner,
                flagged: (i % 3 === 0 ? 1 : 0) as 0 | 1,
                fields: {},
                created: d.created,
                viewed: 0,
                updated: (i * 5) % 3,
                creatorId: 1,
                creatorName: 'c',
                modificatorId: 1,
                modificatorName: 'c',
              });
              if (d.deleted) await tx.setRecordDeleted(account.id, row.id, 9);
              rows.push({ ...row, deleted: d.deleted ? 9 : null });
            }
            return { accountId: account.id, rows };
          });
          const q: RecordQuery = {
            kind: 'contacts',
            deleted,
            where: owner === undefined ? [] : [{ op: 'ownership', who: owner }],
            sort: { field: sortField, dir },
            start,
            limit,
          };
          const key = (r: RecordRow): string | number => (sortField === 'name' ? r.name.toLowerCase() : r[sortField]);
          const want = rows
            .filter(
              (r) =>
                r.kind === 'contacts' &&
                (r.deleted !== null) === deleted &&
                (owner === undefined || r.ownership === owner),
            )
            .sort(
              (a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) * (dir === 'DESC' ? -1 : 1) || a.id - b.id,
            );
          const got = await storage.read((tx) => tx.pageRecords(accountId, q));
          expect({ count: got.count, ids: got.rows.map((r) => r.id) }, JSON.stringify(q)).toEqual({
            count: want.length,
            ids: want.slice(start, start + limit).map((r) => r.id),
          });
        },
      ),
      { numRuns: 250 },
    );
  } finally {
    await storage.close();
  }
}

describe('lists in SQL keep the JavaScript semantics', () => {
  it('on SQLite', () => check(async () => openSqlite(':memory:'), true), 120_000);
  it('on SQLite: a journal that matches twice lists its record once', () =>
    journalMatchesTwice(async () => openSqlite(':memory:')));
  it('on SQLite: pages unfiltered or by owner alone', () => checkOwner(async () => openSqlite(':memory:')), 60_000);

  describe('on PostgreSQL', () => {
    let schema: { schema: string; url: string };
    beforeAll(async () => {
      schema = await createSchema('lq');
    });
    afterAll(async () => {
      if (schema) await dropSchema(schema.schema);
    });
    it('the same', () => check(() => openPostgres(schema.url), false), 240_000);
    it('a journal that matches twice lists its record once', () => journalMatchesTwice(() => openPostgres(schema.url)));
    it('pages unfiltered or by owner alone', () => checkOwner(() => openPostgres(schema.url)), 120_000);
  });
});
