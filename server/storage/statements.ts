// What both adapters run: every statement of the storage port's Tx (./port.ts), written once with
// `?` placeholders and shaped by a small SqlDialect (./dialect-sqlite.ts, ./dialect-postgres.ts),
// over four primitives each adapter implements on its connection (SqliteTx, PgTx). The adapters
// keep what really differs: connections, transactions, locking, durability, the deferred quota
// and viewed writes, and the few statements of one database only (item ids, the outbox claim).
import type {
  Account,
  ActivityRow,
  CategoryRow,
  ChildCounts,
  DeliveryRow,
  FieldDefRow,
  FileRow,
  GroupRow,
  HookRow,
  NewActivity,
  NewRecord,
  PlaceOptions,
  PlaceResult,
  RecordRow,
  RelatedRow,
  Tx,
  UserRow,
} from './port.ts';
import type { AttemptEntry, AttemptRow } from './delivery-log.ts';
import type { DeferredWrites } from './deferred.ts';
import { columns } from './columns.ts';
import {
  activitySearch,
  buildRecordQuery,
  buildReportQuery,
  recordSearch,
  reportDate,
  reportOwners,
  type Dialect,
  type RecordQuery,
  type ReportQuery,
} from './record-query.ts';
import { rowsOf, type RawActivity, type RawFieldDef, type RawFile, type RawGroup, type RawRecord } from './rows.ts';
import { placeAmong } from './order.ts';

/** What differs between the two databases' SQL beyond the list queries' Dialect. */
export interface SqlDialect extends Dialect {
  /** A statement written with `?` placeholders, in this database's placeholders (memoized). */
  sql(text: string): string;
  /** Binds a built list or report query's parameters (record-query.ts numbers them). */
  bind(params: unknown[]): unknown[];
  /** A JSON column's value as read (SQLite hands back its text, `pg` parses `json`). */
  json<T>(value: unknown): T;
  /** A text as its column can hold it (PostgreSQL's text cannot hold U+0000). */
  text(s: string): string;
  /** A boolean column's parameter. */
  bool(b: boolean): unknown;
  /** A sum of integer column values as an integer. */
  sumInt(expr: string): string;
  /** The larger of two values (SQLite's scalar max, PostgreSQL's greatest). */
  greatest: 'max' | 'greatest';
  /** `expr IN` a text-list parameter; textsParam binds it. */
  inTexts(expr: string, param: string): string;
  textsParam(values: string[]): unknown;
  /** A FROM item `o(v)`: one row per id of an id-list parameter (idsParam). */
  idRows(param: string): string;
  /** The e-mail comparison of the login (SQLite's column is COLLATE NOCASE; PostgreSQL's index is on lower()). */
  emailEquals(column: string, param: string): string;
  /** The column that keeps the order related items were added in. */
  relatedOrder: string;
  /** Appended to the outbox claim's SELECT: rows another instance is claiming are skipped, not waited for. */
  skipLocked: string;
}

/** An id a bigint column can hold; anything else names no row. */
export const isId = (n: number): boolean => Number.isSafeInteger(n);

const notDeleted = (includeDeleted: boolean | undefined) => (includeDeleted ? '' : ' AND deleted IS NULL');
const json = (v: unknown): string => JSON.stringify(v);

const USER_COLS = columns('users');
const GROUP_COLS = columns('workgroups');
const RECORD_COLS = columns('records');
const CATEGORY_COLS = columns('categories');
const FIELD_DEF_COLS = columns('field_defs');
const ACTIVITY_COLS = columns('activities');
const FILE_COLS = columns('files');
const HOOK_COLS = columns('hooks');
const DELIVERY_COLS = columns('deliveries');
const RECORD_COLS_R = columns('records', 'r');
const ACTIVITY_COLS_A = columns('activities', 'a');

/** The columns a record / activity row is written with, after its id, in this order. */
const RECORD_WRITE = [
  'account_id',
  'kind',
  'name',
  'ownership',
  'flagged',
  'fields',
  'created',
  'viewed',
  'updated',
  'creator_id',
  'creator_name',
  'modificator_id',
  'modificator_name',
  'name_key',
  'search',
  'item_texts',
  'field_texts',
];
export const ACTIVITY_WRITE = [
  'account_id',
  'record_id',
  'parent_id',
  'segment',
  'typeid',
  'level',
  'position',
  'fields',
  'flagged',
  'created',
  'viewed',
  'updated',
  'creator_id',
  'creator_name',
  'modificator_id',
  'modificator_name',
  'search',
  'texts',
  'report_date',
];
const DELIVERY_WRITE = `account_id, hook_id, event, object_id, url, content_type, body, signature, webhook_id, attempts,
  next_attempt, status, last_error, claimed_by, claimed_until, created`;
const deliveryValues = (d: Omit<DeliveryRow, 'id'>) => [
  d.accountId,
  d.hookId,
  d.event,
  d.objectId,
  d.url,
  d.contentType,
  d.body,
  d.signature,
  d.webhookId,
  d.attempts,
  d.nextAttempt,
  d.status,
  d.lastError,
  d.claimedBy,
  d.claimedUntil,
  d.created,
];
const ATTEMPT_WRITE =
  'account_id, hook_id, delivery_id, attempt, attempted, outcome, http_status, error, duration_ms, next_attempt';

/**
 * Shared by the claim queries: a delivery waits while an older one about the same object to the
 * same url is pending. By url, not hook: a hook has one event, and a receiver that takes creates
 * and updates on one address through two hooks must still get the create first.
 */
export const FIRST_OF_OBJECT = `NOT EXISTS (SELECT 1 FROM deliveries e WHERE e.object_id = deliveries.object_id
  AND e.url = deliveries.url AND e.account_id = deliveries.account_id AND e.status = 'pending' AND e.id < deliveries.id)`;

/**
 * The login's user by e-mail: the live one first, among deleted ones the latest. Also run outside
 * any transaction (Storage.findUserByEmail), so it is in `?` placeholders for the dialect's sql().
 */
