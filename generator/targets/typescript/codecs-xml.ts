// Schema-specialized XML codecs (generated/codecs/xml.ts), compiled from the same descriptors
// that runtime/codec.ts interprets. Each distinct descriptor (named constant, a target's own
// object, a list, keyed container or map) becomes one encoder function: fixed field order,
// direct property reads, constant tags. The rules are the interpreter's, rule for rule
// (test/codecs-specialized.test.ts holds them to byte-identical output); the interpreter stays
// the reference and serves JSON and form. XML is decoded by the interpreter's streaming decoder
// (runtime/codec.ts decodeXmlStream), which builds the value while the document is scanned: the
// tree decoders once generated here were no longer called by decode() (issue 34).
import type { StatementStructures } from 'ts-morph';
import { StructureKind, VariableDeclarationKind } from './module-text.ts';
import type { Desc, ObjectDesc } from './runtime/codec.ts';
import { escapeXmlAttr } from './runtime/xml.ts';

type Composite = Exclude<Desc, { k: 's' }>;

const lit = (s: string) => JSON.stringify(s);
const isIdent = (name: string) => /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name);
const prop = (obj: string, name: string) => (isIdent(name) ? `${obj}.${name}` : `${obj}[${lit(name)}]`);
const upper = (s: string) => s[0].toUpperCase() + s.slice(1);
const camel = (words: string) =>
  words
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w, i) => (i === 0 ? w[0].toLowerCase() + w.slice(1) : upper(w)))
    .join('');
/** Scalars in the names of list, keyed and map functions (categoryListInt). */
const scalarWords: Record<string, string> = {
  t: 'text',
  i: 'int',
  n: 'dec',
  f: 'flag',
  F: 'flag empty',
  d: 'date',
  dt: 'datetime',
  dd: 'date or time',
  il: 'ints',
  sl: 'texts',
  of: 'owner filter',
};

/** The tags of one element (expressions): constant strings, or over a computed name. */
interface Tag {
  open: string;
  close: string;
}

function constTag(name: string, label?: string): Tag {
  return {
    open: lit(`<${label === undefined ? name : `${name} label="${escapeXmlAttr(label)}"`}>`),
    close: lit(`</${name}>`),
  };
}

/** Is the expression a string literal (a constant tag)? */
const isLiteral = (expr: string) => expr.startsWith('"');

function varTag(v: string): Tag {
  return { open: `'<' + ${v} + '>'`, close: `'</' + ${v} + '>'` };
}

class XmlCodecBuilder {
  /** Structural key -> function base name; identical descriptors share their functions. */
  private readonly byKey = new Map<string, string>();
  private readonly keyOf = new Map<Desc, string>();
  private readonly taken = new Set<string>();
  /** Base name -> descriptor, in discovery order. */
  readonly functions = new Map<string, Composite>();
  /** Custom-field pattern source -> constant name. */
  readonly patterns = new Map<string, string>();

  constructor(private readonly constNames: Map<Desc, string>) {}

  /** Hash-consing: a descriptor's key names its parts by their keys' ids, so keys stay short. */
  private key(d: Desc): string {
    let k = this.keyOf.get(d);
    if (k !== undefined) return k;
    const ref = (x: Desc) => {
      const kx = this.key(x);
      return x.k === 's' ? kx : `#${this.byKeyId(kx)}`;
    };
    switch (d.k) {
      case 's':
        k = d.s;
        break;
      case 'o':
        k = JSON.stringify([
          Object.entries(d.f).map(([n, x]) => [n, ref(x)]),
          d.c ?? null,
          d.lb ?? null,
          d.inl ? [d.inl.p, d.inl.as, ref(d.inl.of)] : null,
          d.sel ? [d.sel.on, d.sel.f, Object.entries(d.sel.cases).map(([c, x]) => [c, ref(x)])] : null,
          d.an ?? null,
        ]);
        break;
      case 'l':
        k = JSON.stringify(['l', d.e, ref(d.of)]);
        break;
      case 'y':
        k = JSON.stringify(['y', d.p, d.as, ref(d.of)]);
        break;
      case 'm':
        k = JSON.stringify(['m', ref(d.of)]);
        break;
    }
    this.keyOf.set(d, k);
    return k;
  }

