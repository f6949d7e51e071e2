// The storage port of the reference service. Handlers see only this interface, so the
// embedded SQLite adapter and a PostgreSQL adapter are interchangeable. It is asynchronous
// although better-sqlite3 is synchronous, so a networked adapter fits without touching a handler.
//
// Rules every adapter keeps:
// - every method runs inside a transaction (storage.transaction); a thrown error rolls it back;
// - records and activities take their ids from ONE sequence, so a `parent` id names exactly
//   one thing (the API's parent parameter may be a record or an activity);
// - times are milliseconds since the epoch (UTC); `deleted` is null unless soft-deleted;
// - rows of one account are never returned for another: every query takes accountId;
// - users and groups share one id space, so an owner id (ownership, assignedto) names one of them.

import type { DeliveryLogTx, DeliveryRow } from './delivery-log.ts';

export type { DeliveryRow } from './delivery-log.ts';
import type { RecordQuery, ReportQuery } from './record-query.ts';

export interface Account {
  id: number;
  name: string;
}

export interface UserRow {
  id: number;
  accountId: number;
  email: string;
  name: string;
  /** hashToken(token): the token itself is never stored (../tokens.ts). */
  tokenHash: string;
  preventlogin: 0 | 1;
  preventprivatedata: 0 | 1;
  administrator: 0 | 1;
  deleted: number | null;
}

export interface GroupRow {
  id: number;
  accountId: number;
  name: string;
  email: string;
  members: number[];
  deleted: number | null;
}

export type FieldValues = Record<string, string | number>;

export interface RecordRow {
  id: number;
  accountId: number;
  /** contacts, companies, projectblogs, tickets */
  kind: string;
  name: string;
  ownership: number;
  flagged: 0 | 1;
  fields: FieldValues;
  created: number;
  viewed: number;
  updated: number;
  creatorId: number;
  creatorName: string;
  modificatorId: number;
  modificatorName: string;
  deleted: number | null;
}

export interface CategoryRow {
  id: number;
  accountId: number;
  kind: string;
  name: string;
}

export interface FieldDefRow {
  id: number;
  accountId: number;
  kind: string;
  /** custom<id> */
  name: string;
  label: string;
  type: string;
  options: string[];
  categories: number[];
}

export interface RelatedRow {
  recordId: number;
  relatedId: number;
  note: string;
}

export interface ActivityRow {
  id: number;
  accountId: number;
  /** The record at the root of the activity's tree. */
  recordId: number;
  /** The parent record or activity. */
  parentId: number;
  segment: string;
  typeid: number;
  /** 1 under a record, 2 under a level-1 activity, ... */
  level: number;
  /** 1-based, dense among siblings (same parentId). */
  position: number;
  fields: Record<string, unknown>;
  flagged: 0 | 1;
  created: number;
  viewed: number;
  updated: number;
  creatorId: number;
  creatorName: string;
  modificatorId: number;
  modificatorName: string;
  deleted: number | null;
}

export interface FileRow {
  id: number;
  accountId: number;
  filename: string;
  contenttype: string;
  size: number;
  data: Uint8Array;
}

export interface HookRow {
  id: number;
  accountId: number;
  type: string;
  title: string;
  active: 0 | 1;
  event: string;
  constrainttype: string;
  url: string;
  contenttype: string;
  secret: string;
  /** Set when the service disabled the hook (its deliveries kept failing); empty otherwise. */
  disabledReason?: string;
}

export type NewRecord = Omit<RecordRow, 'id' | 'deleted'>;
export type NewActivity = Omit<ActivityRow, 'id' | 'deleted'>;

export interface Tx extends DeliveryLogTx {
  // accounts, users, groups (administrator actions are CLI commands, not API calls)
  ensureAccount(name: string): Promise<Account>;
  getAccount(id: number): Promise<Account | undefined>;
  addUser(user: Omit<UserRow, 'id' | 'deleted'>): Promise<UserRow>;
  findUserByEmail(email: string): Promise<UserRow | undefined>;
  listUsers(accountId: number, includeDeleted: boolean): Promise<UserRow[]>;
  countUsers(): Promise<number>;
  addGroup(group: Omit<GroupRow, 'id' | 'deleted'>): Promise<GroupRow>;
  listGroups(accountId: number, includeDeleted: boolean): Promise<GroupRow[]>;
  /** A number that changes whenever a user or group of the account is added or changed (owner names are cached by it). */
  principalsVersion(accountId: number): Promise<number>;
  /** Soft-deletes (a time) or restores (null) a user or group of the account; false when there is none by that id. */
  setUserDeleted(accountId: number, id: number, deleted: number | null): Promise<boolean>;
  /** Replaces a user's token hash (crmgen users token); false when no such user. */
  setUserTokenHash(accountId: number, id: number, tokenHash: string): Promise<boolean>;
  setGroupDeleted(accountId: number, id: number, deleted: number | null): Promise<boolean>;