export const findUserStatement = (d: SqlDialect): string => {
  let text = findUserTexts.get(d);
  if (text === undefined) {
    text = `SELECT ${USER_COLS} FROM users WHERE ${d.emailEquals('email', '?')} ORDER BY deleted IS NOT NULL, id DESC LIMIT 1`;
    findUserTexts.set(d, text);
  }
  return text;
};
// The texts of the statements run on every call, made once: a text built anew each time is
// concatenated, flattened and hashed again (the adapters look their prepared statements up by it).
const findUserTexts = new WeakMap<SqlDialect, string>();
const listRelatedTexts = new WeakMap<SqlDialect, string>();
/** Row mappers by dialect (a transaction would make its own set otherwise). */
const mappers = new WeakMap<SqlDialect, ReturnType<typeof rowsOf>>();
const GET_RECORD = `SELECT ${RECORD_COLS} FROM records WHERE id = ? AND account_id = ?`;
/** Every column of an activity row but its id and account (SqlTx.activityUpdate gives the parameters). */
export const ACTIVITY_UPDATE = `UPDATE activities SET record_id = ?, parent_id = ?, segment = ?, typeid = ?, level = ?, position = ?,
   fields = ?, flagged = ?, created = ?, viewed = ?, updated = ?, creator_id = ?, creator_name = ?,
   modificator_id = ?, modificator_name = ?, deleted = ?, search = ?, texts = ?, report_date = ?
 WHERE id = ? AND account_id = ?`;
const GET_LIVE_RECORD = `${GET_RECORD} AND deleted IS NULL`;
const RECORD_ACTIVITIES = `SELECT ${ACTIVITY_COLS} FROM activities WHERE account_id = ? AND record_id = ?`;
const RECORD_ORDER = `
       ORDER BY level, parent_id, position, id`;
const LIVE_RECORD_ACTIVITIES = `${RECORD_ACTIVITIES} AND deleted IS NULL${RECORD_ORDER}`;
const ALL_RECORD_ACTIVITIES = `${RECORD_ACTIVITIES}${RECORD_ORDER}`;
const LIST_HOOKS = `SELECT ${HOOK_COLS} FROM hooks WHERE account_id = ? ORDER BY id`;

/**
 * Reads whose rows change only when the tables named in WRITTEN_BY_STABLE are written: within one
 * snapshot an adapter may answer them again from what it read (./postgres.ts, in a batch).
 */
export const stableReads = (): string[] => [GET_LIVE_RECORD, LIST_HOOKS, principalsVersionStatement];
/** The tables whose writes change what stableReads read (principal_versions through triggers on users and workgroups). */
export const WRITTEN_BY_STABLE = /\b(records|hooks|principal_versions|users|workgroups)\b/;

/** Tx.principalsVersion's statement, also run outside any transaction (Storage.principalsVersion). */
export const principalsVersionStatement = 'SELECT version AS v FROM principal_versions WHERE account_id = ?';

type Awaitable<T> = T | Promise<T>;

/** One open transaction; `active` turns false when it commits or rolls back. */
export interface TxState {
  active: boolean;
}

/** The port's Tx over a connection: the statements here, the execution in the adapter. */
export abstract class SqlTx implements Tx {
  private readonly map: ReturnType<typeof rowsOf>;

  constructor(
    protected readonly d: SqlDialect,
    protected readonly state: TxState,
    protected readonly viewed: DeferredWrites,
  ) {
    let map = mappers.get(d);
    if (!map) mappers.set(d, (map = rowsOf(d)));
    this.map = map;
  }

  // --- what each adapter runs; `sql` is in the dialect's placeholders already

  /** Every row of a statement. */
  protected abstract all<R>(sql: string, params: unknown[]): Awaitable<R[]>;
  /** The number of rows a statement changed. */
  protected abstract changes(sql: string, params: unknown[]): Awaitable<number>;
  /**
   * Inserts an item row (records and activities share one id sequence, ./migrations) and the
   * `table` row with that id followed by `cols`; returns the id.
   */
  protected abstract insertItem(
    type: 'record' | 'activity',
    table: string,
    cols: string[],
    values: unknown[],
  ): Awaitable<number>;
  /** The id of a new user or group: SQLite hands it out here, PostgreSQL from a shared sequence (undefined). */
  protected abstract principalId(): Awaitable<number | undefined>;

  private check(): void {
    if (!this.state.active) throw new Error('storage: this transaction has already ended');
  }
  // A value where the adapter answers at once (SQLite), a promise otherwise: every caller is an
  // async method that awaits it (so check()'s throw is its rejection), and no promise is made
  // per statement where none is needed.
  protected rows<R>(text: string, ...params: unknown[]): Awaitable<R[]> {
    this.check();
    return this.all<R>(this.d.sql(text), params);
  }
  protected one<R>(text: string, ...params: unknown[]): Awaitable<R | undefined> {
    this.check();
    const rows = this.all<R>(this.d.sql(text), params);
    return Array.isArray(rows) ? rows[0] : rows.then((r) => r[0]);
  }
  protected count(text: string, ...params: unknown[]): Awaitable<number> {
    this.check();
    return this.changes(this.d.sql(text), params);
  }
  /** A query built by record-query.ts (its own placeholders). */
  private built<R>(q: { sql: string; params: unknown[] }): Awaitable<R[]> {
    this.check();
    return this.all<R>(q.sql, this.d.bind(q.params));
  }

  private searchColumns(r: Pick<RecordRow, 'kind' | 'name' | 'fields'>): unknown[] {
    const s = recordSearch(r.kind, r.name, r.fields);
    return [this.d.text(s.nameKey), s.search, s.itemTexts, s.fieldTexts];
  }
  private journalColumns(a: Pick<ActivityRow, 'segment' | 'fields'>): unknown[] {
    const s = activitySearch(a.fields);
    return [s.search, s.texts, reportDate(a)];
  }

  // accounts, users, groups

  async ensureAccount(name: string): Promise<Account> {
    // Look first, so a repeated ensure does not use up ids.
    const found = await this.one<Account>('SELECT id, name FROM accounts WHERE name = ?', name);
    if (found) return found;
    await this.count('INSERT INTO accounts (name) VALUES (?) ON CONFLICT (name) DO NOTHING', name);
    return (await this.one<Account>('SELECT id, name FROM accounts WHERE name = ?', name))!;
  }

  async getAccount(id: number): Promise<Account | undefined> {
    if (!isId(id)) return undefined;
    return await this.one<Account>('SELECT id, name FROM accounts WHERE id = ?', id);
  }

