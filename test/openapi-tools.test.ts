// The OpenAPI document as other tools read it: Redocly's recommended rules, openapi-typescript's
// types (a small program narrowing activity entries, report entries and notifications is
// type-checked against them), and every example against its own schema with ajv.
//
// openapi-typescript 6, not 7: version 7 needs TypeScript 5's compiler API as a peer, and crmgen
// builds with TypeScript 7.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS from 'openapi-typescript';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { loadSpec } from '../generator/pipeline/load.ts';
import { generatedDir, root, specDir } from './support/paths.ts';

const spec = loadSpec(specDir);
const source = readFileSync(join(generatedDir, 'openapi.json'), 'utf8');
const openapi = JSON.parse(source);
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'crmgen-openapi-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("Redocly's recommended rules", () => {
  it('report nothing, the trailing-slash rule excepted (the API writes its paths with one)', async () => {
    const config = await createConfig({ extends: ['recommended'], rules: { 'no-path-trailing-slash': 'off' } });
    const problems = await lintFromString({ source, absoluteRef: join(generatedDir, 'openapi.json'), config });
    expect(problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
  });

  it('find what they are meant to find: the same rules flag an ambiguous path and a missing operationId', async () => {
    const broken = structuredClone(openapi);
    broken.paths['/{kind}/file/'] = broken.paths['/contacts/file/'];
    delete broken.paths['/contacts/'].get.operationId;
    const config = await createConfig({ extends: ['recommended'], rules: { 'no-path-trailing-slash': 'off' } });
    const rules = new Set(
      (await lintFromString({ source: JSON.stringify(broken), absoluteRef: join(dir, 'broken.json'), config })).map(
        (p) => p.ruleId,
      ),
    );
    expect(rules).toContain('no-ambiguous-paths');
    expect(rules).toContain('operation-operationId');
  });
});

