"""Unit tests of the fixed runtime (codecs, XML limits, batch codec, retries, pagination, webhooks)."""

from __future__ import annotations

import base64
import hashlib
import hmac
from typing import Any

import httpx
import pytest
from _runtime.batch import BatchRequestPart, parse_batch_response, serialize_batch_request
from _runtime.codec import CodecError, decode_xml, encode_form, encode_xml, from_wire_json, split_list, to_wire_json
from _runtime.errors import NotFoundError, RateLimitError, ValidationError
from _runtime.transport import (
    Api,
    Call,
    Core,
    Paging,
    Part,
    ResponseInfo,
    RetryPolicy,
    SyncTransport,
    paginate,
    parse_retry_after,
    retry_delay,
)
from _runtime.webhooks import verify_webhook
from _runtime.xml import XmlError, XmlLimits, parse_xml

LIMITS = XmlLimits(max_depth=8, max_elements=50, max_bytes=4096)
S = {"k": "s", "s": "t"}
INT = {"k": "s", "s": "i"}
ENTRY = {"k": "o", "f": {"id": INT, "name": S}}
LIST: dict[str, Any] = {
    "k": "o",
    "f": {"count": INT, "entries": {"k": "y", "p": "id", "as": "entries", "of": ENTRY}},
    "inl": {"p": "id", "as": "entries", "of": ENTRY},
}
ERROR = {"k": "o", "f": {"status": S, "errors": {"k": "m", "of": S}}}


def test_xml_refuses_doctype_and_entities() -> None:
    for body in [b'<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "x">]><r>&a;</r>', b"<r>&foo;</r>"]:
        with pytest.raises(XmlError):
            parse_xml(body, LIMITS)


def test_xml_limits() -> None:
    with pytest.raises(XmlError, match="deeper"):
        parse_xml(b"<a>" * 9 + b"</a>" * 9, LIMITS)
    parse_xml(b"<a>" * 8 + b"</a>" * 8, LIMITS)
    with pytest.raises(XmlError, match="elements"):
        parse_xml(b"<r>" + b"<x/>" * 60 + b"</r>", LIMITS)
    with pytest.raises(XmlError, match="larger"):
        parse_xml(b"<r>" + b"x" * 5000 + b"</r>", LIMITS)


def test_inline_entries_decode_with_ids() -> None:
    body = b"<response><count>2</count><id7><name>A &amp; B</name></id7><id9><name>C</name></id9></response>"
    assert decode_xml(LIST, body, LIMITS) == {
        "count": 2,
        "entries": [{"id": 7, "name": "A & B"}, {"id": 9, "name": "C"}],
    }


def test_xml_round_trip_and_flags() -> None:
    desc = {
        "k": "o",
        "f": {
            "name": S,
            "flagged": {"k": "s", "s": "F"},
            "ids": {"k": "s", "s": "il"},
            "cats": {"k": "l", "e": "category", "of": INT},
        },
    }
    text = encode_xml(desc, {"name": "<x>", "flagged": 0, "ids": [1, 2], "cats": [3, 4]}, "request")
    assert text.endswith(
        "<request><name>&lt;x&gt;</name><flagged/><ids>1,2</ids><cats><category>3</category><category>4</category></cats></request>"
    )
    assert decode_xml(desc, text.encode(), LIMITS) == {"name": "<x>", "flagged": 0, "ids": [1, 2], "cats": [3, 4]}


def test_selected_fields_by_typeid() -> None:
    desc = {
        "k": "o",
        "f": {"typeid": INT, "fields": {"k": "o", "f": {}}},
        "sel": {"on": "typeid", "f": "fields", "cases": {"14": {"k": "o", "f": {"priority": INT}}}},
    }
    assert decode_xml(desc, b"<r><fields><priority>2</priority></fields><typeid>14</typeid></r>", LIMITS) == {
        "typeid": 14,
        "fields": {"priority": 2},
    }


def test_json_wire() -> None:
    value = {"count": 1, "entries": [{"id": 3, "name": "x"}]}
    wire = to_wire_json(LIST, value)
    assert wire == {"count": 1, "id3": {"id": 3, "name": "x"}}
    assert from_wire_json(LIST, wire) == value
    assert from_wire_json({"k": "l", "e": "category", "of": INT}, {"category": ["1", 2]}) == [1, 2]


def test_form_and_lists() -> None:
    desc = {"k": "o", "f": {"limit": INT, "cats": {"k": "l", "e": "category", "of": INT}}}
    assert encode_form(desc, {"limit": 5, "cats": [1]}) == [("limit", "5"), ("cats[category][]", "1")]
    assert split_list('"Lee, Ann" <a@x.example>, b@x.example') == ['"Lee, Ann" <a@x.example>', "b@x.example"]
    with pytest.raises(CodecError):
        decode_xml(LIST, b"<r><unclosed></r>", LIMITS)


