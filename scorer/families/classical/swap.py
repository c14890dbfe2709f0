"""Swap: agents each hold one item and trade items pairwise with their friends."""

from __future__ import annotations

import random

from ._gen import atom, pick, problem_pddl
from .base import ClassicalDomain

DOMAIN_PDDL = """\
(define (domain swap)
  (:requirements :strips :typing :equality)
  (:types agent item)
  (:predicates
    (holds ?a - agent ?i - item)
    (friends ?a - agent ?b - agent))
  ; friendship is irreflexive, so an agent never trades with itself; two agents never
  ; hold the same item, so ?x = ?y could never apply and is kept out of the vocabulary
  (:action swap
    :parameters (?a - agent ?b - agent ?x - item ?y - item)
    :precondition (and (friends ?a ?b) (holds ?a ?x) (holds ?b ?y) (not (= ?x ?y)))
    :effect (and (holds ?a ?y) (holds ?b ?x) (not (holds ?a ?x)) (not (holds ?b ?y)))))
"""

DESCRIPTION = (
    "This is a swap domain. A group of agents each hold exactly one item, and every item is held "
    "by exactly one agent. Some pairs of agents are friends; friendship goes both ways. The only "
    "thing that can happen is a trade: two agents who are friends exchange the items they are "
    "holding, so that each ends up with what the other had. Agents who are not friends can never "
    "trade directly, although items can pass along a chain of friends over several trades. The "
    "goal says which item each agent should end up holding."
)

ATOM_TEMPLATES = {
    "holds": "{0} holds the {1}",
    "friends": "{0} and {1} are friends",
}

ACTION_TEMPLATES = {
    "swap": "{0} and {1} swap items, {0} giving the {2} and receiving the {3}",
}

AGENTS = ["ana", "ben", "cleo", "dario", "emil", "fatima", "gus", "hiro", "ines", "jonas", "kofi", "lena", "milo",
          "nadia"]  # fmt: skip
ITEMS = ["atlas", "banjo", "compass", "drum", "easel", "flute", "globe", "harp", "kite", "lantern", "mirror", "net",
         "oar", "puzzle"]  # fmt: skip

# size 0: the reachable states are at most the 6! = 720 ways to hand out the items
BANDS = [
    {"agents": [5, 6], "groups": [1, 1, 2]},
    {"agents": [6, 7, 8], "groups": [1, 1, 2]},
    {"agents": [10, 12, 14], "groups": [1, 2]},
]
_EXTRA_FRIENDS = 0.3  # chance that two agents of one group are friends beyond the spanning tree


def generate(rng: random.Random, size: int) -> str:
    """Friend groups are connected, so any reshuffle of the items within a
    group is reachable; the goal is the end of a random run of trades."""
    params = pick(rng, size, BANDS)
    agents = AGENTS[: params["agents"]]
    items = ITEMS[: params["agents"]]
    pairs = friend_pairs(rng, agents, params["groups"])
    start = dict(zip(agents, rng.sample(items, len(items))))
    goal = traded(rng, start, pairs)
    init = [atom("holds", a, start[a]) for a in agents]
    init += [atom("friends", a, b) for x, y in pairs for a, b in ((x, y), (y, x))]
    return problem_pddl(
        f"swap-{len(agents)}-{len(pairs)}",
        "swap",
        [("agent", agents), ("item", items)],
        init,
        [atom("holds", a, goal[a]) for a in agents],
    )


def friend_pairs(rng: random.Random, agents: list[str], groups: int) -> list[tuple[str, str]]:
    """A random spanning tree per group plus some extra friendships inside groups.
    Two groups (when asked for) make some holdings unreachable, which is what
    reachability questions need."""
    order = rng.sample(agents, len(agents))
    cut = len(order) // 2 if groups == 2 else len(order)
    pairs: set[tuple[str, str]] = set()
    for group in (order[:cut], order[cut:]):
        for k in range(1, len(group)):
            pairs.add(_pair(group[k], group[rng.randrange(k)]))
        for i, a in enumerate(group):
            for b in group[i + 1 :]:
                if rng.random() < _EXTRA_FRIENDS:
                    pairs.add(_pair(a, b))
    return sorted(pairs)


def _pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


def traded(rng: random.Random, start: dict[str, str], pairs: list[tuple[str, str]]) -> dict[str, str]:
    """The holdings after random trades along friendships, with more than half
    of the agents holding something new (so the goal is more than one trade away)."""
    holding = dict(start)
    while sum(holding[a] != start[a] for a in start) <= len(start) // 2:
        for _ in range(3 * len(start)):
            a, b = rng.choice(pairs)
            holding[a], holding[b] = holding[b], holding[a]
    return holding


SWAP = ClassicalDomain(
    name="swap",
    description=DESCRIPTION,
    domain_pddl=DOMAIN_PDDL,
    atom_templates=ATOM_TEMPLATES,
    action_templates=ACTION_TEMPLATES,
    generate=generate,
)
