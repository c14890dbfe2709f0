"""Slidegeom mode: the sliding geom puzzle played as iVISPAR plays it.

**Description.** Geoms (a colour and a shape) stand on a square board; the agent moves
them one cell at a time until the board matches the goal placement.

**Observation.** iVISPAR's own prompt, as its agent sends it (``episode_prompt``): its
instruction as the system message, the last ``history`` steps as earlier turns (the board
then, and the action iVISPAR records), the goal state, the current state and iVISPAR's
user text. ``last_result: true`` adds the feedback on the last command (ours; iVISPAR
never shows it). ``view`` picks how a board is shown: ``3d`` (angled view) or ``2d``
(top-down schematic), as framed images labelled as iVISPAR labels them (past grey, goal
green, active blue; rendered only when asked for), or ``text``, the geom list in the
prompt and no image. The paper's main modality is 3D vision, hence the default.

**Action space.** A raw reply; the last ``move <colour> <shape> <direction>`` in it
counts (``moves.parse_command``). With ``parser: paper`` the reply is read as iVISPAR
read it instead (``ivispar_parse``: its two layers, repeat counts and all). Each step
is one of the paper's action classes:
effective (the A* distance to the goal drops), ineffective (it rises), occupied
destination, out of bounds, illegal command (no command, or a geom not on the board).
Only effective and ineffective moves change the board. The feedback is iVISPAR's
validity string.

**Termination.** The placement equals the goal (terminated), or ``max_steps`` replies
(20, as the paper) were given (truncated).

**Outcome.** success, steps, legal-move rate, replies without a command, action-class
counts, and the A* distance trace with iVISPAR's evaluation numbers: ``min_distance``
(the smallest distance reached), ``step_deviation`` (the distance left after as many
steps as the optimal solution has; the last state's distance when the episode ended
before that) and the start and final distances. No randomness: replay is exact.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorer.episodes.base import PARSER_SETTING, Observation, SettingsError, StepResult, check_parser, check_settings
from scorer.families.slidegeom.board import Board, Geom, Placement
from scorer.families.slidegeom.episode_prompt import (
    HISTORY_FORMS,
    IMAGE_MARKER,
    LABELS,
    NO_ACTION_RECORDED,
    VIEWS,
    PastStep,
    episode_prompt,
)
from scorer.families.slidegeom.ivispar_parse import ivispar_step
from scorer.families.slidegeom.moves import MoveClass, Outcome, classify, parse_command
from scorer.families.slidegeom.search import distance
from scorer.families.slidegeom.state_images import ImageKey, state_png
from scorer.families.slidegeom.text import placement_text
from scorer.io.dataset import KeyRow

DEFAULTS: dict[str, Any] = {
    "mode": "slidegeom",
    "view": "3d",
    "history": 2,
    "history_as": "turns",
    "last_result": False,
    "max_steps": 20,
    PARSER_SETTING: "ours",
}
# Outcome keys of the action classes: one word each, so they read as metric names.
CLASS_KEYS: dict[MoveClass, str] = {
    MoveClass.EFFECTIVE: "effective_moves",
    MoveClass.INEFFECTIVE: "ineffective_moves",
    MoveClass.OCCUPIED: "occupied_destination",
    MoveClass.OUT_OF_BOUNDS: "out_of_bounds",
    MoveClass.ILLEGAL: "illegal_commands",
}


def row_board(row: KeyRow) -> Board:
    """The puzzle a slidegeom episode row holds in its meta."""
    meta = row.meta
    geoms = tuple(Geom(*name.split(" ", 1)) for name in meta["geoms"])
    start = tuple((int(x), int(y)) for x, y in meta["start"])
    goal = tuple((int(x), int(y)) for x, y in meta["goal"])
    return Board(int(meta["board_size"]), geoms, start, goal)


@dataclass(frozen=True)
class _Step:
    before: Placement
    command: str | None  # the parsed command; None when the reply had none
    outcome: Outcome
    recorded: str  # the action as iVISPAR's history shows it


class SlideGeomEpisode:
    def __init__(self, row: KeyRow, settings: dict[str, Any]) -> None:
        self.settings = checked_settings(settings)
        self.row = row
        self.board = row_board(row)
        self.placement = self.board.start
        self.replies: list[str] = []
        self.steps: list[_Step] = []
        self.distances = [distance(self.board.size, self.placement, self.board.goal)]
        self.end_reason: str | None = "goal" if self.placement == self.board.goal else None

    @property
    def done(self) -> bool:
        return self.end_reason is not None

    def reset(self) -> tuple[Observation, dict[str, Any]]:
        return self._observation(), {"max_steps": self.settings["max_steps"], "settings": self.settings}

    def step(self, reply: str) -> StepResult:
        if self.done:
            raise RuntimeError("the episode is over")
        self.replies.append(reply)
        if self.settings[PARSER_SETTING] == "paper":
            sent, outcome, after = ivispar_step(self.board, self.placement, reply)
            self.steps.append(_Step(self.placement, sent, outcome, sent))
        else:
            command = parse_command(reply)
            outcome, after = classify(self.board, self.placement, command)
            text = command.text if command else None
            self.steps.append(_Step(self.placement, text, outcome, text or NO_ACTION_RECORDED))
        self.placement = after
        # An unchanged board keeps its distance; only a real move needs A* (cached anyway).
        changed = outcome.changed_board
        self.distances.append(distance(self.board.size, after, self.board.goal) if changed else self.distances[-1])
        self._update_end()
        info = {
            "step": len(self.replies),
            "command": self.steps[-1].command,
            "move_class": outcome.move_class.value,
            "feedback": outcome.feedback,
        }
        return StepResult(self._observation(), self.end_reason == "goal", self.end_reason == "max_steps", info)

    def _update_end(self) -> None:
        if self.placement == self.board.goal:
            self.end_reason = "goal"
        elif len(self.replies) >= self.settings["max_steps"]:
            self.end_reason = "max_steps"

    def _observation(self) -> Observation:
        view, history = self.settings["view"], self.settings["history"]
        keys: list[ImageKey] = []  # in the order of the prompt's image markers
        first_recalled = max(0, len(self.steps) - history)
        past = [
            PastStep(i, self._shown(s.before, "past", keys), s.recorded, s.outcome.feedback)
            for i, s in enumerate(self.steps)
            if i >= first_recalled
        ]
        goal = self._shown(self.board.goal, "goal", keys)
        current = self._shown(self.placement, "current", keys)
        last = None
        if self.steps:
            s = self.steps[-1]
            last = PastStep(len(self.steps) - 1, "", s.recorded, s.outcome.feedback)
        messages = episode_prompt(
            view,
            self.board.size,
            goal,
            current,
            past,
            last,
            self.settings["history_as"],
            self.settings["last_result"],
        )
        return Observation.chat(messages, tuple(keys), state_png if keys else None)

    def _shown(self, placement: Placement, role: str, keys: list[ImageKey]) -> str:
        """The board as the prompt shows it; an image view also records the image's key,
        labelled as iVISPAR labels it (active, goal, past)."""
        view = self.settings["view"]
        if view == "text":
            return placement_text(self.board.geoms, placement)
        keys.append(ImageKey(view, self.board.size, self.board.geoms, placement, role, LABELS[role][0]))
        return IMAGE_MARKER

    def outcome(self) -> dict[str, Any]:
        steps = len(self.replies)
        classes = {key: 0 for key in CLASS_KEYS.values()}
        for s in self.steps:
            if s.outcome.move_class in CLASS_KEYS:
                classes[CLASS_KEYS[s.outcome.move_class]] += 1
        if self.settings[PARSER_SETTING] == "paper":  # iVISPAR leaves invalid objects out of every class
            classes["uncounted"] = sum(1 for s in self.steps if s.outcome.move_class is MoveClass.UNCOUNTED)
        legal = classes["effective_moves"] + classes["ineffective_moves"]
        return {
            "success": self.end_reason == "goal",
            "steps": steps,
            "legal_actions": legal,
            "legal_rate": legal / steps if steps else 0.0,
            "unparsable": sum(1 for s in self.steps if s.command is None),
            "end": self.end_reason or "abandoned",
            "view": self.settings["view"],
            "action_classes": classes,
            "distances": list(self.distances),
            "start_distance": self.distances[0],
            "final_distance": self.distances[-1],
            "min_distance": min(self.distances),
            "step_deviation": step_deviation(self.distances),
        }


def step_deviation(distances: list[int]) -> int:
    """iVISPAR's step deviation: the A* distance after as many steps as the optimal
    solution has (``distances[0]``); the last distance when fewer steps were taken
    (0 after a success)."""
    optimal = distances[0]
    return distances[optimal] if len(distances) > optimal else distances[-1]


def checked_settings(settings: dict[str, Any]) -> dict[str, Any]:
    """The episode's settings: the defaults filled in, each checked (a SettingsError)."""
    merged = check_settings(settings, DEFAULTS, "slidegeom")
    check_parser(merged)
    if merged["view"] not in VIEWS:
        raise SettingsError(f"setting 'view' must be one of {', '.join(VIEWS)}, got {merged['view']!r}")
    if merged["history_as"] not in HISTORY_FORMS:
        raise SettingsError(
            f"setting 'history_as' must be one of {', '.join(HISTORY_FORMS)}, got {merged['history_as']!r}"
        )
    if merged["history"] < 0:
        raise SettingsError(f"setting 'history' must be >= 0, got {merged['history']}")
    if merged["max_steps"] < 1:
        raise SettingsError(f"setting 'max_steps' must be >= 1, got {merged['max_steps']}")
    return merged
