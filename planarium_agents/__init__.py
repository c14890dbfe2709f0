"""Agents that play Planarium episodes through the rollout server's HTTP API.

``optimal`` and ``random`` need no model and are real baselines; ``openai`` talks to any
OpenAI-compatible endpoint (``vllm serve``); ``vllm`` runs offline and batched.
"""

from __future__ import annotations

from typing import Any

from planarium_agents.base import Agent, Turn

AGENT_NAMES = ("optimal", "random", "openai", "vllm")


def make_agent(name: str, **options: Any) -> Agent:
    """The agent called ``name``; options a given agent does not use are ignored."""
    if name == "optimal":
        from planarium_agents.scripted import OptimalAgent

        return OptimalAgent()
    if name == "random":
        from planarium_agents.scripted import RandomAgent

        return RandomAgent(seed=options.get("seed", 0))
    if name == "openai":
        from planarium_agents.openai_agent import OpenAIAgent

        return OpenAIAgent(
            options.get("base_url"),
            options.get("model"),
            max_tokens=options.get("max_tokens", 1024),
            concurrency=options.get("concurrency", 8),
        )
    if name == "vllm":
        from planarium_agents.vllm_agent import VLLMAgent

        if not options.get("model"):
            raise ValueError("the vllm agent needs --model")
        return VLLMAgent(options["model"], max_tokens=options.get("max_tokens", 1024))
    raise ValueError(f"unknown agent {name!r}; known: {', '.join(AGENT_NAMES)}")


__all__ = ["AGENT_NAMES", "Agent", "Turn", "make_agent"]
