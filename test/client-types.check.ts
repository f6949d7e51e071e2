// Compile-time checks of the generated client's types; never run, only type-checked (by the main
// `tsc -p tsconfig.json` and by test/client-types.test.ts). Every `@ts-expect-error: <words>` line
// must fail to compile (an unused one fails tsc), and client-types.test.ts also checks that the
// error tsc reports there, with the comments removed, mentions <words>: the line fails for the
// intended reason, not for a typo. Each failing line sits next to a line that must compile.
import { createClient, decodeNotification, ServiceError, type Client, type Quota } from '../generated/client/src/index.ts';
import type * as T from '../generated/server/src/types/index.ts';

declare const crm: Client;
declare const bytes: Uint8Array;

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
  await crm.contacts.update(1, { categories: { add: [1], remove: [2] }, relateditems: { remove: [{ id: 3 }] } });
  // @ts-expect-error: remove
  await crm.contacts.create({ categories: { remove: [2] } });
  // @ts-expect-error: string
  await crm.contacts.show('12');

  // Value lists of the parameters.
  await crm.contacts.list({ layout: 1, sortfield: 'update_time', sortdir: 'DESC', filtermode: 'duesoon', special: 'AND', searchmode: 'C12' });
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
  const shown = await crm.contacts.show(1);
  same<typeof shown, T.ShowRecordResponse<'contacts', T.ActivitySegment>>(true);
  const name: string = shown.item.name;
  // @ts-expect-error: number
  const wrong: number = shown.item.name;
  const first: string | undefined = shown.item.fields.firstname;
  // @ts-expect-error: websit
  const site: string | undefined = (await crm.companies.show(1)).item.fields.websit;
  const page = await crm.tickets.list();
  same<typeof page.entries, T.ListEntry<'tickets'>[] | undefined>(true);
  for await (const entry of crm.contacts.iterate({ limit: 50 })) {
    const id: number = entry.id;
    const email: string | undefined = entry.businessemail;
    // @ts-expect-error: nope
    void entry.nope;
    void [id, email];
  }
  void [name, wrong, first, site];
}

