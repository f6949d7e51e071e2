// Compile-time checks of the generated client's types; never run, only type-checked (by the main
// `tsc -p tsconfig.json` and by test/client-types.test.ts). Every `@ts-expect-error: <words>` line
// must fail to compile (an unused one fails tsc), and client-types.test.ts also checks that the
// error tsc reports there, with the comments removed, mentions <words>: the line fails for the
// intended reason, not for a typo. Each failing line sits next to a line that must compile.
import {
  asId,
  createClient,
  decodeNotification,
  NotFoundError,
  RateLimitError,
  ServiceError,
  type Client,
  type Quota,
} from '../generated/client/src/index.ts';
// Every type of the API comes from the client's entry point.
import type * as T from '../generated/client/src/index.ts';

declare const crm: Client;
declare const bytes: Uint8Array;
// Ids as the client returns them: each carries its kind or segment.
declare const contactId: T.ContactId;
declare const companyId: T.CompanyId;
declare const noteId: T.NoteId;
declare const tasklistId: T.TasklistId;
declare const taskId: T.TaskId;
declare const photolistId: T.PhotolistId;
declare const scheduledemailId: T.ScheduledemailId;

type Equal<A, B> = (<V>() => V extends A ? 1 : 2) extends <V>() => V extends B ? 1 : 2 ? true : false;
const same = <A, B>(ok: Equal<A, B>) => ok;

export async function records(): Promise<void> {
  // Field names of the kind.
  await crm.contacts.create({ firstname: 'Ann', lastname: 'Lee', businessemail: 'ann@example.com', assignedto: 1 });
  // @ts-expect-error: fristname
  await crm.contacts.create({ fristname: 'Ann' });
  await crm.contacts.create({ custom12: 'custom fields are custom<fieldId>' });
  // @ts-expect-error: customer
  await crm.contacts.create({ customer: 'not a custom field name' });
  await crm.companies.create({ name: 'Acme' });
  // @ts-expect-error: firstname
  await crm.companies.create({ firstname: 'companies have no first name' });
  // @ts-expect-error: name
  await crm.contacts.create({ name: 'contacts are named by their first and last name' });
  // @ts-expect-error: string
  await crm.contacts.create({ assignedto: '7' });
  await crm.contacts.update(contactId, {
    categories: { add: [1], remove: [2] },
    relateditems: { remove: [{ id: 3 }] },
  });
  // @ts-expect-error: remove
  await crm.contacts.create({ categories: { remove: [2] } });
  // @ts-expect-error: string
  await crm.contacts.show('12');
  // Ids know their kind: a company's id is not a contact's, and a plain number is no id.
  await crm.contacts.show(contactId);
  await crm.companies.show(companyId);
  // @ts-expect-error: "companies"
  await crm.contacts.show(companyId);
  // @ts-expect-error: RecordId<"contacts">
  await crm.contacts.show(12);
  // asId, the one way from a plain number to an id.
  await crm.contacts.show(asId('contacts', 12));
  await crm.contacts.activities.task.create({ parent: asId('tasklist', 7) });
  // @ts-expect-error: "companies"
  await crm.contacts.show(asId('companies', 12));
  // @ts-expect-error: "contact"
  asId('contact', 12);

  // Value lists of the parameters.
  await crm.contacts.list({
    layout: 1,
    sortfield: 'update_time',
    sortdir: 'DESC',
    filtermode: 'duesoon',
    special: 'AND',
    searchmode: 'C12',
  });
  // @ts-expect-error: "UP"
  await crm.contacts.list({ sortdir: 'UP' });
  // @ts-expect-error: "age"
  await crm.contacts.list({ sortfield: 'age' });
  // @ts-expect-error: 2
  await crm.contacts.list({ layout: 2 });
  // @ts-expect-error: "everything"
  await crm.contacts.list({ filtermode: 'everything' });
  // @ts-expect-error: "X12"
  await crm.contacts.list({ searchmode: 'X12' });
  // @ts-expect-error: string
  await crm.contacts.list({ fieldslist: 'firstname,lastname' });

  // Typed results.
  const shown = await crm.contacts.show(contactId);
  same<typeof shown, T.ShowRecordResponse<'contacts', T.ActivitySegment>>(true);
  const name: string = shown.item.name;
  // @ts-expect-error: number
  const wrong: number = shown.item.name;
  const first: string | undefined = shown.item.fields.firstname;
  // @ts-expect-error: websit
  const site: string | undefined = (await crm.companies.show(companyId)).item.fields.websit;
  const page = await crm.tickets.list();
  same<typeof page.entries, T.ListEntry<'tickets'>[] | undefined>(true);
  for await (const entry of crm.contacts.iterate({ limit: 50 })) {
    const id: T.ContactId = entry.id;
    await crm.contacts.show(entry.id);
    const email: string | undefined = entry.businessemail;
    // @ts-expect-error: nope
    void entry.nope;
    void [id, email];
  }
  void [name, wrong, first, site];
}

