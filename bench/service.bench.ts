// Throughput of the reference service on loopback, against a bare node:http server:
//   show record (XML)     GET /contacts/{id}/ answered by `crmgen serve --db :memory:`, against a
//                         node:http server answering GET with a fixed XML body of the same bytes
//   create record (JSON)  POST /contacts/ with a JSON body, against a node:http server that reads
//                         the same request body and answers 201 with a fixed JSON body of the same size
//   ..., file database    the same show and create on `crmgen serve --db <file>` (the default kind
//                         of database: WAL, synchronous = FULL, so every create waits for an fsync)
//   ..., 1 connection     the create on the file database and the bare POST on one connection,
//                         one request at a time (a fifth of the requests)
//   ..., vs the handler's own work   the same show and create on the file database, against
//                         bench/handler-server.ts: a node:http server doing what the handlers do
//                         (the same storage calls in the same transactions, on a file database of
//                         its own) and answering fixed bytes; the ratio is the cost of the path from
//                         socket to handler and back (admission, authentication, quota, decoding and
//                         validation, encoding, the pipeline) on top of the work both share
//   batch of 100 shows    one POST /batch of 100 GET parts (median latency), against the same 100
//                         shows sent one after another on one keep-alive connection
//   request log           the same show and create on a second `crmgen serve` writing its JSON
//                         request log to a file, against the first (started with --log-format none)
// Both servers are child processes, so neither shares an event loop with the client; one client
// loop drives every case: `concurrency` keep-alive connections (node:http Agent) sending a fixed
// count of requests, each answer's status checked and its body read to the end. Cases are
// interleaved round by round so machine noise hits them alike. medianMs is wall time per request
// (per batch for the batch rows) at that concurrency; opsPerSec is requests (batches) per second;
// ratio is the time ratio to the case's baseline (x > 1 means the service is slower). The notes
// give the server's CPU time per request (per batch) over all rounds, from /proc on Linux, and its
// ratio to the baseline server's: steadier than wall time on a busy machine, where the wall time
// also counts the client and every other process.
// Run: npx tsx bench/service.bench.ts (BENCH_RUNS, BENCH_REQUESTS, BENCH_CONCURRENCY), or npm run bench.
import { Agent } from 'node:http';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  benchAuth as auth,
  benchUser,
  cpuMicros,
  drive,
  send,
  formatTable,
  spawnServer,
  stats,
  type Call,
  type Child,
  type Row,
} from './lib.ts';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const runs = Math.max(1, Number(process.env.BENCH_RUNS) || 5);
const requests = Math.max(10, Number(process.env.BENCH_REQUESTS) || 1500);
const concurrency = Math.max(1, Number(process.env.BENCH_CONCURRENCY) || 8);
const batchRuns = 3; // batches per round (each is 100 calls)
// Requests per round on one connection (creates there wait for an fsync each).
const single = Math.max(10, Math.round(requests / 5));
const user = benchUser;

// The bare server: reads the request body, answers GET with one fixed body and POST with another.
const bareServer = `
const http = require('node:http');
const get = Buffer.from(process.env.GET_BODY, 'base64');
const post = Buffer.from(process.env.POST_BODY, 'base64');
http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const [status, type, body] = req.method === 'POST' ? [201, 'application/json; charset=utf-8', post] : [200, 'application/xml; charset=utf-8', get];
    res.writeHead(status, { 'content-type': type, 'content-length': body.length });
    res.end(body);
  });
}).listen(0, '127.0.0.1', function () { console.log('listening on http://127.0.0.1:' + this.address().port); });
`;