  /** Inserts a user or group with the principal id the adapter hands out (or the sequence's). */
  private async insertPrincipal<R>(table: string, cols: string, values: unknown[], returning: string): Promise<R> {
    this.check();
    const id = await this.principalId();
    const withId = id === undefined ? { cols, values } : { cols: `id, ${cols}`, values: [id, ...values] };
    return (await this.one<R>(
      `INSERT INTO ${table} (${withId.cols}) VALUES (${withId.values.map(() => '?').join(', ')}) RETURNING ${returning}`,
      ...withId.values,
    ))!;
  }

  async addUser(u: Omit<UserRow, 'id' | 'deleted'>): Promise<UserRow> {
    return this.insertPrincipal<UserRow>(
      'users',
      'account_id, email, name, token_hash, preventlogin, preventprivatedata, administrator',
      [u.accountId, u.email, u.name, u.tokenHash, u.preventlogin, u.preventprivatedata, u.administrator],
      USER_COLS,
    );
  }

  async setUserDeleted(accountId: number, id: number, deleted: number | null): Promise<boolean> {
    if (!isId(id)) return false;
    return (
      (await this.count('UPDATE users SET deleted = ? WHERE id = ? AND account_id = ?', deleted, id, accountId)) === 1
    );
  }

  async setUserTokenHash(accountId: number, id: number, tokenHash: string): Promise<boolean> {
    if (!isId(id)) return false;
    return (
      (await this.count(
        'UPDATE users SET token_hash = ? WHERE id = ? AND account_id = ?',
        tokenHash,
        id,
        accountId,
      )) === 1
    );
  }

  async setGroupDeleted(accountId: number, id: number, deleted: number | null): Promise<boolean> {
    if (!isId(id)) return false;
    return (
      (await this.count(
        'UPDATE workgroups SET deleted = ? WHERE id = ? AND account_id = ?',
        deleted,
        id,
        accountId,
      )) === 1
    );
  }

  async findUserByEmail(email: string): Promise<UserRow | undefined> {
    return await this.one<UserRow>(findUserStatement(this.d), email);
  }

  async listUsers(accountId: number, includeDeleted: boolean): Promise<UserRow[]> {
    return await this.rows<UserRow>(
      `SELECT ${USER_COLS} FROM users WHERE account_id = ?${notDeleted(includeDeleted)} ORDER BY id`,
      accountId,
    );
  }

  async principalsVersion(accountId: number): Promise<number> {
    if (!isId(accountId)) return 0;
    return (await this.one<{ v: number }>(principalsVersionStatement, accountId))?.v ?? 0;
  }

  async countUsers(): Promise<number> {
    return (await this.one<{ n: number }>('SELECT count(*) AS n FROM users'))!.n;
  }

  async addGroup(g: Omit<GroupRow, 'id' | 'deleted'>): Promise<GroupRow> {
    return this.map.group(
      await this.insertPrincipal<RawGroup>(
        'workgroups',
        'account_id, name, email, members',
        [g.accountId, g.name, g.email, json(g.members)],
        GROUP_COLS,
      ),
    );
  }

  async listGroups(accountId: number, includeDeleted: boolean): Promise<GroupRow[]> {
    return (
      await this.rows<RawGroup>(
        `SELECT ${GROUP_COLS} FROM workgroups WHERE account_id = ?${notDeleted(includeDeleted)} ORDER BY id`,
        accountId,
      )
    ).map(this.map.group);
  }

  // records

  private record = (r: RawRecord): RecordRow => this.viewed.overlay(this.map.record(r));

  async insertRecord(r: NewRecord): Promise<RecordRow> {
    this.check();
    const fields = json(r.fields);
    const id = await this.insertItem('record', 'records', RECORD_WRITE, [
      r.accountId,
      r.kind,
      r.name,
      r.ownership,
      r.flagged,
      fields,
      r.created,
      r.viewed,
      r.updated,
      r.creatorId,
      r.creatorName,
      r.modificatorId,
      r.modificatorName,
      ...this.searchColumns(r),
    ]);
    // The row as stored, not read back: the values written, fields as its JSON column reads.
    return {
      id,
      accountId: r.accountId,
      kind: r.kind,
      name: r.name,
      ownership: r.ownership,
      flagged: r.flagged,
      fields: JSON.parse(fields) as RecordRow['fields'],
      created: r.created,
      viewed: r.viewed,
      updated: r.updated,
      creatorId: r.creatorId,
      creatorName: r.creatorName,
      modificatorId: r.modificatorId,
      modificatorName: r.modificatorName,
      deleted: null,
    };
  }

  async getRecord(accountId: number, id: number, opts?: { includeDeleted?: boolean }): Promise<RecordRow | undefined> {
    if (!isId(id)) return undefined;
    const raw = await this.one<RawRecord>(opts?.includeDeleted ? GET_RECORD : GET_LIVE_RECORD, id, accountId);
    return raw && this.record(raw);
  }

  async getRecords(accountId: number, ids: number[]): Promise<RecordRow[]> {
    const wanted = ids.filter(isId);
    if (!wanted.length) return [];
    return (
      await this.rows<RawRecord>(
        `SELECT ${RECORD_COLS} FROM records WHERE ${this.d.inIds('id', '?')} AND account_id = ? AND deleted IS NULL ORDER BY id`,
        this.d.idsParam(wanted),
        accountId,
      )
    ).map(this.record);
  }

  async updateRecord(r: RecordRow): Promise<void> {
    const changes = await this.count(
      `UPDATE records SET kind = ?, name = ?, ownership = ?, flagged = ?, fields = ?, created = ?, viewed = ?,
         updated = ?, creator_id = ?, creator_name = ?, modificator_id = ?, modificator_name = ?, deleted = ?,
         name_key = ?, search = ?, item_texts = ?, field_texts = ?
       WHERE id = ? AND account_id = ?`,
      r.kind,
      r.name,
      r.ownership,
      r.flagged,
      json(r.fields),
      r.created,
      r.viewed,
      r.updated,
      r.creatorId,
      r.creatorName,
      r.modificatorId,
      r.modificatorName,
      r.deleted,
      ...this.searchColumns(r),
      r.id,
      r.accountId,
    );
    if (changes !== 1) throw new Error(`storage: no record ${r.id} in account ${r.accountId}`);
  }

