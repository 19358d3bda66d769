"""Which Entdecker moves a player may take back alone: those that revealed nothing hidden and drew on no chance.

Decided from the move's events with a list of the quiet ones, so an event type added later counts as revealing
until it is listed here: a draw shows a face-down tile, a fill-in turns up a pile's top, an event tile, an income
spin or a plant token is chance. A placement is quiet unless its tile carried an event; an island scoring is quiet
unless plant tokens were drawn for it; leaving the welcoming natives' token is quiet, taking it is not. The end
of the game is never undone alone (it reveals the seed).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.moves import Move

QUIET_EVENTS = frozenset(
    {
        "ship",
        "explore",
        "choose_placement",
        "place",
        "build",
        "stop",
        "recall",
        "turn",
        "forced_stop",
        "pass",
        "island",
        "natives",
    }
)


def undoable(state_before: Any, move: Move, events: Sequence[dict[str, Any]]) -> bool:
    """Whether `move` (made on `state_before`, producing `events`) revealed nothing and drew on no chance."""
    for event in events:
        kind = event.get("type")
        if kind not in QUIET_EVENTS:
            return False
        if kind == "place" and event.get("event"):
            return False
        if kind == "island" and event.get("plants"):
            return False
        if kind == "natives" and event.get("plant") is not None:  # taking the natives' token drew a hidden one
            return False
    return True
