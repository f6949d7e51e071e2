// Statements as ts-morph prints them. Project.createSourceFile prints the same text and then parses
// it into a syntax tree, which the emitters never read (about a third of a second of a cold generate).
import type { FunctionDeclarationStructure, StatementStructures, VariableStatementStructure } from 'ts-morph';
import { printStructure, StructureKind } from './structures.ts';

export interface Layout {
  /** Two spaces per level (default: four, ts-morph's). */
  twoSpaces?: boolean;
  /** Single quotes where ts-morph writes a string itself (default: double). */
  singleQuote?: boolean;
}

/**
 * Long texts go around ts-morph's writer, which scans every character it writes to track strings
 * and comments (most of the codecs' printing time: codecs/xml.ts is over 200 KB of function bodies).
 * The writer prints a stand-in and the text replaces it, laid out as the writer would have:
 * - a one-line initializer or type alias type: as it is;
 * - a function's statement: the indentation before each non-empty line (the writer skips lines in
 *   a template literal or a string continued with a backslash, so such a text stays with the
 *   writer), and a blank line after it when it ends with `}` (the stand-in ends with `}` too, so the
 *   writer decides the same);
 * - whole plain functions and one-variable statements, printed here (below).
 */
const verbatimOver = 32;
const mark = '__crmgenVerbatim';

const plainKeys = new Set(['kind', 'name', 'parameters', 'returnType', 'statements', 'isExported']);

/**
 * A function with a name, typed parameters, a return type and statements only (codecs/xml.ts holds
 * hundreds), as ts-morph prints it: its printer builds a writer per parameter and per type, which
 * cost more than the text. Undefined for any other function (ts-morph prints it).
 */
function plainFunction(s: FunctionDeclarationStructure, layout: Layout): string | undefined {
  if (!s.name || typeof s.returnType !== 'string' || !Array.isArray(s.statements) || !s.statements.length) return undefined;
  if (Object.entries(s).some(([k, v]) => !plainKeys.has(k) && v !== undefined)) return undefined;
  const params: string[] = [];
  for (const p of s.parameters ?? []) {
    if (Object.entries(p).some(([k, v]) => k !== 'name' && k !== 'type' && v !== undefined) || typeof p.type !== 'string' || /[\r\n]/.test(p.type + p.name)) return undefined;
    params.push(`${p.name}: ${p.type}`);
  }
  if (/[\r\n]/.test(s.returnType)) return undefined;
  const indent = ' '.repeat(layout.twoSpaces ? 2 : 4);
  let body = '';
  for (const t of s.statements) {
    if (typeof t !== 'string' || !t || /[\r`]|\\\n|^\s|\s$/.test(t)) return undefined;
    // ts-morph: a blank line after a statement ending with `}`, else a line break.
    if (body) body += body.endsWith('}') ? '\n\n' : '\n';
    body += indent + t.replace(/\n(?=[^\n])/g, `\n${indent}`);
  }
  return `${s.isExported ? 'export ' : ''}function ${s.name}(${params.join(', ')}): ${s.returnType} {\n${body}\n}`;
}

const variableKeys = new Set(['kind', 'declarationKind', 'isExported', 'declarations', 'docs']);

/**
 * A statement of one variable with an initializer (and at most a one-line JSDoc description), as
 * ts-morph prints it: lines after the first get one more level (its hanging indent), so a text
 * with a backtick, whose template lines the writer leaves alone, is left to ts-morph.
 */
function plainVariable(s: VariableStatementStructure, layout: Layout): string | undefined {
  if (Object.entries(s).some(([k, v]) => !variableKeys.has(k) && v !== undefined) || s.declarations.length !== 1) return undefined;
  const d = s.declarations[0]!;
  if (Object.entries(d).some(([k, v]) => !['kind', 'name', 'type', 'initializer'].includes(k) && v !== undefined)) return undefined;
  if (typeof d.initializer !== 'string' || !d.initializer || /[\r`]|\\\n|^\s|\s$/.test(d.initializer) || (d.type !== undefined && (typeof d.type !== 'string' || /[\r\n]/.test(d.type)))) return undefined;
  let doc = '';
  if (s.docs?.length) {
    const only = s.docs[0];
    const description = typeof only === 'string' ? only : only && Object.keys(only).every((k) => k === 'kind' || k === 'description') ? only.description : undefined;
    if (s.docs.length > 1 || typeof description !== 'string' || !description || /[\r\n]|\*\/|^\s|\s$/.test(description)) return undefined;
    doc = `/** ${description} */\n`;
  }
  const hang = ' '.repeat(layout.twoSpaces ? 2 : 4);
  const init = d.initializer.replace(/\n(?=[^\n])/g, `\n${hang}`);
  return `${doc}${s.isExported ? 'export ' : ''}${s.declarationKind ?? 'let'} ${d.name}${d.type === undefined ? '' : `: ${d.type}`} = ${init};`;
}

export function printStatements(statements: (string | StatementStructures)[], layout: Layout = {}): string {
  const verbatim: string[] = [];
  /** Stand-ins of whole functions: ts-morph puts a blank line before a function, but not before a text. */
  const functions = new Set<number>();
  const standIn = (text: string, ok: boolean) => {
    if (!ok || text.length <= verbatimOver || text.includes(mark) || /^\s|\s$/.test(text)) return text;
    return `${mark}${verbatim.push(text) - 1}__${text.endsWith('}') ? '}' : ''}`;
  };
  const oneLine = (text: string) => standIn(text, !/[\r\n]/.test(text));
  const statement = (text: string) => standIn(text, !/[\r`]|\\\n/.test(text));
  const light = statements.map((s) => {
    if (typeof s === 'string') return s;
    if (s.kind === StructureKind.VariableStatement) {
      const whole = plainVariable(s, layout);
      if (whole !== undefined) return standIn(whole, true);
    }
    // One declaration only: between several, ts-morph puts the comma before an initializer's trailing comment.
    if (s.kind === StructureKind.VariableStatement && s.declarations.length === 1)
      return { ...s, declarations: s.declarations.map((d) => (typeof d.initializer === 'string' ? { ...d, initializer: oneLine(d.initializer) } : d)) };
    if (s.kind === StructureKind.TypeAlias && typeof s.type === 'string') return { ...s, type: oneLine(s.type) };
    if (s.kind === StructureKind.Function) {
      const whole = plainFunction(s, layout);
      if (whole !== undefined) {
        const stood = standIn(whole, true);
        if (stood !== whole) functions.add(verbatim.length - 1);
        return stood;
      }
    }
    if (s.kind === StructureKind.Function && Array.isArray(s.statements)) return { ...s, statements: s.statements.map((t) => (typeof t === 'string' ? statement(t) : t)) };
    return s;
  });
  const text = printStructure({ kind: StructureKind.SourceFile, statements: light }, { indentNumberOfSpaces: layout.twoSpaces ? 2 : 4, useSingleQuote: layout.singleQuote ?? false });
  if (!verbatim.length) return text;
  return text.replace(new RegExp(`${mark}(\\d+)__(\\}?)`, 'g'), (_, i: string, brace: string, at: number) => {
    const original = verbatim[Number(i)]!;
    let from = text.lastIndexOf('\n', at - 1) + 1;
    const lineStart = from;
    while (text.charCodeAt(from) === 32) from++;
    const indent = text.slice(lineStart, from);
    const blank = functions.has(Number(i)) && at > 0 && !text.startsWith('\n\n', at - 2) ? '\n' : '';
    return blank + original.replace(/\n(?=[^\n])/g, `\n${indent}`) + (original.endsWith('}') ? '' : brace);
  });
}
