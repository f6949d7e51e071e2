// A module of the TypeScript target: its text as ts-morph prints the structures an emitter built,
// and the modules it imports, taken from the import and export declarations it was built with
// (packages.ts follows them; nothing reads them back from the printed text).
import { printStructure, StructureKind, type PrintStructureOptions, type StatementStructures } from 'ts-morph';

export type Statements = readonly (string | StatementStructures)[];

export const printModule = (statements: Statements, options?: PrintStructureOptions): string =>
  printStructure({ kind: StructureKind.SourceFile, statements: [...statements] }, options);

/** The module specifiers of the import and export declarations, in order, then the modules it augments (`declare module './x.ts'`). */
export function importsOf(statements: Statements): string[] {
  const found: string[] = [];
  const augmented: string[] = [];
  for (const s of statements) {
    if (typeof s === 'string') continue;
    if ((s.kind === StructureKind.ImportDeclaration || s.kind === StructureKind.ExportDeclaration) && s.moduleSpecifier) found.push(s.moduleSpecifier);
    if (s.kind === StructureKind.Module && /^(['"]).*\1$/.test(s.name)) augmented.push(s.name.slice(1, -1));
  }
  return [...found, ...augmented];
}
