// Generated stores of XML leaf fields (generated/codecs/xml-decode.ts), for the service's
// decode(): per object descriptor, one function that stores a scalar field's text by a constant
// key, chosen by a switch on the field's place in the decoder's order (issue 34). The
// interpreter's streaming decoder (runtime/codec.ts decodeXmlStream) matches the element's name
// (or scanXml's expected-leaf path has) and calls it for each scalar field of an object it reads;
// it does everything else itself: elements with children, custom fields, sel, lists.
// test/codecs-specialized.test.ts holds both equal.
import type { StatementStructures } from 'ts-morph';
import { StructureKind, VariableDeclarationKind } from './module-text.ts';
import type { Desc, ObjectDesc } from './runtime/codec.ts';

const lit = (s: string) => JSON.stringify(s);
const isIdent = (name: string) => /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name);
const prop = (name: string) => (isIdent(name) ? `o.${name}` : `o[${lit(name)}]`);
const upper = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/** The statements storing field `name` (text in t) into o, then `return true`. */
function storeField(d: ObjectDesc, name: string, code: string): string[] {
  const lines =
    code === 't'
      ? [`${prop(name)} = t;`]
      : [
          `const v = ${code === 'i' ? 'intText(t)' : code === 'dt' ? 'dateTimeText(t)' : `scalarFromWire(${lit(code)}, t)`};`,
          `if (v !== undefined) ${prop(name)} = v;`,
        ];
  if (d.an && d.an.f.includes(name)) {
    lines.push(
      `if (a !== null && lenient) {`,
      `  const x = a[${lit(d.an.a)}];`,
      `  if (x !== undefined) ${prop(name + d.an.s)} = x;`,
      `}`,
    );
  }
  return [...lines, 'return true;'];
}

/**
 * The body of one store function, or undefined when the object has no scalar field to store: a
 * switch on the field's place in the decoder's order (runtime/codec.ts orderOf: the fields, each
 * owner-valued one followed by its owner's name), which the decoder has already matched.
 */
function storeBody(d: ObjectDesc): string | undefined {
  const cases: string[] = [];
  let j = 0;
  for (const [n, x] of Object.entries(d.f)) {
    if (x.k === 's' && n !== d.sel?.f && n !== '__proto__') {
      const label = /^[\x21-\x7e]+$/.test(n) ? [`    // ${n}`] : [];
      cases.push(`  case ${j}: {`, ...label, ...storeField(d, n, x.s).map((l) => `    ${l}`), '  }');
    }
    j += d.an && d.an.f.includes(n) ? 2 : 1;
  }
  if (!cases.length) return undefined;
  return ['switch (j) {', ...cases, '}', 'return false;'].join('\n');
}

/** The store functions of one module, one per distinct body. */
export interface StoreSet {
  fns: StatementStructures[];
  /** Each function's name by its body. */
  byBody: Map<string, string>;
  /** The name of d's store (made on first use), or undefined when d has no scalar field to store. */
  add(d: Desc, name: string): string | undefined;
}

/**
 * Store functions of a module, one per distinct body. Their parameter `o` is typed `Rec`, which
 * the module declares. `exported`: the parts module's, which the others import. `from`: a set
 * made elsewhere whose stores this module refers to (as `ref(name)`) instead of writing the same
 * body again.
 */
export function storeFunctions(
  opts: { exported?: boolean; from?: { set: StoreSet; ref: (fn: string) => string } } = {},
): StoreSet {
  const byBody = new Map<string, string>();
  const fns: StatementStructures[] = [];
  return {
    fns,
    byBody,
    add(d, name) {
      if (d.k !== 'o') return undefined;
      const body = storeBody(d);
      if (body === undefined) return undefined;
      const shared = opts.from?.set.byBody.get(body);
      if (shared !== undefined) return opts.from!.ref(shared);
      let fn = byBody.get(body);
      if (fn === undefined) {
        fn = `store${upper(name.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase()))}`;
        byBody.set(body, fn);
        fns.push({
          kind: StructureKind.Function,
          isExported: opts.exported === true,
          name: fn,
          parameters: [
            { name: 'o', type: 'Rec' },
            { name: 'j', type: 'number' },
            { name: 't', type: 'string' },
            { name: 'a', type: 'Record<string, string> | null' },
            { name: 'lenient', type: 'boolean' },
          ],
          returnType: 'boolean',
          statements: body,
        });
      }
      return fn;
    },
  };
}

/**
 * A module's import of runtime/codec.ts: the types it names (`Desc` and `types`), and the
 * functions its own stores call.
 */
export function storeImports(
  specifier: string,
  stores: StoreSet,
  types: { name: string; isTypeOnly: true }[],
): StatementStructures {
  const named = [{ name: 'Desc', isTypeOnly: true as const }, ...types];
  return {
    kind: StructureKind.ImportDeclaration,
    isTypeOnly: !stores.fns.length,
    moduleSpecifier: specifier,
    namedImports: stores.fns.length
      ? ['dateTimeText', 'intText', 'scalarFromWire', ...named]
      : named.map((t) => t.name),
  };
}

/** A module's own store functions, after the `Rec` type they take. */
export function storeStatements(stores: StoreSet): StatementStructures[] {
  if (!stores.fns.length) return [];
  return [{ kind: StructureKind.TypeAlias, name: 'Rec', type: 'Record<string, unknown>' }, ...stores.fns];
}

/**
 * Statements of generated/codecs/xml-decode.ts: a store per distinct object descriptor among the
 * named parts (`constNames`) and the messages' own objects (`targets`, by their id in
 * descriptors.ts). Objects nested without a name in a message are left to the interpreter.
 */
export function xmlStoreStatements(
  constNames: Map<Desc, string>,
  targets: [string, Desc][],
  partStores: StoreSet,
): StatementStructures[] {
  const stores = storeFunctions({ from: { set: partStores, ref: (fn) => `P.${fn}` } });
  const entries: string[] = [];
  const add = (d: Desc, name: string, ref: string) => {
    const fn = stores.add(d, name);
    if (fn !== undefined) entries.push(`[${ref}, ${fn}]`);
  };
  for (const [d, name] of constNames) add(d, name, `P.${name}`);
  for (const [id, d] of targets) if (!constNames.has(d)) add(d, id, `descriptors[${lit(id)}]`);
  return [
    storeImports('../runtime/codec.ts', stores, [{ name: 'XmlLeafStore', isTypeOnly: true }]),
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: './parts.ts', namespaceImport: 'P' },
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: './descriptors.ts', namedImports: ['descriptors'] },
    ...storeStatements(stores),
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
