// ts-morph's structure kinds and its printStructure, for the structures the emitters build,
// without loading ts-morph: it loads the TypeScript compiler it bundles (about a quarter of a
// second of CPU at every cold generate), which printing never uses. The printers below follow
// ts-morph's (ts-morph/dist/ts-morph.js, StructurePrinterFactory) call for call on the same
// writer (code-block-writer, which ts-morph prints with), so the text is the same; a structure
// using anything they leave out goes to ts-morph's own printStructure (test/structures.test.ts
// compares the two on every emitted structure).
import { createRequire } from 'node:module';
import type * as TsMorph from 'ts-morph';
import type CodeBlockWriterClass from 'code-block-writer';

type Writer = InstanceType<typeof CodeBlockWriterClass>;
type TextOrWriter = string | ((writer: Writer) => void);
// The structures are read loosely: each printer reads the fields ts-morph's reads.
type S = Record<string, any>;

const require = createRequire(import.meta.url);
// The copy ts-morph prints with (it is ts-morph's dependency, not crmgen's).
const CodeBlockWriter = createRequire(require.resolve('ts-morph'))('code-block-writer') as { default: typeof CodeBlockWriterClass };

/** ts-morph's StructureKind (test/structures.test.ts checks every value against ts-morph's). */
export const StructureKind = {
  ImportAttribute: 0, CallSignature: 1, Class: 2, ClassStaticBlock: 3, ConstructSignature: 4, Constructor: 5, ConstructorOverload: 6, Decorator: 7,
  Enum: 8, EnumMember: 9, ExportAssignment: 10, ExportDeclaration: 11, ExportSpecifier: 12, Function: 13, FunctionOverload: 14, GetAccessor: 15,
  ImportDeclaration: 16, ImportSpecifier: 17, IndexSignature: 18, Interface: 19, JsxAttribute: 20, JsxSpreadAttribute: 21, JsxElement: 22,
  JsxSelfClosingElement: 23, JSDoc: 24, JSDocTag: 25, Method: 26, MethodOverload: 27, MethodSignature: 28, Module: 29, Parameter: 30, Property: 31,
  PropertyAssignment: 32, PropertySignature: 33, SetAccessor: 34, ShorthandPropertyAssignment: 35, SourceFile: 36, SpreadAssignment: 37,
  TypeAlias: 38, TypeParameter: 39, VariableDeclaration: 40, VariableStatement: 41,
} as unknown as typeof TsMorph.StructureKind;

export const VariableDeclarationKind = { Var: 'var', Let: 'let', Const: 'const', AwaitUsing: 'await using', Using: 'using' } as unknown as typeof TsMorph.VariableDeclarationKind;

const K = StructureKind as unknown as Record<string, number>;

/** Thrown at a field these printers leave to ts-morph. */
class Unsupported extends Error {}

const whitespace = new Set([' ', '\f', '\n', '\r', '\t', '\v', '\u00A0', '\u2028', '\u2029'].map((c) => c.charCodeAt(0)));
const isNullOrWhitespace = (s: unknown) => typeof s !== 'string' || [...s].every((c) => whitespace.has(c.charCodeAt(0)));
const startsWithNewLine = (s: string) => s.charCodeAt(0) === 10 || (s.charCodeAt(0) === 13 && s.charCodeAt(1) === 10);
const endsWithNewLine = (s: string) => s.charCodeAt(s.length - 1) === 10;
const isQuoted = (s: string) => (s.startsWith("'") && s.endsWith("'")) || (s.startsWith('"') && s.endsWith('"'));
const none = (v: unknown) => v == null || (Array.isArray(v) && v.length === 0);

/** Fields a printer below does not print: present and non-empty, the structure goes to ts-morph. */
function refuse(s: S, ...fields: string[]) {
  for (const f of fields) if (!none(s[f]) && s[f] !== false) throw new Unsupported(f);
}

class Printer {
  constructor(
    private readonly options: { indentNumberOfSpaces: number; useSingleQuote: boolean },
    private readonly braceSpaces: boolean,
  ) {}

  writer(): Writer {
    return new CodeBlockWriter.default({ indentNumberOfSpaces: this.options.indentNumberOfSpaces, useTabs: false, newLine: '\n', useSingleQuote: this.options.useSingleQuote });
  }

  private textOrWriter(w: Writer, t: TextOrWriter | undefined) {
    if (typeof t === 'string') w.write(t);
    else if (t != null) t(w);
  }