def test_batch_codec_round_trip() -> None:
    ctype, body = serialize_batch_request(
        [BatchRequestPart("GET", "/contacts/1/", {"accept": "application/xml"}, b"", "1")], "b1"
    )
    assert ctype == "multipart/mixed; boundary=b1"
    assert body == (
        b"--b1\r\nContent-Type: application/http\r\nContent-Transfer-Encoding: binary\r\nContent-ID: <1>\r\n\r\n"
        b"GET /contacts/1/ HTTP/1.1\r\nAccept: application/xml\r\n\r\n\r\n--b1--\r\n"
    )
    answer = (
        b"--z\r\nContent-Type: application/http\r\nContent-ID: <response-1>\r\n\r\n"
        b"HTTP/1.1 404 Not Found\r\nContent-Type: application/xml\r\nContent-Length: 5\r\n\r\n<r/>\n\r\n--z--\r\n"
    )
    parts = parse_batch_response(answer, "multipart/mixed; boundary=z")
    assert [(p.status, p.body) for p in parts] == [(404, b"<r/>\n")]


def test_retry_table() -> None:
    p = RetryPolicy()
    assert retry_delay("POST", 429, 2, 0, p, False) == 2
    assert retry_delay("POST", 429, 2, 0, p, True) is None
    assert retry_delay("POST", 429, None, 0, p, False) is None
    assert retry_delay("POST", 429, 120, 0, p, False) is None
    assert retry_delay("POST", 503, 1, 0, p, False) is None
    assert retry_delay("GET", 503, 1, 0, p, False) == 1
    assert retry_delay("GET", 503, 1, 3, p, False) is None
    assert 0 <= (retry_delay("GET", 0, None, 0, p, False) or 0) <= 0.2
    assert parse_retry_after("Thu, 01 Jan 1970 00:00:10 GMT", now=4) == 6


CHECKS: dict[str, list[dict[str, Any]]] = {
    "list.params": [{"p": ["limit"], "r": [1, 10]}, {"p": ["start"], "v": [0, 5]}],
    "list.response": [],
    "error.response": [],
}


def _api() -> Api:
    descs = {
        "list.params": {"k": "o", "f": {"start": INT, "limit": INT}},
        "list.response": LIST,
        "error.response": ERROR,
    }
    return Api(
        LIMITS,
        "Quota",
        {"xml": "application/xml", "json": "application/json"},
        "/batch",
        2,
        "request",
        "response",
        50,
        descs.__getitem__,
        "fieldisrequired",
        "invalidvalue",
        "outofrange",
        "notinlist",
        CHECKS.__getitem__,
    )


def test_transport_retries_429_then_reads_404() -> None:
    seen: list[str] = []

    def handler(req: httpx.Request) -> httpx.Response:
        seen.append(req.url.path)
        if len(seen) == 1:
            return httpx.Response(
                429,
                headers={"retry-after": "1"},
                content=b"<response><status>failed</status><errors><ratelimited>x</ratelimited></errors></response>",
            )
        return httpx.Response(
            404,
            headers={"Quota": "3/10"},
            content=b"<response><status>failed</status><errors><notfound>No such record</notfound></errors></response>",
        )

    t = SyncTransport(
        Core(_api(), "http://h", "a@x.example", "t", "xml", None, 5, True),
        httpx.Client(transport=httpx.MockTransport(handler)),
    )
    waits: list[float] = []
    t.sleep = waits.append
    info = ResponseInfo()
    with pytest.raises(NotFoundError) as e:
        t.send(Call("GET", "/contacts/1/", response="list.response", info=info))
    assert e.value.keys == ["notfound"] and e.value.quota is not None and e.value.quota.allowed == 10
    assert waits == [1] and info.status == 404


def test_rate_limit_error_carries_retry_after() -> None:
    t = SyncTransport(
        Core(_api(), "http://h", "a", "t", "json", RetryPolicy(max=0), 5, True),
        httpx.Client(
            transport=httpx.MockTransport(
                lambda r: httpx.Response(
                    429,
                    headers={"retry-after": "7", "content-type": "application/json"},
                    json={"status": "failed", "errors": {"ratelimited": "slow down"}},
                )
            )
        ),
    )
    with pytest.raises(RateLimitError) as e:
        t.send(Call("GET", "/x"))
    assert e.value.retry_after == 7 and e.value.errors == {"ratelimited": "slow down"}


