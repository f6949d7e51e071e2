// The reference pages of generated/docs/: overview, one page per resource family, hierarchy,
// reports, webhooks, batch, the changelog, and "Where the document is silent" (the spec's
// `assumed` notes, kept off the other pages). Their prose is in templates/docs/text/.
import { retryAfterText, type ActivityType, type Operation, type Spec } from '../pipeline/model.ts';
import { encodeXml, toWireJson } from '../targets/typescript/runtime/codec.ts';
import type { Desc } from '../targets/typescript/runtime/codec.ts';
import { notificationTargets } from '../sdk-model/messages.ts';
import { example } from '../sdk-model/examples.ts';
import { hierarchySvg, hierarchyMermaid } from './hierarchy-diagram.ts';
import { endpointBuilder } from './docs-endpoints.ts';
import { fieldRows, indentXml, languages, prose, type Page, type Section } from './docs-model.ts';

export function referencePages(spec: Spec, descriptors: Record<string, Desc>): Page[] {
  const r: Ref = { spec, descriptors, endpoint: endpointBuilder(spec, descriptors), first: spec.kinds[0]! };
  const pages: Page[] = [
    overviewPage(r),
    recordsPage(r),
    {
      file: 'categories.html',
      title: 'Category tags',
      group: 'reference',
      intro: prose('categories-intro', { spec }).join(' '),
      sections: ops(spec, (o) => familyOf(o) === 'categories').map((o) => opSection(r, o, r.first.name)),
    },
    {
      file: 'fields.html',
      title: 'Fields',
      group: 'reference',
      intro: prose('fields-intro', { spec }).join(' '),
      sections: ops(spec, (o) => familyOf(o) === 'fields').map((o) => opSection(r, o, r.first.name)),
    },
    {
      file: 'ownership.html',
      title: 'Ownership',
      group: 'reference',
      intro: prose('ownership-intro', { spec }).join(' '),
      sections: ops(spec, (o) => familyOf(o) === 'ownership').map((o) => opSection(r, o)),
    },
    {
      file: 'activities.html',
      title: 'Activities',
      group: 'reference',
      intro: prose('activities-intro', { spec }).join(' '),
      sections: spec.activities.map((a) => activitySection(r, a)),
    },
    hierarchyPage(r),
    reportsPage(r),
    webhooksPage(r),
    batchPage(r),
  ];
  if (spec.changelog) pages.push(changesPage(spec.changelog));
  pages.push(silentPage(spec, pages));
  return pages;
}

/** What every reference page reads: the spec, the codecs' descriptors, the endpoint renderer, the first kind (examples use it). */
interface Ref {
  spec: Spec;
  descriptors: Record<string, Desc>;
  endpoint: ReturnType<typeof endpointBuilder>;
  first: Spec['kinds'][number];
}

const ops = (spec: Spec, pred: (o: Operation) => boolean) => spec.operations.filter(pred);
const isRecordOp = (o: Operation) => o.scope === 'kind' && !o.client.includes('.');
const familyOf = (o: Operation) =>
  o.client.includes('.') ? o.client.split('.')[0] : o.scope === 'activity' ? 'activities' : 'records';
const opSection = (r: Ref, o: Operation, kind?: string): Section => ({
  id: o.id,
  title: o.purpose.replace(/\.$/, ''),
  text: [],
  tables: [],
  endpoints: [r.endpoint(o, kind)],
});
const valuesOf = (spec: Spec, name: string) => spec.values.find((v) => v.name === name)!.values.map((v) => v.value);
const empty = { text: [], tables: [], endpoints: [] };

/** One activity type: its ids, parents, field table and create/update/delete endpoints. */
function activitySection(r: Ref, a: ActivityType): Section {
  const { spec } = r;
  return {
    id: a.segment,
    title: `${a.title} (${a.segment})`,
    text: prose('activity', {
      a,
      typeids: [a.typeid, ...a.altTypeids],
      parents: a.parents.map((p) =>
        p === 'record' ? `a record (${spec.kinds.map((k) => k.singular).join(', ')})` : p,
      ),
      files: a.fields
        .filter((f) => f.shape.kind === 'scalar' && f.shape.type === 'upload')
        .map((f) => `data[${f.name}]`),
      upload: spec.formats.input.upload,
    }),
    tables: [
      {
        caption: `Fields of ${a.title}`,
        head: ['field', 'type', 'rules'],
        rows: a.fields.length ? fieldRows(spec, a.fields) : [['(none)', '', 'The document lists no fields.']],
      },
    ],
    endpoints: ops(spec, (o) => o.scope === 'activity').map((o) => r.endpoint(o, r.first.name, a.segment)),
  };
}

