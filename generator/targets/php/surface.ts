// The PHP SDK's public surface for `crmgen diff` (Target.surface): every class, interface and enum
// of the package's generated code (models, enums, ids, resources, the client), with each public
// property (its native type; optional when it has a default), public method (its signature),
// implemented interface and enum case, read from the emitted PHP. A new activity type only adds
// lines: the fields of an activity entry are typed by an interface, an activity's parent by one per
// segment, so no existing type names the new classes.
import type { GeneratedFile } from '../../pipeline/generated-file.ts';
import type { SurfaceLine } from '../contract.ts';
import { rootNamespace } from './names.ts';

const ns = `\\${rootNamespace}\\`;
/** A type as written, without the package's namespace prefix and the nullable marks every property has. */
const clean = (t: string) =>
  named(t)
    .replace(/^\?/, '')
    .replace(/\|null$/, '');
/** A signature's text without the package's namespace prefix, on one line. */
const named = (t: string) => t.replaceAll(ns, '').replace(/\s+/g, ' ').replace(/\( /g, '(').trim();

export function phpSurface(files: GeneratedFile[]): SurfaceLine[] {
  const out: SurfaceLine[] = [];
  for (const f of files) {
    const m = /^php\/src\/(?:(Model|Enum|Id|Resource)\/)?(\w+)\.php$/.exec(f.path);
    if (!m || (!m[1] && m[2] !== 'Client')) continue;
    const name = m[1] ? `${m[1]}\\${m[2]}` : m[2]!;
    const text = f.content;
    const decl = /^(final class|interface|enum) (\w+)(: \w+)?(?: (implements|extends) ([\w\\, ]+))?\s*$/m.exec(text);
    if (!decl) continue;
    out.push({ module: 'php', key: name, name, role: 'decl', type: `${decl[1]} ${name}${decl[3] ?? ''}` });
    for (const i of decl[5]?.split(',').map((s) => s.trim()) ?? []) {
      const iface = i.includes('\\') ? clean(i) : `${m[1] ?? ''}\\${i}`.replace(/^\\/, '');
      out.push({ module: 'php', key: `${name} ${decl[4]} ${iface}`, name, role: 'union', type: iface });
    }
    for (const c of text.matchAll(/^\s*case (\w+) = (.+);$/gm))
      out.push({ module: 'php', key: `${name}::${c[1]} = ${c[2]}`, name, role: 'union', type: c[2]! });
    for (const p of text.matchAll(/public readonly ([^$;]+?) \$(\w+)(\s*=\s*[^,\n]+)?[,;]/g)) {
      out.push({
        module: 'php',
        key: `${name}::$${p[2]}`,
        name,
        role: 'member',
        type: clean(p[1]!),
        ...(p[3] ? { optional: true } : {}),
      });
    }
    for (const fn of text.matchAll(/public (static )?function (\w+)\(/g)) {
      if (fn[2] === '__construct') continue;
      // The arguments up to the matching parenthesis (defaults may call: new Retry()), then the return type.
      let depth = 1;
      let i = fn.index + fn[0].length;
      for (; i < text.length && depth > 0; i++) depth += text[i] === '(' ? 1 : text[i] === ')' ? -1 : 0;
      const args = named(text.slice(fn.index + fn[0].length, i - 1).replace(/,\s*$/, ''));
      const ret = /^:\s*([^\n{]+)/.exec(text.slice(i))?.[1];
      out.push({
        module: 'php',
        key: `${name}::${fn[2]}()`,
        name,
        role: 'member',
        type: `(${args})${ret ? `: ${named(ret)}` : ''}`,
        method: true,
      });
    }
  }
  return out;
}
