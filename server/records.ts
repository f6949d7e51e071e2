// Records of every kind: create, show, update, delete; category tags, fields and ownership.
import type * as T from '../generated/server/dist/types/index.js';
import { ServiceError } from '../generated/server/dist/index.js';
import { formatDateTime } from '../generated/server/dist/runtime/dates.js';
import type { ActivityRow, FieldValues, RecordRow, Tx } from './storage/port.ts';
import type { Caller } from './context.ts';
import { customFieldPattern, fieldsetOf, kindOf, spec, standardFieldId } from './facts.ts';
import { renderActivity } from './journal.ts';
import { checkOwners } from './owners.ts';
import { fault } from './faults.ts';

const iso = (ms: number) => formatDateTime(ms);
const unixSeconds = (ms: number) => Math.floor(ms / 1000);

export function recordName(kind: string, fields: FieldValues): string {
  return kindOf(kind)
    .nameFrom.map((f) => fields[f])
    .filter((v) => v !== undefined && v !== '')
    .join(' ');
}

export function renderItem(row: RecordRow): T.Item {
  // Copied, then added to: an object literal spreading row.fields before named members cost
  // microseconds per item (V8 makes a new object shape for each).
  const fields: Record<string, unknown> = Object.assign({}, row.fields);
  fields.creatorid = row.creatorId;
  fields.creatorname = row.creatorName;
  fields.creatordate = unixSeconds(row.created);
  fields.modificatorid = row.modificatorId;
  fields.modificatorname = row.modificatorName;
  fields.modificatordate = unixSeconds(row.updated);
  return {
    id: row.id,
    name: row.name,
    typeid: kindOf(row.kind).typeid,
    created: iso(row.created),
    viewed: iso(row.viewed),
    updated: iso(row.updated),
    ownership: row.ownership,
    flagged: row.flagged,
    fields: fields as T.Item['fields'],
  };
}

/** What show returns: the item, its journal, categories and related items. */
export async function renderShow(tx: Tx, caller: Caller, row: RecordRow): Promise<T.ShowRecordResponse> {
  const activities = await tx.listActivitiesOfRecord(caller.accountId, row.id);
  const categories = await tx.recordCategoryNames(caller.accountId, row.kind, row.id);
  const related = await tx.listRelated(row.id);
  const relatedItems: T.RelatedItem[] = [];
  for (const r of related) {
    const other = await tx.getRecord(caller.accountId, r.relatedId);
    if (!other) continue;
    relatedItems.push({ id: other.id, typeid: kindOf(other.kind).typeid, name: other.name, note: r.note });
  }
  return {
    item: renderItem(row),
    activities: journalOrder(activities).map(renderActivity) as T.ShowRecordResponse['activities'],
    categories,
    relateditems: relatedItems,
    status: 'success',
  };
}

/** Depth-first journal order: each activity followed by its subtree, siblings by position. */
export function journalOrder(rows: ActivityRow[]): ActivityRow[] {
  const children = new Map<number, ActivityRow[]>();
  for (const r of rows) {
    const list = children.get(r.parentId);
    if (list) list.push(r);
    else children.set(r.parentId, [r]);
  }
  for (const list of children.values()) list.sort((a, b) => a.position - b.position || a.id - b.id);
  const ids = new Set(rows.map((r) => r.id));
  // Roots hang from something outside the list: the record itself.
  const rootParents = [...new Set(rows.filter((r) => !ids.has(r.parentId)).map((r) => r.parentId))];
  const out: ActivityRow[] = [];
  const walk = (parent: number) => {
    for (const r of children.get(parent) ?? []) {
      out.push(r);
      walk(r.id);
    }
  };
  for (const p of rootParents) walk(p);
  return out;
}

export async function loadRecord(tx: Tx, caller: Caller, kind: string, id: number): Promise<RecordRow> {
  const row = await tx.getRecord(caller.accountId, id);
  if (!row || row.kind !== kind) throw new ServiceError('itemisnotfound');
  return row;
}

/** Test-only fault `isolation`: show finds a record of any account. */
async function anyAccountRecord(tx: Tx, kind: string, id: number): Promise<RecordRow> {
  for (let account = 1; await tx.getAccount(account); account++) {
    const row = await tx.getRecord(account, id);
    if (row && row.kind === kind) return row;
  }
  throw new ServiceError('itemisnotfound');
}

const standardByKind = new Map<string, ReadonlySet<string>>();
const standardNames = (kind: string): ReadonlySet<string> => {
  let names = standardByKind.get(kind);
  if (!names) standardByKind.set(kind, (names = new Set(fieldsetOf(kind).fields.map((f) => f.name))));
  return names;
};