def test_local_validation() -> None:
    t = SyncTransport(
        Core(_api(), "http://h", "a", "t", "xml", None, 5, True),
        httpx.Client(transport=httpx.MockTransport(lambda r: httpx.Response(500))),
    )
    with pytest.raises(ValidationError) as e:
        t.send(Call("POST", "/x", body=Part("list.params", {}, ("limit",))))
    assert e.value.local and e.value.keys == ["fieldisrequired"]


def test_pagination_is_lazy() -> None:
    pages: list[int] = []

    def fetch(p: dict[str, Any]) -> Any:
        pages.append(p["start"])
        s = p["start"]
        return {"count": 5, "entries": [{"id": i} for i in range(s, min(s + 2, 5))]}

    it = paginate(fetch, {"limit": 2}, Paging("start", "limit", "entries", "count"))
    assert next(it) == {"id": 0} and pages == [0]
    assert [e["id"] for e in it] == [1, 2, 3, 4] and pages == [0, 2, 4]


H = "X-Service-Hmac-Sha256"


def test_webhooks_both_schemes() -> None:
    body = b'{"type":"item.create"}'
    hexsig = hmac.new(b"s3", body, hashlib.sha256).hexdigest()
    assert verify_webhook(body, hexsig, "s3", hmac_header=H) and not verify_webhook(
        body, hexsig, "other", hmac_header=H
    )
    assert verify_webhook(body, {"X-Service-Hmac-Sha256": hexsig}, "s3", hmac_header=H)
    mac = base64.b64encode(hmac.new(b"s3", b"m1.1000." + body, hashlib.sha256).digest()).decode()
    headers = {"webhook-id": "m1", "webhook-timestamp": "1000", "webhook-signature": f"v1,bogus v1,{mac}"}
    assert verify_webhook(body, headers, "s3", now=1100, hmac_header=H)
    assert not verify_webhook(body, headers, "s3", now=2000, hmac_header=H)
    assert not verify_webhook(body + b" ", headers, "s3", now=1000, hmac_header=H)


def test_compiled_decoders_match_the_interpreter() -> None:
    from _runtime.codec import decode_xml_element, xml_decoder
    from _runtime.xml import parse_xml as parse

    sel = {
        "k": "o",
        "f": {"typeid": INT, "fields": {"k": "o", "f": {}}},
        "sel": {"on": "typeid", "f": "fields", "cases": {"14": {"k": "o", "f": {"priority": INT}}}},
    }
    owner = {
        "k": "o",
        "f": {"assignedto": INT, "name": S},
        "c": "^custom[0-9]+$",
        "an": {"a": "cn", "s": "@cn", "f": ["assignedto"]},
    }
    samples: list[tuple[dict[str, Any], bytes]] = [
        (LIST, b"<r><count>2</count><id7><name>A</name></id7><x/><id9><name>B<b>c</b></name></id9></r>"),
        (sel, b"<r><fields><priority>2</priority></fields><typeid>14</typeid></r>"),
        (sel, b"<r><fields><priority>2</priority></fields><typeid>99</typeid></r>"),
        (
            owner,
            b'<r><assignedto cn="Ann Lee">3</assignedto><name/><custom4>x</custom4><custom5><a>1</a></custom5></r>',
        ),
        (
            {"k": "o", "f": {"n": {"k": "s", "s": "n"}, "i": INT, "l": {"k": "s", "s": "il"}}},
            b"<r><n>1.5</n><i>-4</i><l>1, 2</l></r>",
        ),
        ({"k": "o", "f": {"i": INT}}, b"<r><i>x</i></r>"),
        ({"k": "o", "f": {"i": INT}}, b"<r><i/></r>"),
    ]
    for desc, body in samples:
        root = parse(body, LIMITS)
        assert xml_decoder(desc)(root) == decode_xml_element(desc, root), body


def test_hostile_json_answer_is_a_codec_error() -> None:
    from _runtime.transport import Codec

    codec = Codec(_api(), "json")
    with pytest.raises(CodecError):
        codec.decode("list.response", b"[" * 200_000 + b"]" * 200_000, "application/json")
    with pytest.raises(CodecError):
        codec.decode("list.response", b"{not json", "application/json")


def test_local_validation_of_ranges_and_lists() -> None:
    t = SyncTransport(
        Core(_api(), "http://h", "a", "t", "xml", None, 5, True),
        httpx.Client(transport=httpx.MockTransport(lambda r: httpx.Response(500))),
    )
    with pytest.raises(ValidationError) as e:
        t.send(Call("GET", "/x", params=Part("list.params", {"limit": 11, "start": 3})))
    assert e.value.local and e.value.keys == ["outofrange", "notinlist"]
