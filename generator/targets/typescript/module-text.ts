// A module of the TypeScript target: its text as ts-morph prints the structures an emitter built,
// and the modules it imports, taken from the import and export declarations it was built with
// (packages.ts follows them; nothing reads them back from the printed text).
import { createRequire } from 'node:module';
import type * as TsMorph from 'ts-morph';
import type { PrintStructureOptions, StatementStructures } from 'ts-morph';

// ts-morph's values, through require: an ESM import makes Node lex ts-morph's CommonJS (about 1 MB)
// for its export names, about a tenth of a second of CPU on every cold generate.
const tsMorph = createRequire(import.meta.url)('ts-morph') as typeof TsMorph;
export const { StructureKind, VariableDeclarationKind, printStructure, ts } = tsMorph;

export type Statements = readonly (string | StatementStructures)[];

export const printModule = (statements: Statements, options?: PrintStructureOptions): string =>
  printStructure({ kind: StructureKind.SourceFile, statements: [...statements] }, options);

/** The module specifiers of the import and export declarations, in order, then the modules it augments (`declare module './x.ts'`). */
export function importsOf(statements: Statements): string[] {
  const found: string[] = [];
  const augmented: string[] = [];
  for (const s of statements) {
    if (typeof s === 'string') continue;
    if ((s.kind === StructureKind.ImportDeclaration || s.kind === StructureKind.ExportDeclaration) && s.moduleSpecifier)
      found.push(s.moduleSpecifier);
    if (s.kind === StructureKind.Module && /^(['"]).*\1$/.test(s.name)) augmented.push(s.name.slice(1, -1));
  }
  return [...found, ...augmented];
}
