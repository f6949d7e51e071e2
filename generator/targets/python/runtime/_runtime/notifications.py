"""Webhook notification bodies (XML, JSON or form, by Content-Type) decoded by their event family."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, cast
from urllib.parse import parse_qsl

from .codec import CodecError, Desc, decode_xml, from_wire_json
from .errors import ErrorDetail, ValidationError
from .xml import XmlLimits


def form_to_nested(body: str) -> dict[str, Any]:
    """Bracket notation (content[item][id]=3) as nested dicts; list markers ([]) become lists."""
    root: dict[str, Any] = {}
    for key, value in parse_qsl(body, keep_blank_values=True):
        head, _, rest = key.partition("[")
        parts = [head] + ([p.rstrip("]") for p in ("[" + rest).split("[")[1:]] if rest else [])
        node: Any = root
        for i, part in enumerate(parts):
            last = i == len(parts) - 1
            if isinstance(node, list):
                cast(list[Any], node).append(value if last else {})
                node = cast(list[Any], node)[-1]
                continue
            d = cast(dict[str, Any], node)
            if last:
                d[part] = value
            else:
                if not isinstance(d.get(part), (dict, list)):
                    d[part] = [] if parts[i + 1] == "" else {}
                node = d[part]
    return root


def decode_notification(
    body: bytes | str,
    content_type: str | Mapping[str, str],
    families: list[str],
    descriptor: Callable[[str], Desc],
    limits: XmlLimits,
    unknown_key: str,
) -> dict[str, Any]:
    headers: Mapping[str, str] | None = None
    if not isinstance(content_type, str):
        headers = {k.lower(): v for k, v in content_type.items()}
        ctype = headers.get("content-type", "")
    else:
        ctype = content_type
    data = body.encode("utf-8") if isinstance(body, str) else body

    def read(target: str) -> dict[str, Any]:
        desc = descriptor(target)
        if "json" in ctype:
            try:
                return cast(dict[str, Any], from_wire_json(desc, json.loads(data)) or {})
            except ValueError as e:
                raise CodecError(f"malformed JSON: {e}") from None
        if "x-www-form-urlencoded" in ctype:
            return cast(dict[str, Any], from_wire_json(desc, form_to_nested(data.decode("utf-8"))) or {})
        return cast(dict[str, Any], decode_xml(desc, data, limits) or {})

    first = read(f"notification/{families[0]}")
    family = str(first.get("type", "")).split(".")[0]
    if family not in families:
        raise ValidationError(
            400, [ErrorDetail(unknown_key, f"unknown notification type {first.get('type')!r}")], local=True
        )
    out = first if family == families[0] else read(f"notification/{family}")
    if headers is not None and "webhook-id" in headers:
        out["webhook_id"] = headers["webhook-id"]
    return out
