"""The transport of the generated clients, sync (httpx.Client) and async (httpx.AsyncClient) over
one shared core: requests built from typed values by the descriptor interpreter, answers decoded
(or turned into the ServiceError subclass of their status), retries by one table (retry_delay),
the quota header, per-call timeout and headers, the response's facts on demand, batches and
pagination. The generated modules give the API's facts (Api) and each call's messages."""

from __future__ import annotations

import asyncio
import base64
import email.utils
import json
import random
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, TypeVar, cast
from urllib.parse import urlencode

import httpx

from .batch import BatchRequestPart, parse_batch_response, serialize_batch_request
from .codec import CodecError, Desc, decode_xml, encode_form, encode_xml, from_wire_json, to_wire_json
from .errors import ConnectionError, ErrorDetail, Quota, ServerError, ServiceError, ValidationError, failure_of
from .xml import XmlLimits

T = TypeVar("T")
WireFormat = Literal["xml", "json"]


Check = dict[str, Any]
"""A rule checked before sending: {"p": path, "r": [min, max]} or {"v": allowed values, "i": 1 when any case}."""


@dataclass(frozen=True)
class Api:
    """What the generated package tells the transport about the API (from the spec)."""

    limits: XmlLimits
    quota_header: str
    content_types: Mapping[str, str]
    batch_path: str
    batch_max_parts: int
    request_root: str
    response_root: str
    list_limit_default: int
    descriptors: Callable[[str], Desc]
    required_key: str
    invalid_key: str
    range_key: str
    list_key: str
    checks: Callable[[str], list[Check]]


@dataclass(frozen=True)
class RetryPolicy:
    """Retries after the first attempt (0: none); backoff doubles from base_delay with full jitter;
    a 429 is retried once when its Retry-After is at most max_retry_after seconds."""

    max: int = 3
    base_delay: float = 0.2
    max_delay: float = 10.0
    max_retry_after: float = 60.0


IDEMPOTENT = frozenset({"GET", "PUT", "DELETE"})


def parse_retry_after(header: str | None, now: float | None = None) -> float | None:
    """Retry-After in seconds (delta-seconds or an HTTP date); None when absent or unreadable."""
    if header is None or not header.strip():
        return None
    h = header.strip()
    if h.isdigit():
        return float(h)
    try:
        at = email.utils.parsedate_to_datetime(h).timestamp()
    except (TypeError, ValueError):
        return None
    return max(0.0, float(int(at - (time.time() if now is None else now) + 0.999)))


def retry_decision(
    method: str, status: int, retry_after: float | None, attempt: int, policy: RetryPolicy, rate_limited: bool
) -> tuple[bool, float | None]:
    """The retry table: (retry?, seconds to wait: Retry-After's, or None for the backoff).

    status 0 is a failed connection. A 429 ran nothing, so any method may wait it out (once, when the
    service says how long and that is short enough); other failures retry idempotent calls only, and
    never when the service asks for longer than max_retry_after.
    """
    if attempt >= policy.max:
        return False, None
    if status == 429:
        if rate_limited or retry_after is None or retry_after > policy.max_retry_after:
            return False, None
        return True, retry_after
    if (status == 0 or status >= 500) and method in IDEMPOTENT:
        if retry_after is not None and retry_after > policy.max_retry_after:
            return False, None
        if retry_after is not None and retry_after > 0:
            return True, retry_after
        return True, None
    return False, None


def retry_delay(
    method: str, status: int, retry_after: float | None, attempt: int, policy: RetryPolicy, rate_limited: bool
) -> float | None:
    """Seconds to wait before the next attempt (the backoff with full jitter where the table says so), or None."""
    retry, delay = retry_decision(method, status, retry_after, attempt, policy, rate_limited)
    if not retry:
        return None
    if delay is not None:
        return delay
    return random.random() * min(policy.max_delay, policy.base_delay * 2**attempt)


def parse_quota(header: str | None) -> Quota | None:
    m = re.match(r"^\s*(\d+)\s*/\s*(\d+)\s*$", header or "")
    return Quota(int(m.group(1)), int(m.group(2))) if m else None


