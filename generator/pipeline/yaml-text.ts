// JSON data as block-style YAML. The yaml library's stringify took about 0.4 s of a cold generate
// for openapi.yaml (1.3 MB); JSON data needs none of its generality (no tags, anchors, comments).
// Scalars are plain only where YAML 1.2 reads them back as the same string, block literals for
// multi-line text, and double-quoted JSON strings (valid YAML) for everything else.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Strings a YAML reader could take for another type, a YAML 1.1 boolean, or a merge key. */
const lookalike = /^(?:true|false|null|~|y|n|yes|no|on|off|[-+]?(?:\.?[0-9].*|\.inf|\.nan)|0[xob].*|<<.*)$/i;

function plain(s: string): boolean {
  return (
    s !== '' &&
    /^[\x20-\x7e]+$/.test(s) &&
    !/^[\s\-?:,[\]{}#&*!|>'"%@`.]/.test(s) &&
    !/\s$/.test(s) &&
    !s.includes(': ') &&
    !s.includes(' #') &&
    !s.endsWith(':') &&
    !lookalike.test(s)
  );
}

/** Scalars by text: a document repeats its keys and many values (openapi.yaml: a few thousand distinct of over 100,000). */
let scalars = new Map<string, string>();

function scalar(s: string): string {
  let out = scalars.get(s);
  if (out === undefined) {
    out = plain(s) ? s : JSON.stringify(s);
    scalars.set(s, out);
  }
  return out;
}

function empty(v: Json[] | { [key: string]: Json }): boolean {
  if (Array.isArray(v)) return v.length === 0;
  for (const _ in v) return false;
  return true;
}

/** Text kept as a `|` or `|-` block: one or more line breaks, no line that would need escapes or an indentation indicator. */
function literal(s: string): boolean {
  return (
    s.includes('\n') &&
    !/^[\s]/.test(s) &&
    !/\n\n$/.test(s) &&
    !/[\x00-\x08\x0b-\x1f\x7f\u0085\u2028\u2029\ufeff]/.test(s)
  );
}

function value(v: Json, indent: string, out: string[], head: string): void {
  if (v === null || typeof v !== 'object') {
    if (typeof v === 'string' && literal(v)) {
      const lines = (v.endsWith('\n') ? v.slice(0, -1) : v).split('\n');
      out.push(`${head} ${v.endsWith('\n') ? '|' : '|-'}`, ...lines.map((l) => (l ? `${indent}  ${l}` : '')));
    } else out.push(`${head} ${typeof v === 'string' ? scalar(v) : JSON.stringify(v)}`);
    return;
  }
  if (empty(v)) {
    out.push(`${head} ${Array.isArray(v) ? '[]' : '{}'}`);
    return;
  }
  out.push(head);
  block(v, `${indent}  `, out);
}

/** A non-empty collection, each entry on its own lines at `indent`. */
function block(v: Json[] | { [key: string]: Json }, indent: string, out: string[]): void {
  if (Array.isArray(v)) {
    for (const item of v) {
      if (item !== null && typeof item === 'object' && !Array.isArray(item) && !empty(item)) {
        // A map in a sequence starts on the dash's line.
        const start = out.length;
        block(item, `${indent}  `, out);
        out[start] = `${indent}- ${out[start]!.slice(indent.length + 2)}`;
      } else value(item, `${indent}  `, out, `${indent}-`);
    }
  } else for (const k in v) value(v[k]!, indent, out, `${indent}${scalar(k)}:`);
}

/** The YAML text of a JSON value (as JSON.parse returns it), ending with a newline. */
export function yamlText(v: Json): string {
  const out: string[] = [];
  try {
    if (v !== null && typeof v === 'object' && !empty(v)) block(v, '', out);
    else value(v, '', out, '');
  } finally {
    scalars = new Map();
  }
  return `${out.join('\n').replace(/^ /, '')}\n`;
}
