// Formats emitted files and writes only what changed. Prettier dominates run time,
// so a content-hash cache (outside generated/) maps each unformatted text to the
// hash of its formatted form: when the file on disk already has that hash, prettier
// is skipped. The cache can only save work, never change output: a miss formats.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync, existsSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { createRequire } from 'node:module';
import type { Worker } from 'node:worker_threads';
import type { Compiled, ValidatorInput } from '../targets/typescript/validator-compile.ts';
import type { Spec } from './model.ts';
import type { FileFormat, GeneratedFile } from './generated-file.ts';
import type { Formatter } from '../targets/contract.ts';

import type { Derived } from '../sdk-model/derive.ts';

const hash = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 32);

export interface FormatCache {
  /** raw hash -> formatted hash */
  entries: Record<string, string>;
}

export function loadCache(file: string): FormatCache {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as FormatCache;
  } catch {
    return { entries: {} };
  }
}

export function saveCache(file: string, cache: FormatCache) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(cache));
}

let prettier: typeof import('prettier') | undefined;
// Babel's TypeScript parser: the same output as prettier's typescript parser on every emitted file
// (test/format-batch.test.ts compares the two), in about two thirds of the time. A text it rejects
// goes through the typescript parser, whose error is then the one reported.
const prettierOptions = { parser: 'babel-ts', singleQuote: true, printWidth: 120, trailingComma: 'all' } as const;
const formatOne = (text: string) =>
  prettier!
    .format(text, prettierOptions)
    .catch(() => prettier!.format(text, { ...prettierOptions, parser: 'typescript' }));

/** generate's worker thread; node:worker_threads loads only here (a no-change run imports this module too). */
const startWorker = (): Worker => {
  const { Worker: WorkerThread } = createRequire(import.meta.url)(
    'node:worker_threads',
  ) as typeof import('node:worker_threads');
  return new WorkerThread(new URL('./format-worker.js', import.meta.url));
};

/**
 * generate's worker thread (generator/format-worker.ts), started before the spec loads: texts sent
 * while the emitters run are formatted on the other core meanwhile (formatFiles then takes them
 * from `early`), the validators' ajv compile runs there, and the docs and openapi when the worker
 * gets to them before this thread does (see offer). Only for compiled JavaScript (the worker's module is
 * plain .js there); elsewhere nothing starts and everything runs in this thread as before.
 */
export class HelperThread {
  /** raw hash -> prettier's output, or undefined when the worker failed (formatFiles then formats it here). */
  readonly early = new Map<string, Promise<string | undefined>>();
  private readonly worker: Worker | undefined;
  private readonly waiting = new Map<number, (r: WorkerReply) => void>();
  private next = 0;

  /** A worker started before the pipeline's modules load (cli/generate.ts), taken by the next HelperThread. */
  private static started: Worker | undefined;

  /** The spec the started worker was asked to load, and its answer (undefined when it failed). */
  private static preload: { specDir: string; spec: Promise<Spec | undefined> } | undefined;

  /**
   * Starts the worker now, so it loads prettier (and the spec in `specDir`, see loadedSpec) while
   * this thread loads ts-morph and the emitters.
   */
  static prestart(specDir?: string) {
    if (!import.meta.url.endsWith('.js') || HelperThread.started) return;
    const worker = (HelperThread.started = startWorker());
    // Never what keeps the process alive (a run that fails before adopting it still exits).
    worker.unref();
    if (specDir === undefined) return;
    const spec = new Promise<Spec | undefined>((done) => {
      const reply = (r: WorkerReply & { id: number }) => {
        if (r.id !== preloadId) return;
        worker.off('message', reply);
        done(r.spec);
      };
      worker.on('message', reply);
      worker.once('error', () => done(undefined));
      worker.once('exit', () => done(undefined));
    });
    worker.postMessage({ id: preloadId, load: { specDir } } satisfies WorkerJob);
    HelperThread.preload = { specDir, spec };
  }

