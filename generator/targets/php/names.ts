// Naming rules of the PHP target: classes in PascalCase from the API's words, properties keep the
// wire names (the API's vocabulary), and the one fixed root namespace the runtime is written in.

/** The package's root namespace (the runtime's files are written in it, so it is not the spec's to choose). */
export const rootNamespace = 'Crmgen\\Client';

const reserved = new Set([
  'list',
  'print',
  'echo',
  'new',
  'class',
  'function',
  'default',
  'array',
  'empty',
  'isset',
  'unset',
  'clone',
]);

/** PascalCase of a word or dotted/dashed name: contacts -> Contacts, createRecord -> CreateRecord. */
export function pascal(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
}

/** A PHP identifier for a wire name (property, parameter). */
export function ident(name: string): string {
  const s = name.replace(/[^A-Za-z0-9_]/g, '_');
  return /^[0-9]/.test(s) ? `_${s}` : s;
}

/** A method name; words PHP reserves get a suffix only where they would not parse. */
export function method(name: string): string {
  return reserved.has(name) ? name : ident(name);
}

/** An enum case for a value of a list. */
export function enumCase(value: string | number): string {
  const p = pascal(String(value));
  return p === '' ? 'Empty' : /^[0-9]/.test(p) ? `V${p}` : p;
}

/** A PHP single-quoted string literal. */
export function str(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** A PHP literal of plain data (descriptors, config). */
export function literal(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return str(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map(literal).join(', ')}]`;
  return `[${Object.entries(v as Record<string, unknown>)
    .map(([k, x]) => `${str(k)} => ${literal(x)}`)
    .join(', ')}]`;
}

/** The class name of a message: records/contacts.createRecord.request -> ContactsCreateRecordRequest. */
export function messageClass(key: string): string {
  return pascal(key.replace(/^(records|activities)\//, ''));
}