@dataclass
class ResponseInfo:
    """The facts of an answer besides its value; pass one as `response=` and read it after the call."""

    status: int = 0
    headers: httpx.Headers = field(default_factory=httpx.Headers)
    location: str | None = None
    quota: Quota | None = None


@dataclass
class Part:
    """A request part of a call: its message (codec target) and typed value."""

    target: str
    value: Any
    required: tuple[str, ...] = ()


@dataclass
class Call:
    method: str
    path: str
    params: Part | None = None
    body: Part | None = None
    response: str | None = None
    timeout: float | None = None
    headers: Mapping[str, str] | None = None
    info: ResponseInfo | None = None
    files: Mapping[str, bytes] | None = None
    """Contents of upload fields (data.<name>): the request goes as multipart/form-data."""


@dataclass
class Prepared:
    path: str
    headers: dict[str, str]
    content: bytes | None = None
    form: list[tuple[str, str]] | None = None
    files: list[tuple[str, tuple[str, bytes, str]]] | None = None

    def send_args(self) -> dict[str, Any]:
        if self.files is not None:
            data: dict[str, list[str]] = {}
            for k, v in self.form or []:
                data.setdefault(k, []).append(v)
            return {"data": data, "files": self.files}
        return {"content": self.content}


class Codec:
    """Bodies of one wire format, and the reading of answers (whatever format they came in)."""

    def __init__(self, api: Api, fmt: WireFormat) -> None:
        self.api = api
        self.format: WireFormat = fmt

    def encode(self, target: str, value: Any) -> str:
        desc = self.api.descriptors(target)
        if self.format == "json":
            return json.dumps(to_wire_json(desc, value), separators=(",", ":"), ensure_ascii=False)
        return encode_xml(desc, value, self.api.request_root)

    def decode(self, target: str, body: bytes, content_type: str | None) -> Any:
        desc = self.api.descriptors(target)
        if "json" in (content_type or self.api.content_types[self.format]):
            if not body.strip():
                return {}
            try:
                parsed = json.loads(body)
            except (ValueError, RecursionError) as e:
                # json's C decoder refuses nesting deeper than the interpreter's recursion limit.
                raise CodecError(f"malformed JSON: {e}") from None
            return from_wire_json(desc, parsed) or {}
        return decode_xml(desc, body, self.api.limits) or {}

    def query(self, target: str, value: Any) -> str:
        return urlencode(encode_form(self.api.descriptors(target), value))


def _fold(x: Any, any_case: bool) -> Any:
    return x.lower() if any_case and isinstance(x, str) else x


def _check_required(api: Api, part: Part) -> list[ErrorDetail]:
    value: Any = part.value
    if not isinstance(value, dict):
        return [ErrorDetail(api.invalid_key, "the request is not an object", "")]
    v = cast(dict[str, Any], value)
    problems = [
        ErrorDetail(api.required_key, f"Required field missing: {n}", n) for n in part.required if v.get(n) is None
    ]
    for check in api.checks(part.target):
        at: Any = v
        for key in check["p"]:
            at = cast(dict[str, Any], at).get(key) if isinstance(at, dict) else None
        if at is None:
            continue
        path = ".".join(check["p"])
        if "r" in check and isinstance(at, (int, float)) and not isinstance(at, bool):
            low, high = check["r"]
            if (low is not None and at < low) or (high is not None and at > high):
                problems.append(ErrorDetail(api.range_key, f"Value is out of range ({low} to {high}): {path}", path))
        if "v" in check:
            allowed: list[Any] = check["v"]
            items: list[Any] = cast(list[Any], at) if isinstance(at, list) else [at]
            any_case = bool(check.get("i"))
            known: set[Any] = {_fold(a, any_case) for a in allowed}
            if any(_fold(x, any_case) not in known for x in items):
                problems.append(ErrorDetail(api.list_key, f"Value is not in the list of allowed values: {path}", path))
    return problems