  /**
   * The spec in `specDir` as the worker loaded it while this thread loaded the pipeline (the IR is
   * plain data, so the copy is the same); undefined when it was not asked for or failed (the caller
   * then loads it and reports any error as always).
   */
  async loadedSpec(specDir: string): Promise<Spec | undefined> {
    if (!this.worker || this.preload?.specDir !== specDir) return undefined;
    // Awaited, the worker keeps the process alive (as in request).
    this.worker.ref();
    try {
      return await this.preload.spec;
    } finally {
      if (!this.waiting.size) this.worker.unref();
    }
  }

  private readonly preload = HelperThread.preload;

  constructor(private readonly cache: FormatCache) {
    if (!import.meta.url.endsWith('.js')) return;
    this.worker = HelperThread.started ?? startWorker();
    HelperThread.started = undefined;
    HelperThread.preload = undefined;
    this.worker.unref();
    this.worker.on('message', (r: WorkerReply & { id: number }) => {
      this.waiting.get(r.id)?.(r);
      this.waiting.delete(r.id);
      if (!this.waiting.size) this.worker!.unref();
    });
    // A worker that dies leaves its texts to formatFiles.
    this.worker.on('error', () => this.failAll());
    this.worker.on('exit', () => this.failAll());
  }

  /** Set once the worker has failed or exited: later requests are answered at once with an error. */
  private stopped = false;

  private failAll() {
    this.stopped = true;
    for (const done of this.waiting.values()) done({ error: 'format worker stopped' });
    this.waiting.clear();
  }

  /** Starts formatting the TypeScript files the cache does not already vouch for. */
  send(files: GeneratedFile[]) {
    if (!this.worker) return;
    const texts = new Map<string, string>();
    for (const f of files) {
      if (f.format !== 'typescript') continue;
      const rawHash = hash(f.content);
      if (!this.cache.entries[rawHash] && !this.early.has(rawHash)) texts.set(rawHash, f.content);
    }
    if (!texts.size) return;
    const result = this.request({ texts: [...texts.values()] });
    [...texts.keys()].forEach((rawHash, i) =>
      this.early.set(
        rawHash,
        result.then((r) => r.texts?.[i]),
      ),
    );
  }

  /** The validators' ajv compile of this input on the worker; undefined without a worker or when it failed (the emitter then compiles). */
  async compileValidators(input: ValidatorInput): Promise<Compiled | undefined> {
    return this.worker ? (await this.request({ validators: input })).compiled : undefined;
  }

  /**
   * Offers an emitter that loads no ts-morph (docs, openapi) to the worker, behind the work already
   * sent: whichever thread claims it first runs it (the worker when it has nothing else to do, this
   * thread when it reaches the emitter before then; see claim). The files, or undefined when this
   * thread claimed it, there is no worker, or it failed (the emitter then runs here).
   */
  offer(
    emitter: OfferedEmitter,
    spec: Spec,
    descriptors: Derived['descriptors'],
  ): Promise<GeneratedFile[] | undefined> {
    if (!this.worker) return Promise.resolve(undefined);
    return this.request({
      offer: { emitter, spec, descriptors, claims: this.claims, slot: offered.indexOf(emitter) },
    }).then((r) => r.files);
  }

  /** Per offered emitter: 0 unclaimed, 1 the worker's, 2 this thread's. */
  private readonly claims = new Int32Array(new SharedArrayBuffer(4 * offered.length));

  /** True when this thread runs the emitter (the worker has not started it). */
  claim(emitter: OfferedEmitter): boolean {
    return !this.worker || Atomics.compareExchange(this.claims, offered.indexOf(emitter), 0, 2) !== 1;
  }

  private request(job: Omit<WorkerJob, 'id'>): Promise<WorkerReply> {
    if (this.stopped) return Promise.resolve({ error: 'format worker stopped' });
    const id = this.next++;
    const reply = new Promise<WorkerReply>((done) => this.waiting.set(id, done));
    // While an answer is awaited the worker keeps the process alive (nothing else may, say when the compile was skipped).
    this.worker!.ref();
    this.worker!.postMessage({ id, ...job });
    return reply;
  }

  close() {
    void this.worker?.terminate();
  }
}

/** The emitters generate may hand to its worker thread. */
export const offered = ['docs', 'openapi'] as const;
export type OfferedEmitter = (typeof offered)[number];