  async setRecordDeleted(accountId: number, id: number, deleted: number | null): Promise<void> {
    if (!isId(id)) return;
    await this.count('UPDATE records SET deleted = ? WHERE id = ? AND account_id = ?', deleted, id, accountId);
  }

  async listRecords(accountId: number, kind: string, opts: { deleted: boolean }): Promise<RecordRow[]> {
    // deleted: false -> the live records; true -> only the soft-deleted ones (filtermode archived).
    return (
      await this.rows<RawRecord>(
        `SELECT ${RECORD_COLS} FROM records WHERE account_id = ? AND kind = ? AND deleted IS ${opts.deleted ? 'NOT NULL' : 'NULL'} ORDER BY id`,
        accountId,
        kind,
      )
    ).map(this.record);
  }

  /**
   * The stored count of a table of counts (record_counts by deleted, owner_counts by ownership):
   * the sum of its rows (PostgreSQL adds +1 / -1 rows and folds them now and then: `fold`).
   */
  protected async storedCount(
    table: 'record_counts' | 'owner_counts',
    accountId: number,
    kind: string,
    value: boolean | number,
  ): Promise<number> {
    const column = table === 'record_counts' ? 'deleted' : 'ownership';
    const c = (await this.one<{ n: number | null; parts: number }>(
      `SELECT ${this.d.sumInt('n')} AS n, count(*) AS parts FROM ${table} WHERE account_id = ? AND kind = ? AND ${column} = ?`,
      accountId,
      kind,
      typeof value === 'boolean' ? this.d.bool(value) : value,
    ))!;
    this.fold(table, accountId, kind, value, c.parts);
    return c.n ?? 0;
  }
  /** Called with the number of count rows just summed. */
  protected fold(
    _table: 'record_counts' | 'owner_counts',
    _accountId: number,
    _kind: string,
    _value: boolean | number,
    _parts: number,
  ): void {}

  async pageRecords(accountId: number, q: RecordQuery): Promise<{ count: number; rows: RecordRow[] }> {
    if (!isId(accountId)) return { count: 0, rows: [] };
    const built = buildRecordQuery(this.d, accountId, q, RECORD_COLS_R);
    if (built.counted) {
      // A search: the page carries the count; an empty page past the start asks for it apart.
      const rows = await this.built<RawRecord & { listCount?: number }>(built.counted);
      const count = rows.length
        ? Number(rows[0]!.listCount)
        : q.start === 0 && q.limit > 0
          ? 0
          : (await this.built<{ n: number }>(built.count))[0]!.n;
      return { count, rows: rows.map(({ listCount: _, ...r }) => this.record(r)) };
    }
    const count = built.unfiltered
      ? await this.storedCount('record_counts', accountId, q.kind, q.deleted)
      : built.ownerOnly !== undefined
        ? await this.storedCount('owner_counts', accountId, q.kind, built.ownerOnly)
        : (await this.built<{ n: number }>(built.count))[0]!.n;
    if (count <= q.start) return { count, rows: [] };
    const page = built.byOwner
      ? built.byOwner(count, await this.storedCount('record_counts', accountId, q.kind, false))
      : built.page;
    const rows = (await this.built<RawRecord>(page)).map(this.record);
    return { count, rows };
  }

  // category tags

  async insertCategory(c: Omit<CategoryRow, 'id'>): Promise<CategoryRow> {
    return (await this.one<CategoryRow>(
      `INSERT INTO categories (account_id, kind, name) VALUES (?, ?, ?) RETURNING ${CATEGORY_COLS}`,
      c.accountId,
      c.kind,
      c.name,
    ))!;
  }

  async listCategories(accountId: number, kind: string): Promise<CategoryRow[]> {
    return await this.rows<CategoryRow>(
      `SELECT ${CATEGORY_COLS} FROM categories WHERE account_id = ? AND kind = ? ORDER BY id`,
      accountId,
      kind,
    );
  }

  async getCategory(accountId: number, id: number): Promise<CategoryRow | undefined> {
    if (!isId(id)) return undefined;
    return await this.one<CategoryRow>(
      `SELECT ${CATEGORY_COLS} FROM categories WHERE id = ? AND account_id = ?`,
      id,
      accountId,
    );
  }

  async addRecordCategory(recordId: number, categoryId: number): Promise<boolean> {
    return (
      (await this.count(
        'INSERT INTO record_categories (record_id, category_id) VALUES (?, ?) ON CONFLICT DO NOTHING',
        recordId,
        categoryId,
      )) === 1
    );
  }

  async removeRecordCategory(recordId: number, categoryId: number): Promise<boolean> {
    if (!isId(recordId) || !isId(categoryId)) return false;
    return (
      (await this.count(
        'DELETE FROM record_categories WHERE record_id = ? AND category_id = ?',
        recordId,
        categoryId,
      )) === 1
    );
  }

  async recordCategories(recordIds: number[]): Promise<Map<number, number[]>> {
    // Every asked id gets an entry (empty when untagged); tag ids ascending.
    const out = new Map<number, number[]>(recordIds.map((id) => [id, []]));
    const wanted = recordIds.filter(isId);
    if (wanted.length === 0) return out;
    const rows = await this.rows<{ recordId: number; categoryId: number }>(
      `SELECT record_id AS "recordId", category_id AS "categoryId" FROM record_categories
       WHERE ${this.d.inIds('record_id', '?')} ORDER BY record_id, category_id`,
      this.d.idsParam(wanted),
    );
    for (const r of rows) out.get(r.recordId)!.push(r.categoryId);
    return out;
  }

  async recordCategoryNames(
    accountId: number,
    kind: string,
    recordId: number,
  ): Promise<{ id: number; name: string }[]> {
    if (!isId(recordId)) return [];
    return await this.rows<{ id: number; name: string }>(
      `SELECT rc.category_id AS id, coalesce(c.name, '') AS name FROM record_categories rc
       LEFT JOIN categories c ON c.id = rc.category_id AND c.account_id = ? AND c.kind = ?
       WHERE rc.record_id = ? ORDER BY rc.category_id`,
      accountId,
      kind,
      recordId,
    );
  }

  // related items (listed in the order they were first added; adding again replaces the note)

