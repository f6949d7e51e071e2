// Fuzzing at volume (issue 19): the generators of test/support/fuzz.ts, FUZZ_INPUTS (default
// 100,000) inputs per decoder and FUZZ_HTTP_INPUTS (default 5,000: each is a real request, so
// fewer) whole HTTP requests to a `crmgen serve` child on 127.0.0.1. Reports inputs per second
// (decoder time only, not generation), crashes (errors a decoder does not declare; must be 0),
// 5xx answers (must be 0) and the longest event-loop stall: for decoders, this process's loop,
// which yields after every input, so a stall is one input's decode (monitorEventLoopDelay, and
// the longest single input timed directly, in wall and CPU time); for HTTP, the slowest answer to a probe (GET /ownership/)
// sent every 50 ms beside the fuzzing, i.e. the service's stall as a client sees it.
// Run alone: npx tsx bench/fuzz.bench.ts (exit 1 on a crash or a 5xx); FUZZ_SEED sets the seed.
import fc from 'fast-check';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { XMLValidator } from 'fast-xml-parser';
import * as F from '../test/support/fuzz.ts';
import { formatTable, spawnServer, type Row } from './lib.ts';

const seed = Number(process.env.FUZZ_SEED ?? 20261123);
const inputs = Number(process.env.FUZZ_INPUTS ?? 100_000);
const httpInputs = Number(process.env.FUZZ_HTTP_INPUTS ?? 5_000);
const chunk = 2_000;

export interface FuzzFigures {
  name: string;
  inputs: number;
  perSecond: number;
  crashes: number;
  fiveXx: number;
  /** monitorEventLoopDelay's max (decoders), or the slowest probe answer (HTTP), in ms. */
  stallMs: number;
  /** The longest single input, in ms: wall time, and CPU time (what a loaded shared machine does not inflate). */
  longestMs: number;
  longestCpuMs: number;
  refused: number;
  firstCrash?: string;
}

const show = (x: unknown) =>
  JSON.stringify(x, (_k, v) => (v instanceof Uint8Array ? Buffer.from(v).toString('latin1') : v)) ?? 'undefined';
const yieldLoop = () => new Promise<void>((ok) => setImmediate(ok));

async function fuzzDecoder<T>(
  name: string,
  arb: fc.Arbitrary<T>,
  run: (x: T) => F.Outcome | Promise<F.Outcome>,
): Promise<FuzzFigures> {
  const fig: FuzzFigures = {
    name,
    inputs: 0,
    perSecond: 0,
    crashes: 0,
    fiveXx: 0,
    stallMs: 0,
    longestMs: 0,
    longestCpuMs: 0,
    refused: 0,
  };
  let busy = 0;
  let slowest: T | undefined;
  for (let c = 0; fig.inputs < inputs; c++) {
    // Samples of one chunk are made up front, outside the timed and monitored part.
    const batch = fc.sample(arb, { seed: seed + c, numRuns: Math.min(chunk, inputs - fig.inputs) });
    await yieldLoop();
    // A fresh histogram per chunk: re-enabling one counts the generation pause as a stall.
    const h = monitorEventLoopDelay({ resolution: 5 });
    h.enable();
    for (const x of batch) {
      const t = performance.now();
      const cpu = process.cpuUsage();
      try {
        if ((await run(x)) === 'refused') fig.refused++;
      } catch (e) {
        fig.crashes++;
        fig.firstCrash ??= `${e instanceof Error ? e.message : String(e)} on ${show(x).slice(0, 400)}`;
      }
      const ms = performance.now() - t;
      const used = process.cpuUsage(cpu);
      fig.longestCpuMs = Math.max(fig.longestCpuMs, (used.user + used.system) / 1000);
      busy += ms;
      if (ms > fig.longestMs) {
        fig.longestMs = ms;
        slowest = x;
      }
      fig.inputs++;
      await yieldLoop();
    }
    h.disable();
    fig.stallMs = Math.max(fig.stallMs, h.max / 1e6);
  }
  fig.perSecond = fig.inputs / (busy / 1000);
  if (process.env.FUZZ_SHOW_SLOWEST)
    process.stderr.write(`slowest ${name} input (${fig.longestMs.toFixed(1)} ms): ${show(slowest).slice(0, 3000)}\n`);
  return fig;
}

