// generate's worker thread: prettier on each emitter's TypeScript files, sent as soon as the
// emitter returns, and the validators' ajv compile, sent once the spec is loaded; both run on the
// second core while the main thread emits the rest.
import { parentPort } from 'node:worker_threads';
import { formatTexts } from './write.ts';
import { compileValidatorInput, type ValidatorInput } from './emit/validator-compile.ts';

const port = parentPort!;
const failed = (id: number, e: unknown) => port.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
port.on('message', (job: { id: number; texts?: string[]; validators?: ValidatorInput }) => {
  if (job.validators) {
    try {
      port.postMessage({ id: job.id, compiled: compileValidatorInput(job.validators) });
    } catch (e) {
      failed(job.id, e);
    }
    return;
  }
  formatTexts(job.texts ?? []).then(
    (texts) => port.postMessage({ id: job.id, texts }),
    (e: unknown) => failed(job.id, e),
  );
});
// Prettier and its babel parser load now, while the main thread loads the spec and ts-morph.
void formatTexts(['const warm = 1;\n']);
