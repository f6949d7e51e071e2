// Every request example of the reference docs works: each endpoint article of
// generated/docs/*.html is parsed and its request examples are sent, as the docs show them, to
// one fresh `crmgen serve` — the XML body (application/xml), the JSON body (application/json),
// the curl line (run by bash with CRM_URL, CRM_EMAIL and CRM_TOKEN set) and the TypeScript
// client call (run with `crm`, a client of generated/client/dist, and node:fs's openAsBlob) —
// and each must answer 2xx (the client throws otherwise).
//
// Ids are bound. The docs cannot know a reader's data, so their examples name placeholder ids
// (a record /contacts/467069/, a parent 3, an activity /contacts/task/12, a hook /hooks/467069).
// Before each send the test creates what those ids stand for on the fresh service — a record of
// the path's kind, a valid parent for the activity's segment (a chain built from the IR's
// `parents`, as test/service-activities.test.ts does), an activity of the segment, a hook — and
// replaces the placeholder numbers in the path and in the body text with the real ids. Nothing
// else of an example is changed: a value the service refuses is a generator bug
// (generator/sdk-model/examples.ts, generator/outputs/docs.ts), not something to patch here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSpec } from '../generator/pipeline/load.ts';
import type { Operation } from '../generator/pipeline/model.ts';
import { generatedDir, specDir } from './support/paths.ts';
import { call, startServer, type RunningServer } from './support/server.ts';
import { Crm, buildChain, chainTo, named } from './support/crm.ts';
import { openAsBlob } from 'node:fs';
import { pathToFileURL } from 'node:url';

const spec = loadSpec(specDir);
const user: [string, string] = ['ann@example.com', 'secret-docs'];

// ---------------------------------------------------------------------------------------------
// The docs, parsed

interface DocExample {
  kind: string;
  text: string;
}
interface DocEndpoint {
  page: string;
  id: string;
  method: string;
  path: string;
  op: Operation;
  examples: DocExample[];
}

/** Handlebars escapes & < > " ' ` =; named and numeric references are undone. */
const unescapeHtml = (s: string) =>
  s
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

function parseDocs(): DocEndpoint[] {
  const docsDir = join(generatedDir, 'docs');
  const out: DocEndpoint[] = [];
  for (const page of readdirSync(docsDir)
    .filter((f) => f.endsWith('.html'))
    .sort()) {
    const html = readFileSync(join(docsDir, page), 'utf8');
    for (const m of html.matchAll(/<article class="endpoint" id="([^"]+)">([\s\S]*?)<\/article>/g)) {
      const [, id, body] = m;
      const h3 = /<h3><span class="method[^"]*">([A-Z]+)<\/span> <code>([^<]+)<\/code><\/h3>/.exec(body);
      if (!h3) throw new Error(`${page}#${id}: no method and path`);
      const op = spec.operations.find((o) => o.id === id.split('-')[0]);
      if (!op) throw new Error(`${page}#${id}: no operation ${id.split('-')[0]} in the spec`);
      const examples = [
        ...body.matchAll(
          /<div class="example" data-kind="([a-z-]+)">[\s\S]*?<pre><code>([\s\S]*?)<\/code><\/pre><\/div>/g,
        ),
      ].map((e) => ({ kind: e[1], text: unescapeHtml(e[2]) }));
      out.push({ page, id, method: h3[1], path: unescapeHtml(h3[2]), op, examples });
    }
  }
  return out;
}

