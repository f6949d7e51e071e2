// Generated stores of XML leaf fields (generated/codecs/xml-decode.ts), for the service's
// decode(): per object descriptor, one function that stores a scalar field's element by a
// constant key, its name matched by a switch on length and first character (issue 34). The
// interpreter's streaming decoder (runtime/codec.ts decodeXmlStream) calls it for each leaf of an
// object it reads and does everything else itself: names the function does not know, elements
// with children, custom fields, sel, lists. test/codecs-specialized.test.ts holds both equal.
import type { StatementStructures } from 'ts-morph';
import { StructureKind, VariableDeclarationKind } from './module-text.ts';
import type { Desc, ObjectDesc } from './runtime/codec.ts';

const lit = (s: string) => JSON.stringify(s);
const isIdent = (name: string) => /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name);
const prop = (name: string) => (isIdent(name) ? `o.${name}` : `o[${lit(name)}]`);
const upper = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/** The statements storing field `name` (text in t) into o, then `return true`. */
function storeField(d: ObjectDesc, name: string, code: string): string {
  const lines =
    code === 't'
      ? [`${prop(name)} = t;`]
      : [
          `const v = ${code === 'i' ? 'intText(t)' : `scalarFromWire(${lit(code)}, t)`};`,
          `if (v !== undefined) ${prop(name)} = v;`,
        ];
  if (d.an && d.an.f.includes(name)) {
    lines.push(
      `if (a !== null && lenient) {`,
      `const x = a[${lit(d.an.a)}];`,
      `if (x !== undefined) ${prop(name + d.an.s)} = x;`,
      `}`,
    );
  }
  return [...lines, 'return true;'].join('\n');
}

/** The body of one store function, or undefined when the object has no scalar field to store. */
function storeBody(d: ObjectDesc): string | undefined {
  const fields = Object.entries(d.f).filter(
    ([n, x]) => x.k === 's' && n !== d.sel?.f && n !== '__proto__' && /^[\x21-\x7e]+$/.test(n),
  );
  if (!fields.length) return undefined;
  const byLen = new Map<number, [string, string][]>();
  for (const [n, x] of fields) {
    const g = byLen.get(n.length) ?? [];
    g.push([n, (x as { s: string }).s]);
    byLen.set(n.length, g);
  }
  const cases = [...byLen].map(([len, group]) => {
    const byFirst = new Map<number, [string, string][]>();
    for (const f of group) {
      const c = f[0].charCodeAt(0);
      byFirst.set(c, [...(byFirst.get(c) ?? []), f]);
    }
    const inner = [...byFirst].map(([c, names]) => {
      const tests = names.map(([n, code]) => {
        // The rest of the name compared inline: a call to a loop over a key string was 10% of decoding a page.
        const rest = [...n.slice(1)].map((ch, i) => `s.charCodeAt(ns + ${i + 1}) === ${ch.charCodeAt(0)}`);
        return rest.length === 0
          ? `{\n${storeField(d, n, code)}\n}`
          : `if (${rest.join(' && ')}) {\n${storeField(d, n, code)}\n}`;
      });
      return `case ${c}: // ${names.map(([n]) => n).join(', ')}\n${tests.join('\n')}\nreturn false;`;
    });
    return `case ${len}:\nswitch (s.charCodeAt(ns)) {\n${inner.join('\n')}\n}\nreturn false;`;
  });
  return `switch (len) {\n${cases.join('\n')}\n}\nreturn false;`;
}

/**
 * Statements of generated/codecs/xml-decode.ts: a store per distinct object descriptor among the
 * named parts (`constNames`) and the messages' own objects (`targets`, by their id in
 * descriptors.ts). Objects nested without a name in a message are left to the interpreter.
 */
export function xmlStoreStatements(constNames: Map<Desc, string>, targets: [string, Desc][]): StatementStructures[] {
  const byBody = new Map<string, string>();
  const fns: StatementStructures[] = [];
  const entries: string[] = [];
  const add = (d: Desc, name: string, ref: string) => {
    if (d.k !== 'o') return;
    const body = storeBody(d);
    if (body === undefined) return;
    let fn = byBody.get(body);
    if (fn === undefined) {
      fn = `store${upper(name.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase()))}`;
      byBody.set(body, fn);
      fns.push({
        kind: StructureKind.Function,
        name: fn,
        parameters: [
          { name: 'o', type: 'Rec' },
          { name: 's', type: 'string' },
          { name: 'ns', type: 'number' },
          { name: 'len', type: 'number' },
          { name: 'a', type: 'Record<string, string> | null' },
          { name: 't', type: 'string' },
          { name: 'lenient', type: 'boolean' },
        ],
        returnType: 'boolean',
        statements: body,
      });
    }
    entries.push(`[${ref}, ${fn}]`);
  };
  for (const [d, name] of constNames) add(d, name, `P.${name}`);
  for (const [id, d] of targets) if (!constNames.has(d)) add(d, id, `descriptors[${lit(id)}]`);
  return [
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: '../runtime/codec.ts',
      namedImports: [
        'intText',
        'scalarFromWire',
        { name: 'Desc', isTypeOnly: true },
        { name: 'XmlLeafStore', isTypeOnly: true },
      ],
    },
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: './parts.ts', namespaceImport: 'P' },
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: './descriptors.ts', namedImports: ['descriptors'] },
    { kind: StructureKind.TypeAlias, name: 'Rec', type: 'Record<string, unknown>' },
    ...fns,
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [
        { kind: StructureKind.JSDoc, description: "Per object descriptor, the store of its scalar fields' elements." },
      ],
      declarations: [
        {
          name: 'xmlStores',
          type: 'ReadonlyMap<Desc, XmlLeafStore>',
          // In a pure function: reading descriptors[...] at load would keep the module in every bundle.
          initializer: `/* @__PURE__ */ (() => new Map<Desc, XmlLeafStore>([\n${entries.join(',\n')}\n]))()`,
        },
      ],
    },
  ];
}
