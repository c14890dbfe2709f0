"""The episode contract shared by the rollout server and replay scoring.

An episode is a row plus settings. ``reset`` gives the first observation; each
``step`` consumes one raw reply and gives the next one. Given the row, the settings
and the replies, everything is deterministic (randomness is drawn from the row seed
and the step index), so the scorer can replay a logged episode exactly.
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from scorer.registry.listing import OUR_READING, PAPER_READING, PARSER_SETTING
from scorer.render.png import BUILD_LEVEL

PARSERS = (OUR_READING, PAPER_READING)


class SettingsError(ValueError):
    """Settings that a mode does not accept; the message names the field."""


ROLES = ("system", "user", "assistant")


@dataclass(frozen=True)
class Message:
    """One chat turn of a prompt: its ``role`` (one of ROLES) and its text, with one
    ``<image>`` marker per image."""

    role: str
    content: str

    def __post_init__(self) -> None:
        if self.role not in ROLES:
            raise ValueError(f"message role must be one of {', '.join(ROLES)}, got {self.role!r}")

    def to_json(self) -> dict[str, str]:
        return {"role": self.role, "content": self.content}


def flat_text(messages: Sequence[Message]) -> str:
    """The messages as one text (blank lines between them): the ``prompt`` of simple use."""
    return "\n\n".join(message.content for message in messages)


@dataclass(frozen=True)
class Observation:
    """Prompt text with one ``<image>`` marker per image; images render lazily.

    ``messages`` holds the prompt with its roles, as the paper's code sent it (system,
    then user, ...); ``text`` is the same prompt flat (``flat_text``). A family that gives
    only the flat text leaves ``messages`` empty: it is then one user message. Images
    follow the markers in order, across messages.

    Replay never looks at images, so they are only drawn when a client asks. The
    ``renderer`` gives an image key's PNG at a zlib level: the build's by default, the
    server's cheaper one when it serves (``scorer.render.png``).
    """

    text: str
    image_keys: tuple[Hashable, ...] = ()
    renderer: Callable[[Hashable, int], bytes] | None = field(default=None, compare=False, repr=False)
    messages: tuple[Message, ...] = ()

    @classmethod
    def chat(
        cls,
        messages: Sequence[Message],
        image_keys: tuple[Hashable, ...] = (),
        renderer: Callable[[Hashable, int], bytes] | None = None,
    ) -> Observation:
        """An observation given as chat messages; its ``text`` is their flat form."""
        return cls(flat_text(messages), image_keys, renderer, tuple(messages))

    def roles(self) -> tuple[Message, ...]:
        """The prompt as chat messages (one user message when only the flat text was given)."""
        return self.messages or (Message("user", self.text),)

    def images_png(self, level: int = BUILD_LEVEL) -> list[bytes]:
        """The images as PNG bytes at zlib ``level``."""
        if not self.image_keys:
            return []
        assert self.renderer is not None
        return [self.renderer(key, level) for key in self.image_keys]

    def to_json(self, png_level: int = BUILD_LEVEL) -> dict[str, Any]:
        return {
            "text": self.text,
            "messages": [message.to_json() for message in self.roles()],
            "images": [base64.b64encode(png).decode("ascii") for png in self.images_png(png_level)],
        }


@dataclass(frozen=True)
class StepResult:
    # The next prompt; on the step that ends the episode, the final one (gymnasium's
    # convention: the last observation shows the outcome, it is never null).
    observation: Observation
    terminated: bool
    truncated: bool
    info: dict[str, Any]


class Episode(Protocol):
    settings: dict[str, Any]
    replies: list[str]

    @property
    def done(self) -> bool: ...

    def reset(self) -> tuple[Observation, dict[str, Any]]: ...

    def step(self, reply: str) -> StepResult: ...

    def outcome(self) -> dict[str, Any]: ...


def check_parser(settings: Mapping[str, Any]) -> None:
    """The parser setting names one of PARSERS (SettingsError otherwise)."""
    if settings.get(PARSER_SETTING, PARSERS[0]) not in PARSERS:
        raise SettingsError(
            f"setting {PARSER_SETTING!r} must be one of {', '.join(PARSERS)}, got {settings[PARSER_SETTING]!r}"
        )


def check_settings(given: Mapping[str, Any], defaults: Mapping[str, Any], mode: str) -> dict[str, Any]:
    """``defaults`` updated by ``given``; unknown keys and wrong types are SettingsError."""
    unknown = sorted(set(given) - set(defaults))
    if unknown:
        raise SettingsError(
            f"mode {mode!r} has no setting(s) {', '.join(unknown)}; known: {', '.join(sorted(defaults))}"
        )
    merged = dict(defaults)
    for key, value in given.items():
        expected = type(defaults[key])
        if expected is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
            raise SettingsError(f"setting {key!r} must be {expected.__name__}, got {value!r}")
        merged[key] = value
    return merged
