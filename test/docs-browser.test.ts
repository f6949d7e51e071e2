// The reference docs in a real browser (Debian's chromium, driven by playwright-core): search,
// open a result, read a field table, copy an example and send it to the same service; and the
// same site opened from file:// as a copy outside the repo.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { loadSpec } from '../generator/pipeline/load.ts';
import { generatedDir, root, specDir } from './support/paths.ts';
import { call, startServer, type RunningServer } from './support/server.ts';

const chromiumPath = '/usr/bin/chromium';
const ann: [string, string] = ['ann@example.com', 'secret1'];
const spec = loadSpec(specDir);
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(chromiumPath))
    throw new Error(`${chromiumPath} is missing: .ci/run installs Debian's chromium (apt-get install -y chromium)`);
  server = await startServer({ users: [ann.join(':')] });
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the reference docs in chromium', () => {
  it('finds the opportunity type by search and shows its field table with every currency', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.base}/docs/`);
    await page.fill('#search', 'opportunity');
    const first = page.locator('#results li a').first();
    await first.waitFor({ timeout: 10_000 });
    expect(await first.textContent()).toContain('Opportunity');
    await first.click();
    await page.waitForURL(/activities\.html#opportunity$/);
    const table = page.locator('section#opportunity table').first();
    const currencyRow = table.locator('tr', { hasText: 'valuecurrency' });
    const text = (await currencyRow.textContent()) ?? '';
    const currencies = spec.values.find((v) => v.name === 'currencies')!.values.map((v) => String(v.value));
    expect(currencies.length).toBeGreaterThan(0);
    for (const c of currencies) expect(text).toContain(c);
    const dir = join(root, 'test-results');
    mkdirSync(dir, { recursive: true });
    const shot = join(dir, 'docs-opportunity.png');
    await page.screenshot({ path: shot });
    expect(statSync(shot).size).toBeGreaterThan(10_000);
    await context.close();
  });

  it('copies the create-record JSON example, which then succeeds against the same service', async () => {
    const context = await browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.base });
    const page = await context.newPage();
    await page.goto(`${server.base}/docs/records.html`);
    await page.locator('article#createRecord-contacts .tab[data-lang="json"]').click();
    const example = page.locator('article#createRecord-contacts .example[data-kind="request-json"]');
    await example.locator('button.copy').click();
    await expect.poll(() => example.locator('button.copy').textContent()).toBe('Copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const path = (await page.locator('article#createRecord-contacts h3 code').textContent())!;
    const res = await call(server.base, path, {
      user: ann,
      method: 'POST',
      contentType: 'application/json',
      accept: 'application/json',
      body: copied,
    });
    expect(res.status).toBe(201);
    expect(res.json().item.name).toBe('Ann Lee');
    await context.close();
  });
});

describe('example tabs and search', () => {
  const visibleKinds = (page: Page, article: string) =>
    page
      .locator(`article#${article} .example:visible`)
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')));

  it('keeps the language the reader picked across reloads and pages: JSON, then TypeScript', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.base}/docs/records.html`);
    // A first visit shows TypeScript; the other languages are a click away.
    expect(await visibleKinds(page, 'createRecord-contacts')).toEqual(['typescript']);
    await page.locator('article#createRecord-contacts .tab[data-lang="json"]').click();
    expect(await visibleKinds(page, 'createRecord-contacts')).toEqual(['request-json', 'response-json']);
    // Every example of the page follows the choice.
    expect(await visibleKinds(page, 'showRecord-contacts')).toEqual(['response-json']);
    await page.reload();
    expect(await visibleKinds(page, 'createRecord-contacts')).toEqual(['request-json', 'response-json']);
    expect(
      await page.locator('article#createRecord-contacts .tab[data-lang="json"]').getAttribute('aria-selected'),
    ).toBe('true');

    await page.locator('article#updateRecord-contacts .tab[data-lang="typescript"]').click();
    expect(await visibleKinds(page, 'createRecord-contacts')).toEqual(['typescript']);
    await page.reload();
    expect(await visibleKinds(page, 'createRecord-contacts')).toEqual(['typescript']);
    expect(
      await page.locator('article#createRecord-contacts .tab[data-lang="typescript"]').getAttribute('aria-selected'),
    ).toBe('true');
    const call = (await page
      .locator('article#createRecord-contacts .example[data-kind="typescript"] code')
      .textContent())!;
    expect(call).toMatch(/^const created = await crm\.contacts\.create\(\{/);
    // Another page, same choice: and the guides' tabs too.
    await page.goto(`${server.base}/docs/activities.html#task`);
    expect(await visibleKinds(page, 'createActivity-contacts-task')).toEqual(['typescript']);
    await page.locator('article#createActivity-contacts-task .tab[data-lang="curl"]').click();
    await page.goto(`${server.base}/docs/guide-getting-started.html`);
    expect(
      await page
        .locator('#getting-started-client .example:visible')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-kind'))),
    ).toEqual(['curl']);
    await context.close();
  });

  for (const [query, target, heading] of [
    ['iterate', 'guide-pagination.html#pagination-iterate', 'Every page with iterate'],
    ['verifyWebhook', 'guide-webhooks.html#webhooks-verify', 'Verify the signature'],
    ['pagination', 'guide-pagination.html#pagination-pages', 'Pages: start and limit'],
  ] as const) {
    it(`searching "${query}" lands on ${target}`, async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${server.base}/docs/reports.html`);
      await page.fill('#search', query);
      const first = page.locator('#results li a').first();
      await first.waitFor({ timeout: 10_000 });
      await first.click();
      await page.waitForURL(`${server.base}/docs/${target}`);
      const section = page.locator(`section#${target.split('#')[1]}`);
      expect(await section.locator('h2').textContent()).toBe(heading);
      // Landed: the section is at the top of the viewport.
      expect(Math.abs(await section.evaluate((el) => el.getBoundingClientRect().top))).toBeLessThan(5);
      if (query !== 'pagination')
        expect(await section.locator('.example[data-kind="typescript"] code').textContent()).toContain(query);
      await context.close();
    });
  }
});

