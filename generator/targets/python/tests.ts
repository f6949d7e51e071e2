// Emits the Python SDK's live tests (generated/python/tests/test_live.py), from the spec: every
// operation of every record kind, activity type (create, update, move, reposition, delete), hook
// and report, called through Client and AsyncClient in XML and in JSON, with the docs' example
// values (sdk-model/examples.ts); a batch larger than the spec's limit of parts; pagination over
// several pages; a 404 as NotFoundError; a 429 retried after its Retry-After; a webhook delivered to
// a receiver on 127.0.0.1, verified and redelivered. They run against a `crmgen serve` the caller
// starts (CRM_URL, CRM_EMAIL, CRM_TOKEN; CRM_LIMITED_URL: one with a small quota and window).
// An activity type added to spec/ is in them with nothing else to do.
import type { ActivityType, Operation, Spec } from '../../pipeline/model.ts';
import type { GeneratedFile } from '../../pipeline/generated-file.ts';
import { example } from '../../sdk-model/examples.ts';
import { importName, methodName } from './names.ts';
import { header } from './types.ts';

/** A JSON-like value as a Python literal. */
export function pyLiteral(v: unknown): string {
  if (v === null || v === undefined) return 'None';
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (typeof v === 'number' || typeof v === 'string') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(pyLiteral).join(', ')}]`;
  return `{${Object.entries(v as Record<string, unknown>)
    .map(([k, x]) => `${JSON.stringify(k)}: ${pyLiteral(x)}`)
    .join(', ')}}`;
}

const op = (spec: Spec, id: string): Operation => {
  const o = spec.operations.find((x) => x.id === id);
  if (!o) throw new Error(`python tests: the spec has no operation ${id}`);
  return o;
};

/** Where a client name leads: contacts.categories.create -> c.contacts.categories.create. */
const call = (o: Operation, where: string) =>
  `${where}${o.client
    .split('.')
    .slice(0, -1)
    .map((p) => `${p}.`)
    .join('')}${methodName(o)}`;

/** Activity types in an order that creates each parent before its children (the first parent of each). */
export function creationOrder(spec: Spec): ActivityType[] {
  const done = new Set<string>();
  const out: ActivityType[] = [];
  const visit = (a: ActivityType, seen: Set<string>) => {
    if (done.has(a.segment) || seen.has(a.segment)) return;
    seen.add(a.segment);
    const p = a.parents[0]!;
    if (p !== 'record')
      visit(
        spec.activities.find((x) => x.segment === p)!,
        seen,
      );
    done.add(a.segment);
    out.push(a);
  };
  for (const a of spec.activities) visit(a, new Set());
  return out;
}

const v = (seg: string) => `a_${seg}`;

/** The body of one pass over every operation; aw is 'await ' for the async client. */
function everyOperation(spec: Spec, aw: string): string[] {
  const L: string[] = [];
  const k0 = spec.kinds[0]!;
  const create = op(spec, 'createRecord');
  for (const k of spec.kinds) {
    const ex = example(spec, create.request!, { kind: k.name }) as Record<string, unknown>;
    L.push(`created_${k.name} = ${aw}${call(create, `c.${k.name}.`)}(${pyLiteral(ex)})`);
    L.push(`${k.name}_id = created_${k.name}["item"]["id"]`);
    L.push(
      `assert (${aw}c.${k.name}.${methodName(op(spec, 'showRecord'))}(${k.name}_id))["item"]["id"] == ${k.name}_id`,
    );
    L.push(
      `${aw}${call(op(spec, 'updateRecord'), `c.${k.name}.`)}(${k.name}_id, ${pyLiteral(example(spec, op(spec, 'updateRecord').request!, { kind: k.name }))})`,
    );
    L.push(`assert (${aw}${call(op(spec, 'listRecords'), `c.${k.name}.`)}({"limit": 5}))["count"] >= 1`);
    L.push(
      `tag_${k.name} = ${aw}${call(op(spec, 'createCategory'), `c.${k.name}.`)}({"name": f"Tag {fmt} {${k.name}_id}"})`,
    );
    L.push(
      `${aw}${call(op(spec, 'updateRecord'), `c.${k.name}.`)}(${k.name}_id, {"categories": {"add": [tag_${k.name}["id"]]}})`,
    );
    L.push(
      `assert any(x["id"] == tag_${k.name}["id"] for x in (${aw}${call(op(spec, 'listCategories'), `c.${k.name}.`)}())["categories"])`,
    );
    L.push(`assert (${aw}${call(op(spec, 'listFields'), `c.${k.name}.`)}())["fields"]`);
  }
  L.push(
    `other = (${aw}c.${k0.name}.${methodName(create)}(${pyLiteral(example(spec, create.request!, { kind: k0.name }))}))["item"]["id"]`,
  );
  const ca = op(spec, 'createActivity');
  const ua = op(spec, 'updateActivity');
  const da = op(spec, 'deleteActivity');
  const order = creationOrder(spec);
  const res = (a: ActivityType) => `c.${k0.name}.activities.${a.segment}.`;
  const files = (a: ActivityType) => {
    const up = a.fields.filter((f) => f.shape.kind === 'scalar' && f.shape.type === 'upload');
    return up.length
      ? `, files={${up.map((f) => `${JSON.stringify(f.name)}: b"%PDF-1.4 python test"`).join(', ')}}`
      : '';
  };
  const body = (a: ActivityType, parent: string) => {
    const ex = { ...(example(spec, ca.request!, { segment: a.segment }) as Record<string, unknown>) };
    delete ex.parent;
    return `{"parent": ${parent}, ${pyLiteral(ex).slice(1)}${files(a)}`;
  };
  const parentOf = (a: ActivityType, otherRecord = false) =>
    a.parents[0] === 'record' ? (otherRecord ? 'other' : `${k0.name}_id`) : v(a.parents[0]!);
  for (const a of order) {
    L.push(`${v(a.segment)} = (${aw}${res(a)}${methodName(ca)}(${body(a, parentOf(a))}))["id"]`);
    const upd = { ...(example(spec, ua.request!, { segment: a.segment }) as Record<string, unknown>) };
    delete upd.parent;
    // An update keeps the file it has: upload fields are left out.
    const data = upd.data as Record<string, unknown> | undefined;
    if (data) for (const f of a.fields) if (f.shape.kind === 'scalar' && f.shape.type === 'upload') delete data[f.name];
    if (data && !Object.keys(data).length) delete upd.data;
    L.push(`${aw}${res(a)}${methodName(ua)}(${v(a.segment)}, ${pyLiteral(upd)})`);
  }
  // Reposition: a second sibling placed before the first; move: to another record (where the hierarchy allows).
  for (const a of order) {
    if (a.onePerParent) continue;
    L.push(`second_${a.segment} = (${aw}${res(a)}${methodName(ca)}(${body(a, parentOf(a))}))["id"]`);
    L.push(`${aw}${res(a)}${methodName(ua)}(second_${a.segment}, {"before": ${v(a.segment)}})`);
    if (a.parents.includes('record') && (!spec.moveTargets || spec.moveTargets.includes(k0.name)))
      L.push(`${aw}${res(a)}${methodName(ua)}(second_${a.segment}, {"parent": other})`);
    L.push(`${aw}${res(a)}${methodName(da)}(second_${a.segment})`);
  }
  L.push(`shown = ${aw}c.${k0.name}.${methodName(op(spec, 'showRecord'))}(${k0.name}_id)`);
  L.push(
    `assert {e["typeid"] for e in shown.get("activities", [])} >= {${order
      .filter((a) => a.parents.includes('record'))
      .map((a) => a.typeid)
      .join(', ')}}`,
  );
  for (const a of [...order].reverse()) L.push(`${aw}${res(a)}${methodName(da)}(${v(a.segment)})`);
  L.push(`assert (${aw}c.ownership.${methodName(op(spec, 'listOwnership'))}())["users"]`);
  const hc = op(spec, 'createHook');
  const hook = { ...(example(spec, hc.request!, {}) as Record<string, unknown>), active: 0 };
  L.push(`hook = (${aw}${call(hc, 'c.')}(${pyLiteral(hook)}))["id"]`);
  L.push(`${aw}${call(op(spec, 'updateHook'), 'c.')}(hook, {"title": f"Renamed {fmt}"})`);
  L.push(`assert any(h["id"] == hook for h in (${aw}${call(op(spec, 'listHooks'), 'c.')}())["hooks"])`);
  L.push(`assert (${aw}${call(op(spec, 'listHookDeliveries'), 'c.')}(hook))["deliveries"] == []`);
  L.push(`${aw}${call(op(spec, 'deleteHook'), 'c.')}(hook)`);
  for (const r of spec.operations.filter((o) => o.report)) {
    const container = r.response?.kind === 'object' ? r.response.fields[0]!.name : undefined;
    L.push(
      `report_${r.report} = ${aw}${call(r, 'c.')}(${pyLiteral(example(spec, { kind: 'object', fields: r.params ?? [] }, {}))})`,
    );
    if (container) L.push(`assert isinstance(report_${r.report}["${container}"], list)`);
  }
  for (const k of spec.kinds) L.push(`${aw}${call(op(spec, 'deleteRecord'), `c.${k.name}.`)}(${k.name}_id)`);
  L.push(`${aw}c.${k0.name}.${methodName(op(spec, 'deleteRecord'))}(other)`);
  return L;
}

export function emitPythonTests(spec: Spec): GeneratedFile[] {
  const mod = importName(spec);
  const k0 = spec.kinds[0]!;
  const create = op(spec, 'createRecord');
  const list = op(spec, 'listRecords');
  const p = list.paginate!;
  const notFound = spec.errors.filter((e) => e.status === 404).map((e) => e.key);
  const hc = op(spec, 'createHook');
  const events = spec.events.map((e) => e.name);
  const createEvent = events.find(
    (e) => e.endsWith('.create') && e.startsWith(Object.keys(spec.notification.content)[0]!),
  );
  if (!createEvent) throw new Error('python tests: the spec has no create event of its first notification family');
  const ind = (lines: string[], n: number) => lines.map((l) => `${' '.repeat(n)}${l}`).join('\n');
  const person = pyLiteral(example(spec, create.request!, { kind: k0.name }));
  const text = `${header}"""Live tests of the SDK against a running crmgen serve: every operation, sync and async, XML and JSON."""

from __future__ import annotations

import asyncio
import http.server
import os
import queue
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from ${mod} import AsyncClient, Client, NotFoundError, RetryPolicy, WireFormat, decode_notification, verify_webhook
from ${mod} import types as t

URL = os.environ.get("CRM_URL", "")
EMAIL = os.environ.get("CRM_EMAIL", "")
TOKEN = os.environ.get("CRM_TOKEN", "")
LIMITED_URL = os.environ.get("CRM_LIMITED_URL", "")
FORMATS: list[WireFormat] = ["xml", "json"]
MAX_PARTS = ${spec.batch.maxParts}

pytestmark = pytest.mark.skipif(not URL, reason="CRM_URL is not set: no service to test against")


def run_sync(c: Client, fmt: WireFormat) -> None:
${ind(everyOperation(spec, ''), 4)}


async def run_async(c: AsyncClient, fmt: WireFormat) -> None:
${ind(everyOperation(spec, 'await '), 4)}


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_operation_sync(fmt: WireFormat) -> None:
    with Client(URL, EMAIL, TOKEN, format=fmt) as c:
        run_sync(c, fmt)


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_operation_async(fmt: WireFormat) -> None:
    async def main() -> None:
        async with AsyncClient(URL, EMAIL, TOKEN, format=fmt) as c:
            await run_async(c, fmt)

    asyncio.run(main())


@pytest.mark.parametrize("fmt", FORMATS)
def test_batch_splits_and_answers_each_call(fmt: WireFormat) -> None:
    with Client(URL, EMAIL, TOKEN, format=fmt) as c:
        with c.batch() as b:
            made = [b.${k0.name}.${methodName(create)}(${person}) for _ in range(MAX_PARTS + 1)]
            missing = b.${k0.name}.${methodName(op(spec, 'showRecord'))}(t.${'' + (k0.singular[0]!.toUpperCase() + k0.singular.slice(1))}Id(999999999))
        ids = [d.result()["item"]["id"] for d in made]
        assert len(set(ids)) == MAX_PARTS + 1
        with pytest.raises(NotFoundError):
            missing.result()

    async def main() -> None:
        async with AsyncClient(URL, EMAIL, TOKEN, format=fmt) as c:
            async with c.batch() as b:
                made = [b.${k0.name}.${methodName(create)}(${person}) for _ in range(3)]
            assert all(d.result()["item"]["id"] > 0 for d in made)

    asyncio.run(main())


@pytest.mark.parametrize("fmt", FORMATS)
def test_pagination_over_pages(fmt: WireFormat) -> None:
    with Client(URL, EMAIL, TOKEN, format=fmt) as c:
        for _ in range(5):
            c.${k0.name}.${methodName(create)}(${person})
        total = c.${k0.name}.${methodName(list)}({"${p.limit}": 1})["${p.total}"]
        assert total >= 5
        ids = [e["id"] for e in c.${k0.name}.iterate({"${p.limit}": 2})]
        assert len(ids) == total and len(set(ids)) == total

    async def main() -> list[int]:
        async with AsyncClient(URL, EMAIL, TOKEN, format=fmt) as c:
            return [e["id"] async for e in c.${k0.name}.iterate({"${p.limit}": 2})]

    assert len(asyncio.run(main())) >= 5


@pytest.mark.parametrize("fmt", FORMATS)
def test_not_found(fmt: WireFormat) -> None:
    with Client(URL, EMAIL, TOKEN, format=fmt) as c:
        with pytest.raises(NotFoundError) as e:
            c.${k0.name}.${methodName(op(spec, 'showRecord'))}(t.${k0.singular[0]!.toUpperCase() + k0.singular.slice(1)}Id(999999999))
        assert e.value.status == 404 and set(e.value.keys) <= {${notFound.map((k) => JSON.stringify(k)).join(', ')}}


@pytest.mark.skipif(not LIMITED_URL, reason="CRM_LIMITED_URL is not set")
def test_rate_limited_call_is_retried_after_retry_after() -> None:
    statuses: list[int] = []

    def seen(r: httpx.Response) -> None:
        statuses.append(r.status_code)

    http = httpx.Client(event_hooks={"response": [seen]})
    with Client(LIMITED_URL, EMAIL, TOKEN, http=http, retry=RetryPolicy(max=3, max_retry_after=30)) as c:
        for _ in range(4):
            c.ownership.${methodName(op(spec, 'listOwnership'))}()
    assert 429 in statuses and statuses[-1] == 200


class Receiver(http.server.BaseHTTPRequestHandler):
    got: queue.Queue[tuple[dict[str, str], bytes]] = queue.Queue()

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("content-length", "0")))
        Receiver.got.put(({k.lower(): v for k, v in self.headers.items()}, body))
        self.send_response(200)
        self.end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def receiver() -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/hook"
    server.shutdown()