class Core:
    """What both transports share: building requests and reading answers."""

    def __init__(
        self,
        api: Api,
        base_url: str,
        email: str,
        token: str,
        format: WireFormat,
        retry: RetryPolicy | None,
        timeout: float,
        validate: bool,
    ) -> None:
        if format not in ("xml", "json"):
            raise ValueError(f"format is xml or json, not {format!r}")
        self.api = api
        self.codec = Codec(api, format)
        self.base = base_url.rstrip("/")
        self.auth = "Basic " + base64.b64encode(f"{email}:{token}".encode()).decode("ascii")
        self.retry = retry or RetryPolicy()
        self.timeout = timeout
        self.validate = validate
        self.quota: Quota | None = None

    def prepare(self, call: Call) -> Prepared:
        if self.validate:
            problems = [
                p for part in (call.params, call.body) if part is not None for p in _check_required(self.api, part)
            ]
            if problems:
                raise ValidationError(400, problems, self.quota, local=True)
        path = call.path
        if call.params is not None:
            q = self.codec.query(call.params.target, call.params.value)
            if q:
                path += ("&" if "?" in path else "?") + q
        ctype = self.api.content_types[self.codec.format]
        headers = dict(call.headers or {})
        headers["accept"] = ctype
        if call.body is not None and call.files:
            pairs = encode_form(self.api.descriptors(call.body.target), call.body.value)
            upload = tuple(f"data[{name}]" for name in call.files)
            form = [(k, v) for k, v in pairs if not k.startswith(upload)]
            described: dict[str, Any] = cast(dict[str, Any], call.body.value).get("data") or {}
            files: list[tuple[str, tuple[str, bytes, str]]] = []
            for name, content in call.files.items():
                info = cast(dict[str, Any], described.get(name) or {})
                filename = str(info.get("filename") or "upload")
                files.append(
                    (f"data[{name}]", (filename, content, str(info.get("contenttype") or "application/octet-stream")))
                )
            return Prepared(path, headers, form=form, files=files)
        body: bytes | None = None
        if call.body is not None:
            headers["content-type"] = ctype
            body = self.codec.encode(call.body.target, call.body.value).encode("utf-8")
        return Prepared(path, headers, body)

    def read(
        self, status: int, headers: httpx.Headers, body: bytes, response: str | None, quota: Quota | None
    ) -> Any | ServiceError:
        ctype = headers.get("content-type")
        if 200 <= status < 300:
            return self.codec.decode(response, body, ctype) if response and body else {"status": "success"}
        details: list[ErrorDetail] = []
        try:
            env = self.codec.decode("error.response", body, ctype)
            errors: dict[str, Any] = cast(dict[str, Any], env).get("errors") or {} if isinstance(env, dict) else {}
            details = [ErrorDetail(k, str(m)) for k, m in errors.items()]
        except (CodecError, ValueError):
            pass  # Not an envelope (a proxy's page): the status says it all.
        if not details:
            details = [ErrorDetail(f"http{status}", body[:200].decode("utf-8", "replace"))]
        return failure_of(status, details, quota, parse_retry_after(headers.get("retry-after")))

    def answered(self, res: httpx.Response, call: Call) -> tuple[Any | ServiceError, Quota | None]:
        quota = parse_quota(res.headers.get(self.api.quota_header))
        if quota is not None:
            self.quota = quota
        out = self.read(res.status_code, res.headers, res.content, call.response, quota)
        if call.info is not None:
            call.info.status = res.status_code
            call.info.headers = res.headers
            call.info.location = res.headers.get("location")
            call.info.quota = quota
        return out, quota

    def connection_error(self, e: Exception) -> ConnectionError:
        err = ConnectionError(0, [ErrorDetail("connectionfailed", str(e) or type(e).__name__)], self.quota)
        err.__cause__ = e
        return err

    def batch_parts(self, queued: list[Deferred[Any]]) -> tuple[list[BatchRequestPart], list[Deferred[Any]]]:
        parts: list[BatchRequestPart] = []
        live: list[Deferred[Any]] = []
        for q in queued:
            if q.call.files:
                q.fail(ValueError("file uploads cannot be sent in a batch"))
                continue
            try:
                p = self.prepare(q.call)
            except ServiceError as e:
                q.fail(e)
                continue
            parts.append(BatchRequestPart(q.call.method, p.path, p.headers, p.content or b"", str(len(parts) + 1)))
            live.append(q)
        return parts, live

    def batch_answer(self, res: httpx.Response, live: list[Deferred[Any]]) -> None:
        quota = parse_quota(res.headers.get(self.api.quota_header))
        if quota is not None:
            self.quota = quota
        if res.status_code != 200:
            err = self.read(res.status_code, res.headers, res.content, None, quota)
            for q in live:
                q.fail(err if isinstance(err, ServiceError) else ServerError(res.status_code, [], quota))
            return
        answers = parse_batch_response(res.content, res.headers.get("content-type"))
        for n, q in enumerate(live):
            if n >= len(answers):
                q.fail(ServerError(502, [ErrorDetail("invalidbatch", f"the batch answer has no part {n + 1}")], quota))
                continue
            a = answers[n]
            h = httpx.Headers(a.headers)
            part_quota = parse_quota(h.get(self.api.quota_header)) or self.quota
            out = self.read(a.status, h, a.body, q.call.response, part_quota)
            if q.call.info is not None:
                q.call.info.status, q.call.info.headers = a.status, h
                q.call.info.location, q.call.info.quota = h.get("location"), part_quota
            if isinstance(out, ServiceError):
                q.fail(out)
            else:
                q.succeed(out)


