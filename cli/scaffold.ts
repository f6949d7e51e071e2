// crmgen scaffold server DIR [--spec DIR] [--generated DIR] [--name NAME]: writes (or brings up
// to date) a starter server project on the generated stubs; see generator/scaffold.ts.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { displayPath, loadSpec } from '../generator/pipeline/load.ts';
import { manifestName, planScaffold, vendorTarball, type ScaffoldManifest } from '../generator/tools/scaffold-plan.ts';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { defaultGeneratedDir, defaultSpecDir } from './default-dirs.ts';

class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export async function runScaffold(
  values: { spec?: string; generated?: string; name?: string; quiet?: boolean },
  positionals: string[],
): Promise<number> {
  const [what, target, ...extra] = positionals;
  if (what !== 'server' || !target || extra.length)
    throw new UsageError('usage: crmgen scaffold server DIR [--spec DIR] [--generated DIR] [--name NAME]');
  const dir = resolve(target);
  const specDir = values.spec === undefined ? defaultSpecDir() : resolve(values.spec);
  const generated = values.generated === undefined ? defaultGeneratedDir(specDir) : resolve(values.generated);
  const spec = loadSpec(specDir);
  const log = (line: string) => {
    if (!values.quiet) process.stdout.write(`${line}\n`);
  };
  const warn = (line: string) => process.stderr.write(`crmgen scaffold: warning: ${line}\n`);

  if (!existsSync(join(generated, 'server', 'package.json')))
    throw new UsageError(
      `${displayPath(generated)} holds no generated server package (server/package.json); run crmgen generate --out ${displayPath(generated)} first`,
    );
  // The stubs must come from this spec, or the handlers will not match them.
  try {
    const gen = JSON.parse(readFileSync(join(generated, 'spec.json'), 'utf8')) as {
      operations: { id: string }[];
      activities: { segment: string }[];
    };
    const same = (a: string[], b: string[]) => a.join() === b.join();
    if (
      !same(
        gen.operations.map((o) => o.id),
        spec.operations.map((o) => o.id),
      ) ||
      !same(
        gen.activities.map((a) => a.segment),
        spec.activities.map((a) => a.segment),
      )
    )
      warn(
        `${displayPath(generated)} was generated from another spec than ${displayPath(specDir)}; run crmgen generate --spec ${displayPath(specDir)} --out ${displayPath(generated)} first`,
      );
  } catch {
    warn(`cannot read ${displayPath(generated)}/spec.json to check it matches the spec`);
  }

  const manifestFile = join(dir, manifestName);
  let previous: ScaffoldManifest | undefined;
  if (existsSync(manifestFile)) {
    try {
      previous = JSON.parse(readFileSync(manifestFile, 'utf8')) as ScaffoldManifest;
    } catch (e) {
      throw new UsageError(
        `${displayPath(manifestFile)} is not valid JSON (${(e as Error).message}); restore it or delete it (every existing file is then kept as yours)`,
      );
    }
  }
  const disk = (p: string) => {
    try {
      return readFileSync(join(dir, p), 'utf8');
    } catch {
      return undefined;
    }
  };
  const plan = planScaffold(
    spec,
    { dir },
    previous,
    disk,
    values.name ??
      `${basename(dir)
        .toLowerCase()
        .replace(/[^a-z0-9-]/g, '-')}-server`,
  );
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
  const tarball = vendorTarball(spec.packages.server.name);
  const packed = packServer(join(generated, 'server'), join(dir, tarball));
  if (packed) refreshInstall(dir, join(generated, 'server'), tarball);

  const count = (a: string) => plan.files.filter((f) => f.action === a).length;
  log(
    `crmgen scaffold server ${displayPath(dir)}: ${count('add')} added, ${count('update')} updated, ${count('keep')} kept (edited by you), ${count('remove')} removed, ${count('unchanged')} unchanged`,
  );
  for (const f of plan.files) {
    if (f.action === 'unchanged') continue;
    const verb = { add: 'added  ', update: 'updated', keep: 'kept   ', remove: 'removed', unchanged: '' }[f.action];
    log(`  ${verb} ${f.path}${f.note && f.note !== 'edited by you' ? ` -- ${f.note}` : ''}`);
  }
  for (const d of plan.disappeared)
    log(
      `operation ${d.operation} is no longer in the spec${d.files.length ? `; remove its handler from ${d.files.join(', ')}` : ''}`,
    );
  for (const s of plan.disappearedSegments) log(`activity type ${s} is no longer in the spec`);
  log(`  ${packed ? 'packed ' : 'kept   '} ${tarball} (${spec.packages.server.name}@${spec.packages.version})`);
  if (!previous)
    log(`next: cd ${displayPath(dir)} && npm install && npm start   (API token: $API_TOKEN, default dev-token)`);
  else if (packed) log(`next: npm install in ${displayPath(dir)}, to install the new ${tarball}`);
  return 0;
}

/**
 * A project installed before this tarball changed: npm would keep the old package (the lockfile
 * pins the old tarball's integrity), so the lock entry takes the new integrity and version and the
 * installed copy goes; the next `npm install` installs the new tarball.
 */
function refreshInstall(dir: string, packageDir: string, tarball: string) {
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
    dependencies?: Record<string, string>;
  };
  rmSync(join(dir, 'node_modules', manifest.name), { recursive: true, force: true });
  const lockFile = join(dir, 'package-lock.json');
  if (!existsSync(lockFile)) return;
  const lock = JSON.parse(readFileSync(lockFile, 'utf8')) as { packages?: Record<string, Record<string, unknown>> };
  const entry = lock.packages?.[`node_modules/${manifest.name}`];
  if (!entry) return;
  entry.version = manifest.version;
  entry.integrity = `sha512-${createHash('sha512')
    .update(readFileSync(join(dir, tarball)))
    .digest('base64')}`;
  if (manifest.dependencies) entry.dependencies = manifest.dependencies;
  else delete entry.dependencies;
  writeFileSync(lockFile, `${JSON.stringify(lock, null, 2)}\n`);
}

/**
 * `npm pack` of the generated server package into the scaffold, where package.json depends on it
 * by a file: path that moves with the folder. False when the tarball there already has the same bytes.
 */
function packServer(packageDir: string, target: string): boolean {
  const tmp = mkdtempSync(join(tmpdir(), 'crmgen-pack-'));
  try {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const r = spawnSync(npm, ['pack', packageDir, '--pack-destination', tmp, '--json', '--ignore-scripts'], {
      encoding: 'utf8',
      env: { ...process.env, npm_config_update_notifier: 'false' },
    });
    if (r.status !== 0)
      throw new Error(`npm pack ${displayPath(packageDir)} failed (exit ${r.status ?? r.signal}):\n${r.stderr}`);
    const [{ filename }] = JSON.parse(r.stdout) as { filename: string }[];
    const bytes = readFileSync(join(tmp, filename));
    if (existsSync(target) && readFileSync(target).equals(bytes)) return false;
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, bytes);
    return true;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