export async function activities(): Promise<void> {
  // Parent shapes: a required number.
  await crm.contacts.activities.note.create({ parent: 12, data: { details: 'x' } });
  // @ts-expect-error: string
  await crm.contacts.activities.note.create({ parent: '12', data: { details: 'x' } });
  // @ts-expect-error: parent
  await crm.contacts.activities.note.create({ data: { details: 'x' } });
  // @ts-expect-error: id
  await crm.contacts.activities.note.create({ parent: { id: 12 } });
  await crm.contacts.activities.note.update(5, { parent: 13, after: 6 });
  // @ts-expect-error: string
  await crm.contacts.activities.note.update(5, { parent: '13' });
  // @ts-expect-error: string
  await crm.contacts.activities.note.delete('5');

  // The data of each segment, and its value lists.
  const deal = await crm.contacts.activities.opportunity.create({ parent: 1, data: { valuecurrency: 'EUR', valueinterval: 'per month', status: 'On-hold', stage: 40 } });
  same<typeof deal.data.valuecurrency, T.Currencies | undefined>(true);
  // @ts-expect-error: "XXX"
  await crm.contacts.activities.opportunity.create({ parent: 1, data: { valuecurrency: 'XXX' } });
  // @ts-expect-error: "monthly"
  await crm.contacts.activities.opportunity.create({ parent: 1, data: { valueinterval: 'monthly' } });
  // @ts-expect-error: "Open"
  await crm.contacts.activities.opportunity.create({ parent: 1, data: { status: 'Open' } });
  // @ts-expect-error: valuecurrency
  await crm.contacts.activities.task.create({ parent: 1, data: { valuecurrency: 'EUR' } });
  await crm.contacts.activities.task.create({ parent: 1, data: { title: 't', priority: 2, timespentmeasure: 'hours', notifyoncomplete: ['a@example.com'] } });
  // @ts-expect-error: "minutes"
  await crm.contacts.activities.task.create({ parent: 1, data: { timespentmeasure: 'minutes' } });
  // @ts-expect-error: 2
  await crm.contacts.activities.task.create({ parent: 1, data: { completed: 2 } });
  // @ts-expect-error: "hourly"
  await crm.contacts.activities.event.create({ parent: 1, data: { repeats: 'hourly' } });
  // @ts-expect-error: 7
  await crm.contacts.activities.event.create({ parent: 1, data: { repeats: 'weekly', repeatinterval: [1, 7] } });
  // @ts-expect-error: 3
  await crm.contacts.activities.scheduledemail.create({ parent: 1, data: { priority: 3 } });

  // Uploads: the file described in data, its content in options.files.
  await crm.contacts.activities.file.create({ parent: 1, data: { caption: 'c', file: { filename: 'a.txt', contenttype: 'text/plain' } } }, { files: { file: bytes } });
  await crm.contacts.activities.photo.create({ parent: 1, data: { file: { filename: 'a.png' } } }, { files: { file: new Blob([]) } });
  // @ts-expect-error: string
  await crm.contacts.activities.file.create({ parent: 1 }, { files: { file: 'the content' } });
  // @ts-expect-error: filename
  await crm.contacts.activities.file.create({ parent: 1, data: { file: { contenttype: 'text/plain' } } });
  // @ts-expect-error: file
  await crm.contacts.activities.attachmentfile.create({ parent: 1, data: {} });
  await crm.contacts.activities.attachmentfile.create({ parent: 1, data: { file: { filename: 'a.pdf' } } });
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

  await crm.hooks.create({ event: 'activities.create', url: 'https://example.com/hook', contenttype: 'form', constrainttype: 'task' });
  // @ts-expect-error: "items.explode"
  await crm.hooks.create({ event: 'items.explode', url: 'https://example.com/hook' });
  // @ts-expect-error: "yaml"
  await crm.hooks.create({ event: 'items.create', url: 'https://example.com/hook', contenttype: 'yaml' });
  // @ts-expect-error: url
  await crm.hooks.create({ event: 'items.create' });
  await crm.hooks.update(1, { active: 0 });
  // @ts-expect-error: true
  await crm.hooks.update(1, { active: true });
  await crm.ownership.list({ deleted: 1 });
  // @ts-expect-error: true
  await crm.ownership.list({ deleted: true });

  // Batches queue every operation but paging, with the same types.
  const batch = crm.batch();
  const created = batch.contacts.create({ firstname: 'Ann' });
  same<typeof created, Promise<T.CreateRecordResponse<'contacts', T.ActivitySegment>>>(true);
  // @ts-expect-error: iterate
  void batch.contacts.iterate();
  // @ts-expect-error: fristname
  void batch.contacts.create({ fristname: 'Ann' });
  const sent: Promise<void> = batch.send();
  void sent;

  // Errors, quota, options and notifications.
  try {
    await crm.contacts.show(1);
  } catch (e) {
    if (e instanceof ServiceError) {
      const status: number = e.status;
      const keys: string[] = e.keys;
      const local: boolean = e.local;
      const quota: Quota | undefined = e.quota;
      const messages: Record<string, string> = e.errors;
      // @ts-expect-error: read-only
      e.local = true;
      void [status, keys, local, quota, messages];
    }
  }
  const quota: Quota | undefined = crm.quota;
  // @ts-expect-error: read-only
  crm.quota = { used: 0, allowed: 1 };
  createClient({ baseUrl: 'http://127.0.0.1:8080', email: 'a@example.com', token: 't', format: 'json', retry: { max: 0 }, timeoutMs: 1000, validate: false });
  // @ts-expect-error: "yaml"
  createClient({ baseUrl: 'http://127.0.0.1:8080', email: 'a@example.com', token: 't', format: 'yaml' });
  // @ts-expect-error: token
  createClient({ baseUrl: 'http://127.0.0.1:8080', email: 'a@example.com' });
  const note = decodeNotification('{}', 'application/json');
  same<typeof note, T.Notification>(true);
  const event: T.Hookevents = note.type;
  void [quota, event];
}