export async function activities(): Promise<void> {
  // Parent shapes: a required id of an allowed parent (the hierarchy).
  await crm.contacts.activities.note.create({ parent: contactId, data: { details: 'x' } });
  await crm.contacts.activities.note.create({
    parent: companyId,
    data: { details: 'record-level types take a record of any kind' },
  });
  // @ts-expect-error: string
  await crm.contacts.activities.note.create({ parent: '12', data: { details: 'x' } });
  await crm.contacts.activities.task.create({ parent: tasklistId, data: { title: 'a task lives in a task list' } });
  // @ts-expect-error: TaskParentId
  await crm.contacts.activities.task.create({ parent: contactId, data: { title: 'not under a contact' } });
  // @ts-expect-error: "tasklist"
  await crm.contacts.activities.task.create({ parent: noteId, data: { title: 'not under a note' } });
  await crm.contacts.activities.comment.create({ parent: noteId, data: { posttext: 'comments go under activities' } });
  // @ts-expect-error: CommentParentId
  await crm.contacts.activities.comment.create({ parent: contactId, data: { posttext: 'not under a record' } });
  await crm.contacts.activities.timerecord.create({ parent: taskId, data: { hours: 1 } });
  // @ts-expect-error: TimerecordParentId
  await crm.contacts.activities.timerecord.create({ parent: tasklistId, data: { hours: 1 } });
  await crm.contacts.activities.file.create({ parent: taskId });
  await crm.contacts.activities.file.create({ parent: contactId });
  // @ts-expect-error: parent
  await crm.contacts.activities.note.create({ data: { details: 'x' } });
  // @ts-expect-error: id
  await crm.contacts.activities.note.create({ parent: { id: 12 } });
  await crm.contacts.activities.note.update(noteId, { parent: companyId, after: noteId });
  // @ts-expect-error: string
  await crm.contacts.activities.note.update(noteId, { parent: '13' });
  // @ts-expect-error: "tickets"
  await crm.contacts.activities.note.update(noteId, { parent: asId('tickets', 4) });
  // @ts-expect-error: string
  await crm.contacts.activities.note.delete('5');
  // @ts-expect-error: "task"
  await crm.contacts.activities.note.delete(taskId);

  // Create-only rules: completed cannot be 1 on create; an update may complete.
  await crm.contacts.activities.task.create({ parent: tasklistId, data: { completed: 0 } });
  // @ts-expect-error: type '0'
  await crm.contacts.activities.task.create({ parent: tasklistId, data: { completed: 1 } });
  // @ts-expect-error: type '0'
  await crm.contacts.activities.event.create({ parent: contactId, data: { completed: 1 } });
  await crm.contacts.activities.task.update(taskId, { data: { completed: 1 } });

  // The data of each segment, and its value lists.
  const deal = await crm.contacts.activities.opportunity.create({
    parent: contactId,
    data: { valuecurrency: 'EUR', valueinterval: 'per month', status: 'On-hold', stage: 40 },
  });
  same<typeof deal.data.valuecurrency, T.Currencies | undefined>(true);
  // @ts-expect-error: "XXX"
  await crm.contacts.activities.opportunity.create({ parent: contactId, data: { valuecurrency: 'XXX' } });
  // @ts-expect-error: "monthly"
  await crm.contacts.activities.opportunity.create({ parent: contactId, data: { valueinterval: 'monthly' } });
  // @ts-expect-error: "Open"
  await crm.contacts.activities.opportunity.create({ parent: contactId, data: { status: 'Open' } });
  // @ts-expect-error: valuecurrency
  await crm.contacts.activities.task.create({ parent: tasklistId, data: { valuecurrency: 'EUR' } });
  await crm.contacts.activities.task.create({
    parent: tasklistId,
    data: { title: 't', priority: 2, timespentmeasure: 'hours', notifyoncomplete: ['a@example.com'] },
  });
  // @ts-expect-error: "minutes"
  await crm.contacts.activities.task.create({ parent: tasklistId, data: { timespentmeasure: 'minutes' } });
  // @ts-expect-error: 2
  await crm.contacts.activities.task.update(taskId, { data: { completed: 2 } });
  // @ts-expect-error: "hourly"
  await crm.contacts.activities.event.create({ parent: contactId, data: { repeats: 'hourly' } });
  await crm.contacts.activities.event.create({
    parent: contactId,
    // @ts-expect-error: 7
    data: { repeats: 'weekly', repeatinterval: [1, 7] },
  });
  // @ts-expect-error: 3
  await crm.contacts.activities.scheduledemail.create({ parent: contactId, data: { priority: 3 } });

  // Uploads: the file described in data, its content in options.files.
  await crm.contacts.activities.file.create(
    { parent: contactId, data: { caption: 'c', file: { filename: 'a.txt', contenttype: 'text/plain' } } },
    { files: { file: bytes } },
  );
  await crm.contacts.activities.photo.create(
    { parent: photolistId, data: { file: { filename: 'a.png' } } },
    { files: { file: new Blob([]) } },
  );
  // @ts-expect-error: string
  await crm.contacts.activities.file.create({ parent: contactId }, { files: { file: 'the content' } });
  // @ts-expect-error: filename
  await crm.contacts.activities.file.create({ parent: contactId, data: { file: { contenttype: 'text/plain' } } });
  // @ts-expect-error: file
  await crm.contacts.activities.attachmentfile.create({ parent: scheduledemailId, data: {} });
  await crm.contacts.activities.attachmentfile.create({
    parent: scheduledemailId,
    data: { file: { filename: 'a.pdf' } },
  });
  await crm.contacts.activities.photo.create(
    { parent: photolistId, data: { file: { filename: 'b.png' } } },
    { files: { file: bytes } },
  );
}

