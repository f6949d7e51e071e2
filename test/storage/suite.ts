// The storage port's contract as a vitest suite, usable against any adapter:
//
//   storageSuite('sqlite :memory:', () => openSqlite(':memory:'));
//
// `open` is called before every test and the storage closed after it. The suite never assumes an
// empty database: accounts and e-mail addresses are unique per test, counts are compared before and
// after, so an adapter over a shared database server can run it too.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type {
  Account,
  ActivityRow,
  NewActivity,
  NewRecord,
  RecordRow,
  Storage,
  Tx,
  UserRow,
} from '../../server/storage/port.ts';
import { hashToken } from '../../server/tokens.ts';
import { NAME_KEY_UNITS } from '../../server/storage/record-query.ts';

const T0 = 1_700_000_000_000;

const uniq = (prefix: string) => `${prefix}-${randomUUID()}`;

function recordOf(accountId: number, over: Partial<NewRecord> = {}): NewRecord {
  return {
    accountId,
    kind: 'contacts',
    name: 'Ada Lovelace',
    ownership: 1,
    flagged: 0,
    fields: { firstname: 'Ada', lastname: 'Lovelace' },
    created: T0,
    viewed: T0 + 1,
    updated: T0 + 2,
    creatorId: 1,
    creatorName: 'Admin',
    modificatorId: 2,
    modificatorName: 'Editor',
    ...over,
  };
}

function activityOf(
  accountId: number,
  recordId: number,
  parentId: number,
  over: Partial<NewActivity> = {},
): NewActivity {
  return {
    accountId,
    recordId,
    parentId,
    segment: 'note',
    typeid: 3,
    level: 1,
    position: 1,
    fields: { text: 'called back' },
    flagged: 0,
    created: T0,
    viewed: T0 + 1,
    updated: T0 + 2,
    creatorId: 1,
    creatorName: 'Admin',
    modificatorId: 1,
    modificatorName: 'Admin',
    ...over,
  };
}

function userOf(
  accountId: number,
  over: Partial<Omit<UserRow, 'id' | 'deleted'>> = {},
): Omit<UserRow, 'id' | 'deleted'> {
  return {
    accountId,
    email: `${uniq('user')}@example.test`,
    name: 'Grace Hopper',
    tokenHash: hashToken(uniq('token')),
    preventlogin: 0,
    preventprivatedata: 0,
    administrator: 0,
    ...over,
  };
}

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// Every byte value, plus a NUL-heavy tail, so no text conversion can pass unnoticed.
const BINARY = new Uint8Array([...Array.from({ length: 256 }, (_, i) => i), 0, 0, 0xff, 0xfe, 0xef, 0xbb, 0xbf]);

const UNICODE_FIELDS = {
  firstname: 'Zoë 🦄',
  lastname: 'Žižek-Łukasiewicz',
  background: '日本語のテキスト\n<xml> & "quotes" \'single\' \\ backslash \u0000 nul',
  custom7: 42,
  custom8: -0.5,
  empty: '',
};

