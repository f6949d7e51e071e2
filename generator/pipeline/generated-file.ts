// One file of generate's output, in memory: what every emitter returns and the write stage takes.

/**
 * How a file's final text is made. json and text are final as emitted; every other format names
 * the formatter a target provides for it (typescript: prettier; laid-out: TypeScript the emitter
 * printed in prettier's layout itself).
 */
export type FileFormat = 'typescript' | 'laid-out' | 'json' | 'text' | 'python' | 'php';

export interface GeneratedFile {
  /** Relative to the output folder, with forward slashes. */
  path: string;
  content: string;
  /**
   * typescript: prettier; laid-out: TypeScript the emitter printed in prettier's layout itself
   * (generator/emit/pretty.ts); json and text are emitted already in their final form. Only
   * typescript goes through prettier.
   */
  format: FileFormat;
  /** What the packages compile instead of content (tsc keeps a source's layout in dist/, pinned as ts-morph printed it). */
  source?: string;
}
