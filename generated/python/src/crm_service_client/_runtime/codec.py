"""The descriptor interpreter: wire descriptors (plain data the generator writes per message) drive
XML, JSON and query-string encoding and decoding into one typed value (dicts and lists).

A descriptor is {"k": kind, ...}: "s" scalar (code "s"), "o" object (children "f"; custom field
pattern "c"; labels "lb"; inline id<N> entries "inl"; a child chosen by a sibling's value "sel";
owner names "an"), "l" container of one repeated element "e", "y" children named prefix<N> ("p")
typed as the list "as", "m" children with free names. Scalar codes: t text, i integer, n decimal,
f flag, F flag written empty when 0, d/dt/dd dates (kept as the wire's text), il/sl integer and
text lists (comma-delimited on the wire), of owner filter.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, cast

from .xml import Element, XmlError, XmlLimits, escape_attr, escape_text, parse_xml

Desc = dict[str, Any]
Value = Any

_INT = re.compile(r"^-?\d+$")
_DEC = re.compile(r"^-?\d+(?:\.\d+)?$")
_patterns: dict[str, re.Pattern[str]] = {}


class CodecError(ValueError):
    """A body that cannot be read at all (malformed XML or JSON)."""


def _pattern(src: str) -> re.Pattern[str]:
    p = _patterns.get(src)
    if p is None:
        p = _patterns[src] = re.compile(src)
    return p


def keyed_name(name: str, prefix: str) -> bool:
    """Is name prefix<N> (an id<N> child)?"""
    return len(name) > len(prefix) and name.startswith(prefix) and name[len(prefix) :].isdigit()


def split_list(text: str) -> list[str]:
    """A comma-delimited list, keeping commas inside double quotes ("Lee, Ann" <ann@x.example>)."""
    if not text.strip():
        return []
    if '"' not in text:
        return [s.strip() for s in text.split(",") if s.strip()]
    out: list[str] = []
    quoted = False
    start = 0
    for i, c in enumerate(text):
        if c == '"':
            quoted = not quoted
        elif c == "," and not quoted:
            out.append(text[start:i].strip())
            start = i + 1
    out.append(text[start:].strip())
    return [s for s in out if s]


def scalar_from_wire(code: str, v: Value) -> Value:
    """A wire value as its typed value; None means "not given". Values that do not convert stay as they are."""
    if v is None:
        return None
    if code == "t":
        return str(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else v
    if code == "i" or code == "n":
        if isinstance(v, bool):
            return v
        if isinstance(v, (int, float)):
            return float(v) if code == "n" and isinstance(v, int) else v
        if not isinstance(v, str):
            return v
        s = v.strip()
        if s == "":
            return None
        if code == "i":
            return int(s) if _INT.match(s) else v
        return float(s) if _DEC.match(s) else v
    if code == "f" or code == "F":
        if v in (1, "1", True):
            return 1
        if v in (0, "0", False):
            return 0
        if v == "":
            return 0 if code == "F" else None
        return v
    if code in ("d", "dt", "dd"):
        if isinstance(v, str) and v.strip() == "":
            return None
        return v
    if code == "il":
        parts: list[Any] | None = (
            cast(list[Any], v)
            if isinstance(v, list)
            else split_list(v)
            if isinstance(v, str)
            else [v]
            if isinstance(v, int)
            else None
        )
        if parts is None:
            return cast(Any, v)
        return [_int_or_same(p) for p in parts]
    if code == "sl":
        return cast(Any, v) if isinstance(v, list) else split_list(v) if isinstance(v, str) else v
    if code == "of":
        if v == "" or isinstance(v, int):
            return v
        return int(v.strip()) if isinstance(v, str) and _INT.match(v.strip()) else v
    return v


def _int_or_same(p: Any) -> Any:
    return int(p.strip()) if isinstance(p, str) and _INT.match(p.strip()) else p


def _scalar_text(code: str, v: Value) -> str:
    if (code == "il" or code == "sl") and isinstance(v, list):
        return ",".join(str(x) for x in cast(list[Any], v))
    if isinstance(v, bool):
        return "1" if v else "0"
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return v if isinstance(v, str) else str(v)


def _sel_key(v: Value) -> str:
    return "" if isinstance(v, (dict, list)) or v is None else str(v)


# ---------- XML ----------


def generic_xml(el: Element) -> Value:
    """An element of unknown structure as plain data: its text, or a dict of its children."""
    if len(el) == 0:
        return el.text or ""
    return {c.tag: generic_xml(c) for c in el}


def _with_id(value: Value, name: str, prefix: str) -> Value:
    if isinstance(value, dict) and "id" not in value:
        out: dict[str, Any] = {"id": int(name[len(prefix) :])}
        out.update(cast(dict[str, Any], value))
        return out
    return cast(Any, value)


def decode_xml_element(desc: Desc, el: Element) -> Value:
    k = desc["k"]
    if k == "s":
        if len(el):
            return generic_xml(el)
        return scalar_from_wire(desc["s"], el.text or "")
    if k == "o":
        return _decode_xml_object(desc, el)
    if k == "l":
        e = desc["e"]
        of = desc["of"]
        return [decode_xml_element(of, c) for c in el if c.tag == e]
    if k == "y":
        p = desc["p"]
        of = desc["of"]
        return [_with_id(decode_xml_element(of, c), c.tag, p) for c in el if keyed_name(c.tag, p)]
    return {c.tag: decode_xml_element(desc["of"], c) for c in el}


def _decode_xml_object(desc: Desc, el: Element) -> dict[str, Any]:
    out: dict[str, Any] = {}
    f: dict[str, Desc] = desc["f"]
    sel = desc.get("sel")
    inl = desc.get("inl")
    custom = desc.get("c")
    an = desc.get("an")
    deferred: Element | None = None
    inline: list[Any] | None = [] if inl else None
    for child in el:
        name = child.tag
        fd = f.get(name)
        if fd is not None:
            if sel is not None and name == sel["f"]:
                deferred = child
                continue
            v = decode_xml_element(fd, child)
            if v is not None:
                out[fd["as"] if fd["k"] == "y" else name] = v
            if an is not None and child.attrib and name in an["f"]:
                owner = child.attrib.get(an["a"])
                if owner is not None:
                    out[name + an["s"]] = owner
        elif inl is not None and inline is not None and keyed_name(name, inl["p"]):
            inline.append(_with_id(decode_xml_element(inl["of"], child), name, inl["p"]))
        elif custom is not None and _pattern(custom).match(name):
            out[name] = generic_xml(child)
    if inl is not None:
        out[inl["as"]] = inline
    if deferred is not None and sel is not None:
        fd = sel["cases"].get(_sel_key(out.get(sel["on"]))) or f[sel["f"]]
        v = decode_xml_element(fd, deferred)
        if v is not None:
            out[sel["f"]] = v
    return out


def decode_xml(desc: Desc, body: bytes | str, limits: XmlLimits) -> Value:
    try:
        root = parse_xml(body, limits)
    except XmlError as e:
        raise CodecError(str(e)) from None
    return xml_decoder(desc)(root)


# ---------- XML decoders compiled per descriptor ----------
# The same rules as decode_xml_element, turned once per descriptor into closures: the branching on
# the descriptor and its dict lookups happen when the decoder is built, not per element (about
# twice as fast on a 30-entry list). decode_xml_element stays their reference (the unit tests
# compare the two).

Decoder = Callable[[Element], Value]
_decoders: dict[int, tuple[Desc, Decoder]] = {}


def xml_decoder(desc: Desc) -> Decoder:
    """The compiled decoder of a descriptor (built on first use, kept with its descriptor)."""
    hit = _decoders.get(id(desc))
    if hit is not None and hit[0] is desc:
        return hit[1]
    fn = _compile(desc)
    _decoders[id(desc)] = (desc, fn)
    return fn


def _text(el: Element) -> Value:
    return generic_xml(el) if len(el) else (el.text or "")


def _integer(el: Element) -> Value:
    if len(el):
        return generic_xml(el)
    t = el.text
    if t is None:
        return None
    if t.isdigit():
        try:
            return int(t)
        except ValueError:
            pass
    return scalar_from_wire("i", t)


def _compile(desc: Desc) -> Decoder:
    k = desc["k"]
    if k == "s":
        code = desc["s"]
        if code == "t":
            return _text
        if code == "i":
            return _integer
        return lambda el: generic_xml(el) if len(el) else scalar_from_wire(code, el.text or "")
    if k == "o":
        return _compile_object(desc)
    if k == "l":
        e = desc["e"]
        of = xml_decoder(desc["of"])
        return lambda el: [of(c) for c in el if c.tag == e]
    if k == "y":
        p = desc["p"]
        ofy = xml_decoder(desc["of"])
        return lambda el: [_with_id(ofy(c), c.tag, p) for c in el if keyed_name(c.tag, p)]
    ofm = xml_decoder(desc["of"])
    return lambda el: {c.tag: ofm(c) for c in el}


def _compile_object(desc: Desc) -> Decoder:
    sel = desc.get("sel")
    inl = desc.get("inl")
    custom = desc.get("c")
    an = desc.get("an")
    sel_field: str | None = sel["f"] if sel is not None else None
    # child name -> (decoder, member name, owner attribute or None, inline case: 1 text, 2 integer,
    # 3 date (kept as text), 0 none: the commonest scalars are read in the loop, without a call)
    fields: dict[str, tuple[Decoder, str, str | None, int]] = {}
    for name, fd in cast(dict[str, Desc], desc["f"]).items():
        if name == sel_field:
            continue
        owner = an["a"] if an is not None and name in an["f"] else None
        fn = xml_decoder(fd)
        code = fd.get("s") if fd["k"] == "s" else None
        inline_case = 1 if code == "t" else 2 if code == "i" else 3 if code in ("d", "dt", "dd") else 0
        fields[name] = (fn, fd["as"] if fd["k"] == "y" else name, owner, inline_case)
    owner_suffix: str = an["s"] if an is not None else ""
    inl_p: str = inl["p"] if inl is not None else ""
    inl_as: str = inl["as"] if inl is not None else ""
    inl_of = xml_decoder(inl["of"]) if inl is not None else None
    custom_re = _pattern(custom) if custom is not None else None
    cases: dict[str, Decoder] = {}
    if sel is not None:
        cases = {key: xml_decoder(d) for key, d in cast(dict[str, Desc], sel["cases"]).items()}
    sel_default = xml_decoder(desc["f"][sel_field]) if sel_field is not None else None
    sel_on: str = sel["on"] if sel is not None else ""

    def decode(el: Element) -> Value:
        out: dict[str, Any] = {}
        deferred: Element | None = None
        inline: list[Any] | None = [] if inl_of is not None else None
        for child in el:
            name = child.tag
            entry = fields.get(name)
            if entry is not None:
                case = entry[3]
                if case and entry[2] is None and not len(child):
                    t = child.text
                    if case == 1:
                        out[entry[1]] = t or ""
                        continue
                    if case == 2 and t is not None and t.isdigit() and t.isascii():
                        out[entry[1]] = int(t)
                        continue
                    if case == 3 and t is not None and t.strip():
                        out[entry[1]] = t
                        continue
                v = entry[0](child)
                if v is not None:
                    out[entry[1]] = v
                if entry[2] is not None and child.attrib:
                    owner = child.attrib.get(entry[2])
                    if owner is not None:
                        out[name + owner_suffix] = owner
            elif name == sel_field:
                deferred = child
            elif inline is not None and inl_of is not None and keyed_name(name, inl_p):
                inline.append(_with_id(inl_of(child), name, inl_p))
            elif custom_re is not None and custom_re.match(name):
                out[name] = generic_xml(child)
        if inline is not None:
            out[inl_as] = inline
        if deferred is not None and sel_default is not None:
            v = cases.get(_sel_key(out.get(sel_on)), sel_default)(deferred)
            if v is not None:
                out[cast(str, sel_field)] = v
        return out

    return decode


def encode_xml(desc: Desc, value: Value, root: str) -> str:
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<{root}>{_xml_content(desc, value)}</{root}>'


def _xml_content(desc: Desc, value: Value) -> str:
    k = desc["k"]
    if k == "s":
        return escape_text(_scalar_text(desc["s"], value))
    if k == "o":
        return _xml_object(desc, value)
    if k == "l":
        return "".join(_element(desc["e"], desc["of"], v) for v in value)
    if k == "y":
        return "".join(_element(f"{desc['p']}{v['id']}", desc["of"], v) for v in value)
    return "".join(_element(n, desc["of"], v) for n, v in value.items())


def _element(name: str, desc: Desc, v: Value, label: str | None = None, attr: tuple[str, Value] | None = None) -> str:
    open_ = name if label is None else f'{name} label="{escape_attr(label)}"'
    if attr is not None and isinstance(attr[1], str):
        open_ += f' {attr[0]}="{escape_attr(attr[1])}"'
    if desc["k"] == "s" and desc["s"] == "F" and v == 0:
        return f"<{open_}/>"
    inner = _xml_content(desc, v)
    return f"<{open_}/>" if inner == "" else f"<{open_}>{inner}</{name}>"


_TEXT: Desc = {"k": "s", "s": "t"}


def _xml_object(desc: Desc, value: dict[str, Any]) -> str:
    parts: list[str] = []
    f: dict[str, Desc] = desc["f"]
    sel = desc.get("sel")
    inl = desc.get("inl")
    an = desc.get("an")
    lb: dict[str, str] = desc.get("lb") or {}
    for name, fd in f.items():
        if inl is not None and name == inl["as"]:
            entries: list[Any] = value.get(inl["as"]) or []
            parts.extend(_element(f"{inl['p']}{e['id']}", inl["of"], e) for e in entries)
            continue
        v = value.get(fd["as"] if fd["k"] == "y" else name)
        if v is None:
            continue
        d = (sel["cases"].get(_sel_key(value.get(sel["on"]))) or fd) if sel is not None and name == sel["f"] else fd
        attr = (an["a"], value.get(name + an["s"])) if an is not None and name in an["f"] else None
        parts.append(_element(name, d, v, lb.get(name), attr))
    custom = desc.get("c")
    if custom is not None:
        re_ = _pattern(custom)
        parts.extend(_element(n, _TEXT, v) for n, v in value.items() if n not in f and v is not None and re_.match(n))
    return "".join(parts)


# ---------- JSON wire ----------


def to_wire_json(desc: Desc, value: Value) -> Value:
    """A typed value in the JSON wire form: id<N> keys for keyed lists, comma-delimited lists."""
    k = desc["k"]
    if k == "s":
        code = desc["s"]
        if (code == "il" or code == "sl") and isinstance(value, list):
            return ",".join(str(x) for x in cast(list[Any], value))
        return value
    if k == "o":
        v = cast(dict[str, Any], value)
        out: dict[str, Any] = {}
        f: dict[str, Desc] = desc["f"]
        sel = desc.get("sel")
        inl = desc.get("inl")
        an = desc.get("an")
        for name, fd in f.items():
            if inl is not None and name == inl["as"]:
                entries: list[Any] = v.get(inl["as"]) or []
                for e in entries:
                    out[f"{inl['p']}{e['id']}"] = to_wire_json(inl["of"], e)
                continue
            x = v.get(fd["as"] if fd["k"] == "y" else name)
            if x is None:
                continue
            d = (sel["cases"].get(_sel_key(v.get(sel["on"]))) or fd) if sel is not None and name == sel["f"] else fd
            out[name] = to_wire_json(d, x)
            if an is not None and name in an["f"] and isinstance(v.get(name + an["s"]), str):
                out[name + an["s"]] = v[name + an["s"]]
        custom = desc.get("c")
        if custom is not None:
            re_ = _pattern(custom)
            for n, x in v.items():
                if n not in f and x is not None and re_.match(n):
                    out[n] = x
        return out
    if k == "l":
        return [to_wire_json(desc["of"], e) for e in value]
    if k == "y":
        return {f"{desc['p']}{e['id']}": to_wire_json(desc["of"], e) for e in value}
    return value


def from_wire_json(desc: Desc, value: Value) -> Value:
    """The JSON wire form as a typed value (lenient: unknown members are dropped)."""
    k = desc["k"]
    if k == "s":
        return cast(Any, value) if isinstance(value, dict) else scalar_from_wire(desc["s"], value)
    if k == "o":
        if value is None or value == "":
            return None
        if not isinstance(value, dict):
            return value
        v = cast(dict[str, Any], value)
        out: dict[str, Any] = {}
        f: dict[str, Desc] = desc["f"]
        sel = desc.get("sel")
        inl = desc.get("inl")
        custom = desc.get("c")
        an = desc.get("an")
        inline: list[Any] | None = [] if inl else None
        for name, x in v.items():
            fd = f.get(name)
            if fd is not None:
                if sel is not None and name == sel["f"]:
                    continue
                y = from_wire_json(fd, x)
                if y is not None:
                    out[fd["as"] if fd["k"] == "y" else name] = y
            elif inl is not None and inline is not None and keyed_name(name, inl["p"]):
                inline.append(_with_id(from_wire_json(inl["of"], x), name, inl["p"]))
            elif inl is not None and name == inl["as"] and isinstance(x, list):
                inline = [from_wire_json(inl["of"], e) for e in cast(list[Any], x)]
            elif custom is not None and _pattern(custom).match(name):
                out[name] = x
            elif an is not None and name.endswith(an["s"]) and name[: -len(an["s"])] in an["f"]:
                out[name] = x
        if inl is not None:
            out[inl["as"]] = inline
        if sel is not None and sel["f"] in v:
            fd = sel["cases"].get(_sel_key(out.get(sel["on"]))) or f[sel["f"]]
            y = from_wire_json(fd, v[sel["f"]])
            if y is not None:
                out[sel["f"]] = y
        return out
    if k == "l":
        items: Any = value
        if isinstance(items, dict):
            o = cast(dict[str, Any], items)
            items = o.get(desc["e"], []) if len(o) == 1 else []
        if items is None or items == "":
            return []
        arr = cast(list[Any], items) if isinstance(items, list) else [items]
        return [from_wire_json(desc["of"], e) for e in arr]
    if k == "y":
        if isinstance(value, list):
            return [from_wire_json(desc["of"], e) for e in cast(list[Any], value)]
        if not isinstance(value, dict):
            return value
        return [
            _with_id(from_wire_json(desc["of"], e), n, desc["p"])
            for n, e in cast(dict[str, Any], value).items()
            if keyed_name(n, desc["p"])
        ]
    return value


# ---------- query strings and form fields ----------


def encode_form(desc: Desc, value: Value) -> list[tuple[str, str]]:
    """A typed value as bracket-notation pairs (lists as name[element][]=v)."""
    out: list[tuple[str, str]] = []

    def walk(d: Desc, v: Value, key: str) -> None:
        if v is None:
            return
        k = d["k"]
        if k == "s":
            out.append((key, _scalar_text(d["s"], v)))
        elif k == "o":
            o = cast(dict[str, Any], v)
            f: dict[str, Desc] = d["f"]
            sel = d.get("sel")
            for name, fd in f.items():
                x = o.get(fd["as"] if fd["k"] == "y" else name)
                sd = (
                    (sel["cases"].get(_sel_key(o.get(sel["on"]))) or fd) if sel is not None and name == sel["f"] else fd
                )
                walk(sd, x, f"{key}[{name}]" if key else name)
            custom = d.get("c")
            if custom is not None:
                re_ = _pattern(custom)
                for n, x in o.items():
                    if n not in f and x is not None and re_.match(n):
                        out.append((f"{key}[{n}]" if key else n, str(x)))
        elif k == "l":
            for i, e in enumerate(cast(list[Any], v)):
                walk(d["of"], e, f"{key}[{d['e']}][]" if d["of"]["k"] == "s" else f"{key}[{d['e']}][{i}]")
        elif k == "y":
            for e in cast(list[Any], v):
                walk(d["of"], e, f"{key}[{d['p']}{e['id']}]")
        else:
            for n, e in cast(dict[str, Any], v).items():
                out.append((f"{key}[{n}]", str(e)))

    walk(desc, value, "")
    return out


__all__ = [
    "CodecError",
    "Desc",
    "XmlLimits",
    "decode_xml",
    "decode_xml_element",
    "encode_form",
    "encode_xml",
    "from_wire_json",
    "split_list",
    "to_wire_json",
]