  // records
  insertRecord(row: NewRecord): Promise<RecordRow>;
  getRecord(accountId: number, id: number, opts?: { includeDeleted?: boolean }): Promise<RecordRow | undefined>;
  /** A show's viewed time: visible to this process's reads at once, stored soon, off the durable path (./deferred.ts). */
  markViewed(id: number, at: number): Promise<void>;
  /** The live records of the account among `ids`, by id. */
  getRecords(accountId: number, ids: number[]): Promise<RecordRow[]>;
  /** Replaces the stored row (fields included) with `row`. */
  updateRecord(row: RecordRow): Promise<void>;
  setRecordDeleted(accountId: number, id: number, deleted: number | null): Promise<void>;
  /** Every record of a kind in the account: the live ones, or with `deleted: true` only the soft-deleted ones
   *  (filtermode archived); lists use pageRecords. */
  listRecords(accountId: number, kind: string, opts: { deleted: boolean }): Promise<RecordRow[]>;
  /** One page of a list (filters, search, sort in SQL: ./record-query.ts) and how many records answer it in all. */
  pageRecords(accountId: number, q: RecordQuery): Promise<{ count: number; rows: RecordRow[] }>;

  // category tags, per kind, and their assignment to records
  insertCategory(row: Omit<CategoryRow, 'id'>): Promise<CategoryRow>;
  listCategories(accountId: number, kind: string): Promise<CategoryRow[]>;
  getCategory(accountId: number, id: number): Promise<CategoryRow | undefined>;
  /** Returns true when the tag was not on the record yet. */
  addRecordCategory(recordId: number, categoryId: number): Promise<boolean>;
  /** Returns true when the tag was on the record. */
  removeRecordCategory(recordId: number, categoryId: number): Promise<boolean>;
  recordCategories(recordIds: number[]): Promise<Map<number, number[]>>;
  /** The tags on one record, ids ascending, named as the account's tags of `kind` ('' for any other): a show's categories in one statement. */
  recordCategoryNames(accountId: number, kind: string, recordId: number): Promise<{ id: number; name: string }[]>;

  // related items
  addRelated(row: RelatedRow): Promise<void>;
  removeRelated(recordId: number, relatedId: number): Promise<void>;
  listRelated(recordId: number): Promise<RelatedRow[]>;
  /** Each of `recordIds` (an entry for every one) with its related live records of `kind` in the account, in listRelated's order: one statement for a page of a list. */
  relatedOfKind(
    accountId: number,
    recordIds: number[],
    kind: string,
  ): Promise<Map<number, { id: number; name: string }[]>>;

  // custom field definitions
  /** Ids start at 1001 (spec/list.yaml customFieldIdStart), so custom<id> never collides with a standard field id. */
  insertFieldDef(row: Omit<FieldDefRow, 'id' | 'name'>): Promise<FieldDefRow>;
  listFieldDefs(accountId: number, kind: string): Promise<FieldDefRow[]>;

