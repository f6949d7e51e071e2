// generator/emit/structures.ts prints the emitters' structures without loading ts-morph: every
// structure the emitters print (the real spec and each scenario spec) and a set of made-up ones
// must come out exactly as ts-morph's printStructure prints them, and the kinds must be ts-morph's.
import { describe, expect, it, vi } from 'vitest';
import type { SourceFileStructure, StatementStructures } from 'ts-morph';
import * as tsMorph from 'ts-morph';
import { join } from 'node:path';
import { loadSpec } from '../generator/pipeline/load.ts';
import { emitAll } from '../generator/pipeline/generate.ts';
import { printOwn, StructureKind, VariableDeclarationKind } from '../generator/targets/typescript/structures.ts';
import { baseDir, readScenario, scenarioFiles, scenarioSpecFiles } from './support/scenarios.ts';
import { root } from './support/paths.ts';

type Options = { indentNumberOfSpaces?: number; useSingleQuote?: boolean };

// Every structure the emitters hand to printStructure, with its options.
const seen = vi.hoisted(() => [] as { structure: SourceFileStructure; options: Options }[]);
vi.mock('../generator/targets/typescript/structures.ts', async (original) => {
  const m = await original<typeof import('../generator/targets/typescript/structures.ts')>();
  return {
    ...m,
    printStructure: (structure: SourceFileStructure, options: Options) => {
      seen.push({ structure: structuredClone(structure), options });
      return m.printStructure(structure, options);
    },
  };
});

const same = (structure: SourceFileStructure, options: Options) => {
  const own = printOwn(structure, options);
  expect(own, 'printed here, not left to ts-morph').toBeDefined();
  expect(own).toBe(tsMorph.printStructure(structure, options));
};