export async function reportsHooksAndTheRest(): Promise<void> {
  await crm.reports.nextactions({ due: 'next7', filter: '', itemsdata: 1 });
  await crm.reports.followups({ due: '2026-12-01,2026-12-31', responsible: 0 });
  // @ts-expect-error: "tomorrow"
  await crm.reports.followups({ due: 'tomorrow' });
  // @ts-expect-error: "anyone"
  await crm.reports.nextactions({ filter: 'anyone' });
  await crm.reports.opportunities({ status: 'on-hold' });
  // @ts-expect-error: "Won"
  await crm.reports.opportunities({ status: 'Won' });
  await crm.reports.activities({ last: 'completed', types: [14, 32], itemtypes: [1, 40] });
  // @ts-expect-error: 15
  await crm.reports.activities({ types: [14, 15] });
  // @ts-expect-error: "yesterday"
  await crm.reports.activities({ last: 'yesterday' });
  // @ts-expect-error: "paid"
  await crm.reports.timetracking({ filter: 'paid' });
  const time = await crm.reports.timetracking({ itemtypes: [2] });
  same<typeof time.timerecords, T.ReportTimeRecord<T.KindName>[]>(true);

  await crm.hooks.create({
    event: 'activities.create',
    url: 'https://example.com/hook',
    contenttype: 'form',
    constrainttype: 'task',
  });
  // @ts-expect-error: "items.explode"
  await crm.hooks.create({ event: 'items.explode', url: 'https://example.com/hook' });
  // @ts-expect-error: "yaml"
  await crm.hooks.create({ event: 'items.create', url: 'https://example.com/hook', contenttype: 'yaml' });
  // @ts-expect-error: url
  await crm.hooks.create({ event: 'items.create' });
  // constrainttype follows the event's family.
  await crm.hooks.create({ event: 'items.update', url: 'https://example.com/hook', constrainttype: 'company' });
  // @ts-expect-error: "banana"
  await crm.hooks.create({ event: 'items.create', url: 'https://example.com/hook', constrainttype: 'banana' });
  // @ts-expect-error: "task"
  await crm.hooks.create({ event: 'items.create', url: 'https://example.com/hook', constrainttype: 'task' });
  // @ts-expect-error: "contact"
  await crm.hooks.create({ event: 'activities.delete', url: 'https://example.com/hook', constrainttype: 'contact' });
  await crm.hooks.update(1, { event: 'activities.update', constrainttype: 'note' });
  // @ts-expect-error: "banana"
  await crm.hooks.update(1, { constrainttype: 'banana' });
  await crm.hooks.update(1, { active: 0 });
  // @ts-expect-error: true
  await crm.hooks.update(1, { active: true });
  await crm.ownership.list({ deleted: 1 });
  // @ts-expect-error: true
  await crm.ownership.list({ deleted: true });

  // Batches queue every operation but paging, with the same types.
  const batch = crm.batch();
  const created = batch.contacts.create({ firstname: 'Ann' });
  same<typeof created, T.ApiPromise<T.CreateRecordResponse<'contacts', T.ActivitySegment>>>(true);
  // @ts-expect-error: iterate
  void batch.contacts.iterate();
  // @ts-expect-error: fristname
  void batch.contacts.create({ fristname: 'Ann' });
  const sent: Promise<void> = batch.send();
  void sent;

  // Errors, quota, options and notifications.
  try {
    await crm.contacts.show(contactId);
  } catch (e) {
    if (e instanceof ServiceError) {
      const status: number = e.status;
      const keys: string[] = e.keys;
      const local: boolean = e.local;
      const quota: Quota | undefined = e.quota;
      const messages: Partial<Record<T.ErrorKey, string>> = e.errors;
      // @ts-expect-error: read-only
      e.local = true;
      void [status, keys, local, quota, messages];
      // Keys are the spec's error keys.
      const known: boolean = e.keys.includes('itemisnotfound');
      // @ts-expect-error: "itemisnotfund"
      e.keys.includes('itemisnotfund');
      const message: string | undefined = e.errors.quotaexceeded;
      // @ts-expect-error: quotaexcceded
      void e.errors.quotaexcceded;
      void [known, message];
    }
    // instanceof narrows without a cast: each kind of failure is a class.
    if (e instanceof NotFoundError) {
      const notFound: NotFoundError = e;
      const keys: T.ErrorKeyOf[] = e.keys;
      void [notFound, keys];
      // @ts-expect-error: retryAfter
      void e.retryAfter;
    }
    if (e instanceof RateLimitError) {
      const after: number | undefined = e.retryAfter;
      const quota: Quota | undefined = e.quota;
      void [after, quota];
    }
  }

  // Per-call options and the response beside the typed value.
  const controller = new AbortController();
  await crm.contacts.show(contactId, { signal: controller.signal, timeoutMs: 500, headers: { 'x-request-id': 'r1' } });
  await crm.contacts.list({ limit: 5 }, { timeoutMs: 500 });
  await crm.contacts.activities.file.create(
    { parent: contactId },
    { files: { file: bytes }, signal: controller.signal },
  );
  // @ts-expect-error: timeout
  await crm.contacts.show(contactId, { timeout: 500 });
  const { data, response } = await crm.contacts.create({ firstname: 'Ann' }).withResponse();
  same<typeof data, T.CreateRecordResponse<'contacts', T.ActivitySegment>>(true);
  const status: number = response.status;
  const location: string | undefined = response.location;
  const headers: Headers = response.headers;
  const used: number | undefined = response.quota?.used;
  void [status, location, headers, used];
  const quota: Quota | undefined = crm.quota;
  // @ts-expect-error: read-only
  crm.quota = { used: 0, allowed: 1 };
  createClient({
    baseUrl: 'http://127.0.0.1:8080',
    email: 'a@example.com',
    token: 't',
    format: 'json',
    retry: { max: 0 },
    timeoutMs: 1000,
    validate: false,
  });
  // @ts-expect-error: "yaml"
  createClient({ baseUrl: 'http://127.0.0.1:8080', email: 'a@example.com', token: 't', format: 'yaml' });
  // @ts-expect-error: token
  createClient({ baseUrl: 'http://127.0.0.1:8080', email: 'a@example.com' });
  const note = decodeNotification('{}', 'application/json');
  same<typeof note, T.Notification>(true);
  const event: T.Hookevents = note.type;
  void [quota, event];
}

