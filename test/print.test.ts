// printStatements prints some statements itself (generator/emit/print.ts); each must come out as
// ts-morph's printStructure prints it, whichever way the text is laid out.
import { describe, expect, it } from 'vitest';
import type { StatementStructures } from 'ts-morph';
import { printStructure, StructureKind, VariableDeclarationKind } from 'ts-morph';
import { printStatements, type Layout } from '../generator/targets/typescript/print.ts';

const long = (s: string) => `${s} /* ${'x'.repeat(40)} */`;
const block = 'if (a) {\n  b();\n}';
const fn = (name: string, statements: string[], isExported = false): StatementStructures => ({
  kind: StructureKind.Function,
  name,
  isExported,
  parameters: [{ name: 'v', type: 'Record<string, unknown>' }, { name: 'path', type: 'string' }],
  returnType: 'string',
  statements,
});
const variable = (name: string, initializer: string, extra: object = {}): StatementStructures => ({ kind: StructureKind.VariableStatement, declarationKind: VariableDeclarationKind.Const, declarations: [{ name, initializer }], ...extra });

const cases: Record<string, StatementStructures[]> = {
  'a function first, then others': [fn('first', [long('let s = 1'), block, long('return s')]), variable('after', long('1')), fn('second', [long('return 1')], true)],
  'statements ending in a block, blank lines and nested lines': [fn('f', [long(block), long('const x = 1'), `${long('a()')}\n\n  b();`, long(block)])],
  'multi-line initializers (a hanging indent) and docs': [
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: './x.ts', namedImports: ['X'] },
    variable('table', `{\n"a": 1,\n"b": ${long('2')}\n}`, { isExported: true, docs: [{ kind: StructureKind.JSDoc, description: 'The table.' }] }),
    variable('short', '1'),
    variable('oneLine', long('[1, 2, 3]')),
    { kind: StructureKind.TypeAlias, name: 'T', type: long("'a' | 'b'") },
    fn('g', [long('return `a\n  b`')]),
  ],
  'comments at the ends of statements, and a function ts-morph prints around its statements': [
    fn('c', [long('a(); // done'), `${long('b()')} // a } in a comment`, long('c()')]),
    { ...fn('d', [long(block), long('return 1')]), docs: [{ kind: StructureKind.JSDoc, description: 'Documented.' }] } as StatementStructures,
  ],
  'left to ts-morph: several declarations, a JSDoc with tags, a template literal': [
    { kind: StructureKind.VariableStatement, declarationKind: VariableDeclarationKind.Let, declarations: [{ name: 'a', initializer: long('1') }, { name: 'b', initializer: long('2') }] },
    variable('doc', long('1'), { docs: [{ kind: StructureKind.JSDoc, description: 'x', tags: [{ tagName: 'deprecated' }] }] }),
    variable('tpl', `\`line\n${long('next')}\``),
    variable('continued', `'line \\\n${long('next')}'`),
    fn('h', [long("const s = 'a \\\nb'"), long('return s')]),
  ],
};

describe('printStatements', () => {
  for (const [name, statements] of Object.entries(cases))
    for (const layout of [{}, { twoSpaces: true, singleQuote: true }] as Layout[])
      it(`${name} (${layout.twoSpaces ? 'two spaces' : 'four spaces'})`, () => {
        const expected = printStructure({ kind: StructureKind.SourceFile, statements }, { indentNumberOfSpaces: layout.twoSpaces ? 2 : 4, useSingleQuote: layout.singleQuote ?? false });
        expect(printStatements(statements, layout)).toBe(expected);
      });
});
