// JSON decoders specialized per descriptor (generated/codecs/json.ts), for the service's decode()
// (issue 34). The interpreter (runtime/codec.ts fromWireJson) stays the reference and does all the
// converting: a generated decoder only proves, reading the known fields by name, that an object
// of JSON.parse is already its typed value (every field known and typed, dates canonical), which
// the interpreter would give back unchanged; anything else goes to the interpreter untouched, so
// values, key order, issues and depth checks are its own (test/codecs-specialized.test.ts).
// Pages (`inl`: id<N> entries) run the interpreter's keyed loop over the entries' decoder.
import type { Desc, ObjectDesc, ScalarCode } from './runtime/codec.ts';

const lit = (s: string) => JSON.stringify(s);
const isIdent = (name: string) => /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name);
const prop = (obj: string, name: string) => (isIdent(name) ? `${obj}.${name}` : `${obj}[${lit(name)}]`);
const camel = (words: string) =>
  words
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');

/** The test that a present JSON value is not already the typed value of its code (what typedAlready and the dates' canonical check accept). */
const untyped: Partial<Record<ScalarCode, (y: string) => string>> = {
  t: (y) => `typeof ${y} !== 'string'`,
  i: (y) => `typeof ${y} !== 'number'`,
  n: (y) => `typeof ${y} !== 'number'`,
  of: (y) => `typeof ${y} !== 'number'`,
  f: (y) => `${y} !== 0 && ${y} !== 1`,
  F: (y) => `${y} !== 0 && ${y} !== 1`,
  d: (y) => `typeof ${y} !== 'string' || !canonicalDate(${y})`,
  dt: (y) => `typeof ${y} !== 'string' || !canonicalDateTime(${y})`,
  dd: (y) => `typeof ${y} !== 'string' || !(canonicalDateTime(${y}) || canonicalDate(${y}))`,
};

/** Field names read by name: an inherited one (toString, __proto__) would be read from Object.prototype. */
const readable = (name: string) => !(name in Object.prototype);

/**
 * An object whose fields are scalars or lists (one-element containers): checked field by field.
 * Custom fields (`c`) are not known by name: an object holding one goes to the interpreter.
 */
function flat(d: Desc): d is ObjectDesc {
  if (d.k !== 'o' || d.inl || d.sel) return false;
  const owners = d.an ? d.an.f.map((f) => f + d.an!.s) : [];
  return (
    Object.entries(d.f).every(([name, fd]) => (fd.k === 's' || fd.k === 'l') && readable(name)) &&
    owners.every((o) => readable(o) && !Object.hasOwn(d.f, o))
  );
}