  // activities (the journal)
  insertActivity(row: NewActivity): Promise<ActivityRow>;
  /** Inserts the activity after the live ones under its parent (position: their count + 1); tells countChildren's counts from before it. */
  insertLast(row: Omit<NewActivity, 'position'>): Promise<{ row: ActivityRow } & ChildCounts>;
  getActivity(accountId: number, id: number, opts?: { includeDeleted?: boolean }): Promise<ActivityRow | undefined>;
  updateActivity(row: ActivityRow): Promise<void>;
  /** Sets the positions of activities of the account (a renumbering of siblings); nothing else of their rows. */
  setPositions(accountId: number, moved: { id: number; position: number }[]): Promise<void>;
  /**
   * Stores `row` (every column, as updateActivity) placed among the live children of row.parentId:
   * after or before the sibling `after`/`before`, else last. The siblings are renumbered 1..n in
   * their order (position, id) with the row among them, and row.position is set. With `from` (the
   * parent it leaves, another one) the live children of `from` close their gap, and its subtree
   * (deleted activities too) follows it: record row.recordId, level shifted by `levelShift`.
   * Tells the target's live children without the row (counts), and `placed: false` when the
   * anchor is not among them: the caller then throws (something may have been written).
   */
  placeActivity(row: ActivityRow, opts: PlaceOptions): Promise<PlaceResult>;
  /**
   * Optional (PostgreSQL): a move or reorder that changes nothing but the activity's place, done
   * without reading the row first, if it is where `from` says (live, of `segment`, on a live record
   * of `kind`) and a move's target is a live record of one of `kinds`. Undefined when any of that
   * fails or the anchor is not a sibling: then nothing was written, and the caller takes the long way.
   */
  placeGuessed?(q: GuessedPlace): Promise<GuessedPlaceResult | undefined>;
  /** Renumbers the live children of a parent 1..n in their order (position, id): one statement, however many shift. */
  closeGaps(accountId: number, parentId: number): Promise<void>;
  setActivityDeleted(accountId: number, ids: number[], deleted: number | null): Promise<void>;
  /** Every activity whose root record is recordId, ordered by level, parentId, position. */
  listActivitiesOfRecord(
    accountId: number,
    recordId: number,
    opts?: { includeDeleted?: boolean },
  ): Promise<ActivityRow[]>;
  listChildren(accountId: number, parentId: number, opts?: { includeDeleted?: boolean }): Promise<ActivityRow[]>;
  /** The activities under an activity, at any depth (a deleted one's, unless included, are not reached), ordered as listActivitiesOfRecord. */
  listDescendants(accountId: number, id: number, opts?: { includeDeleted?: boolean }): Promise<ActivityRow[]>;
  /** How many live activities are under the parent, how many of them of `segment`, and their last position (0 for none): an append needs no rows. */
  countChildren(accountId: number, parentId: number, segment: string): Promise<ChildCounts>;
  /**
   * Call before reading the positions of the activities under `parentIds` to write them: the
   * transactions that order one parent's children run one after another, instead of colliding
   * and running again (PostgreSQL: a lock per parent, taken before the transaction's snapshot, so
   * a call after the first read runs the transaction again holding it; SQLite writes one at a time).
   * One after another from their first statement on: before it (after lockOrder, stable reads
   * aside), PostgreSQL runs a batch's bodies together to collect their first writes in one
   * statement (PgStorage.gather); the effects are those of one serial order.
   */
  lockOrder(parentIds: number[]): Promise<void>;
  /** Every activity of the account (reports filter in server/reports.ts). */
  listActivities(accountId: number, opts?: { segments?: string[]; includeDeleted?: boolean }): Promise<ActivityRow[]>;

  /** The live activities of live records a report lists, selected and ordered in SQL (./record-query.ts buildReportQuery). */
  reportActivities(accountId: number, q: ReportQuery): Promise<ActivityRow[]>;
  /** The live activities of the account among `ids`, by id. */
  getActivities(accountId: number, ids: number[]): Promise<ActivityRow[]>;
  /** The live activities of `segment` whose parent is one of `parentIds`, by created time, then id. */
  childrenOf(accountId: number, parentIds: number[], segment: string): Promise<ActivityRow[]>;

  // uploaded files
  insertFile(row: Omit<FileRow, 'id'>): Promise<FileRow>;
  getFile(accountId: number, id: number): Promise<FileRow | undefined>;

  // webhooks and their outbox
  insertHook(row: Omit<HookRow, 'id'>): Promise<HookRow>;
  getHook(accountId: number, id: number): Promise<HookRow | undefined>;
  updateHook(row: HookRow): Promise<void>;
  deleteHook(accountId: number, id: number): Promise<void>;
  listHooks(accountId: number): Promise<HookRow[]>;
  enqueueDeliveries(rows: Omit<DeliveryRow, 'id'>[]): Promise<void>;
  /**
   * Takes up to `limit` pending deliveries due at `now` that no live lease holds, and leases
   * them to `claimer` until now + leaseMs (a crashed instance's leases simply expire).
   */
  claimDeliveries(now: number, limit: number, leaseMs: number, claimer: string): Promise<DeliveryRow[]>;
  /** Records an attempt's outcome; only the current lease holder may. Returns false when it lost the lease. */
  finishDelivery(
    id: number,
    claimer: string,
    outcome: { status: DeliveryRow['status']; attempts: number; nextAttempt: number; lastError: string },
  ): Promise<boolean>;
  listDeliveries(accountId: number): Promise<DeliveryRow[]>;
  /** How many deliveries are pending, in every account (the outbox depth). */
  pendingDeliveries(): Promise<number>;
  /** The earliest nextAttempt of a pending delivery, for the delivery loop's sleep. */
  nextDeliveryDue(): Promise<number | undefined>;

