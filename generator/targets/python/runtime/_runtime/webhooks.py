"""Webhook verification, both schemes: X-Service-Hmac-Sha256 (hex HMAC-SHA256 of the body) and
Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature "v1,<base64>" over
"id.timestamp.body", with a timestamp tolerance against replays). Compared in constant time."""

from __future__ import annotations

import base64
import hashlib
import hmac
import time
from collections.abc import Mapping
from typing import Literal


def _header(headers: Mapping[str, str], name: str) -> str | None:
    v = headers.get(name)
    if v is not None:
        return v
    for k, x in headers.items():
        if k.lower() == name:
            return x
    return None


def webhook_verdict(
    body: bytes | str,
    signature: str | Mapping[str, str] | None,
    secret: str,
    *,
    tolerance_seconds: float = 300,
    now: float | None = None,
    hmac_header: str,
) -> Literal["valid", "invalid", "stale"]:
    """valid, invalid, or stale (a Standard Webhooks timestamp further than the tolerance from now)."""
    if not signature:
        return "invalid"
    data = body.encode("utf-8") if isinstance(body, str) else body
    key = secret.encode("utf-8")
    if not isinstance(signature, str):
        wid = _header(signature, "webhook-id")
        ts = _header(signature, "webhook-timestamp")
        standard = _header(signature, "webhook-signature")
        if standard is None:
            return webhook_verdict(data, _header(signature, hmac_header.lower()), secret, hmac_header=hmac_header)
        ts = (ts or "").strip()
        if not wid or not ts.isdigit() or len(ts) > 12:
            return "invalid"
        if abs((time.time() if now is None else now) - int(ts)) > tolerance_seconds:
            return "stale"
        mac = hmac.new(key, f"{wid}.{ts}.".encode() + data, hashlib.sha256).digest()
        expected = base64.b64encode(mac).decode("ascii")
        found = False
        # Several signatures may be sent while a secret is rotated; every one is compared.
        for part in standard.split():
            version, _, value = part.partition(",")
            if version == "v1" and hmac.compare_digest(value.encode(), expected.encode()):
                found = True
        return "valid" if found else "invalid"
    expected_hex = hmac.new(key, data, hashlib.sha256).hexdigest()
    return "valid" if hmac.compare_digest(signature.strip().lower().encode(), expected_hex.encode()) else "invalid"


def verify_webhook(
    body: bytes | str,
    signature: str | Mapping[str, str] | None,
    secret: str,
    *,
    tolerance_seconds: float = 300,
    now: float | None = None,
    hmac_header: str,
) -> bool:
    """True when the delivery was signed with the hook's secret.

    signature: the request's headers (Standard Webhooks when present, else the HMAC header), or
    the HMAC header's value itself. A Standard Webhooks timestamp further than tolerance_seconds
    from now is refused (a replay).
    """
    verdict = webhook_verdict(
        body, signature, secret, tolerance_seconds=tolerance_seconds, now=now, hmac_header=hmac_header
    )
    return verdict == "valid"
