// crmgen scaffold server: a starter TypeScript project on the generated server stubs. Every
// handler answers 501 (error key notimplemented) until it is written; handlers live in one
// file per resource family (records, categories, fields, ownership, hooks, reports) and, for
// activities, one file per activity type behind a dispatcher. A manifest of the hash of every
// file as scaffolded (DIR/.crmgen-scaffold.json) tells a file the user edited from one they did
// not: a rerun after a spec change rewrites only untouched files, adds files for new operations
// and activity types, and lists what disappeared. Planning is pure; cli/scaffold.ts does the I/O.
import { createHash } from 'node:crypto';
import { dirname, relative } from 'node:path';
import type { Operation, Spec } from '../pipeline/model.ts';

export const manifestName = '.crmgen-scaffold.json';

export interface ManifestEntry {
  /** Hash of the content as scaffolded; '' for a file that was never ours. */
  sha256: string;
  /** Operations whose handlers the file held when scaffolded. */
  operations?: string[];
  /** Activity type of a per-segment file. */
  segment?: string;
}

export interface ScaffoldManifest {
  scaffold: 'server';
  version: 1;
  operations: string[];
  segments: string[];
  files: Record<string, ManifestEntry>;
}

export interface ScaffoldPaths {
  /** The scaffold's folder, absolute. */
  dir: string;
}

/** Where the scaffold keeps the packed server package, relative to its folder; no version in the name, so package.json stays put across versions. */
export const vendorTarball = (packageName: string) => `vendor/${packageName.replace(/^@/, '').replace(/\//g, '-')}.tgz`;

export type FileAction =
  /** New file. */
  | 'add'
  /** Untouched since scaffolded and the scaffold now differs: rewritten. */
  | 'update'
  /** Same bytes as the scaffold would write. */
  | 'unchanged'
  /** Edited by the user: left alone. */
  | 'keep'
  /** Untouched since scaffolded and no longer needed: deleted. */
  | 'remove';

export interface PlannedFile {
  path: string;
  action: FileAction;
  /** Content to write (add, update). */
  content?: string;
  /** Why a kept file matters: what the scaffold would have changed in it. */
  note?: string;
}

export interface ScaffoldPlan {
  files: PlannedFile[];
  manifest: ScaffoldManifest;
  /** Operations in the previous manifest that the spec no longer has, with the files that held them. */
  disappeared: { operation: string; files: string[] }[];
  /** Activity types that the spec no longer has. */
  disappearedSegments: string[];
  warnings: string[];
}

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

/** The resource family of an operation: activities, records, or the first segment of its client name. */
export function familyOf(op: Operation): string {
  if (op.scope === 'activity') return 'activities';
  if (op.scope === 'kind') return op.client.includes('.') ? op.client.split('.')[0] : 'records';
  return op.client.split('.')[0];
}

const ident = (s: string) => s.replace(/[^A-Za-z0-9_$]/g, '_').replace(/^(\d)/, '_$1');
const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const quote = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** A relative import specifier from a file of the scaffold to an absolute path. */
function importPath(paths: ScaffoldPaths, fromFile: string, to: string): string {
  const rel = relative(dirname(`${paths.dir}/${fromFile}`), to)
    .split('\\')
    .join('/');
  return rel.startsWith('.') ? rel : `./${rel}`;
}

function doc(op: Operation): string {
  return `/** ${op.method} ${op.path}: ${op.purpose.replace(/\*\//g, '* /')} */`;
}

class Contents {
  constructor(
    readonly spec: Spec,
    readonly paths: ScaffoldPaths,
  ) {}

  /** The generated server package, or one of its subpath exports (types, codecs, validators). */
  gen(_from: string, sub: string) {
    const name = this.spec.packages.server.name;
    return sub === 'server/index.ts' ? name : `${name}/${sub.split('/')[0]}`;
  }

