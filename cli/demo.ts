// `crmgen serve --demo` (and `crmgen start` on a new database): a small, realistic account, so a
// first list, the docs' list and report examples and every report show something. Written
// through the API itself (JSON requests as the demo user), so the data is what a client could
// have made. The hook is inactive: a demo never sends anything off this machine.
import type { ReferenceService } from '../server/reference-service.ts';

type Json = Record<string, unknown>;

const companies = [
  ['Northwind Traders', 'Wholesale food importer', 'London'],
  ['Contoso Ltd', 'Office furniture maker', 'Manchester'],
  ['Fabrikam Inc', 'Industrial sensors', 'Leeds'],
  ['Tailspin Toys', 'Toy retailer with 40 shops', 'Bristol'],
  ['Wide World Importers', 'Freight and customs broker', 'Liverpool'],
  ['Adventure Works', 'Outdoor equipment', 'Edinburgh'],
  ['Litware Systems', 'Payroll software', 'Cambridge'],
  ['Proseware Labs', 'Lab equipment rental', 'Oxford'],
] as const;

const people = [
  'Lena Berg',
  'Omar Said',
  'Grace Hopper',
  'Tom Baker',
  'Aisha Khan',
  'Jonas Weber',
  'Maria Rossi',
  'Kenji Sato',
  'Olivia Brown',
  'Liam Murphy',
  'Sofia Garcia',
  'Noah Fischer',
  'Emma Dubois',
  'Lucas Silva',
  'Mia Novak',
  'Ethan Clarke',
  'Zoe Evans',
  'Ravi Patel',
  'Hannah Schmidt',
  'Daniel Kim',
  'Chloe Martin',
  'Samuel Okafor',
  'Ella Nilsson',
  'Adam Walsh',
  'Isla Reid',
  'Felix Wagner',
  'Nora Lindqvist',
  'Leo Costa',
  'Ava Jensen',
  'Max Hoffmann',
];
const jobs = [
  'Head of Procurement',
  'Operations Manager',
  'CFO',
  'IT Director',
  'Office Manager',
  'Buyer',
  'CEO',
  'Sales Lead',
];

/** YYYY-MM-DD, n days from today (UTC). */
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

