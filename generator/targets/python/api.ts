// Emits what the Python runtime knows of the API (src/<package>/_api.py: limits, quota header,
// content types, batch path and parts, roots) and the wire descriptors of every message
// (_descriptors.json, from the neutral SDK model), read on the first call that needs one: importing
// the package parses none of them.
import type { Spec } from '../../pipeline/model.ts';
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
from ._runtime.transport import Api
from ._runtime.xml import XmlLimits

_descriptors: dict[str, Desc] | None = None


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
)
`;
  const sorted = Object.fromEntries(Object.entries(derived.descriptors).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return [
    { path: `${dir}/_api.py`, content: text, format: 'python' },
    { path: `${dir}/_descriptors.json`, content: `${JSON.stringify(sorted)}\n`, format: 'json' },
  ];
}
