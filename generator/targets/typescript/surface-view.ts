// The declarations of a generated module as api-surface.ts reads them, by TypeScript's own parser
// and printer: each type, member and value as TypeScript prints it (comments removed, whitespace
// collapsed).
import type { ts as TS } from 'ts-morph';
import { ts } from './module-text.ts';

/** A type as the surface splits it. */
export type TypeView =
  | { kind: 'union'; members: string[] }
  | { kind: 'literal'; text: string }
  | { kind: 'object'; members: MemberView[] }
  | { kind: 'intersection'; parts: Typed[] }
  /** `{ [P in C]: T }[X]`. */
  | { kind: 'mapped-index'; param: string; constraint?: string; template?: TypeView }
  | { kind: 'array'; element: TypeView }
  /** `Array<...>`. */
  | { kind: 'array-ref'; arg?: TypeView }
  | { kind: 'other' };

export type Typed = TypeView & { text: string };

export type MemberView =
  | { kind: 'property'; name: string; optional: boolean; readonly: boolean; type?: Typed }
  | { kind: 'method'; name: string; text: string }
  | { kind: 'other'; text: string };

export type ValueView =
  | { kind: 'object'; props: { name: string; value: ValueView }[] }
  | { kind: 'array'; elements: string[] }
  | { kind: 'other'; text: string };

export interface FileView {
  exports: { specifier?: string; typeOnly: boolean; named: { name: string; typeOnly: boolean }[] }[];
  interfaces: { name: string; exported: boolean; typeParams: string[]; extends: string[]; members: MemberView[] }[];
  aliases: { name: string; exported: boolean; typeParams: string[]; type: Typed }[];
  /** Implementations and ambient declarations, not overload signatures. */
  functions: { name?: string; exported: boolean; typeParams: string[]; params: string[]; returnType?: string }[];
  variables: { exported: boolean; decls: { name: string; type?: string; asConst?: ValueView; init?: string }[] }[];
  /** Public members as printed, bodies cut. */
  classes: { name?: string; exported: boolean; members: string[] }[];
}

/** Whitespace collapsed, no `;` before a closing brace: one line per type. */
const canonical = (s: string) => s.replace(/\s+/g, ' ').replace(/; }/g, ' }').trim();

let printer: TS.Printer | undefined;

