// The Python SDK's public surface for `crmgen diff`: every type of types.py (TypedDict members with
// their types and whether they are required, aliases with their definitions), every class and
// method of the clients with its signature, and the entry module's exports. Read from the emitted
// texts (before formatting, so the layout never counts), one line per name.
import type { GeneratedFile } from '../../pipeline/generated-file.ts';
import type { SurfaceLine } from '../contract.ts';

const module = 'python';

export function pythonSurface(files: GeneratedFile[]): SurfaceLine[] {
  const out: SurfaceLine[] = [];
  const add = (l: Omit<SurfaceLine, 'module'>) => out.push({ module, ...l });
  for (const f of files) {
    if (f.path.endsWith('/types.py')) typesSurface(f.content, add);
    else if (/\/_(client|sync|async|batch)\.py$/.test(f.path)) clientSurface(f.content, add);
    else if (f.path.endsWith('/__init__.py')) {
      const all = /__all__ = \[([\s\S]*?)\]/.exec(f.content)?.[1] ?? '';
      for (const m of all.matchAll(/"([^"]+)"/g))
        add({
          key: `export ${m[1]}`,
          name: m[1]!,
          role: 'reexport',
          type: `from ${f.path.split('/').at(-2)} import ${m[1]}`,
        });
    }
  }
  return out;
}

function member(add: (l: Omit<SurfaceLine, 'module'>) => void, owner: string, name: string, type: string) {
  const opt = /^NotRequired\[(.*)\]$/.exec(type);
  add({
    key: `${owner}.${name}`,
    name,
    role: 'member',
    type: opt ? opt[1]! : type,
    ...(opt ? { optional: true } : {}),
  });
}

function typesSurface(text: string, add: (l: Omit<SurfaceLine, 'module'>) => void) {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const cls = /^class (\w+)\(TypedDict\):/.exec(line);
    if (cls) {
      add({ key: cls[1]!, name: cls[1]!, role: 'decl', type: `class ${cls[1]}(TypedDict)` });
      for (let j = i + 1; j < lines.length && (lines[j]!.startsWith(' ') || lines[j] === ''); j++) {
        const m = /^ {4}(\w+): (.+)$/.exec(lines[j]!);
        if (m) member(add, cls[1]!, m[1]!, m[2]!);
      }
      continue;
    }
    const fn = /^(\w+) = TypedDict\("\w+", \{(.*)\}\)$/.exec(line);
    if (fn) {
      add({ key: fn[1]!, name: fn[1]!, role: 'decl', type: `class ${fn[1]}(TypedDict)` });
      for (const m of fn[2]!.matchAll(/"([^"]+)": ((?:NotRequired\[[^\]]*(?:\[[^\]]*\])?[^\]]*\])|[^,]+)/g))
        member(add, fn[1]!, m[1]!, m[2]!.trim());
      continue;
    }
    const alias = /^(\w+) = (.+)$/.exec(line);
    if (!alias) continue;
    const [, name, rhs] = alias as unknown as [string, string, string];
    if (rhs.startsWith('NewType(')) {
      add({ key: name, name, role: 'decl', type: `${name} = ${rhs}` });
      continue;
    }
    // A union (or Literal) alias: each member a line of its own, so adding one only adds.
    add({ key: name, name, role: 'decl', type: `${name} = <union>` });
    for (const m of unionMembers(rhs)) add({ key: `${name} | ${m}`, name: m, role: 'union', type: m });
  }
}

function clientSurface(text: string, add: (l: Omit<SurfaceLine, 'module'>) => void) {
  let owner = '';
  for (const line of text.split('\n')) {
    const cls = /^class (\w+)/.exec(line);
    if (cls) {
      owner = cls[1]!;
      add({ key: owner, name: owner, role: 'decl', type: `class ${owner}` });
      continue;
    }
    const fn = /^def (\w+)\((.*)\) -> (.+):$/.exec(line);
    if (fn) {
      add({ key: `${fn[1]}()`, name: fn[1]!, role: 'decl', type: `def ${fn[1]}(${fn[2]}) -> ${fn[3]}` });
      continue;
    }
    const m = /^ {4}(?:async )?def (\w+)\(self(?:, )?(.*)\) -> (.+):$/.exec(line);
    if (m && owner && !m[1]!.startsWith('_'))
      add({ key: `${owner}.${m[1]}()`, name: m[1]!, role: 'member', method: true, type: `(${m[2]}) -> ${m[3]}` });
    const attr = /^ {8}self\.([a-z]\w*) = (\w+)\(/.exec(line);
    if (attr && owner) add({ key: `${owner}.${attr[1]}`, name: attr[1]!, role: 'member', type: attr[2]! });
  }
}

/** The members of a union type text: top-level `|` parts, a Literal's values one by one. */
export function unionMembers(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '[' || c === '(') depth++;
    else if (c === ']' || c === ')') depth--;
    else if (c === '|' && depth === 0) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts.flatMap((p) => {
    const lit = /^Literal\[(.*)\]$/.exec(p);
    return lit ? lit[1]!.split(/,\s*(?=(?:[^"]*"[^"]*")*[^"]*$)/).map((v) => v.trim()) : [p];
  });
}