export default async function serviceBench(): Promise<Row[]> {
  const serveArgs = [
    'bin/crmgen.js',
    'serve',
    '--port',
    '0',
    '--db',
    ':memory:',
    '--user',
    `${user.email}:${user.token}`,
    '--quota',
    '100000000',
  ];
  const service = await spawnServer([...serveArgs, '--log-format', 'none'], {});
  const logDir = mkdtempSync(join(tmpdir(), 'crmgen-bench-log-'));
  const logFile = join(logDir, 'requests.log');
  const logFd = openSync(logFile, 'w');
  const logged = await spawnServer([...serveArgs, '--log-format', 'json'], {}, logFd);
  const fileArgs = serveArgs.map((a) => (a === ':memory:' ? join(logDir, 'bench.db') : a));
  const onFile = await spawnServer([...fileArgs, '--log-format', 'none'], {});
  let bare: Child | undefined;
  let handler: Child | undefined;
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  try {
    const headers = { authorization: auth };
    // A contact to show, and the bodies the bare server will answer with (same bytes and size).
    const createBody = JSON.stringify({
      firstname: 'Ann',
      lastname: 'Lee',
      businessemail: 'ann.lee@example.com',
      jobtitle: 'Head of Procurement',
      businessaddress: '1 High Street, London & Co',
    });
    const create: Call = {
      method: 'POST',
      path: '/contacts/',
      headers: { ...headers, 'content-type': 'application/json', accept: 'application/json' },
      body: createBody,
      status: 201,
    };
    const created = await send(service.port, agent, create);
    const id = (JSON.parse(created.toString()) as { item: { id: number } }).item.id;
    const show: Call = {
      method: 'GET',
      path: `/contacts/${id}/`,
      headers: { ...headers, accept: 'application/xml' },
      status: 200,
    };
    const shown = await send(service.port, agent, show);
    // The same contact on the logging server (ids come from one sequence per database: both 1).
    const loggedId = (JSON.parse((await send(logged.port, agent, create)).toString()) as { item: { id: number } }).item
      .id;
    if (loggedId !== id) throw new Error(`the logging server made contact ${loggedId}, not ${id}`);
    const fileId = (JSON.parse((await send(onFile.port, agent, create)).toString()) as { item: { id: number } }).item
      .id;
    if (fileId !== id) throw new Error(`the file database server made contact ${fileId}, not ${id}`);
    if (!shown.toString().includes(`<id>${id}</id>`)) throw new Error('show did not answer the record');
    bare = await spawnServer(['-e', bareServer], {
      GET_BODY: shown.toString('base64'),
      POST_BODY: created.toString('base64'),
    });
    handler = await spawnServer(['--import', 'tsx', 'bench/handler-server.ts'], {
      DB: join(logDir, 'handler.db'),
      EMAIL: user.email,
      GET_BODY: shown.toString('base64'),
      POST_BODY: created.toString('base64'),
    });
    // Its first contact gets the same id (its database is new too), so the same show path works.
    await send(handler.port, agent, create);
    const parts = Array.from(
      { length: 100 },
      (_, i) =>
        `--b\r\nContent-Type: application/http\r\nContent-ID: <p${i}>\r\n\r\nGET /contacts/${id}/ HTTP/1.1\r\nAccept: application/xml\r\n\r\n\r\n`,
    ).join('');
    const batch: Call = {
      method: 'POST',
      path: '/batch',
      headers: { ...headers, 'content-type': 'multipart/mixed; boundary=b' },
      body: `${parts}--b--\r\n`,
      status: 200,
    };
    const answered = (await send(service.port, agent, batch)).toString();
    if ((answered.match(/HTTP\/1\.1 200 OK/g) ?? []).length !== 100)
      throw new Error('the batch did not answer 100 shows');
    process.stderr.write(
      `service: show ${shown.length} bytes of XML, create ${created.length} bytes of JSON; ${requests} requests x ${concurrency} connections, ${runs} rounds\n`,
    );

    const cases: { name: string; baseline?: string; per: number; server: Child; run: () => Promise<number> }[] = [
      {
        name: 'node:http GET, fixed XML body',
        per: requests,
        server: bare!,
        run: () => drive([bare!.port], agent, show, requests, concurrency),
      },
      {
        name: 'show record (XML)',
        baseline: 'node:http GET, fixed XML body',
        per: requests,
        server: service,
        run: () => drive([service.port], agent, show, requests, concurrency),
      },
      {
        name: 'node:http POST, fixed JSON body',
        per: requests,
        server: bare!,
        run: () => drive([bare!.port], agent, create, requests, concurrency),
      },
      {
        name: 'create record (JSON)',
        baseline: 'node:http POST, fixed JSON body',
        per: requests,
        server: service,
        run: () => drive([service.port], agent, create, requests, concurrency),
      },
      {
        name: 'show record (XML), file database',
        baseline: 'node:http GET, fixed XML body',
        per: requests,
        server: onFile,
        run: () => drive([onFile.port], agent, show, requests, concurrency),
      },
      {
        name: 'create record (JSON), file database',
        baseline: 'node:http POST, fixed JSON body',
        per: requests,
        server: onFile,
        run: () => drive([onFile.port], agent, create, requests, concurrency),
      },
      {
        name: 'node:http + the show handler, file database',
        per: requests,
        server: handler!,
        run: () => drive([handler!.port], agent, show, requests, concurrency),
      },
      {
        name: 'show record (XML), file database, path',
        baseline: 'node:http + the show handler, file database',
        per: requests,
        server: onFile,
        run: () => drive([onFile.port], agent, show, requests, concurrency),
      },
      {
        name: 'node:http + the create handler, file database',
        per: requests,
        server: handler!,
        run: () => drive([handler!.port], agent, create, requests, concurrency),
      },
      {
        name: 'create record (JSON), file database, path',
        baseline: 'node:http + the create handler, file database',
        per: requests,
        server: onFile,
        run: () => drive([onFile.port], agent, create, requests, concurrency),
      },
      // One connection: each create waits for its own fsync (nothing to share it with); the rows
      // above, at `concurrency` connections, are the throughput a durable server is judged by.
      {
        name: 'node:http POST, fixed JSON body, 1 connection',
        per: single,
        server: bare!,
        run: () => drive([bare!.port], agent, create, single, 1),
      },
      {
        name: 'create record (JSON), file database, 1 connection',
        baseline: 'node:http POST, fixed JSON body, 1 connection',
        per: single,
        server: onFile,
        run: () => drive([onFile.port], agent, create, single, 1),
      },
      {
        name: 'show record (XML), JSON request log to a file',
        baseline: 'show record (XML)',
        per: requests,
        server: logged,
        run: () => drive([logged.port], agent, show, requests, concurrency),
      },
      {
        name: 'create record (JSON), JSON request log to a file',
        baseline: 'create record (JSON)',
        per: requests,
        server: logged,
        run: () => drive([logged.port], agent, create, requests, concurrency),
      },
      {
        name: '100 shows, one by one',
        per: batchRuns,
        server: service,
        run: () =>
          (async () => {
            let ms = 0;
            for (let i = 0; i < batchRuns; i++) ms += await drive([service.port], agent, show, 100, 1);
            return ms;
          })(),
      },
      {
        name: 'batch of 100 shows',
        baseline: '100 shows, one by one',
        per: batchRuns,
        server: service,
        run: () => drive([service.port], agent, batch, batchRuns, 1),
      },
    ];
    // Warm-up (JIT, statement cache, connections), not timed.
    for (const c of cases) await c.run();
    const samples = cases.map(() => [] as number[]);
    // The server's CPU per request (per batch) over all rounds, where /proc tells it (it counts in
    // clock ticks, 10 ms: a round of the bare server is a few ticks, the sum of the rounds more).
    const cpu = cases.map(() => [] as number[]);
    for (let r = 0; r < runs; r++) {
      for (const [i, c] of cases.entries()) {
        const before = cpuMicros(c.server.pid);
        samples[i].push((await c.run()) / c.per);
        const after = cpuMicros(c.server.pid);
        if (before !== undefined && after !== undefined) cpu[i].push(after - before);
      }
    }
    const st = cases.map((_, i) => stats(samples[i]));
    const cpuPer = cases.map((c, i) =>
      cpu[i].length === runs ? cpu[i].reduce((a, b) => a + b, 0) / (runs * c.per) : undefined,
    );
    const rows = cases.map((c, i): Row => {
      const b = c.baseline ? cases.findIndex((x) => x.name === c.baseline) : i;
      const us = cpuPer[i];
      const baseUs = cpuPer[b];
      const note =
        us === undefined
          ? undefined
          : `server CPU ${us.toFixed(0)} us${c.baseline && baseUs ? ` (x${(us / baseUs).toFixed(1)})` : ''}`;
      return {
        bench: 'service',
        case: c.baseline ? `${c.name} (vs ${c.baseline})` : c.name,
        runs,
        ...st[i],
        ratio: st[i].medianMs / st[b].medianMs,
        opsPerSec: 1000 / st[i].medianMs,
        ...(note && { note }),
      };
    });
    mkdirSync(join(root, 'bench', 'results'), { recursive: true });
    process.stderr.write(`service: the request log grew to ${statSync(logFile).size} bytes\n`);
    const meta = {
      date: new Date().toISOString(),
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
      requests,
      concurrency,
    };
    writeFileSync(join(root, 'bench', 'results', 'service.json'), JSON.stringify({ ...meta, rows }, null, 2) + '\n');
    return rows;
  } finally {
    agent.destroy();
    await Promise.all([service.stop(), logged.stop(), onFile.stop(), bare?.stop(), handler?.stop()]);
    closeSync(logFd);
    rmSync(logDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(formatTable(await serviceBench()));
}