  private text(w: Writer, t: TextOrWriter): string {
    // A new writer (indentation level 0, nothing queued) writes a string's lines as they are,
    // with the newLine option ('\n') between them: no writer needed for the common case.
    if (typeof t === 'string' && !t.includes('\r')) return t;
    const n = new CodeBlockWriter.default(w.getOptions());
    this.textOrWriter(n, t);
    return n.toString();
  }

  /** NodePrinter.printText: trivia around the node. */
  private node(w: Writer, s: S | string | undefined, inner: () => void) {
    const lead = typeof s === 'object' ? s?.leadingTrivia : undefined;
    if (lead) {
      this.trivia(w, lead);
      if (w.isInComment()) w.closeComment();
    }
    w.closeComment();
    inner();
    const trail = typeof s === 'object' ? s?.trailingTrivia : undefined;
    if (trail != null) this.trivia(w, trail);
  }

  private trivia(w: Writer, t: TextOrWriter | TextOrWriter[]) {
    if (Array.isArray(t))
      t.forEach((x, i) => {
        this.textOrWriter(w, x);
        if (i !== t.length - 1) w.newLineIfLastNot();
      });
    else this.textOrWriter(w, t);
  }

  sourceFile(w: Writer, s: S) {
    this.node(w, s, () => {
      this.statements(w, s.statements, false);
      w.conditionalNewLine(!w.isAtStartOfFirstLineOfBlock() && !w.isLastNewLine());
    });
  }

  private statements(w: Writer, statements: unknown, ambient: boolean) {
    if (statements == null) return;
    if (typeof statements === 'string' || typeof statements === 'function') return this.statement(w, statements as TextOrWriter, ambient);
    for (const st of statements as (S | TextOrWriter)[]) {
      if (lastNonWhitespaceIsCloseBrace(w)) w.blankLineIfLastNot();
      else if (!w.isAtStartOfFirstLineOfBlock()) w.newLineIfLastNot();
      this.statement(w, st, ambient);
    }
  }

  private statement(w: Writer, st: S | TextOrWriter | undefined, ambient: boolean) {
    if (st == null || typeof st === 'string' || typeof st === 'function') return this.textOrWriter(w, st as TextOrWriter);
    const blank = () => {
      if (!w.isAtStartOfFirstLineOfBlock()) w.blankLineIfLastNot();
    };
    switch (st.kind) {
      case K.Function:
        if (!ambient) blank();
        return this.fn(w, st, ambient);
      case K.Interface:
        blank();
        return this.iface(w, st);
      case K.TypeAlias:
        return this.typeAlias(w, st);
      case K.VariableStatement:
        return this.variableStatement(w, st);
      case K.ImportDeclaration:
        return this.importDeclaration(w, st);
      case K.Module:
        blank();
        return this.module(w, st, ambient);
      case K.ExportDeclaration:
        return this.exportDeclaration(w, st);
      default:
        throw new Unsupported(`statement kind ${st.kind}`);
    }
  }

  private docs(w: Writer, docs: unknown) {
    if (docs == null) return;
    for (const d of docs as (S | TextOrWriter)[]) {
      this.node(w, d, () => this.jsDoc(w, d));
      w.newLine();
    }
  }

  private jsDoc(w: Writer, d: S | TextOrWriter) {
    let text: string;
    if (typeof d === 'string') text = d;
    else {
      const t = this.writerLike(w);
      if (typeof d === 'function') d(t);
      else {
        if (d.description) stringOrWriters(t, d.description);
        if (d.tags && d.tags.length > 0) {
          if (t.getLength() > 0) t.newLine();
          this.jsDocTags(t, d.tags);
        }
      }
      text = t.toString();
    }
    const lines = text.split(/\r?\n/);
    const startIndex = lines[0]!.length === 0 ? 1 : 0;
    const single = lines.length <= 1;
    w.write('/**');
    if (single) w.space();
    else w.newLine();
    if (single) w.write(lines[startIndex]!);
    else
      for (let i = startIndex; i < lines.length; i++) {
        w.write(' *');
        if (lines[i]!.length > 0) w.write(` ${lines[i]}`);
        w.newLine();
      }
    w.spaceIfLastNot();
    w.write('*/');
  }

