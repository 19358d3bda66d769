"""Which moment of a self-play game the demo and the benchmark call "mid-game" (render/selfplay.py asks)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def mid_game(states: Sequence[Any], view: Any) -> Any:
    """The first state with about 40 tiles discovered, moved on to an oasis scoring if one comes within 60 states."""
    mid = next((s for s in states if len(view(s)["tiles"]) >= 60), states[len(states) // 2])
    i = states.index(mid)
    for s in states[i : i + 60]:
        if view(s)["phase"] == "action":
            return s
    return mid