export function storageSuite(
  name: string,
  open: () => Promise<Storage> | Storage,
  close: (s: Storage) => Promise<void> = (s) => s.close(),
  /** oneWriter: write transactions run one after another (SQLite); else they may overlap but commit as if they had not (PostgreSQL, SERIALIZABLE). */
  opts: { oneWriter: boolean } = { oneWriter: true },
): void {
  describe(`storage contract: ${name}`, () => {
    let storage: Storage;
    beforeEach(async () => {
      storage = await open();
    });
    afterEach(async () => {
      await close(storage);
    });

    const tx = <T>(fn: (tx: Tx) => Promise<T>) => storage.transaction(fn);
    const twoAccounts = () =>
      tx(async (t) => ({ a: await t.ensureAccount(uniq('A')), b: await t.ensureAccount(uniq('B')) }));

    describe('accounts, users and groups', () => {
      it('ensureAccount creates once and returns the same account by name; getAccount reads it back', async () => {
        const n = uniq('Ünïcødé account ✓');
        const first = await tx((t) => t.ensureAccount(n));
        const again = await tx((t) => t.ensureAccount(n));
        expect(first.name).toBe(n);
        expect(again).toEqual(first);
        expect(await tx((t) => t.getAccount(first.id))).toEqual(first);
        const other = await tx((t) => t.ensureAccount(uniq('other')));
        expect(other.id).not.toBe(first.id);
        expect(await tx((t) => t.getAccount(Math.max(first.id, other.id) + 1_000_000))).toBeUndefined();
      });

      it('addUser round-trips every column; findUserByEmail finds it; countUsers counts it', async () => {
        const { a } = await twoAccounts();
        const before = await tx((t) => t.countUsers());
        const input = userOf(a.id, { name: 'Émile Zola 🖋', preventlogin: 1, preventprivatedata: 1, administrator: 1 });
        const user = await tx((t) => t.addUser(input));
        expect(user).toEqual({ ...input, id: user.id, deleted: null });
        expect(await tx((t) => t.findUserByEmail(input.email))).toEqual(user);
        expect(await tx((t) => t.findUserByEmail(uniq('nobody') + '@example.test'))).toBeUndefined();
        await tx((t) => t.addUser(userOf(a.id)));
        expect(await tx((t) => t.countUsers())).toBe(before + 2);
      });

      it('listUsers returns only the account’s users, ordered by id', async () => {
        const { a, b } = await twoAccounts();
        const made = await tx(async (t) => [
          await t.addUser(userOf(a.id, { name: 'a1' })),
          await t.addUser(userOf(b.id, { name: 'b1' })),
          await t.addUser(userOf(a.id, { name: 'a2' })),
        ]);
        const listA = await tx((t) => t.listUsers(a.id, false));
        expect(listA).toEqual([made[0], made[2]]);
        expect(ids(listA)).toEqual([...ids(listA)].sort((x, y) => x - y));
        expect(await tx((t) => t.listUsers(a.id, true))).toEqual([made[0], made[2]]);
        expect(await tx((t) => t.listUsers(b.id, false))).toEqual([made[1]]);
      });

      it('addGroup round-trips members (JSON); listGroups is per account, ordered by id', async () => {
        const { a, b } = await twoAccounts();
        const [g1, g2, g3] = await tx(async (t) => [
          await t.addGroup({ accountId: a.id, name: 'Sales – Ost', email: 'sales@example.test', members: [3, 1, 2] }),
          await t.addGroup({ accountId: b.id, name: 'Support', email: '', members: [] }),
          await t.addGroup({ accountId: a.id, name: 'Ops', email: 'ops@example.test', members: [7] }),
        ]);
        expect(g1).toEqual({
          id: g1!.id,
          accountId: a.id,
          name: 'Sales – Ost',
          email: 'sales@example.test',
          members: [3, 1, 2],
          deleted: null,
        });
        expect(await tx((t) => t.listGroups(a.id, false))).toEqual([g1, g3]);
        expect(await tx((t) => t.listGroups(a.id, true))).toEqual([g1, g3]);
        expect(await tx((t) => t.listGroups(b.id, false))).toEqual([g2]);
      });

      it('users and groups share one id space: an owner id names one of them', async () => {
        const { a } = await twoAccounts();
        const email = `owner-${Math.random().toString(36).slice(2)}@example.test`;
        const [user, group] = await tx(async (t) => [
          await t.addUser({
            accountId: a.id,
            email,
            name: 'Owner',
            tokenHash: hashToken('t'),
            preventlogin: 0,
            preventprivatedata: 0,
            administrator: 0,
          }),
          await t.addGroup({ accountId: a.id, name: 'Owners', email: '', members: [] }),
        ]);
        expect(group.id).not.toBe(user.id);
        const users = await tx((t) => t.listUsers(a.id, true));
        const groups = await tx((t) => t.listGroups(a.id, true));
        expect(users.map((u) => u.id).filter((id) => groups.some((g) => g.id === id))).toEqual([]);
      });

      it('principalsVersion changes with every added, deleted or restored user or group of the account, and only then', async () => {
        const { a, b } = await twoAccounts();
        const version = (id: number) => tx((t) => t.principalsVersion(id));
        const seen = [await version(a.id)];
        const step = async (fn: (t: Tx) => Promise<unknown>) => {
          await tx(fn);
          const v = await version(a.id);
          expect(seen).not.toContain(v);
          seen.push(v);
        };
        const user = await tx((t) => t.addUser(userOf(a.id)));
        seen.push(await version(a.id));
        expect(seen[1]).not.toBe(seen[0]);
        await step((t) => t.addGroup({ accountId: a.id, name: 'Sales', email: '', members: [] }));
        await step((t) => t.setUserDeleted(a.id, user.id, T0));
        await step((t) => t.setUserDeleted(a.id, user.id, null));
        const unchanged = await version(a.id);
        await tx((t) => t.addUser(userOf(b.id)));
        await tx((t) => t.insertRecord(recordOf(a.id)));
        expect(await version(a.id)).toBe(unchanged);
        // Outside a transaction (a remembered login's check) it reads the same number.
        expect(await storage.principalsVersion(a.id)).toBe(unchanged);
        expect(await storage.principalsVersion(b.id)).toBe(await version(b.id));
      });
      it('principalsVersion outside a transaction, many at once: each the version of its account, and a check asked after a change sees it', async () => {
        const { a, b } = await twoAccounts();
        await tx((t) => t.addUser(userOf(b.id)));
        const version = (id: number) => tx((t) => t.principalsVersion(id));
        const [va, vb] = [await version(a.id), await version(b.id)];
        const none = 987_654_321; // an account without users or groups: version 0
        const ids = Array.from({ length: 30 }, (_, i) => [a.id, b.id, none][i % 3]!);
        expect(await Promise.all(ids.map((id) => storage.principalsVersion(id)))).toEqual(
          ids.map((id) => (id === a.id ? va : id === b.id ? vb : 0)),
        );
        // Checks still on their way while the change commits; the one asked after it must see it.
        const early = Array.from({ length: 10 }, () => storage.principalsVersion(a.id));
        await tx((t) => t.addUser(userOf(a.id)));
        const after = await storage.principalsVersion(a.id);
        expect(after).toBe(await version(a.id));
        expect(after).not.toBe(va);
        for (const v of await Promise.all(early)) expect([va, after]).toContain(v);
      });
    });

    describe('records', () => {
      it('insertRecord round-trips every column, unicode and numeric field values included', async () => {
        const { a } = await twoAccounts();
        const input = recordOf(a.id, { name: 'Zoë 🦄 Žižek', flagged: 1, ownership: 17, fields: UNICODE_FIELDS });
        const row = await tx((t) => t.insertRecord(input));
        expect(row).toEqual({ ...input, id: row.id, deleted: null });
        expect(await tx((t) => t.getRecord(a.id, row.id))).toEqual(row);
      });

      it('getRecord never returns another account’s record, with or without includeDeleted', async () => {
        const { a, b } = await twoAccounts();
        const row = await tx((t) => t.insertRecord(recordOf(a.id)));
        expect(await tx((t) => t.getRecord(b.id, row.id))).toBeUndefined();
        expect(await tx((t) => t.getRecord(b.id, row.id, { includeDeleted: true }))).toBeUndefined();
        expect(await tx((t) => t.getRecord(a.id, row.id + 1_000_000))).toBeUndefined();
      });

      it('updateRecord replaces the stored row, fields included (a dropped field is gone)', async () => {
        const { a } = await twoAccounts();
        const row = await tx((t) =>
          t.insertRecord(recordOf(a.id, { fields: { firstname: 'Ada', jobtitle: 'Countess' } })),
        );
        const changed: RecordRow = {
          ...row,
          name: 'Ada King',
          ownership: 9,
          flagged: 1,
          fields: { firstname: 'Ada', lastname: 'King', custom3: 12 },
          viewed: T0 + 100,
          updated: T0 + 200,
          modificatorId: 5,
          modificatorName: 'Näme',
        };
        await tx((t) => t.updateRecord(changed));
        expect(await tx((t) => t.getRecord(a.id, row.id))).toEqual(changed);
      });

      it('updateRecord through another account does not touch the row', async () => {
        const { a, b } = await twoAccounts();
        const row = await tx((t) => t.insertRecord(recordOf(a.id)));
        await tx(async (t) => {
          await t.updateRecord({ ...row, accountId: b.id, name: 'hijacked' }).catch(() => undefined);
        });
        expect(await tx((t) => t.getRecord(a.id, row.id))).toEqual(row);
        expect(await tx((t) => t.getRecord(b.id, row.id))).toBeUndefined();
      });

      it('setRecordDeleted soft-deletes and restores; includeDeleted sees it; listRecords({deleted: true}) lists only it', async () => {
        const { a } = await twoAccounts();
        const [r1, r2] = await tx(async (t) => [
          await t.insertRecord(recordOf(a.id)),
          await t.insertRecord(recordOf(a.id)),
        ]);
        await tx((t) => t.setRecordDeleted(a.id, r1!.id, T0 + 500));
        expect(await tx((t) => t.getRecord(a.id, r1!.id))).toBeUndefined();
        expect(await tx((t) => t.getRecord(a.id, r1!.id, { includeDeleted: true }))).toEqual({
          ...r1,
          deleted: T0 + 500,
        });
        expect(await tx((t) => t.listRecords(a.id, 'contacts', { deleted: false }))).toEqual([r2]);
        expect(await tx((t) => t.listRecords(a.id, 'contacts', { deleted: true }))).toEqual([
          { ...r1, deleted: T0 + 500 },
        ]);

        await tx((t) => t.setRecordDeleted(a.id, r1!.id, null));
        expect(await tx((t) => t.getRecord(a.id, r1!.id))).toEqual(r1);
        expect(await tx((t) => t.listRecords(a.id, 'contacts', { deleted: false }))).toEqual([r1, r2]);
        expect(await tx((t) => t.listRecords(a.id, 'contacts', { deleted: true }))).toEqual([]);
      });

      it('setRecordDeleted through another account does nothing', async () => {
        const { a, b } = await twoAccounts();
        const row = await tx((t) => t.insertRecord(recordOf(a.id)));
        await tx((t) => t.setRecordDeleted(b.id, row.id, T0));
        expect(await tx((t) => t.getRecord(a.id, row.id))).toEqual(row);
        expect(await tx((t) => t.listRecords(a.id, 'contacts', { deleted: true }))).toEqual([]);
        expect(await tx((t) => t.listRecords(b.id, 'contacts', { deleted: true }))).toEqual([]);
      });

      it('listRecords returns one kind of one account, ordered by id', async () => {
        const { a, b } = await twoAccounts();
        const made = await tx(async (t) => {
          const out: RecordRow[] = [];
          for (const [acc, kind] of [
            [a, 'contacts'],
            [a, 'companies'],
            [b, 'contacts'],
            [a, 'contacts'],
            [a, 'tickets'],
            [a, 'contacts'],
          ] as [Account, string][]) {
            out.push(await t.insertRecord(recordOf(acc.id, { kind, name: `${kind} ${out.length}` })));
          }
          return out;
        });
        const contactsA = await tx((t) => t.listRecords(a.id, 'contacts', { deleted: false }));
        expect(contactsA).toEqual([made[0], made[3], made[5]]);
        expect(ids(contactsA)).toEqual([...ids(contactsA)].sort((x, y) => x - y));
        expect(await tx((t) => t.listRecords(a.id, 'companies', { deleted: false }))).toEqual([made[1]]);
        expect(await tx((t) => t.listRecords(b.id, 'contacts', { deleted: false }))).toEqual([made[2]]);
        expect(await tx((t) => t.listRecords(b.id, 'projectblogs', { deleted: false }))).toEqual([]);
        // Deleted ones of one account never show in another's archive.
        await tx((t) => t.setRecordDeleted(b.id, made[2]!.id, T0));
        expect(await tx((t) => t.listRecords(a.id, 'contacts', { deleted: true }))).toEqual([]);
        expect(await tx((t) => t.listRecords(b.id, 'contacts', { deleted: true }))).toEqual([
          { ...made[2], deleted: T0 },
        ]);
      });
    });

    describe('category tags', () => {
      it('insertCategory, getCategory and listCategories are per account and kind, ordered by id', async () => {
        const { a, b } = await twoAccounts();
        const [c1, c2, c3, c4] = await tx(async (t) => [
          await t.insertCategory({ accountId: a.id, kind: 'contacts', name: 'VIP ⭐' }),
          await t.insertCategory({ accountId: a.id, kind: 'companies', name: 'Partner' }),
          await t.insertCategory({ accountId: b.id, kind: 'contacts', name: 'VIP ⭐' }),
          await t.insertCategory({ accountId: a.id, kind: 'contacts', name: 'Lead' }),
        ]);
        expect(c1).toEqual({ id: c1!.id, accountId: a.id, kind: 'contacts', name: 'VIP ⭐' });
        expect(await tx((t) => t.listCategories(a.id, 'contacts'))).toEqual([c1, c4]);
        expect(await tx((t) => t.listCategories(a.id, 'companies'))).toEqual([c2]);
        expect(await tx((t) => t.listCategories(b.id, 'contacts'))).toEqual([c3]);
        expect(await tx((t) => t.getCategory(a.id, c1!.id))).toEqual(c1);
        expect(await tx((t) => t.getCategory(b.id, c1!.id))).toBeUndefined();
        expect(await tx((t) => t.getCategory(a.id, c3!.id))).toBeUndefined();
      });

      it('addRecordCategory / removeRecordCategory report whether anything changed; recordCategories maps them', async () => {
        const { a } = await twoAccounts();
        const { r1, r2, r3, c1, c2 } = await tx(async (t) => ({
          r1: await t.insertRecord(recordOf(a.id)),
          r2: await t.insertRecord(recordOf(a.id)),
          r3: await t.insertRecord(recordOf(a.id)),
          c1: await t.insertCategory({ accountId: a.id, kind: 'contacts', name: 'one' }),
          c2: await t.insertCategory({ accountId: a.id, kind: 'contacts', name: 'two' }),
        }));
        await tx(async (t) => {
          expect(await t.addRecordCategory(r1.id, c2.id)).toBe(true);
          expect(await t.addRecordCategory(r1.id, c1.id)).toBe(true);
          expect(await t.addRecordCategory(r1.id, c1.id)).toBe(false);
          expect(await t.addRecordCategory(r2.id, c2.id)).toBe(true);
        });
        const map = await tx((t) => t.recordCategories([r1.id, r2.id, r3.id]));
        expect(map.get(r1.id)).toEqual([c1.id, c2.id]);
        expect(map.get(r2.id)).toEqual([c2.id]);
        expect(map.get(r3.id) ?? []).toEqual([]);
        // A show's form: the names of the account's tags of the kind, ids ascending.
        expect(await tx((t) => t.recordCategoryNames(a.id, 'contacts', r1.id))).toEqual([
          { id: c1.id, name: 'one' },
          { id: c2.id, name: 'two' },
        ]);
        expect(await tx((t) => t.recordCategoryNames(a.id, 'contacts', r3.id))).toEqual([]);
        // A tag that is not one of the account's of that kind keeps its id and has no name.
        expect(await tx((t) => t.recordCategoryNames(a.id, 'companies', r2.id))).toEqual([{ id: c2.id, name: '' }]);
        await tx(async (t) => {
          expect(await t.removeRecordCategory(r1.id, c1.id)).toBe(true);
          expect(await t.removeRecordCategory(r1.id, c1.id)).toBe(false);
          expect(await t.removeRecordCategory(r3.id, c1.id)).toBe(false);
        });
        const after = await tx((t) => t.recordCategories([r1.id]));
        expect(after.get(r1.id)).toEqual([c2.id]);
        expect(after.has(r2.id)).toBe(false);
        expect((await tx((t) => t.recordCategories([]))).size).toBe(0);
      });
    });

    describe('related items', () => {
      it('addRelated, listRelated (in the order added), re-adding replaces the note, removeRelated', async () => {
        const { a } = await twoAccounts();
        const [r, x, y, z] = await tx(async (t) => [
          await t.insertRecord(recordOf(a.id)),
          await t.insertRecord(recordOf(a.id, { kind: 'companies' })),
          await t.insertRecord(recordOf(a.id)),
          await t.insertRecord(recordOf(a.id)),
        ]);
        await tx(async (t) => {
          await t.addRelated({ recordId: r!.id, relatedId: z!.id, note: 'Schwester – 姉' });
          await t.addRelated({ recordId: r!.id, relatedId: x!.id, note: '' });
          await t.addRelated({ recordId: y!.id, relatedId: x!.id, note: 'other' });
        });
        expect(await tx((t) => t.listRelated(r!.id))).toEqual([
          { recordId: r!.id, relatedId: z!.id, note: 'Schwester – 姉' },
          { recordId: r!.id, relatedId: x!.id, note: '' },
        ]);
        await tx((t) => t.addRelated({ recordId: r!.id, relatedId: z!.id, note: 'updated' }));
        expect(await tx((t) => t.listRelated(r!.id))).toEqual([
          { recordId: r!.id, relatedId: z!.id, note: 'updated' },
          { recordId: r!.id, relatedId: x!.id, note: '' },
        ]);
        await tx((t) => t.removeRelated(r!.id, z!.id));
        await tx((t) => t.removeRelated(r!.id, y!.id)); // not related: no error
        expect(await tx((t) => t.listRelated(r!.id))).toEqual([{ recordId: r!.id, relatedId: x!.id, note: '' }]);
        expect(await tx((t) => t.listRelated(y!.id))).toEqual([{ recordId: y!.id, relatedId: x!.id, note: 'other' }]);
        expect(await tx((t) => t.listRelated(z!.id))).toEqual([]);
      });

      it('relatedOfKind: per record, its live related records of the kind in the account, in the order added', async () => {
        const { a, b } = await twoAccounts();
        const [r, s, c1, c2, gone, person, foreign] = await tx(async (t) => [
          await t.insertRecord(recordOf(a.id)),
          await t.insertRecord(recordOf(a.id)),
          await t.insertRecord(recordOf(a.id, { kind: 'companies', name: 'Zeta Ltd' })),
          await t.insertRecord(recordOf(a.id, { kind: 'companies', name: 'Acme' })),
          await t.insertRecord(recordOf(a.id, { kind: 'companies', name: 'Gone Inc' })),
          await t.insertRecord(recordOf(a.id, { name: 'A person' })),
          await t.insertRecord(recordOf(b.id, { kind: 'companies', name: 'Other account' })),
        ]);
        await tx(async (t) => {
          for (const x of [c1!, gone!, person!, foreign!, c2!])
            await t.addRelated({ recordId: r!.id, relatedId: x.id, note: '' });
          await t.addRelated({ recordId: s!.id, relatedId: c2!.id, note: '' });
          await t.setRecordDeleted(a.id, gone!.id, 1);
        });
        const map = await tx((t) => t.relatedOfKind(a.id, [s!.id, r!.id, person!.id], 'companies'));
        expect([...map.keys()]).toEqual([s!.id, r!.id, person!.id]);
        expect(map.get(r!.id)).toEqual([
          { id: c1!.id, name: 'Zeta Ltd' },
          { id: c2!.id, name: 'Acme' },
        ]);
        expect(map.get(s!.id)).toEqual([{ id: c2!.id, name: 'Acme' }]);
        expect(map.get(person!.id)).toEqual([]);
        expect((await tx((t) => t.relatedOfKind(b.id, [r!.id], 'companies'))).get(r!.id)).toEqual([
          { id: foreign!.id, name: 'Other account' },
        ]);
        expect((await tx((t) => t.relatedOfKind(a.id, [], 'companies'))).size).toBe(0);
      });
    });

    describe('custom field definitions', () => {
      it('insertFieldDef names the field custom<id> (ids from 1001) and round-trips options and categories (JSON)', async () => {
        const { a, b } = await twoAccounts();
        const [f1, f2, f3, f4] = await tx(async (t) => [
          await t.insertFieldDef({
            accountId: a.id,
            kind: 'contacts',
            label: 'Größe 📏',
            type: 'select',
            options: ['S', 'M', 'L – XL', ''],
            categories: [5, 3],
          }),
          await t.insertFieldDef({
            accountId: a.id,
            kind: 'companies',
            label: 'Branch',
            type: 'text',
            options: [],
            categories: [],
          }),
          await t.insertFieldDef({
            accountId: b.id,
            kind: 'contacts',
            label: 'Other',
            type: '',
            options: [],
            categories: [],
          }),
          await t.insertFieldDef({
            accountId: a.id,
            kind: 'contacts',
            label: 'Notes',
            type: 'text',
            options: [],
            categories: [],
          }),
        ]);
        expect(f1).toEqual({
          id: f1!.id,
          accountId: a.id,
          kind: 'contacts',
          name: `custom${f1!.id}`,
          label: 'Größe 📏',
          type: 'select',
          options: ['S', 'M', 'L – XL', ''],
          categories: [5, 3],
        });
        expect(f4!.name).toBe(`custom${f4!.id}`);
        for (const f of [f1, f2, f3, f4]) expect(f!.id).toBeGreaterThanOrEqual(1001);
        expect(new Set([f1, f2, f3, f4].map((f) => f!.id)).size).toBe(4);
        expect(await tx((t) => t.listFieldDefs(a.id, 'contacts'))).toEqual([f1, f4]);
        expect(await tx((t) => t.listFieldDefs(a.id, 'companies'))).toEqual([f2]);
        expect(await tx((t) => t.listFieldDefs(b.id, 'contacts'))).toEqual([f3]);
        expect(await tx((t) => t.listFieldDefs(b.id, 'companies'))).toEqual([]);
      });
    });

    describe('activities', () => {
      it('insertActivity round-trips every column, nested JSON fields and unicode included', async () => {
        const { a } = await twoAccounts();
        const rec = await tx((t) => t.insertRecord(recordOf(a.id)));
        const fields = {
          subject: 'Réunion 会議 🗓',
          priority: 2,
          done: true,
          nothing: null,
          tags: ['a', 'b'],
          nested: { due: T0 + 86_400_000, list: [{ x: 1 }, { y: 'ÿ' }] },
        };
        const input = activityOf(a.id, rec.id, rec.id, {
          segment: 'task',
          typeid: 14,
          fields,
          flagged: 1,
          position: 1,
        });
        const act = await tx((t) => t.insertActivity(input));
        expect(act).toEqual({ ...input, id: act.id, deleted: null });
        expect(await tx((t) => t.getActivity(a.id, act.id))).toEqual(act);
      });

      it('records and activities share one id sequence', async () => {
        const { a } = await twoAccounts();
        const made = await tx(async (t) => {
          const r1 = await t.insertRecord(recordOf(a.id));
          const a1 = await t.insertActivity(activityOf(a.id, r1.id, r1.id));
          const r2 = await t.insertRecord(recordOf(a.id));
          const a2 = await t.insertActivity(activityOf(a.id, r1.id, a1.id, { level: 2 }));
          const a3 = await t.insertActivity(activityOf(a.id, r2.id, r2.id));
          const r3 = await t.insertRecord(recordOf(a.id, { kind: 'companies' }));
          return [r1, a1, r2, a2, a3, r3];
        });
        const all = ids(made);
        expect(new Set(all).size).toBe(all.length);
        expect(all).toEqual([...all].sort((x, y) => x - y)); // one increasing sequence
        // An activity id never names a record and vice versa.
        for (const act of [made[1], made[3], made[4]]) {
          expect(await tx((t) => t.getRecord(a.id, act!.id, { includeDeleted: true }))).toBeUndefined();
        }
        for (const rec of [made[0], made[2], made[5]]) {
          expect(await tx((t) => t.getActivity(a.id, rec!.id, { includeDeleted: true }))).toBeUndefined();
        }
      });

      it('getActivity and every activity list never return another account’s activities', async () => {
        const { a, b } = await twoAccounts();
        const { ra, aa, rb, ab } = await tx(async (t) => {
          const ra = await t.insertRecord(recordOf(a.id));
          const rb = await t.insertRecord(recordOf(b.id));
          const aa = await t.insertActivity(activityOf(a.id, ra.id, ra.id));
          const ab = await t.insertActivity(activityOf(b.id, rb.id, rb.id));
          return { ra, aa, rb, ab };
        });
        await tx(async (t) => {
          expect(await t.getActivity(b.id, aa.id)).toBeUndefined();
          expect(await t.getActivity(b.id, aa.id, { includeDeleted: true })).toBeUndefined();
          expect(await t.getActivity(a.id, ab.id)).toBeUndefined();
          expect(await t.listActivitiesOfRecord(b.id, ra.id, { includeDeleted: true })).toEqual([]);
          expect(await t.listChildren(b.id, ra.id, { includeDeleted: true })).toEqual([]);
          expect(await t.listActivities(a.id, { includeDeleted: true })).toEqual([aa]);
          expect(await t.listActivities(b.id)).toEqual([ab]);
          expect(await t.listActivitiesOfRecord(a.id, rb.id)).toEqual([]);
        });
      });

      it('updateActivity replaces the row (moves, repositions, fields); not through another account', async () => {
        const { a, b } = await twoAccounts();
        const { r1, r2, act } = await tx(async (t) => {
          const r1 = await t.insertRecord(recordOf(a.id));
          const r2 = await t.insertRecord(recordOf(a.id, { kind: 'companies' }));
          const act = await t.insertActivity(activityOf(a.id, r1.id, r1.id, { fields: { text: 'old', extra: 1 } }));
          return { r1, r2, act };
        });
        const moved: ActivityRow = {
          ...act,
          recordId: r2.id,
          parentId: r2.id,
          position: 3,
          fields: { text: 'néw' },
          flagged: 1,
          updated: T0 + 999,
          modificatorId: 7,
          modificatorName: 'Mover',
        };
        await tx((t) => t.updateActivity(moved));
        expect(await tx((t) => t.getActivity(a.id, act.id))).toEqual(moved);
        expect(await tx((t) => t.listActivitiesOfRecord(a.id, r1.id))).toEqual([]);
        expect(await tx((t) => t.listChildren(a.id, r2.id))).toEqual([moved]);

        await tx(async (t) => {
          await t.updateActivity({ ...moved, accountId: b.id, fields: { text: 'hijacked' } }).catch(() => undefined);
        });
        expect(await tx((t) => t.getActivity(a.id, act.id))).toEqual(moved);
      });

      it('setActivityDeleted soft-deletes and restores several at once; includeDeleted sees them', async () => {
        const { a, b } = await twoAccounts();
        const { rec, acts } = await tx(async (t) => {
          const rec = await t.insertRecord(recordOf(a.id));
          const acts: ActivityRow[] = [];
          for (let i = 1; i <= 4; i++)
            acts.push(await t.insertActivity(activityOf(a.id, rec.id, rec.id, { position: i })));
          return { rec, acts };
        });
        const [x, y, z, w] = acts as [ActivityRow, ActivityRow, ActivityRow, ActivityRow];
        await tx((t) => t.setActivityDeleted(a.id, [x.id, z.id], T0 + 5));
        await tx((t) => t.setActivityDeleted(b.id, [y.id], T0 + 6)); // another account: no effect
        await tx((t) => t.setActivityDeleted(a.id, [], T0 + 7)); // nothing to do
        const gone = { ...x, deleted: T0 + 5 };
        const gone2 = { ...z, deleted: T0 + 5 };
        await tx(async (t) => {
          expect(await t.getActivity(a.id, x.id)).toBeUndefined();
          expect(await t.getActivity(a.id, x.id, { includeDeleted: true })).toEqual(gone);
          expect(await t.getActivity(a.id, y.id)).toEqual(y);
          expect(await t.listActivitiesOfRecord(a.id, rec.id)).toEqual([y, w]);
          expect(await t.listActivitiesOfRecord(a.id, rec.id, { includeDeleted: true })).toEqual([gone, y, gone2, w]);
          expect(await t.listChildren(a.id, rec.id)).toEqual([y, w]);
          expect(await t.listChildren(a.id, rec.id, { includeDeleted: true })).toEqual([gone, y, gone2, w]);
          expect(await t.listActivities(a.id)).toEqual([y, w]);
          expect(await t.listActivities(a.id, { includeDeleted: true })).toEqual([gone, y, gone2, w]);
        });
        await tx((t) => t.setActivityDeleted(a.id, [x.id, z.id], null));
        expect(await tx((t) => t.listActivitiesOfRecord(a.id, rec.id))).toEqual([x, y, z, w]);
      });

      it('listActivitiesOfRecord orders by level, parentId, position; listChildren by position', async () => {
        const { a } = await twoAccounts();
        const { rec, other, made } = await tx(async (t) => {
          const rec = await t.insertRecord(recordOf(a.id));
          const other = await t.insertRecord(recordOf(a.id));
          // Inserted out of order on purpose.
          const p2 = await t.insertActivity(activityOf(a.id, rec.id, rec.id, { position: 2, segment: 'task' }));
          const p1 = await t.insertActivity(activityOf(a.id, rec.id, rec.id, { position: 1 }));
          const c22 = await t.insertActivity(
            activityOf(a.id, rec.id, p2.id, { level: 2, position: 2, segment: 'comment' }),
          );
          const c11 = await t.insertActivity(
            activityOf(a.id, rec.id, p1.id, { level: 2, position: 1, segment: 'comment' }),
          );
          const c21 = await t.insertActivity(
            activityOf(a.id, rec.id, p2.id, { level: 2, position: 1, segment: 'file' }),
          );
          const g1 = await t.insertActivity(
            activityOf(a.id, rec.id, c11.id, { level: 3, position: 1, segment: 'file' }),
          );
          const p3 = await t.insertActivity(activityOf(a.id, rec.id, rec.id, { position: 3 }));
          const elsewhere = await t.insertActivity(activityOf(a.id, other.id, other.id, { position: 1 }));
          return { rec, other, made: { p1, p2, p3, c11, c21, c22, g1, elsewhere } };
        });
        const { p1, p2, p3, c11, c21, c22, g1, elsewhere } = made;
        // p2 was inserted before p1, so at level 2 the children of p2 (smaller parentId) come first.
        const level2 = [c21, c22, c11].sort((x, y) => x.parentId - y.parentId || x.position - y.position);
        expect(await tx((t) => t.listActivitiesOfRecord(a.id, rec.id))).toEqual([p1, p2, p3, ...level2, g1]);
        expect(await tx((t) => t.listChildren(a.id, rec.id))).toEqual([p1, p2, p3]);
        expect(await tx((t) => t.listChildren(a.id, p2.id))).toEqual([c21, c22]);
        expect(await tx((t) => t.listChildren(a.id, c11.id))).toEqual([g1]);
        expect(await tx((t) => t.listChildren(a.id, g1.id))).toEqual([]);
        expect(await tx((t) => t.listActivitiesOfRecord(a.id, other.id))).toEqual([elsewhere]);
      });

      it('countChildren counts the live children of a parent, those of one segment and the last position, in the account only', async () => {
        const { a, b } = await twoAccounts();
        const { rec, first } = await tx(async (t) => {
          const rec = await t.insertRecord(recordOf(a.id));
          const first = await t.insertActivity(activityOf(a.id, rec.id, rec.id, { position: 1 }));
          await t.insertActivity(activityOf(a.id, rec.id, rec.id, { position: 2, segment: 'task' }));
          await t.insertActivity(activityOf(a.id, rec.id, rec.id, { position: 3 }));
          await t.insertActivity(activityOf(a.id, rec.id, first.id, { level: 2, position: 1 })); // a grandchild
          return { rec, first };
        });
        expect(await tx((t) => t.countChildren(a.id, rec.id, 'note'))).toEqual({ all: 3, ofSegment: 2, last: 3 });
        await tx((t) => t.setActivityDeleted(a.id, [first.id], T0 + 5));
        expect(await tx((t) => t.countChildren(a.id, rec.id, 'task'))).toEqual({ all: 2, ofSegment: 1, last: 3 }); // no renumbering here: last tells the gap;
        expect(await tx((t) => t.countChildren(b.id, rec.id, 'note'))).toEqual({ all: 0, ofSegment: 0, last: 0 });
      });

      it('listDescendants reads the subtree of an activity at any depth; a deleted one and what lies under it only when included', async () => {
        const { a } = await twoAccounts();
        const rec = await tx((t) => t.insertRecord(recordOf(a.id)));
        const [root, child, grandchild, gone, underGone, other] = await tx(async (t) => {
          const root = await t.insertActivity(activityOf(a.id, rec.id, rec.id));
          const child = await t.insertActivity(activityOf(a.id, rec.id, root.id, { level: 2 }));
          const grandchild = await t.insertActivity(activityOf(a.id, rec.id, child.id, { level: 3 }));
          const gone = await t.insertActivity(activityOf(a.id, rec.id, root.id, { level: 2, position: 2 }));
          const underGone = await t.insertActivity(activityOf(a.id, rec.id, gone.id, { level: 3 }));
          const other = await t.insertActivity(activityOf(a.id, rec.id, rec.id, { position: 2 }));
          await t.setActivityDeleted(a.id, [gone.id], T0);
          return [root, child, grandchild, gone, underGone, other];
        });
        expect(ids(await tx((t) => t.listDescendants(a.id, root.id)))).toEqual([child.id, grandchild.id]);
        expect(ids(await tx((t) => t.listDescendants(a.id, root.id, { includeDeleted: true })))).toEqual([
          child.id,
          gone.id,
          grandchild.id,
          underGone.id,
        ]);
        expect(await tx((t) => t.listDescendants(a.id, other.id))).toEqual([]);
        const { b } = await twoAccounts();
        expect(await tx((t) => t.listDescendants(b.id, root.id))).toEqual([]);
      });

      it('insertLast appends after the live children and tells their counts from before it; closeGaps makes positions 1..n', async () => {
        const { a } = await twoAccounts();
        const rec = await tx((t) => t.insertRecord(recordOf(a.id)));
        const [n1, , gone] = await tx(async (t) => [
          await t.insertActivity(activityOf(a.id, rec.id, rec.id, { position: 1 })),
          await t.insertActivity(activityOf(a.id, rec.id, rec.id, { position: 4, segment: 'call' })),
          await t.insertActivity(activityOf(a.id, rec.id, rec.id, { position: 5 })),
        ]);
        await tx((t) => t.setActivityDeleted(a.id, [gone.id], T0));
        const { position: _, ...fresh } = activityOf(a.id, rec.id, rec.id, { fields: { text: 'last' } });
        const { row, ...counts } = await tx((t) => t.insertLast(fresh));
        expect(counts).toEqual({ all: 2, ofSegment: 1, last: 4 });
        expect(row.position).toBe(3);
        const listed = await tx((t) => t.listChildren(a.id, rec.id));
        expect(listed.find((c) => c.id === row.id)).toEqual(row);
        expect(listed.map((c) => c.position)).toEqual([1, 3, 4]);
        await tx((t) => t.closeGaps(a.id, rec.id));
        const dense = await tx((t) => t.listChildren(a.id, rec.id));
        expect(dense.map((c) => [c.id, c.position])).toEqual([
          [n1.id, 1],
          [row.id, 2],
          [listed[2]!.id, 3],
        ]);
        expect((await tx((t) => t.getActivity(a.id, gone.id, { includeDeleted: true })))!.position).toBe(5);
      });

      it('setPositions changes the positions of the account’s activities and nothing else of their rows', async () => {
        const { a, b } = await twoAccounts();
        const [x, y, z] = await tx(async (t) => {
          const rec = await t.insertRecord(recordOf(a.id));
          const made: ActivityRow[] = [];
          for (let i = 1; i <= 3; i++)
            made.push(
              await t.insertActivity(activityOf(a.id, rec.id, rec.id, { position: i, fields: { text: `n${i}` } })),
            );
          return made as [ActivityRow, ActivityRow, ActivityRow];
        });
        await tx((t) =>
          t.setPositions(a.id, [
            { id: x.id, position: 3 },
            { id: z.id, position: 1 },
          ]),
        );
        await tx((t) => t.setPositions(b.id, [{ id: y.id, position: 9 }])); // another account: no effect
        await tx((t) => t.setPositions(a.id, [])); // nothing to do
        expect(await tx((t) => t.listChildren(a.id, x.parentId))).toEqual([
          { ...z, position: 1 },
          y,
          { ...x, position: 3 },
        ]);
      });

      it('listActivities filters by segment and is ordered by id', async () => {
        const { a } = await twoAccounts();
        const made = await tx(async (t) => {
          const rec = await t.insertRecord(recordOf(a.id));
          const out: ActivityRow[] = [];
          for (const [i, segment] of ['note', 'task', 'call', 'task', 'note'].entries()) {
            out.push(await t.insertActivity(activityOf(a.id, rec.id, rec.id, { segment, position: 5 - i })));
          }
          return out;
        });
        const [n1, t1, c1, t2, n2] = made as [ActivityRow, ActivityRow, ActivityRow, ActivityRow, ActivityRow];
        expect(await tx((t) => t.listActivities(a.id))).toEqual([n1, t1, c1, t2, n2]);
        expect(await tx((t) => t.listActivities(a.id, { segments: ['task'] }))).toEqual([t1, t2]);
        expect(await tx((t) => t.listActivities(a.id, { segments: ['note', 'call'] }))).toEqual([n1, c1, n2]);
        expect(await tx((t) => t.listActivities(a.id, { segments: ['nothing'] }))).toEqual([]);
        await tx((t) => t.setActivityDeleted(a.id, [t1.id], T0));
        expect(await tx((t) => t.listActivities(a.id, { segments: ['task'] }))).toEqual([t2]);
        expect(await tx((t) => t.listActivities(a.id, { segments: ['task'], includeDeleted: true }))).toEqual([
          { ...t1, deleted: T0 },
          t2,
        ]);
      });
    });

    describe('long names', () => {
      it('a name far past any index entry limit is stored whole and sorted by its first NAME_KEY_UNITS units, then id', async () => {
        const { a } = await twoAccounts();
        const long = (c: string) => 'Q'.repeat(NAME_KEY_UNITS) + c.repeat(200_000);
        const rows = await tx(async (t) => [
          await t.insertRecord(recordOf(a.id, { name: long('z') })),
          await t.insertRecord(recordOf(a.id, { name: long('a') })),
          await t.insertRecord(
            recordOf(a.id, { name: 'Q'.repeat(NAME_KEY_UNITS - 1) + '\u{1F600}' + 'b'.repeat(100_000) }),
          ),
          await t.insertRecord(recordOf(a.id, { name: 'P' })),
        ]);
        const page = await tx((t) =>
          t.pageRecords(a.id, {
            kind: 'contacts',
            deleted: false,
            where: [],
            sort: { field: 'name', dir: 'ASC' },
            start: 0,
            limit: 10,
          }),
        );
        expect(page.rows.map((r) => r.id)).toEqual([rows[3]!.id, rows[2]!.id, rows[0]!.id, rows[1]!.id]);
        expect(page.rows.map((r) => r.name.length)).toEqual([
          1,
          NAME_KEY_UNITS + 100_001,
          NAME_KEY_UNITS + 200_000,
          NAME_KEY_UNITS + 200_000,
        ]);
      });
    });

    describe('list counts', () => {
      it('pageRecords counts a list filtered by owner alone exactly through creates, owner changes, deletes and restores', async () => {
        const { a, b } = await twoAccounts();
        const count = (accountId: number, who: number) =>
          tx(
            async (t) =>
              (
                await t.pageRecords(accountId, {
                  kind: 'contacts',
                  deleted: false,
                  where: [{ op: 'ownership', who }],
                  sort: { field: 'name', dir: 'ASC' },
                  start: 0,
                  limit: 2,
                })
              ).count,
          );
        const rows = await tx(async (t) => [
          await t.insertRecord(recordOf(a.id, { ownership: 5 })),
          await t.insertRecord(recordOf(a.id, { ownership: 5 })),
          await t.insertRecord(recordOf(a.id, { ownership: 5 })),
          await t.insertRecord(recordOf(a.id, { ownership: 6 })),
          await t.insertRecord(recordOf(a.id, { ownership: 5, kind: 'companies' })),
          await t.insertRecord(recordOf(b.id, { ownership: 5 })),
        ]);
        expect([await count(a.id, 5), await count(a.id, 6), await count(a.id, 7), await count(b.id, 5)]).toEqual([
          3, 1, 0, 1,
        ]);
        await tx((t) => t.updateRecord({ ...rows[0]!, ownership: 6 }));
        await tx((t) => t.updateRecord({ ...rows[1]!, name: 'renamed' }));
        await tx((t) => t.setRecordDeleted(a.id, rows[2]!.id, T0));
        expect([await count(a.id, 5), await count(a.id, 6)]).toEqual([1, 2]);
        await tx((t) => t.setRecordDeleted(a.id, rows[2]!.id, null));
        expect([await count(a.id, 5), await count(a.id, 6)]).toEqual([2, 2]);
        // Many changes (PostgreSQL folds its +1 / -1 rows in the background while counting).
        for (let i = 0; i < 80; i++) await tx((t) => t.insertRecord(recordOf(a.id, { ownership: 7 })));
        expect(await count(a.id, 7)).toBe(80);
        expect(await count(a.id, 7)).toBe(80);
      });
    });

    describe('reports', () => {
      it('reportActivities selects by segment, open, dated, owner, window and kind, in report order; records, activities and comments by id', async () => {
        const { a, b } = await twoAccounts();
        const day = 86_400_000;
        const made = await tx(async (t) => {
          const rec = await t.insertRecord(recordOf(a.id));
          const company = await t.insertRecord(recordOf(a.id, { kind: 'companies', name: 'Acme' }));
          const gone = await t.insertRecord(recordOf(a.id, { name: 'gone' }));
          const task = (parent: number, fields: Record<string, unknown>, r = rec.id) =>
            t.insertActivity(activityOf(a.id, r, parent, { segment: 'task', typeid: 14, fields }));
          const late = await task(rec.id, { title: 'late', duedate: '2024-03-05', assignedto: 7 });
          const early = await task(rec.id, { title: 'early', duedate: '2024-03-01', assignedto: 8 });
          const done = await task(rec.id, { title: 'done', duedate: '2024-03-02', assignedto: 7, completed: 1 });
          const undated = await task(rec.id, { title: 'undated', assignedto: 7 });
          const nobody = await task(company.id, { title: 'nobody', duedate: '2024-03-03' }, company.id);
          const event = await t.insertActivity(
            activityOf(a.id, rec.id, rec.id, {
              segment: 'event',
              typeid: 4,
              fields: { title: 'meet', timestart: '2024-03-04 10:00:00', attendees: [8, 9] },
            }),
          );
          await task(gone.id, { title: 'of a deleted record', duedate: '2024-03-01', assignedto: 7 }, gone.id);
          await t.setRecordDeleted(a.id, gone.id, T0);
          const c2 = await t.insertActivity(
            activityOf(a.id, rec.id, late.id, {
              segment: 'comment',
              typeid: 2,
              level: 2,
              fields: { posttext: 'second' },
              created: T0 + 5,
            }),
          );
          const c1 = await t.insertActivity(
            activityOf(a.id, rec.id, late.id, {
              segment: 'comment',
              typeid: 2,
              level: 2,
              fields: { posttext: 'first' },
              created: T0 + 1,
            }),
          );
          const c3 = await t.insertActivity(
            activityOf(a.id, rec.id, late.id, {
              segment: 'comment',
              typeid: 2,
              level: 2,
              fields: { posttext: 'deleted' },
            }),
          );
          await t.setActivityDeleted(a.id, [c3.id], T0);
          const foreign = await t.insertRecord(recordOf(b.id));
          await t.insertActivity(
            activityOf(b.id, foreign.id, foreign.id, {
              segment: 'task',
              typeid: 14,
              fields: { duedate: '2024-03-01', assignedto: 7 },
            }),
          );
          return { rec, company, late, early, done, undated, nobody, event, c1, c2 };
        });
        const { rec, company, late, early, done, undated, nobody, event, c1, c2 } = made;
        const report = (q: Parameters<Tx['reportActivities']>[1]) =>
          tx(async (t) => ids(await t.reportActivities(a.id, q)));
        const tasks = [{ segment: 'task', open: true }];
        const march = Date.UTC(2024, 2, 1);
        expect(await report({ segments: tasks, order: 'date' })).toEqual(ids([early, nobody, late, undated]));
        expect(await report({ segments: [{ segment: 'task', open: true, dated: true }], order: 'date' })).toEqual(
          ids([early, nobody, late]),
        );
        expect(await report({ segments: [{ segment: 'task' }], order: 'date' })).toEqual(
          ids([early, done, nobody, late, undated]),
        );
        expect(
          await report({ segments: tasks, date: { from: march + day, to: march + 5 * day }, order: 'date' }),
        ).toEqual(ids([nobody, late]));
        expect(await report({ segments: tasks, date: 'nodate', order: 'date' })).toEqual(ids([undated]));
        expect(await report({ segments: tasks, owner: 7, order: 'date' })).toEqual(ids([late, undated]));
        expect(await report({ segments: tasks, owner: 0, order: 'date' })).toEqual(ids([nobody]));
        expect(await report({ segments: [...tasks, { segment: 'event' }], owner: 8, order: 'date' })).toEqual(
          ids([early, event]),
        );
        expect(await report({ segments: [{ segment: 'event' }], owner: 9, order: 'date' })).toEqual(ids([event]));
        expect(await report({ segments: tasks, kinds: ['companies'], order: 'date' })).toEqual(ids([nobody]));
        expect(await report({ segments: [], order: 'date' })).toEqual([]);
        // An edit moves the activity in the owner index.
        await tx((t) => t.updateActivity({ ...early, fields: { ...early.fields, assignedto: 7 } }));
        expect(await report({ segments: tasks, owner: 8, order: 'date' })).toEqual([]);
        expect(await report({ segments: tasks, owner: 7, order: 'date' })).toEqual(ids([early, late, undated]));
        expect(ids(await tx((t) => t.getRecords(a.id, [company.id, rec.id, 999_999_999])))).toEqual(
          ids([rec, company].sort((x, y) => x.id - y.id)),
        );
        expect(await tx((t) => t.getRecords(b.id, [rec.id]))).toEqual([]);
        expect(ids(await tx((t) => t.getActivities(a.id, [event.id, late.id])))).toEqual(ids([late, event]));
        expect(await tx((t) => t.getActivities(b.id, [late.id]))).toEqual([]);
        expect(await tx((t) => t.childrenOf(a.id, [late.id, early.id], 'comment'))).toEqual([c1, c2]);
      });
    });

    describe('files', () => {
      it('insertFile / getFile round-trip binary data (every byte value) and a unicode name', async () => {
        const { a } = await twoAccounts();
        const input = {
          accountId: a.id,
          filename: 'Präsentation – 報告 📎.bin',
          contenttype: 'application/octet-stream',
          size: BINARY.length,
          data: BINARY,
        };
        const file = await tx((t) => t.insertFile(input));
        expect(file.id).toBeGreaterThan(0);
        const back = await tx((t) => t.getFile(a.id, file.id));
        expect(back).toBeDefined();
        expect({ ...back!, data: undefined }).toEqual({ ...input, id: file.id, data: undefined });
        expect(back!.data).toBeInstanceOf(Uint8Array);
        expect(Array.from(back!.data)).toEqual(Array.from(BINARY));
        expect(Array.from(file.data)).toEqual(Array.from(BINARY));
      });

      it('an empty file and a subarray view round-trip exactly', async () => {
        const { a } = await twoAccounts();
        const view = BINARY.subarray(10, 20);
        const [empty, part] = await tx(async (t) => [
          await t.insertFile({
            accountId: a.id,
            filename: 'empty.txt',
            contenttype: 'text/plain',
            size: 0,
            data: new Uint8Array(0),
          }),
          await t.insertFile({
            accountId: a.id,
            filename: 'part',
            contenttype: 'application/octet-stream',
            size: view.length,
            data: view,
          }),
        ]);
        const e = await tx((t) => t.getFile(a.id, empty!.id));
        expect(e!.size).toBe(0);
        expect(e!.data.length).toBe(0);
        const p = await tx((t) => t.getFile(a.id, part!.id));
        expect(Array.from(p!.data)).toEqual(Array.from(view));
      });

      it('getFile never returns another account’s file', async () => {
        const { a, b } = await twoAccounts();
        const file = await tx((t) =>
          t.insertFile({
            accountId: a.id,
            filename: 'x',
            contenttype: 'text/plain',
            size: 1,
            data: new Uint8Array([120]),
          }),
        );
        expect(await tx((t) => t.getFile(b.id, file.id))).toBeUndefined();
        expect(await tx((t) => t.getFile(a.id, file.id + 1_000_000))).toBeUndefined();
      });
    });

    describe('API quota', () => {
      it('countCalls accumulates per user and per window and returns the new total', async () => {
        const { a } = await twoAccounts();
        const [u1, u2] = await tx(async (t) => [await t.addUser(userOf(a.id)), await t.addUser(userOf(a.id))]);
        const w1 = T0;
        const w2 = T0 + 3_600_000;
        expect(await tx((t) => t.countCalls(u1!.id, w1, 1))).toBe(1);
        expect(await tx((t) => t.countCalls(u1!.id, w1, 2))).toBe(3);
        expect(await tx((t) => t.countCalls(u1!.id, w2, 1))).toBe(1);
        expect(await tx((t) => t.countCalls(u2!.id, w1, 5))).toBe(5);
        expect(await tx((t) => t.countCalls(u1!.id, w1, 1))).toBe(4);
        expect(await tx((t) => t.countCalls(u1!.id, w1, 0))).toBe(4);
        // Within one transaction, too.
        expect(await tx(async (t) => [await t.countCalls(u2!.id, w2, 10), await t.countCalls(u2!.id, w2, 10)])).toEqual(
          [10, 20],
        );
      });
    });

    describe('transactions', () => {
      it('returns the value of the body; committed writes are seen by later transactions', async () => {
        const { a } = await twoAccounts();
        const value = await tx(async (t) => {
          const r = await t.insertRecord(recordOf(a.id));
          return { answer: 42, id: r.id };
        });
        expect(value.answer).toBe(42);
        expect((await tx((t) => t.getRecord(a.id, value.id)))?.id).toBe(value.id);
      });

      it('a body that throws after writing rolls everything back and rethrows the same error', async () => {
        const { a } = await twoAccounts();
        const boom = new Error('boom');
        let seen: { account?: Account; record?: RecordRow } = {};
        const usersBefore = await tx((t) => t.countUsers());
        await expect(
          tx(async (t) => {
            const account = await t.ensureAccount(uniq('rolled back'));
            const record = await t.insertRecord(recordOf(a.id));
            await t.insertActivity(activityOf(a.id, record.id, record.id));
            await t.addUser(userOf(a.id));
            await t.insertFile({
              accountId: a.id,
              filename: 'f',
              contenttype: 'text/plain',
              size: 1,
              data: new Uint8Array([1]),
            });
            seen = { account, record };
            await sleep(1); // an asynchronous gap before the failure
            throw boom;
          }),
        ).rejects.toBe(boom);
        expect(seen.record).toBeDefined();
        await tx(async (t) => {
          expect(await t.getAccount(seen.account!.id)).toBeUndefined();
          expect(await t.getRecord(a.id, seen.record!.id, { includeDeleted: true })).toBeUndefined();
          expect(await t.listRecords(a.id, 'contacts', { deleted: false })).toEqual([]);
          expect(await t.listRecords(a.id, 'contacts', { deleted: true })).toEqual([]);
          expect(await t.listActivities(a.id, { includeDeleted: true })).toEqual([]);
          expect(await t.listUsers(a.id, true)).toEqual([]);
          expect(await t.countUsers()).toBe(usersBefore);
        });
      });

      it('a failed transaction leaves the storage usable', async () => {
        const { a } = await twoAccounts();
        await expect(tx(async () => Promise.reject(new Error('first')))).rejects.toThrow('first');
        const r = await tx((t) => t.insertRecord(recordOf(a.id)));
        expect(await tx((t) => t.getRecord(a.id, r.id))).toEqual(r);
      });

      it(`transactions started together with Promise.all both commit${opts.oneWriter ? ', one after the other' : ''}`, async () => {
        const { a } = await twoAccounts();
        const log: string[] = [];
        const body = (label: string) => async (t: Tx) => {
          log.push(`${label} begin`);
          const r = await t.insertRecord(recordOf(a.id, { name: label }));
          await sleep(10);
          await t.insertActivity(activityOf(a.id, r.id, r.id));
          await sleep(5);
          log.push(`${label} end`);
          return r;
        };
        const [x, y] = await Promise.all([tx(body('x')), tx(body('y'))]);
        // One writer: each body ran from begin to end before the other began.
        if (opts.oneWriter) {
          expect([
            ['x begin', 'x end', 'y begin', 'y end'],
            ['y begin', 'y end', 'x begin', 'x end'],
          ]).toContainEqual(log);
        }
        const listed = await tx((t) => t.listRecords(a.id, 'contacts', { deleted: false }));
        expect(listed.map((r) => r.name).sort()).toEqual(['x', 'y']);
        expect(ids(listed).sort()).toEqual([x.id, y.id].sort());
        expect(await tx((t) => t.listActivities(a.id))).toHaveLength(2);
      });

      it('concurrent read-modify-write transactions lose no update', async () => {
        const { a } = await twoAccounts();
        const rec = await tx((t) => t.insertRecord(recordOf(a.id, { fields: { n: 0 } })));
        const bump = () =>
          tx(async (t) => {
            const row = (await t.getRecord(a.id, rec.id))!;
            await sleep(1);
            await t.updateRecord({ ...row, fields: { n: Number(row.fields.n) + 1 } });
          });
        await Promise.all(Array.from({ length: 10 }, bump));
        expect((await tx((t) => t.getRecord(a.id, rec.id)))!.fields.n).toBe(10);
      });

      it('ordersFirst: a body that writes without asking for an order lock still runs in one transaction (no update lost), and one that fails after reading fails as itself', async () => {
        const { a } = await twoAccounts();
        const rec = await tx((t) => t.insertRecord(recordOf(a.id, { fields: { n: 0 } })));
        const bump = () =>
          storage.transaction(
            async (t) => {
              const row = (await t.getRecord(a.id, rec.id))!;
              await sleep(1);
              await t.updateRecord({ ...row, fields: { n: Number(row.fields.n) + 1 } });
            },
            { ordersFirst: true },
          );
        await Promise.all(Array.from({ length: 10 }, bump));
        expect((await tx((t) => t.getRecord(a.id, rec.id)))!.fields.n).toBe(10);
        const refused = storage.transaction(
          async (t) => {
            if (await t.getRecord(a.id, rec.id)) throw new Error('refused after a read');
          },
          { ordersFirst: true },
        );
        await expect(refused).rejects.toThrow('refused after a read');
      });

      // 16 writers appending to one parent, as the activity handlers do: lockOrder, count, insert.
      const appendUnder = async (a: Account, parentId: number, readFirst: boolean) => {
        let inside = 0;
        let most = 0;
        let passed = 0;
        const append = (i: number) =>
          tx(async (t) => {
            if (readFirst) await t.getRecord(a.id, parentId); // a read before the lock: PostgreSQL runs the body again
            await t.lockOrder([parentId]);
            passed++;
            // One after another from their first read of the order on (before it, PostgreSQL runs a
            // batch's bodies together up to their first statement: its gather rounds).
            const { all } = await t.countChildren(a.id, parentId, 'note');
            most = Math.max(most, ++inside);
            try {
              await sleep(1); // an asynchronous gap between reading the positions and writing one
              return (
                await t.insertActivity(
                  activityOf(a.id, parentId, parentId, { position: all + 1, fields: { text: `n${i}` } }),
                )
              ).id;
            } finally {
              inside--;
            }
          });
        const made = await Promise.all(Array.from({ length: 16 }, (_, i) => append(i)));
        return { made, most, passed };
      };

      it('transactions ordering one parent (lockOrder first) run one after another, each once: positions 1..n, none lost', async () => {
        const { a } = await twoAccounts();
        const rec = await tx((t) => t.insertRecord(recordOf(a.id)));
        const { made, most, passed } = await appendUnder(a, rec.id, false);
        expect(most).toBe(1);
        expect(passed).toBe(16); // none ran again after a serialization failure
        const children = await tx((t) => t.listChildren(a.id, rec.id));
        expect(children.map((c) => c.position)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
        expect(ids(children).sort((x, y) => x - y)).toEqual([...made].sort((x, y) => x - y));
      });

      it('lockOrder after a read: the transactions still take turns, positions 1..n, none lost', async () => {
        const { a } = await twoAccounts();
        const rec = await tx((t) => t.insertRecord(recordOf(a.id)));
        const { made, most, passed } = await appendUnder(a, rec.id, true);
        expect(most).toBe(1);
        expect(passed).toBe(16);
        const children = await tx((t) => t.listChildren(a.id, rec.id));
        expect(children.map((c) => c.position)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
        expect(ids(children).sort((x, y) => x - y)).toEqual([...made].sort((x, y) => x - y));
      });

      it('of transactions committed together on one parent, one failing after its insert rolls back alone: the others keep positions 1..n', async () => {
        const { a } = await twoAccounts();
        const rec = await tx((t) => t.insertRecord(recordOf(a.id)));
        let inside!: () => void;
        const entered = new Promise<void>((ok) => (inside = ok));
        let open!: () => void;
        const gate = new Promise<void>((ok) => (open = ok));
        const append = (i: number, opts: { hold?: boolean; fail?: boolean } = {}) =>
          tx(async (t) => {
            await t.lockOrder([rec.id]);
            if (opts.hold) (inside(), await gate);
            const { all } = await t.countChildren(a.id, rec.id, 'note');
            const row = await t.insertActivity(
              activityOf(a.id, rec.id, rec.id, { position: all + 1, fields: { text: `n${i}` } }),
            );
            if (opts.fail) throw new Error(`n${i} refused after its insert`);
            return row.id;
          });
        // The first holds its parent's turn until the others queue behind it: both adapters then run
        // them in the first one's transaction (group commit), one after another.
        const first = append(0, { hold: true });
        await entered;
        const rest = Array.from({ length: 7 }, (_, k) => append(k + 1, { fail: k === 3 }));
        await sleep(20);
        open();
        const results = await Promise.allSettled([first, ...rest]);
        expect(results.map((r) => r.status)).toEqual([
          ...Array(4).fill('fulfilled'),
          'rejected',
          ...Array(3).fill('fulfilled'),
        ]);
        const kept = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
        const children = await tx((t) => t.listChildren(a.id, rec.id));
        expect(children.map((c) => c.position)).toEqual([1, 2, 3, 4, 5, 6, 7]);
        expect(ids(children).sort((x, y) => x - y)).toEqual(kept.sort((x, y) => x - y));
        expect(children.map((c) => c.fields.text)).not.toContain('n4');
      });

      it('of transactions committed together on one parent, one whose statement failed and one refusing before it writes fail alone', async () => {
        const { a } = await twoAccounts();
        const rec = await tx((t) => t.insertRecord(recordOf(a.id)));
        let inside!: () => void;
        const entered = new Promise<void>((ok) => (inside = ok));
        let open!: () => void;
        const gate = new Promise<void>((ok) => (open = ok));
        const append = (i: number, opts: { hold?: boolean; bad?: boolean; refuse?: boolean } = {}) =>
          tx(async (t) => {
            await t.lockOrder([rec.id]);
            if (opts.hold) (inside(), await gate);
            const { all } = await t.countChildren(a.id, rec.id, 'note');
            if (opts.refuse) throw new Error(`n${i} refused before it writes`);
            // Position 0 breaks the table's check: the statement fails (on PostgreSQL the whole
            // database transaction is aborted with it).
            if (opts.bad)
              await t.insertActivity(activityOf(a.id, rec.id, rec.id, { position: 0, fields: { text: `n${i}` } }));
            const row = await t.insertActivity(
              activityOf(a.id, rec.id, rec.id, { position: all + 1, fields: { text: `n${i}` } }),
            );
            return row.id;
          });
        const first = append(0, { hold: true });
        await entered;
        const rest = Array.from({ length: 7 }, (_, k) => append(k + 1, { bad: k === 2, refuse: k === 4 }));
        await sleep(20);
        open();
        const results = await Promise.allSettled([first, ...rest]);
        expect(results.map((r) => r.status)).toEqual([
          ...Array(3).fill('fulfilled'),
          'rejected',
          'fulfilled',
          'rejected',
          ...Array(2).fill('fulfilled'),
        ]);
        const kept = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
        const children = await tx((t) => t.listChildren(a.id, rec.id));
        expect(children.map((c) => c.position)).toEqual([1, 2, 3, 4, 5, 6]);
        expect(ids(children).sort((x, y) => x - y)).toEqual(kept.sort((x, y) => x - y));
        expect(children.map((c) => c.fields.text)).not.toContain('n3');
        expect(children.map((c) => c.fields.text)).not.toContain('n5');
      });

      it('moves between two parents locked in either order finish (no deadlock) and keep both orders dense', async () => {
        const { a } = await twoAccounts();
        const [p, q] = await tx(async (t) => {
          const p = await t.insertRecord(recordOf(a.id));
          const q = await t.insertRecord(recordOf(a.id));
          for (let i = 1; i <= 8; i++) {
            await t.insertActivity(activityOf(a.id, p.id, p.id, { position: i }));
            await t.insertActivity(activityOf(a.id, q.id, q.id, { position: i }));
          }
          return [p, q];
        });
        // Each moves the last child of one parent to the end of the other.
        const move = (from: RecordRow, to: RecordRow) =>
          tx(async (t) => {
            await t.lockOrder([from.id, to.id]);
            const last = (await t.listChildren(a.id, from.id)).at(-1)!;
            const { all } = await t.countChildren(a.id, to.id, 'note');
            await sleep(1);
            await t.updateActivity({ ...last, recordId: to.id, parentId: to.id, position: all + 1 });
          });
        await Promise.all(Array.from({ length: 16 }, (_, i) => (i % 2 ? move(p, q) : move(q, p))));
        for (const r of [p, q]) {
          expect((await tx((t) => t.listChildren(a.id, r.id))).map((c) => c.position)).toEqual(
            Array.from({ length: 8 }, (_, i) => i + 1),
          );
        }
      });

      if (!opts.oneWriter) {
        it('transactions ordering different parents do not wait for each other', async () => {
          const { a } = await twoAccounts();
          const [p, q] = await tx(async (t) => [
            await t.insertRecord(recordOf(a.id)),
            await t.insertRecord(recordOf(a.id)),
          ]);
          // Each holds its parent's lock until the other holds its own: one lock for both would never let that happen.
          let arrived!: () => void;
          const both = new Promise<void>((ok) => (arrived = ok));
          let inside = 0;
          const hold = (r: RecordRow) =>
            tx(async (t) => {
              await t.lockOrder([r.id]);
              if (++inside === 2) arrived();
              return Promise.race([both.then(() => 'both inside'), sleep(10_000).then(() => 'alone')]);
            });
          expect(await Promise.all([hold(p), hold(q)])).toEqual(['both inside', 'both inside']);
        });
      }

      it('of concurrent transactions, the failing one rolls back alone', async () => {
        const { a } = await twoAccounts();
        const results = await Promise.allSettled([
          tx(async (t) => {
            await t.insertRecord(recordOf(a.id, { name: 'kept 1' }));
            await sleep(5);
          }),
          tx(async (t) => {
            await t.insertRecord(recordOf(a.id, { name: 'dropped' }));
            await sleep(5);
            throw new Error('fail');
          }),
          tx(async (t) => {
            await t.insertRecord(recordOf(a.id, { name: 'kept 2' }));
          }),
        ]);
        expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
        const names = (await tx((t) => t.listRecords(a.id, 'contacts', { deleted: false }))).map((r) => r.name);
        expect(names.sort()).toEqual(['kept 1', 'kept 2']);
      });
    });
  });
}