  /** JSDocTagStructurePrinter with printStarsOnNewLine false (as JSDoc printing uses it). */
  private jsDocTags(w: Writer, tags: (S | TextOrWriter)[]) {
    tags.forEach((tag, i) => {
      if (i > 0) w.newLine();
      this.node(w, tag, () => {
        let text: string;
        if (typeof tag === 'string') text = tag;
        else {
          const t = this.writerLike(w);
          if (typeof tag === 'function') tag(t);
          else {
            if (tag.text) stringOrWriters(t, tag.text);
            const current = t.toString();
            t.unsafeInsert(0, `@${tag.tagName}` + (current.length > 0 && !startsWithNewLine(current) ? ' ' : ''));
          }
          text = t.toString();
        }
        text.split(/\r?\n/).forEach((line, j) => {
          if (j > 0) w.newLine();
          if (line.length > 0) w.write(line);
        });
      });
    });
  }

  private writerLike(w: Writer): Writer {
    return new CodeBlockWriter.default(w.getOptions());
  }

  private modifiers(w: Writer, s: S) {
    if (s.isDefaultExport) w.write('export default ');
    else if (s.isExported) w.write('export ');
    if (s.hasDeclareKeyword) w.write('declare ');
    if (s.scope != null) w.write(`${s.scope} `);
    if (s.isStatic) w.write('static ');
    if (s.hasOverrideKeyword) w.write('override ');
    if (s.isAbstract) w.write('abstract ');
    if (s.isAsync) w.write('async ');
    if (s.isReadonly) w.write('readonly ');
    if (s.hasAccessorKeyword) w.write('accessor ');
  }

  private typed(w: Writer, s: S, separator: string, alwaysWrite = false) {
    let type = s.type;
    if (type == null && !alwaysWrite) return;
    type ??= 'any';
    const text = this.text(w, type);
    if (!isNullOrWhitespace(text)) w.hangingIndent(() => w.write(`${separator} ${text}`));
  }

  private returnTyped(w: Writer, s: S, alwaysWrite = false) {
    let type = s.returnType;
    if (type == null && !alwaysWrite) return;
    type ??= 'void';
    const text = this.text(w, type);
    if (!isNullOrWhitespace(text)) w.hangingIndent(() => w.write(`: ${text}`));
  }

  private initializer(w: Writer, s: S) {
    if (s.initializer == null) return;
    const text = this.text(w, s.initializer);
    if (!isNullOrWhitespace(text))
      w.hangingIndent(() => {
        w.spaceIfLastNot();
        w.write(`= ${text}`);
      });
  }

  /** CommaSeparatedStructuresPrinter: items separated by a space, a comma appended where the text allows. */
  private commaSeparated<T>(w: Writer, items: T[] | TextOrWriter | undefined, print: (w: Writer, item: T) => void, separator = () => w.spaceIfLastNot()) {
    if (items == null) return;
    if (typeof items === 'function' || typeof items === 'string') return print(w, items as T);
    const positions: (number | false)[] = [];
    items.forEach((item, i) => {
      if (i > 0) separator();
      const start = w.getLength();
      print(w, item);
      const pos = appendCommaPos(lastCharsFrom(w, start));
      positions.push(pos === -1 ? false : pos + start);
    });
    let foundFirst = false;
    for (let i = positions.length - 1; i >= 0; i--) {
      const pos = positions[i]!;
      if (pos === false) continue;
      if (!foundFirst) foundFirst = true;
      else w.unsafeInsert(pos, ',');
    }
  }

  private typeParameters(w: Writer, tps: (S | string)[] | undefined) {
    if (tps == null || tps.length === 0) return;
    w.write('<');
    this.commaSeparated(w, tps, (w2, tp) =>
      this.node(w2, tp, () => {
        if (typeof tp === 'string') return void w2.write(tp);
        w2.hangingIndent(() => {
          if (tp.isConst) w2.write('const ');
          if (tp.variance != null) {
            // TypeParameterVariance: In 1, Out 2.
            if ((tp.variance & 1) !== 0) w2.write('in ');
            if ((tp.variance & 2) !== 0) w2.write('out ');
          }
          w2.write(tp.name);
          if (tp.constraint != null) {
            const t = this.text(w2, tp.constraint);
            if (!isNullOrWhitespace(t)) w2.write(` extends ${t}`);
          }
          if (tp.default != null) {
            const t = this.text(w2, tp.default);
            if (!isNullOrWhitespace(t)) w2.write(` = ${t}`);
          }
        });
      }),
    );
    w.write('>');
  }

