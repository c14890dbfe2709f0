"""``openai``: any OpenAI-compatible chat endpoint (``vllm serve``, a hosted API).

Temperature 0; base URL, key and model from flags or ``OPENAI_BASE_URL``,
``OPENAI_API_KEY``, ``PLANARIUM_MODEL``. Requests go through the official ``openai``
client: one pooled connection set per ``OpenAIChat``, a timeout per request, and the
client's own retries with exponential backoff and jitter (honouring ``Retry-After``) on
connection errors, timeouts, 408, 409, 429 and 5xx. Its exceptions are mapped to ours
(``APIFailure`` and its kinds); a request that keeps failing is an API failure
(``Completion.error``, e.g. ``"Timeout: ..."``): the agent then replies with an empty text
(the scorer counts it as unparsable) rather than stopping the run, and ``planarium eval``
counts it apart.
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import openai

from planarium_agents.base import Turn
from planarium_agents.messages import chat_messages
from planarium_agents.tls import tls_context

DEFAULT_TIMEOUT_S = 300.0
DEFAULT_RETRIES = 3


@dataclass(frozen=True)
class Completion:
    text: str | None  # None when the request failed after every retry ...
    error: str | None = None  # ... and then why, "<kind>: <detail>" (a kind is an APIFailure subclass name)


class APIFailure(RuntimeError):
    """A chat request that failed after the client's retries; its class name is the kind of failure."""


class Unreachable(APIFailure):
    """No connection (refused, reset, DNS): ``openai.APIConnectionError``."""


class Timeout(APIFailure):
    """No answer within the timeout: ``openai.APITimeoutError``."""


class Unauthorised(APIFailure):
    """401 or 403: ``openai.AuthenticationError`` / ``PermissionDeniedError``."""


class NotServed(APIFailure):
    """404: the route or the model is not there (``openai.NotFoundError``)."""


class RateLimited(APIFailure):
    """429 after every retry: ``openai.RateLimitError``."""


class HTTPError(APIFailure):
    """Any other error status (``openai.APIStatusError``): 400, 422, 5xx after its retries ..."""


class MalformedReply(APIFailure):
    """A 200 whose body is not a chat completion."""


def api_failure(error: openai.OpenAIError, timeout_s: float | None = None, retries: int | None = None) -> APIFailure:
    """Our error for one of the ``openai`` client's (subclasses first: a timeout is a connection error)."""
    after = "" if not retries else f" (after {retries} retr{'y' if retries == 1 else 'ies'})"
    if isinstance(error, openai.APITimeoutError):
        return Timeout(f"no answer within {timeout_s:g} s{after}" if timeout_s else f"request timed out{after}")
    if isinstance(error, openai.APIConnectionError):
        return Unreachable(f"{_cause(error)}{after}")
    if isinstance(error, openai.APIStatusError):
        status = f"HTTP {error.status_code} {error.response.reason_phrase}: {_message(error)}"
        if isinstance(error, (openai.AuthenticationError, openai.PermissionDeniedError)):
            return Unauthorised(status)
        if isinstance(error, openai.NotFoundError):
            return NotServed(status)
        if isinstance(error, openai.RateLimitError):
            return RateLimited(f"{status}{after}")
        return HTTPError(f"{status}{after if error.status_code >= 500 else ''}")
    return MalformedReply(f"{type(error).__name__}: {error}")


def _cause(error: BaseException) -> str:
    """The innermost reason of a connection error ("[Errno 111] Connection refused"), not "Connection error."."""
    seen = {id(error)}
    while (inner := error.__cause__ or error.__context__) is not None and id(inner) not in seen:
        seen.add(id(inner))
        error = inner
    return str(error) or type(error).__name__


def _message(error: openai.APIStatusError) -> str:
    body = error.body
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and inner.get("message"):
            return str(inner["message"])
        if isinstance(inner, str):
            return inner
    return error.message


