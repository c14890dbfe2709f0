"""The pieces of ``planarium eval`` that need no endpoint: the cache key, the vLLM request
(built without weights) and the split of a prompt into system and user parts."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from types import SimpleNamespace

from planarium_agents.eval.cache import ResponseCache, request_fields
from planarium_agents.eval.models import (
    ChatRequest,
    Draw,
    ModelSpec,
    Sampling,
    guided_parameter,
    openai_body,
    vllm_sampling_options,
)
from planarium_agents.messages import split_system
from scorer.tasks.base import AnswerFormat

REQUEST = ChatRequest({"text": "Is it <image> red?", "images": ["aGVsbG8="]}, ("Is it",))
SAMPLING = Sampling().as_dict()


def test_the_cache_key_changes_with_model_sampling_prompt_image_and_format(tmp_path: Path) -> None:
    base = request_fields("openai:a", SAMPLING, REQUEST)
    others = [
        request_fields("openai:b", SAMPLING, REQUEST),
        request_fields("openai:a", Sampling(temperature=0.7).as_dict(), REQUEST),
        request_fields("openai:a", SAMPLING, ChatRequest({"text": "Is it <image> blue?", "images": ["aGVsbG8="]})),
        request_fields(
            "openai:a", SAMPLING, ChatRequest({"text": "Is it <image> red?", "images": ["d29ybGQ="]}, ("Is it",))
        ),
        request_fields(
            "openai:a",
            SAMPLING,
            ChatRequest(REQUEST.observation, REQUEST.system_prompts, AnswerFormat("grammar", 'start: "Yes"')),
        ),
    ]
    keys = {ResponseCache.key(fields) for fields in [base, *others]}
    assert len(keys) == 1 + len(others)
    cache = ResponseCache(tmp_path / "c.sqlite")
    cache.put(base, "Yes")
    assert cache.get(request_fields("openai:a", SAMPLING, REQUEST)) == "Yes" and cache.get(others[0]) is None
    cache.close()
    assert len(ResponseCache(tmp_path / "c.sqlite")) == 1  # on disk: a later run reads it


def test_a_sampled_request_is_keyed_by_its_draw_and_a_greedy_one_is_not() -> None:
    sampled = Sampling(temperature=1.0).as_dict()

    def key(sampling: dict[str, object], draw: Draw | None) -> str:
        request = ChatRequest(REQUEST.observation, REQUEST.system_prompts, draw=draw)
        return ResponseCache.key(request_fields("openai:a", sampling, request))

    draws = [Draw("r/1"), Draw("r/2"), Draw("r/1", step=1), Draw("r/1", sample=1)]
    assert len({key(sampled, draw) for draw in draws}) == len(draws)
    assert key(sampled, Draw("r/1", 1)) == key(sampled, Draw("r/1", 1))  # a resumed run finds it
    # temperature 0: one key wherever the prompt is asked, the key it had before draws existed
    assert {key(SAMPLING, draw) for draw in [None, *draws]} == {key(SAMPLING, None)}


def test_a_cache_from_before_draws_gets_the_column_and_keeps_its_answers(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    fields = request_fields("openai:a", SAMPLING, REQUEST)
    old_key = ResponseCache.key(fields)
    with sqlite3.connect(path) as db:  # the table as it was made before draws (no draw column)
        db.execute(
            "CREATE TABLE responses (key TEXT PRIMARY KEY, model TEXT NOT NULL, sampling TEXT NOT NULL, "
            "prompt_sha256 TEXT NOT NULL, images_sha256 TEXT NOT NULL, answer_format_sha256 TEXT NOT NULL, "
            "response TEXT NOT NULL)"
        )
        db.execute("INSERT INTO responses VALUES (?, ?, ?, ?, ?, ?, ?)", (old_key, *list(fields.values())[:5], "Yes"))
    db.close()
    cache = ResponseCache(path)
    assert cache.recovered is None and cache.get(fields) == "Yes"
    drawn = request_fields(
        "openai:a", Sampling(temperature=1.0).as_dict(), ChatRequest(REQUEST.observation, draw=Draw("r"))
    )
    cache.put(drawn, "No")
    assert cache.get(drawn) == "No" and len(cache) == 2
    cache.close()


def test_vllm_requests_build_without_weights() -> None:
    grammar = AnswerFormat("grammar", 'start: "Yes" | "No"')
    schema = AnswerFormat("json", '{"type": "object"}')
    assert vllm_sampling_options(Sampling(), None) == {"temperature": 0.0, "max_tokens": 1024}
    assert vllm_sampling_options(Sampling(), grammar)["guided"] == {"grammar": 'start: "Yes" | "No"'}
    assert vllm_sampling_options(Sampling(), schema)["guided"] == {"json": {"type": "object"}}
    body = openai_body(ModelSpec("openai", "m"), Sampling(), ChatRequest(REQUEST.observation, (), schema))
    assert body["guided_json"] == {"type": "object"} and body["temperature"] == 0.0


def test_a_known_system_part_is_split_off() -> None:
    assert split_system("SYS\n\nask <image>", ("SYS",)) == ("SYS", "ask <image>")
    assert split_system("ask", ("SYS",)) == (None, "ask")
    messages = REQUEST.messages()
    assert messages[0] == {"role": "system", "content": "Is it"}
    assert [part["type"] for part in messages[1]["content"]] == ["image_url", "text"]  # " " before the image: dropped


def test_guided_decoding_takes_the_installed_vllms_parameter() -> None:
    # Stand-ins for vllm.sampling_params of a newer and an older release (no GPU here).
    newer = SimpleNamespace(StructuredOutputsParams=lambda **kw: ("structured", kw))
    older = SimpleNamespace(GuidedDecodingParams=lambda **kw: ("guided", kw))
    grammar = {"grammar": 'start: "Yes"'}
    assert guided_parameter(newer, grammar) == {"structured_outputs": ("structured", grammar)}
    assert guided_parameter(older, grammar) == {"guided_decoding": ("guided", grammar)}
    assert guided_parameter(older, None) == {}
