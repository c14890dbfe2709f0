"""Plays sessions on a Planarium server with openenv-core's own client (``GenericEnvClient``).

Run by ``test_openenv.py`` in an interpreter that has openenv-core (Planarium need not be
importable there), once for the module's tests (importing openenv-core imports gradio: about
8 CPU s). Each line of stdin is a request ``{"url": URL, "sessions": [[OPERATION, ...], ...]}``
where an operation is ``["reset", {...}]``, ``["step", REPLY]`` or ``["state"]``. The sessions
run at once on one event loop, so their messages interleave, each on its own client (its own
WebSocket). Its line of stdout: per session, what each operation gave (``{"error": ...}`` if
the client raised), with each observation's images replaced by their count.
"""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

from openenv.core import GenericEnvClient


def _result(result: Any) -> dict[str, Any]:
    observation = dict(result.observation)
    observation["images"] = len(observation.get("images", []))
    return {"observation": observation, "reward": result.reward, "done": result.done}


async def _operate(client: GenericEnvClient, name: str, args: list[Any]) -> dict[str, Any]:
    if name == "reset":
        return _result(await client.reset(**args[0]))
    if name == "step":
        return _result(await client.step({"reply": args[0]}))
    if name == "state":
        return await client.state()
    raise ValueError(f"unknown operation {name!r}")


async def _play(url: str, operations: list[list[Any]]) -> list[dict[str, Any]]:
    done: list[dict[str, Any]] = []
    async with GenericEnvClient(base_url=url) as client:
        for name, *args in operations:
            try:
                done.append(await _operate(client, name, args))
            except RuntimeError as error:  # the client's form of a {"type": "error"} answer
                done.append({"error": str(error)})
    return done


async def _answer(request: dict[str, Any]) -> list[list[dict[str, Any]]]:
    return list(await asyncio.gather(*(_play(request["url"], operations) for operations in request["sessions"])))


def _main() -> None:
    for line in sys.stdin:
        print(json.dumps(asyncio.run(_answer(json.loads(line)))), flush=True)


if __name__ == "__main__":
    _main()
