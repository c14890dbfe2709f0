"""Fast enumeration of applicable actions and successor states.

Each action is filed under one "trigger" atom of its positive precondition,
so a state only looks at the actions triggered by atoms it makes true
instead of testing every action (a cheap version of Fast Downward's
successor generator).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ._action import GroundAction
from ._bits import bit_indices
from ._formula import StateTest


class _Entry(NamedTuple):
    pre_pos: int
    pre_neg: int
    pre_test: StateTest | None
    action: GroundAction  # its ``apply`` is read when used: it is compiled on first use


class SuccessorGenerator:
    def __init__(self, actions: Sequence[GroundAction]) -> None:
        usage = _trigger_usage(actions)
        self._untriggered: list[_Entry] = []
        self._by_trigger: dict[int, list[_Entry]] = {}  # by the index of the trigger atom
        for action in actions:
            entry = _Entry(action.pre_pos, action.pre_neg, action.pre_test, action)
            if action.pre_pos:
                trigger = _rarest_bit(action.pre_pos, usage)
                self._by_trigger.setdefault(trigger.bit_length() - 1, []).append(entry)
            else:
                self._untriggered.append(entry)
        self._trigger_mask = sum(1 << index for index in self._by_trigger)
        self._order = {action: i for i, action in enumerate(actions)}

    def _candidates(self, state: int) -> list[list[_Entry]]:
        by_trigger = self._by_trigger
        return [self._untriggered, *(by_trigger[index] for index in bit_indices(state & self._trigger_mask))]

    def applicable(self, state: int) -> list[GroundAction]:
        """Applicable actions in task order."""
        found = [
            entry.action
            for group in self._candidates(state)
            for entry in group
            if state & entry.pre_pos == entry.pre_pos
            and not state & entry.pre_neg
            and (entry.pre_test is None or entry.pre_test(state))
        ]
        found.sort(key=self._order.__getitem__)
        return found

    def successor_states(self, state: int) -> list[int]:
        """Successor of every applicable action (duplicates possible), unordered."""
        result = []
        for group in self._candidates(state):
            for pre_pos, pre_neg, pre_test, action in group:
                if state & pre_pos == pre_pos and not state & pre_neg and (pre_test is None or pre_test(state)):
                    result.append(action.apply(state))
        return result

    def transitions(self, state: int) -> list[tuple[GroundAction, int]]:
        """(action, successor) for every applicable action, unordered."""
        result = []
        for group in self._candidates(state):
            for pre_pos, pre_neg, pre_test, action in group:
                if state & pre_pos == pre_pos and not state & pre_neg and (pre_test is None or pre_test(state)):
                    result.append((action, action.apply(state)))
        return result


def _trigger_usage(actions: Sequence[GroundAction]) -> dict[int, int]:
    usage: dict[int, int] = {}
    for action in actions:
        mask = action.pre_pos
        while mask:
            low = mask & -mask
            usage[low] = usage.get(low, 0) + 1
            mask ^= low
    return usage


def _rarest_bit(mask: int, usage: dict[int, int]) -> int:
    # The atom shared by the fewest actions splits them into the smallest groups.
    best, best_count = 0, -1
    while mask:
        low = mask & -mask
        if best_count < 0 or usage[low] < best_count:
            best, best_count = low, usage[low]
        mask ^= low
    return best
