// Statements as ts-morph prints them. Project.createSourceFile prints the same text and then parses
// it into a syntax tree, which the emitters never read (about a third of a second of a cold generate).
import type { StatementStructures } from 'ts-morph';
import { printStructure, StructureKind } from '../ts-morph.ts';

export interface Layout {
  /** Two spaces per level (default: four, ts-morph's). */
  twoSpaces?: boolean;
  /** Single quotes where ts-morph writes a string itself (default: double). */
  singleQuote?: boolean;
}

export const printStatements = (statements: (string | StatementStructures)[], layout: Layout = {}): string =>
  printStructure({ kind: StructureKind.SourceFile, statements }, { indentNumberOfSpaces: layout.twoSpaces ? 2 : 4, useSingleQuote: layout.singleQuote ?? false });
