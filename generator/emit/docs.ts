// Emits generated/docs/: the reference docs as a static HTML site (one page per resource
// family, sidebar, in-page search, copyable XML/JSON/curl examples) and the same content as
// one Markdown file. Examples are encoded by runtime/codec.ts from the codecs' own
// descriptors, so they cannot drift from what the client and the service send.
import { readFileSync } from 'node:fs';
import Handlebars from 'handlebars';
import type { ActivityType, Field, Operation, Shape, Spec } from '../model.ts';
import type { GeneratedFile } from '../write.ts';
import type { Desc } from '../../runtime/codec.ts';
import { encodeXml as encodeXmlWire, toWireJson } from '../../runtime/codec.ts';
import { escapeXmlAttr, escapeXmlText, parseXml, type XmlElement } from '../../runtime/xml.ts';

const encodeXml = (desc: Desc, value: unknown, root: string) => indentXml(encodeXmlWire(desc, value, root));
import type { Derived } from '../derive.ts';
import { templatesDir } from '../root.ts';
import { clientCallName } from './names.ts';
import { messageTargets, notificationTargets, type MessageTarget } from './names.ts';
import { example, exampleSegment } from '../examples.ts';
import { hierarchySvg, hierarchyMermaid } from './hierarchy-diagram.ts';

interface Table {
  head: string[];
  rows: string[][];
}
interface Example {
  label: string;
  xml?: string;
  json?: string;
  curl?: string;
}
interface Endpoint {
  id: string;
  method: string;
  path: string;
  purpose: string;
  client: string;
  status: number;
  params?: Table;
  request?: Example;
  response?: Example;
}
interface Section {
  id: string;
  title: string;
  text: string[];
  tables: (Table & { caption?: string })[];
  endpoints: Endpoint[];
  svg?: string;
  mermaid?: string;
  code?: { label: string; text: string }[];
}
interface Page {
  file: string;
  title: string;
  intro: string;
  sections: Section[];
}

const describeType = (spec: Spec, shape: Shape): string => {
  switch (shape.kind) {
    case 'scalar': {
      const values = shape.values ? spec.values.find((v) => v.name === shape.values)!.values.map((e) => String(e.value === '' ? '(blank)' : e.value)) : [];
      const base = shape.type === 'enum' ? 'one of' : shape.type === 'idlist' && values.length ? 'ids, comma-delimited, each one of' : shape.type;
      const range = shape.min !== undefined || shape.max !== undefined ? ` ${shape.min ?? ''}-${shape.max ?? ''}` : '';
      return `${base}${range}${values.length ? `: ${values.join(', ')}` : ''}${shape.unit ? ` (${shape.unit})` : ''}`;
    }
    case 'object':
      return 'element';
    case 'list':
      return `list of ${shape.element}`;
    case 'keyed':
      return `children ${shape.prefix}<N>`;
    case 'map':
      return 'named children';
    case 'ref':
      return shape.name;
    case 'recordfields':
      return 'the field elements of the record';
    case 'activityfields':
      return 'the fields of the activity type';
  }
};

