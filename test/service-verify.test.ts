// crmgen verify against the reference service (SQLite here; npm run test:postgres runs it on
// PostgreSQL): every check passes, webhooks and a short fuzz included, and the run leaves no
// record or hook of its own behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpec } from '../generator/pipeline/load.ts';
import { buildSuite } from '../generator/tools/verify-checks.ts';
import { specDir } from './support/paths.ts';
import { startServer, basic, type RunningServer } from './support/server.ts';
import { failedIds, freePort, runVerify, verifyArgs, verifyUsers, type VerifyReport } from './support/verify.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ users: verifyUsers, args: ['--allow-private-webhooks', '--webhook-retry-ms', '200'] });
});
afterAll(async () => {
  await server?.stop();
});

const auth = { authorization: basic('verify-a@example.com', 'token-a'), accept: 'application/json' };

describe('crmgen verify against crmgen serve', { timeout: 300_000 }, () => {
  it('passes every check (webhooks on a loopback receiver, --fuzz 40) and removes what it created', async () => {
    const port = await freePort();
    const r = await runVerify([
      '--url',
      server.base,
      ...verifyArgs,
      '--fuzz',
      '40',
      '--seed',
      '7',
      '--webhooks',
      `127.0.0.1:${port}`,
      '--format',
      'json',
    ]);
    const report = JSON.parse(r.stdout) as VerifyReport;
    expect(failedIds(report), r.stdout.slice(0, 4000)).toEqual([]);
    expect(r.code).toBe(0);
    expect(report.skipped).toBe(0);
    // One result per check the spec yields, every group represented.
    const suite = buildSuite(loadSpec(specDir));
    expect(report.checks.map((c) => c.id)).toEqual(suite.checks.map((c) => c.id));
    expect(new Set(report.checks.map((c) => c.group))).toEqual(
      new Set([
        'operations',
        'values',
        'ranges',
        'required',
        'createonly',
        'hierarchy',
        'list',
        'reports',
        'batch',
        'auth',
        'isolation',
        'jsonp',
        'webhooks',
        'fuzz',
      ]),
    );
    for (const c of report.checks) expect(c.at, c.id).toMatch(/^spec\/[a-z-]+\.yaml:\d+$/);
    // Nothing of the run is left: no record lists, no hook remains.
    for (const kind of suite.nameFields ? Object.keys(suite.nameFields) : []) {
      const list = await (
        await fetch(`${server.base}/${kind}/?searchmode=Sany&searchvalue=verify`, { headers: auth })
      ).json();
      expect(list.count, kind).toBe(0);
    }
    const hooks = await (await fetch(`${server.base}/hooks/`, { headers: auth })).json();
    expect(hooks.hooks).toEqual([]);
  });

  it('junit and text output; --only narrows the groups', async () => {
    const junit = await runVerify(['--url', server.base, ...verifyArgs, '--only', 'auth,jsonp', '--format', 'junit']);
    expect(junit.code).toBe(0);
    expect(junit.stdout).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="crmgen verify" tests="6" failures="0" skipped="0">/,
    );
    expect(junit.stdout).toContain('<testcase classname="auth" name="auth.missing" file="spec/api.yaml:');
    const text = await runVerify(['--url', server.base, ...verifyArgs, '--only', 'auth']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^ok {3}auth\.missing {2}no Authorization: 401 {2}\[spec\/api\.yaml:\d+\]$/m);
    expect(text.stdout).toMatch(/\n4 passed, 0 failed, 0 skipped \(4 checks in [\d.]+ s\)\n$/);
  });

  it('refuses a webhook receiver off loopback and a wrong option (exit 2)', async () => {
    const r = await runVerify(['--url', server.base, ...verifyArgs, '--webhooks', '192.0.2.1:9000']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('loopback only');
    const g = await runVerify(['--url', server.base, ...verifyArgs, '--only', 'nosuchgroup']);
    expect(g.code).toBe(2);
    expect(g.stderr).toContain("unknown group 'nosuchgroup'");
  });
});
