// The Python tab of the reference docs: an endpoint's example as a call of the Python SDK, with the
// same ids and values as the other tabs (ids through their NewType, files read from disk).
import type { Operation } from '../../pipeline/model.ts';
import type { DocsLanguage, ExampleCall } from '../contract.ts';

const pascal = (s: string) =>
  s
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
const snake = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/** How a call reads in the Python SDK: crm.contacts.create, crm.contacts.activities.task.create, crm.hooks.list. */
export function pythonCallName(op: Operation, kind: string, segment = '<segment>'): string {
  const where = op.scope === 'kind' ? `${kind}.` : op.scope === 'activity' ? `${kind}.activities.${segment}.` : '';
  const parts = op.client.split('.');
  return `crm.${where}${[...parts.slice(0, -1), snake(parts.at(-1)!)].join('.')}`;
}

/** Python source to print as it is inside a value. */
class PyCode {
  constructor(readonly code: string) {}
}

export function pyValue(v: unknown, indent = '', width = 90): string {
  if (v instanceof PyCode) return v.code;
  if (v === undefined || v === null) return 'None';
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (typeof v === 'string' || typeof v === 'number') return JSON.stringify(v);
  const inner = `${indent}    `;
  const parts = Array.isArray(v)
    ? v.map((x) => pyValue(x, inner))
    : Object.entries(v as Record<string, unknown>)
        .filter(([, x]) => x !== undefined)
        .map(([k, x]) => `${JSON.stringify(k)}: ${pyValue(x, inner)}`);
  const [open, close] = Array.isArray(v) ? ['[', ']'] : ['{', '}'];
  const one = `${open}${parts.join(', ')}${close}`;
  if (!one.includes('\n') && indent.length + one.length <= width) return one;
  return `${open}\n${parts.map((p) => `${inner}${p}`).join(',\n')},\n${indent}${close}`;
}

/** The NewType of a kind's ids by its singular (contact -> ContactId), or of a segment's (task -> TaskId). */
export const pyIdType = (singularOrSegment: string) => `${pascal(singularOrSegment)}Id`;
const idType = (of: string, kinds: Record<string, string>) => pyIdType(kinds[of] ?? of);
/** The import name of the client package (PEP 8 spelling of its distribution name). */
export const pyImportName = (packageName: string) => packageName.toLowerCase().replace(/[-_.]+/g, '_');

function pythonCall(c: ExampleCall): { label: string; text: string } {
  const { op } = c;
  const kinds = c.singulars ?? {};
  const name = pythonCallName(op, c.kind, c.segment);
  const id = (of: string, n: number) => new PyCode(`${idType(of, kinds)}(${n})`);
  const ids = c.ids.map((n, i) => (i === 0 && c.idOf ? id(c.idOf, n).code : String(n)));
  const used = new Set<string>(c.ids.length && c.idOf ? [idType(c.idOf, kinds)] : []);
  let value = c.value;
  const o = value as { parent?: unknown } | undefined;
  if (op.scope === 'activity' && typeof o?.parent === 'number' && c.parentOf) {
    const of = c.parentOf === 'record' ? c.kind : c.parentOf;
    used.add(idType(of, kinds));
    value = { ...o, parent: id(of, o.parent) };
  }
  const args = [
    ...ids,
    ...(value !== undefined ? [pyValue(value, '', 70)] : []),
    ...(c.files.length
      ? [
          `files={${c.files.map((f) => `${JSON.stringify(f.field)}: Path(${JSON.stringify(f.filename)}).read_bytes()`).join(', ')}}`,
        ]
      : []),
  ];
  const imports = [
    ...(c.files.length ? ['from pathlib import Path\n'] : []),
    ...(used.size ? [`from ${pyImportName(c.clientPackage)}.types import ${[...used].sort().join(', ')}\n`] : []),
  ];
  const result =
    (
      {
        create: 'created',
        update: 'updated',
        delete: 'deleted',
        show: 'record',
        list: 'page',
        deliveries: 'deliveries',
        redeliver: 'delivery',
      } as Record<string, string>
    )[op.client.split('.').pop()!] ?? 'report';
  const flat = `${result} = ${name}(${args.join(', ')})`;
  const text =
    flat.length <= 100 && !flat.includes('\n')
      ? flat
      : `${result} = ${name}(\n${args.map((a) => `    ${a.replace(/\n/g, '\n    ')},`).join('\n')}\n)`;
  return { label: 'Client call', text: `${imports.join('')}${imports.length ? '\n' : ''}${text}` };
}

export const pythonDocs: DocsLanguage = { tab: 'python', label: 'Python', callName: pythonCallName, call: pythonCall };
