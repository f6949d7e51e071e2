// A new activity type is one edit in spec/ (ARCHITECTURE.md): in a copy of this checkout whose
// spec/ gains a type (its fields, with a range rule, and a hierarchy line) and nothing else,
// `crmgen generate`, the full typecheck (tsc -p tsconfig.json, tests included) and the service
// work, and the service creates and shows an activity of the new type over HTTP. The whole test
// suite runs in such a copy too, as a step of `npm test` of its own (test/new-type-suite.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSpec } from '../generator/pipeline/load.ts';
import { listFiles } from '../generator/pipeline/write.ts';
import { call, startServer, type RunningServer } from './support/server.ts';
import { makeNewTypeCopy } from './support/new-type-copy.ts';

// Build output: compiled in place by the build step of the copy.
const isBuildOutput = (p: string) =>
  /^(cli|generator|runtime|server)\/.*\.js$/.test(p) || p.startsWith('bench/results/');

let work: string;
let copy: string;
const run = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, args, {
    cwd: copy,
    encoding: 'utf8',
    env: { ...process.env, CRMGEN_CACHE_DIR: join(work, 'cache'), ...env },
    timeout: 300_000,
  });
/** Hashes of every file outside spec/ and generated/ that is not a build output. */
const others = () =>
  new Map(
    listFiles(copy)
      .filter((p) => !/^(spec|generated)\//.test(p) && !isBuildOutput(p) && !p.startsWith('node_modules/'))
      .map((p) => [
        p,
        createHash('sha256')
          .update(readFileSync(join(copy, p)))
          .digest('hex'),
      ]),
  );

describe('adding an activity type in a copy of the spec', { timeout: 600_000 }, () => {
  let before: Map<string, string>;
  let server: RunningServer | undefined;
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'crmgen-new-type-'));
    copy = join(work, 'crmgen');
    makeNewTypeCopy(copy);
    before = others();
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('builds crmgen in the copy', () => {
    const r = spawnSync(join(copy, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.build.json'], {
      cwd: copy,
      encoding: 'utf8',
      timeout: 300_000,
    });
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('generates: the new type has its types, schemas and operations', () => {
    const r = run(['bin/crmgen.js', 'generate']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(existsSync(join(copy, 'generated/client/src/types/activities/inspection.ts'))).toBe(true);
    expect(existsSync(join(copy, 'generated/schemas/activities/inspection.createActivity.request.json'))).toBe(true);
    expect(readFileSync(join(copy, 'generated/facts.d.ts'), 'utf8')).toMatch(
      /export type ActivitySegment = [^;]*"inspection"/,
    );
  });

  it('the Python SDK has the new type, typed: its id, fields, parent ids, entry union and resource', () => {
    const pkg = join(copy, 'generated/python/src/crm_service_client');
    const types = readFileSync(join(pkg, 'types.py'), 'utf8');
    expect(types).toMatch(/^InspectionId = NewType\("InspectionId", int\)$/m);
    expect(types).toMatch(
      /^class InspectionFields\(TypedDict\):\n(?:.*\n)*? {4}title: NotRequired\[str\]\n {4}score: NotRequired\[int\]/m,
    );
    // Creating one requires what the spec requires.
    expect(types).toMatch(
      /^class InspectionCreateFields\(TypedDict\):\n(?:.*\n)*? {4}title: str\n {4}score: NotRequired\[int\]/m,
    );
    expect(types).toMatch(/^class InspectionActivityEntry\(TypedDict\):\n(?:.*\n)*? {4}typeid: Literal\[250\]/m);
    // A comment may sit under an inspection (hierarchy.yaml): its parent's type admits the new id.
    expect(/^CommentParentId = [\s\S]*?\n\n/m.exec(types)?.[0]).toMatch(/\bInspectionId\b/);
    expect(readFileSync(join(pkg, '_sync.py'), 'utf8')).toMatch(
      /self\.inspection = InspectionActivities\(transport, kind\)/,
    );
    // Its live tests create, update, move, reposition and delete one (run by test/sdk-python.test.ts in the copy's suite).
    expect(readFileSync(join(copy, 'generated/python/tests/test_live.py'), 'utf8')).toMatch(
      /a_inspection = \(\s*c\.contacts\.activities\.inspection\.create\(/,
    );
  });

  it('the PHP SDK gains the type: its request, fields, id and resource classes, valid PHP', () => {
    const files = [
      'Model/InspectionCreateActivityRequest.php',
      'Model/InspectionFields.php',
      'Id/InspectionId.php',
      'Id/InspectionParent.php',
      'Resource/InspectionResource.php',
    ];
    for (const f of files) {
      const path = join(copy, 'generated/php/src', f);
      expect(existsSync(path), f).toBe(true);
      const lint = spawnSync('php', ['-l', path], { encoding: 'utf8' });
      expect(lint.status, lint.stdout + lint.stderr).toBe(0);
    }
    // The comment type may now sit under an inspection: the inspection's id implements its parent interface.
    expect(readFileSync(join(copy, 'generated/php/src/Id/InspectionId.php'), 'utf8')).toMatch(
      /implements[\s\S]*CommentParent/,
    );
    expect(readFileSync(join(copy, 'generated/php/src/Resource/ContactsActivities.php'), 'utf8')).toContain(
      'public readonly InspectionResource $inspection;',
    );
  });

  it('typechecks: crmgen, its tests and the generated code, against the new types', () => {
    const r = spawnSync(join(copy, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json', '--noEmit', '--pretty', 'false'], {
      cwd: copy,
      encoding: 'utf8',
      timeout: 300_000,
    });
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('changed nothing outside spec/ and generated/ (build output aside)', () => {
    expect(others()).toEqual(before);
  });

  it('serves the new type: create and show over HTTP, with its range rule and parent rule', async () => {
    const ann: [string, string] = ['ann@example.com', 'secret1'];
    server = await startServer({ checkout: copy, users: [`${ann[0]}:${ann[1]}`], timeoutMs: 60_000 });
    const json = { user: ann, contentType: 'application/json', accept: 'application/json' };
    const contact = await call(server.base, '/contacts/', {
      ...json,
      body: JSON.stringify({ firstname: 'Ann', lastname: 'Lee' }),
    });
    expect(contact.status).toBe(201);
    const parent = contact.json().item.id as number;
    const created = await call(server.base, '/contacts/inspection/', {
      ...json,
      body: JSON.stringify({ parent, data: { title: 'Boiler', score: 7, visited: '2026-03-01' } }),
    });
    const status = (id: string) => loadSpec(join(copy, 'spec')).operations.find((o) => o.id === id)!.status;
    expect(created.status, created.text).toBe(status('createActivity'));
    const id = created.json().id as number;
    expect(created.json()).toMatchObject({
      id,
      data: { title: 'Boiler', score: 7, visited: '2026-03-01' },
      status: 'success',
    });
    // An activity is shown in its record's journal.
    const shown = await call(server.base, `/contacts/${parent}`, { user: ann, accept: 'application/json' });
    expect(shown.status, shown.text).toBe(status('showRecord'));
    expect(shown.text).toContain('"title":"Boiler"');
    expect(shown.text).toMatch(/"score":7\b/);
    expect(shown.text).toMatch(/"typeid":250\b/);
    const tooHigh = await call(server.base, '/contacts/inspection/', {
      ...json,
      body: JSON.stringify({ parent, data: { title: 'Roof', score: 11 } }),
    });
    expect(tooHigh.status).toBe(400);
    expect(Object.keys(tooHigh.json().errors)).toEqual(['outofrange']);
    // The hierarchy line: a comment may sit under an inspection.
    const comment = await call(server.base, '/contacts/comment/', {
      ...json,
      body: JSON.stringify({ parent: id, data: { posttext: 'ok' } }),
    });
    expect(comment.status, comment.text).toBe(status('createActivity'));
  });
});