  /** handlers/<family>.ts or an overflow file: the given operations, each answering 501. */
  family(file: string, constName: string, family: string, ops: Operation[]): string {
    const names = ops.map((o) => quote(o.id)).join(' | ');
    return `// Handlers of the ${family} family: ${ops.map((o) => o.id).join(', ')}.
// Scaffolded by \`crmgen scaffold server\`; yours to fill in. Each answers 501 (notimplemented)
// until written. Once you edit this file, rerunning the scaffold never touches it again.
import type { Handlers } from '${this.gen(file, 'server/index.ts')}';
import type { Context } from '${importPath(this.paths, file, `${this.paths.dir}/context.ts`)}';
import { notImplemented } from '${importPath(this.paths, file, `${this.paths.dir}/not-implemented.ts`)}';

export const ${constName}: Pick<Handlers<Context>, ${names}> = {
${ops
  .map(
    (o) => `  ${doc(o)}
  async ${o.id}(input, context) {
    throw notImplemented(${quote(o.id)});
  },`,
  )
  .join('\n')}
};
`;
  }

  /** handlers/activities/<segment>.ts: every activity operation for one activity type. */
  segment(file: string, segment: string, ops: Operation[]): string {
    const a = this.spec.activities.find((t) => t.segment === segment)!;
    return `// Handlers of activity type ${a.title} (segment ${segment}, typeid ${a.typeid}): ${ops.map((o) => o.id).join(', ')}.
// Scaffolded by \`crmgen scaffold server\`; yours to fill in. The input is narrowed to this
// segment. A missing or unwritten handler answers 501 (notimplemented). Once you edit this
// file, rerunning the scaffold never touches it again.
import type { ActivityHandlers } from '${importPath(this.paths, file, `${this.paths.dir}/handlers/activities.ts`)}';
import { notImplemented } from '${importPath(this.paths, file, `${this.paths.dir}/not-implemented.ts`)}';

export const ${ident(segment)}: ActivityHandlers<${quote(segment)}> = {
${ops
  .map(
    (o) => `  ${doc(o)}
  async ${o.id}(input, context) {
    throw notImplemented(${quote(o.id)}, ${quote(segment)});
  },`,
  )
  .join('\n')}
};
`;
  }

  /** handlers/activities.ts: the activity operations, dispatched by segment to the per-type files. */
  activities(file: string, ops: Operation[]): string {
    const segs = this.spec.activities.map((a) => a.segment);
    const opNames = ops.map((o) => quote(o.id)).join(' | ');
    return `// Activity operations (${ops.map((o) => o.id).join(', ')}), dispatched by segment to one
// file per activity type under activities/. Scaffolded by \`crmgen scaffold server\`; rerunning
// the scaffold adds new activity types here unless you have edited this file.
import type * as T from '${this.gen(file, 'types/index.ts')}';
import type { Handlers } from '${this.gen(file, 'server/index.ts')}';
import type { Context } from '${importPath(this.paths, file, `${this.paths.dir}/context.ts`)}';
import { notImplemented } from '${importPath(this.paths, file, `${this.paths.dir}/not-implemented.ts`)}';
${segs.map((s) => `import { ${ident(s)} } from './activities/${s}.ts';`).join('\n')}

type ActivityOperation = ${opNames};

/** The handlers of one activity type, each with its input narrowed to that segment; a missing one answers 501. */
export type ActivityHandlers<S extends T.ActivitySegment> = {
  [O in ActivityOperation]?: (
    input: Extract<Parameters<Handlers<Context>[O]>[0], { segment: S }>,
    context: Context,
  ) => ReturnType<Handlers<Context>[O]>;
};

const bySegment: { [S in T.ActivitySegment]: ActivityHandlers<S> } = {
${segs.map((s) => `  ${/^[A-Za-z_$][\w$]*$/.test(s) ? s : quote(s)}: ${ident(s)},`).join('\n')}
};

type AnyHandler = (input: never, context: Context) => Promise<unknown>;

function handlerOf(segment: T.ActivitySegment, operation: ActivityOperation): AnyHandler {
  const handler = (bySegment[segment] as Partial<Record<ActivityOperation, AnyHandler>> | undefined)?.[operation];
  if (!handler) throw notImplemented(operation, segment);
  return handler;
}

export const activities: Pick<Handlers<Context>, ActivityOperation> = {
${ops
  .map(
    (o) => `  ${doc(o)}
  async ${o.id}(input, context) {
    return (await handlerOf(input.segment, ${quote(o.id)})(input as never, context)) as never;
  },`,
  )
  .join('\n')}
};
`;
  }

