// The unit of work of generate: an emitter of a target or an output.
import type { Spec } from './model.ts';
import type { GeneratedFile } from './generated-file.ts';
import type { Derived, DerivedName } from '../sdk-model/derive.ts';

/**
 * An emitter is a pure function of the IR and the derived models it declares in `needs`
 * (generator/sdk-model/derive.ts): it reads nothing else, and never another emitter.
 */
export interface Emitter {
  name: string;
  needs: readonly DerivedName[];
  emit(spec: Spec, derived: Derived): GeneratedFile[];
  /** Writes sources the TypeScript packages compile: generate starts the compile once all of these have run. */
  packageSources?: true;
}