describe('the reference docs opened from file://', () => {
  // A space in the path: the site must not depend on where it sits or on URL-safe folder names.
  let dir: string;
  let site: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'crmgen-docs-'));
    site = join(dir, 'static copy', 'docs');
    cpSync(join(generatedDir, 'docs'), site, { recursive: true });
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** A fresh context whose page records every page error, console error and failed or non-file request. */
  async function open(init?: () => void): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    context.on('request', (r) => {
      if (!r.url().startsWith('file://')) problems.push(`request outside file://: ${r.url()}`);
    });
    context.on('requestfailed', (r) => problems.push(`failed: ${r.url()} ${r.failure()?.errorText ?? ''}`));
    const page = await context.newPage();
    if (init) await page.addInitScript(init);
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
    });
    return { context, page, problems };
  }
  const styled = (page: Page) =>
    page.evaluate(() => ({
      body: getComputedStyle(document.body).display,
      sidebar: getComputedStyle(document.querySelector('.sidebar')!).width,
    }));

  it('searches, opens the result at its anchor, follows the nav, with the stylesheet applied and no errors', async () => {
    const { context, page, problems } = await open();
    const index = pathToFileURL(join(site, 'index.html')).href;
    await page.goto(index);
    expect(page.url()).toBe(index);
    // site.css sets these; without it the body is block and the sidebar as wide as the page.
    expect(await styled(page)).toEqual({ body: 'flex', sidebar: '280px' });

    await page.fill('#search', 'opportunity');
    const first = page.locator('#results li a').first();
    await first.waitFor({ timeout: 10_000 });
    expect(await first.textContent()).toContain('Opportunity');
    await first.click();
    await page.waitForURL(pathToFileURL(join(site, 'activities.html')).href + '#opportunity');
    expect(await page.locator('h1').textContent()).toBe('Activities');
    const top = await page.locator('section#opportunity').evaluate((el) => el.getBoundingClientRect().top);
    expect(Math.abs(top)).toBeLessThan(5);
    expect(await page.locator('section#opportunity table tr', { hasText: 'valuecurrency' }).count()).toBe(1);

    await page.locator('.nav a', { hasText: 'Reports' }).click();
    await page.waitForURL(pathToFileURL(join(site, 'reports.html')).href);
    expect(await page.locator('h1').textContent()).toBe('Reports');
    expect(await page.locator('.nav a[aria-current="page"]').textContent()).toBe('Reports');
    expect(await styled(page)).toEqual({ body: 'flex', sidebar: '280px' });
    // Search works on the second page too (the index is loaded per page, not fetched).
    await page.fill('#search', 'webhook');
    await page.locator('#results li a').first().waitFor({ timeout: 10_000 });
    // A copy button with whatever clipboard file:// offers: it reacts, and nothing throws.
    const copy = page.locator('.example button.copy').first();
    await copy.click();
    await expect.poll(() => copy.textContent()).toMatch(/^(Copied|Press Ctrl\+C)$/);

    expect(problems).toEqual([]);
    await context.close();
  });

  it('copy buttons fall back when the clipboard API is missing, and select the text when copying is impossible', async () => {
    const { context, page, problems } = await open(() => {
      Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined, configurable: true });
    });
    await page.goto(pathToFileURL(join(site, 'records.html')).href);
    expect(await page.evaluate(() => navigator.clipboard)).toBeUndefined();
    await page.locator('article#createRecord-contacts .tab[data-lang="json"]').click();
    const example = page.locator('article#createRecord-contacts .example[data-kind="request-json"]');
    const button = example.locator('button.copy');
    const code = (await example.locator('code').textContent())!;

    // execCommand('copy') is the fallback: record what it is asked to copy.
    await page.evaluate(() => {
      const w = window as unknown as { copied: string[] };
      w.copied = [];
      document.execCommand = (cmd: string) => {
        const el = document.activeElement as HTMLTextAreaElement | null;
        if (cmd === 'copy') w.copied.push(el?.value ?? '');
        return cmd === 'copy';
      };
    });
    await button.click();
    await expect.poll(() => button.textContent()).toBe('Copied');
    expect(await page.evaluate(() => (window as unknown as { copied: string[] }).copied)).toContain(code);

    // Nothing can copy: the code is left selected for Ctrl+C and the button says so.
    await page.evaluate(() => {
      document.execCommand = () => false;
    });
    await page.locator('article#createRecord-contacts .tab[data-lang="curl"]').click();
    await page.locator('article#createRecord-contacts .example[data-kind="curl"] button.copy').click();
    const curl = page.locator('article#createRecord-contacts .example[data-kind="curl"]');
    await expect.poll(() => curl.locator('button.copy').textContent()).toBe('Press Ctrl+C');
    expect(await page.evaluate(() => String(window.getSelection()))).toBe(await curl.locator('code').textContent());

    expect(problems).toEqual([]);
    await context.close();
  });
});