describe('every operation', () => {
  it('has a unique operationId, webhooks included', () => {
    const ids = [...Object.values(openapi.paths), ...Object.values(openapi.webhooks)].flatMap((item) =>
      Object.values(item as Record<string, { operationId?: string }>).map((o) => o.operationId),
    );
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('spells activity paths out per kind, so none is ambiguous with a record path', () => {
    const paths = Object.keys(openapi.paths);
    expect(paths.filter((p) => p.includes('{kind}'))).toEqual([]);
    for (const k of spec.kinds)
      for (const a of spec.activities) expect(Object.keys(openapi.paths[`/${k.name}/${a.segment}/`])).toEqual(['post']);
  });
});

describe('openapi-typescript on the document', () => {
  const task = spec.activities.find((a) => a.segment === 'task')!;
  const note = spec.activities.find((a) => a.segment === 'note')!;
  const kind = spec.kinds[0];
  // A receiver of the document's types, written as a user would: narrowing needs no cast.
  const program = [
    `import type { components, paths, webhooks } from './api.ts';`,
    `type Show = paths['/${kind.name}/{${kind.singular}Id}/']['get']['responses'][200]['content']['application/json'];`,
    `export function titles(show: Show): string[] {`,
    `  const out: string[] = [];`,
    `  for (const entry of Object.values(show.activities ?? {})) {`,
    `    if (entry.typeid === ${task.typeid}) out.push(entry.fields.title ?? '', String(entry.fields.completed));`,
    `    if (entry.typeid === ${note.typeid}) out.push(entry.fields.details ?? '');`,
    `    // @ts-expect-error: title`,
    `    out.push(entry.fields.title);`,
    `  }`,
    `  return out;`,
    `}`,
    `type Notification = webhooks['items.create']['post']['requestBody']['content']['application/json'] | webhooks['activities.create']['post']['requestBody']['content']['application/json'];`,
    `export function typeOf(n: Notification): number {`,
    `  if (n.type === 'activities.create') return n.content.typeid;`,
    `  // @ts-expect-error: typeid`,
    `  return n.content.typeid;`,
    `}`,
    `type Report = paths['/report/activities/']['get']['responses'][200]['content']['application/json'];`,
    `export function completed(r: Report): number[] {`,
    `  return (r.activities ?? []).flatMap((a) => (a.typeid === ${task.typeid} && a.fields ? [a.fields.completed ?? 0] : []));`,
    `}`,
    `// @ts-expect-error: Record<string, never>`,
    `export const noFields: Record<string, never> = ({} as components['schemas']['ActivityEntry.task']).fields;`,
    '',
  ].join('\n');

  function typecheck(files: string[]): { status: number | null; output: string } {
    const config = join(dir, 'tsconfig.json');
    writeFileSync(
      config,
      JSON.stringify({
        extends: resolve(root, 'tsconfig.json'),
        compilerOptions: { noEmit: true, typeRoots: [resolve(root, 'node_modules/@types')] },
        files,
        include: [],
      }),
    );
    const r = spawnSync(resolve(root, 'node_modules/.bin/tsc'), ['-p', config, '--pretty', 'false'], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 180_000,
    });
    return { status: r.status, output: `${r.stdout ?? ''}${r.stderr ?? ''}` };
  }

  it('gives types a program narrows on typeid and on the event without casts; fields are not Record<string, never>', async () => {
    const types = await openapiTS(structuredClone(openapi), { silent: true });
    expect(types).not.toMatch(/ActivityEntry: \{[^}]*fields: Record<string, never>/);
    // .ts, not .d.ts: skipLibCheck would hide errors in the generated types themselves.
    writeFileSync(join(dir, 'api.ts'), types);
    writeFileSync(join(dir, 'program.ts'), program);
    const ok = typecheck([join(dir, 'api.ts'), join(dir, 'program.ts')]);
    expect(ok.output).toBe('');
    expect(ok.status).toBe(0);
    // Each @ts-expect-error is needed: without them tsc fails on exactly those lines.
    writeFileSync(join(dir, 'program.ts'), program.replace(/^\s*\/\/ @ts-expect-error.*\n/gm, ''));
    const bad = typecheck([join(dir, 'api.ts'), join(dir, 'program.ts')]);
    expect(bad.status).not.toBe(0);
    const lines = new Set([...bad.output.matchAll(/program\.ts\((\d+),\d+\): error/g)].map((m) => Number(m[1])));
    expect(lines.size).toBe(3);
    expect(bad.output).not.toMatch(/api\.ts\(/);
  }, 240_000);
});

describe('examples', () => {
  it('every JSON example validates against its own schema; XML bodies carry their text in the example description', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addKeyword('xml');
    ajv.addSchema({ $id: 'openapi', components: openapi.components } as object);
    const problems: string[] = [];
    let checked = 0;
    let xml = 0;
    const visit = (node: unknown, where: string) => {
      if (!node || typeof node !== 'object') return;
      const o = node as Record<string, unknown>;
      if (o.schema && typeof o.schema === 'object' && ('example' in o || 'examples' in o)) {
        const validate = ajv.compile(
          JSON.parse(JSON.stringify(o.schema).replaceAll('"#/components/', '"openapi#/components/')),
        );
        const values = [
          ...('example' in o ? [o.example] : []),
          ...Object.values((o.examples ?? {}) as Record<string, { value?: unknown; description?: string }>).flatMap(
            (e) => ('value' in e ? [e.value] : []),
          ),
        ];
        for (const v of values) {
          checked++;
          if (!validate(v)) problems.push(`${where}: ${ajv.errorsText(validate.errors)}`);
        }
        if (where.endsWith('/application/xml')) {
          const text = (o.examples as { default: { description: string } }).default.description;
          expect(text.startsWith('<?xml') || text.startsWith('<'), where).toBe(true);
          xml++;
        }
      }
      for (const [k, v] of Object.entries(o)) visit(v, `${where}/${k}`);
    };
    visit(openapi.paths, 'paths');
    visit(openapi.webhooks, 'webhooks');
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(300);
    expect(xml).toBeGreaterThan(300);
  });
});
