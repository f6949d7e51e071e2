// The reference docs in a real browser (Debian's chromium, driven by playwright-core): search,
// open a result, read a field table, copy an example and send it to the same service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { loadSpec } from '../generator/load.ts';
import { root, specDir } from './support/paths.ts';
import { call, startServer, type RunningServer } from './support/server.ts';

const chromiumPath = '/usr/bin/chromium';
const ann: [string, string] = ['ann@example.com', 'secret1'];
const spec = loadSpec(specDir);
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(chromiumPath)) throw new Error(`${chromiumPath} is missing: .ci/run installs Debian's chromium (apt-get install -y chromium)`);
  server = await startServer({ users: [ann.join(':')] });
  browser = await chromium.launch({ executablePath: chromiumPath, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
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
    expect(currencies).toHaveLength(23);
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
    const example = page.locator('article#createRecord-contacts .example[data-kind="request-json"]');
    await example.locator('button.copy').click();
    await expect.poll(() => example.locator('button.copy').textContent()).toBe('Copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const path = (await page.locator('article#createRecord-contacts h3 code').textContent())!;
    const res = await call(server.base, path, { user: ann, method: 'POST', contentType: 'application/json', accept: 'application/json', body: copied });
    expect(res.status).toBe(201);
    expect(res.json().item.name).toBe('Ann Lee');
    await context.close();
  });
});
