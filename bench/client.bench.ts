// Round-trip cost of the generated client per call: client.contacts.show(id) in XML and in JSON,
// against a raw fetch of the same request (same URL, Accept and Authorization) to the same running
// `crmgen serve` on 127.0.0.1, read as text (XML) or JSON.parse'd (JSON). What the ratio shows is
// the client's own share: building the call, the quota header, decoding into typed values (the
// schema-driven codec instead of res.text()/res.json()), the ServiceError path not taken.
// The record shown has a realistic journal (a dozen activities), so the body is not trivial.
// The last four cases serve the same bodies from a stub fetch (no socket, no server), so the
// client's own per-call cost shows without the network's noise.
// Cases are interleaved round by round so machine noise hits all alike; counts are bounded.
// Run: npx tsx bench/client.bench.ts (BENCH_RUNS=n, BENCH_CALLS=n), or npm run bench for all.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createClient } from '../generated/client/src/index.ts';
import { benchUser, formatTable, serveForSdk, stats, type Row } from './lib.ts';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const runs = Math.max(1, Number(process.env.BENCH_RUNS) || 15);
/** Sequential calls per sample; a sample's time / calls is one per-call time. */
const calls = Math.max(1, Number(process.env.BENCH_CALLS) || 40);
const user = benchUser;

export default async function clientBench(): Promise<Row[]> {
  const server = await serveForSdk();
  try {
    const xml = createClient({ baseUrl: server.base, ...user, format: 'xml' });
    const json = createClient({ baseUrl: server.base, ...user, format: 'json' });
    // A contact with a journal: notes, a task list with tasks, a deal, a follow-up.
    const { item } = await json.contacts.create({
      firstname: 'Ann',
      lastname: 'Lee',
      businessemail: 'ann.lee@example.com',
      jobtitle: 'Head of Procurement',
      businessaddress: '1 High Street, London & Co',
    });
    const acts = json.contacts.activities;
    for (let i = 0; i < 4; i++)
      await acts.note.create({ parent: item.id, data: { details: `Call ${i}: went <well> & agreed next steps` } });
    const list = await acts.tasklist.create({ parent: item.id, data: { title: 'Onboarding' } });
    for (let i = 0; i < 5; i++)
      await acts.task.create({
        parent: list.id,
        data: { title: `Task ${i}`, priority: i % 7, nodate: 0, duedate: '2026-12-01' },
      });
    await acts.opportunity.create({
      parent: item.id,
      data: { description: 'Printers', valueunit: 1250.5, valuecurrency: 'EUR', status: 'Pending' },
    });
    await acts.followup.create({ parent: item.id, data: { details: 'Call back', nodate: 0, duedate: '2026-12-02' } });

    const path = `/contacts/${item.id}/`;
    const auth = `Basic ${Buffer.from(`${user.email}:${user.token}`).toString('base64')}`;
    const raw = (accept: string) => fetch(server.base + path, { headers: { accept, authorization: auth } });
    // Sanity: every case reads the same record, so none is timed doing something else.
    const viaXml = await xml.contacts.show(item.id);
    const viaJson = await json.contacts.show(item.id);
    const rawXml = await (await raw('application/xml')).text();
    const rawJson = (await (await raw('application/json')).json()) as {
      item: { id: number };
      activities: Record<string, unknown>;
    };
    if (
      viaXml.activities?.length !== 12 ||
      viaJson.activities?.length !== 12 ||
      rawJson.item.id !== item.id ||
      !rawXml.includes(`<id>${item.id}</id>`)
    ) {
      throw new Error('the cases do not read the same record');
    }
    process.stderr.write(
      `client: show of a contact with 12 activities, ${Buffer.byteLength(rawXml)} bytes of XML, ${JSON.stringify(rawJson).length} bytes of JSON; ${runs} runs x ${calls} calls (x ${calls * 10} with the stub)\n`,
    );

    // The same bodies from a stub fetch (no socket, no server): the client's own cost per call alone.
    const rawJsonText = JSON.stringify(rawJson);
    const stub = (body: string, type: string) => async () =>
      new Response(body, {
        status: 200,
        headers: { 'content-type': `${type}; charset=utf-8`, 'http-x-service-api-call-limit': '1/100000000' },
      });
    const stubXml = stub(rawXml, 'application/xml');
    const stubJson = stub(rawJsonText, 'application/json');
    const offXml = createClient({ baseUrl: server.base, ...user, format: 'xml', fetch: stubXml });
    const offJson = createClient({ baseUrl: server.base, ...user, format: 'json', fetch: stubJson });
    if ((await offXml.contacts.show(item.id)).activities?.length !== 12)
      throw new Error('the stub does not serve the record');

    const local = calls * 10;
    const cases: { name: string; baseline?: string; calls: number; call: () => Promise<unknown> }[] = [
      { name: 'raw fetch xml (text)', calls, call: async () => (await raw('application/xml')).text() },
      { name: 'client show xml', baseline: 'raw fetch xml (text)', calls, call: () => xml.contacts.show(item.id) },
      { name: 'raw fetch json (json)', calls, call: async () => (await raw('application/json')).json() },
      { name: 'client show json', baseline: 'raw fetch json (json)', calls, call: () => json.contacts.show(item.id) },
      { name: 'stub fetch xml (text)', calls: local, call: async () => (await stubXml()).text() },
      {
        name: 'client show xml, stub fetch',
        baseline: 'stub fetch xml (text)',
        calls: local,
        call: () => offXml.contacts.show(item.id),
      },
      { name: 'stub fetch json (json)', calls: local, call: async () => (await stubJson()).json() },
      {
        name: 'client show json, stub fetch',
        baseline: 'stub fetch json (json)',
        calls: local,
        call: () => offJson.contacts.show(item.id),
      },
    ];
    const sample = async (c: (typeof cases)[number]) => {
      const t = performance.now();
      for (let i = 0; i < c.calls; i++) await c.call();
      return (performance.now() - t) / c.calls;
    };
    for (const c of cases) await sample(c); // warm-up: JIT, connection pool, server caches
    const samples = cases.map(() => [] as number[]);
    for (let r = 0; r < runs; r++) for (const [i, c] of cases.entries()) samples[i].push(await sample(c));
    const st = cases.map((_, i) => stats(samples[i]));
    const rows = cases.map((c, i): Row => {
      const b = c.baseline ? cases.findIndex((x) => x.name === c.baseline) : i;
      return {
        bench: 'client',
        case: c.baseline ? `${c.name} (vs ${c.baseline})` : c.name,
        runs,
        ...st[i],
        ratio: st[i].medianMs / st[b].medianMs,
        opsPerSec: 1000 / st[i].medianMs,
      };
    });
    mkdirSync(join(root, 'bench', 'results'), { recursive: true });
    const meta = {
      date: new Date().toISOString(),
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
      callsPerSample: calls,
    };
    writeFileSync(join(root, 'bench', 'results', 'client.json'), JSON.stringify({ ...meta, rows }, null, 2) + '\n');
    return rows;
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(formatTable(await clientBench()));
}
