// The guide pages of generated/docs/ from templates/docs/guides/*.md.hbs: a header (title:,
// intro:), then `## Title {#id}` sections, an optional `keywords:` line (what search should
// land on there), paragraphs, and fenced code (```ts, ```py, ```sh). Code blocks that follow each other
// are the same step in several languages and become tabs. test/docs-guides.test.ts runs every
// block against a live service.
import { readdirSync } from 'node:fs';
import type { Spec } from '../pipeline/model.ts';
import { templatesDir } from '../pipeline/root.ts';
import { Handlebars, template } from '../pipeline/templates.ts';
import { languages, type Block, type Example, type Page, type Section, type Tab } from './docs-model.ts';
import { tsId } from '../targets/typescript/docs-tab.ts';
import { phpGuideHelpers } from '../targets/php/docs-tab.ts';
import { pyIdType, pyImportName } from '../targets/python/docs-tab.ts';

const fenceLang: Record<string, string> = { ts: 'typescript', php: 'php', py: 'python', sh: 'curl' };

export function guidePages(spec: Spec): Page[] {
  const dir = `${templatesDir}docs/guides/`;
  const hb = Handlebars.create();
  hb.registerHelper('join', (list: unknown, sep: unknown) =>
    Array.isArray(list) ? list.join(typeof sep === 'string' ? sep : ', ') : '',
  );
  // A number from elsewhere as the client takes ids ({{id "contacts" 12}}), and what to import for it.
  hb.registerHelper('id', (of: string, n: number) => tsId(of, n));
  for (const [name, helper] of Object.entries(phpGuideHelpers(spec))) hb.registerHelper(name, helper);
  // The Python SDK's id type of a kind ({{pyidtype "contacts"}}: ContactId) and its import name.
  hb.registerHelper('pyidtype', (kind: string) => pyIdType(spec.kinds.find((k) => k.name === kind)?.singular ?? kind));
  const context = {
    spec,
    client: spec.packages.client.name,
    pypkg: pyImportName(spec.packages.client.name),
    first: spec.kinds[0],
    p: spec.operations.find((o) => o.paginate)?.paginate,
    notFound: spec.errors.find((e) => e.status === 404),
    events: spec.events.map((e) => e.name),
    sig: spec.notification.signature,
  };
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md.hbs'))
    .sort()
    .map((f) =>
      parseGuide(
        f.replace(/^\d+-/, '').replace(/\.md\.hbs$/, ''),
        template(hb, `docs/guides/${f}`, { noEscape: true, strict: true })(context),
      ),
    );
}

function parseGuide(slug: string, text: string): Page {
  const [head, body] = text.split(/^---$/m);
  const meta = Object.fromEntries(
    head
      .trim()
      .split('\n')
      .map((l) => [l.slice(0, l.indexOf(':')).trim(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  const sections: Section[] = [];
  let section: Section | undefined;
  let tabs: Tab[] | undefined;
  const lines = body.split('\n');
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length && section) section.blocks!.push({ text: paragraph.join(' ') });
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const h = /^## (.+?) \{#([\w-]+)\}$/.exec(line);
    const fence = /^```(\w+)$/.exec(line);
    if (h) {
      flush();
      tabs = undefined;
      section = { id: h[2], title: h[1], text: [], tables: [], endpoints: [], blocks: [], keywords: [] };
      sections.push(section);
      if (/^keywords:/.test(lines[i + 1] ?? ''))
        section.keywords = lines[++i].slice('keywords:'.length).trim().split(/\s+/);
    } else if (fence && section) {
      flush();
      const end = lines.indexOf('```', i + 1);
      if (end < 0) throw new Error(`guide ${slug}: code block at line ${i + 1} is not closed`);
      const lang = fenceLang[fence[1]];
      if (!lang) throw new Error(`guide ${slug}: unknown code language ${fence[1]}`);
      const code: Example = { kind: lang, label: languages[lang]!, text: lines.slice(i + 1, end).join('\n') };
      // Code right after code: the same step in another language.
      const last = section.blocks!.at(-1);
      if (tabs && last && 'tabs' in last && last.tabs === tabs)
        tabs.push({ lang, title: languages[lang], examples: [code] });
      else section.blocks!.push({ tabs: (tabs = [{ lang, title: languages[lang], examples: [code] }]) } as Block);
      i = end;
    } else if (line.trim() === '') {
      flush();
    } else {
      paragraph.push(line.trim());
      tabs = undefined;
    }
  }
  flush();
  return { file: `guide-${slug}.html`, title: meta.title, intro: meta.intro, sections, group: 'guide' };
}