/** index.html: authentication, formats, errors, limits. */
function overviewPage(r: Ref): Page {
  const { spec } = r;
  return {
    file: 'index.html',
    title: 'Overview',
    group: 'reference',
    intro: prose('overview-intro', { spec }).join(' '),
    sections: [
      {
        id: 'auth',
        title: 'Authentication',
        ...empty,
        text: prose('auth', { spec, refusal: spec.errors.find((e) => e.key === 'toomanyfailedlogins') }),
      },
      {
        id: 'formats',
        title: 'Formats',
        ...empty,
        text: prose('formats', {
          f: spec.formats,
          optionalRoot: spec.formats.jsonRequestRoot === 'optional',
          base64Files: spec.formats.formFiles === 'base64',
        }),
      },
      {
        id: 'errors',
        title: 'Errors',
        ...empty,
        text: prose('errors', { spec }),
        tables: [
          {
            head: ['key', 'HTTP status', 'message', 'Retry-After (by cause)'],
            rows: spec.errors.map((e) => [e.key, String(e.status), e.message, retryAfterText(e)]),
          },
        ],
      },
      {
        id: 'limits',
        title: 'Limits and quota',
        ...empty,
        text: prose('limits', { spec }),
        tables: [{ head: ['limit', 'value'], rows: Object.entries(spec.limits).map(([k, v]) => [k, String(v)]) }],
      },
    ],
  };
}

/** records.html: the field sets and the record operations. */
function recordsPage(r: Ref): Page {
  const { spec } = r;
  return {
    file: 'records.html',
    title: 'Records',
    group: 'reference',
    intro: prose('records-intro', { spec, first: r.first }).join(' '),
    sections: [
      ...spec.fieldsets.map((fs) => ({
        id: `fieldset-${fs.name}`,
        title: `Fields: ${fs.name}`,
        ...empty,
        text: prose('fieldset', {
          fs,
          usedBy: spec.kinds.filter((k) => k.fieldset === fs.name).map((k) => k.name),
          audit: spec.auditFields.map((f) => f.name),
        }),
        tables: [
          { head: ['field', 'label', 'type', ''], rows: fs.fields.map((f) => [f.name, f.label, f.type, f.role ?? '']) },
        ],
      })),
      ...ops(spec, isRecordOp).map((o) => opSection(r, o, r.first.name)),
    ],
  };
}

/** hierarchy.html: the parent > child rules, as a table and a diagram. */
function hierarchyPage(r: Ref): Page {
  const { spec } = r;
  return {
    file: 'hierarchy.html',
    title: 'Hierarchy',
    group: 'reference',
    intro: prose('hierarchy-intro', { spec }).join(' '),
    sections: [
      {
        id: 'diagram',
        title: 'Parent > child rules',
        ...empty,
        tables: [
          { head: ['child', 'allowed parents'], rows: spec.activities.map((a) => [a.segment, a.parents.join(', ')]) },
        ],
        svg: hierarchySvg(spec),
        mermaid: hierarchyMermaid(spec),
      },
    ],
  };
}

/** reports.html: each report, its entry fields and its endpoint. */
function reportsPage(r: Ref): Page {
  const { spec, endpoint } = r;
  return {
    file: 'reports.html',
    title: 'Reports',
    group: 'reference',
    intro: prose('reports-intro', { spec, due: valuesOf(spec, 'duekeywords') }).join(' '),
    sections: spec.reports.map((r) => {
      const entry = spec.structures.find((s) => s.name === r.entry)!;
      return {
        id: r.name,
        title: r.name,
        ...empty,
        text: prose('report', { r }),
        tables: [
          {
            caption: `Fields of ${r.element}`,
            head: ['field', 'type', 'meaning'],
            rows: fieldRows(spec, entry.shape.fields),
          },
        ],
        endpoints: [endpoint(spec.operations.find((o) => o.report === r.name)!)],
      };
    }),
  };
}

