// crmgen scaffold server DIR [--spec DIR] [--generated DIR] [--name NAME]: writes (or brings up
// to date) a starter server project on the generated stubs; see generator/scaffold.ts.
import { parseArgs } from 'node:util';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { displayPath, loadSpec } from '../generator/load.ts';
import { manifestName, planScaffold, type ScaffoldManifest } from '../generator/scaffold.ts';
import { root } from './root.ts';

class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export async function runScaffold(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      spec: { type: 'string', default: resolve(root, 'spec') },
      generated: { type: 'string', default: resolve(root, 'generated') },
      name: { type: 'string' },
      quiet: { type: 'boolean', default: false },
    },
  });
  const [what, target, ...extra] = positionals;
  if (what !== 'server' || !target || extra.length) throw new UsageError('usage: crmgen scaffold server DIR [--spec DIR] [--generated DIR] [--name NAME]');
  const dir = resolve(target);
  const generated = resolve(values.generated!);
  const runtime = resolve(generated, '..', 'runtime');
  const spec = loadSpec(resolve(values.spec!));
  const log = (line: string) => {
    if (!values.quiet) process.stdout.write(`${line}\n`);
  };
  const warn = (line: string) => process.stderr.write(`crmgen scaffold: warning: ${line}\n`);

  if (!existsSync(join(generated, 'server', 'index.ts'))) throw new UsageError(`${displayPath(generated)} holds no generated server (server/index.ts); run crmgen generate --out ${displayPath(generated)} first`);
  if (!existsSync(join(runtime, 'node-http.ts'))) warn(`no runtime beside ${displayPath(generated)} (${displayPath(runtime)}/node-http.ts); the generated code imports ../../runtime/`);
  // The generated TypeScript is ES modules: it needs a package.json with "type": "module" above it.
  if (!esmPackage(generated)) warn(`no package.json with "type": "module" above ${displayPath(generated)}; Node and tsc will read the generated code as CommonJS`);
  // The stubs must come from this spec, or the handlers will not match them.
  try {
    const gen = JSON.parse(readFileSync(join(generated, 'spec.json'), 'utf8')) as { operations: { id: string }[]; activities: { segment: string }[] };
    const same = (a: string[], b: string[]) => a.join() === b.join();
    if (!same(gen.operations.map((o) => o.id), spec.operations.map((o) => o.id)) || !same(gen.activities.map((a) => a.segment), spec.activities.map((a) => a.segment)))
      warn(`${displayPath(generated)} was generated from another spec than ${displayPath(resolve(values.spec!))}; run crmgen generate --spec ${displayPath(resolve(values.spec!))} --out ${displayPath(generated)} first`);
  } catch {
    warn(`cannot read ${displayPath(generated)}/spec.json to check it matches the spec`);
  }

  const manifestFile = join(dir, manifestName);
  let previous: ScaffoldManifest | undefined;
  if (existsSync(manifestFile)) {
    try {
      previous = JSON.parse(readFileSync(manifestFile, 'utf8')) as ScaffoldManifest;
    } catch (e) {
      throw new UsageError(`${displayPath(manifestFile)} is not valid JSON (${(e as Error).message}); restore it or delete it (every existing file is then kept as yours)`);
    }
  }
  const disk = (p: string) => {
    try {
      return readFileSync(join(dir, p), 'utf8');
    } catch {
      return undefined;
    }
  };
  const plan = planScaffold(spec, { dir, generated, runtime, typeRoots: resolve(root, 'node_modules', '@types') }, previous, disk, values.name ?? `${basename(dir).toLowerCase().replace(/[^a-z0-9-]/g, '-')}-server`);
  for (const w of plan.warnings) warn(w);
  for (const f of plan.files) {
    const full = join(dir, f.path);
    if (f.action === 'add' || f.action === 'update') {
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, f.content!);
    } else if (f.action === 'remove') rmSync(full);
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(manifestFile, `${JSON.stringify(plan.manifest, null, 2)}\n`);

  const count = (a: string) => plan.files.filter((f) => f.action === a).length;
  log(`crmgen scaffold server ${displayPath(dir)}: ${count('add')} added, ${count('update')} updated, ${count('keep')} kept (edited by you), ${count('remove')} removed, ${count('unchanged')} unchanged`);
  for (const f of plan.files) {
    if (f.action === 'unchanged') continue;
    const verb = { add: 'added  ', update: 'updated', keep: 'kept   ', remove: 'removed', unchanged: '' }[f.action];
    log(`  ${verb} ${f.path}${f.note && f.note !== 'edited by you' ? ` -- ${f.note}` : ''}`);
  }
  for (const d of plan.disappeared) log(`operation ${d.operation} is no longer in the spec${d.files.length ? `; remove its handler from ${d.files.join(', ')}` : ''}`);
  for (const s of plan.disappearedSegments) log(`activity type ${s} is no longer in the spec`);
  if (!previous) log(`next: node --import tsx ${displayPath(join(dir, 'main.ts'))} --port 8080   (API token: $API_TOKEN, default dev-token)`);
  return 0;
}

/** True when the nearest package.json above dir declares "type": "module". */
function esmPackage(dir: string): boolean {
  for (let d = dir; ; d = dirname(d)) {
    const file = join(d, 'package.json');
    if (existsSync(file)) {
      try {
        return (JSON.parse(readFileSync(file, 'utf8')) as { type?: string }).type === 'module';
      } catch {
        return false;
      }
    }
    if (dirname(d) === d) return false;
  }
}
