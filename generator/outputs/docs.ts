// Emits generated/docs/: the docs as a static HTML site (guides, reference pages, "Where the
// document is silent"; sidebar, in-page search, examples in TypeScript, XML, JSON and curl as
// tabs that remember the reader's language) and the same content as one Markdown file. The
// pages are built by docs-guides.ts and docs-reference.ts; their prose is in templates/docs/.
import { readFileSync } from 'node:fs';
import type { Spec } from '../pipeline/model.ts';
import type { Derived } from '../sdk-model/derive.ts';
import type { GeneratedFile } from '../pipeline/generated-file.ts';
import { templatesDir } from '../pipeline/root.ts';
import { Handlebars, template } from '../pipeline/templates.ts';
import { guidePages } from './docs-guides.ts';
import { referencePages } from './docs-reference.ts';
import { languages, tidy, type Page, type Section } from './docs-model.ts';

export { indentXml } from './docs-model.ts';

export function emitDocs(spec: Spec, derived: Pick<Derived, 'descriptors'>): GeneratedFile[] {
  const pages: Page[] = [...referencePages(spec, derived.descriptors), ...guidePages(spec)];
  for (const p of pages) {
    for (const s of p.sections) {
      s.tables = s.tables.map((t) => ({
        ...tidy(t),
        ...(t.caption ? { caption: t.caption } : {}),
        links: t.links ?? [],
      }));
      for (const e of s.endpoints) if (e.params) e.params = tidy(e.params);
    }
  }
  const hb = Handlebars.create();
  hb.registerHelper('eq', (a: unknown, b: unknown) => a === b);
  // `code` in prose as <code>; everything else escaped.
  hb.registerHelper(
    'inline',
    (text: string) =>
      new hb.SafeString(
        text
          .split(/`([^`]+)`/)
          .map((part, i) => (i % 2 ? `<code>${hb.escapeExpression(part)}</code>` : hb.escapeExpression(part)))
          .join(''),
      ),
  );
  hb.registerHelper('plain', (text: string) => text.replace(/`/g, ''));
  hb.registerHelper('link', (links: string[] | undefined, row: number) => links?.[row] ?? '');
  const layout = template(hb, 'docs/page.html.hbs', { strict: true, preventIndent: true });
  const markdown = template(hb, 'docs/reference.md.hbs', { strict: true, noEscape: true, preventIndent: true });
  const guides = pages.filter((p) => p.group === 'guide');
  const reference = pages.filter((p) => p.group === 'reference');
  const navOf = (ps: Page[]) =>
    ps.map((p) => ({ file: p.file, title: p.title, sections: p.sections.map((s) => ({ id: s.id, title: s.title })) }));
  const nav = { guides: navOf(guides), reference: navOf(reference) };
  const files: GeneratedFile[] = pages.map((p) => ({
    path: `docs/${p.file}`,
    content: layout({ page: p, nav, service: spec.service, languages }),
    format: 'text' as const,
  }));
  files.push({
    path: 'docs/search-index.js',
    content: `window.crmgenSearchIndex = ${JSON.stringify(searchIndex([...guides, ...reference]))};\n`,
    format: 'text',
  });
  files.push({
    path: 'docs/assets/site.css',
    content: readFileSync(`${templatesDir}docs/site.css`, 'utf8'),
    format: 'text',
  });
  files.push({
    path: 'docs/assets/site.js',
    content: readFileSync(`${templatesDir}docs/site.js`, 'utf8'),
    format: 'text',
  });
  files.push({
    path: 'docs/reference.md',
    content: markdown({ pages: [...guides, ...reference], service: spec.service }),
    format: 'text',
  });
  return files;
}

/**
 * One entry per section: its title, its keywords (the SDK calls it is about), and its text
 * (prose, table rows, endpoint paths and client calls, guide code), for site.js to rank.
 * A script, not JSON: pages opened from file:// may load scripts but not fetch() files.
 */
function searchIndex(pages: Page[]) {
  const code = (s: Section) =>
    [...(s.blocks ?? []), ...(s.tabs ? [{ tabs: s.tabs }] : [])].flatMap((b) =>
      'tabs' in b
        ? b.tabs.flatMap((t) => t.examples.filter((e) => e.kind === 'typescript').map((e) => e.text))
        : [b.text],
    );
  return pages.flatMap((p) =>
    p.sections.map((s) => ({
      title: s.title,
      page: p.title,
      href: `${p.file}#${s.id}`,
      // SDK calls the section is about, and its operations' names (createRecord, listHooks).
      keywords: [
        ...new Set([...(s.keywords ?? []), ...s.endpoints.flatMap((e) => [e.client, e.id.split('-')[0]])]),
      ].join(' '),
      text: [
        s.title,
        ...s.text,
        ...code(s),
        ...s.tables.flatMap((t) => t.rows.map((r) => r.join(' '))),
        ...s.endpoints.map((e) => `${e.method} ${e.path} ${e.purpose} ${e.client}`),
      ]
        .join(' ')
        .replace(/\s+/g, ' ')
        .slice(0, 3000),
    })),
  );
}