function fieldRows(spec: Spec, fields: Field[]): string[][] {
  return fields.map((f) => {
    const rules: string[] = [];
    if (f.required) rules.push('required');
    if (f.when) rules.push(`only when ${f.when.field} ${f.when.equals !== undefined ? `= ${JSON.stringify(f.when.equals)}` : `is not ${JSON.stringify(f.when.notEquals)}`}`);
    if (f.notTrueOnCreate) rules.push('cannot be 1 on create');
    if (f.shape.kind === 'scalar' && f.shape.default !== undefined) rules.push(`default ${JSON.stringify(f.shape.default)}`);
    return [f.name, describeType(spec, f.shape), [f.description ?? '', rules.join('; ')].filter(Boolean).join(' — '), f.assumed ? `assumed: ${f.assumed}` : ''];
  });
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
      current ??= (sections.push({ id: 'changes-1', title: 'Changes', text: [], tables: [], endpoints: [] }), sections[sections.length - 1]);
      current.text.push(line.replace(/^\s*[-*]\s+/, '• ').replace(/`/g, ''));
    }
  }
  return { file: 'changes.html', title: 'Changes', intro: 'What changed in the API since the previous spec, as crmgen diff reports it.', sections };
}

/** XML indented for reading: re-serialized from its parsed tree, so it says exactly the same. */
export function indentXml(xml: string): string {
  const root = parseXml(xml, { maxDepth: 64, maxElements: 100_000, maxBytes: 10_000_000 });
  const lines: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const walk = (el: XmlElement, depth: number) => {
    const pad = '  '.repeat(depth);
    const attrs = el.attrs ? Object.entries(el.attrs).map(([k, v]) => ` ${k}="${escapeXmlAttr(v)}"`).join('') : '';
    if (!el.children.length) {
      lines.push(el.text === '' ? `${pad}<${el.name}${attrs}/>` : `${pad}<${el.name}${attrs}>${escapeXmlText(el.text)}</${el.name}>`);
      return;
    }
    lines.push(`${pad}<${el.name}${attrs}>`);
    for (const c of el.children) walk(c, depth + 1);
    lines.push(`${pad}</${el.name}>`);
  };
  walk(root, 0);
  return lines.join('\n');
}

export function emitDocs(spec: Spec, derived: Pick<Derived, 'descriptors'>): GeneratedFile[] {
  const descriptors = derived.descriptors;
  const targets = messageTargets(spec);
  const roots = { request: spec.formats.requestRoot, response: spec.formats.responseRoot };

  const plainSegment = exampleSegment(spec);
  const concretePath = (op: Operation, kind?: string, segment?: string) =>
    op.path.replace('{kind}', kind ?? spec.kinds[0].name).replace('{segment}', segment ?? plainSegment).replace('{id}', op.path.includes('{segment}') ? '12' : '467069').replace('{deliveryId}', '88');

  const render = (t: MessageTarget | undefined, value: unknown): { xml: string; json: string } | undefined => {
    if (!t) return undefined;
    const d: Desc = descriptors[t.id];
    return { xml: encodeXml(d, value, t.part === 'response' ? roots.response : roots.request), json: JSON.stringify(toWireJson(d, value), null, 2) };
  };

  const endpoint = (op: Operation, kind?: string, segment?: string): Endpoint => {
    const find = (part: MessageTarget['part']) => targets.find((t) => t.op === op && t.part === part && (t.kind === undefined || t.kind === (kind ?? spec.kinds[0].name)) && (t.segment === undefined || t.segment === (segment ?? plainSegment)));
    const b = { kind: kind ?? spec.kinds[0].name, segment: segment ?? plainSegment };
    const path = concretePath(op, kind, segment);
    const paramsT = find('params');
    const requestT = find('request');
    const responseT = find('response');
    const requestValue = requestT ? example(spec, requestT.shape, b) : undefined;
    const paramsValue = paramsT ? example(spec, paramsT.shape, b) : undefined;
    // A file cannot travel in an XML or JSON body: requests carrying an upload are shown as
    // multipart/form-data only, the curl line sending the file (-F 'data[file]=@plan.pdf').
    const uploads = new Set(segment && op.upload ? spec.activities.find((a) => a.segment === segment)!.fields.filter((f) => f.shape.kind === 'scalar' && f.shape.type === 'upload').map((f) => f.name) : []);
    const data = (requestValue as { data?: Record<string, unknown> } | undefined)?.data;
    const multipart = !!data && Object.keys(data).some((k) => uploads.has(k));
    const req = multipart ? undefined : render(requestT, requestValue);
    const query = paramsValue ? new URLSearchParams(Object.entries(paramsValue as Record<string, unknown>).slice(0, 3).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)])).toString() : '';
    const quote = (text: string) => `'${text.replace(/'/g, "'\\''")}'`;
    const wire = requestT && requestValue !== undefined ? (toWireJson(descriptors[requestT.id], requestValue) as Record<string, unknown>) : undefined;
    const formParts = (body: Record<string, unknown>) =>
      Object.entries(body).flatMap(([k, v]) =>
        v !== null && typeof v === 'object'
          ? Object.entries(v as Record<string, unknown>).map(([f, x]) => `-F ${quote(`${k}[${f}]=${uploads.has(f) ? `@${(x as { filename: string }).filename}` : String(x)}`)}`)
          : [`-F ${quote(`${k}=${String(v)}`)}`],
      );
    const curl = [
      `curl -u "$CRM_EMAIL:$CRM_TOKEN"`,
      op.method === 'GET' ? '' : `-X ${op.method}`,
      req ? `-H 'Content-Type: application/json'` : '',
      `-H 'Accept: application/json'`,
      `"$CRM_URL${path}${query ? `?${query}` : ''}"`,
      req ? `-d ${quote(JSON.stringify(wire))}` : '',
      ...(multipart ? formParts(wire!) : []),
    ]
      .filter(Boolean)
      .join(' ');
    return {
      id: `${op.id}${kind ? `-${kind}` : ''}${segment ? `-${segment}` : ''}`,
      method: op.method,
      path,
      purpose: op.purpose,
      client: clientCallName(op, kind ?? spec.kinds[0].name, segment),
      status: op.status,
      ...(op.params ? { params: { head: ['parameter', 'type', 'meaning', ''], rows: fieldRows(spec, op.params) } } : {}),
      request: { label: 'Request', ...req, curl },
      ...(responseT ? { response: { label: `Response ${op.status}`, ...render(responseT, example(spec, responseT.shape, b, 'value', true)) } } : {}),
    };
  };

  const ops = (pred: (o: Operation) => boolean) => spec.operations.filter(pred);
  const isRecordOp = (o: Operation) => o.scope === 'kind' && !o.client.includes('.');
  const familyOf = (o: Operation) => (o.client.includes('.') ? o.client.split('.')[0] : o.scope === 'activity' ? 'activities' : 'records');

  const uploadNote = (a: ActivityType): string[] => {
    const files = a.fields.filter((f) => f.shape.kind === 'scalar' && f.shape.type === 'upload').map((f) => `data[${f.name}]`);
    return files.length ? [`An XML or JSON body cannot carry a file: send ${files.join(', ')} as ${spec.formats.input.upload.join(', ')}, with the other fields beside it in bracket notation (parent, data[field]), as the curl examples do.`] : [];
  };
  const activitySection = (a: ActivityType): Section => ({
    id: a.segment,
    title: `${a.title} (${a.segment})`,
    text: [
      `Type id ${[a.typeid, ...a.altTypeids].join(' or ')}.${a.aliases.length ? ` Also called ${a.aliases.join(', ')}.` : ''}${a.thirdParty ? ' Third-party widget.' : ''}${a.onePerParent ? ' One per parent.' : ''}`,
      `Allowed parents: ${a.parents.map((p) => (p === 'record' ? 'a record (contact, company, project blog, ticket)' : p)).join(', ')}. Paths: /{kind}/${a.segment}/ (create), /{kind}/${a.segment}/{id} (update, delete).`,
      ...uploadNote(a),
    ],
    tables: [{ caption: `Fields of ${a.title}`, head: ['field', 'type', 'rules', ''], rows: a.fields.length ? fieldRows(spec, a.fields) : [['(none)', '', 'The document lists no fields.', '']] }],
    endpoints: ops((o) => o.scope === 'activity').map((o) => endpoint(o, spec.kinds[0].name, a.segment)),
  });

  const listOfValues = (name: string) => spec.values.find((v) => v.name === name)!;
  const pages: Page[] = [
    {
      file: 'index.html',
      title: 'Overview',
      intro: `${spec.service.title}: records of ${spec.kinds.length} kinds, ${spec.activities.length} activity types, category tags, fields, ownership, ${spec.reports.length} reports, webhooks and batches. Paths are relative to ${spec.service.baseUrl}; versioning: ${spec.service.versioning}.`,
      sections: [
        {
          id: 'auth',
          title: 'Authentication',
          text: [`HTTP ${spec.auth.scheme} authentication on every request: user name = ${spec.auth.username}, password = ${spec.auth.password}. In a batch the outer request carries it and nested requests inherit it.`, ...failedLoginsText(spec)],
          tables: [],
          endpoints: [],
        },
        {
          id: 'formats',
          title: 'Formats',
          text: [
            `Requests are XML by default with the root element <${spec.formats.requestRoot}>; Content-Type ${spec.formats.input.json.join(', ')} selects JSON and ${spec.formats.input.form.join(', ')} form input (bracket notation: data[details]=..., categories[add][category][]=3); ${spec.formats.input.upload.join(', ')} carries file uploads. Responses are XML with the root <${spec.formats.responseRoot}>; Accept: ${spec.formats.output.json} selects JSON.`,
            `JSONP: ?${spec.formats.jsonp.parameter}=name wraps the JSON body as name(...), served as ${spec.formats.output.jsonp}; characters outside ${spec.formats.jsonp.allowed} are stripped, not rejected.`,
            `JSON mapping: the content of <response>/<request> without a root; containers of one repeated element become arrays ({"categories": [{"id": 3, "name": "VIP"}]}); children named id<N> (list entries, an item's activities) stay keys of an object in order ({"id12": {...}, "count": 1}); comma-delimited lists stay comma-delimited text. JSON requests accept both {"categories": {"add": [3]}} and {"categories": {"add": {"category": [3]}}}.`,
            `Dates: emitted as ${spec.formats.dates.emit} (UTC); accepted as ${spec.formats.dates.accept.join(', ')}.`,
            ...(spec.formats.jsonRequestRoot === 'optional' ? [`A JSON request may also be wrapped in its root, {"${spec.formats.requestRoot}": {...}}, as XML's always is.`] : []),
            ...(spec.formats.ownerNames
              ? [
                  `Owner names: every owner-valued element of an answer (a user or group id: assignedto, responsible, person, ownership, a report entry's owner) carries the owner's name, in XML as the ${spec.formats.ownerNames.xmlAttribute} attribute (<assignedto ${spec.formats.ownerNames.xmlAttribute}="Ann Lee">5</assignedto>), in JSON as the member beside it ("assignedto": 5, "assignedto${spec.formats.ownerNames.jsonSuffix}": "Ann Lee"). Absent when the id names no one; ignored in requests.`,
                ]
              : []),
            ...(spec.formats.formFiles === 'base64' ? [`Files: ${spec.formats.input.upload.join(', ')} with a file part named data[<field>], or ${spec.formats.input.form.join(', ')} with data[<field>] holding the file's bytes in base64 (stored as application/octet-stream, named after the field).`] : []),
          ],
          tables: [],
          endpoints: [],
        },
        {
          id: 'errors',
          title: 'Errors',
          text: [`A failed call answers <${spec.formats.responseRoot}><status>${spec.errorEnvelope.status}</status><${spec.errorEnvelope.container}><KEY>message</KEY></${spec.errorEnvelope.container}></${spec.formats.responseRoot}> with the HTTP status below; a call can report several keys at once.`],
          tables: [{ head: ['key', 'HTTP status', 'message', ''], rows: spec.errors.map((e) => [e.key, String(e.status), e.message, e.assumed ? `assumed: ${e.assumed}` : 'documented']) }],
          endpoints: [],
        },
        {
          id: 'limits',
          title: 'Limits and quota',
          text: [
            `Every response carries ${spec.quota.header}: ${spec.quota.format}; each call, and each nested call of a batch, counts. ${spec.quota.assumed ? `Assumed: ${spec.quota.assumed}.` : ''}`,
          ],
          tables: [{ head: ['limit', 'value', '', ''], rows: Object.entries(spec.limits).map(([k, v]) => [k, String(v), '', '']) }],
          endpoints: [],
        },
      ],
    },
    {
      file: 'records.html',
      title: 'Records',
      intro: `Four kinds share the same methods: ${spec.kinds.map((k) => `${k.name} (typeid ${k.typeid})`).join(', ')}. Examples use /${spec.kinds[0].name}.`,
      sections: [
        ...spec.fieldsets.map((fs) => ({
          id: `fieldset-${fs.name}`,
          title: `Fields: ${fs.name}`,
          text: [`${fs.description ?? ''} Used by ${spec.kinds.filter((k) => k.fieldset === fs.name).map((k) => k.name).join(', ')}.${fs.assumed ? ` Assumed: ${fs.assumed}.` : ''} Custom fields are named custom<fieldId>; read-only audit fields: ${spec.auditFields.map((f) => f.name).join(', ')}.`],
          tables: [{ head: ['field', 'label', 'type', ''], rows: fs.fields.map((f) => [f.name, f.label, f.type, f.role ?? '']) }],
          endpoints: [],
        })),
        ...ops(isRecordOp).map((o) => ({ id: o.id, title: o.purpose.replace(/\.$/, ''), text: [], tables: [], endpoints: [endpoint(o, spec.kinds[0].name)] })),
      ],
    },
    {
      file: 'categories.html',
      title: 'Category tags',
      intro: 'Category tags of each kind; assign them with categories/add and categories/remove on create and update record.',
      sections: ops((o) => familyOf(o) === 'categories').map((o) => ({ id: o.id, title: o.purpose.replace(/\.$/, ''), text: [], tables: [], endpoints: [endpoint(o, spec.kinds[0].name)] })),
    },
    {
      file: 'fields.html',
      title: 'Fields',
      intro: `Standard fields of each kind and custom fields (custom<fieldId>, types ${spec.customFields.types.join(', ')}).`,
      sections: ops((o) => familyOf(o) === 'fields').map((o) => ({ id: o.id, title: o.purpose.replace(/\.$/, ''), text: [], tables: [], endpoints: [endpoint(o, spec.kinds[0].name)] })),
    },
    {
      file: 'ownership.html',
      title: 'Ownership',
      intro: 'Users and workgroups of the account; their ids are what ownership, assignedto, responsible and person hold.',
      sections: ops((o) => familyOf(o) === 'ownership').map((o) => ({ id: o.id, title: o.purpose.replace(/\.$/, ''), text: [], tables: [], endpoints: [endpoint(o)] })),
    },
    {
      file: 'activities.html',
      title: 'Activities',
      intro: `${spec.activities.length} activity types, created under a record or another activity (see Hierarchy). Every type uses the same three endpoints with its own segment.`,
      sections: spec.activities.map(activitySection),
    },
    {
      file: 'hierarchy.html',
      title: 'Hierarchy',
      intro: 'Which activity may be created under which parent; a record (of any kind) is the root.',
      sections: [
        {
          id: 'diagram',
          title: 'Parent > child rules',
          text: [],
          tables: [{ head: ['child', 'allowed parents', '', ''], rows: spec.activities.map((a) => [a.segment, a.parents.join(', '), '', '']) }],
          endpoints: [],
          svg: hierarchySvg(spec),
          mermaid: hierarchyMermaid(spec),
        },
      ],
    },
    {
      file: 'reports.html',
      title: 'Reports',
      intro: `Read-only reports; parameters go in the query string or in a request body. Date values use the save formats; due is ${listOfValues('duekeywords').values.map((v) => v.value).join(', ')} or from,to.`,
      sections: spec.reports.map((r) => {
        const op = spec.operations.find((o) => o.report === r.name)!;
        const entry = spec.structures.find((s) => s.name === r.entry)!;
        return {
          id: r.name,
          title: r.name,
          text: [`${r.lists} Entries: ${r.container}/${r.element}.${entry.assumed ? ` Assumed: ${entry.assumed}.` : ''}`],
          tables: [{ caption: `Fields of ${r.element}`, head: ['field', 'type', 'meaning', ''], rows: fieldRows(spec, entry.shape.fields) }],
          endpoints: [endpoint(op)],
        };
      }),
    },
    {
      file: 'webhooks.html',
      title: 'Webhooks',
      intro: `Hooks POST a notification to their url when an event occurs. ${spec.hooks.assumed ? `Assumed: ${spec.hooks.assumed}.` : ''}`,
      sections: [
        { id: 'events', title: 'Events', text: [], tables: [{ head: ['event', 'occurs on', '', ''], rows: spec.events.map((e) => [e.name, e.description, '', '']) }], endpoints: [] },
        {
          id: 'hook-fields',
          title: 'Hook fields',
          text: [`constrainttype: items.* events take ${listOfValues(spec.hooks.constraintsByEventFamily.items).values.map((v) => v.value).join(', ')}; activities.* events take all or an activity segment.`],
          tables: [{ head: ['field', 'type', 'rules', ''], rows: fieldRows(spec, spec.hooks.fields) }],
          endpoints: [],
        },
        ...notificationTargets(spec).map((n) => {
          const value = example(spec, n.shape, {}, 'value', true) as Record<string, unknown>;
          value.type = spec.events.find((e) => e.name.startsWith(`${n.family}.`))!.name;
          return {
            id: `notification-${n.family}`,
            title: `Notification of ${n.family}.* events`,
            text: [
              `Body in the hook's contenttype (xml, json or form). With a secret, the header ${spec.notification.signature.header} holds the ${spec.notification.signature.encoding} ${spec.notification.signature.algorithm} of ${spec.notification.signature.over}, keyed by the secret. A 2xx answer is success; otherwise up to ${spec.notification.retries} retries with growing delays. ${spec.notification.assumed ? `Assumed: ${spec.notification.assumed}.` : ''}`,
            ],
            tables: [],
            endpoints: [],
            code: [
              { label: 'XML', text: encodeXml(descriptors[n.id], value, spec.notification.root) },
              { label: 'JSON', text: JSON.stringify(toWireJson(descriptors[n.id], value), null, 2) },
            ],
          };
        }),
        ...ops((o) => familyOf(o) === 'hooks').map((o) => ({ id: o.id, title: o.purpose.replace(/\.$/, ''), text: [], tables: [], endpoints: [endpoint(o)] })),
      ],
    },
    {
      file: 'batch.html',
      title: 'Batch',
      intro: `POST ${spec.batch.path} runs up to ${spec.batch.maxParts} requests in one call.`,
      sections: [
        {
          id: 'batch-rules',
          title: 'Rules',
          text: [
            `The request is ${spec.batch.contentType} with a boundary; each part is ${spec.batch.partContentType} holding a complete HTTP request (request line, headers, blank line, body). Line endings must be ${spec.batch.lineEnding}. Outer headers (authentication included) apply to every nested request unless it overrides them. Each nested request is a separate call and counts against the quota. The response is ${spec.batch.outerStatus} with one ${spec.batch.partContentType} part per request, in order, each with its Content-ID and its own status line; 201 parts carry Location. A malformed batch is rejected whole before any nested request runs.`,
          ],
          tables: [],
          endpoints: [],
          code: [
            {
              label: 'Request',
              text: [
                `POST ${spec.batch.path} HTTP/1.1`,
                `Content-Type: ${spec.batch.contentType}; boundary=batch_1`,
                '',
                '--batch_1',
                `Content-Type: ${spec.batch.partContentType}`,
                'Content-ID: <1>',
                '',
                `GET /${spec.kinds[0].name}/467069/ HTTP/1.1`,
                '',
                '--batch_1',
                `Content-Type: ${spec.batch.partContentType}`,
                'Content-ID: <2>',
                '',
                `POST /${spec.kinds[0].name}/ HTTP/1.1`,
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
  ];

  // Columns that are empty in every row (and the head) are left out.
  const tidy = (t: Table): Table => {
    const keep = t.head.map((h, i) => h !== '' || t.rows.some((r) => (r[i] ?? '') !== '')).map((k, i) => (k && (t.rows.some((r) => (r[i] ?? '') !== '') || i < 2) ? i : -1)).filter((i) => i >= 0);
    return { ...t, head: keep.map((i) => t.head[i]), rows: t.rows.map((r) => keep.map((i) => r[i] ?? '')) };
  };
  for (const p of pages) {
    for (const s of p.sections) {
      s.tables = s.tables.map((t) => ({ ...tidy(t), ...(t.caption ? { caption: t.caption } : {}) }));
      for (const e of s.endpoints) if (e.params) e.params = tidy(e.params);
    }
  }
  if (spec.changelog) pages.push(changesPage(spec.changelog));
  const hb = Handlebars.create();
  hb.registerHelper('eq', (a: unknown, b: unknown) => a === b);
  const layout = hb.compile(readFileSync(`${templatesDir}docs/page.html.hbs`, 'utf8'), { strict: true });
  const markdown = hb.compile(readFileSync(`${templatesDir}docs/reference.md.hbs`, 'utf8'), { strict: true, noEscape: true });
  const nav = pages.map((p) => ({ file: p.file, title: p.title, sections: p.sections.map((s) => ({ id: s.id, title: s.title })) }));
  const files: GeneratedFile[] = pages.map((p) => ({ path: `docs/${p.file}`, content: layout({ page: p, nav, service: spec.service }), format: 'text' as const }));
  // The search index: one entry per section, with its text, field names and endpoint paths.
  const index = pages.flatMap((p) =>
    p.sections.map((s) => ({
      title: s.title,
      page: p.title,
      href: `${p.file}#${s.id}`,
      text: [s.title, ...s.text, ...s.tables.flatMap((t) => t.rows.map((r) => r.join(' '))), ...s.endpoints.map((e) => `${e.method} ${e.path} ${e.purpose}`)].join(' ').replace(/\s+/g, ' ').slice(0, 2000),
    })),
  );
  // A script, not JSON: pages opened from file:// may load scripts but not fetch() files.
  files.push({ path: 'docs/search-index.js', content: `window.crmgenSearchIndex = ${JSON.stringify(index)};\n`, format: 'text' });
  files.push({ path: 'docs/assets/site.css', content: readFileSync(`${templatesDir}docs/site.css`, 'utf8'), format: 'text' });
  files.push({ path: 'docs/assets/site.js', content: readFileSync(`${templatesDir}docs/site.js`, 'utf8'), format: 'text' });
  files.push({ path: 'docs/reference.md', content: markdown({ pages, service: spec.service }), format: 'text' });
  return files;
}

/** The failed-login throttle of auth.failedLogins, when the spec sets one. */
function failedLoginsText(spec: Spec): string[] {
  const f = spec.auth.failedLogins;
  if (!f) return [];
  const refusal = spec.errors.find((e) => e.key === 'toomanyfailedlogins');
  const answer = refusal ? `${refusal.status} with the error ${refusal.key} and a Retry-After header (seconds)` : 'a refusal with a Retry-After header (seconds)';
  return [
    `Wrong credentials are counted per client address and per client address and e-mail together: after ${f.perAddress} failures from one address, or ${f.perAddressAndEmail} for one e-mail from one address, within ${f.windowSeconds} s of the first, further credentials from there are answered ${answer} without being checked until the window ends. Requests without credentials are not counted; a successful login does not clear the address's count.${f.assumed ? ` Assumed: ${f.assumed}.` : ''}`,
  ];
}
