// The PHP tab of the reference docs (light: it loads none of the target's emitters): an endpoint's
// example as a call of the generated PHP client, with the same ids and values as the other tabs.
import type { Operation, Spec } from '../../pipeline/model.ts';
import type { DocsLanguage, ExampleCall } from '../contract.ts';
import { ident, messageClass, pascal, str } from './names.ts';

/** The client's path to a call: $crm->contacts->activities->note->update. */
export function phpCallName(op: Operation, kind: string, segment = '<segment>'): string {
  const where = op.scope === 'kind' ? `${kind}->` : op.scope === 'activity' ? `${kind}->activities->${segment}->` : '';
  return `$crm->${where}${op.client.split('.').map(ident).join('->')}`;
}

/** A value as a PHP array literal: one line when short, else one entry a line. */
export function phpLiteral(v: unknown, indent = ''): string {
  if (v === undefined || v === null) return 'null';
  if (typeof v === 'string') return str(v);
  if (typeof v !== 'object') return String(v);
  const inner = `${indent}    `;
  const parts = Array.isArray(v)
    ? v.map((x) => phpLiteral(x, inner))
    : Object.entries(v as Record<string, unknown>)
        .filter(([, x]) => x !== undefined)
        .map(([k, x]) => `${str(k)} => ${phpLiteral(x, inner)}`);
  const one = `[${parts.join(', ')}]`;
  if (!one.includes('\n') && indent.length + one.length <= 90) return one;
  return `[\n${parts.map((p) => `${inner}${p},`).join('\n')}\n${indent}]`;
}

/** The id class of a kind (by its singular, as the package names it) or a segment. */
const idClass = (c: ExampleCall, of: string) => `Id\\${pascal(c.singulars?.[of] ?? of)}Id`;

function phpCall(c: ExampleCall): { label: string; text: string } {
  const { op } = c;
  const args = c.ids.map((n, i) => (i === 0 && c.idOf ? `new ${idClass(c, c.idOf)}(${n})` : String(n)));
  if (c.value !== undefined) {
    const part = op.request ? 'request' : 'params';
    const key =
      op.scope === 'kind'
        ? `records/${c.kind}.${op.id}.${part}`
        : op.scope === 'activity'
          ? `activities/${c.segment}.${op.id}.${part}`
          : `${op.id}.${part}`;
    args.push(`Model\\${messageClass(key)}::fromWire(${phpLiteral(c.value)})`);
  }
  // Files travel beside the body as multipart/form-data, each an Upload by field.
  if (c.files.length)
    args.push(`[${c.files.map((f) => `${str(f.field)} => Upload::fromFile(${str(f.filename)})`).join(', ')}]`);
  const text = `$result = ${phpCallName(op, c.kind, c.segment)}(${args.join(', ')});`;
  return { label: c.files.length ? 'Client call (Upload from Crmgen\\Client\\Runtime)' : 'Client call', text };
}

export const phpDocs: DocsLanguage = { tab: 'php', label: 'PHP', callName: phpCallName, call: phpCall };

/** Helpers of the guides' ```php blocks: the package's names for a message, an id, a value list. */
export function phpGuideHelpers(spec: Spec): Record<string, (...args: any[]) => string> {
  const singular = (of: string) => spec.kinds.find((k) => k.name === of)?.singular ?? of;
  return {
    phpRecord: (kind: string, op: string, part: string) => `Model\\${messageClass(`records/${kind}.${op}.${part}`)}`,
    phpActivity: (segment: string, op: string, part: string) =>
      `Model\\${messageClass(`activities/${segment}.${op}.${part}`)}`,
    phpGlobal: (op: string, part: string) => `Model\\${messageClass(`${op}.${part}`)}`,
    phpId: (of: string, n: number) => `new Id\\${pascal(singular(of))}Id(${n})`,
    phpEnum: (list: string) => `Enum\\${pascal(list)}`,
  };
}