  /** Structural key -> a short id, for the keys of the descriptors that contain it. */
  private readonly ids = new Map<string, number>();
  private byKeyId(k: string): number {
    let id = this.ids.get(k);
    if (id === undefined) this.ids.set(k, (id = this.ids.size));
    return id;
  }

  /** The base name of a composite descriptor's functions, registering it (and its parts) on first sight. */
  fn(d: Composite, hint: string): string {
    const k = this.key(d);
    const known = this.byKey.get(k);
    if (known) return known;
    let base = this.constNames.get(d) ?? this.structuralName(d) ?? camel(hint);
    if (this.taken.has(base)) {
      let i = 2;
      while (this.taken.has(`${base}${i}`)) i++;
      base = `${base}${i}`;
    }
    this.taken.add(base);
    this.byKey.set(k, base);
    this.functions.set(base, d);
    // Register the parts now so names follow the order of discovery.
    switch (d.k) {
      case 'o':
        for (const [n, x] of Object.entries(d.f)) if (x.k !== 's') this.fn(x, `${base} ${n}`);
        if (d.inl && d.inl.of.k !== 's') this.fn(d.inl.of, `${base} ${d.inl.as}`);
        if (d.sel)
          for (const [c, x] of Object.entries(d.sel.cases)) if (x.k !== 's') this.fn(x, `${base} ${d.sel.f} ${c}`);
        if (d.c && !this.patterns.has(d.c)) this.patterns.set(d.c, `CUSTOM_${this.patterns.size}`);
        break;
      default:
        if (d.of.k !== 's') this.fn(d.of, `${base} of`);
    }
    return base;
  }

  private structuralName(d: Composite): string | undefined {
    if (d.k === 'o') return undefined;
    const of = d.of.k === 's' ? scalarWords[d.of.s] : this.fn(d.of, 'item');
    if (d.k === 'l') return camel(`${d.e} list ${of}`);
    if (d.k === 'y') return camel(`${d.p} keyed ${of}`);
    return camel(`map ${of}`);
  }

  // ---------- encoders: (value) -> the element's content ----------

  /** Statement appending the element `tag` holding value `x` (an identifier; given, or a list item) to `s`. */
  private element(tag: Tag, d: Desc, x: string, hint: string): string {
    const helper = d.k !== 's' ? 'wrapEl' : d.s === 'F' ? 'flagEl' : d.s === 'il' || d.s === 'sl' ? 'listEl' : 'textEl';
    const value = d.k === 's' ? x : `encode${upper(this.fn(d, hint))}(${x} as ${paramType(d)})`;
    if (helper === 'textEl' && isLiteral(tag.open)) {
      // textEl's two common cases written in place, with constant tags: a non-empty text and a
      // number (the rest through textEl). 0.85 -> 0.79x JSON.stringify at 1,000 entries, 1.41 ->
      // 1.30x at 5,000 (issue 34, one process).
      return `s += typeof ${x} === 'string' && ${x} !== '' ? ${tag.open} + escapeXmlText(${x}) + ${tag.close} : typeof ${x} === 'number' ? ${tag.open} + ${x} + ${tag.close} : textEl(${x}, ${tag.open}, ${tag.close});`;
    }
    return `s += ${helper}(${value}, ${tag.open}, ${tag.close});`;
  }

  /**
   * A loop appending one element per item: written to a chunk `c` that is flattened into `s` every
   * chunkItems items (flatChunk) when the list is long, so that a long list is a rope of a few flat strings, not of
   * every piece of every entry (issue 34: collecting that rope was most of encoding 5,000 entries).
   */
  private chunkedLoop(items: string, body: string): string {
    const inChunk = body.replace(/^s \+= /gm, 'c += ');
    return `{\nconst items = ${items};\nconst chunk = chunkItems(items.length);\nlet c = '';\nlet k = 0;\nfor (const e of items) {\n${inChunk}\nif (++k === chunk) {\ns += flatChunk(c);\nc = '';\nk = 0;\n}\n}\ns += c;\n}`;
  }