  // the API quota: one row per user and window start
  /** Adds n calls to the user's counter for the window starting at windowStart and returns the new total. */
  countCalls(userId: number, windowStart: number, n: number): Promise<number>;
}

export interface TransactionOptions {
  /**
   * `fn` asks for its order locks (Tx.lockOrder) before it writes anything: an adapter may make
   * its reads before that outside any transaction, to learn the locks, then run it again.
   */
  ordersFirst?: boolean;
  /**
   * With ordersFirst: the parents whose order fn is expected to ask for (a guess, e.g. where this
   * process last saw the activity). An adapter may run fn holding them at once, without a first
   * attempt to learn them; fn asking for others runs again holding those too.
   */
  orderHint?: number[];
}

export interface PlaceOptions {
  after?: number | undefined;
  before?: number | undefined;
  /** The parent the row leaves (moves only). */
  from?: number;
  /** Added to the level of every activity of the moved row's subtree (moves only). */
  levelShift?: number;
}

export interface GuessedPlace {
  accountId: number;
  id: number;
  segment: string;
  /** The kind of the activity's record (the path's). */
  kind: string;
  /** The parent it is expected under (its order lock held). */
  from: number;
  /** Its parent after the call (`from` for a reorder). */
  to: number;
  /** For a move: the record kinds it may move to. */
  kinds: string[];
  after?: number | undefined;
  before?: number | undefined;
  updated: number;
  modificatorId: number;
  modificatorName: string;
}

export interface GuessedPlaceResult {
  /** The activity's fields (unchanged). */
  fields: Record<string, unknown>;
  /** The target's live children of its segment other than it, before the write. */
  ofSegment: number;
}

export interface PlaceResult {
  /** The target's live children other than the row, before the write. */
  all: number;
  /** Of them, those of the row's segment. */
  ofSegment: number;
  /** False when the anchor is not one of them. */
  placed: boolean;
}

/** The live activities under a parent, those of one segment, and their last position (0 for none). */
export interface ChildCounts {
  all: number;
  ofSegment: number;
  last: number;
}

export interface Storage {
  /**
   * A transaction that may write; concurrent ones commit as if they had run one after another.
   * `fn` may run more than once (PostgreSQL runs it again after a serialization failure): its
   * effects belong in the transaction.
   */
  transaction<T>(fn: (tx: Tx) => Promise<T>, opts?: TransactionOptions): Promise<T>;
  /** A transaction that only reads (one snapshot); it never waits for writers. */
  read<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Adds n calls to the user's quota counter of the window and returns the total, exact across instances, without an fsync. */
  countCalls(userId: number, windowStart: number, n: number): Promise<number>;
  /** Stores every viewed time marked so far (lists filtering by viewed time call it first). */
  flushViewed(): Promise<void>;
  /**
   * Tx.findUserByEmail as one statement, its own snapshot, outside any transaction: authentication
   * runs on every call, and a transaction around one read only adds BEGIN and COMMIT.
   */
  findUserByEmail(email: string): Promise<UserRow | undefined>;
  /** Tx.principalsVersion the same way: the check that a login remembered by its credentials still holds. */
  principalsVersion(accountId: number): Promise<number>;
  close(): Promise<void>;
  /** Outages seen and not over yet (./outage.ts guardStorage sets it). */
  readonly health?: StorageHealth;
  /** Writes so far (SQLite: total_changes; PostgreSQL: committed transactions that changed rows): tells a transaction that wrote from one that did not. */
  writes?(): number;
}

export interface StorageHealth {
  /** Conditions whose episode has not ended: since when (ms) and what it means. */
  conditions(): { condition: 'unreachable' | 'readonly' | 'full'; since: number; message: string }[];
  /** Where the start and end of each episode are logged (default: stderr). */
  onLog(log: (line: string) => void): void;
}
