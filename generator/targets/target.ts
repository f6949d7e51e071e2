// What an SDK language target provides to the pipeline. A target is a folder of generator/targets/
// holding its emitters, naming rules, package layout, formatter step, runtime (the fixed code of
// its language, copied into the package and unit-tested in that language) and test harness; it is
// listed once in generator/targets/index.ts. A target reads the IR and the neutral SDK model
// (generator/sdk-model/), never another target nor an output.
import type { Spec } from '../pipeline/model.ts';
import type { GeneratedFile } from '../pipeline/generated-file.ts';
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

/** Lays out one file of a format the target owns; run only on texts whose content changed (the write stage caches by hash). */
export type Formatter = (text: string, path: string) => Promise<string>;

/** One public name of an SDK, as `crmgen diff` compares them (see targets/typescript/api-surface.ts). */
export interface SurfaceLine {
  /** The SDK and entry point it is reachable from ('client', 'types' for TypeScript; 'python', 'php'). */
  module: string;
  key: string;
  name: string;
  role: 'decl' | 'member' | 'union' | 'reexport';
  type: string;
  optional?: boolean;
  value?: boolean;
  method?: boolean;
}

/** The code of one call of the SDK in the reference docs, for one example value. */
export interface DocsLanguage {
  /** The tab's key (the reader's language choice) and its label. */
  tab: string;
  label: string;
}

export interface Target {
  /** The language, as a folder name: typescript, python, php. */
  name: string;
  /** Its emitters, in the order they run; their names are unique across the registry. */
  emitters: Emitter[];
  /** The formatter of each file format this target emits (GeneratedFile.format). */
  formatters?: Partial<Record<GeneratedFile['format'], Formatter>>;
  /** The SDK's public surface for `crmgen diff`: the emitters it reads, and the lines it makes of their files. */
  surface?: { reads: readonly string[]; lines(files: GeneratedFile[]): SurfaceLine[] };
}