export async function narrowing(): Promise<void> {
  // A journal entry narrows on typeid: its fields, its id's segment and its parent's ids follow.
  const shown = await crm.contacts.show(contactId);
  for (const a of shown.activities ?? []) {
    if (a.typeid === 32) {
      const currency: T.Currencies | undefined = a.fields.valuecurrency;
      const id: T.OpportunityId = a.id;
      void [currency, id];
      // @ts-expect-error: posttext
      void a.fields.posttext;
    }
    if (a.typeid === 14) {
      const list: T.TasklistId = a.parent;
      await crm.contacts.activities.timerecord.create({ parent: a.id, data: { hours: 1 } });
      void list;
    }
    if (a.typeid === 4 || a.typeid === 5) {
      const repeats: T.Repeats | undefined = a.fields.repeats;
      void repeats;
    }
  }
  // Created activities carry their segment's id: a task list's id is a task's parent.
  const list = await crm.contacts.activities.tasklist.create({ parent: contactId, data: { title: 'l' } });
  const task = await crm.contacts.activities.task.create({ parent: list.id, data: { title: 't' } });
  same<typeof task.id, T.TaskId>(true);
  // @ts-expect-error: "tasklist"
  await crm.contacts.activities.task.create({ parent: task.id });

  // A notification narrows on its type (the event), and its content with it.
  const n = decodeNotification('{}', 'application/json');
  if (n.type === 'items.create') {
    const record: T.RecordId = n.content.item.id;
    void record;
    // @ts-expect-error: typeid
    void n.content.typeid;
  } else {
    const family:
      | 'activities.update'
      | 'activities.create'
      | 'activities.delete'
      | 'activities.restore'
      | 'items.categorize'
      | 'items.uncategorize'
      | 'items.update'
      | 'items.delete'
      | 'items.restore' = n.type;
    void family;
  }
  if (n.type === 'activities.create' && n.content.typeid === 90) {
    const keywords: string[] | undefined = n.content.fields?.keywords;
    void keywords;
  }

  // Report entries of the activities report narrow on typeid too.
  const report = await crm.reports.activities({ types: [14] });
  for (const r of report.activities)
    if (r.typeid === 14) void (r.fields?.timespentmeasure satisfies T.Timemeasures | undefined);
  // Each report's entries are of the segments it reads, and narrow on their type.
  const next = await crm.reports.nextactions({ due: 'next7' });
  for (const x of next.actions) {
    if (x.type === 14) await crm.contacts.activities.task.update(x.id, { data: { completed: 1 } });
    // @ts-expect-error: "event"
    await crm.contacts.activities.task.update(x.id, { data: { completed: 1 } });
  }
  const followups = await crm.reports.followups();
  for (const f of followups.followups) await crm.contacts.activities.followup.delete(f.id);
  const time = await crm.reports.timetracking();
  for (const t of time.timerecords) if (t.taskid !== 0) await crm.contacts.activities.task.delete(t.taskid);
}