  async addRelated(r: RelatedRow): Promise<void> {
    await this.count(
      `INSERT INTO related (record_id, related_id, note) VALUES (?, ?, ?)
       ON CONFLICT (record_id, related_id) DO UPDATE SET note = excluded.note`,
      r.recordId,
      r.relatedId,
      r.note,
    );
  }

  async removeRelated(recordId: number, relatedId: number): Promise<void> {
    if (!isId(recordId) || !isId(relatedId)) return;
    await this.count('DELETE FROM related WHERE record_id = ? AND related_id = ?', recordId, relatedId);
  }

  async listRelated(recordId: number): Promise<RelatedRow[]> {
    if (!isId(recordId)) return [];
    let text = listRelatedTexts.get(this.d);
    if (text === undefined) {
      text = `SELECT record_id AS "recordId", related_id AS "relatedId", note FROM related WHERE record_id = ? ORDER BY ${this.d.relatedOrder}`;
      listRelatedTexts.set(this.d, text);
    }
    return await this.rows<RelatedRow>(text, recordId);
  }

  async relatedOfKind(
    accountId: number,
    recordIds: number[],
    kind: string,
  ): Promise<Map<number, { id: number; name: string }[]>> {
    const out = new Map<number, { id: number; name: string }[]>(recordIds.map((id) => [id, []]));
    const wanted = recordIds.filter(isId);
    if (wanted.length === 0) return out;
    const rows = await this.rows<{ recordId: number; id: number; name: string }>(
      // From the page's related rows to their records (SQLite would otherwise walk the kind's records),
      // each read by id: account and kind only filter (an index on them made SQLite prepare it again at every run).
      `SELECT rel.record_id AS "recordId", r.id AS id, r.name AS name FROM related rel ${this.d.driverJoin} records r ON r.id = rel.related_id
       WHERE ${this.d.inIds('rel.record_id', '?')} AND ${this.d.filterOnly('r.account_id')} = ? AND ${this.d.filterOnly('r.kind')} = ? AND r.deleted IS NULL ORDER BY rel.record_id, rel.${this.d.relatedOrder}`,
      this.d.idsParam(wanted),
      accountId,
      kind,
    );
    for (const r of rows) out.get(r.recordId)!.push({ id: r.id, name: r.name });
    return out;
  }

  // custom field definitions

  async insertFieldDef(f: Omit<FieldDefRow, 'id' | 'name'>): Promise<FieldDefRow> {
    return this.map.fieldDef(
      (await this.one<RawFieldDef>(
        `INSERT INTO field_defs (account_id, kind, label, type, options, categories) VALUES (?, ?, ?, ?, ?, ?) RETURNING ${FIELD_DEF_COLS}`,
        f.accountId,
        f.kind,
        f.label,
        f.type,
        json(f.options),
        json(f.categories),
      ))!,
    );
  }

  async listFieldDefs(accountId: number, kind: string): Promise<FieldDefRow[]> {
    return (
      await this.rows<RawFieldDef>(
        `SELECT ${FIELD_DEF_COLS} FROM field_defs WHERE account_id = ? AND kind = ? ORDER BY id`,
        accountId,
        kind,
      )
    ).map(this.map.fieldDef);
  }

  // activities

  async insertActivity(a: NewActivity): Promise<ActivityRow> {
    this.check();
    const id = await this.insertItem('activity', 'activities', ACTIVITY_WRITE, this.activityValues(a));
    return this.stored(id, a);
  }

  async insertLast(a: Omit<NewActivity, 'position'>): Promise<{ row: ActivityRow } & ChildCounts> {
    const counts = await this.countChildren(a.accountId, a.parentId, a.segment);
    return { row: await this.insertActivity({ ...a, position: counts.all + 1 }), ...counts };
  }

  /** A new activity's values, in ACTIVITY_WRITE's order. */
  protected activityValues(a: NewActivity): unknown[] {
    return [
      a.accountId,
      a.recordId,
      a.parentId,
      a.segment,
      a.typeid,
      a.level,
      a.position,
      json(a.fields),
      a.flagged,
      a.created,
      a.viewed,
      a.updated,
      a.creatorId,
      a.creatorName,
      a.modificatorId,
      a.modificatorName,
      ...this.journalColumns(a),
    ];
  }

  /** After the insert of activity `id`: its report owners; the row as stored, not read back (as insertRecord). */
  protected async stored(id: number, a: NewActivity): Promise<ActivityRow> {
    await this.setOwners(id, a);
    return {
      id,
      accountId: a.accountId,
      recordId: a.recordId,
      parentId: a.parentId,
      segment: a.segment,
      typeid: a.typeid,
      level: a.level,
      position: a.position,
      fields: JSON.parse(json(a.fields)) as ActivityRow['fields'],
      flagged: a.flagged,
      created: a.created,
      viewed: a.viewed,
      updated: a.updated,
      creatorId: a.creatorId,
      creatorName: a.creatorName,
      modificatorId: a.modificatorId,
      modificatorName: a.modificatorName,
      deleted: null,
    };
  }

  /** The activity's rows of report_owners, rewritten at every write of it. */
  private async setOwners(id: number, a: Pick<ActivityRow, 'segment' | 'fields'>, replace = false): Promise<void> {
    if (replace) await this.count('DELETE FROM report_owners WHERE activity_id = ?', id);
    const owners = reportOwners(a);
    if (owners.length) {
      await this.count(
        `INSERT INTO report_owners (activity_id, owner_id, report_date) SELECT ?, o.v, ? FROM ${this.d.idRows('?')}`,
        id,
        reportDate(a),
        this.d.idsParam(owners),
      );
    }
  }

  async getActivity(
    accountId: number,
    id: number,
    opts?: { includeDeleted?: boolean },
  ): Promise<ActivityRow | undefined> {
    if (!isId(id)) return undefined;
    const raw = await this.one<RawActivity>(
      `SELECT ${ACTIVITY_COLS} FROM activities WHERE id = ? AND account_id = ?${notDeleted(opts?.includeDeleted)}`,
      id,
      accountId,
    );
    return raw && this.map.activity(raw);
  }

  async updateActivity(a: ActivityRow): Promise<void> {
    const changes = await this.count(ACTIVITY_UPDATE, ...this.activityUpdate(a));
    if (changes !== 1) throw new Error(`storage: no activity ${a.id} in account ${a.accountId}`);
    await this.setOwners(a.id, a, true);
  }

