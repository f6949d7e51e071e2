// Emits what the Python runtime knows of the API (src/<package>/_api.py: limits, quota header,
// content types, batch path and parts, roots) and the wire descriptors of every message
// (_descriptors.json, from the neutral SDK model), read on the first call that needs one: importing
// the package parses none of them.
import type { Shape, Spec } from '../../pipeline/model.ts';
import type { GeneratedFile } from '../../pipeline/generated-file.ts';
import { importName } from './names.ts';
import { header } from './types.ts';

export function emitApi(spec: Spec, derived: { descriptors: Record<string, unknown> }): GeneratedFile[] {
  const dir = `python/src/${importName(spec)}`;
  const l = spec.limits;
  const need = (k: string) => {
    if (typeof l[k] !== 'number') throw new Error(`python api: spec.limits has no ${k}`);
    return l[k];
  };
  const errorKey = (k: string) => {
    if (!spec.errors.some((e) => e.key === k)) throw new Error(`python api: spec.errors has no key ${k}`);
    return k;
  };
  const text = `${header}"""The API's facts the runtime reads (spec/api.yaml), and the wire descriptors of its messages."""

from __future__ import annotations

import json
from pathlib import Path

from ._runtime.codec import Desc
from ._runtime.transport import Api, Check
from ._runtime.xml import XmlLimits

_descriptors: dict[str, Desc] | None = None


_checks: dict[str, list[Check]] | None = None


def checks(target: str) -> list[Check]:
    """The range and value-list rules of a request message, from _checks.json (read once, on first use)."""
    global _checks
    loaded = _checks
    if loaded is None:
        loaded = _checks = json.loads(Path(__file__).with_name("_checks.json").read_text("utf-8"))
    return loaded.get(target, [])


def descriptor(target: str) -> Desc:
    """The wire descriptor of a message, from _descriptors.json (read once, on first use)."""
    global _descriptors
    loaded = _descriptors
    if loaded is None:
        loaded = _descriptors = json.loads(Path(__file__).with_name("_descriptors.json").read_text("utf-8"))
    return loaded[target]


API = Api(
    limits=XmlLimits(max_depth=${need('maxXmlDepth')}, max_elements=${need('maxXmlElements')}, max_bytes=${need('maxBodyBytes')}),
    quota_header=${JSON.stringify(spec.quota.header)},
    content_types={"xml": ${JSON.stringify(spec.formats.output.xml)}, "json": ${JSON.stringify(spec.formats.output.json)}},
    batch_path=${JSON.stringify(spec.batch.path)},
    batch_max_parts=${spec.batch.maxParts},
    request_root=${JSON.stringify(spec.formats.requestRoot)},
    response_root=${JSON.stringify(spec.formats.responseRoot)},
    list_limit_default=${need('listLimitDefault')},
    descriptors=descriptor,
    required_key=${JSON.stringify(errorKey('fieldisrequired'))},
    invalid_key=${JSON.stringify(errorKey('invalidvalue'))},
    range_key=${JSON.stringify(errorKey('outofrange'))},
    list_key=${JSON.stringify(errorKey('notinlist'))},
    checks=checks,
)
`;
  const sorted = Object.fromEntries(
    Object.entries(derived.descriptors).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  const checks: Record<string, Check[]> = {};
  for (const id of Object.keys(sorted)) {
    const m = /^(?:records\/([\w-]+)\.|activities\/(?:([\w-]+)\.)?)?(\w+)\.(request|params)$/.exec(id);
    if (!m) continue;
    const op = spec.operations.find((o) => o.id === m[3]);
    const shape: Shape | undefined =
      m[4] === 'params' ? op?.params && { kind: 'object', fields: op.params } : op?.request;
    if (!shape) continue;
    const found = checksOf(spec, shape, m[2], []);
    if (found.length) checks[id] = found;
  }
  return [
    { path: `${dir}/_api.py`, content: text, format: 'python' },
    { path: `${dir}/_descriptors.json`, content: `${JSON.stringify(sorted)}\n`, format: 'json' },
    { path: `${dir}/_checks.json`, content: `${JSON.stringify(checks)}\n`, format: 'json' },
  ];
}

/** A rule checked before sending: the value at path p within range r ([min, max], null: open), or in the list v (i: any case). */
interface Check {
  p: string[];
  r?: [number | null, number | null];
  v?: (string | number)[];
  i?: 1;
}

/** The range and value-list rules of a request shape (objects, an activity's fields, lists of ids). */
function checksOf(
  spec: Spec,
  shape: Shape,
  segment: string | undefined,
  path: string[],
  seen = new Set<string>(),
): Check[] {
  switch (shape.kind) {
    case 'scalar': {
      const out: Check[] = [];
      if (shape.min !== undefined || shape.max !== undefined)
        out.push({ p: path, r: [shape.min ?? null, shape.max ?? null] });
      const list = shape.values ? spec.values.find((v) => v.name === shape.values) : undefined;
      if (
        list &&
        (shape.type === 'enum' || shape.type === 'idlist') &&
        !list.values.some((e) => String(e.value).includes('{'))
      ) {
        out.push({
          p: path,
          v: list.values.map((e) => e.value),
          ...(list.matchCase === false ? { i: 1 as const } : {}),
        });
      }
      return out;
    }
    case 'object':
      return shape.fields.flatMap((f) => checksOf(spec, f.shape, segment, [...path, f.name], seen));
    case 'ref': {
      if (seen.has(shape.name)) return [];
      const st = spec.structures.find((x) => x.name === shape.name);
      return st ? checksOf(spec, st.shape, segment, path, new Set([...seen, shape.name])) : [];
    }
    case 'activityfields': {
      const a = spec.activities.find((x) => x.segment === segment);
      return a ? a.fields.flatMap((f) => checksOf(spec, f.shape, segment, [...path, f.name], seen)) : [];
    }
    default:
      return [];
  }
}
