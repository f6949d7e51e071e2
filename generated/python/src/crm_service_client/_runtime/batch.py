"""The multipart/mixed batch codec: calls as application/http parts (CRLF), answers back to
(status, headers, body) per part, in order."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field

_TOKEN = re.compile(r"^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$")


class BatchError(ValueError):
    """A batch answer that cannot be read."""


@dataclass
class BatchRequestPart:
    method: str
    path: str
    headers: dict[str, str]
    body: bytes
    content_id: str


@dataclass
class BatchResponsePart:
    status: int
    headers: dict[str, str] = field(default_factory=dict[str, str])
    body: bytes = b""


def _canonical(name: str) -> str:
    return "-".join(w[:1].upper() + w[1:] for w in name.lower().split("-"))


def _rank(name: str) -> int:
    order = ["content-type", "content-length", "location"]
    n = name.lower()
    return order.index(n) if n in order else len(order)


def serialize_batch_request(parts: list[BatchRequestPart], boundary: str | None = None) -> tuple[str, bytes]:
    """The Content-Type and body of a batch request."""
    b = boundary or "batch_" + os.urandom(12).hex()
    chunks: list[bytes] = []
    for i, part in enumerate(parts):
        if not part.path.startswith("/") or re.search(r"[\x00-\x20\x7f]", part.path):
            raise ValueError(f"batch request part {i + 1}: the path must start with / and hold no spaces")
        headers = [(k, v) for k, v in part.headers.items() if k.lower() != "content-length"]
        if part.body:
            headers.append(("content-length", str(len(part.body))))
        headers.sort(key=lambda kv: _rank(kv[0]))
        lines = ""
        for k, v in headers:
            if not _TOKEN.match(k) or re.search(r"[\r\n\x00]", v):
                raise ValueError(f"batch request part {i + 1}: invalid header {k!r}")
            lines += f"{_canonical(k)}: {v.strip()}\r\n"
        head = (
            f"--{b}\r\nContent-Type: application/http\r\nContent-Transfer-Encoding: binary\r\n"
            f"Content-ID: <{part.content_id}>\r\n\r\n{part.method} {part.path} HTTP/1.1\r\n{lines}\r\n"
        )
        chunks += [head.encode("utf-8"), part.body, b"\r\n"]
    chunks.append(f"--{b}--\r\n".encode())
    return f"multipart/mixed; boundary={b}", b"".join(chunks)


def _boundary(content_type: str | None) -> str:
    m = re.search(r'boundary="?([^";]+)"?', content_type or "", re.I)
    if not m:
        raise BatchError("the batch answer names no boundary")
    return m.group(1)


def _head(block: bytes) -> tuple[list[str], bytes]:
    sep = block.find(b"\r\n\r\n")
    if sep < 0:
        raise BatchError("a batch part has no blank line after its headers")
    return block[:sep].decode("latin-1").split("\r\n"), block[sep + 4 :]


def parse_batch_response(body: bytes, content_type: str | None) -> list[BatchResponsePart]:
    delim = b"--" + _boundary(content_type).encode("latin-1")
    out: list[BatchResponsePart] = []
    pieces = body.split(delim)
    for piece in pieces[1:]:
        if piece.startswith(b"--"):
            break
        block = piece[2:] if piece.startswith(b"\r\n") else piece
        _, inner = _head(block)
        lines, rest = _head(inner)
        status_line = lines[0].split(" ", 2)
        if len(status_line) < 2 or not status_line[1].isdigit():
            raise BatchError(f"a batch part's status line is not HTTP: {lines[0]!r}")
        headers: dict[str, str] = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        length = headers.get("content-length")
        payload = rest[: int(length)] if length is not None and length.isdigit() else rest.removesuffix(b"\r\n")
        out.append(BatchResponsePart(int(status_line[1]), headers, payload))
    return out