async function fuzzHttp(): Promise<FuzzFigures> {
  const ann = ['ann@example.com', 'pw-ann'] as const;
  const bob = ['bob@example.com', 'pw-bob'] as const;
  const auth = (u: readonly [string, string]) => `Basic ${Buffer.from(u.join(':')).toString('base64')}`;
  const service = await spawnServer([
    'bin/crmgen.js',
    'serve',
    '--port',
    '0',
    '--db',
    ':memory:',
    '--user',
    `${ann.join(':')}:acme`,
    '--user',
    `${bob.join(':')}:globex`,
    '--quota',
    '100000000',
    '--login-failures',
    '100000000',
    '--login-failures-per-address',
    '100000000',
    ...F.noWebhookTraffic,
  ]);
  const base = `http://127.0.0.1:${service.port}`;
  const fig: FuzzFigures = {
    name: 'HTTP requests',
    inputs: 0,
    perSecond: 0,
    crashes: 0,
    fiveXx: 0,
    stallMs: 0,
    longestMs: 0,
    longestCpuMs: 0,
    refused: 0,
  };
  const xmlParses = (s: string) => XMLValidator.validate(s) === true;
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const t = performance.now();
      try {
        await fetch(`${base}/ownership/`, {
          headers: { authorization: auth(ann) },
          signal: AbortSignal.timeout(30_000),
        }).then((r) => r.arrayBuffer());
      } catch {
        fig.crashes++;
      }
      fig.stallMs = Math.max(fig.stallMs, performance.now() - t);
      await new Promise((ok) => setTimeout(ok, 50));
    }
  })();
  const started = performance.now();
  try {
    for (let c = 0; fig.inputs < httpInputs; c++) {
      const batch = fc.sample(F.httpCaseArb(auth(ann), [auth(bob)]), {
        seed: seed + c,
        numRuns: Math.min(200, httpInputs - fig.inputs),
      });
      // Four clients at once: enough to overlap requests without tripping the connection caps.
      for (let i = 0; i < batch.length; i += 4) {
        await Promise.all(
          batch.slice(i, i + 4).map(async (req) => {
            const t = performance.now();
            try {
              const res = await fetch(base + req.path, {
                method: req.method,
                headers: req.headers,
                body: req.body as BodyInit | undefined,
                signal: AbortSignal.timeout(30_000),
              });
              const text = await res.text();
              if (res.status >= 500) fig.fiveXx++;
              if (res.status >= 400) fig.refused++;
              const problem = F.answerProblem(req, res.status, res.headers, text, xmlParses);
              if (problem && res.status < 500) {
                fig.crashes++;
                fig.firstCrash ??= `${problem}: ${req.method} ${req.path} -> ${res.status} ${text.slice(0, 200)}`;
              } else if (problem)
                fig.firstCrash ??= `${problem}: ${req.method} ${req.path} ${JSON.stringify(req.headers)} -> ${text.slice(0, 200)}`;
            } catch (e) {
              fig.crashes++;
              fig.firstCrash ??= `${req.method} ${req.path}: ${e instanceof Error ? `${e.message} ${String((e as { cause?: unknown }).cause ?? '')}` : String(e)}`;
            }
            fig.longestMs = Math.max(fig.longestMs, performance.now() - t);
            fig.inputs++;
          }),
        );
      }
    }
  } finally {
    fig.perSecond = fig.inputs / ((performance.now() - started) / 1000);
    probing = false;
    await probe;
    await service.stop();
  }
  return fig;
}

export async function fuzzFigures(): Promise<FuzzFigures[]> {
  const out: FuzzFigures[] = [];
  const step = async (f: Promise<FuzzFigures>) => {
    const fig = await f;
    process.stderr.write(
      `fuzz: ${fig.name}: ${fig.inputs} inputs, ${Math.round(fig.perSecond)}/s, ${fig.crashes} crashes, ${fig.fiveXx} 5xx, stall ${fig.stallMs.toFixed(1)} ms\n`,
    );
    out.push(fig);
  };
  await step(fuzzDecoder('XML reader (parseXml)', F.xmlInputArb, F.runXml));
  await step(fuzzDecoder('codecs decode (xml/json/form) + validators', F.codecInputArb, F.runCodec));
  await step(fuzzDecoder('JSON depth check', F.jsonTextArb, F.runJsonDepth));
  await step(fuzzDecoder('form parse + depth (formToNested)', F.formBodyArb, F.runFormDepth));
  await step(fuzzDecoder('multipart/form-data (parseMultipartForm)', F.multipartInputArb, F.runMultipart));
  await step(fuzzDecoder('batch (parseBatchRequest)', F.batchInputArb, F.runBatch));
  await step(fuzzHttp());
  return out;
}

export function rowsOf(figs: FuzzFigures[]): Row[] {
  return figs.map((f) => ({
    bench: 'fuzz',
    case: f.name,
    runs: f.inputs,
    medianMs: 1000 / f.perSecond,
    minMs: 1000 / f.perSecond,
    ratio: 1,
    opsPerSec: f.perSecond,
    note: `crashes ${f.crashes}, 5xx ${f.fiveXx}, refused ${f.refused}, longest stall ${f.stallMs.toFixed(1)} ms, longest input ${f.longestMs.toFixed(1)} ms${f.longestCpuMs ? ` (CPU ${f.longestCpuMs.toFixed(1)} ms)` : ''}${f.firstCrash ? `; first: ${f.firstCrash}` : ''}`,
  }));
}

/** In the bench table: the mean time per input as median and min (one figure), the rest in notes; no baseline (ratio 1). */
export default async function fuzz(): Promise<Row[]> {
  return rowsOf(await fuzzFigures());
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figs = await fuzzFigures();
  console.log(`seed ${seed}; decoders ${inputs} inputs each, HTTP ${httpInputs} requests`);
  console.log(formatTable(rowsOf(figs)));
  if (figs.some((f) => f.crashes || f.fiveXx)) process.exitCode = 1;
}