  index(file: string, parts: { file: string; name: string }[]): string {
    return `// Every handler of the API, merged from the family files. Scaffolded by \`crmgen scaffold server\`;
// rerunning the scaffold keeps this list current unless you have edited this file.
import type { Handlers } from '${this.gen(file, 'server/index.ts')}';
import type { Context } from '${importPath(this.paths, file, `${this.paths.dir}/context.ts`)}';
${parts.map((p) => `import { ${p.name} } from './${p.file.slice('handlers/'.length)}';`).join('\n')}

export const handlers: Handlers<Context> = {
${parts.map((p) => `  ...${p.name},`).join('\n')}
};
`;
  }

  notImplemented(file: string): string {
    return `// The answer of a handler not written yet: HTTP 501 in the API's error envelope
// (<response><status>failed</status><errors><notimplemented>...</notimplemented></errors></response>).
import { ServiceError } from '${this.gen(file, 'server/index.ts')}';

export function notImplemented(operation: string, segment?: string): ServiceError {
  return new ServiceError('notimplemented', \`\${operation}\${segment ? \` (\${segment})\` : ''} is not implemented yet\`);
}
`;
  }

  context(): string {
    return `/** What your authenticate hook (main.ts) returns; every handler receives it as \`context\`. */
export interface Context {
  email: string;
}
`;
  }

  main(file: string): string {
    const tooLarge = this.spec.errors.find((e) => e.status === 413) ?? this.spec.errors[0];
    return `// Starts the server: npm start (tsc, then node dist/main.js) [-- --port 8080 --host 127.0.0.1]
// Callers authenticate with HTTP Basic: any e-mail address and the API token in $API_TOKEN
// (default dev-token). Replace authenticate() with your user store.
import { parseArgs } from 'node:util';
import { createService, type ServiceHooks } from '${this.gen(file, 'server/index.ts')}';
import { encode } from '${this.gen(file, 'codecs/index.ts')}';
import { createHttpServer } from '${this.gen(file, 'server/index.ts')}';
import { handlers } from './handlers/index.ts';
import type { Context } from './context.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.PORT ?? '8080' },
    host: { type: 'string', default: '127.0.0.1' },
  },
});
const apiToken = process.env.API_TOKEN ?? 'dev-token';

const hooks: ServiceHooks<Context> = {
  async authenticate(email, token) {
    return token === apiToken ? { email } : undefined;
  },
  onFault(error) {
    console.error(error);
  },
};

const server = createHttpServer(createService(handlers, hooks), {
  maxBodyBytes: ${this.spec.limits.maxBodyBytes ?? 10 * 1024 * 1024},
  tooLarge: () => ({
    status: ${tooLarge?.status ?? 413},
    headers: { 'content-type': ${quote(`${this.spec.formats.output.xml}; charset=utf-8`)}, connection: 'close' },
    body: new TextEncoder().encode(encode('error.response', 'xml', { status: 'failed', errors: { ${tooLarge?.key ?? 'requesttoolarge'}: ${quote(tooLarge?.message ?? 'Request is too large')} } })),
  }),
});
server.listen(Number(values.port), values.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : values.port;
  console.log(\`listening on http://\${values.host}:\${port}\`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close();
    server.closeAllConnections();
    process.exit(0);
  });
}
`;
  }

  packageJson(name: string): string {
    return `${JSON.stringify(
      {
        name,
        private: true,
        type: 'module',
        scripts: {
          build: 'tsc -p tsconfig.json',
          start: 'tsc -p tsconfig.json && node dist/main.js',
          typecheck: 'tsc -p tsconfig.json --noEmit',
        },
        // The generated server package travels with the project (a packed tarball), so the folder can move.
        dependencies: { [this.spec.packages.server.name]: `file:${vendorTarball(this.spec.packages.server.name)}` },
        devDependencies: { '@types/node': '^20', typescript: '^5.9.0' },
      },
      null,
      2,
    )}\n`;
  }

  tsconfig(): string {
    return `${JSON.stringify(
      {
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          outDir: 'dist',
          rootDir: '.',
          rewriteRelativeImportExtensions: true,
          resolveJsonModule: true,
          verbatimModuleSyntax: true,
          types: ['node'],
        },
        include: ['*.ts', 'handlers/**/*.ts'],
      },
      null,
      2,
    )}\n`;
  }

