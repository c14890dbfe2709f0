"""The models ``planarium eval`` can run: ``openai:NAME`` (any OpenAI-compatible chat
endpoint) and ``vllm:NAME`` (vLLM offline, batched). Both take the same requests.

Each config is asked with its paper's sampling by default (``paper_sampling``; ``--sampling
default`` sends temperature 0 instead), recorded in the results. With a request's
answer format (``--constrained``), the OpenAI-compatible path sends vLLM's server
fields ``guided_grammar`` / ``guided_json``; the offline path vLLM's guided decoding
parameters. Both request builders are pure functions, tested without a model.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol

from planarium_agents.messages import chat_messages
from planarium_agents.openai_agent import Completion, OpenAIChat
from scorer.tasks.base import AnswerFormat

PROVIDERS = ("openai", "vllm")


@dataclass(frozen=True)
class ModelSpec:
    provider: str  # "openai" | "vllm"
    name: str

    def __str__(self) -> str:
        return f"{self.provider}:{self.name}"


def parse_model(text: str) -> ModelSpec:
    provider, _, name = text.partition(":")
    if provider not in PROVIDERS or not name:
        raise ValueError(f"--model {text!r}: expected openai:NAME or vllm:NAME")
    return ModelSpec(provider, name)


@dataclass(frozen=True)
class Draw:
    """Which draw of a sampled request this is: the row, the episode step (0 for a question)
    and the sample index. The cache keys a sampled request by it, so each turn is sampled
    afresh while a resumed run finds what it already drew."""

    row: str
    step: int = 0
    sample: int = 0

    def key(self) -> str:
        return json.dumps([self.row, self.step, self.sample])


@dataclass(frozen=True)
class ChatRequest:
    """One model call: an observation (text + base64 images), how to split off its system
    part, the answer format to enforce (None: free generation) and which draw it is (not sent)."""

    observation: dict[str, Any]
    system_prompts: tuple[str, ...] = ()
    answer_format: AnswerFormat | None = None
    draw: Draw | None = None

    def messages(self) -> list[dict[str, Any]]:
        return chat_messages(self.observation, self.system_prompts)


@dataclass(frozen=True)
class Sampling:
    temperature: float = 0.0
    max_tokens: int = 1024
    extra: dict[str, Any] = field(default_factory=dict)  # any other field the endpoint takes

    def as_dict(self) -> dict[str, Any]:
        return {"temperature": self.temperature, "max_tokens": self.max_tokens, **self.extra}


def paper_sampling(config: str, max_tokens: int) -> Sampling:
    """The sampling the paper behind ``config`` ran with (its card states it); its limit on
    new tokens where it states one, else ``max_tokens``."""
    from scorer.registry import configs

    spec = configs().get(config)
    if spec is None:
        raise ValueError(f"--sampling paper: no registered config {config!r} declares its paper")
    settings = dict(spec.sampling.settings)
    return Sampling(float(settings.pop("temperature", 0.0)), spec.sampling.max_tokens or max_tokens, settings)


class ChatModel(Protocol):
    spec: ModelSpec
    sampling: Sampling

    def complete(self, requests: Sequence[ChatRequest], on_each: Callable[[int, Completion], None]) -> None:
        """Answer every request; ``on_each(index, completion)`` as soon as each one is known."""
        ...


def openai_body(spec: ModelSpec, sampling: Sampling, request: ChatRequest) -> dict[str, Any]:
    body: dict[str, Any] = {"model": spec.name, "messages": request.messages(), **sampling.as_dict()}
    answer = request.answer_format
    if answer is not None:  # vLLM's OpenAI-compatible server reads these extra fields
        body["guided_json" if answer.kind == "json" else "guided_grammar"] = (
            json.loads(answer.text) if answer.kind == "json" else answer.text
        )
    return body


class OpenAIModel:
    def __init__(
        self,
        spec: ModelSpec,
        sampling: Sampling,
        base_url: str | None,
        concurrency: int = 8,
        retries: int = 3,
        timeout_s: float | None = None,
    ) -> None:
        self.spec, self.sampling = spec, sampling
        self.chat = OpenAIChat(base_url, retries=retries, timeout_s=timeout_s)  # one pooled client, every thread
        self.concurrency = concurrency

    def complete(self, requests: Sequence[ChatRequest], on_each: Callable[[int, Completion], None]) -> None:
        def one(index: int) -> None:
            on_each(index, self.chat.complete(openai_body(self.spec, self.sampling, requests[index])))

        with ThreadPoolExecutor(max_workers=max(1, self.concurrency)) as pool:
            list(pool.map(one, range(len(requests))))

    def close(self) -> None:
        self.chat.close()


def vllm_sampling_options(sampling: Sampling, answer: AnswerFormat | None) -> dict[str, Any]:
    """Keyword arguments of ``vllm.SamplingParams`` (guided decoding added by the caller)."""
    options = {"temperature": sampling.temperature, "max_tokens": sampling.max_tokens, **sampling.extra}
    if answer is not None:
        options["guided"] = {"json": json.loads(answer.text)} if answer.kind == "json" else {"grammar": answer.text}
    return options


def guided_parameter(sampling_params: Any, guided: dict[str, Any] | None) -> dict[str, Any]:
    """The SamplingParams argument for guided decoding in the installed vLLM: newer releases
    take ``structured_outputs=StructuredOutputsParams``, older ones (0.8 to 0.10)
    ``guided_decoding=GuidedDecodingParams``."""
    if not guided:
        return {}
    if hasattr(sampling_params, "StructuredOutputsParams"):
        return {"structured_outputs": sampling_params.StructuredOutputsParams(**guided)}
    return {"guided_decoding": sampling_params.GuidedDecodingParams(**guided)}


class VLLMModel:
    """vLLM offline: one ``LLM.chat`` call per batch; guided decoding per request."""

    def __init__(self, spec: ModelSpec, sampling: Sampling, **llm_options: Any) -> None:
        try:
            import vllm
        except ImportError:
            raise RuntimeError("vllm:NAME needs vLLM: pip install 'planarium[vllm]' (on a GPU machine)") from None
        self.spec, self.sampling, self.vllm = spec, sampling, vllm
        self.llm = vllm.LLM(model=spec.name, **llm_options)

    def complete(self, requests: Sequence[ChatRequest], on_each: Callable[[int, Completion], None]) -> None:
        from vllm import sampling_params

        params = []
        for request in requests:
            options = vllm_sampling_options(self.sampling, request.answer_format)
            guided = options.pop("guided", None)
            params.append(self.vllm.SamplingParams(**options, **guided_parameter(sampling_params, guided)))
        try:
            outputs = self.llm.chat([r.messages() for r in requests], params)
        except Exception as error:  # noqa: BLE001 - one failed batch is an API failure of its rows, not a crash
            for index in range(len(requests)):
                on_each(index, Completion(None, f"{type(error).__name__}: {error}"))
            return
        for index, output in enumerate(outputs):
            on_each(index, Completion(output.outputs[0].text))


def with_sampling(model: ChatModel, sampling: Sampling) -> ChatModel:
    """The same model (one endpoint client, one loaded vLLM) sampling differently."""
    resampled = copy.copy(model)
    resampled.sampling = sampling
    return resampled


def make_model(
    spec: ModelSpec, sampling: Sampling, base_url: str | None, concurrency: int, retries: int = 3
) -> ChatModel:
    if spec.provider == "openai":
        return OpenAIModel(spec, sampling, base_url, concurrency, retries)
    return VLLMModel(spec, sampling)