/** Splits a record body into field values, rejecting custom fields this account has not defined. */
async function fieldValues(tx: Tx, caller: Caller, kind: string, body: Record<string, unknown>): Promise<FieldValues> {
  const standard = standardNames(kind);
  // The account's custom fields are read only for a body that names one.
  let defs: Awaited<ReturnType<Tx['listFieldDefs']>> = [];
  if (Object.keys(body).some((name) => !standard.has(name) && customFieldPattern.test(name)))
    defs = await tx.listFieldDefs(caller.accountId, kind);
  const out: FieldValues = {};
  for (const [name, value] of Object.entries(body)) {
    if (standard.has(name)) {
      // An empty element means "not given" (existing clients send every element).
      if (value === '' || value === undefined) continue;
      out[name] = value as string | number;
    } else if (customFieldPattern.test(name)) {
      if (!defs.some((d) => d.name === name))
        throw new ServiceError('incorrectfield', `Incorrect field specified: ${name}`, name);
      if (value === '' || value === undefined) continue;
      const def = defs.find((d) => d.name === name)!;
      if (def.type === 'select' && def.options.length && !def.options.includes(String(value))) {
        throw new ServiceError(
          'notinlist',
          `${name}: ${JSON.stringify(value)} is not one of ${def.options.join(', ')}`,
          name,
        );
      }
      out[name] = String(value);
    }
  }
  const ownerFields = fieldsetOf(kind).fields.filter((f) => f.type === 'owner' && typeof out[f.name] === 'number');
  await checkOwners(
    tx,
    caller,
    ownerFields.map((f) => ({ id: out[f.name] as number, path: f.name })),
  );
  return out;
}

async function applyCategories(
  tx: Tx,
  caller: Caller,
  row: RecordRow,
  changes: { add?: number[]; remove?: number[] } | undefined,
) {
  for (const [i, id] of (changes?.add ?? []).entries()) {
    const tag = await tx.getCategory(caller.accountId, id);
    if (!tag || tag.kind !== row.kind)
      throw new ServiceError(
        'invalidvalue',
        `categories.add.${i}: category tag ${id} does not exist`,
        `categories.add.${i}`,
      );
    if (await tx.addRecordCategory(row.id, id))
      caller.events.push({ event: 'items.categorize', kind: row.kind, id: row.id });
  }
  for (const id of changes?.remove ?? []) {
    if (await tx.removeRecordCategory(row.id, id))
      caller.events.push({ event: 'items.uncategorize', kind: row.kind, id: row.id });
  }
}

async function applyRelated(
  tx: Tx,
  caller: Caller,
  row: RecordRow,
  changes: { add?: { id: number; note?: string }[]; remove?: { id: number }[] } | undefined,
) {
  for (const [i, r] of (changes?.add ?? []).entries()) {
    const other = await tx.getRecord(caller.accountId, r.id);
    if (!other || other.id === row.id)
      throw new ServiceError(
        'invalidvalue',
        `relateditems.add.${i}.id: record ${r.id} does not exist`,
        `relateditems.add.${i}.id`,
      );
    await tx.addRelated({ recordId: row.id, relatedId: r.id, note: r.note ?? '' });
  }
  for (const r of changes?.remove ?? []) await tx.removeRelated(row.id, r.id);
}

export async function createRecord(
  tx: Tx,
  caller: Caller,
  kind: string,
  body: T.CreateRecordRequest,
): Promise<{ body: T.ShowRecordResponse; location: string }> {
  const { ownership, flagged, categories, relateditems, ...rest } = body;
  const fields = await fieldValues(tx, caller, kind, rest);
  if (ownership !== undefined) await checkOwners(tx, caller, [{ id: ownership, path: 'ownership' }]);
  const now = caller.now();
  const row = await tx.insertRecord({
    accountId: caller.accountId,
    kind,
    name: recordName(kind, fields),
    ownership: ownership ?? caller.user.id,
    flagged: flagged ?? 0,
    fields,
    created: now,
    viewed: now,
    updated: now,
    creatorId: caller.user.id,
    creatorName: caller.user.name,
    modificatorId: caller.user.id,
    modificatorName: caller.user.name,
  });
  caller.events.push({ event: 'items.create', kind, id: row.id });
  // A new id has no journal; without categories or related items in the body there is nothing else to read back.
  if (categories === undefined && relateditems === undefined) {
    return {
      body: { item: renderItem(row), activities: [], categories: [], relateditems: [], status: 'success' },
      location: `/${kind}/${row.id}/`,
    };
  }
  await applyCategories(tx, caller, row, categories);
  await applyRelated(tx, caller, row, relateditems);
  return { body: await renderShow(tx, caller, row), location: `/${kind}/${row.id}/` };
}

