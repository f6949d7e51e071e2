// Reference docs and the OpenAPI document: valid, complete, served without authentication.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { runInNewContext } from 'node:vm';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { loadSpec } from '../generator/pipeline/load.ts';
import { messageTargets } from '../generator/targets/typescript/names.ts';
import { example, exampleSegment } from '../generator/sdk-model/examples.ts';
import { validateRequest } from '../generated/server/src/validators/index.ts';
import { generatedDir, specDir } from './support/paths.ts';
import { call, startServer, type RunningServer } from './support/server.ts';

const spec = loadSpec(specDir);
const openapi = JSON.parse(readFileSync(join(generatedDir, 'openapi.json'), 'utf8'));
/** Responses with each $ref to components/responses replaced by what it names. */
const resolved = (responses: Record<string, { $ref?: string }>): Record<string, any> =>
  Object.fromEntries(
    Object.entries(responses).map(([status, r]) => [
      status,
      r.$ref ? openapi.components.responses[r.$ref.split('/').pop()!] : r,
    ]),
  );

describe('OpenAPI 3.1 document', () => {
  it('validates with swagger-parser', async () => {
    const api = (await SwaggerParser.validate(structuredClone(openapi))) as { openapi?: string };
    expect(api.openapi).toBe('3.1.0');
  });

  it('the YAML rendering holds the same document', () => {
    expect(parse(readFileSync(join(generatedDir, 'openapi.yaml'), 'utf8'))).toEqual(openapi);
  });

  it('has every record path for every kind, every activity segment, reports, hooks and batch, written as the document writes them', () => {
    const paths = Object.keys(openapi.paths);
    for (const k of spec.kinds)
      for (const p of ['/', '/{ID}/', '/categories/', '/fields/'])
        expect(paths).toContain(`/${k.name}${p.replace('{ID}', `{${k.singular}Id}`)}`);
    // Activity paths per kind; update and delete share the path with its trailing slash (the
    // service takes both spellings; without it /contacts/note/{activityId} is ambiguous with
    // /contacts/{contactId}/).
    for (const k of spec.kinds)
      for (const a of spec.activities) {
        expect(Object.keys(openapi.paths[`/${k.name}/${a.segment}/{activityId}/`])).toEqual(['put', 'delete']);
        expect(paths).toContain(`/${k.name}/${a.segment}/`);
      }
    for (const r of spec.reports) expect(paths).toContain(`/report/${r.name}/`);
    expect(paths).toEqual(expect.arrayContaining(['/hooks/', '/hooks/{hookId}', '/ownership/', '/batch']));
    expect(paths).not.toContain('/batch/');
    expect(paths).not.toContain('/hooks/{hookId}/');
  });

  it('list and report parameters are also a GET request body, as existing clients send them', () => {
    for (const path of ['/contacts/', '/report/activities/', '/ownership/']) {
      const body = openapi.paths[path].get.requestBody;
      expect(body.required, path).toBe(false);
      expect(Object.keys(body.content)).toEqual([
        'application/xml',
        'application/json',
        'application/x-www-form-urlencoded',
      ]);
      expect(openapi.paths[path].get.parameters.some((p: { in: string }) => p.in === 'query')).toBe(true);
    }
  });

  it('answers may be JSONP (application/javascript); the call-limit header is on every answer that has a caller', () => {
    const show = resolved(openapi.paths['/contacts/{contactId}/'].get.responses);
    expect(Object.keys(show['200'].content)).toContain(spec.formats.output.jsonp);
    expect(Object.keys(show['404'].content)).toContain(spec.formats.output.jsonp);
    expect(show['429'].headers).toHaveProperty([spec.quota.header]);
    expect(show['400'].headers).toHaveProperty([spec.quota.header]);
    expect(show['401'].headers).toBeUndefined();
    expect(resolved(openapi.paths['/batch'].post.responses)['400'].headers).toHaveProperty([spec.quota.header]);
  });

  it('every example is valid against its own schema', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    // OpenAPI's own keywords and formats are annotations here.
    ajv.addKeyword('xml');
    ajv.addKeyword('example');
    ajv.addSchema({ $id: 'openapi', components: openapi.components } as object);
    let checked = 0;
    const problems: string[] = [];
    const visit = (node: unknown, where: string) => {
      if (!node || typeof node !== 'object') return;
      const o = node as Record<string, unknown>;
      if ('example' in o && o.schema && typeof o.schema === 'object') {
        const schema = JSON.parse(JSON.stringify(o.schema).replaceAll('"#/components/', '"openapi#/components/'));
        // An XML example is the document text; the schema describes its JSON reading.
        if (!where.includes('application/xml')) {
          const validate = ajv.compile(schema);
          checked++;
          if (!validate(o.example)) problems.push(`${where}: ${ajv.errorsText(validate.errors)}`);
        }
      }
      for (const [k, v] of Object.entries(o)) visit(v, `${where}/${k}`);
    };
    visit(openapi.paths, 'paths');
    visit(openapi.webhooks, 'webhooks');
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  it('offers XML, JSON and form request bodies, the error envelope and the call-limit header', () => {
    const create = openapi.paths['/contacts/'].post;
    expect(Object.keys(create.requestBody.content)).toEqual([
      'application/xml',
      'application/json',
      'application/x-www-form-urlencoded',
    ]);
    expect(create.responses['201'].headers).toHaveProperty([spec.quota.header]);
    expect(create.responses['201'].headers).toHaveProperty('Location');
    expect(resolved(create.responses)['404'].content['application/xml'].schema.$ref).toBe(
      '#/components/schemas/error.response',
    );
    expect(openapi.components.securitySchemes.basicAuth).toEqual(
      expect.objectContaining({ type: 'http', scheme: 'basic' }),
    );
    expect(Object.keys(openapi.paths['/contacts/file/'].post.requestBody.content)).toContain('multipart/form-data');
  });

  it('describes the JSON wire form: id<N> keys and comma-delimited lists', () => {
    const list = openapi.components.schemas['records.contacts.listRecords.response'];
    expect(Object.keys(list.patternProperties)).toEqual(['^id[0-9]+$']);
    const event = openapi.components.schemas['activities.event.createActivity.request'];
    expect(event.properties.data.properties.attendees.type).toBe('string');
    // An item's activities: keys id<N>, each entry one of the activity types by its typeid.
    const show = openapi.components.schemas['records.contacts.showRecord.response'];
    expect(show.properties.activities.propertyNames).toEqual({ pattern: '^id[0-9]+$' });
    const entry = openapi.components.schemas[show.properties.activities.additionalProperties.$ref.split('/').pop()];
    expect(entry.oneOf).toHaveLength(spec.activities.length);
    const task = openapi.components.schemas['ActivityEntry.task'];
    expect(task.properties.typeid.const).toBe(spec.activities.find((a) => a.segment === 'task')!.typeid);
    expect(task.properties.fields.$ref).toBe('#/components/schemas/TaskFields');
  });

  it('lists every event in webhooks with the signature header', () => {
    expect(Object.keys(openapi.webhooks).sort()).toEqual(spec.events.map((e) => e.name).sort());
    expect(openapi.webhooks['items.update'].post.parameters[0].name).toBe(spec.notification.signature.header);
  });
});

describe('examples in the docs and the OpenAPI document', () => {
  it('every request and parameter example passes the generated validators', () => {
    const problems: string[] = [];
    for (const t of messageTargets(spec).filter((x) => x.part !== 'response')) {
      const errors = validateRequest(
        t.id,
        example(spec, t.shape, { kind: t.kind, segment: t.segment ?? exampleSegment(spec) }),
      );
      if (errors.length) problems.push(`${t.id}: ${errors.map((e) => `${e.key} ${e.path}`).join(', ')}`);
    }
    expect(problems).toEqual([]);
  });
});

describe('reference docs', () => {
  const page = (name: string) => readFileSync(join(generatedDir, 'docs', name), 'utf8');
  it('has one page per resource family with navigation and search', () => {
    for (const p of [
      'index',
      'records',
      'categories',
      'fields',
      'ownership',
      'activities',
      'hierarchy',
      'reports',
      'webhooks',
      'batch',
    ]) {
      const html = page(`${p}.html`);
      expect(html).toContain('id="search"');
      expect(html).toContain('class="sidebar"');
    }
  });

  it('has a section with a field table for every activity type, and the hierarchy as SVG', () => {
    const html = page('activities.html');
    for (const a of spec.activities) expect(html).toContain(`<section id="${a.segment}">`);
    const currencies = spec.values
      .find((v) => v.name === 'currencies')!
      .values.map((v) => v.value)
      .join(', ');
    expect(html).toContain(currencies);
    expect(page('hierarchy.html')).toMatch(/<svg [^>]*aria-label="Activity hierarchy"/);
    const md = page('reference.md');
    expect(md).toContain('```mermaid');
    for (const r of spec.hierarchy) expect(md).toContain(`${r.parent} --> ${r.child}`);
  });

  it('shows TypeScript, XML, JSON and curl examples for every endpoint, as tabs with TypeScript first', () => {
    const all = ['records', 'categories', 'fields', 'ownership', 'activities', 'reports', 'webhooks']
      .map((p) => page(`${p}.html`))
      .join('\n');
    const articles = [...all.matchAll(/<article class="endpoint" id="([^"]+)">([\s\S]*?)<\/article>/g)];
    expect(articles.length).toBeGreaterThanOrEqual(spec.operations.length - 1);
    for (const [, id, body] of articles) {
      const tabs = [
        ...body.matchAll(/<button type="button" role="tab" class="tab" data-lang="(\w+)" aria-selected="(\w+)"/g),
      ].map((m) => `${m[1]}:${m[2]}`);
      expect(tabs[0], id).toBe('typescript:true');
      expect(
        tabs.slice(1).every((t) => t.endsWith(':false')),
        id,
      ).toBe(true);
      expect(
        tabs.map((t) => t.split(':')[0]),
        id,
      ).toEqual(expect.arrayContaining(['typescript', 'curl']));
      // Only the chosen language is shown; the others wait in hidden panels.
      expect(body.match(/<div class="tab-panel" role="tabpanel" data-lang="\w+" hidden>/g)?.length ?? 0, id).toBe(
        tabs.length - 1,
      );
      expect(body.match(/data-kind="typescript"/g), id).toHaveLength(1);
      expect(body.match(/data-kind="curl"/g), id).toHaveLength(1);
    }
  });

  it('keeps provenance off the reference pages: every assumed note of the spec is on "Where the document is silent", and only there', () => {
    const notes: string[] = [];
    const walk = (v: unknown) => {
      if (!v || typeof v !== 'object') return;
      if (Array.isArray(v)) return v.forEach(walk);
      const o = v as Record<string, unknown>;
      if (typeof o.assumed === 'string') notes.push(o.assumed);
      for (const [k, x] of Object.entries(o)) if (k !== 'assumed') walk(x);
    };
    walk(spec);
    expect(notes.length).toBeGreaterThan(20);
    const text = (html: string) =>
      html
        .replace(/<[^>]+>/g, ' ')
        .replace(/&#x27;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&')
        .replace(/&#x3D;/g, '=')
        .replace(/&#x60;/g, '`')
        .replace(/\s+/g, ' ');
    const silent = text(page('silent.html'));
    for (const n of notes) expect(silent, n).toContain(n.replace(/\s+/g, ' '));
    for (const f of readdirSync(join(generatedDir, 'docs')).filter((x) => x.endsWith('.html') && x !== 'silent.html')) {
      const t = text(page(f));
      expect(t, f).not.toMatch(/\bassumed\b/i);
      for (const n of notes.filter((x) => x.length > 25))
        expect(t.includes(n.replace(/\s+/g, ' ')), `${f}: ${n}`).toBe(false);
    }
  });

  it('lists the guides apart from the reference in every sidebar', () => {
    for (const f of ['index.html', 'guide-pagination.html', 'silent.html']) {
      const nav = page(f).split('<main>')[0];
      expect(nav.indexOf('>Guides<'), f).toBeLessThan(nav.indexOf('>Reference<'));
      for (const g of [
        'guide-getting-started',
        'guide-pagination',
        'guide-errors',
        'guide-batch',
        'guide-webhooks',
        'silent',
      ])
        expect(nav, f).toContain(`href="${g}.html"`);
    }
  });
});

describe('the reference docs as a static site', () => {
  // Publishable anywhere (any host, any sub-path, file://): every link is relative and lands on a
  // file of generated/docs, and every #anchor on an id of its page. The docs link to no API host.
  const docs = join(generatedDir, 'docs');
  const files = (readdirSync(docs, { recursive: true }) as string[])
    .map((f) => f.split('\\').join('/'))
    .filter((f) => statSync(join(docs, f)).isFile());
  const html = files.filter((f) => f.endsWith('.html'));
  const ids = new Map(
    html.map((f) => [
      f,
      new Set([...readFileSync(join(docs, f), 'utf8').matchAll(/<[a-zA-Z][^>]*\sid="([^"]*)"/g)].map((m) => m[1])),
    ]),
  );
  const decode = (v: string) =>
    v
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  /** Problems with one link found in `from` (a path relative to generated/docs), or none. */
  const check = (from: string, link: string): string[] => {
    const where = `${from}: ${link}`;
    if (link === '') return [`${where} is empty`];
    if (/^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith('/') || link.startsWith('\\'))
      return [`${where} is not relative`];
    const [path, fragment] = link.split('#', 2) as [string, string | undefined];
    const target =
      path === '' ? from : posix.normalize(posix.join(posix.dirname(from), decodeURIComponent(path.split('?')[0])));
    if (target.startsWith('../') || !files.includes(target))
      return [`${where} resolves to ${target}, not a file of generated/docs`];
    if (fragment !== undefined && !ids.get(target)?.has(decodeURIComponent(fragment)))
      return [`${where}: ${target} has no id ${fragment}`];
    return [];
  };

  it('has every href and src of every page relative, resolving to a file (and anchor) of the site', () => {
    expect(html.length).toBeGreaterThanOrEqual(10);
    const problems: string[] = [];
    let checked = 0;
    for (const f of html) {
      const text = readFileSync(join(docs, f), 'utf8');
      if (/<base[\s>]/i.test(text)) problems.push(`${f}: a <base> element changes what relative links mean`);
      const links: string[] = [];
      // Attributes of real tags only: text in examples is escaped, so it holds no tag.
      for (const tag of text.matchAll(/<[a-zA-Z][^>]*>/g)) {
        for (const m of tag[0].matchAll(
          /\s(href|src|xlink:href|srcset|action|poster|data)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/gi,
        )) {
          const value = decode(m[2] ?? m[3] ?? m[4]);
          links.push(
            ...(m[1].toLowerCase() === 'srcset' ? value.split(',').map((c) => c.trim().split(/\s+/)[0]) : [value]),
          );
        }
      }
      for (const link of links) problems.push(...check(f, link));
      checked += links.length;
      // The site's own files, by the links that load them.
      for (const asset of ['assets/site.css', 'assets/site.js', 'search-index.js']) expect(links, f).toContain(asset);
    }
    expect(checked).toBeGreaterThan(html.length * 10);
    expect(problems).toEqual([]);
  });

  it('has no absolute url() in its stylesheets and search results that are relative links to existing anchors', () => {
    const problems: string[] = [];
    for (const f of files.filter((x) => x.endsWith('.css'))) {
      for (const m of readFileSync(join(docs, f), 'utf8').matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)]*?))\s*\)/g))
        problems.push(...check(f, (m[1] ?? m[2] ?? m[3]).trim()));
    }
    // search-index.js runs as a script (no fetch, which file:// refuses) and sets the index.
    const sandbox: { window: { crmgenSearchIndex?: { title: string; href: string }[] } } = { window: {} };
    runInNewContext(readFileSync(join(docs, 'search-index.js'), 'utf8'), sandbox);
    const index = sandbox.window.crmgenSearchIndex!;
    expect(index.length).toBeGreaterThan(spec.activities.length);
    expect(index.find((e) => e.href === 'activities.html#opportunity')?.title).toContain('Opportunity');
    // SDK call names are keywords of the sections about them.
    const keywords = (href: string) =>
      (index.find((e) => e.href === href) as { keywords?: string } | undefined)?.keywords?.split(' ') ?? [];
    expect(keywords('guide-pagination.html#pagination-iterate')).toContain('iterate');
    expect(keywords('guide-webhooks.html#webhooks-verify')).toContain('verifyWebhook');
    expect(keywords('records.html#createRecord')).toContain('crm.contacts.create');
    expect(keywords('records.html#createRecord')).toContain('createRecord');
    // Results are shown on every page, so their links are relative to each page's folder.
    for (const p of html) for (const e of index) problems.push(...check(p, e.href));
    expect(problems).toEqual([]);
  });

  it('site.js reads the index from the script, never by fetch or XHR', () => {
    const js = readFileSync(join(docs, 'assets', 'site.js'), 'utf8');
    expect(js).toContain('crmgenSearchIndex');
    expect(js).not.toMatch(/\bfetch\s*\(|XMLHttpRequest|import\s*\(/);
  });
});

describe('crmgen serve publishes the docs', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ users: ['ann@example.com:secret1'] });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('mentions the docs address when it starts', () => {
    expect(server.output()).toContain(`${server.base}/docs/`);
  });

  it('serves /docs/ and /openapi.json without authentication', async () => {
    const docs = await call(server.base, '/docs/', { auth: null });
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-type')).toContain('text/html');
    expect(docs.text).toContain('<title>Overview');
    const api = await call(server.base, '/openapi.json', { auth: null });
    expect(api.status).toBe(200);
    expect(api.json().openapi).toBe('3.1.0');
    expect((await call(server.base, '/docs/../package.json', { auth: null })).status).not.toBe(200);
  });
});

