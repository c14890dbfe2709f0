"""``openai``: any OpenAI-compatible chat endpoint (``vllm serve``, a hosted API).

Temperature 0; base URL, key and model from flags or ``OPENAI_BASE_URL``,
``OPENAI_API_KEY``, ``PLANARIUM_MODEL``. Retries with backoff on 5xx and connection
errors; a request that keeps failing yields an empty reply (the scorer counts it as
unparsable) rather than stopping the run. Uses the standard library's urllib: one POST
route does not justify a client dependency.
"""

from __future__ import annotations

import json
import os
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from agents.base import Turn
from agents.messages import chat_messages


class OpenAIAgent:
    name = "openai"

    def __init__(self, base_url: str | None = None, model: str | None = None, api_key: str | None = None,
                 max_tokens: int = 1024, retries: int = 3, timeout_s: float = 300.0, concurrency: int = 8) -> None:
        self.base_url = (base_url or os.environ.get("OPENAI_BASE_URL") or "http://127.0.0.1:8000/v1").rstrip("/")
        self.model = model or os.environ.get("PLANARIUM_MODEL") or ""
        if not self.model:
            raise ValueError("the openai agent needs a model: --model NAME or PLANARIUM_MODEL")
        self.api_key = api_key or os.environ.get("OPENAI_API_KEY") or "EMPTY"
        self.max_tokens, self.retries, self.timeout_s = max_tokens, retries, timeout_s
        self.concurrency = concurrency

    def request_body(self, observation: dict[str, Any]) -> dict[str, Any]:
        return {"model": self.model, "messages": chat_messages(observation), "temperature": 0,
                "max_tokens": self.max_tokens}

    def act(self, turns: list[Turn]) -> list[str]:
        with ThreadPoolExecutor(max_workers=max(1, self.concurrency)) as pool:
            return list(pool.map(lambda turn: self._complete(turn.observation), turns))

    def _complete(self, observation: dict[str, Any]) -> str:
        data = json.dumps(self.request_body(observation)).encode()
        for attempt in range(self.retries + 1):
            try:
                return self._post(data)
            except (urllib.error.URLError, TimeoutError, ConnectionError) as error:
                retryable = not isinstance(error, urllib.error.HTTPError) or error.code >= 500
                if not retryable or attempt == self.retries:
                    return ""
                time.sleep(min(2**attempt, 30))
        return ""

    def _post(self, data: bytes) -> str:
        request = urllib.request.Request(
            f"{self.base_url}/chat/completions", data=data, method="POST",
            headers={"Content-Type": "application/json", "Authorization": f"Bearer {self.api_key}"})
        with urllib.request.urlopen(request, timeout=self.timeout_s) as response:
            answer = json.loads(response.read())
        return answer["choices"][0]["message"].get("content") or ""