  private parameters(w: Writer, ps: S[] | undefined) {
    w.write('(');
    if (ps != null && ps.length > 0)
      w.hangingIndent(() =>
        this.commaSeparated(w, ps, (w2, p) =>
          this.node(w2, p, () => {
            if (p.name == null) throw new Unsupported('parameter without a name');
            refuse(p, 'decorators');
            this.modifiers(w2, p);
            w2.conditionalWrite(p.isRestParameter, '...');
            w2.write(p.name);
            w2.conditionalWrite(p.hasQuestionToken, '?');
            this.typed(w2, p, ':', p.hasQuestionToken);
            this.initializer(w2, p);
          }),
        ),
      );
    w.write(')');
  }

  private fn(w: Writer, s: S, ambient: boolean) {
    this.node(w, s, () => {
      for (const o of s.overloads ?? []) {
        // An overload takes the function's export and declare modifiers unless it sets its own.
        const overload = { ...o };
        for (const k of ['hasDeclareKeyword', 'isExported', 'isDefaultExport']) if (overload[k] === undefined) overload[k] = s[k];
        const lead = overload.leadingTrivia;
        if (lead) {
          this.trivia(w, lead);
          if (w.isInComment()) w.closeComment();
        }
        this.fnHeader(w, s.name, overload);
        w.write(';');
        if (overload.trailingTrivia != null) this.trivia(w, overload.trailingTrivia);
        w.newLine();
      }
      this.fnHeader(w, s.name, s);
      if (ambient || s.hasDeclareKeyword) w.write(';');
      else w.space().inlineBlock(() => this.statements(w, s.statements, false));
    });
  }

  private fnHeader(w: Writer, name: string | undefined, s: S) {
    this.docs(w, s.docs);
    this.modifiers(w, s);
    w.write('function');
    w.conditionalWrite(s.isGenerator, '*');
    if (!isNullOrWhitespace(name)) w.write(` ${name}`);
    this.typeParameters(w, s.typeParameters);
    this.parameters(w, s.parameters);
    this.returnTyped(w, s);
  }

  private iface(w: Writer, s: S) {
    this.node(w, s, () => {
      this.docs(w, s.docs);
      this.modifiers(w, s);
      w.write(`interface ${s.name}`);
      this.typeParameters(w, s.typeParameters);
      w.space();
      if (s.extends != null) {
        const text = Array.isArray(s.extends) ? s.extends.map((e: TextOrWriter) => this.text(w, e)).join(', ') : this.text(w, s.extends);
        if (!isNullOrWhitespace(text)) w.hangingIndent(() => w.write(`extends ${text} `));
      }
      w.inlineBlock(() => this.typeMembers(w, s));
    });
  }

  /** TypeElementMemberedNodeStructurePrinter. */
  private typeMembers(w: Writer, s: S) {
    refuse(s, 'getAccessors', 'setAccessors');
    const separator = (items: unknown) => {
      if (!none(items) && !w.isAtStartOfFirstLineOfBlock()) w.newLine();
    };
    const lines = (items: S[] | undefined, print: (m: S) => void) => {
      (items ?? []).forEach((m, i) => {
        w.conditionalNewLine(i > 0);
        this.node(w, m, () => print(m));
      });
    };
    lines(s.callSignatures, (m) => {
      this.docs(w, m.docs);
      this.typeParameters(w, m.typeParameters);
      this.parameters(w, m.parameters);
      this.returnTyped(w, m, true);
      w.write(';');
    });
    separator(s.constructSignatures);
    lines(s.constructSignatures, (m) => {
      this.docs(w, m.docs);
      w.write('new');
      this.typeParameters(w, m.typeParameters);
      this.parameters(w, m.parameters);
      this.returnTyped(w, m);
      w.write(';');
    });
    separator(s.indexSignatures);
    lines(s.indexSignatures, (m) => {
      this.docs(w, m.docs);
      this.modifiers(w, m);
      w.write(`[${m.keyName || 'key'}: ${m.keyType || 'string'}]`);
      this.returnTyped(w, m);
      w.write(';');
    });
    separator(s.properties);
    lines(s.properties, (m) => {
      this.docs(w, m.docs);
      this.modifiers(w, m);
      w.write(m.name);
      w.conditionalWrite(m.hasQuestionToken, '?');
      this.typed(w, m, ':');
      this.initializer(w, m);
      w.write(';');
    });
    separator(s.methods);
    lines(s.methods, (m) => this.methodSignature(w, m));
  }