export async function showRecord(tx: Tx, caller: Caller, kind: string, id: number): Promise<T.ShowRecordResponse> {
  const row = fault('isolation') ? await anyAccountRecord(tx, kind, id) : await loadRecord(tx, caller, kind, id);
  row.viewed = caller.now();
  // Off the durable path: a show is a read (server/storage/deferred.ts).
  await tx.markViewed(row.id, row.viewed);
  return renderShow(tx, caller, row);
}

export async function updateRecord(
  tx: Tx,
  caller: Caller,
  kind: string,
  id: number,
  body: T.UpdateRecordRequest,
): Promise<T.UpdateRecordResponse> {
  const row = await loadRecord(tx, caller, kind, id);
  const { ownership, flagged, categories, relateditems, ...rest } = body;
  const fields = await fieldValues(tx, caller, kind, rest);
  if (ownership !== undefined) await checkOwners(tx, caller, [{ id: ownership, path: 'ownership' }]);
  const changed =
    Object.keys(fields).length > 0 || ownership !== undefined || (flagged !== undefined && flagged !== row.flagged);
  if (changed) {
    row.fields = { ...row.fields, ...fields };
    row.name = recordName(kind, row.fields);
    if (ownership !== undefined) row.ownership = ownership;
    if (flagged !== undefined) row.flagged = flagged;
    row.updated = caller.now();
    row.modificatorId = caller.user.id;
    row.modificatorName = caller.user.name;
    await tx.updateRecord(row);
    caller.events.push({ event: 'items.update', kind, id: row.id });
  }
  await applyCategories(tx, caller, row, categories);
  await applyRelated(tx, caller, row, relateditems);
  return { status: 'success' };
}

export async function deleteRecord(tx: Tx, caller: Caller, kind: string, id: number): Promise<T.DeleteRecordResponse> {
  await loadRecord(tx, caller, kind, id);
  await tx.setRecordDeleted(caller.accountId, id, caller.now());
  caller.events.push({ event: 'items.delete', kind, id });
  return { status: 'success' };
}

export async function createCategory(
  tx: Tx,
  caller: Caller,
  kind: string,
  body: T.CreateCategoryRequest,
): Promise<T.CreateCategoryResponse> {
  const name = body.name.trim();
  if (!name) throw new ServiceError('fieldisrequired', 'name: a category tag needs a name', 'name');
  const existing = await tx.listCategories(caller.accountId, kind);
  const same = existing.find((c) => c.name === name);
  if (same) return { id: same.id, status: 'success' };
  const row = await tx.insertCategory({ accountId: caller.accountId, kind, name });
  return { id: row.id, status: 'success' };
}

export async function listCategories(tx: Tx, caller: Caller, kind: string): Promise<T.ListCategoriesResponse> {
  const rows = await tx.listCategories(caller.accountId, kind);
  return { categories: rows.map((c) => ({ id: c.id, name: c.name })), status: 'success' };
}

export async function listFields(tx: Tx, caller: Caller, kind: string): Promise<T.ListFieldsResponse> {
  const standard: T.FieldDefinition[] = fieldsetOf(kind).fields.map((f) => ({
    id: standardFieldId(kind, f.name)!,
    name: f.name,
    label: f.label,
    type: f.type,
  }));
  const custom = (await tx.listFieldDefs(caller.accountId, kind)).map((d) => ({
    id: d.id,
    name: d.name,
    label: d.label,
    type: d.type,
    ...(d.options.length ? { options: d.options } : {}),
    ...(d.categories.length ? { categories: d.categories } : {}),
  }));
  return { fields: [...standard, ...custom], status: 'success' };
}

export async function listOwnership(
  tx: Tx,
  caller: Caller,
  params: T.ListOwnershipParams,
): Promise<T.ListOwnershipResponse> {
  const includeDeleted = params.deleted === 1;
  const users = await tx.listUsers(caller.accountId, includeDeleted);
  const groups = await tx.listGroups(caller.accountId, includeDeleted);
  return {
    users: users.map((u) => ({
      id: u.id,
      name: u.name,
      email: u.email,
      preventlogin: u.preventlogin,
      preventprivatedata: u.preventprivatedata,
      administrator: u.administrator,
    })),
    groups: groups.map((g) => ({ id: g.id, name: g.name, email: g.email })),
    status: 'success',
  };
}

/** Trash: brings a deleted record back (crmgen restore; the API has no restore endpoint). */
export async function restoreRecord(tx: Tx, caller: Caller, kind: string, id: number): Promise<RecordRow> {
  const row = await tx.getRecord(caller.accountId, id, { includeDeleted: true });
  if (!row || row.kind !== kind || row.deleted === null)
    throw new ServiceError('itemisnotfound', `no deleted ${kind} record ${id}`);
  await tx.setRecordDeleted(caller.accountId, id, null);
  caller.events.push({ event: 'items.restore', kind, id });
  return row;
}
