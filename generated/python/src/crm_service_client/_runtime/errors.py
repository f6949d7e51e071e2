"""The exceptions of the SDK: one base carrying the status and the envelope's error keys, and a
subclass per kind of failure so callers catch what they can handle."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Quota:
    """Calls used and allowed in the current window (the quota header)."""

    used: int
    allowed: int


@dataclass(frozen=True)
class ErrorDetail:
    key: str
    message: str
    path: str | None = None


class ServiceError(Exception):
    """A failed call: HTTP status (0 when no answer came), the envelope's keys and messages, the quota."""

    status: int
    details: list[ErrorDetail]
    errors: dict[str, str]
    quota: Quota | None
    local: bool

    def __init__(
        self, status: int, details: list[ErrorDetail], quota: Quota | None = None, local: bool = False
    ) -> None:
        super().__init__("; ".join(f"{d.key}: {d.message}" for d in details) or f"HTTP {status}")
        self.status = status
        self.details = details
        self.errors = {d.key: d.message for d in details}
        self.quota = quota
        self.local = local

    @property
    def keys(self) -> list[str]:
        return [d.key for d in self.details]


class AuthenticationError(ServiceError):
    """401 or 403: the e-mail address and token were refused, or the caller may not do this."""


class NotFoundError(ServiceError):
    """404: no such record, activity, hook or endpoint."""


class ValidationError(ServiceError):
    """400: the request breaks a rule of the API; local is True when found before sending."""


class RateLimitError(ServiceError):
    """429: the quota is spent (or too many failed logins); retry_after says when to try again."""

    retry_after: float | None

    def __init__(self, status: int, details: list[ErrorDetail], quota: Quota | None, retry_after: float | None) -> None:
        super().__init__(status, details, quota)
        self.retry_after = retry_after


class ServerError(ServiceError):
    """5xx: the service failed or is busy."""


class ConnectionError(ServiceError):  # noqa: A001 - the SDK's own, exported under this name
    """No answer: the connection failed or timed out (__cause__ holds why)."""


def failure_of(status: int, details: list[ErrorDetail], quota: Quota | None, retry_after: float | None) -> ServiceError:
    """The exception class of an answer's status."""
    if status in (401, 403):
        return AuthenticationError(status, details, quota)
    if status == 404:
        return NotFoundError(status, details, quota)
    if status == 429:
        return RateLimitError(status, details, quota, retry_after)
    if status >= 500:
        return ServerError(status, details, quota)
    if status in (400, 422):
        return ValidationError(status, details, quota)
    return ServiceError(status, details, quota)