class Deferred(Generic[T]):
    """The outcome of a queued batch call: result() gives its value or raises its own exception."""

    def __init__(self, call: Call) -> None:
        self.call = call
        self._done = False
        self._value: Any = None
        self._error: BaseException | None = None

    @property
    def done(self) -> bool:
        return self._done

    def succeed(self, value: Any) -> None:
        self._done, self._value = True, value

    def fail(self, error: BaseException) -> None:
        self._done, self._error = True, error

    def result(self) -> T:
        if not self._done:
            raise RuntimeError("the batch has not been sent yet")
        if self._error is not None:
            raise self._error
        return cast(T, self._value)


class BatchQueue:
    """Queued calls; the batch resources add to it, a client's batch sends it."""

    def __init__(self) -> None:
        self.queued: list[Deferred[Any]] = []

    def add(self, call: Call) -> Deferred[Any]:
        d: Deferred[Any] = Deferred(call)
        self.queued.append(d)
        return d


def _timeout(core: Core, call: Call) -> float:
    return call.timeout if call.timeout is not None else core.timeout


class SyncTransport:
    def __init__(self, core: Core, http: httpx.Client | None = None) -> None:
        self.core = core
        self.http = http or httpx.Client()
        self.sleep: Callable[[float], None] = time.sleep

    def close(self) -> None:
        self.http.close()

    def send(self, call: Call) -> Any:
        core = self.core
        prepared = core.prepare(call)
        prepared.headers["authorization"] = core.auth
        args = prepared.send_args()
        rate_limited = False
        attempt = 0
        while True:
            try:
                res = self.http.request(
                    call.method,
                    core.base + prepared.path,
                    headers=prepared.headers,
                    timeout=_timeout(core, call),
                    **args,
                )
            except httpx.TransportError as e:
                delay = retry_delay(call.method, 0, None, attempt, core.retry, rate_limited)
                if delay is None:
                    raise core.connection_error(e) from e
                self.sleep(delay)
                attempt += 1
                continue
            if res.status_code == 429 or res.status_code >= 500:
                delay = retry_delay(
                    call.method,
                    res.status_code,
                    parse_retry_after(res.headers.get("retry-after")),
                    attempt,
                    core.retry,
                    rate_limited,
                )
                if delay is not None:
                    rate_limited = rate_limited or res.status_code == 429
                    self.sleep(delay)
                    attempt += 1
                    continue
            out, _ = core.answered(res, call)
            if isinstance(out, ServiceError):
                raise out
            return out

    def send_batch(self, queue: BatchQueue) -> None:
        core = self.core
        queued, queue.queued = queue.queued, []
        for i in range(0, len(queued), core.api.batch_max_parts):
            parts, live = core.batch_parts(queued[i : i + core.api.batch_max_parts])
            if not parts:
                continue
            ctype, body = serialize_batch_request(parts)
            try:
                res = self.http.post(
                    core.base + core.api.batch_path,
                    headers={
                        "authorization": core.auth,
                        "content-type": ctype,
                        "accept": core.api.content_types[core.codec.format],
                    },
                    content=body,
                    timeout=core.timeout,
                )
            except httpx.TransportError as e:
                for q in live:
                    q.fail(core.connection_error(e))
                continue
            core.batch_answer(res, live)