  encoder(base: string, d: Composite): string[] {
    const out: string[] = ["let s = '';"];
    switch (d.k) {
      case 'o':
        out.push(...this.objectEncoder(base, d));
        break;
      case 'l':
        out.push(this.chunkedLoop('v', this.element(constTag(d.e), d.of, 'e', `${base} of`)));
        break;
      case 'y':
        out.push(
          this.chunkedLoop('v', `const n = \`${d.p}\${e.id}\`;\n${this.element(varTag('n'), d.of, 'e', `${base} of`)}`),
        );
        break;
      case 'm':
        out.push(`for (const [n, e] of Object.entries(v)) ${this.element(varTag('n'), d.of, 'e', `${base} of`)}`);
        break;
    }
    out.push('return s;');
    return out;
  }

  private objectEncoder(base: string, d: ObjectDesc): string[] {
    const out: string[] = ['let x: unknown;'];
    // With custom fields, `w` counts the keys read (fields and owners' names) that have a value:
    // a plain value with no more own keys has no custom field, and the pass over its keys is
    // skipped (as the interpreter does: runtime/codec.ts encodeXmlObject). Only where every key
    // read is neither a custom name nor a member of Object.prototype, and without inl or sel.
    const custom = d.c === undefined ? null : new RegExp(d.c);
    const odd = (key: string) => key in Object.prototype || (custom !== null && custom.test(key));
    const counted =
      custom !== null &&
      !d.inl &&
      !d.sel &&
      Object.entries(d.f).every(
        ([name, fd]) => !odd(fd.k === 'y' ? fd.as : name) && !(d.an && d.an.f.includes(name) && odd(name + d.an.s)),
      );
    const count = (stmt: string) => (counted ? `{\n${stmt}\nw++;\n}` : stmt);
    if (counted) out.push('let w = 0;');
    for (const [name, fd] of Object.entries(d.f)) {
      if (d.inl && name === d.inl.as) {
        out.push(
          this.chunkedLoop(
            `(${prop('v', d.inl.as)} as Keyed[] | undefined) ?? []`,
            `const n = \`${d.inl.p}\${e.id}\`;\n${this.element(varTag('n'), d.inl.of, 'e', `${base} ${d.inl.as}`)}`,
          ),
        );
        continue;
      }
      const tag = constTag(name, d.lb && Object.hasOwn(d.lb, name) ? d.lb[name] : undefined);
      if (d.sel && name === d.sel.f) {
        // The descriptor of the field is chosen by a sibling's value (an activity's fields by its typeid).
        const cases = groupCases(d.sel.cases, (x) => this.fn(x as Composite, `${base} ${name}`));
        const arms = cases.map(
          ([values, fnBase]) =>
            `${values.map((c) => `case ${lit(c)}:`).join('\n')}\nt = encode${upper(fnBase)}(x as Rec);\nbreak;`,
        );
        const fallback = `t = encode${upper(this.fn(fd as Composite, `${base} ${name}`))}(x as ${paramType(fd)});`;
        out.push(
          `x = ${prop('v', fd.k === 'y' ? fd.as : name)};`,
          `if (x !== undefined) {\nlet t: string;\nswitch (selKey(${prop('v', d.sel.on)})) {\n${arms.join('\n')}\ndefault:\n${fallback}\n}\ns += wrapEl(t, ${tag.open}, ${tag.close});\n}`,
        );
        continue;
      }
      if (d.an && d.an.f.includes(name)) {
        // The owner's name, when the value has one, is an attribute of the start tag.
        const head = lit(JSON.parse(tag.open).slice(0, -1));
        const owned: Tag = {
          open: `ownerOpen(${head}, ${prop('v', name + d.an.s)}, ${lit(d.an.a)})`,
          close: tag.close,
        };
        const ownerCount = counted ? `if (${prop('v', name + d.an.s)} !== undefined) w++;\n` : '';
        out.push(
          `if ((x = ${prop('v', name)}) !== undefined) ${count(ownerCount + this.element(owned, fd, 'x', `${base} ${name}`))}`,
        );
        continue;
      }
      out.push(
        `if ((x = ${prop('v', fd.k === 'y' ? fd.as : name)}) !== undefined) ${count(this.element(tag, fd, 'x', `${base} ${name}`))}`,
      );
    }
    if (d.c) {
      // Custom fields: own keys matching the pattern that are not fields, in the value's order.
      const re = this.patterns.get(d.c)!;
      // (`name in desc.f` in the interpreter: inherited names count too.)
      const shadowed = [...Object.keys(d.f), ...Object.getOwnPropertyNames(Object.prototype)].filter((n) =>
        new RegExp(d.c!).test(n),
      );
      // Most keys are fields: a literal prefix every match starts with turns them away before the regex.
      const prefix = literalPrefix(d.c);
      const test = [
        prefix && `n.startsWith(${lit(prefix)})`,
        `${re}.test(n)`,
        shadowed.length && `!${JSON.stringify(shadowed)}.includes(n)`,
      ]
        .filter(Boolean)
        .join(' && ');
      const pass = `for (const n of Object.keys(v)) {\nif (!(${test}) || (x = v[n]) === undefined) continue;\n${this.element(varTag('n'), { k: 's', s: 't' }, 'x', '')}\n}`;
      out.push(counted ? `if (!(plainObject(v) && Object.keys(v).length === w)) ${pass}` : pass);
    }
    return out;
  }
}

