// Prettier over several texts on every core: this thread formats its share while worker threads
// format theirs, the texts dealt largest first to whichever is least loaded (one text, the XML
// codec, is a third of all the bytes). Prettier's result does not depend on the thread.
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export type PrettierOptions = Record<string, unknown>;

/** Below this many bytes the workers' start (each loads prettier) costs more than it saves. */
const minParallelBytes = 200_000;

// A CommonJS script (eval workers are): loads prettier once, then formats what it is sent.
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const prettier = require(workerData.prettier);
parentPort.on('message', async ({ id, text }) => {
  try {
    parentPort.postMessage({ id, text: await prettier.format(text, workerData.options) });
  } catch (e) {
    parentPort.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
  }
});
`;

/** The formatted form of each text, in order. */
export async function formatAll(texts: readonly string[], options: PrettierOptions): Promise<string[]> {
  const total = texts.reduce((n, t) => n + t.length, 0);
  const workers = total < minParallelBytes ? 0 : Math.min(availableParallelism() - 1, 3, texts.length - 1);
  const format = async (text: string) => ((await import('prettier')) as typeof import('prettier')).format(text, options);
  if (workers <= 0) return Promise.all(texts.map(format));
  // Largest first, each to the least loaded lane; lane 0 is this thread.
  const lanes = Array.from({ length: workers + 1 }, () => ({ bytes: 0, jobs: [] as number[] }));
  for (const i of texts.map((_, i) => i).sort((a, b) => texts[b]!.length - texts[a]!.length)) {
    const lane = lanes.reduce((min, l) => (l.bytes < min.bytes ? l : min));
    lane.bytes += texts[i]!.length;
    lane.jobs.push(i);
  }
  const out: string[] = new Array<string>(texts.length);
  const prettierEntry = createRequire(import.meta.url).resolve('prettier');
  const pool = lanes.slice(1).map((lane) => {
    const worker = new Worker(workerSource, { eval: true, workerData: { prettier: prettierEntry, options } });
    return new Promise<void>((resolve, reject) => {
      let left = lane.jobs.length;
      worker.on('message', (m: { id: number; text?: string; error?: string }) => {
        if (m.error !== undefined) return reject(new Error(m.error));
        out[m.id] = m.text!;
        if (--left === 0) resolve();
      });
      worker.on('error', reject);
      for (const id of lane.jobs) worker.postMessage({ id, text: texts[id] });
    }).finally(() => worker.terminate());
  });
  const own = (async () => {
    for (const i of lanes[0]!.jobs) out[i] = await format(texts[i]!);
  })();
  await Promise.all([own, ...pool]);
  return out;
}