  /** ACTIVITY_UPDATE's parameters for the row. */
  protected activityUpdate(a: ActivityRow): unknown[] {
    return [
      a.recordId,
      a.parentId,
      a.segment,
      a.typeid,
      a.level,
      a.position,
      json(a.fields),
      a.flagged,
      a.created,
      a.viewed,
      a.updated,
      a.creatorId,
      a.creatorName,
      a.modificatorId,
      a.modificatorName,
      a.deleted,
      ...this.journalColumns(a),
      a.id,
      a.accountId,
    ];
  }

  async setPositions(accountId: number, moved: { id: number; position: number }[]): Promise<void> {
    for (const m of moved)
      await this.count(
        'UPDATE activities SET position = ? WHERE id = ? AND account_id = ?',
        m.position,
        m.id,
        accountId,
      );
  }

  async placeActivity(row: ActivityRow, opts: PlaceOptions): Promise<PlaceResult> {
    // The statements a handler would make one by one (PostgreSQL's adapter makes them one).
    const siblings = await this.listChildren(row.accountId, row.parentId);
    const rest = siblings.filter((s) => s.id !== row.id);
    const counts = { all: rest.length, ofSegment: rest.filter((s) => s.segment === row.segment).length };
    const ordered = placeAmong(siblings, row, opts.after, opts.before);
    if (!ordered) return { ...counts, placed: false };
    const moved: { id: number; position: number }[] = [];
    for (const [k, s] of ordered.entries()) {
      if (s === row) row.position = k + 1;
      else if (s.position !== k + 1) moved.push({ id: s.id, position: k + 1 });
    }
    if (opts.from !== undefined) {
      for (const d of await this.listDescendants(row.accountId, row.id, { includeDeleted: true })) {
        d.recordId = row.recordId;
        d.level += opts.levelShift ?? 0;
        await this.updateActivity(d);
      }
    }
    await this.setPositions(row.accountId, moved);
    await this.updateActivity(row);
    if (opts.from !== undefined) await this.closeGaps(row.accountId, opts.from);
    return { ...counts, placed: true };
  }

  async closeGaps(accountId: number, parentId: number): Promise<void> {
    if (!isId(parentId)) return;
    await this.count(
      `UPDATE activities SET position = r.n
       FROM (SELECT id, row_number() OVER (ORDER BY position, id) AS n FROM activities
             WHERE account_id = ? AND parent_id = ? AND deleted IS NULL) AS r
       WHERE activities.id = r.id AND activities.position <> r.n`,
      accountId,
      parentId,
    );
  }

  async setActivityDeleted(accountId: number, ids: number[], deleted: number | null): Promise<void> {
    const wanted = ids.filter(isId);
    if (wanted.length === 0) return;
    await this.count(
      `UPDATE activities SET deleted = ? WHERE account_id = ? AND ${this.d.inIds('id', '?')}`,
      deleted,
      accountId,
      this.d.idsParam(wanted),
    );
  }

  private async activities(text: string, ...params: unknown[]): Promise<ActivityRow[]> {
    return (await this.rows<RawActivity>(text, ...params)).map(this.map.activity);
  }

  async listActivitiesOfRecord(
    accountId: number,
    recordId: number,
    opts?: { includeDeleted?: boolean },
  ): Promise<ActivityRow[]> {
    if (!isId(recordId)) return [];
    return this.activities(opts?.includeDeleted ? ALL_RECORD_ACTIVITIES : LIVE_RECORD_ACTIVITIES, accountId, recordId);
  }

  async listDescendants(accountId: number, id: number, opts?: { includeDeleted?: boolean }): Promise<ActivityRow[]> {
    if (!isId(id)) return [];
    const live = notDeleted(opts?.includeDeleted);
    // Only the subtree is read, not the whole journal of its record.
    return this.activities(
      `WITH RECURSIVE sub(id) AS (
         SELECT id FROM activities WHERE account_id = ? AND parent_id = ?${live}
         UNION ALL
         SELECT activities.id FROM activities JOIN sub ON activities.parent_id = sub.id WHERE activities.account_id = ?${live})
       SELECT ${ACTIVITY_COLS} FROM activities WHERE id IN (SELECT id FROM sub) ORDER BY level, parent_id, position, id`,
      accountId,
      id,
      accountId,
    );
  }

  async listChildren(accountId: number, parentId: number, opts?: { includeDeleted?: boolean }): Promise<ActivityRow[]> {
    if (!isId(parentId)) return [];
    return this.activities(
      `SELECT ${ACTIVITY_COLS} FROM activities WHERE account_id = ? AND parent_id = ?${notDeleted(opts?.includeDeleted)} ORDER BY position, id`,
      accountId,
      parentId,
    );
  }

  async countChildren(
    accountId: number,
    parentId: number,
    segment: string,
  ): Promise<{ all: number; ofSegment: number; last: number }> {
    if (!isId(parentId)) return { all: 0, ofSegment: 0, last: 0 };
    const row = await this.one<{ all: number; ofSegment: number; last: number }>(
      `SELECT count(*) AS "all", count(CASE WHEN segment = ? THEN 1 END) AS "ofSegment", coalesce(max(position), 0) AS "last"
       FROM activities WHERE account_id = ? AND parent_id = ? AND deleted IS NULL`,
      segment,
      accountId,
      parentId,
    );
    return { all: Number(row?.all ?? 0), ofSegment: Number(row?.ofSegment ?? 0), last: Number(row?.last ?? 0) };
  }

  /** Nothing to lock where transactions write one at a time (SQLite); PostgreSQL's adapter overrides it. */
  async lockOrder(_parentIds: number[]): Promise<void> {}

  async listActivities(
    accountId: number,
    opts?: { segments?: string[]; includeDeleted?: boolean },
  ): Promise<ActivityRow[]> {
    // segments undefined: every segment; an empty list matches nothing. Ordered by id.
    const segments = opts?.segments;
    const bySegment = segments ? ` AND ${this.d.inTexts('segment', '?')}` : '';
    return this.activities(
      `SELECT ${ACTIVITY_COLS} FROM activities WHERE account_id = ?${bySegment}${notDeleted(opts?.includeDeleted)} ORDER BY id`,
      accountId,
      ...(segments ? [this.d.textsParam(segments)] : []),
    );
  }

