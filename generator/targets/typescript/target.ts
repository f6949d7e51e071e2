// The TypeScript target: the typed client (generated/client) and the server stubs
// (generated/server), npm packages sharing the types, codecs and validators, with this folder's
// runtime/ copied in (packages.ts) and compiled to ESM with declarations (compile.ts); laid out by
// prettier (generator/pipeline/write.ts) and tested with vitest against the reference service.
import type { Spec } from '../../pipeline/model.ts';
import type { Derived } from '../../sdk-model/derive.ts';
import type { GeneratedFile } from '../../pipeline/generated-file.ts';
import type { Target } from '../contract.ts';
import { withTsModels, type TsDerived } from './emitter-models.ts';
import { emitTypes } from './types.ts';
import { emitCodecs } from './codecs.ts';
import { emitServer } from './server.ts';
import { emitClient } from './client.ts';
import { emitClientReadme } from './client-readme.ts';
import { emitValidators } from './validators.ts';
import { surfaceEntries } from './api-surface.ts';

/** An emitter that also reads the target's own models (models.ts). */
const withModels =
  (emit: (spec: Spec, derived: TsDerived) => GeneratedFile[]) =>
  (spec: Spec, derived: Derived): GeneratedFile[] =>
    emit(spec, withTsModels(spec, derived));

export const typescript: Target = {
  name: 'typescript',
  emitters: [
    { name: 'types', needs: [], emit: emitTypes, packageSources: true },
    { name: 'codecs', needs: ['wire'], emit: withModels(emitCodecs), packageSources: true },
    { name: 'server', needs: [], emit: withModels(emitServer), packageSources: true },
    { name: 'client', needs: [], emit: withModels(emitClient), packageSources: true },
    { name: 'validators', needs: ['requestSchemas', 'patterns'], emit: emitValidators, packageSources: true },
    // After the package sources: the compile runs while the rest emits.
    { name: 'client-readme', needs: [], emit: emitClientReadme },
  ],
  surface: { reads: ['types', 'client'], lines: surfaceEntries },
};