/** webhooks.html: events, hook fields, a notification of each family, the hook operations. */
function webhooksPage(r: Ref): Page {
  const { spec } = r;
  return {
    file: 'webhooks.html',
    title: 'Webhooks',
    group: 'reference',
    intro: prose('webhooks-intro', { spec }).join(' '),
    sections: [
      {
        id: 'events',
        title: 'Events',
        ...empty,
        tables: [{ head: ['event', 'occurs on'], rows: spec.events.map((e) => [e.name, e.description]) }],
      },
      {
        id: 'hook-fields',
        title: 'Hook fields',
        ...empty,
        text: prose('hook-fields', { itemConstraints: valuesOf(spec, spec.hooks.constraintsByEventFamily.items) }),
        tables: [{ head: ['field', 'type', 'rules'], rows: fieldRows(spec, spec.hooks.fields) }],
      },
      ...notificationTargets(spec).map((n): Section => {
        const value = example(spec, n.shape, {}, 'value', true) as Record<string, unknown>;
        value.type = spec.events.find((e) => e.name.startsWith(`${n.family}.`))!.name;
        return {
          id: `notification-${n.family}`,
          title: `Notification of ${n.family}.* events`,
          ...empty,
          text: prose('notification', { spec, sig: spec.notification.signature }),
          tabs: [
            {
              lang: 'xml',
              title: languages.xml,
              examples: [
                {
                  kind: 'notification-xml',
                  label: 'Body',
                  text: indentXml(encodeXml(r.descriptors[n.id], value, spec.notification.root)),
                },
              ],
            },
            {
              lang: 'json',
              title: languages.json,
              examples: [
                {
                  kind: 'notification-json',
                  label: 'Body',
                  text: JSON.stringify(toWireJson(r.descriptors[n.id], value), null, 2),
                },
              ],
            },
          ],
        };
      }),
      ...ops(spec, (o) => familyOf(o) === 'hooks').map((o) => opSection(r, o)),
    ],
  };
}

/** batch.html: the batch rules and an example request. */
function batchPage(r: Ref): Page {
  const { spec } = r;
  return {
    file: 'batch.html',
    title: 'Batch',
    group: 'reference',
    intro: prose('batch-intro', { spec }).join(' '),
    sections: [
      {
        id: 'batch-rules',
        title: 'Rules',
        ...empty,
        text: prose('batch-rules', { b: spec.batch }),
        tabs: [
          {
            lang: 'http',
            title: 'HTTP',
            examples: [
              {
                kind: 'batch-http',
                label: 'Request',
                text: [
                  `POST ${spec.batch.path} HTTP/1.1`,
                  `Content-Type: ${spec.batch.contentType}; boundary=batch_1`,
                  '',
                  '--batch_1',
                  `Content-Type: ${spec.batch.partContentType}`,
                  'Content-ID: <1>',
                  '',
                  `GET /${r.first.name}/467069/ HTTP/1.1`,
                  '',
                  '--batch_1',
                  `Content-Type: ${spec.batch.partContentType}`,
                  'Content-ID: <2>',
                  '',
                  `POST /${r.first.name}/ HTTP/1.1`,
                  'Content-Type: application/xml',
                  '',
                  '<request><firstname>Ann</firstname></request>',
                  '--batch_1--',
                ].join('\n'),
              },
            ],
          },
        ],
      },
    ],
  };
}

