"""Timings of the Python SDK (generated/python) for bench/python.bench.ts; prints one JSON object.

Cases run interleaved, round by round, so machine noise hits them alike:
- contacts.show of a contact with a 12-entry journal, XML and JSON, against raw httpx GETs of the
  same URL (text for XML, .json() for JSON) on the same httpx.Client settings;
- contacts.list of 50 entries, likewise;
- decoding a 30-entry XML list (the SDK's reader and descriptor interpreter) against xml.etree
  parsing the same bytes alone;
- importing the package against importing httpx (fresh interpreters).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

import httpx

from crm_service_client import Client
from crm_service_client._api import API, descriptor
from crm_service_client._runtime.codec import decode_xml

BASE = os.environ["CRM_URL"]
AUTH = (os.environ["CRM_EMAIL"], os.environ["CRM_TOKEN"])
RUNS = int(os.environ.get("BENCH_RUNS", "15"))
CALLS = int(os.environ.get("BENCH_CALLS", "30"))


def per_call(fn: Callable[[], Any], n: int) -> float:
    t = time.perf_counter()
    for _ in range(n):
        fn()
    return (time.perf_counter() - t) / n * 1000


def main() -> None:
    xml = Client(BASE, *AUTH)
    js = Client(BASE, *AUTH, format="json")
    made = js.contacts.create({"firstname": "Ann", "lastname": "Lee", "businessemail": "ann.lee@example.com", "jobtitle": "Head of Procurement"})
    cid = made["item"]["id"]
    acts = js.contacts.activities
    for i in range(4):
        acts.note.create({"parent": cid, "data": {"details": f"Call {i}: went <well> & agreed next steps"}})
    tl = acts.tasklist.create({"parent": cid, "data": {"title": "Onboarding"}})["id"]
    for i in range(5):
        acts.task.create({"parent": tl, "data": {"title": f"Task {i}", "priority": i % 7, "nodate": 0, "duedate": "2026-12-01"}})
    acts.opportunity.create({"parent": cid, "data": {"description": "Printers", "valueunit": 1250.5, "valuecurrency": "EUR"}})
    acts.followup.create({"parent": cid, "data": {"details": "Call back", "nodate": 0, "duedate": "2026-12-02"}})
    for i in range(60):
        js.contacts.create({"firstname": f"P{i}", "lastname": "Bench", "businessemail": f"p{i}@example.com"})
    assert len(xml.contacts.show(cid).get("activities", [])) == 12
    raw = httpx.Client()
    headers = lambda accept: {"accept": accept, "authorization": xml._t.core.auth}  # noqa: E731
    show_url = f"{BASE}/contacts/{cid}/"
    list_url = f"{BASE}/contacts/?layout=1&limit=50"
    assert len(xml.contacts.list({"layout": 1, "limit": 50}).get("entries", [])) == 50
    # The 30-entry list body, decoded in-process.
    body30 = raw.get(f"{BASE}/contacts/?layout=1&limit=30", headers=headers("application/xml")).content
    desc = descriptor("records/contacts.listRecords.response")
    assert len(decode_xml(desc, body30, API.limits)["entries"]) == 30
    import xml.etree.ElementTree as ET

    cases: dict[str, tuple[Callable[[], Any], int]] = {
        "raw httpx show xml (text)": (lambda: raw.get(show_url, headers=headers("application/xml")).text, CALLS),
        "sdk show xml": (lambda: xml.contacts.show(cid), CALLS),
        "raw httpx show json (json)": (lambda: raw.get(show_url, headers=headers("application/json")).json(), CALLS),
        "sdk show json": (lambda: js.contacts.show(cid), CALLS),
        "raw httpx list 50 xml (text)": (lambda: raw.get(list_url, headers=headers("application/xml")).text, CALLS),
        "sdk list 50 xml": (lambda: xml.contacts.list({"layout": 1, "limit": 50}), CALLS),
        "raw httpx list 50 json (json)": (lambda: raw.get(list_url, headers=headers("application/json")).json(), CALLS),
        "sdk list 50 json": (lambda: js.contacts.list({"layout": 1, "limit": 50}), CALLS),
        "xml.etree parse 30 entries": (lambda: ET.fromstring(body30), CALLS * 20),
        "sdk decode 30 entries xml": (lambda: decode_xml(desc, body30, API.limits), CALLS * 20),
    }
    for fn, n in cases.values():
        per_call(fn, max(1, n // 3))  # warm-up: connection pool, server caches
    samples: dict[str, list[float]] = {k: [] for k in cases}
    for _ in range(RUNS):
        for name, (fn, n) in cases.items():
            samples[name].append(per_call(fn, n))
    # Imports, each in a fresh interpreter.
    imports: dict[str, list[float]] = {"import httpx": [], "from crm_service_client import Client": []}
    for _ in range(RUNS):
        for name in imports:
            t = time.perf_counter()
            subprocess.run([sys.executable, "-c", name], check=True)
            imports[name].append((time.perf_counter() - t) * 1000)
    out = {k: {"median": statistics.median(v), "min": min(v), "runs": len(v)} for k, v in {**samples, **imports}.items()}
    print(json.dumps({"cases": out, "bodies": {"list30": len(body30)}}))


main()
