// The language-neutral outputs: JSON Schemas, the service's facts, the reference docs and the
// OpenAPI document. They read the IR and the neutral SDK model, never a target's emitters.
import type { Emitter } from '../pipeline/emitter.ts';
import { emitRuntimeSpec } from './runtime-spec.ts';
import { emitDocs } from './docs.ts';
import { emitOpenApi } from './openapi.ts';

export const outputs: Emitter[] = [
  // The schema documents are a derived model (validators compile them too); this emitter writes them.
  { name: 'schemas', needs: ['schemaDocuments'], emit: (_spec, d) => d.schemaDocuments },
  { name: 'runtime-spec', needs: [], emit: emitRuntimeSpec },
  { name: 'docs', needs: ['descriptors'], emit: emitDocs },
  { name: 'openapi', needs: ['descriptors', 'wireSchemas'], emit: emitOpenApi },
];