/** The id of prestart's spec load (the others count up from 0). */
const preloadId = -1;

/** One job for the worker: exactly one of texts, validators, offer, load. */
export interface WorkerJob {
  id: number;
  texts?: string[];
  load?: { specDir: string };
  validators?: ValidatorInput;
  offer?: {
    emitter: OfferedEmitter;
    spec: Spec;
    descriptors: Derived['descriptors'];
    claims: Int32Array;
    slot: number;
  };
}

interface WorkerReply {
  spec?: Spec;
  texts?: string[];
  compiled?: Compiled;
  files?: GeneratedFile[];
  error?: string;
}

/** Final text of each file: formatted, taken from disk when the cache proves it current. */
export async function formatFiles(
  files: GeneratedFile[],
  outDir: string,
  cache: FormatCache,
  early?: HelperThread,
  formatters: Partial<Record<FileFormat, Formatter>> = {},
): Promise<{ files: Map<string, string>; formatted: number }> {
  const all = files;
  const result = new Map<string, string>();
  // Formats a target formats (python, php): through its formatter, cached by hash as prettier's are.
  const others = files.filter((f) => f.format !== 'typescript' && formatters[f.format]);
  let formattedOthers = 0;
  await Promise.all(
    others.map(async (f) => {
      const [text, formatted] = await formatCached(f, outDir, cache, formatters[f.format]!);
      result.set(f.path, text);
      if (formatted) formattedOthers++;
    }),
  );
  files = files.filter((f) => !result.has(f.path) || f.format === 'typescript');
  // Both packages hold the same shared modules (types, codecs, validators, runtime): one text is formatted once.
  const pending = new Map<string, { raw: string; paths: string[] }>();
  for (const f of files) {
    if (f.format !== 'typescript') {
      result.set(f.path, f.content);
      continue;
    }
    const rawHash = hash(f.content);
    const known = cache.entries[rawHash];
    if (known) {
      const onDisk = readIfExists(join(outDir, f.path));
      if (onDisk !== undefined && hash(onDisk) === known) {
        result.set(f.path, onDisk);
        continue;
      }
    }
    const p = pending.get(rawHash);
    if (p) p.paths.push(f.path);
    else pending.set(rawHash, { raw: f.content, paths: [f.path] });
  }
  const jobs = [...pending];
  // What the early formatter did not do is formatted in this thread (one batch: splitting it over
  // worker threads after the emitters measured slower on 2 cores, cold processes).
  const fromWorker = await Promise.all(jobs.map(([rawHash]) => early?.early.get(rawHash)));
  const rest = jobs.filter((_, i) => fromWorker[i] === undefined);
  const restTexts = await formatTexts(rest.map(([, j]) => j.raw));
  const texts = fromWorker.map((t) => t ?? restTexts.shift()!);
  jobs.forEach(([rawHash, job], i) => {
    cache.entries[rawHash] = hash(texts[i]!);
    for (const path of job.paths) result.set(path, texts[i]!);
  });
  // Callers read the files in emitted order.
  return { files: new Map(all.map((f) => [f.path, result.get(f.path)!])), formatted: jobs.length + formattedOthers };
}

/** A file's text through `formatter` (and true), or the text on disk when the cache vouches that it is that formatter's output. */
async function formatCached(
  f: GeneratedFile,
  outDir: string,
  cache: FormatCache,
  formatter: Formatter,
): Promise<[text: string, formatted: boolean]> {
  const rawHash = hash(f.content);
  const known = cache.entries[rawHash];
  if (known) {
    const onDisk = readIfExists(join(outDir, f.path));
    if (onDisk !== undefined && hash(onDisk) === known) return [onDisk, false];
  }
  const text = await formatter(f.content, f.path);
  cache.entries[rawHash] = hash(text);
  return [text, true];
}

/** Marks where one file ends and the next begins in a batch: a line comment prettier keeps on its own line. */
const boundary = '// @crmgen-format-boundary';

