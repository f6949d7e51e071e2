// What an SDK language target provides to the pipeline. A target is a folder of generator/targets/
// holding its emitters, naming rules, package layout, formatter step, runtime (the fixed code of
// its language, copied into the package and unit-tested in that language) and test harness; it is
// listed in generator/targets/index.ts (and its docs tab in docs-languages.ts). A target reads the
// IR and the neutral SDK model (generator/sdk-model/), never another target nor an output.
import type { GeneratedFile } from '../pipeline/generated-file.ts';
import type { Operation } from '../pipeline/model.ts';
import type { Emitter } from '../pipeline/emitter.ts';

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

/** One endpoint's example, as every language writes it: the same ids and values. */
export interface ExampleCall {
  op: Operation;
  kind: string;
  segment: string;
  /** Path ids, in path order: the record's or activity's, then a delivery's. */
  ids: number[];
  /** The client package's name (spec.packages.client.name). */
  clientPackage: string;
  /** The kind or segment the first id belongs to (ids are typed per kind and segment). */
  idOf?: string;
  /** The activity's parent kind or segment in the hierarchy ('record': the record of `kind`). */
  parentOf?: string;
  /** The request body or the parameters, as a typed value. */
  value?: unknown;
  /** Files sent with the call (multipart/form-data). */
  files: { field: string; filename: string }[];
  /** Each record kind's singular (contacts: contact), for SDKs that name types after it. */
  singulars?: Record<string, string>;
}

export interface DocsLanguage {
  /** The tab's key (the reader's language choice) and its title. */
  tab: string;
  label: string;
  /** How the call is named in this SDK (crm.contacts.create), for the docs' search. */
  callName(op: Operation, kind: string, segment: string): string;
  /** The call in this SDK, with the label shown above it. */
  call(example: ExampleCall): { label: string; text: string };
}

export type { Emitter } from '../pipeline/emitter.ts';

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
