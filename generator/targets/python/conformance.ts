// Emits the conformance suite of spec/conformance/ as pytest tests of the Python SDK
// (generated/python/tests/test_conformance.py, over the cases in conformance_cases.json): one test
// per case, named by its family and id, so a case added to spec/ is a test here after `crmgen
// generate`. Calls go through Client with a fake transport (httpx.MockTransport) that records the
// request and answers the case's response; retries and webhooks ask the runtime's table and verdict.
import type { Spec } from '../../pipeline/model.ts';
import type { GeneratedFile } from '../../pipeline/generated-file.ts';
import { importName } from './names.ts';
import { header } from './types.ts';

/** A value without its source positions. */
const withoutPos = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(withoutPos)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v)
            .filter(([k]) => k !== 'pos')
            .map(([k, x]) => [k, withoutPos(x)]),
        )
      : v;

export function emitConformance(spec: Spec): GeneratedFile[] {
  const suite = spec.conformance;
  if (!suite) return [];
  const mod = importName(spec);
  // How each operation is reached: its scope and client name (the harness knows no case).
  const ops = Object.fromEntries(spec.operations.map((o) => [o.id, { scope: o.scope, client: o.client }]));
  const cases = { ...(withoutPos(suite) as object), operations: ops };
  const text = `${header}"""The conformance suite (spec/conformance/) run against the SDK: requests sent, answers read, the
retry table, webhook verdicts, batches and pagination, through a fake transport."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from email.utils import parsedate_to_datetime
from pathlib import Path
from typing import Any, cast
from urllib.parse import parse_qsl

import httpx
import pytest

from ${mod} import Client, Deferred, ResponseInfo, RetryPolicy, ServiceError, WireFormat
from ${mod}._runtime.transport import parse_retry_after, retry_decision
from ${mod}._runtime.webhooks import webhook_verdict

SUITE: dict[str, Any] = json.loads(Path(__file__).with_name("conformance_cases.json").read_text("utf-8"))
CLIENT: dict[str, str] = SUITE["client"]
OPERATIONS: dict[str, dict[str, str]] = SUITE["operations"]
ERROR_TYPES = {
    "AuthenticationError": "authentication",
    "NotFoundError": "notfound",
    "ValidationError": "validation",
    "RateLimitError": "ratelimit",
    "ServerError": "server",
    "ConnectionError": "connection",
    "ServiceError": "service",
}
HMAC_HEADER = ${JSON.stringify(spec.notification.signature.header)}


def cases(family: str) -> list[Any]:
    return [pytest.param(c, id=c["id"]) for c in SUITE.get(family, [])]


def snake(name: str) -> str:
    return re.sub(r"([a-z0-9])([A-Z])", r"\\1_\\2", name).lower()


def client(fmt: str, handler: Any) -> Client:
    http = httpx.Client(transport=httpx.MockTransport(handler))
    return Client(CLIENT["baseUrl"], CLIENT["email"], CLIENT["token"], format=cast(WireFormat, fmt), http=http, retry=RetryPolicy(max=0), validate=False)


def method_of(root: Any, call: dict[str, Any]) -> Any:
    op = OPERATIONS[call["operation"]]
    target = root
    if op["scope"] == "kind":
        target = getattr(target, call["kind"])
    if op["scope"] == "activity":
        target = getattr(getattr(target, call["kind"]).activities, call["segment"])
    parts = op["client"].split(".")
    for p in parts[:-1]:
        target = getattr(target, p)
    return target, snake(parts[-1])


def invoke(root: Any, call: dict[str, Any], verb: str | None = None, **options: Any) -> Any:
    target, name = method_of(root, call)
    args = [call[k] for k in ("id", "deliveryId", "body", "params") if k in call]
    return getattr(target, verb or name)(*args, **options)


def answer(status: int, headers: dict[str, str], body: str) -> httpx.Response:
    return httpx.Response(status, headers=headers, content=body.encode("utf-8"))


def canonical(text: str) -> Any:
    def walk(e: ET.Element) -> Any:
        kids = list(e)
        return {"name": e.tag, "attrs": dict(e.attrib), **({"children": [walk(k) for k in kids]} if kids else {"text": e.text or ""})}

    return walk(ET.fromstring(text.encode("utf-8")))


def error_outcome(e: ServiceError) -> dict[str, Any]:
    err: dict[str, Any] = {"type": ERROR_TYPES[type(e).__name__], "status": e.status, "keys": e.keys}
    retry_after = getattr(e, "retry_after", None)
    if retry_after is not None:
        err["retryAfter"] = retry_after
    out: dict[str, Any] = {"error": err}
    if e.quota is not None:
        out["quota"] = {"used": e.quota.used, "allowed": e.quota.allowed}
    return out


@pytest.mark.parametrize("case", cases("requests"))
def test_request(case: dict[str, Any]) -> None:
    sent: list[httpx.Request] = []

    def handler(r: httpx.Request) -> httpx.Response:
        sent.append(r)
        return answer(200, {"content-type": "application/xml"}, "<response><status>success</status></response>")

    try:
        invoke(client(case["format"], handler), case["call"])
    except ServiceError:
        pass
    assert len(sent) == 1
    r = sent[0]
    want = case["request"]
    assert r.method == want["method"]
    assert r.url.path == want["path"]
    assert dict(parse_qsl(r.url.query.decode(), keep_blank_values=True)) == want.get("query", {})
    got = {"Authorization": r.headers.get("authorization"), "Accept": r.headers.get("accept"), "Content-Type": r.headers.get("content-type")}
    assert got == {"Content-Type": None, **want["headers"]}
    body = want.get("body")
    text = r.content.decode("utf-8")
    if body is None:
        assert text == ""
    elif "xml" in body:
        assert canonical(text) == canonical(body["xml"])
    elif "json" in body:
        assert json.loads(text) == body["json"]
    else:
        assert dict(parse_qsl(text, keep_blank_values=True)) == body["form"]


@pytest.mark.parametrize("case", cases("responses"))
def test_response(case: dict[str, Any]) -> None:
    res = case["response"]
    def handler(r: httpx.Request) -> httpx.Response:
        return answer(res["status"], res["headers"], res["body"])

    c = client(case["format"], handler)
    info = ResponseInfo()
    try:
        value = invoke(c, case["call"], response=info)
        got: dict[str, Any] = {"value": value}
        if info.quota is not None:
            got["quota"] = {"used": info.quota.used, "allowed": info.quota.allowed}
        if info.location is not None:
            got["location"] = info.location
    except ServiceError as e:
        got = error_outcome(e)
    assert got == case["expect"]


@pytest.mark.parametrize("case", cases("retries"))
def test_retry(case: dict[str, Any]) -> None:
    now = parsedate_to_datetime(case["now"]).timestamp()
    retry_after = parse_retry_after(case.get("retryAfter"), now=now)
    r = SUITE["retry"]
    policy = RetryPolicy(max=r["maxRetries"], base_delay=r["baseDelayMs"] / 1000, max_delay=r["maxDelayMs"] / 1000, max_retry_after=r["maxRetryAfterSeconds"])
    attempt = case.get("attempt", 0)
    retry, delay = retry_decision(case["method"], case["status"], retry_after, attempt, policy, case["status"] == 429 and attempt > 0)
    got: dict[str, Any] = {"retry": retry}
    if retry:
        got.update({"backoff": True} if delay is None else {"delaySeconds": delay})
    assert got == case["expect"]


@pytest.mark.parametrize("case", cases("webhooks"))
def test_webhook(case: dict[str, Any]) -> None:
    headers = {k.lower(): v for k, v in case["headers"].items()}
    options: dict[str, Any] = {"now": case["now"]}
    if "toleranceSeconds" in case:
        options["tolerance_seconds"] = case["toleranceSeconds"]
    assert webhook_verdict(case["body"], headers, case["secret"], hmac_header=HMAC_HEADER, **options) == case["expect"]


@pytest.mark.parametrize("case", cases("batch"))
def test_batch(case: dict[str, Any]) -> None:
    sent: list[httpx.Request] = []
    res = case.get("response")

    def handler(r: httpx.Request) -> httpx.Response:
        sent.append(r)
        if res is None:
            return answer(503, {}, "")
        headers = {k: v.replace("BOUNDARY", "batch_answer") for k, v in res["headers"].items()}
        return answer(200, headers, "\\r\\n".join(res["crlfLines"]).replace("BOUNDARY", "batch_answer"))

    c = client(case["format"], handler)
    batch = c.batch()
    calls = case.get("calls") or [case["repeat"]["call"]] * (case["repeat"]["times"] if "repeat" in case else 0)
    queued = cast(list[Deferred[Any]], [invoke(batch, call) for call in calls])
    batch.send()
    requests: list[dict[str, Any]] = []
    for r in sent:
        boundary = re.search(r"boundary=([^;]+)", r.headers.get("content-type", ""))
        b = boundary.group(1) if boundary else "none"
        text = r.content.decode("utf-8").replace(b, "BOUNDARY")
        requests.append({
            "headers": {"Authorization": r.headers.get("authorization"), "Accept": r.headers.get("accept"), "Content-Type": r.headers.get("content-type", "").replace(b, "BOUNDARY")},
            "crlfLines": text.split("\\r\\n"),
            "parts": len(text.split("\\r\\n--BOUNDARY")) - 1,
        })
    if "request" in case:
        assert len(requests) == 1
        assert requests[0]["headers"] == case["request"]["headers"]
        assert requests[0]["crlfLines"] == case["request"]["crlfLines"]
    if "expectRequests" in case:
        assert [{"parts": r["parts"]} for r in requests] == case["expectRequests"]
    if "expect" in case:
        outcomes: list[dict[str, Any]] = []
        for d in queued:
            try:
                outcomes.append({"value": d.result()})
            except ServiceError as e:
                outcomes.append({"error": error_outcome(e)["error"]})
        assert outcomes == case["expect"]


@pytest.mark.parametrize("case", cases("pagination"))
def test_pagination(case: dict[str, Any]) -> None:
    sent: list[dict[str, str]] = []

    def handler(r: httpx.Request) -> httpx.Response:
        query = dict(parse_qsl(r.url.query.decode(), keep_blank_values=True))
        sent.append(query)
        page = next((p for p in case["pages"] if p["query"] == query), None)
        return answer(200, {"content-type": "application/xml"}, page["body"]) if page else answer(404, {}, "")

    ids = [e["id"] for e in invoke(client(case["format"], handler), case["call"], "iterate")]
    assert ids == case["expect"]
    assert sent == [p["query"] for p in case["pages"]]
`;
  return [
    { path: 'python/tests/conformance_cases.json', content: `${JSON.stringify(cases, null, 1)}\n`, format: 'json' },
    { path: 'python/tests/test_conformance.py', content: text, format: 'python' },
  ];
}