/**
 * Prettier's output for each text. The texts go through prettier as one program with a boundary
 * comment between them: about 40% less time than one call per file (measured on the 73 emitted
 * TypeScript files; prettier lays out statements one by one, so the parts come back as formatting
 * each alone would print them, which test/format-batch.test.ts checks on the emitted files).
 * A text holding the boundary, or a batch prettier rejects, is formatted file by file, so an
 * error names its file.
 */
export async function formatTexts(texts: string[]): Promise<string[]> {
  if (!texts.length) return [];
  prettier ??= await import('prettier');
  if (texts.length > 1 && !texts.some((t) => t.includes(boundary))) {
    try {
      const batch = await prettier.format(texts.map((t) => `\n${boundary}\n${t}`).join(''), prettierOptions);
      const parts = batch.split(`${boundary}\n`).slice(1);
      // Each part but the last ends with the blank line prettier keeps before the next boundary.
      const trimmed = parts.map((p, i) => (i < parts.length - 1 ? p.slice(0, -1) : p));
      if (trimmed.length === texts.length && trimmed.every((p) => p.endsWith('\n') && !p.endsWith('\n\n')))
        return trimmed;
    } catch {
      // Formatted one by one below.
    }
  }
  return Promise.all(texts.map(formatOne));
}

function readIfExists(p: string): string | undefined {
  try {
    return readFileSync(p, 'utf8');
  } catch {
    return undefined;
  }
}

