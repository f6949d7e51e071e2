"""Hostile-input-safe XML reading: refuses DTDs and entities, bounds size, depth and element count.

Parsing itself is expat's C tree builder (xml.etree); the checks around it stay cheap byte scans so
that an answer costs little more than parsing it.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass

Element = ET.Element


class XmlError(ValueError):
    """A body that is not XML this SDK reads (malformed, too large, too deep, or with a DTD)."""


@dataclass(frozen=True)
class XmlLimits:
    max_depth: int
    max_elements: int
    max_bytes: int


def parse_xml(body: bytes | str, limits: XmlLimits) -> ET.Element:
    data = body.encode("utf-8") if isinstance(body, str) else body
    if len(data) > limits.max_bytes:
        raise XmlError(f"the body is larger than {limits.max_bytes} bytes")
    # A DOCTYPE is the only way to declare entities or reach external resources: refused outright
    # (billion laughs, XXE). Undeclared entity references are then malformed for expat.
    if b"<!DOCTYPE" in data or b"<!ENTITY" in data:
        raise XmlError("a DOCTYPE or entity declaration is not allowed")
    try:
        root = ET.fromstring(data)
    except ET.ParseError as e:
        raise XmlError(f"malformed XML: {e}") from None
    # Level by level (each element visited once, in C-speed comprehensions), counting elements and
    # stopping at the first empty level: an element at level max_depth + 1 is too deep.
    level = [root]
    count = 1
    for _ in range(limits.max_depth):
        level = [c for e in level for c in e]
        if not level:
            break
        count += len(level)
        if count > limits.max_elements:
            raise XmlError(f"more than {limits.max_elements} elements")
    else:
        raise XmlError(f"nested deeper than {limits.max_depth} levels")
    return root


def escape_text(s: str) -> str:
    if "&" in s:
        s = s.replace("&", "&amp;")
    if "<" in s:
        s = s.replace("<", "&lt;")
    if ">" in s:
        s = s.replace(">", "&gt;")
    if "\r" in s:
        s = s.replace("\r", "&#13;")
    return s


def escape_attr(s: str) -> str:
    return escape_text(s).replace('"', "&quot;").replace("\n", "&#10;").replace("\t", "&#9;")