/** The view of a module by TypeScript's parser (ts-morph's copy of TypeScript), as ts-morph parses a project's file. */
export function moduleView(path: string, text: string): FileView {
  const t = ts;
  printer ??= t.createPrinter({ removeComments: true, newLine: t.NewLineKind.LineFeed });
  const sf = t.createSourceFile(path, text, t.ScriptTarget.Latest, true, t.ScriptKind.TS);
  const p = printer;
  const print = (node: TS.Node) => canonical(p.printNode(t.EmitHint.Unspecified, node, sf));
  const src = (node: TS.Node) => node.getText(sf);
  const hasModifier = (n: TS.Node, kind: TS.SyntaxKind) =>
    !!(n as { modifiers?: TS.NodeArray<TS.ModifierLike> }).modifiers?.some((m) => m.kind === kind);
  const exported = (n: TS.Node) => hasModifier(n, t.SyntaxKind.ExportKeyword);
  const typedOf = (node: TS.TypeNode): Typed => ({ ...typeView(node), text: print(node) });
  const typeView = (node: TS.TypeNode): TypeView => {
    if (t.isUnionTypeNode(node)) return { kind: 'union', members: node.types.map(print) };
    if (t.isLiteralTypeNode(node)) return { kind: 'literal', text: print(node) };
    if (t.isTypeLiteralNode(node)) return { kind: 'object', members: node.members.map(member) };
    if (t.isIntersectionTypeNode(node)) return { kind: 'intersection', parts: node.types.map(typedOf) };
    if (t.isIndexedAccessTypeNode(node) && t.isMappedTypeNode(node.objectType)) {
      const m = node.objectType;
      return {
        kind: 'mapped-index',
        param: src(m.typeParameter.name),
        constraint: m.typeParameter.constraint && print(m.typeParameter.constraint),
        template: m.type && typeView(m.type),
      };
    }
    if (t.isArrayTypeNode(node)) return { kind: 'array', element: typeView(node.elementType) };
    if (t.isTypeReferenceNode(node) && src(node.typeName) === 'Array')
      return { kind: 'array-ref', arg: node.typeArguments?.[0] && typeView(node.typeArguments[0]) };
    return { kind: 'other' };
  };
  const member = (m: TS.TypeElement): MemberView => {
    if (t.isPropertySignature(m))
      return {
        kind: 'property',
        name: src(m.name),
        optional: !!m.questionToken,
        readonly: hasModifier(m, t.SyntaxKind.ReadonlyKeyword),
        type: m.type && typedOf(m.type),
      };
    const text = print(m).replace(/;$/, '');
    return t.isMethodSignature(m) ? { kind: 'method', name: src(m.name), text } : { kind: 'other', text };
  };
  const value = (node: TS.Expression): ValueView => {
    if (t.isObjectLiteralExpression(node))
      return {
        kind: 'object',
        props: node.properties
          .filter(t.isPropertyAssignment)
          .map((p) => ({ name: src(p.name), value: value(p.initializer) })),
      };
    if (t.isArrayLiteralExpression(node)) return { kind: 'array', elements: node.elements.map(print) };
    return { kind: 'other', text: print(node) };
  };
  const f: FileView = { exports: [], interfaces: [], aliases: [], functions: [], variables: [], classes: [] };
  for (const s of sf.statements) {
    // The surface reads exported declarations only.
    if (!t.isExportDeclaration(s) && !exported(s)) continue;
    if (t.isExportDeclaration(s)) {
      const specifier = s.moduleSpecifier && t.isStringLiteral(s.moduleSpecifier) ? s.moduleSpecifier.text : undefined;
      // `export * as ns` names no single export: read as `export *` (as ts-morph's getNamedExports left it).
      const named = s.exportClause && t.isNamedExports(s.exportClause) ? s.exportClause.elements : [];
      // The name a specifier exports: its alias as written, else its name (a string name unquoted).
      f.exports.push({
        specifier,
        typeOnly: s.isTypeOnly,
        named: named.map((n) => ({
          name: n.propertyName || !t.isStringLiteral(n.name) ? src(n.name) : n.name.text,
          typeOnly: n.isTypeOnly,
        })),
      });
    } else if (t.isInterfaceDeclaration(s)) {
      const ext = (s.heritageClauses ?? [])
        .filter((h) => h.token === t.SyntaxKind.ExtendsKeyword)
        .flatMap((h) => h.types.map(print));
      f.interfaces.push({
        name: src(s.name),
        exported: exported(s),
        typeParams: (s.typeParameters ?? []).map(print),
        extends: ext,
        members: s.members.map(member),
      });
    } else if (t.isTypeAliasDeclaration(s))
      f.aliases.push({
        name: src(s.name),
        exported: exported(s),
        typeParams: (s.typeParameters ?? []).map(print),
        type: typedOf(s.type),
      });
    // Implementations and ambient declarations, not overload signatures (as ts-morph's getFunctions).
    else if (t.isFunctionDeclaration(s) && (s.body || hasModifier(s, t.SyntaxKind.DeclareKeyword)))
      f.functions.push({
        name: s.name && src(s.name),
        exported: exported(s),
        typeParams: (s.typeParameters ?? []).map(print),
        params: s.parameters.map(print),
        returnType: s.type && print(s.type),
      });
    else if (t.isVariableStatement(s))
      f.variables.push({
        exported: exported(s),
        decls: s.declarationList.declarations.map((d) => {
          const init = d.initializer;
          if (d.type) return { name: src(d.name), type: print(d.type) };
          if (init && t.isAsExpression(init) && src(init.type) === 'const')
            return { name: src(d.name), asConst: value(init.expression) };
          return { name: src(d.name), init: init && print(init) };
        }),
      });
    else if (t.isClassDeclaration(s)) {
      // As ts-morph's getMembers: methods, properties, accessors, constructors and static blocks; outside an ambient class, no overload signatures.
      const ambient = hasModifier(s, t.SyntaxKind.DeclareKeyword);
      const members = s.members.filter((m) => {
        if (!(
          t.isMethodDeclaration(m) ||
          t.isPropertyDeclaration(m) ||
          t.isGetAccessorDeclaration(m) ||
          t.isSetAccessorDeclaration(m) ||
          t.isConstructorDeclaration(m) ||
          t.isClassStaticBlockDeclaration(m)
        ))
          return false;
        if (hasModifier(m, t.SyntaxKind.PrivateKeyword) || hasModifier(m, t.SyntaxKind.ProtectedKeyword)) return false;
        if (ambient || !(t.isConstructorDeclaration(m) || t.isMethodDeclaration(m))) return true;
        if (t.isMethodDeclaration(m) && hasModifier(m, t.SyntaxKind.AbstractKeyword)) return true;
        return m.body !== undefined;
      });
      f.classes.push({
        name: s.name && src(s.name),
        exported: exported(s),
        members: members.map((m) => print(m).replace(/ \{.*\}$/, '')),
      });
    }
  }
  return f;
}