/** The changelog's Markdown (### headings, - items, plain lines) as a docs page. */
function changesPage(markdown: string): Page {
  const sections: Section[] = [];
  let current: Section | undefined;
  for (const line of markdown.split('\n')) {
    const h = /^#{1,4}\s+(.*)$/.exec(line);
    if (h) {
      if (/^#{1,2}\s/.test(line) && !sections.length && !current) continue; // the file's own title
      current = { id: `changes-${sections.length + 1}`, title: h[1].trim(), text: [], tables: [], endpoints: [] };
      sections.push(current);
    } else if (line.trim()) {
      current ??=
        (sections.push({ id: 'changes-1', title: 'Changes', text: [], tables: [], endpoints: [] }),
        sections[sections.length - 1]);
      current.text.push(line.replace(/^\s*[-*]\s+/, '• ').replace(/`/g, ''));
    }
  }
  return {
    file: 'changes.html',
    title: 'Changes',
    group: 'reference',
    intro: prose('changes-intro', {}).join(' '),
    sections,
  };
}

/**
 * Every `assumed` note of the spec, found wherever it sits, with the reference section it
 * qualifies: what the service does there is a choice of ours, not the document's.
 */
function silentPage(spec: Spec, pages: Page[]): Page {
  const notes: { area: string; where: string; note: string; href?: string }[] = [];
  const ids = new Map(pages.flatMap((p) => p.sections.map((s) => [s.id, `${p.file}#${s.id}`] as const)));
  const label = (v: Record<string, unknown>) => String(v.name ?? v.key ?? v.segment ?? v.title ?? '');
  // Each operation as text once (the walk looked up every structure's user by stringifying them all).
  const operationTexts = spec.operations.map((op) => [op, JSON.stringify(op)] as const);
  const walk = (v: unknown, trail: string[], area: string, href?: string) => {
    if (!v || typeof v !== 'object') return;
    if (Array.isArray(v))
      return v.forEach((x) => walk(x, [...trail, label(x as Record<string, unknown>)].filter(Boolean), area, href));
    const o = v as Record<string, unknown>;
    // A structure: the report it is the entry of, else the first operation whose messages use it.
    const user =
      typeof o.name === 'string' && area === 'structures'
        ? (spec.reports.find((r) => r.entry === o.name)?.name ??
          operationTexts.find(([, text]) => text.includes(`"name":"${o.name}"`))?.[0])
        : undefined;
    const userHref = typeof user === 'string' ? ids.get(user) : user ? ids.get(user.report ?? user.id) : undefined;
    const here =
      (typeof o.segment === 'string' && ids.get(o.segment)) ||
      (typeof o.name === 'string' && (ids.get(o.name) ?? ids.get(`fieldset-${o.name}`))) ||
      userHref ||
      href;
    if (typeof o.assumed === 'string')
      notes.push({ area, where: trail.join(' › ') || area, note: o.assumed, href: here });
    for (const [k, x] of Object.entries(o))
      if (k !== 'assumed' && k !== 'pos')
        walk(x, x && typeof x === 'object' && !Array.isArray(x) ? [...trail, k] : trail, area, here);
  };
  // Where each part of the spec is described.
  const homes: Record<string, string | undefined> = {
    auth: ids.get('auth'),
    quota: ids.get('limits'),
    errors: ids.get('errors'),
    hooks: ids.get('hook-fields'),
    notification: ids.get('notification-items'),
    formats: ids.get('formats'),
    listSemantics: ids.get('listRecords'),
    kinds: 'records.html',
    structures: 'reports.html',
  };
  for (const [key, value] of Object.entries(spec)) {
    if (key === 'changelog') continue;
    walk(value, [], key, homes[key]);
  }
  const byArea = [...new Set(notes.map((n) => n.area))];
  // The spec's top-level keys, as the reference pages call them.
  const titles: Record<string, string> = {
    auth: 'Authentication',
    quota: 'Limits and quota',
    listSemantics: 'Lists',
    errors: 'Errors',
    values: 'Value lists',
    kinds: 'Record kinds',
    fieldsets: 'Record fields',
    structures: 'Structures of answers and reports',
    hooks: 'Webhooks',
    notification: 'Notifications',
    activities: 'Activities',
    operations: 'Operations',
    formats: 'Formats',
  };
  return {
    file: 'silent.html',
    title: 'Where the document is silent',
    group: 'reference',
    intro: prose('silent-intro', {}).join(' '),
    sections: byArea.map((area) => ({
      id: `silent-${area}`,
      title: titles[area] ?? area,
      text: [],
      endpoints: [],
      tables: [
        {
          head: ['where', 'our choice'],
          rows: notes.filter((n) => n.area === area).map((n) => [n.where, n.note]),
          links: notes.filter((n) => n.area === area).map((n) => n.href ?? ''),
        },
      ],
    })),
  };
}