describe('a changelog beside the spec', () => {
  it('crmgen diff --format markdown, saved as spec/CHANGELOG.md, becomes the Changes page', async () => {
    const { mkdtempSync, cpSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { spawnSync } = await import('node:child_process');
    const { emitDocs } = await import('../generator/outputs/docs.ts');
    const { derive } = await import('../generator/sdk-model/derive.ts');
    const docsOf = (s: ReturnType<typeof loadSpec>) => emitDocs(s, derive(s));
    const { cli, root } = await import('./support/paths.ts');
    const dir = mkdtempSync(join(tmpdir(), 'crmgen-changelog-'));
    try {
      cpSync(specDir, join(dir, 'old'), { recursive: true });
      cpSync(specDir, join(dir, 'new'), { recursive: true });
      const values = join(dir, 'new', 'values.yaml');
      writeFileSync(values, readFileSync(values, 'utf8').replace('HRK, ', ''));
      const r = spawnSync(
        process.execPath,
        [cli, 'diff', join(dir, 'old'), join(dir, 'new'), '--format', 'markdown', '--allow-breaking'],
        { cwd: root, encoding: 'utf8' },
      );
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(/### Breaking/);
      writeFileSync(join(dir, 'new', 'CHANGELOG.md'), r.stdout);
      const files = docsOf(loadSpec(join(dir, 'new')));
      const changes = files.find((f) => f.path === 'docs/changes.html');
      expect(changes?.content).toContain('Breaking');
      expect(changes?.content).toContain('HRK');
      expect(files.find((f) => f.path === 'docs/index.html')!.content).toContain('href="changes.html"');
      // Without a changelog there is no Changes page (spec/ has one since 2.0.0: a copy without it).
      rmSync(join(dir, 'old', 'CHANGELOG.md'), { force: true });
      expect(docsOf(loadSpec(join(dir, 'old'))).some((f) => f.path === 'docs/changes.html')).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
