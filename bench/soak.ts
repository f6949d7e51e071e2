// Soak under crashes (issue 19): a mixed load (creates, updates, deletes, shows, lists, batches)
// on `crmgen serve` for --seconds (default 60) while the server is killed with SIGKILL every
// --kill-every seconds (default 10) and restarted on the same database (a SQLite file in a temp
// folder, or a fresh schema of the test PostgreSQL: --storage postgres). Webhooks for items.create,
// .update and .delete go to a receiver on 127.0.0.1. At the end the server is killed once more and
// restarted, then every acknowledged write (answered 2xx) is checked: present with its last
// acknowledged value, acknowledged deletes absent; and every acknowledged change must have been
// notified at least once (duplicates are counted: delivery is at least once).
// Run: npx tsx bench/soak.ts [--storage sqlite|postgres] [--seconds 60] [--kill-every 10] [--workers 4]
// Prints the figures as JSON; exit 1 when an acknowledged write or notification is missing or a 5xx was answered.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parseBatchResponse, serializeBatchRequest } from '../generator/targets/typescript/runtime/batch.ts';
import { createSchema, dropSchema } from '../test/support/postgres.ts';

const { values: args } = parseArgs({
  options: {
    storage: { type: 'string', default: 'sqlite' },
    seconds: { type: 'string', default: '60' },
    'kill-every': { type: 'string', default: '10' },
    workers: { type: 'string', default: '4' },
  },
});
const storage = args.storage === 'postgres' ? 'postgres' : 'sqlite';
if (args.storage !== storage) throw new Error(`--storage is sqlite or postgres, not ${args.storage}`);
const seconds = Number(args.seconds);
const killEvery = Number(args['kill-every']);
const workers = Number(args.workers);
const root = fileURLToPath(new URL('..', import.meta.url));
const user = ['ann@example.com', 'pw-soak'] as const;
const auth = `Basic ${Buffer.from(user.join(':')).toString('base64')}`;
const json = { authorization: auth, 'content-type': 'application/json', accept: 'application/json' };

// ---------------------------------------------------------------------------------------------
// the service child, killed and restarted on the same database

let dir: string | undefined;
let schema: string | undefined;
let db: string;
if (storage === 'postgres') {
  const s = await createSchema('soak');
  schema = s.schema;
  db = s.url;
} else {
  dir = mkdtempSync(join(tmpdir(), 'crmgen-soak-'));
  db = join(dir, 'crm.sqlite');
}

let child: ChildProcess | undefined;
let base = '';
const restartMs: number[] = [];

async function start(): Promise<void> {
  const t = performance.now();
  const c = spawn(
    process.execPath,
    [
      'bin/crmgen.js',
      'serve',
      '--port',
      '0',
      '--db',
      db,
      '--user',
      `${user.join(':')}:acme`,
      '--quota',
      '100000000',
      '--allow-private-webhooks',
      '--webhook-retry-ms',
      '200',
      '--webhook-lease-ms',
      '2000',
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  base = await new Promise<string>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`server did not start:\n${out}`)), 30_000);
    c.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        ok(m[1]!);
      }
    });
    c.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    c.once('exit', (code) => fail(new Error(`server exited (${code}):\n${out}`)));
  });
  child = c;
  restartMs.push(performance.now() - t);
}

async function kill(): Promise<void> {
  const c = child!;
  base = '';
  if (c.exitCode !== null || c.signalCode !== null) return;
  const exited = new Promise((ok) => c.once('exit', ok));
  c.kill('SIGKILL');
  await exited;
}

// ---------------------------------------------------------------------------------------------
// the webhook receiver

