"""A scripted OpenAI-compatible chat endpoint on loopback, for tests of model clients.

A real HTTP server (``POST /v1/chat/completions``) that counts and keeps every request
and answers with ``answer(body)``: canned text, or the gold answer of the row the request
asks (``gold_answers``). It can fail its first requests (to test retries; with
``retry_after_ms`` a failure says how long to wait, as OpenAI's API does, so a client's
backoff is short in a test), fail chosen requests on every retry (``fail_when``: rows an
endpoint never answers), and stall on a given request (to kill a client midway and check
what it resumes, or to time a client out).
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Callable, Iterable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Self

Answer = Callable[[dict[str, Any]], str]


def canned(text: str) -> Answer:
    return lambda body: text


def messages_key(messages: list[dict[str, Any]]) -> str:
    return hashlib.sha256(json.dumps(messages, sort_keys=True).encode()).hexdigest()


def gold_answers(
    data: Path, configs: Iterable[str], split: str = "test", fallback: str = "I do not know.", variant: str = "prompt"
) -> Answer:
    """An answer function that replies to each question row's request with its gold answer."""
    from planarium_agents.eval.inputs import question_inputs
    from planarium_agents.eval.questions import question_request
    from scorer.io.dataset import load_keys
    from scorer.registry import task_kinds

    keys = load_keys(data, split, set(configs))
    gold: dict[str, str] = {}
    for config in keys.configs():
        inputs = question_inputs(data, split, config, variant)
        for row in (r for r in keys.rows.values() if r.config == config and r.task != "episode"):
            request = question_request(row, inputs[row.id].observation(), variant, constrained=False)
            gold[messages_key(request.messages())] = task_kinds()[row.task].reference("gold", row)["response"]
    return lambda body: gold.get(messages_key(body["messages"]), fallback)


class ScriptedEndpoint:
    def __init__(
        self,
        answer: Answer | None = None,
        fail_first: int = 0,
        fail_status: int = 500,
        stall_at: int | None = None,
        models: list[str] | None = None,
        api_key: str | None = None,
        retry_after_ms: int | None = None,
        fail_when: Callable[[dict[str, Any]], bool] | None = None,
    ) -> None:
        self.answer = answer or canned("Yes")
        self.models = models  # GET /v1/models lists them; None: no such route (404), as some servers
        self.api_key = api_key  # when set, a request without "Bearer <api_key>" gets 401
        self.fail_first, self.fail_status, self.stall_at = fail_first, fail_status, stall_at
        self.retry_after_ms = retry_after_ms  # sent with each scripted failure as "retry-after-ms"
        self.fail_when = fail_when  # a request it holds true of fails every time it is sent (retries included)
        self.bodies: list[dict[str, Any]] = []  # every request received, in order
        self.routes: list[str] = []  # every method and path asked, answered or not ("POST /v1/responses")
        self.answered = 0  # requests answered with a completion
        self.stalled = threading.Event()  # set when request number ``stall_at`` (1-based) arrives
        self._release = threading.Event()
        self._lock = threading.Lock()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._httpd.daemon_threads = True
        threading.Thread(target=self._httpd.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._httpd.server_address[1]}/v1"

    @property
    def requests(self) -> int:
        return len(self.bodies)

    def release(self) -> None:
        """Let a stalled request (and every later one) go on."""
        self._release.set()

    def close(self) -> None:
        self.release()
        self._httpd.shutdown()
        self._httpd.server_close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _reply(self, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        with self._lock:
            self.bodies.append(body)
            number = len(self.bodies)
        if self.stall_at is not None and number >= self.stall_at:
            self.stalled.set()
            self._release.wait()
        if number <= self.fail_first or (self.fail_when is not None and self.fail_when(body)):
            return self.fail_status, {"error": {"message": "scripted failure"}}
        with self._lock:
            self.answered += 1
        message = {"role": "assistant", "content": self.answer(body)}
        return 200, {
            "id": f"chatcmpl-scripted-{number}",  # id and created: clients that validate the
            "created": 0,  # whole completion (verifiers) require them, as real servers send them
            "object": "chat.completion",
            "model": body.get("model"),
            "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
        }

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        endpoint = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                return

            def do_GET(self) -> None:
                endpoint.routes.append(f"GET {self.path}")
                if not self.path.endswith("/models") or endpoint.models is None:
                    self.send_error(404)
                    return
                if not self._authorised():
                    return
                listing = {"object": "list", "data": [{"id": name, "object": "model"} for name in endpoint.models]}
                self._send(200, listing)

            def _authorised(self) -> bool:
                if endpoint.api_key is None or self.headers.get("Authorization") == f"Bearer {endpoint.api_key}":
                    return True
                self._send(401, {"error": {"message": "invalid api key"}})
                return False

            def _send(self, status: int, document: dict[str, Any]) -> None:
                data = json.dumps(document).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_POST(self) -> None:
                endpoint.routes.append(f"POST {self.path}")
                if not self.path.endswith("/chat/completions"):
                    self.send_error(404)
                    return
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                status, document = endpoint._reply(body)
                data = json.dumps(document).encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    if status != 200 and endpoint.retry_after_ms is not None:
                        self.send_header("retry-after-ms", str(endpoint.retry_after_ms))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):  # the client was killed while we stalled
                    pass

        return Handler
