// What the pages of generated/docs/ are made of (pages, sections, tables, endpoint articles,
// example tabs) and the helpers every kind of page uses: prose from templates/docs/text/,
// field tables, XML indented for reading.
import type { Field, Shape, Spec } from '../pipeline/model.ts';
import { escapeXmlAttr, escapeXmlText, parseXml, type XmlElement } from '../targets/typescript/runtime/xml.ts';
import { Handlebars, template } from '../pipeline/templates.ts';

export interface Table {
  head: string[];
  rows: string[][];
  caption?: string;
  /** Per row, where its first cell links to (the "silent" page's notes). */
  links?: string[];
}
/** One example in one language: data-kind names it for readers and tests (request-json, curl, typescript). */
export interface Example {
  kind: string;
  label: string;
  text: string;
}
/** Examples grouped by language; the reader picks one language for every group of the site. */
export interface Tab {
  lang: string;
  title: string;
  examples: Example[];
}
export interface Endpoint {
  id: string;
  method: string;
  path: string;
  purpose: string;
  client: string;
  status: number;
  params?: Table;
  tabs: Tab[];
}
/** A paragraph, or a code step of a guide (tabs when shown in several languages), in the order written. */
export type Block = { text: string } | { tabs: Tab[] };
export interface Section {
  id: string;
  title: string;
  text: string[];
  tables: Table[];
  endpoints: Endpoint[];
  svg?: string;
  mermaid?: string;
  /** Code shown after the text: one block, or tabs when the same thing is shown in several languages. */
  tabs?: Tab[];
  /** Guides: paragraphs and code interleaved. */
  blocks?: Block[];
  /** Names a search for them should land here on (SDK calls the section is about). */
  keywords?: string[];
}
export interface Page {
  file: string;
  title: string;
  intro: string;
  sections: Section[];
  /** guide or reference: the sidebar lists them apart. */
  group: 'guide' | 'reference';
}

export const languages: Record<string, string> = {
  typescript: 'TypeScript',
  php: 'PHP',
  python: 'Python',
  xml: 'XML',
  json: 'JSON',
  curl: 'curl',
};

const hb = Handlebars.create();
hb.registerHelper('join', (list: unknown, sep: unknown) =>
  Array.isArray(list) ? list.join(typeof sep === 'string' ? sep : ', ') : '',
);
const compiled = new Map<string, HandlebarsTemplateDelegate>();

/** The paragraphs of templates/docs/text/<name>.hbs rendered with `context` (blank lines separate them). */
export function prose(name: string, context: Record<string, unknown>): string[] {
  let t = compiled.get(name);
  if (!t) compiled.set(name, (t = template(hb, `docs/text/${name}.hbs`, { noEscape: true })));
  return t(context)
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, ' ').trim())
    .filter(Boolean);
}

export const describeType = (spec: Spec, shape: Shape): string => {
  switch (shape.kind) {
    case 'scalar': {
      const values = shape.values
        ? spec.values
            .find((v) => v.name === shape.values)!
            .values.map((e) => String(e.value === '' ? '(blank)' : e.value))
        : [];
      const base =
        shape.type === 'enum'
          ? 'one of'
          : shape.type === 'idlist' && values.length
            ? 'ids, comma-delimited, each one of'
            : shape.type;
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

/** Rows of a field table: name, type, meaning and rules. Provenance is on the "silent" page, not here. */
export function fieldRows(spec: Spec, fields: Field[]): string[][] {
  return fields.map((f) => {
    const rules: string[] = [];
    if (f.required) rules.push('required');
    if (f.when)
      rules.push(
        `only when ${f.when.field} ${f.when.equals !== undefined ? `= ${JSON.stringify(f.when.equals)}` : `is not ${JSON.stringify(f.when.notEquals)}`}`,
      );
    if (f.notTrueOnCreate) rules.push('cannot be 1 on create');
    if (f.shape.kind === 'scalar' && f.shape.default !== undefined)
      rules.push(`default ${JSON.stringify(f.shape.default)}`);
    return [f.name, describeType(spec, f.shape), [f.description ?? '', rules.join('; ')].filter(Boolean).join(' — ')];
  });
}

/** Columns empty in every row (and the head) are left out. */
export function tidy(t: Table): Table {
  const keep = t.head
    .map((h, i) => h !== '' || t.rows.some((r) => (r[i] ?? '') !== ''))
    .map((k, i) => (k && (t.rows.some((r) => (r[i] ?? '') !== '') || i < 2) ? i : -1))
    .filter((i) => i >= 0);
  return { ...t, head: keep.map((i) => t.head[i]), rows: t.rows.map((r) => keep.map((i) => r[i] ?? '')) };
}

/** XML indented for reading: re-serialized from its parsed tree, so it says exactly the same. */
export function indentXml(xml: string): string {
  const root = parseXml(xml, { maxDepth: 64, maxElements: 100_000, maxBytes: 10_000_000 });
  const lines: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const walk = (el: XmlElement, depth: number) => {
    const pad = '  '.repeat(depth);
    const attrs = el.attrs
      ? Object.entries(el.attrs)
          .map(([k, v]) => ` ${k}="${escapeXmlAttr(v)}"`)
          .join('')
      : '';
    if (!el.children.length) {
      lines.push(
        el.text === ''
          ? `${pad}<${el.name}${attrs}/>`
          : `${pad}<${el.name}${attrs}>${escapeXmlText(el.text)}</${el.name}>`,
      );
      return;
    }
    lines.push(`${pad}<${el.name}${attrs}>`);
    for (const c of el.children) walk(c, depth + 1);
    lines.push(`${pad}</${el.name}>`);
  };
  walk(root, 0);
  return lines.join('\n');
}