  private methodSignature(w: Writer, m: S) {
    this.docs(w, m.docs);
    w.write(m.name);
    w.conditionalWrite(m.hasQuestionToken, '?');
    this.typeParameters(w, m.typeParameters);
    this.parameters(w, m.parameters);
    this.returnTyped(w, m);
    w.write(';');
  }

  private typeAlias(w: Writer, s: S) {
    this.node(w, s, () => {
      this.docs(w, s.docs);
      this.modifiers(w, s);
      w.write(`type ${s.name}`);
      this.typeParameters(w, s.typeParameters);
      this.typed(w, s, ' =');
      w.write(';');
    });
  }

  private variableStatement(w: Writer, s: S) {
    this.node(w, s, () => {
      this.docs(w, s.docs);
      w.hangingIndent(() => {
        this.modifiers(w, s);
        w.write(`${s.declarationKind || 'let'} `);
        if (s.declarations.length === 0) throw new Error('You must provide at least one declaration when inserting a variable statement.');
        this.commaSeparated(w, s.declarations as S[], (w2, d) =>
          this.node(w2, d, () => {
            w2.write(d.name);
            w2.conditionalWrite(d.hasExclamationToken, '!');
            this.typed(w2, d, ':');
            this.initializer(w2, d);
          }),
        );
        w.write(';');
      });
    });
  }

  private importDeclaration(w: Writer, s: S) {
    this.node(w, s, () => {
      refuse(s, 'attributes');
      const named = s.namedImports != null && s.namedImports.length > 0;
      if (named && s.namespaceImport != null) throw new Error('An import declaration cannot have both a namespace import and a named import.');
      w.write('import');
      if (s.isTypeOnly) w.write(' type');
      if (s.defaultImport != null) {
        w.write(` ${s.defaultImport}`);
        w.conditionalWrite(named || s.namespaceImport != null, ',');
      }
      if (s.namespaceImport != null) w.write(` * as ${s.namespaceImport}`);
      if (named) {
        w.space();
        this.specifiers(w, s.namedImports);
      }
      w.conditionalWrite(s.defaultImport != null || named || s.namespaceImport != null, ' from');
      w.write(' ');
      w.quote(s.moduleSpecifier);
      w.write(';');
    });
  }

  private exportDeclaration(w: Writer, s: S) {
    this.node(w, s, () => {
      refuse(s, 'attributes');
      const hasModule = s.moduleSpecifier != null && s.moduleSpecifier.length > 0;
      const named = s.namedExports != null && s.namedExports.length > 0;
      if (named && s.namespaceExport != null) throw new Error('An export declaration cannot have both a namespace export and a named export.');
      w.write('export');
      if (s.isTypeOnly) w.write(' type');
      if (named) {
        w.space();
        this.specifiers(w, s.namedExports);
      } else if (s.namespaceExport != null) {
        w.write(' *');
        if (!isNullOrWhitespace(s.namespaceExport)) w.write(` as ${s.namespaceExport}`);
      } else if (!hasModule) {
        w.write(' {').conditionalWrite(this.braceSpaces, ' ').write('}');
      } else w.write(' *');
      if (hasModule) {
        w.write(' from ');
        w.quote(s.moduleSpecifier);
      }
      w.write(';');
    });
  }

  /** NamedImportExportSpecifierStructurePrinter.printTextsWithBraces. */
  private specifiers(w: Writer, items: (S | TextOrWriter)[] | TextOrWriter) {
    w.write('{');
    const sw = this.writerLike(w);
    const one = (w2: Writer, item: S | TextOrWriter) =>
      this.node(w2, item, () => {
        const iw = this.writerLike(w2);
        iw.queueIndentationLevel(1);
        if (typeof item === 'string') iw.write(item);
        else if (typeof item === 'function') item(iw);
        else {
          if (item.isTypeOnly) w2.write('type ');
          iw.write(item.name);
          if (!isNullOrWhitespace(item.alias)) {
            if (!iw.isLastNewLine()) iw.space();
            iw.write(`as ${item.alias}`);
          }
        }
        w2.write(iw.toString());
      });
    if (typeof items === 'function') one(sw, items);
    else this.commaSeparated(sw, items as (S | TextOrWriter)[], one, () => sw.spaceIfLastNot());
    const text = sw.toString();
    if (this.braceSpaces && !startsWithNewLine(text)) w.space();
    w.write(text);
    if (this.braceSpaces && !endsWithNewLine(text)) w.space();
    w.write('}');
  }

