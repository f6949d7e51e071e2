// generate's worker thread: the spec, loaded while the main thread loads the pipeline's modules,
// prettier on each emitter's TypeScript files, sent as soon as the
// emitter returns, the validators' ajv compile, sent once the spec is loaded, and the docs and
// openapi when this thread claims them before the main thread does; all run on the second core while the main
// thread emits the rest (nothing here loads ts-morph).
import { parentPort } from 'node:worker_threads';
import { formatTexts, type WorkerJob } from './write.ts';
import { compileValidatorInput } from '../targets/typescript/validator-compile.ts';
import { emitDocs } from '../outputs/docs.ts';
import { emitOpenApi } from '../outputs/openapi.ts';
import { SchemaBuilder } from '../sdk-model/json-schemas.ts';
import { loadSpec } from './load.ts';

const port = parentPort!;
const failed = (id: number, e: unknown) => port.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
port.on('message', (job: WorkerJob) => {
  if (job.validators || job.offer || job.load) {
    try {
      if (job.load) port.postMessage({ id: job.id, spec: loadSpec(job.load.specDir) });
      else if (job.validators) port.postMessage({ id: job.id, compiled: compileValidatorInput(job.validators) });
      else if (job.offer) {
        const { emitter, spec, descriptors, claims, slot } = job.offer;
        // Unclaimed -> ours; the main thread got there first -> it runs the emitter.
        const ours = Atomics.compareExchange(claims, slot, 0, 1) === 0;
        // openapi's wire schemas as derive.ts builds them (a class instance does not survive the copy).
        const files = !ours
          ? undefined
          : emitter === 'docs'
            ? emitDocs(spec, { descriptors })
            : emitOpenApi(spec, { descriptors, wireSchemas: new SchemaBuilder(spec, true) });
        port.postMessage({ id: job.id, files });
      }
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
