// One file of generate's output, in memory: what every emitter returns and the write stage takes.

/**
 * How a file's final text is made. json and text are final as emitted; every other format names
 * the formatter a target provides for it (typescript: prettier).
 */
export type FileFormat = 'typescript' | 'json' | 'text' | 'python' | 'php';

export interface GeneratedFile {
  /** Relative to the output folder, with forward slashes. */
  path: string;
  content: string;
  /** typescript: prettier; json and text are emitted already in their final form. */
  format: FileFormat;
  /**
   * The modules a TypeScript or JavaScript file imports, as its emitter built it (the TypeScript
   * target's packages follow them; only the runtime's modules, copied from disk, are read for them).
   */
  imports?: readonly string[];
}
