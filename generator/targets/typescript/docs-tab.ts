// The TypeScript tab of the reference docs: an endpoint's example as a call of the generated client.
import type { DocsLanguage, ExampleCall } from '../contract.ts';
import { clientCallName } from './names.ts';

/** A record's or activity's id in a client call, `of` its kind or segment: the client's ids carry their kind. */
export const tsId = (of: string, n: number): string => `asId('${of}', ${n})`;

/** The variable a call's result goes into, by the method's name. */
const resultName = (client: string) =>
  ({
    create: 'created',
    update: 'updated',
    delete: 'deleted',
    show: 'record',
    list: 'list',
    deliveries: 'deliveries',
    redeliver: 'delivery',
  })[client.split('.').pop()!] ?? 'report';

/** TypeScript source to print as it is inside a value (an id expression). */
export class TsCode {
  constructor(readonly code: string) {}
}

/** A value as TypeScript source: identifier keys unquoted, single quotes, one line when short. */
export function tsLiteral(v: unknown, indent = '', width = 90): string {
  if (v instanceof TsCode) return v.code;
  if (v === undefined || v === null) return String(v);
  if (typeof v === 'string') return `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
  if (typeof v !== 'object') return String(v);
  const inner = `${indent}  `;
  const parts = Array.isArray(v)
    ? v.map((x) => tsLiteral(x, inner, 90))
    : Object.entries(v as Record<string, unknown>)
        .filter(([, x]) => x !== undefined)
        .map(([k, x]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : tsLiteral(k)}: ${tsLiteral(x, inner, 90)}`);
  const [open, close] = Array.isArray(v) ? ['[', ']'] : ['{', '}'];
  if (!parts.length) return `${open}${close}`;
  const one = Array.isArray(v) ? `[${parts.join(', ')}]` : `{ ${parts.join(', ')} }`;
  // width 0: always one entry a line (an argument that did not fit beside its call).
  if (!one.includes('\n') && indent.length + one.length <= width) return one;
  return `${open}\n${parts.map((p) => `${inner}${p}`).join(',\n')},\n${indent}${close}`;
}

function typescriptCall(c: ExampleCall): { label: string; text: string } {
  const { op } = c;
  const client = clientCallName(op, c.kind, c.segment);
  const callIds = c.ids.map((n, i) => (i === 0 && c.idOf ? tsId(c.idOf, n) : String(n)));
  const withParent = (v: unknown) => {
    const o = v as { parent?: unknown } | undefined;
    if (op.scope !== 'activity' || typeof o?.parent !== 'number' || !c.parentOf) return v;
    return { ...o, parent: new TsCode(tsId(c.parentOf === 'record' ? c.kind : c.parentOf, o.parent)) };
  };
  const value = withParent(c.value);
  const files = c.files.length
    ? [`{ files: { ${c.files.map((f) => `${f.field}: await openAsBlob(${tsLiteral(f.filename)})`).join(', ')} } }`]
    : [];
  const head = `const ${resultName(client)} = await ${client}(`;
  const flat = [...callIds, ...(value !== undefined ? [tsLiteral(value)] : []), ...files];
  // One line when short; else the body hugs the parentheses, or each argument gets its own line.
  const text =
    `${head}${flat.join(', ')});`.length <= 100 && !flat.some((a) => a.includes('\n'))
      ? `${head}${flat.join(', ')});`
      : value !== undefined && !files.length
        ? `${head}${[...callIds, tsLiteral(value, '', 0)].join(', ')});`
        : `${head}\n${[...callIds, ...(value !== undefined ? [tsLiteral(value, '  ', 0)] : []), ...files].map((a) => `  ${a},`).join('\n')}\n);`;
  return { label: c.files.length ? 'Client call (openAsBlob from node:fs)' : 'Client call', text };
}

export const typescriptDocs: DocsLanguage = {
  tab: 'typescript',
  label: 'TypeScript',
  callName: clientCallName,
  call: typescriptCall,
};