class OpenAIChat:
    """POST /chat/completions through one pooled ``openai.OpenAI`` client (thread-safe: the
    agent's and eval's request threads share it)."""

    def __init__(
        self,
        base_url: str | None = None,
        api_key: str | None = None,
        retries: int = DEFAULT_RETRIES,
        timeout_s: float | None = None,
    ) -> None:
        self.base_url = (base_url or os.environ.get("OPENAI_BASE_URL") or "http://127.0.0.1:8000/v1").rstrip("/")
        self.api_key = api_key or os.environ.get("OPENAI_API_KEY") or "EMPTY"
        self.timeout_s = DEFAULT_TIMEOUT_S if timeout_s is None else timeout_s
        self.client = openai.OpenAI(
            base_url=self.base_url,
            api_key=self.api_key,
            timeout=self.timeout_s,
            max_retries=retries,
            http_client=openai.DefaultHttpxClient(verify=tls_context()),
        )

    @property
    def retries(self) -> int:
        """Retries after the first attempt, with the client's backoff, before a request is an API failure."""
        return self.client.max_retries

    @retries.setter
    def retries(self, value: int) -> None:
        self.client = self.client.with_options(max_retries=value)  # the same connection pool

    def complete(self, body: dict[str, Any]) -> Completion:
        try:
            return Completion(self.ask(body))
        except APIFailure as failure:
            return Completion(None, f"{type(failure).__name__}: {failure}")

    def ask(self, body: dict[str, Any]) -> str:
        """The reply's text; an ``APIFailure`` once the client's retries are spent. Fields beyond
        model and messages (sampling, vLLM's guided decoding) go as they are, in the JSON body."""
        fields = dict(body)
        model, messages = fields.pop("model"), fields.pop("messages")
        try:
            answer = self.client.chat.completions.create(model=model, messages=messages, extra_body=fields)
        except openai.OpenAIError as error:
            raise api_failure(error, self.timeout_s, self.retries) from error
        try:
            return answer.choices[0].message.content or ""
        except (AttributeError, IndexError, KeyError, TypeError) as error:
            raise MalformedReply(f"no choices[0].message in the answer ({type(error).__name__}: {error})") from None

    def close(self) -> None:
        self.client.close()


class EndpointError(RuntimeError):
    """The endpoint cannot serve the run (unreachable, refusing the key, not serving the model):
    found by ``check_endpoint`` before any row is asked; the message is one line."""


PREFLIGHT_TIMEOUT_S = 15.0
_NO_MODEL_LIST = (404, 405, 501)  # an endpoint without GET /models: the model is not checked


def check_endpoint(chat: OpenAIChat, model: str) -> None:
    """GET /models once (``client.models.list()``, no retries): an EndpointError on a refused
    connection, a 401/403, or a model the endpoint does not list, so a typo in --base-url or
    --model costs one line, not a run."""
    client = chat.client.with_options(timeout=PREFLIGHT_TIMEOUT_S, max_retries=0)
    try:
        page = client.models.list()
        served = [str(entry.id) for entry in page.data if getattr(entry, "id", None)]
    except openai.APIStatusError as error:
        if error.status_code in (401, 403):
            raise EndpointError(
                f"{chat.base_url} refused the request (HTTP {error.status_code} {error.response.reason_phrase}); "
                "set OPENAI_API_KEY to a key it accepts"
            ) from None
        if error.status_code in _NO_MODEL_LIST:
            return
        raise EndpointError(
            f"{chat.base_url}/models answered HTTP {error.status_code} {error.response.reason_phrase}"
        ) from None
    except openai.APIConnectionError as error:  # a timeout too
        reason = f"no answer within {PREFLIGHT_TIMEOUT_S:g} s" if isinstance(error, openai.APITimeoutError) else None
        raise EndpointError(
            f"cannot reach {chat.base_url} ({reason or _cause(error)}); "
            "is the model server running, and is --base-url right?"
        ) from None
    except (openai.OpenAIError, AttributeError, TypeError, ValueError):
        return  # not a model list: nothing to check against
    if served and model not in served:
        raise EndpointError(f"{chat.base_url} does not serve model {model!r}; it serves: {', '.join(served)}")


class OpenAIAgent:
    name = "openai"

    def __init__(
        self,
        base_url: str | None = None,
        model: str | None = None,
        api_key: str | None = None,
        max_tokens: int = 1024,
        retries: int = DEFAULT_RETRIES,
        timeout_s: float | None = None,
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