  async reportActivities(accountId: number, q: ReportQuery): Promise<ActivityRow[]> {
    if (!isId(accountId)) return [];
    return (await this.built<RawActivity>(buildReportQuery(this.d, accountId, q, ACTIVITY_COLS_A))).map(
      this.map.activity,
    );
  }

  async getActivities(accountId: number, ids: number[]): Promise<ActivityRow[]> {
    const wanted = ids.filter(isId);
    if (!wanted.length) return [];
    return this.activities(
      `SELECT ${ACTIVITY_COLS} FROM activities WHERE ${this.d.inIds('id', '?')} AND account_id = ? AND deleted IS NULL ORDER BY id`,
      this.d.idsParam(wanted),
      accountId,
    );
  }

  async childrenOf(accountId: number, parentIds: number[], segment: string): Promise<ActivityRow[]> {
    const wanted = parentIds.filter(isId);
    if (!wanted.length) return [];
    return this.activities(
      `SELECT ${ACTIVITY_COLS} FROM activities WHERE account_id = ? AND ${this.d.inIds('parent_id', '?')} AND segment = ? AND deleted IS NULL
       ORDER BY created, id`,
      accountId,
      this.d.idsParam(wanted),
      segment,
    );
  }

  // uploaded files

  async insertFile(f: Omit<FileRow, 'id'>): Promise<FileRow> {
    const row = await this.one<{ id: number }>(
      'INSERT INTO files (account_id, filename, contenttype, size, data) VALUES (?, ?, ?, ?, ?) RETURNING id',
      f.accountId,
      f.filename,
      f.contenttype,
      f.size,
      Buffer.from(f.data.buffer, f.data.byteOffset, f.data.byteLength),
    );
    return {
      id: row!.id,
      accountId: f.accountId,
      filename: f.filename,
      contenttype: f.contenttype,
      size: f.size,
      data: new Uint8Array(f.data),
    };
  }

  async getFile(accountId: number, id: number): Promise<FileRow | undefined> {
    if (!isId(id)) return undefined;
    const raw = await this.one<RawFile>(
      `SELECT ${FILE_COLS} FROM files WHERE id = ? AND account_id = ?`,
      id,
      accountId,
    );
    return raw && this.map.file(raw);
  }

  // webhooks and the outbox