/** Characters every match of the pattern starts with ('' when unsure: alternation, no anchor, escapes). */
export function literalPrefix(src: string): string {
  if (!src.startsWith('^') || src.includes('|')) return '';
  const m = /^\^([A-Za-z0-9_]*)(.?)/.exec(src)!;
  // A quantifier after the last character makes that character optional or repeatable.
  return m[2] !== '' && '*?{+'.includes(m[2]) ? m[1].slice(0, -1) : m[1];
}

/** The sel cases grouped by the function that handles them, in first-seen order. */
function groupCases(cases: Record<string, Desc>, name: (d: Desc) => string): [string[], string][] {
  const groups = new Map<string, string[]>();
  for (const [value, d] of Object.entries(cases)) {
    if (d.k === 's') throw new Error('sel cases must be structures');
    const n = name(d);
    groups.set(n, [...(groups.get(n) ?? []), value]);
  }
  return [...groups].map(([n, values]) => [values, n]);
}

function paramType(d: Desc): string {
  return d.k === 'o' ? 'Rec' : d.k === 'm' ? 'object' : d.k === 'y' ? 'Keyed[]' : 'unknown[]';
}

/**
 * Statements of generated/codecs/xml.ts. `constNames` names the descriptor objects that are
 * shared constants in descriptors.ts (their functions take the same name); `targets` are the
 * messages, in the order of descriptors.ts.
 */
export function xmlCodecStatements(constNames: Map<Desc, string>, targets: [string, Desc][]): StatementStructures[] {
  const b = new XmlCodecBuilder(constNames);
  for (const d of constNames.keys()) if (d.k !== 's') b.fn(d, constNames.get(d)!);
  const table = targets.map(([id, d]): [string, string] => {
    if (d.k === 's') throw new Error(`${id}: a message is a structure`);
    return [id, b.fn(d, id)];
  });
  // Encoders are emitted per descriptor, after all names are known.
  const fns: StatementStructures[] = [];
  for (const [base, d] of [...b.functions]) {
    fns.push({
      kind: StructureKind.Function,
      name: `encode${upper(base)}`,
      parameters: [{ name: 'v', type: d.k === 'o' ? 'Rec' : paramType(d) }],
      returnType: 'string',
      statements: b.encoder(base, d),
    });
  }
  return [
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: '../runtime/xml.ts', namedImports: ['escapeXmlText'] },
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: '../runtime/codec.ts',
      namedImports: [
        'chunkItems',
        'flagEl',
        'flatChunk',
        'listEl',
        'ownerOpen',
        'plainObject',
        'selKey',
        'textEl',
        'wrapEl',
      ],
    },
    { kind: StructureKind.TypeAlias, name: 'Rec', type: 'Record<string, unknown>' },
    { kind: StructureKind.TypeAlias, name: 'Keyed', type: '{ id: unknown }' },
    ...[...b.patterns].map(([src, name]): StatementStructures => ({
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [{ name, initializer: `/* @__PURE__ */ new RegExp(${lit(src)})` }],
    })),
    ...fns,
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [{ kind: StructureKind.JSDoc, description: "Per message, its root element's encoded content." }],
      declarations: [
        {
          name: 'xmlEncoders',
          initializer: `{\n${table.map(([id, base]) => `${lit(id)}: encode${upper(base)}`).join(',\n')}\n} satisfies Record<string, (v: Rec) => string>`,
        },
      ],
    },
  ];
}