/** Files under dir, relative, sorted, forward slashes. */
export function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string) => {
    // The entries' types come with the listing: a stat only for a link (followed, as before).
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, entry.name);
      if (entry.isDirectory() || (entry.isSymbolicLink() && statSync(full).isDirectory())) walk(full);
      else out.push(relative(dir, full).split('\\').join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

export interface Comparison {
  changed: string[];
  added: string[];
  removed: string[];
  unchanged: string[];
}

export function compare(files: Map<string, string>, outDir: string): Comparison {
  const c: Comparison = { changed: [], added: [], removed: [], unchanged: [] };
  // A fresh output folder: nothing to read (a failed read per file costs an exception each).
  const fresh = !existsSync(outDir);
  for (const [path, text] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    const onDisk = fresh ? undefined : readIfExists(join(outDir, path));
    if (onDisk === undefined) c.added.push(path);
    else if (onDisk !== text) c.changed.push(path);
    else c.unchanged.push(path);
  }
  c.removed = fresh ? [] : listFiles(outDir).filter((p) => !files.has(p));
  return c;
}

/** A unified diff of every difference between the expected files and outDir. */
export function diffReport(files: Map<string, string>, outDir: string, c: Comparison, maxLines = 400): string {
  // Loaded only here: every generate imports this module, few print a diff.
  const { createTwoFilesPatch } = createRequire(import.meta.url)('diff') as typeof import('diff');
  const parts: string[] = [];
  for (const p of [...c.changed, ...c.added, ...c.removed].sort()) {
    const before = readIfExists(join(outDir, p)) ?? '';
    const after = files.get(p) ?? '';
    parts.push(createTwoFilesPatch(`a/${p}`, `b/${p}`, before, after, '', '', { context: 3 }));
  }
  const lines = parts.join('').split('\n');
  return lines.length > maxLines
    ? [...lines.slice(0, maxLines), `... (${lines.length - maxLines} more diff lines)`].join('\n')
    : lines.join('\n');
}

/**
 * Writes the changed and added files and removes the extra ones. `ready` names, by output path, a
 * file elsewhere that already holds exactly that text (the compile's dist/ files, see KeptOutput
 * in compile.ts): it is moved into place rather than written again.
 */
export function writeChanges(
  files: Map<string, string>,
  outDir: string,
  c: Comparison,
  ready?: ReadonlyMap<string, string>,
) {
  const made = new Set<string>();
  for (const p of [...c.changed, ...c.added]) {
    const full = join(outDir, p);
    // Each folder once: a cold run writes a thousand files into a few dozen folders.
    const dir = dirname(full);
    if (!made.has(dir)) mkdirSync(dir, { recursive: true });
    made.add(dir);
    const from = ready?.get(p);
    if (from !== undefined)
      try {
        renameSync(from, full);
        continue;
      } catch {
        // Another file system (or the file went away): written below.
      }
    writeFileSync(full, files.get(p)!);
  }
  for (const p of c.removed) {
    rmSync(join(outDir, p));
    // A folder the regeneration emptied goes too (a layout change would otherwise leave husks).
    for (let d = dirname(join(outDir, p)); d.startsWith(`${outDir}/`) && readdirSync(d).length === 0; d = dirname(d))
      rmSync(d, { recursive: true });
  }
}

/**
 * A first generate into an output folder that does not exist yet: files are written into a
 * hidden folder beside it while the rest of the run goes on (the final files of the emitters that
 * need no formatting while the worker formats, the formatted ones while the compile runs), and the
 * folder is renamed into place at the end. The files no longer wait for the end of the run, and a
 * failed run leaves no output folder (discard removes the hidden one).
 */
export class Staging {
  readonly dir: string;
  private readonly written = new Set<string>();
  private readonly made = new Set<string>();

  constructor(private readonly outDir: string) {
    mkdirSync(dirname(outDir), { recursive: true });
    this.dir = join(dirname(outDir), `.${basename(outDir)}.crmgen-${process.pid}`);
    rmSync(this.dir, { recursive: true, force: true });
    mkdirSync(this.dir);
  }

  /** Writes these files into the staging folder (each once). */
  write(files: Iterable<[string, string]>) {
    for (const [path, text] of files) {
      if (this.written.has(path)) continue;
      this.place(path, (full) => writeFileSync(full, text));
    }
  }

  private place(path: string, put: (full: string) => void) {
    const full = join(this.dir, path);
    const dir = dirname(full);
    if (!this.made.has(dir)) mkdirSync(dir, { recursive: true });
    this.made.add(dir);
    put(full);
    this.written.add(path);
  }

  /**
   * Completes the folder with the files not written yet (`ready` as in writeChanges) and renames it
   * into place. Should the output folder have appeared meanwhile, the files go in as writeChanges
   * puts them, and the staging folder is removed.
   */
  finish(files: Map<string, string>, ready?: ReadonlyMap<string, string>) {
    if (ready) this.moveFolders(files, ready);
    for (const [path, text] of files) {
      if (this.written.has(path)) continue;
      const from = ready?.get(path);
      this.place(path, (full) => {
        if (from !== undefined)
          try {
            return renameSync(from, full);
          } catch {
            // Another file system (or the file went away): written below.
          }
        writeFileSync(full, text);
      });
    }
    try {
      renameSync(this.dir, this.outDir);
      return;
    } catch {
      // The output folder exists now: written into it below.
    }
    const staged = new Map([...files.keys()].map((p) => [p, join(this.dir, p)]));
    writeChanges(files, this.outDir, compare(files, this.outDir), staged);
    this.discard();
  }

  discard() {
    rmSync(this.dir, { recursive: true, force: true });
  }

  /**
   * Each top folder of two levels (client/dist) whose ready files all sit in one folder holding
   * nothing else (the compile's output) moves as one rename rather than one per file; its other
   * files are written into it after.
   */
  private moveFolders(files: Map<string, string>, ready: ReadonlyMap<string, string>) {
    const top = (path: string) => path.split('/').slice(0, 2).join('/');
    const folders = new Map<string, { from: string; paths: string[] } | undefined>();
    for (const path of files.keys()) {
      const folder = top(path);
      const from = ready.get(path);
      if (folder === path || from === undefined || (folders.has(folder) && folders.get(folder) === undefined)) continue;
      const root = from.endsWith(`/${path}`) ? from.slice(0, -path.length - 1) : undefined;
      const known = folders.get(folder);
      if (root === undefined || this.written.has(path) || (known && known.from !== join(root, folder)))
        folders.set(folder, undefined);
      else if (known) known.paths.push(path);
      else folders.set(folder, { from: join(root, folder), paths: [path] });
    }
    for (const [folder, f] of folders) {
      if (!f || listFiles(f.from).length !== f.paths.length) continue;
      const to = join(this.dir, folder);
      mkdirSync(dirname(to), { recursive: true });
      try {
        renameSync(f.from, to);
      } catch {
        continue;
      }
      for (const path of f.paths) this.written.add(path);
    }
  }
}
