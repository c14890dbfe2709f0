"""Worked answers for the blocks in-context examples, in the shapes of VSP's own example
answers (``blocks/<task>/example/``), written from the state by our code."""

from __future__ import annotations

from collections.abc import Sequence

from scorer.families.vsp.blocks import IllegalMove, Move, Stacks, apply, blocks_of
from scorer.families.vsp.blocks_text import pure_text


def _numbered(stacks: Stacks) -> list[str]:
    lines = []
    for number, stack in enumerate(stacks, start=1):
        if len(stack) == 1:
            lines.append(f"- Stack {number}: {stack[0]} block (alone)")
        else:
            lines.append(f"- Stack {number}: {', '.join(f'{b} block' for b in stack)}, from bottom to top")
    return lines


def _stack_count(stacks: Stacks) -> str:
    return f"there {'is 1 stack' if len(stacks) == 1 else f'are {len(stacks)} stacks'}:"


def plan_solution(start: Stacks, goal: Stacks, plan: Sequence[Move]) -> str:
    return "\n".join(
        [
            "<Analysis>",
            f"Starting state: {_stack_count(start)}",
            *_numbered(start),
            f"Ending state: {_stack_count(goal)}",
            *_numbered(goal),
            "<Output>",
            *(f"{number}. {move}" for number, move in enumerate(plan, start=1)),
        ]
    )


def _levels(stacks: Stacks) -> list[str]:
    """VSP's T1/T2 description: the blocks, then each stack's levels from the left."""
    count = len(blocks_of(stacks))
    lines = [f"The input contains {count} blocks in {len(stacks)} stacks. From left to right:"]
    for number, stack in enumerate(stacks, start=1):
        levels = f"{len(stack)} level{'s' if len(stack) > 1 else ''}"
        if len(stack) == 1:
            lines.append(f"- Stack {number} has {levels}. Level 1 has {_a(stack[0])} block.")
        else:
            held = ", ".join(f"level {k} has {_a(b)} block" for k, b in enumerate(stack, start=1))
            lines.append(f"- Stack {number} has {levels}. From bottom to top: {held}.")
    return lines


def _a(colour: str) -> str:
    return f"{'an' if colour[0] in 'aeiou' else 'a'} {colour}"


def colour_solution(stacks: Stacks, question: str, colour: str) -> str:
    said = f'As such, for the question "{question}", the correct answer is "<Output> {colour}".'
    return "\n".join([*_levels(stacks), said, f"<Output> {colour}"])


def relation_solution(stacks: Stacks, question: str, reason: str, letter: str) -> str:
    said = f'As such, for the question "{question}", since {reason}, the correct answer is "<Output> {letter}".'
    return "\n".join([*_levels(stacks), said, f"<Output> {letter}"])


def choice_solution(stacks: Stacks, letter: str) -> str:
    return (
        "First, the block configuration in the input image is as follow:\n"
        + pure_text(stacks)
        + f"Therefore, we will choose the candidate with {len(stacks)} stacks and the same configuration as"
        f" shown above.\n<Output> {letter}"
    )


def sequence_solution(stacks: Stacks, moves: Sequence[Move]) -> str:
    lines = ["<Analysis> Now the current block configuration is:", pure_text(stacks).rstrip("\n")]
    for move in moves:
        try:
            stacks = apply(stacks, move)
        except IllegalMove as error:
            lines += [f'The action "{move}" is invalid, because {error}.', "Therefore, the action sequence is invalid."]
            return "\n".join([*lines, "<Output> No"])
        lines += [
            f'The action "{move}" is valid. We execute this action. The state becomes:',
            pure_text(stacks).rstrip(),
        ]
    return "\n".join([*lines, "Therefore, the action sequence is valid.", "<Output> Yes"])