  async insertHook(h: Omit<HookRow, 'id'>): Promise<HookRow> {
    const row = await this.one<{ id: number }>(
      `INSERT INTO hooks (account_id, type, title, active, event, constrainttype, url, contenttype, secret)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      h.accountId,
      h.type,
      h.title,
      h.active,
      h.event,
      h.constrainttype,
      h.url,
      h.contenttype,
      h.secret,
    );
    return { id: row!.id, ...h };
  }

  async getHook(accountId: number, id: number): Promise<HookRow | undefined> {
    if (!isId(id)) return undefined;
    return await this.one<HookRow>(`SELECT ${HOOK_COLS} FROM hooks WHERE id = ? AND account_id = ?`, id, accountId);
  }

  async updateHook(h: HookRow): Promise<void> {
    const changes = await this.count(
      `UPDATE hooks SET type = ?, title = ?, active = ?, event = ?, constrainttype = ?, url = ?, contenttype = ?, secret = ?
       WHERE id = ? AND account_id = ?`,
      h.type,
      h.title,
      h.active,
      h.event,
      h.constrainttype,
      h.url,
      h.contenttype,
      h.secret,
      h.id,
      h.accountId,
    );
    if (changes !== 1) throw new Error(`storage: no hook ${h.id} in account ${h.accountId}`);
  }

  async deleteHook(accountId: number, id: number): Promise<void> {
    if (!isId(id)) return;
    await this.count('DELETE FROM hooks WHERE id = ? AND account_id = ?', id, accountId);
  }

  async listHooks(accountId: number): Promise<HookRow[]> {
    return await this.rows<HookRow>(LIST_HOOKS, accountId);
  }

  async enqueueDeliveries(rows: Omit<DeliveryRow, 'id'>[]): Promise<void> {
    for (const d of rows) await this.insertDelivery(d);
  }

  async claimDeliveries(now: number, limit: number, leaseMs: number, claimer: string): Promise<DeliveryRow[]> {
    // SQLite: the transaction is BEGIN IMMEDIATE, so no other writer sees these rows unclaimed.
    const rows = await this.rows<DeliveryRow>(
      `WITH due AS (
         SELECT id FROM deliveries
         WHERE status = 'pending' AND next_attempt <= ? AND claimed_until <= ? AND ${FIRST_OF_OBJECT}
         ORDER BY next_attempt, id LIMIT ?${this.d.skipLocked})
       UPDATE deliveries SET claimed_by = ?, claimed_until = ?
       FROM due WHERE deliveries.id = due.id
       RETURNING ${columns('deliveries', 'deliveries')}`,
      now,
      now,
      limit,
      claimer,
      now + leaseMs,
    );
    return rows.sort((a, b) => a.nextAttempt - b.nextAttempt || a.id - b.id);
  }

  async finishDelivery(
    id: number,
    claimer: string,
    o: { status: DeliveryRow['status']; attempts: number; nextAttempt: number; lastError: string },
  ): Promise<boolean> {
    const changes = await this.count(
      `UPDATE deliveries SET status = ?, attempts = ?, next_attempt = ?, last_error = ?, claimed_by = NULL, claimed_until = 0
       WHERE id = ? AND claimed_by = ?`,
      o.status,
      o.attempts,
      o.nextAttempt,
      o.lastError,
      id,
      claimer,
    );
    return changes === 1;
  }

  async listDeliveries(accountId: number): Promise<DeliveryRow[]> {
    return await this.rows<DeliveryRow>(
      `SELECT ${DELIVERY_COLS} FROM deliveries WHERE account_id = ? ORDER BY id`,
      accountId,
    );
  }

  async pendingDeliveries(): Promise<number> {
    return Number(
      (await this.one<{ n: number }>(`SELECT count(*) AS n FROM deliveries WHERE status = 'pending'`))?.n ?? 0,
    );
  }

  async nextDeliveryDue(): Promise<number | undefined> {
    const row = await this.one<{ t: number | null }>(
      `SELECT min(${this.d.greatest}(next_attempt, claimed_until)) AS t FROM deliveries WHERE status = 'pending' AND ${FIRST_OF_OBJECT}`,
    );
    return row?.t ?? undefined;
  }

  async markViewed(id: number, at: number): Promise<void> {
    this.viewed.mark(id, at);
  }

  // the delivery log (./delivery-log.ts)

  async cancelDeliveries(accountId: number, hookId: number, now: number, why: string): Promise<number> {
    if (!isId(hookId)) return 0;
    await this.count(
      `INSERT INTO delivery_attempts (${ATTEMPT_WRITE})
       SELECT account_id, hook_id, id, attempts + 1, ?, 'cancelled', NULL, ?, 0, NULL
       FROM deliveries WHERE account_id = ? AND hook_id = ? AND status = 'pending' ORDER BY id`,
      now,
      why,
      accountId,
      hookId,
    );
    // claimed_by goes too, so an attempt in flight cannot record itself over the cancellation.
    return await this.count(
      `UPDATE deliveries SET status = 'cancelled', last_error = ?, claimed_by = NULL, claimed_until = 0
       WHERE account_id = ? AND hook_id = ? AND status = 'pending'`,
      why,
      accountId,
      hookId,
    );
  }

  async recordAttempt(a: Omit<AttemptRow, 'id'>): Promise<void> {
    await this.count(
      `INSERT INTO delivery_attempts (${ATTEMPT_WRITE}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      a.accountId,
      a.hookId,
      a.deliveryId,
      a.attempt,
      a.attempted,
      a.outcome,
      a.httpStatus,
      a.error,
      a.durationMs,
      a.nextAttempt,
    );
  }

  async listAttempts(accountId: number, hookId: number, limit: number): Promise<AttemptEntry[]> {
    if (!isId(hookId)) return [];
    return await this.rows<AttemptEntry>(
      `SELECT a.id, a.account_id AS "accountId", a.hook_id AS "hookId", a.delivery_id AS "deliveryId", a.attempt, a.attempted,
         a.outcome, a.http_status AS "httpStatus", a.error, a.duration_ms AS "durationMs", a.next_attempt AS "nextAttempt",
         d.webhook_id AS "webhookId", d.event, d.object_id AS "objectId"
       FROM delivery_attempts a JOIN deliveries d ON d.id = a.delivery_id
       WHERE a.account_id = ? AND a.hook_id = ? ORDER BY a.id DESC LIMIT ?`,
      accountId,
      hookId,
      limit,
    );
  }

  async getDelivery(accountId: number, id: number): Promise<DeliveryRow | undefined> {
    if (!isId(id)) return undefined;
    return await this.one<DeliveryRow>(
      `SELECT ${DELIVERY_COLS} FROM deliveries WHERE id = ? AND account_id = ?`,
      id,
      accountId,
    );
  }

  async insertDelivery(d: Omit<DeliveryRow, 'id'>): Promise<number> {
    const values = deliveryValues(d);
    return (await this.one<{ id: number }>(
      `INSERT INTO deliveries (${DELIVERY_WRITE}) VALUES (${values.map(() => '?').join(', ')}) RETURNING id`,
      ...values,
    ))!.id;
  }

  async countOutcome(
    accountId: number,
    hookId: number,
    failed: boolean,
    disableAfter: number,
    reason: string,
  ): Promise<boolean> {
    if (!failed) {
      await this.count('UPDATE hooks SET consecutive_failures = 0 WHERE id = ? AND account_id = ?', hookId, accountId);
      return false;
    }
    const row = await this.one<{ n: number; active: number }>(
      'UPDATE hooks SET consecutive_failures = consecutive_failures + 1 WHERE id = ? AND account_id = ? RETURNING consecutive_failures AS n, active',
      hookId,
      accountId,
    );
    if (!row || row.active !== 1 || disableAfter <= 0 || row.n < disableAfter) return false;
    await this.count(
      'UPDATE hooks SET active = 0, disabled_reason = ? WHERE id = ? AND account_id = ?',
      reason,
      hookId,
      accountId,
    );
    return true;
  }

  async resetHookHealth(accountId: number, hookId: number): Promise<void> {
    if (!isId(hookId)) return;
    await this.count(
      `UPDATE hooks SET consecutive_failures = 0, disabled_reason = '' WHERE id = ? AND account_id = ?`,
      hookId,
      accountId,
    );
  }

  async findAccountId(name: string): Promise<number | undefined> {
    return (await this.one<{ id: number }>('SELECT id FROM accounts WHERE name = ?', name))?.id;
  }

  async listFailedDeliveries(accountId: number | undefined, limit: number): Promise<DeliveryRow[]> {
    return accountId === undefined
      ? this.rows<DeliveryRow>(
          `SELECT ${DELIVERY_COLS} FROM deliveries WHERE status = 'failed' ORDER BY id DESC LIMIT ?`,
          limit,
        )
      : this.rows<DeliveryRow>(
          `SELECT ${DELIVERY_COLS} FROM deliveries WHERE status = 'failed' AND account_id = ? ORDER BY id DESC LIMIT ?`,
          accountId,
          limit,
        );
  }

  // the API quota (the adapters count outside transactions: Storage.countCalls)

  async countCalls(userId: number, windowStart: number, n: number): Promise<number> {
    return (await this.one<{ calls: number }>(
      `INSERT INTO api_calls (user_id, window_start, calls) VALUES (?, ?, ?)
       ON CONFLICT (user_id, window_start) DO UPDATE SET calls = api_calls.calls + excluded.calls
       RETURNING calls`,
      userId,
      windowStart,
      n,
    ))!.calls;
  }
}

/** The INSERT of an item's row after its id (SQLite: the id from the items table, bound first). */
export const itemInsert = (table: string, cols: string[]): string => {
  const made = itemInserts.get(cols);
  if (made?.table === table) return made.text;
  const text = `INSERT INTO ${table} (id, ${cols.join(', ')}) VALUES (${['?', ...cols.map(() => '?')].join(', ')})`;
  itemInserts.set(cols, { table, text });
  return text;
};
/** By the column list (the callers pass the module's constant lists). */
const itemInserts = new WeakMap<string[], { table: string; text: string }>();