const received: { type: string; objectid: number; firstname?: string }[] = [];
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const n = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      type: string;
      objectid: number | string;
      content?: { item?: { fields?: { firstname?: string } } };
    };
    received.push({ type: n.type, objectid: Number(n.objectid), firstname: n.content?.item?.fields?.firstname });
    res.writeHead(200).end('ok');
  });
});
await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
const hookUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/`;

// ---------------------------------------------------------------------------------------------
// the load: each worker owns its records, so "last acknowledged value" is well defined

interface Known {
  /** The last acknowledged firstname, and values of later writes whose answers were lost. */
  value: string;
  maybe: Set<string>;
  deleted: boolean;
  maybeDeleted: boolean;
}
const known = new Map<number, Known>();
const expectedNotes = new Set<string>(); // `${type} ${id} ${firstname?}`
const counts = {
  sent: 0,
  acknowledged: 0,
  creates: 0,
  updates: 0,
  deletes: 0,
  reads: 0,
  batches: 0,
  lost: 0,
  refused: 0,
  fiveXx: 0,
};
const fiveXxSamples: string[] = [];
let seq = 0;

async function send(
  method: string,
  path: string,
  body?: string | Uint8Array,
  headers: Record<string, string> = json,
): Promise<{ status: number; text: string; type: string } | undefined> {
  if (!base) return undefined;
  counts.sent++;
  try {
    const r = await fetch(base + path, {
      method,
      headers,
      body: body as BodyInit | undefined,
      signal: AbortSignal.timeout(10_000),
    });
    const text = await r.text();
    if (r.status >= 500) {
      counts.fiveXx++;
      if (fiveXxSamples.length < 5) fiveXxSamples.push(`${method} ${path} -> ${r.status} ${text.slice(0, 200)}`);
    }
    return { status: r.status, text, type: r.headers.get('content-type') ?? '' };
  } catch {
    counts.lost++; // the kill: the write may or may not have committed
    return undefined;
  }
}

function acknowledgeCreate(id: number, value: string, mine: number[]) {
  known.set(id, { value, maybe: new Set(), deleted: false, maybeDeleted: false });
  mine.push(id);
  expectedNotes.add(`items.create ${id}`);
  counts.creates++;
  counts.acknowledged++;
}

async function worker(w: number, until: number): Promise<void> {
  const mine: number[] = [];
  const live = () => mine.filter((id) => !known.get(id)!.deleted);
  while (performance.now() < until) {
    if (!base) {
      await new Promise((ok) => setTimeout(ok, 20));
      continue;
    }
    const roll = Math.random();
    const ids = live();
    const pick = () => ids[Math.floor(Math.random() * ids.length)]!;
    if (roll < 0.3 || ids.length < 3) {
      const value = `w${w}c${seq++}`;
      const r = await send('POST', '/contacts/', JSON.stringify({ firstname: value, lastname: 'Soak' }));
      if (r?.status === 201) acknowledgeCreate((JSON.parse(r.text) as { item: { id: number } }).item.id, value, mine);
      else if (r) counts.refused++;
    } else if (roll < 0.55) {
      const id = pick();
      const k = known.get(id)!;
      const value = `w${w}u${seq++}`;
      const r = await send('PUT', `/contacts/${id}/`, JSON.stringify({ firstname: value }));
      if (r && r.status < 300) {
        k.value = value;
        k.maybe.clear();
        expectedNotes.add(`items.update ${id} ${value}`);
        counts.updates++;
        counts.acknowledged++;
      } else if (!r) k.maybe.add(value);
      else if (r.status === 404 && k.maybeDeleted)
        k.deleted = true; // a delete whose answer was lost had committed
      else counts.refused++;
    } else if (roll < 0.65) {
      const id = pick();
      const k = known.get(id)!;
      const r = await send('DELETE', `/contacts/${id}/`);
      if (r && r.status < 300) {
        k.deleted = true;
        expectedNotes.add(`items.delete ${id}`);
        counts.deletes++;
        counts.acknowledged++;
      } else if (!r) k.maybeDeleted = true;
      else if (r.status === 404 && k.maybeDeleted) k.deleted = true;
      else counts.refused++;
    } else if (roll < 0.8) {
      const id = pick();
      const r = await send('GET', `/contacts/${id}/`, undefined, { authorization: auth, accept: 'application/json' });
      if (r?.status === 200) counts.reads++;
    } else if (roll < 0.9) {
      const r = await send('GET', '/contacts/?limit=50', undefined, {
        authorization: auth,
        accept: 'application/json',
      });
      if (r?.status === 200) counts.reads++;
    } else {
      // A batch of creates and one update of an own record.
      const values = [`w${w}b${seq++}`, `w${w}b${seq++}`];
      const id = pick();
      const k = known.get(id)!;
      const update = `w${w}bu${seq++}`;
      const parts = [
        ...values.map((v) => ({
          method: 'POST',
          path: '/contacts/',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: new TextEncoder().encode(JSON.stringify({ firstname: v })),
        })),
        {
          method: 'PUT',
          path: `/contacts/${id}/`,
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: new TextEncoder().encode(JSON.stringify({ firstname: update })),
        },
      ];
      const { contentType, body } = serializeBatchRequest(parts);
      const r = await send('POST', '/batch/', body, {
        authorization: auth,
        'content-type': contentType,
        accept: 'application/json',
      });
      if (!r) {
        k.maybe.add(update);
        continue;
      }
      if (r.status !== 200) {
        counts.refused++;
        continue;
      }
      counts.batches++;
      const answers = parseBatchResponse(new TextEncoder().encode(r.text), r.type);
      answers.forEach((a, i) => {
        if (a.status >= 500) counts.fiveXx++;
        const text = new TextDecoder().decode(a.body);
        if (i < values.length) {
          if (a.status === 201)
            acknowledgeCreate((JSON.parse(text) as { item: { id: number } }).item.id, values[i]!, mine);
        } else if (a.status < 300) {
          k.value = update;
          k.maybe.clear();
          expectedNotes.add(`items.update ${id} ${update}`);
          counts.updates++;
          counts.acknowledged++;
        }
      });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// run, kill, verify

const figures: Record<string, unknown> = { storage, seconds, killEvery, workers };
let failed = false;
try {
  await start();
  for (const event of ['items.create', 'items.update', 'items.delete']) {
    const r = await send(
      'POST',
      '/hooks/',
      JSON.stringify({ event, url: hookUrl, contenttype: 'json', constrainttype: 'all' }),
    );
    if (!r || r.status >= 300) throw new Error(`registering the ${event} hook answered ${r?.status}: ${r?.text}`);
  }
  const t0 = performance.now();
  const until = t0 + seconds * 1000;
  const load = Promise.all(Array.from({ length: workers }, (_, w) => worker(w, until)));
  let kills = 0;
  while (performance.now() + killEvery * 1000 <= until + 1) {
    await new Promise((ok) => setTimeout(ok, killEvery * 1000 - ((performance.now() - t0) % (killEvery * 1000))));
    if (performance.now() >= until) break;
    await kill();
    kills++;
    await start();
  }
  await load;
  // One more crash at the very end, so nothing is read back from the memory of the process that wrote it.
  await kill();
  kills++;
  await start();
  figures.kills = kills;
  figures.restartMs = {
    median: Math.round([...restartMs].sort((a, b) => a - b)[restartMs.length >> 1]!),
    max: Math.round(Math.max(...restartMs)),
  };

  // Every acknowledged write, read back.
  const problems: string[] = [];
  let checked = 0;
  const entries = [...known.entries()];
  for (let i = 0; i < entries.length; i += 8) {
    await Promise.all(
      entries.slice(i, i + 8).map(async ([id, k]) => {
        const r = await send('GET', `/contacts/${id}/`, undefined, { authorization: auth, accept: 'application/json' });
        checked++;
        if (!r) return void problems.push(`${id}: no answer`);
        if (k.deleted) {
          if (r.status !== 404) problems.push(`${id}: acknowledged delete, but show answered ${r.status}`);
          return;
        }
        if (r.status === 404) {
          if (!k.maybeDeleted) problems.push(`${id}: acknowledged write lost (404)`);
          return;
        }
        const firstname = (JSON.parse(r.text) as { item: { fields: { firstname?: string } } }).item.fields.firstname;
        if (firstname !== k.value && !k.maybe.has(firstname ?? ''))
          problems.push(`${id}: firstname ${firstname}, last acknowledged ${k.value}`);
      }),
    );
  }
  figures.writes = {
    acknowledged: counts.acknowledged,
    creates: counts.creates,
    updates: counts.updates,
    deletes: counts.deletes,
    recordsChecked: checked,
    lostOrWrong: problems.length,
    problems: problems.slice(0, 10),
  };
  figures.requests = {
    sent: counts.sent,
    unanswered: counts.lost,
    refused4xx: counts.refused,
    fiveXx: counts.fiveXx,
    fiveXxSamples,
    reads: counts.reads,
    batches: counts.batches,
  };

  // Every acknowledged change notified at least once: wait for the outbox to drain (retries, leases of killed instances).
  const key = (n: { type: string; objectid: number; firstname?: string }) =>
    n.type === 'items.update' ? `${n.type} ${n.objectid} ${n.firstname}` : `${n.type} ${n.objectid}`;
  const drainStart = performance.now();
  let left = [...expectedNotes];
  for (;;) {
    const seen = new Set(received.map(key));
    left = left.filter((k) => !seen.has(k));
    if (!left.length || performance.now() - drainStart > 90_000) break;
    await new Promise((ok) => setTimeout(ok, 500));
  }
  const perKey = new Map<string, number>();
  for (const n of received) perKey.set(key(n), (perKey.get(key(n)) ?? 0) + 1);
  figures.webhooks = {
    expected: expectedNotes.size,
    received: received.length,
    missing: left.length,
    missingSamples: left.slice(0, 10),
    duplicates: [...perKey.values()].reduce((s, c) => s + (c > 1 ? c - 1 : 0), 0),
    changesNotifiedMoreThanOnce: [...perKey.values()].filter((c) => c > 1).length,
    // Changes that committed but whose answer the kill lost: notified, never acknowledged.
    unacknowledgedChanges: [...perKey.keys()].filter((k) => !expectedNotes.has(k)).length,
    drainMs: Math.round(performance.now() - drainStart),
  };
  failed = problems.length > 0 || left.length > 0 || counts.fiveXx > 0;
} finally {
  if (child) await kill();
  receiver.close();
  if (schema) await dropSchema(schema);
  if (dir) rmSync(dir, { recursive: true, force: true });
}
console.log(JSON.stringify(figures, null, 2));
if (failed) process.exitCode = 1;