  readme(): string {
    return `# Server scaffolded by crmgen

\`crmgen scaffold server\` wrote this project on the generated server package
\`${this.spec.packages.server.name}\` (packed in \`${vendorTarball(this.spec.packages.server.name)}\`, so the folder can be moved or deployed as it is).
Every handler answers HTTP 501 with the error key \`notimplemented\` until you write it.

\`\`\`sh
npm install && npm start        # tsc, then node dist/main.js; API token in $API_TOKEN (default dev-token)
npm run typecheck
\`\`\`

- \`handlers/<family>.ts\`: one file per resource family (records, categories, fields, ownership, hooks, reports).
- \`handlers/activities/<type>.ts\`: one file per activity type; \`handlers/activities.ts\` dispatches to them.
- \`main.ts\`: starts the server (\`npm start -- --port 8080\`); \`context.ts\`: what authenticate returns.

Rerun \`crmgen scaffold server <this folder>\` after the spec changes: files you have not edited are
brought up to date, new operations and activity types get new files, files you edited are never
touched, and operations that disappeared are listed. \`${manifestName}\` records what was scaffolded.
`;
  }
}

/** What the disk holds now, by path relative to the scaffold folder (undefined: missing). */
export type DiskState = (path: string) => string | undefined;

export function planScaffold(
  spec: Spec,
  paths: ScaffoldPaths,
  previous: ScaffoldManifest | undefined,
  disk: DiskState,
  name: string,
): ScaffoldPlan {
  const prev: ScaffoldManifest = previous ?? {
    scaffold: 'server',
    version: 1,
    operations: [],
    segments: [],
    files: {},
  };
  const c = new Contents(spec, paths);
  const ops = spec.operations.filter((o) => !o.multipart);
  const opIds = new Set(ops.map((o) => o.id));
  const activityOps = ops.filter((o) => o.scope === 'activity');
  const otherOps = ops.filter((o) => o.scope !== 'activity');
  const warnings: string[] = [];
  if (!spec.errors.some((e) => e.key === 'notimplemented'))
    warnings.push(
      `the spec has no error key 'notimplemented'; unwritten handlers will answer 400 instead of 501 (add notimplemented: { status: 501, ... } to the errors of api.yaml)`,
    );

  const state = (path: string): 'missing' | 'pristine' | 'edited' => {
    const text = disk(path);
    if (text === undefined) return 'missing';
    return prev.files[path] && sha(text) === prev.files[path].sha256 ? 'pristine' : 'edited';
  };

  // Which file holds each non-activity operation: where it was, else its family file while that
  // is ours to write, else a file of its own beside the (edited) family file.
  const owner = new Map<string, string>();
  for (const [path, entry] of Object.entries(prev.files)) {
    if (entry.segment !== undefined || path === 'handlers/activities.ts' || state(path) === 'missing') continue;
    for (const id of entry.operations ?? []) if (opIds.has(id) && !owner.has(id)) owner.set(id, path);
  }
  const movedOut = new Map<string, string[]>();
  for (const op of otherOps) {
    if (owner.has(op.id)) continue;
    const familyFile = `handlers/${familyOf(op)}.ts`;
    if (state(familyFile) !== 'edited') owner.set(op.id, familyFile);
    else {
      const own = `handlers/${familyOf(op)}.${op.id}.ts`;
      owner.set(op.id, own);
      movedOut.set(familyFile, [...(movedOut.get(familyFile) ?? []), `${op.id} (${own})`]);
    }
  }

  interface Desired {
    content: string;
    operations?: string[];
    segment?: string;
  }
  const desired = new Map<string, Desired>();
  const parts: { file: string; name: string }[] = [];
  const byFile = new Map<string, Operation[]>();
  for (const op of otherOps) {
    const f = owner.get(op.id)!;
    byFile.set(f, [...(byFile.get(f) ?? []), op]);
  }
  for (const [file, fops] of byFile) {
    const family = familyOf(fops[0]);
    const overflow = file !== `handlers/${family}.ts`;
    const constName = overflow ? ident(`${family}${pascal(fops[0].id)}`) : ident(family);
    desired.set(file, { content: c.family(file, constName, family, fops), operations: fops.map((o) => o.id) });
    parts.push({ file, name: constName });
  }
  if (activityOps.length) {
    desired.set('handlers/activities.ts', {
      content: c.activities('handlers/activities.ts', activityOps),
      operations: activityOps.map((o) => o.id),
    });
    parts.push({ file: 'handlers/activities.ts', name: 'activities' });
    for (const a of spec.activities) {
      const file = `handlers/activities/${a.segment}.ts`;
      desired.set(file, {
        content: c.segment(file, a.segment, activityOps),
        operations: activityOps.map((o) => o.id),
        segment: a.segment,
      });
    }
  }
  parts.sort((x, y) => x.file.localeCompare(y.file));
  desired.set('handlers/index.ts', { content: c.index('handlers/index.ts', parts) });
  desired.set('not-implemented.ts', { content: c.notImplemented('not-implemented.ts') });
  desired.set('context.ts', { content: c.context() });
  desired.set('main.ts', { content: c.main('main.ts') });
  desired.set('package.json', { content: c.packageJson(name) });
  desired.set('tsconfig.json', { content: c.tsconfig() });
  desired.set('README.md', { content: c.readme() });
  desired.set('.gitignore', { content: 'node_modules/\ndist/\n' });

  const files: PlannedFile[] = [];
  const manifest: ScaffoldManifest = {
    scaffold: 'server',
    version: 1,
    operations: ops.map((o) => o.id),
    segments: spec.activities.map((a) => a.segment),
    files: {},
  };
  const record = (path: string, d: Desired, hash: string) => {
    manifest.files[path] = {
      sha256: hash,
      ...(d.operations ? { operations: d.operations } : {}),
      ...(d.segment !== undefined ? { segment: d.segment } : {}),
    };
  };
  for (const [path, d] of [...desired].sort(([a], [b]) => a.localeCompare(b))) {
    const st = state(path);
    const onDisk = disk(path);
    if (st === 'missing') {
      files.push({ path, action: 'add', content: d.content });
      record(path, d, sha(d.content));
    } else if (onDisk === d.content) {
      files.push({ path, action: 'unchanged' });
      record(path, d, sha(d.content));
    } else if (st === 'pristine') {
      files.push({ path, action: 'update', content: d.content });
      record(path, d, sha(d.content));
    } else {
      // Edited: never touched; the manifest keeps what it held when scaffolded, so it stays "edited".
      files.push({ path, action: 'keep', note: keptNote(path, d, prev.files[path], activityOps, movedOut.get(path)) });
      manifest.files[path] = prev.files[path] ?? { sha256: '', ...(d.operations ? { operations: [] } : {}) };
    }
  }
  for (const [path, entry] of Object.entries(prev.files)) {
    if (desired.has(path)) continue;
    const st = state(path);
    if (st === 'pristine') files.push({ path, action: 'remove' });
    else if (st === 'edited') {
      files.push({
        path,
        action: 'keep',
        note: 'no longer part of the scaffold (its operations or activity type left the spec); remove it when you are done with it',
      });
      manifest.files[path] = entry;
    }
  }
  files.sort((a, b) => a.path.localeCompare(b.path));

  const disappeared = prev.operations
    .filter((id) => !opIds.has(id))
    .map((operation) => ({
      operation,
      files: Object.entries(prev.files)
        .filter(([, e]) => e.operations?.includes(operation))
        .map(([p]) => p)
        .sort(),
    }));
  const segs = new Set(spec.activities.map((a) => a.segment));
  return { files, manifest, disappeared, disappearedSegments: prev.segments.filter((s) => !segs.has(s)), warnings };
}

function keptNote(
  path: string,
  d: { operations?: string[]; segment?: string },
  before: ManifestEntry | undefined,
  activityOps: Operation[],
  moved: string[] | undefined,
): string {
  if (path === 'handlers/index.ts')
    return 'edited by you; the scaffold would list the current family files here: check handlers/ for new ones to import';
  if (path === 'handlers/activities.ts')
    return 'edited by you; new activity types or operations are not dispatched until you add them here';
  if (d.segment !== undefined) {
    const missing = activityOps.filter((o) => !(before?.operations ?? []).includes(o.id)).map((o) => o.id);
    return missing.length
      ? `edited by you; new operations ${missing.join(', ')} answer 501 for ${d.segment} until you add them`
      : 'edited by you';
  }
  if (moved?.length) return `edited by you; new operations got files of their own: ${moved.join(', ')}`;
  return 'edited by you';
}