def test_webhook_delivered_verified_and_redelivered(receiver: str) -> None:
    secret = "whsec-python-" + str(time.time())
    with Client(URL, EMAIL, TOKEN) as c:
        hook = c.${call(hc, '').replace(/^/, '')}({"event": ${JSON.stringify(createEvent)}, "url": receiver, "secret": secret, "active": 1})["id"]
        made = c.${k0.name}.${methodName(create)}(${person})["item"]["id"]
        headers, body = Receiver.got.get(timeout=20)
        assert verify_webhook(body, headers, secret)
        assert verify_webhook(body, headers["${spec.notification.signature.header.toLowerCase()}"], secret)
        assert not verify_webhook(body, headers, secret + "x")
        note = decode_notification(body, headers)
        assert note["type"] == ${JSON.stringify(createEvent)} and note["objectid"] == made
        # The service records the attempt once the receiver has answered: polled briefly.
        deliveries = c.hooks.${methodName(op(spec, 'listHookDeliveries'))}(hook)["deliveries"]
        for _ in range(100):
            if deliveries:
                break
            time.sleep(0.1)
            deliveries = c.hooks.${methodName(op(spec, 'listHookDeliveries'))}(hook)["deliveries"]
        assert deliveries
        c.hooks.${methodName(op(spec, 'redeliverHook'))}(hook, deliveries[0]["id"])
        headers2, body2 = Receiver.got.get(timeout=20)
        assert body2 == body and verify_webhook(body2, headers2, secret)
        c.hooks.${methodName(op(spec, 'deleteHook'))}(hook)
`;
  return [{ path: 'python/tests/test_live.py', content: text, format: 'python' }];
}