/** The text of codecs/json.ts (statements) and the modules it imports. */
export function jsonCodecStatements(
  constNames: Map<Desc, string>,
  targets: [string, Desc][],
): { statements: string[]; imports: string[] } {
  const fns: string[] = [];
  const parts = new Set<string>();
  const decoderOf = new Map<Desc, string>();

  const flatDecoder = (d: ObjectDesc, base: string, descExpr: string): string => {
    const name = `decode${base}`;
    const lists = Object.keys(d.f).filter((field) => d.f[field]!.k === 'l');
    const checks = Object.entries(d.f).map(([field, fd]) => {
      const v = prop('v', field);
      if (fd.k === 'l') return `  if (${v} !== undefined) {\n    n++;\n    lists++;\n  }`;
      const test = untyped[(fd as { s: ScalarCode }).s];
      if (test === undefined)
        return `  if (${v} !== undefined) return false; // a list of text: the interpreter splits it`;
      return `  if ((y = ${v}) !== undefined) {\n    if (${test('y')}) return false;\n    n++;\n  }`;
    });
    // An owner's name is kept as it is by lenient decoding; strict decoding drops it (a copy).
    for (const f of d.an?.f ?? []) {
      checks.push(
        `  if (!strict && (y = ${prop('v', f + d.an!.s)}) !== undefined) {\n    if (y !== null && typeof y === 'object') return false;\n    n++;\n  }`,
      );
    }
    const counted = lists.length
      ? "  // Known fields all counted: no other key (unknown, custom, prototype-named); with two lists, their issues follow the keys' order.\n  return lists < 2 && n === Object.keys(v).length;"
      : '  // Known fields all counted: no other key (unknown, custom, prototype-named).\n  return n === Object.keys(v).length;';
    // The one list given is converted where it is, as the interpreter's in-place walk does (never to undefined).
    const converted = lists.map((field) => {
      const v = prop('v', field);
      return `  if (${v} !== undefined) ${v} = fromWireJson((${descExpr} as ObjectDesc).f[${lit(field)}]!, ${v}, opts, opts.strict ? join(path, ${lit(field)}) : '', true, b - 1);`;
    });
    fns.push(
      `/** Is an object of JSON.parse already the typed value of ${descExpr}, but for at most one list? Every key known, every scalar typed. */\n` +
        `function typed${base}(v: Rec, strict: boolean): boolean {\n  let n = 0;\n${lists.length ? '  let lists = 0;\n' : ''}  let y: unknown;\n${checks.join('\n')}\n${counted}\n}`,
      `function ${name}(x: unknown, opts: DecodeOptions, path: string, b: number): unknown {\n` +
        `  if (b === 0 || x === null || typeof x !== 'object' || Array.isArray(x) || !typed${base}(x as Rec, opts.strict))\n` +
        `    return fromWireJson(${descExpr}, x, opts, path, true, b);\n` +
        (lists.length ? `  const v = x as Rec;\n${converted.join('\n')}\n  return v;\n}` : `  return x;\n}`),
    );
    return name;
  };

  const pageDecoder = (base: string, descExpr: string, of: string): string => {
    const name = `decode${base}`;
    fns.push(
      `function ${name}(x: unknown, opts: DecodeOptions, path: string, b: number): unknown {\n` +
        `  if (b === 0 || x === null || typeof x !== 'object' || Array.isArray(x)) return fromWireJson(${descExpr}, x, opts, path, true, b);\n` +
        `  return objectCopy(${descExpr} as ObjectDesc, x as Rec, opts, path, true, b, ${of});\n}`,
    );
    return name;
  };

  /** The decoder of a named part, made once. */
  const partDecoder = (d: Desc): string | undefined => {
    if (decoderOf.has(d)) return decoderOf.get(d);
    const part = constNames.get(d);
    let name: string | undefined;
    if (part !== undefined && flat(d)) {
      parts.add(part);
      name = flatDecoder(d, camel(part), part);
    }
    decoderOf.set(d, name!);
    return name;
  };

  const table: string[] = [];
  // Targets of the same structure (a message of each resource) share one decoder.
  const byStructure = new Map<string, string | undefined>();
  for (const [id, d] of targets) {
    const structure = JSON.stringify(d);
    if (byStructure.has(structure)) {
      const shared = byStructure.get(structure);
      if (shared !== undefined) table.push(`  ${lit(id)}: ${shared},`);
      continue;
    }
    let name = partDecoder(d);
    if (name === undefined && d.k === 'o') {
      const expr = `descriptors[${lit(id)}]`;
      const { inl, sel } = d;
      if (flat(d)) name = flatDecoder(d, camel(id), expr);
      else if (inl && !sel && constNames.has(inl.of)) {
        const of = partDecoder(inl.of);
        if (of !== undefined) name = pageDecoder(camel(id), expr, of);
      }
    }
    byStructure.set(structure, name);
    if (name !== undefined) table.push(`  ${lit(id)}: ${name},`);
  }
  const text = fns.join('\n');
  const dates = ['canonicalDate', 'canonicalDateTime'].filter((f) => text.includes(`${f}(`));
  const imports: [string, string][] = [
    ['../runtime/codec.ts', 'fromWireJson, join, objectCopy, type DecodeOptions, type JsonDecoder, type ObjectDesc'],
    ...(dates.length ? [['../runtime/dates.ts', dates.join(', ')] as [string, string]] : []),
    ['./descriptors.ts', 'descriptors'],
    ...(parts.size ? [['./parts.ts', [...parts].sort().join(', ')] as [string, string]] : []),
  ];
  return {
    statements: [
      imports.map(([from, names]) => `import { ${names} } from '${from}';`).join('\n'),
      `type Rec = Record<string, unknown>;`,
      ...fns,
      `/** The generated JSON decoder of each target that has one (the others: the interpreter). */\nexport const jsonDecoders: Partial<Record<string, JsonDecoder>> = {\n${table.join('\n')}\n};`,
    ],
    imports: imports.map(([from]) => from),
  };
}