const endpoints = parseDocs();
const requestKinds = ['request-xml', 'request-json', 'curl', 'typescript'];
/** Files the curl lines upload (-F 'data[file]=@plan.pdf'). */
const uploadedFiles = new Set(
  endpoints.flatMap((e) =>
    e.examples
      .filter((x) => x.kind === 'curl')
      .flatMap((x) => [...x.text.matchAll(/-F '[^'=]+=@([^';]+)'/g)].map((m) => m[1])),
  ),
);

// ---------------------------------------------------------------------------------------------
// Binding placeholder ids to things that exist

let server: RunningServer;
let crm: Crm;
/** The generated client, as an installed package runs it, and its id helper when it has one. */
let client: unknown;
let asId: unknown;
let owner: number;
let workDir: string;

beforeAll(async () => {
  // Every binding creates records and activities: well inside one quota window, but more calls than the default allows.
  // The examples' hook urls name example.com: answered with loopback (and allowed), never looked
  // up in DNS, so a delivery can only go to 127.0.0.1 (where nothing listens on 443).
  server = await startServer({
    users: [user.join(':')],
    args: [
      '--quota',
      '100000',
      '--allow-private-webhooks',
      '--webhook-resolve',
      'example.com=127.0.0.1',
      '--webhook-resolve',
      'www.example.com=127.0.0.1',
    ],
  });
  crm = new Crm(server.base, user);
  const sdk = await import(pathToFileURL(join(generatedDir, 'client/dist/index.js')).href);
  const { createClient } = sdk;
  asId = sdk.asId;
  client = createClient({ baseUrl: server.base, email: user[0], token: user[1], format: 'json', retry: { max: 0 } });
  owner = (await crm.send('GET', '/ownership/')).body.users[0].id;
  // curl -F 'data[file]=@plan.pdf' reads the file from the directory curl runs in: a small one of each name the examples upload.
  workDir = mkdtempSync(join(tmpdir(), 'crmgen-docs-examples-'));
  for (const name of uploadedFiles)
    writeFileSync(
      join(workDir, name),
      name.endsWith('.pdf')
        ? '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'
        : `${name}\n`,
    );
});
afterAll(async () => {
  await server?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

interface Binding {
  /** The example's path with its placeholder id replaced. */
  path: string;
  /** Body fields holding placeholder ids, with their real values. */
  fields: Record<string, number>;
  /** Of those, the ones every body of the example must hold (a create's parent). */
  required: string[];
}

const kindOfPath = (path: string) => path.split('/')[1];
const segmentOf = (ep: DocEndpoint) => ep.id.split('-')[2];
/** The id in the path: its last numeric segment. */
function withPathId(path: string, id: number): string {
  if (!/\/\d+\/?$/.test(path)) throw new Error(`${path}: no placeholder id to bind`);
  return path.replace(/\/\d+(\/?)$/, `/${id}$1`);
}

/** Creates what the example's placeholder ids stand for; fresh for every send (deletes consume it, one-per-parent types need a new parent). */
async function bind(ep: DocEndpoint): Promise<Binding> {
  const hasId = ep.op.path.includes('{id}');
  if (ep.op.scope === 'kind') {
    if (!hasId) return { path: ep.path, fields: {}, required: [] };
    const kind = kindOfPath(ep.path);
    return {
      path: withPathId(ep.path, await crm.record(kind, named(spec, kind, `docs ${ep.id}`))),
      fields: {},
      required: [],
    };
  }
  if (ep.op.scope === 'activity') {
    const kind = kindOfPath(ep.path);
    const segment = segmentOf(ep);
    if (!hasId) {
      // A parent of the segment's kind of parent: a record, or a chain down to the parent segment.
      const parentSegment = chainTo(spec, segment).at(-2)!;
      const parent =
        parentSegment === 'record'
          ? await crm.record(kind, named(spec, kind, `docs parent of ${segment}`))
          : (await buildChain(crm, spec, kind, parentSegment, owner)).at(-1)!;
      return { path: ep.path, fields: { parent }, required: ['parent'] };
    }
    // An activity of the segment; a parent in an update's body (none is shown) would keep it where it is.
    const ids = await buildChain(crm, spec, kind, segment, owner);
    return { path: withPathId(ep.path, ids.at(-1)!), fields: { parent: ids.at(-2)! }, required: [] };
  }
  if (hasId && ep.path.startsWith('/hooks/')) {
    const redeliver = ep.op.path.includes('{deliveryId}');
    // Redelivery needs an active hook with a delivery: a change, and its first (refused) attempt logged.
    const r = await crm.send('POST', '/hooks/', {
      event: 'items.create',
      url: 'https://example.com/crm-hooks',
      active: redeliver ? 1 : 0,
    });
    if (r.status !== 200 || typeof r.body?.id !== 'number') throw new Error(`create hook: ${r.status} ${r.text}`);
    const hookId = r.body.id as number;
    const path = ep.path.replace(/^\/hooks\/\d+/, `/hooks/${hookId}`);
    if (!redeliver) return { path, fields: {}, required: [] };
    await crm.record(spec.kinds[0].name, named(spec, spec.kinds[0].name, `docs ${ep.id}`));
    for (let i = 0; i < 250; i++) {
      const log = await crm.send('GET', `/hooks/${hookId}/deliveries`);
      const first = (log.body?.deliveries as { id: number }[] | undefined)?.[0];
      if (first)
        return { path: path.replace(/\/deliveries\/\d+\//, `/deliveries/${first.id}/`), fields: {}, required: [] };
      await new Promise((ok) => setTimeout(ok, 20));
    }
    throw new Error(`${ep.id}: no delivery of hook ${hookId} was attempted`);
  }
  if (hasId) throw new Error(`${ep.id}: no binding for the id of ${ep.op.path}`);
  return { path: ep.path, fields: {}, required: [] };
}

/** Replaces the placeholder number of a body field, as JSON ("parent": 3), XML (<parent>3</parent>) and form (-F 'parent=3'). */
function bindBody(ep: DocEndpoint, text: string, b: Binding): string {
  let out = text;
  for (const [name, id] of Object.entries(b.fields)) {
    const forms = [
      new RegExp(`("${name}"\\s*:\\s*)\\d+()`, 'g'),
      new RegExp(`(<${name}>)\\d+(</${name}>)`, 'g'),
      new RegExp(`(-F '${name}=)\\d+(')`, 'g'),
      new RegExp(`(\\b${name}: )\\d+()`, 'g'),
      new RegExp(`(\\b${name}: asId\\('\\w+', )\\d+(\\))`, 'g'),
    ];
    if (b.required.includes(name) && !forms.some((re) => re.test(out)))
      throw new Error(`${ep.id}: the example names no ${name} to bind:\n${text}`);
    for (const re of forms) out = out.replace(re, `$1${id}$2`);
  }
  return out;
}

/** Hooks an example created would notify example.com of later changes: none outlive their example. */
async function removeHooks() {
  const r = await crm.send('GET', '/hooks/');
  for (const h of (r.body?.hooks ?? []) as { id: number }[]) await crm.send('DELETE', `/hooks/${h.id}`);
}

// ---------------------------------------------------------------------------------------------
// Sending

interface Outcome {
  status: number;
  /** What the service answered (the error envelope of a failure). */
  detail: string;
}

async function sendBody(ep: DocEndpoint, ex: DocExample): Promise<Outcome> {
  const b = await bind(ep);
  const json = ex.kind === 'request-json';
  const type = json ? 'application/json' : 'application/xml';
  const r = await call(server.base, b.path, {
    user,
    method: ep.method,
    contentType: type,
    accept: type,
    body: bindBody(ep, ex.text, b),
  });
  return { status: r.status, detail: `${ep.method} ${b.path}: ${r.text.replace(/\s*\n\s*/g, '')}` };
}

function bash(command: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const env = {
      ...process.env,
      CRM_URL: server.base,
      CRM_EMAIL: user[0],
      CRM_TOKEN: user[1],
      NO_PROXY: '127.0.0.1',
      no_proxy: '127.0.0.1',
    };
    const child = spawn('bash', ['-c', command], { cwd: workDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

/** The curl line with its ids bound, as a reader would run it. */
async function boundCurl(ep: DocEndpoint, ex: DocExample): Promise<string> {
  const b = await bind(ep);
  const line = bindBody(ep, ex.text, b);
  const url = `"$CRM_URL${ep.path}`;
  if (!line.includes(url)) throw new Error(`${ep.id}: the curl line does not name ${url}"`);
  return line.replace(url, `"$CRM_URL${b.path}`);
}

async function sendCurl(ep: DocEndpoint, ex: DocExample): Promise<Outcome> {
  const r = await bash(`${await boundCurl(ep, ex)} -s -o /dev/null -w '%{http_code}'`);
  const status = r.code === 0 && /^\d{3}$/.test(r.out.trim()) ? Number(r.out.trim()) : 0;
  if (status >= 200 && status < 300) return { status, detail: '' };
  // For the report only: the same line once more (on fresh ids), showing the answer.
  const again = await bash(`${await boundCurl(ep, ex)} -s -S -w ' %{http_code}'`);
  return { status, detail: `curl exited ${r.code}: ${r.out.trim()} | again: ${again.out.trim()}` };
}

const AsyncFunction = (async () => {}).constructor as new (
  ...args: string[]
) => (...values: unknown[]) => Promise<unknown>;

/** The client call with its ids bound: the path's ids are the call's leading number arguments. */
async function sendTypeScript(ep: DocEndpoint, ex: DocExample): Promise<Outcome> {
  const b = await bind(ep);
  const ids = [...b.path.matchAll(/\/(\d+)(?=\/|$)/g)].map((m) => m[1]);
  // Leading id arguments: plain numbers, or asId('contacts', 467069) where ids carry their kind.
  const call = /await (crm\.[\w.]+)\(((?:\s*(?:asId\('\w+', \d+\)|\d+),)*\s*(?:asId\('\w+', \d+\)|\d+)?)/.exec(ex.text);
  if (!call) throw new Error(`${ep.id}: no client call in\n${ex.text}`);
  const shown = call[2].match(/\d+/g) ?? [];
  if (shown.length !== ids.length)
    throw new Error(`${ep.id}: the call names ${shown.length} ids, the path ${ids.length}`);
  let i = 0;
  const code = bindBody(ep, ex.text.replace(call[0], `await ${call[1]}(${call[2].replace(/\d+/g, () => ids[i++])}`), b);
  try {
    await new AsyncFunction('crm', 'openAsBlob', 'asId', code)(
      client,
      (name: string) => openAsBlob(join(workDir, name)),
      asId,
    );
    return { status: 200, detail: '' };
  } catch (e) {
    const err = e as { status?: number; message?: string };
    return { status: err.status ?? 0, detail: `${code}\n→ ${err.message}` };
  }
}

// ---------------------------------------------------------------------------------------------

describe('the reference docs hold every endpoint with request examples', () => {
  it('finds the endpoint articles of every page', () => {
    const ops = new Set(endpoints.map((e) => e.op.id));
    // Batch is documented by its rules and a raw HTTP example, not an endpoint article.
    for (const o of spec.operations.filter((x) => x.id !== 'batch')) expect(ops, o.id).toContain(o.id);
    expect(endpoints.filter((e) => e.op.scope === 'activity')).toHaveLength(spec.activities.length * 3);
  });

  it('every article has a curl line, and XML and JSON bodies come in pairs', () => {
    for (const ep of endpoints) {
      const kinds = ep.examples.map((e) => e.kind).filter((k) => requestKinds.includes(k));
      expect(kinds, ep.id).toContain('curl');
      expect(kinds, ep.id).toContain('typescript');
      expect(kinds.includes('request-xml'), ep.id).toBe(kinds.includes('request-json'));
    }
  });

  it('a create of a type with a file shows multipart/form-data only: no XML or JSON body, a curl line uploading the file', () => {
    const withFiles = spec.activities.filter((a) =>
      a.fields.some((f) => f.shape.kind === 'scalar' && f.shape.type === 'upload'),
    );
    expect(withFiles.length).toBeGreaterThan(0);
    for (const a of withFiles) {
      const ep = endpoints.find((e) => e.op.id === 'createActivity' && segmentOf(e) === a.segment)!;
      expect(
        ep.examples.map((e) => e.kind),
        ep.id,
      ).not.toContain('request-json');
      expect(
        ep.examples.map((e) => e.kind),
        ep.id,
      ).not.toContain('request-xml');
      expect(ep.examples.find((e) => e.kind === 'curl')!.text, ep.id).toMatch(
        / -F 'parent=\d+'.* -F 'data\[\w+\]=@[\w.]+'/,
      );
    }
    expect([...uploadedFiles]).toEqual(['plan.pdf']);
  });
});

describe('every request example in the docs succeeds against the reference service', () => {
  it.each(endpoints.map((ep) => [`${ep.page}#${ep.id}`, ep] as const))('%s', async (_, ep) => {
    const failures: string[] = [];
    for (const ex of ep.examples.filter((e) => requestKinds.includes(e.kind))) {
      const r =
        ex.kind === 'curl'
          ? await sendCurl(ep, ex)
          : ex.kind === 'typescript'
            ? await sendTypeScript(ep, ex)
            : await sendBody(ep, ex);
      if (r.status < 200 || r.status >= 300) failures.push(`${ex.kind} → ${r.status}: ${r.detail}`);
      if (ep.path.startsWith('/hooks')) await removeHooks();
    }
    expect(failures).toEqual([]);
  });
});