describe('structures', () => {
  it("has ts-morph's structure and declaration kinds", () => {
    expect({ ...StructureKind }).toEqual(Object.fromEntries(Object.entries(tsMorph.StructureKind).filter(([, v]) => typeof v === 'number')));
    expect({ ...VariableDeclarationKind }).toEqual({ ...tsMorph.VariableDeclarationKind });
  });

  it('prints every structure the emitters print for the spec and the scenario specs as ts-morph does', () => {
    const specs = [loadSpec(join(root, 'spec')), ...scenarioFiles().map((f) => loadSpec(baseDir, { files: scenarioSpecFiles(readScenario(f).spec) }))];
    for (const spec of specs) {
      seen.length = 0;
      emitAll(spec, undefined, ['types', 'codecs', 'server', 'client', 'validators']);
      expect(seen.length).toBeGreaterThan(10);
      for (const { structure, options } of seen) same(structure, options);
    }
  });

  const fn = (extra: object): StatementStructures => ({ kind: StructureKind.Function, name: 'f', statements: ['return 1;'], ...extra });
  const made: Record<string, (string | StatementStructures)[]> = {
    'imports and exports of every shape': [
      { kind: StructureKind.ImportDeclaration, moduleSpecifier: './a.ts', defaultImport: 'A', namedImports: ['b', { name: 'c', alias: 'd' }, { name: 'E', isTypeOnly: true }] },
      { kind: StructureKind.ImportDeclaration, moduleSpecifier: './b.ts', namespaceImport: 'B', isTypeOnly: true },
      { kind: StructureKind.ImportDeclaration, moduleSpecifier: './side-effect.ts' },
      { kind: StructureKind.ExportDeclaration, moduleSpecifier: './c.ts' },
      { kind: StructureKind.ExportDeclaration, moduleSpecifier: './c.ts', namespaceExport: 'C' },
      { kind: StructureKind.ExportDeclaration, namedExports: [] },
      { kind: StructureKind.ExportDeclaration, namedExports: ['x', { name: 'y', alias: 'z', isTypeOnly: true }], isTypeOnly: false, moduleSpecifier: "./it's.ts" },
    ],
    'functions: docs with tags, type parameters, parameters of every kind, declare, async': [
      fn({
        isExported: true,
        isAsync: true,
        docs: ['One line.', { description: 'Two\nlines.', tags: [{ tagName: 'param', text: 'a the a' }, { tagName: 'deprecated' }] }],
        typeParameters: ['T', { name: 'U', constraint: 'keyof T', default: "'k'" }, { name: 'V', isConst: true, variance: 3 }],
        parameters: [
          { name: 'a', type: 'T' },
          { name: 'b', hasQuestionToken: true },
          { name: 'c', type: 'string', initializer: '"x, y" /* a comment */' },
          { name: 'd', type: 'number // trailing comment' },
          { name: 'e', isRestParameter: true, type: 'unknown[]', isReadonly: true },
        ],
        returnType: 'Promise<void>',
        statements: ['const x = 1;', 'if (x) {\n    return;\n}', 'return;'],
      }),
      fn({ name: 'g', hasDeclareKeyword: true, statements: undefined, returnType: 'void' }),
      fn({ name: 'h', isDefaultExport: true, isGenerator: true, statements: [] }),
      fn({ name: 'o', isExported: true, overloads: [{ parameters: [{ name: 'a', type: 'string' }], returnType: 'string', docs: ['By name.'] }, { parameters: [], isExported: false }], parameters: [{ name: 'a', hasQuestionToken: true }] }),
      { kind: StructureKind.TypeAlias, name: 'T', type: "'a' | 'b'" },
    ],
    'interfaces with every member kind, and a namespace': [
      {
        kind: StructureKind.Interface,
        name: 'I',
        isExported: true,
        typeParameters: [{ name: 'T', constraint: 'object' }],
        extends: ['A<T>', 'B'],
        docs: [{ description: 'An interface.' }],
        callSignatures: [{ parameters: [{ name: 'x', type: 'T' }] }],
        constructSignatures: [{ returnType: 'I<T>' }],
        indexSignatures: [{ keyName: 'k', keyType: 'string', returnType: 'unknown', isReadonly: true }],
        properties: [{ name: 'a', type: 'string', docs: ['The a.'] }, { name: '"b-c"', hasQuestionToken: true, type: '{\n    d: number;\n}', isReadonly: true }],
        methods: [{ name: 'm', hasQuestionToken: true, typeParameters: ['K'], parameters: [{ name: 'k', type: 'K' }], returnType: 'void' }],
      },
      { kind: StructureKind.Interface, name: 'Empty' },
      { kind: StructureKind.Module, name: 'N', isExported: true, statements: [{ kind: StructureKind.TypeAlias, name: 'X', type: 'number' }, fn({})] },
      { kind: StructureKind.Module, name: '"quoted"', statements: [fn({})] },
      { kind: StructureKind.VariableStatement, declarationKind: VariableDeclarationKind.Const, isExported: true, declarations: [{ name: 'a', type: 'number', initializer: '1' }, { name: 'b', hasExclamationToken: true, type: 'string' }] },
      'const text = "a // b";',
      { kind: StructureKind.VariableStatement, declarations: [{ name: 'c', initializer: '{\n    a: 1\n}' }] },
    ],
  };
  for (const [name, statements] of Object.entries(made))
    for (const options of [{}, { indentNumberOfSpaces: 2, useSingleQuote: true }])
      it(`${name} (${options.indentNumberOfSpaces ?? 4} spaces)`, () => same({ kind: StructureKind.SourceFile, statements }, options));

  it('leaves to ts-morph what it does not print (a class, a template literal in a list)', () => {
    expect(printOwn({ kind: StructureKind.SourceFile, statements: [{ kind: StructureKind.Class, name: 'C' }] })).toBeUndefined();
    expect(printOwn({ kind: StructureKind.SourceFile, statements: [fn({ parameters: [{ name: 'a', initializer: '`x`' }, { name: 'b' }] })] })).toBeUndefined();
  });
});
