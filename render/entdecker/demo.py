"""Which moment of a self-play game the demo and the benchmark call "mid-game" (render/selfplay.py asks)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any


def mid_game(states: Sequence[Any], view: Callable[[Any], dict[str, Any]]) -> Any:
    """The first state with about half the board discovered, moved on to a moment with a tile in hand if one
    comes within 40 states."""
    board = view(states[0]).get("board") or {}
    total = int(board.get("cols", 10)) * int(board.get("rows", 7))
    mid = next((s for s in states if len(view(s)["tiles"]) >= total // 2), states[len(states) // 2])
    i = states.index(mid)
    for s in states[i : i + 40]:
        if view(s)["phase"] == "place":
            return s
    return mid
