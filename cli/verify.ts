// crmgen verify: the conformance suite derived from the spec (generator/verify.ts), run by
// generator/verify-run.ts against any server that claims to implement the API.
import { resolve } from 'node:path';
import { loadSpec } from '../generator/pipeline/load.ts';
import { buildSuite, groups, type Group } from '../generator/tools/verify-checks.ts';
import { Runner, type CheckResult, type Credentials } from '../generator/tools/verify-run.ts';
import { UsageError } from './db.ts';
import { root } from './default-dirs.ts';

function credentials(text: string, flag: string): Credentials {
  const at = text.indexOf(':');
  const email = text.slice(0, at);
  const token = text.slice(at + 1);
  if (at < 0 || !email.includes('@') || !token) throw new UsageError(`${flag} expects EMAIL:TOKEN, got '${text}'`);
  return { email, token };
}

/** HOST:PORT on a loopback address only: the server under test delivers there. */
function loopback(text: string): { host: string; port: number } {
  const m = /^(?:\[([^\]]+)\]|([^:]+)):(\d+)$/.exec(text);
  const host = m?.[1] ?? m?.[2] ?? '';
  const port = Number(m?.[3]);
  if (!m || !Number.isInteger(port) || port < 1 || port > 65535)
    throw new UsageError(`--webhooks expects HOST:PORT, got '${text}'`);
  if (!(host === '::1' || host === 'localhost' || /^127\.\d+\.\d+\.\d+$/.test(host)))
    throw new UsageError(
      `--webhooks: the receiver listens on loopback only (127.0.0.0/8, ::1, localhost), not '${host}'`,
    );
  return { host, port };
}

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function junit(results: CheckResult[]): string {
  const byGroup = new Map<string, CheckResult[]>();
  for (const r of results) byGroup.set(r.group, [...(byGroup.get(r.group) ?? []), r]);
  let out = `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="crmgen verify" tests="${results.length}" failures="${results.filter((r) => r.status === 'failed').length}" skipped="${results.filter((r) => r.status === 'skipped').length}">\n`;
  for (const [group, rs] of byGroup) {
    out += `  <testsuite name="${group}" tests="${rs.length}" failures="${rs.filter((r) => r.status === 'failed').length}" skipped="${rs.filter((r) => r.status === 'skipped').length}" time="${(rs.reduce((t, r) => t + r.ms, 0) / 1000).toFixed(3)}">\n`;
    for (const r of rs) {
      out += `    <testcase classname="${group}" name="${escape(r.id)}" file="${escape(r.at)}" time="${(r.ms / 1000).toFixed(3)}"`;
      if (r.status === 'passed') out += '/>\n';
      else if (r.status === 'skipped') out += `><skipped message="${escape(r.message ?? '')}"/></testcase>\n`;
      else
        out += `><failure message="${escape(r.message ?? '')}">${escape(`${r.title} (${r.at})\n${r.request ?? ''}\n---\n${r.response ?? ''}`)}</failure></testcase>\n`;
    }
    out += '  </testsuite>\n';
  }
  return `${out}</testsuites>\n`;
}

/** The verify flags as cli/commands.ts parsed them. */
export interface VerifyValues {
  url?: string;
  user?: string[];
  otherAccount?: string;
  spec?: string;
  only?: string;
  format?: string;
  fuzz?: string;
  seed?: string;
  webhooks?: string;
}

export async function runVerify(values: VerifyValues): Promise<number> {
  if (!values.url || !/^https?:\/\/[^/]+/.test(values.url))
    throw new UsageError(`--url expects the service's base address (http://HOST:PORT)`);
  const users = values.user ?? [];
  if (users.length !== 2) throw new UsageError(`two --user EMAIL:TOKEN of one account are needed, got ${users.length}`);
  if (!values.otherAccount) throw new UsageError(`--other-account EMAIL:TOKEN (a user of another account) is needed`);
  const format = values.format ?? 'text';
  if (!['text', 'json', 'junit'].includes(format))
    throw new UsageError(`--format expects text, json or junit, got '${format}'`);
  const fuzz = Number(values.fuzz ?? '0');
  const seed = Number(values.seed ?? '1');
  if (!Number.isInteger(fuzz) || fuzz < 0) throw new UsageError(`--fuzz expects a count, got '${values.fuzz}'`);
  if (!Number.isInteger(seed)) throw new UsageError(`--seed expects an integer, got '${values.seed}'`);
  const only = values.only
    ?.split(',')
    .map((g) => g.trim())
    .filter(Boolean) as Group[] | undefined;
  for (const g of only ?? [])
    if (!groups.includes(g)) throw new UsageError(`--only: unknown group '${g}' (groups: ${groups.join(', ')})`);

  const spec = loadSpec(resolve(values.spec ?? resolve(root, 'spec')));
  const suite = buildSuite(spec);
  const checks = suite.checks.filter((c) => !only || only.includes(c.group));
  const out = (s: string) => process.stdout.write(s);
  const runner = new Runner(spec, suite, {
    url: values.url.replace(/\/+$/, ''),
    users: [credentials(users[0], '--user'), credentials(users[1], '--user')],
    other: credentials(values.otherAccount, '--other-account'),
    fuzz,
    seed,
    ...(values.webhooks ? { webhooks: loopback(values.webhooks) } : {}),
    onResult:
      format === 'text'
        ? (r) => {
            out(
              `${r.status === 'passed' ? 'ok  ' : r.status === 'skipped' ? 'skip' : 'FAIL'} ${r.id}  ${r.title}  [${r.at}]${r.message ? `\n     ${r.message}` : ''}\n`,
            );
            if (r.status === 'failed' && r.request)
              out(
                `     request:  ${r.request.replace(/\n/g, '\n               ')}\n     response: ${(r.response ?? '').replace(/\n/g, '\n               ')}\n`,
              );
          }
        : undefined,
  });
  const started = performance.now();
  const results = await runner.run(checks);
  const seconds = (performance.now() - started) / 1000;
  const passed = results.filter((r) => r.status === 'passed').length;
  const failed = results.filter((r) => r.status === 'failed').length;
  const skipped = results.filter((r) => r.status === 'skipped').length;
  const notImplemented = [...new Set(results.filter((r) => r.notImplemented).map((r) => r.operation))].sort();
  if (format === 'json')
    out(`${JSON.stringify({ passed, failed, skipped, seconds, notImplemented, checks: results }, null, 2)}\n`);
  else if (format === 'junit') out(junit(results));
  else {
    if (notImplemented.length) out(`\nnot implemented (501): ${notImplemented.join(', ')}\n`);
    out(
      `\n${passed} passed, ${failed} failed, ${skipped} skipped (${results.length} checks in ${seconds.toFixed(1)} s)\n`,
    );
  }
  return failed ? 1 : 0;
}