  private module(w: Writer, s: S, ambient: boolean) {
    this.node(w, s, () => {
      if (isQuoted(s.name.trim())) {
        if (s.declarationKind === 'namespace') throw new Error(`Cannot print a namespace with quotes for namespace with name ${s.name}. Use ModuleDeclarationKind.Module instead.`);
        s = { ...s, hasDeclareKeyword: s.hasDeclareKeyword === undefined ? true : s.hasDeclareKeyword, declarationKind: s.declarationKind === undefined ? 'module' : s.declarationKind };
      }
      this.docs(w, s.docs);
      this.modifiers(w, s);
      if (s.declarationKind == null || s.declarationKind !== 'global') w.write(`${s.declarationKind || 'namespace'} ${s.name}`);
      else w.write('global');
      if (s.hasDeclareKeyword && isQuoted(s.name.trim()) && Object.prototype.hasOwnProperty.call(s, 'statements') && s.statements == null) w.write(';');
      else {
        w.write(' ');
        w.inlineBlock(() => this.statements(w, s.statements, s.hasDeclareKeyword || ambient));
      }
    });
  }
}

function stringOrWriters(w: Writer, t: TextOrWriter | TextOrWriter[]) {
  if (typeof t === 'string') w.write(t);
  else if (typeof t === 'function') t(w);
  else
    t.forEach((x, i) => {
      if (i > 0) w.newLineIfLastNot();
      stringOrWriters(w, x);
    });
}

function lastNonWhitespaceIsCloseBrace(w: Writer): boolean {
  return (
    w.iterateLastCharCodes((c) => {
      if (c === 125) return true;
      if (whitespace.has(c)) return undefined;
      return false;
    }) || false
  );
}

function lastCharsFrom(w: Writer, pos: number): string {
  const chars: string[] = new Array(w.getLength() - pos);
  w.iterateLastChars((char, i) => {
    if (i - pos < 0) return true;
    chars[i - pos] = char;
    return undefined;
  });
  return chars.join('');
}

/**
 * Where ts-morph puts the comma after a list item's text: after its last token, before trailing
 * whitespace and comments (TypeScript's scanner decides there); -1 when the text is empty or ends
 * with a comma already. Texts this small scanner might read differently from TypeScript's
 * (characters outside printable ASCII, template literals, conflict markers) go to ts-morph.
 */
function appendCommaPos(text: string): number {
  if (/[^\x20-\x7e\t\n\r]|`|^(<{7}|={7}|>{7}|\|{7})/m.test(text) || text.startsWith('#!')) throw new Unsupported('list item text');
  let end = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') i++;
    else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i++;
    } else if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      i = close < 0 ? text.length : close + 2;
    } else if (c === '"' || c === "'") {
      // A string ends at its quote, or unterminated at a line break or the end.
      i++;
      while (i < text.length && text[i] !== c && text[i] !== '\n' && text[i] !== '\r') i += text[i] === '\\' ? 2 : 1;
      if (text[i] === c) i++;
      end = Math.min(i, text.length);
    } else end = ++i;
  }
  if (end === 0) return -1;
  return text[end - 1] === ',' ? -1 : end;
}

/** The text of a source file structure as ts-morph prints it, or undefined when it uses what these printers leave out. */
export function printOwn(structure: TsMorph.SourceFileStructure, options: { indentNumberOfSpaces?: number; useSingleQuote?: boolean } = {}): string | undefined {
  if (structure.kind !== StructureKind.SourceFile) return undefined;
  const printer = new Printer({ indentNumberOfSpaces: options.indentNumberOfSpaces ?? 4, useSingleQuote: options.useSingleQuote ?? false }, true);
  const w = printer.writer();
  try {
    printer.sourceFile(w, structure as S);
  } catch (e) {
    if (e instanceof Unsupported) return undefined;
    throw e;
  }
  return w.toString();
}

let tsMorphPrint: typeof TsMorph.printStructure | undefined;

/** ts-morph's printStructure of a source file structure (ts-morph loads only for what printOwn leaves out). */
export function printStructure(structure: TsMorph.SourceFileStructure, options: { indentNumberOfSpaces?: number; useSingleQuote?: boolean } = {}): string {
  const own = printOwn(structure, options);
  if (own !== undefined) return own;
  tsMorphPrint ??= (require('ts-morph') as typeof TsMorph).printStructure;
  return tsMorphPrint(structure, options);
}
