// ts-morph's values, loaded with require. An ESM import of it makes Node scan its CommonJS source
// for export names first (cjs-module-lexer), about an eighth of a second of every generate.
// Types still come from 'ts-morph' with `import type`.
import { createRequire } from 'node:module';
import type * as TsMorph from 'ts-morph';

const tsMorph = createRequire(import.meta.url)('ts-morph') as typeof TsMorph;

export const { Node, Project, StructureKind, VariableDeclarationKind, printStructure, ts } = tsMorph;
export type Node = TsMorph.Node;
export type Project = TsMorph.Project;