class AsyncTransport:
    def __init__(self, core: Core, http: httpx.AsyncClient | None = None) -> None:
        self.core = core
        self.http = http or httpx.AsyncClient()
        self.sleep: Callable[[float], Awaitable[None]] = asyncio.sleep

    async def close(self) -> None:
        await self.http.aclose()

    async def send(self, call: Call) -> Any:
        core = self.core
        prepared = core.prepare(call)
        prepared.headers["authorization"] = core.auth
        args = prepared.send_args()
        rate_limited = False
        attempt = 0
        while True:
            try:
                res = await self.http.request(
                    call.method,
                    core.base + prepared.path,
                    headers=prepared.headers,
                    timeout=_timeout(core, call),
                    **args,
                )
            except httpx.TransportError as e:
                delay = retry_delay(call.method, 0, None, attempt, core.retry, rate_limited)
                if delay is None:
                    raise core.connection_error(e) from e
                await self.sleep(delay)
                attempt += 1
                continue
            if res.status_code == 429 or res.status_code >= 500:
                delay = retry_delay(
                    call.method,
                    res.status_code,
                    parse_retry_after(res.headers.get("retry-after")),
                    attempt,
                    core.retry,
                    rate_limited,
                )
                if delay is not None:
                    rate_limited = rate_limited or res.status_code == 429
                    await self.sleep(delay)
                    attempt += 1
                    continue
            out, _ = core.answered(res, call)
            if isinstance(out, ServiceError):
                raise out
            return out

    async def send_batch(self, queue: BatchQueue) -> None:
        core = self.core
        queued, queue.queued = queue.queued, []
        for i in range(0, len(queued), core.api.batch_max_parts):
            parts, live = core.batch_parts(queued[i : i + core.api.batch_max_parts])
            if not parts:
                continue
            ctype, body = serialize_batch_request(parts)
            try:
                res = await self.http.post(
                    core.base + core.api.batch_path,
                    headers={
                        "authorization": core.auth,
                        "content-type": ctype,
                        "accept": core.api.content_types[core.codec.format],
                    },
                    content=body,
                    timeout=core.timeout,
                )
            except httpx.TransportError as e:
                for q in live:
                    q.fail(core.connection_error(e))
                continue
            core.batch_answer(res, live)


@dataclass(frozen=True)
class Paging:
    """The names of a paged list's parameters and answer members (spec: paginate)."""

    start: str
    limit: str
    items: str
    total: str


def _page_items(page: Any, names: Paging) -> tuple[list[Any], int]:
    p = cast(dict[str, Any], page)
    items = cast(list[Any], p.get(names.items) or [])
    total = p.get(names.total)
    return items, total if isinstance(total, int) else 0


def paginate(fetch: Callable[[dict[str, Any]], Any], params: Mapping[str, Any], names: Paging) -> Iterator[Any]:
    """Every entry of a paged list, fetching each page only when the previous one is used up."""
    start = int(params.get(names.start) or 0)
    while True:
        items, total = _page_items(fetch({**params, names.start: start}), names)
        yield from items
        start += len(items)
        if not items or start >= total:
            return


async def apaginate(
    fetch: Callable[[dict[str, Any]], Awaitable[Any]], params: Mapping[str, Any], names: Paging
) -> AsyncIterator[Any]:
    start = int(params.get(names.start) or 0)
    while True:
        items, total = _page_items(await fetch({**params, names.start: start}), names)
        for item in items:
            yield item
        start += len(items)
        if not items or start >= total:
            return
