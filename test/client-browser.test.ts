// The generated client in a real browser (Debian's chromium, driven by playwright-core): a page
// served from one loopback origin loads the client package bundled by esbuild and calls
// `crmgen serve` on another port (another origin, so through CORS), in XML and in JSON: create a
// contact, list it, run a batch, read the quota, and get a typed error for a missing record.
// Both clients run in both formats: the whole client (createClient) and the modular one (connect
// with a format object and the functions of resources/contacts), each bundled through the
// package's exports map as an installed package is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { existsSync, rmSync } from 'node:fs';
import { build } from 'esbuild';
import { chromium, type Browser } from 'playwright-core';
import { startServer, type RunningServer } from './support/server.ts';
import { linkClient } from './support/bundles.ts';

const chromiumPath = '/usr/bin/chromium';
const user = { email: 'ann@example.com', token: 'secret1' };

// The apps a web developer would write: the client package as installed, nothing else.
const app = (pkg: string) => `
import { createClient, ServiceError } from '${pkg}';
window.runApp = async (baseUrl, email, token, format) => {
  const crm = createClient({ baseUrl, email, token, format });
  const created = await crm.contacts.create({ firstname: 'Ann', lastname: 'Lee' });
  const page = await crm.contacts.list({ limit: 50 });
  const batch = crm.batch();
  const bob = batch.contacts.create({ firstname: 'Bob' });
  const shown = batch.contacts.show(created.item.id);
  await batch.send();
  let missing;
  try {
    await crm.contacts.show(999999);
  } catch (e) {
    missing = e instanceof ServiceError ? { status: e.status, keys: e.keys } : { other: String(e) };
  }
  return { id: created.item.id, name: created.item.name, listed: page.entries.map((e) => e.id), batch: [(await bob).item.name, (await shown).item.name], quota: crm.quota, missing };
};
`;

const modularApp = (pkg: string) => `
import { connect, ServiceError } from '${pkg}/core';
import { xml } from '${pkg}/xml';
import { json } from '${pkg}/json';
import * as contacts from '${pkg}/resources/contacts';
window.runModular = async (baseUrl, email, token, format) => {
  const crm = connect({ baseUrl, email, token, format: format === 'xml' ? xml : json });
  const created = await contacts.createRecord(crm, { firstname: 'Ann', lastname: 'Lee' });
  const page = await contacts.listRecords(crm, { limit: 50 });
  const batch = crm.batch();
  const bob = contacts.createRecord(batch, { firstname: 'Bob' });
  const shown = contacts.showRecord(batch, created.item.id);
  await batch.send();
  let missing;
  try {
    await contacts.showRecord(crm, 999999);
  } catch (e) {
    missing = e instanceof ServiceError ? { status: e.status, keys: e.keys } : { other: String(e) };
  }
  return { id: created.item.id, name: created.item.name, listed: page.entries.map((e) => e.id), batch: [(await bob).item.name, (await shown).item.name], quota: crm.quota, missing };
};
`;

let service: RunningServer;
let pageServer: Server;
let pageOrigin: string;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(chromiumPath))
    throw new Error(`${chromiumPath} is missing: .ci/run installs Debian's chromium (apt-get install -y chromium)`);
  service = await startServer({ users: [`${user.email}:${user.token}`] });
  const linked = linkClient();
  const scripts: Record<string, Uint8Array> = {};
  try {
    for (const [name, source] of [
      ['/app.js', app(linked.name)],
      ['/modular.js', modularApp(linked.name)],
    ] as const) {
      const bundle = await build({
        stdin: { contents: source, resolveDir: linked.dir, loader: 'js' },
        bundle: true,
        format: 'esm',
        platform: 'browser',
        target: 'es2022',
        write: false,
        logLevel: 'silent',
      });
      scripts[name] = bundle.outputFiles[0]!.contents;
    }
  } finally {
    rmSync(linked.dir, { recursive: true, force: true });
  }
  const html =
    '<!doctype html><html><head><meta charset="utf-8"><script type="module" src="/app.js"></script><script type="module" src="/modular.js"></script></head><body>app</body></html>';
  pageServer = createServer((req, res) => {
    const js = scripts[req.url ?? ''];
    if (js) res.writeHead(200, { 'content-type': 'text/javascript' }).end(js);
    else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((ok) => pageServer.listen(0, '127.0.0.1', ok));
  const address = pageServer.address();
  pageOrigin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
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
  await new Promise((ok) => (pageServer ? pageServer.close(ok) : ok(undefined)));
  await service?.stop();
});

describe('the client package in chromium, against crmgen serve on another origin', () => {
  const cases = [
    ['whole client', 'runApp', 'xml'],
    ['whole client', 'runApp', 'json'],
    ['modular client', 'runModular', 'xml'],
    ['modular client', 'runModular', 'json'],
  ] as const;
  it.each(cases)(
    '%s, %s (%s): creates, lists, batches, reads the quota and gets a typed error',
    async (_client, entry, format) => {
      expect(new URL(pageOrigin).origin).not.toBe(new URL(service.base).origin);
      const context = await browser.newContext();
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
      page.on('requestfailed', (r) => problems.push(`failed: ${r.url()} ${r.failure()?.errorText ?? ''}`));
      page.on('request', (r) => {
        const u = new URL(r.url());
        if (u.hostname !== '127.0.0.1') problems.push(`request off loopback: ${r.url()}`);
      });
      await page.goto(pageOrigin);
      await page.waitForFunction(
        (name) => typeof (window as unknown as Record<string, unknown>)[name] === 'function',
        entry,
        { timeout: 10_000 },
      );
      const out = (await page.evaluate(
        ([name, base, email, token, f]) =>
          (window as unknown as Record<string, (...a: string[]) => Promise<unknown>>)[name!]!(
            base!,
            email!,
            token!,
            f!,
          ),
        [entry, service.base, user.email, user.token, format],
      )) as {
        id: number;
        name: string;
        listed: number[];
        batch: string[];
        quota: { used: number; allowed: number } | undefined;
        missing: { status: number; keys: string[] };
      };
      expect(out.name).toBe('Ann Lee');
      expect(out.listed).toContain(out.id);
      expect(out.batch).toEqual(['Bob', 'Ann Lee']);
      // The quota header is readable across origins (exposed by CORS): create, list, batch (1 + 2 parts), show.
      expect(out.quota?.allowed).toBeGreaterThan(0);
      expect(out.quota?.used).toBeGreaterThanOrEqual(5);
      expect(out.missing).toEqual({ status: 404, keys: ['itemisnotfound'] });
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});
