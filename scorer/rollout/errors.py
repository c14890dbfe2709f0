"""The one error type the API turns into a response: an HTTP status and a message."""

from __future__ import annotations

from http import HTTPStatus


class ApiError(Exception):
    """A request the server refuses; sent as ``{"error": message}`` with ``status`` (and ``headers``)."""

    def __init__(self, status: HTTPStatus, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers or {}  # e.g. Retry-After with a 503
