"""Which moment of a self-play game the demo and the benchmark call "mid-game" (render/selfplay.py asks)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any


def mid_game(states: Sequence[Any], view: Callable[[Any], dict[str, Any]]) -> Any:
    """The first state with 42 tiles on the map (half the set) and a tile to place."""
    for s in states:
        v = view(s)
        if len(v["tiles"]) >= 42 and v["phase"] == "place":
            return s
    return states[len(states) // 2]
