// The activity hierarchy as a picture: an inline SVG for the HTML docs (columns by depth below
// the record, one edge per parent > child rule) and a Mermaid block for the Markdown docs.
import type { Spec } from '../pipeline/model.ts';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Depth of each node: the longest parent chain from the record (cycles are cut). */
function depths(spec: Spec): Map<string, number> {
  const d = new Map<string, number>([['record', 0]]);
  for (let round = 0; round < spec.activities.length + 1; round++) {
    let changed = false;
    for (const r of spec.hierarchy) {
      const p = d.get(r.parent);
      if (p === undefined || r.parent === r.child) continue;
      const next = Math.min(p + 1, spec.activities.length);
      if ((d.get(r.child) ?? -1) < next) {
        d.set(r.child, next);
        changed = true;
      }
    }
    if (!changed) break;
  }
  return d;
}

export function hierarchySvg(spec: Spec): string {
  const d = depths(spec);
  const columns = new Map<number, string[]>();
  for (const [node, depth] of [...d].sort((a, b) => a[0].localeCompare(b[0])))
    columns.set(depth, [...(columns.get(depth) ?? []), node]);
  const colW = 190;
  const rowH = 26;
  const pos = new Map<string, { x: number; y: number }>();
  const maxRows = Math.max(...[...columns.values()].map((c) => c.length));
  for (const [depth, nodes] of columns) {
    const offset = ((maxRows - nodes.length) * rowH) / 2;
    nodes.forEach((n, i) => pos.set(n, { x: 10 + depth * colW, y: 10 + offset + i * rowH }));
  }
  const width = 10 + columns.size * colW;
  const height = 20 + maxRows * rowH;
  const title = (n: string) =>
    n === 'record' ? 'record (any kind)' : (spec.activities.find((a) => a.segment === n)?.title ?? n);
  const edges = spec.hierarchy
    .filter((r) => pos.has(r.parent) && pos.has(r.child))
    .map((r) => {
      const a = pos.get(r.parent)!;
      const b = pos.get(r.child)!;
      return `<line x1="${a.x + 150}" y1="${a.y + 10}" x2="${b.x}" y2="${b.y + 10}" class="edge"><title>${esc(r.parent)} &gt; ${esc(r.child)}</title></line>`;
    });
  const nodes = [...pos].map(
    ([n, p]) =>
      `<g class="node"><rect x="${p.x}" y="${p.y}" width="150" height="20" rx="4"/><text x="${p.x + 6}" y="${p.y + 14}">${esc(title(n))}</text></g>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="Activity hierarchy">${edges.join('')}${nodes.join('')}</svg>`;
}

export function hierarchyMermaid(spec: Spec): string {
  return ['graph LR', ...spec.hierarchy.map((r) => `  ${r.parent} --> ${r.child}`)].join('\n');
}
