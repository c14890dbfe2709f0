"""``vllm``: offline ``vllm.LLM.chat``, batched across every active episode of a round.

vLLM is imported only when the agent is made, so the package works without it
(``pip install 'planarium[vllm]'`` on a GPU machine). Request building is the same
pure function as the OpenAI agent's, so it is tested without weights.
"""

from __future__ import annotations

from typing import Any

from planarium_agents.base import Turn
from planarium_agents.messages import chat_messages


def conversations(turns: list[Turn]) -> list[list[dict[str, Any]]]:
    return [chat_messages(turn.observation) for turn in turns]


class VLLMAgent:
    name = "vllm"

    def __init__(self, model: str, max_tokens: int = 1024, **llm_options: Any) -> None:
        try:
            import vllm
        except ImportError:
            raise RuntimeError("the vllm agent needs vLLM: pip install 'planarium[vllm]' (on a GPU machine)") from None
        self.llm = vllm.LLM(model=model, **llm_options)
        self.sampling = vllm.SamplingParams(temperature=0, max_tokens=max_tokens)

    def act(self, turns: list[Turn]) -> list[str]:
        outputs = self.llm.chat(conversations(turns), self.sampling)
        return [output.outputs[0].text for output in outputs]
