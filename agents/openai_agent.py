"""``openai``: any OpenAI-compatible chat endpoint (``vllm serve``, a hosted API).

Temperature 0; base URL, key and model from flags or ``OPENAI_BASE_URL``,
``OPENAI_API_KEY``, ``PLANARIUM_MODEL``. Retries with backoff on 5xx, 429 and
connection errors; a request that keeps failing is an API failure (``Completion.error``):
the agent then replies with an empty text (the scorer counts it as unparsable) rather
than stopping the run, and ``planarium eval`` counts it apart. Uses the standard
library's urllib: one POST route does not justify a client dependency.
"""

from __future__ import annotations

import json
import os
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from agents.base import Turn
from agents.messages import chat_messages

RETRYABLE_STATUS = 429  # rate limited; every 5xx is retried too


@dataclass(frozen=True)
class Completion:
    text: str | None  # None when the request failed after every retry ...
    error: str | None = None  # ... and then why


class OpenAIChat:
    """POST /chat/completions with retries and exponential backoff."""

    def __init__(
        self,
        base_url: str | None = None,
        api_key: str | None = None,
        retries: int = 3,
        timeout_s: float = 300.0,
        backoff_s: float = 1.0,
    ) -> None:
        self.base_url = (base_url or os.environ.get("OPENAI_BASE_URL") or "http://127.0.0.1:8000/v1").rstrip("/")
        self.api_key = api_key or os.environ.get("OPENAI_API_KEY") or "EMPTY"
        self.retries, self.timeout_s, self.backoff_s = retries, timeout_s, backoff_s

    def complete(self, body: dict[str, Any]) -> Completion:
        data = json.dumps(body).encode()
        error: Exception | None = None
        for attempt in range(self.retries + 1):
            try:
                return Completion(self._post(data))
            except (urllib.error.URLError, TimeoutError, ConnectionError, ValueError, KeyError) as caught:
                error = caught
                if not _retryable(caught) or attempt == self.retries:
                    break
                time.sleep(min(self.backoff_s * 2**attempt, 30))
        return Completion(None, f"{type(error).__name__}: {error}")

    def _post(self, data: bytes) -> str:
        request = urllib.request.Request(
            f"{self.base_url}/chat/completions",
            data=data,
            method="POST",
            headers={"Content-Type": "application/json", "Authorization": f"Bearer {self.api_key}"},
        )
        with urllib.request.urlopen(request, timeout=self.timeout_s) as response:
            answer = json.loads(response.read())
        return answer["choices"][0]["message"].get("content") or ""


class EndpointError(RuntimeError):
    """The endpoint cannot serve the run (unreachable, refusing the key, not serving the model):
    found by ``check_endpoint`` before any row is asked; the message is one line."""


PREFLIGHT_TIMEOUT_S = 15.0
_NO_MODEL_LIST = (404, 405, 501)  # an endpoint without GET /models: the model is not checked


def check_endpoint(chat: OpenAIChat, model: str) -> None:
    """GET /models once: an EndpointError on a refused connection, a 401/403, or a model the
    endpoint does not list, so a typo in --base-url or --model costs one line, not a run."""
    request = urllib.request.Request(
        f"{chat.base_url}/models", headers={"Authorization": f"Bearer {chat.api_key}"}, method="GET"
    )
    try:
        with urllib.request.urlopen(request, timeout=PREFLIGHT_TIMEOUT_S) as response:
            listed = json.loads(response.read())
    except urllib.error.HTTPError as error:
        if error.code in (401, 403):
            raise EndpointError(
                f"{chat.base_url} refused the request (HTTP {error.code} {error.reason}); "
                "set OPENAI_API_KEY to a key it accepts"
            ) from None
        if error.code in _NO_MODEL_LIST:
            return
        raise EndpointError(f"{chat.base_url}/models answered HTTP {error.code} {error.reason}") from None
    except (urllib.error.URLError, TimeoutError, ConnectionError) as error:
        reason = getattr(error, "reason", error)
        raise EndpointError(
            f"cannot reach {chat.base_url} ({reason}); is the model server running, and is --base-url right?"
        ) from None
    except ValueError:
        return  # not a model list: nothing to check against
    served = (
        [entry.get("id") for entry in listed.get("data", []) if isinstance(entry, dict)]
        if isinstance(listed, dict)
        else []
    )
    if served and model not in served:
        raise EndpointError(f"{chat.base_url} does not serve model {model!r}; it serves: {', '.join(map(str, served))}")


def _retryable(error: Exception) -> bool:
    if isinstance(error, urllib.error.HTTPError):
        return error.code >= 500 or error.code == RETRYABLE_STATUS
    return not isinstance(error, (ValueError, KeyError))  # a malformed answer will not mend itself


class OpenAIAgent:
    name = "openai"

    def __init__(
        self,
        base_url: str | None = None,
        model: str | None = None,
        api_key: str | None = None,
        max_tokens: int = 1024,
        retries: int = 3,
        timeout_s: float = 300.0,
        concurrency: int = 8,
    ) -> None:
        self.chat = OpenAIChat(base_url, api_key, retries, timeout_s)
        self.model = model or os.environ.get("PLANARIUM_MODEL") or ""
        if not self.model:
            raise ValueError("the openai agent needs a model: --model NAME or PLANARIUM_MODEL")
        self.max_tokens = max_tokens
        self.concurrency = concurrency

    @property
    def retries(self) -> int:
        return self.chat.retries

    @retries.setter
    def retries(self, value: int) -> None:
        self.chat.retries = value

    def request_body(self, observation: dict[str, Any]) -> dict[str, Any]:
        return {
            "model": self.model,
            "messages": chat_messages(observation),
            "temperature": 0,
            "max_tokens": self.max_tokens,
        }

    def act(self, turns: list[Turn]) -> list[str]:
        with ThreadPoolExecutor(max_workers=max(1, self.concurrency)) as pool:
            return list(pool.map(lambda turn: self._complete(turn.observation), turns))

    def _complete(self, observation: dict[str, Any]) -> str:
        return self.chat.complete(self.request_body(observation)).text or ""
