// Prettier in a worker thread: generate sends each emitter's TypeScript files here as soon as the
// emitter returns, so formatting runs on the second core while the main thread emits the rest.
import { parentPort } from 'node:worker_threads';
import { formatTexts } from './write.ts';

const port = parentPort!;
port.on('message', (job: { id: number; texts: string[] }) => {
  formatTexts(job.texts).then(
    (texts) => port.postMessage({ id: job.id, texts }),
    (e: unknown) => port.postMessage({ id: job.id, error: e instanceof Error ? e.message : String(e) }),
  );
});
// Prettier and its babel parser load now, while the main thread loads the spec and ts-morph.
void formatTexts(['const warm = 1;\n']);