export async function seedDemo(
  service: ReferenceService,
  demo: { email: string; token: string; userId: number },
): Promise<{ records: number; activities: number }> {
  const auth = `Basic ${Buffer.from(`${demo.email}:${demo.token}`).toString('base64')}`;
  let activities = 0;
  async function send(method: string, url: string, body?: Json): Promise<Json> {
    const r = await service.dispatch({
      method,
      url,
      headers: {
        authorization: auth,
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: new TextEncoder().encode(body ? JSON.stringify(body) : ''),
    });
    const text = new TextDecoder().decode(r.body);
    // The demo is fixed data: a refusal is a bug in this file, not the user's.
    if (r.status >= 300) throw new Error(`demo data: ${method} ${url} answered ${r.status}: ${text}`);
    return JSON.parse(text) as Json;
  }
  const record = async (kind: string, fields: Json) =>
    ((await send('POST', `/${kind}/`, fields)).item as { id: number }).id;
  const add = async (kind: string, segment: string, parent: number, data: Json) => {
    activities++;
    return (await send('POST', `/${kind}/${segment}/`, { parent, data })).id as number;
  };
  const me = demo.userId;

  const customer = (await send('POST', '/contacts/categories/', { name: 'Customer' })).id as number;
  const prospect = (await send('POST', '/contacts/categories/', { name: 'Prospect' })).id as number;
  const partner = (await send('POST', '/companies/categories/', { name: 'Partner' })).id as number;

  const companyIds: number[] = [];
  for (const [i, [name, background, city]] of companies.entries()) {
    const slug = name.toLowerCase().replace(/[^a-z]+/g, '');
    companyIds.push(
      await record('companies', {
        name,
        background,
        businessaddress: `${10 + i} High Street, ${city}`,
        businessemail: `info@${slug}.example`,
        businessphonemain: `+44 20 7946 0${String(100 + i)}`,
        website: `https://www.${slug}.example`,
        ...(i % 3 === 0 ? { categories: { add: { category: [partner] } } } : {}),
      }),
    );
  }
  const contactIds: number[] = [];
  for (const [i, full] of people.entries()) {
    const [firstname, lastname] = full.split(' ') as [string, string];
    const company = companyIds[i % companyIds.length]!;
    const domain = companies[i % companies.length]![0].toLowerCase().replace(/[^a-z]+/g, '');
    contactIds.push(
      await record('contacts', {
        firstname,
        lastname,
        jobtitle: jobs[i % jobs.length],
        businessemail: `${firstname.toLowerCase()}.${lastname.toLowerCase()}@${domain}.example`,
        businessphonedirect: `+44 20 7946 1${String(100 + i)}`,
        assignedto: me,
        categories: { add: { category: [i % 4 === 0 ? prospect : customer] } },
        relateditems: { add: { relatedto: [{ id: company, note: 'works at' }] } },
      }),
    );
  }
  const rollout = await record('projectblogs', {
    name: 'CRM rollout',
    background: 'Moving the sales team onto the new CRM',
  });
  const ticket = await record('tickets', {
    name: 'Invoice address wrong',
    background: 'Northwind reports the wrong invoice address on March invoices',
  });

  // A week of work around the first customers: every report has entries.
  const [lena, omar, grace, tom, aisha] = contactIds as [number, number, number, number, number];
  const northwind = companyIds[0]!;
  const contoso = companyIds[1]!;
  await add('contacts', 'note', lena, { details: 'Met at the trade fair; interested in the annual licence.' });
  await add('contacts', 'note', omar, { details: 'Prefers e-mail over phone calls.' });
  await add('companies', 'note', northwind, { details: 'Budget approved for Q3.' });
  await add('contacts', 'call', grace, {
    details: 'Discussed the pilot scope',
    dateoccured: `${day(-1)}T10:30:00+00:00`,
    duration: 25,
  });
  await add('contacts', 'event', lena, {
    title: 'Product demo',
    details: 'Online demo for the buying team',
    timestart: `${day(1)}T14:00:00+00:00`,
    timeend: `${day(1)}T15:00:00+00:00`,
    location: 'Video call',
    attendees: [me],
  });
  await add('companies', 'event', contoso, {
    title: 'Quarterly review',
    timestart: `${day(6)}T09:00:00+00:00`,
    timeend: `${day(6)}T10:00:00+00:00`,
    location: 'Manchester office',
    attendees: [me],
  });
  await add('contacts', 'followup', omar, { details: 'Send the price list', assignedto: me, duedate: day(2) });
  await add('contacts', 'followup', tom, { details: 'Call back about the renewal', assignedto: me, duedate: day(0) });
  await add('contacts', 'followup', aisha, { details: 'Ask for a reference', nodate: 1 });
  await add('contacts', 'opportunity', lena, {
    description: 'Annual licence, 40 seats',
    valueunit: 9600,
    valuecurrency: 'EUR',
    valueinterval: 'per year',
    status: 'Discussion',
    probability: 50,
    stage: 40,
    responsible: me,
    closingdate: day(14),
  });
  await add('companies', 'opportunity', contoso, {
    description: 'Support contract',
    valueunit: 2400,
    valuecurrency: 'GBP',
    status: 'Won',
    probability: 100,
    stage: 100,
    responsible: me,
    closingdate: day(-2),
  });
  const onboarding = await add('companies', 'tasklist', northwind, {
    title: 'Onboarding',
    description: 'Get Northwind live',
    milestonedate: day(14),
  });
  const kickoff = await add('companies', 'task', onboarding, {
    title: 'Kick-off call',
    assignedto: me,
    duedate: day(0),
    priority: 2,
  });
  await add('companies', 'task', onboarding, { title: 'Set up accounts', assignedto: me, duedate: day(3) });
  await add('companies', 'task', onboarding, { title: 'Import old contacts', assignedto: me, duedate: day(7) });
  await add('companies', 'timerecord', kickoff, {
    date: day(0),
    person: me,
    hours: 1.5,
    billable: 1,
    details: 'Agenda and slides',
  });
  await add('companies', 'timerecord', kickoff, {
    date: day(-1),
    person: me,
    hours: 0.5,
    billable: 0,
    details: 'Internal prep',
  });
  const launch = await add('projectblogs', 'tasklist', rollout, { title: 'Launch', milestonedate: day(21) });
  await add('projectblogs', 'task', launch, { title: 'Train the sales team', assignedto: me, duedate: day(10) });
  await add('tickets', 'note', ticket, { details: 'Fixed in the billing system; waiting for confirmation.' });
  await send('POST', '/hooks/', {
    event: 'items.create',
    url: 'https://hooks.example.com/crm',
    contenttype: 'json',
    active: 0,
    secret: 'demo-hook-secret',
  });
  return { records: companyIds.length + contactIds.length + 2, activities };
}
