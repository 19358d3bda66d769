"""Which Discovery moves a player may take back alone: those that revealed nothing hidden (docs/discovery.md).

Decided from the move's events with a list of the quiet ones, so an event type added later counts as revealing
until it is listed here. Hidden are the pile's order and the tiles in other players' hands: a draw turns up the
next tile, a discard shows a tile that fits nowhere, a refill puts a face-down tile into the mover's hand, and the
end of the game is never undone alone. So in the standard game only a placement that leaves the follower choice
open is quiet (ending the turn draws the next player's tile); in the double-tile variant the follower choice is
quiet too, unless the next player's hand had a tile that fits nowhere. A skip is quiet: hand sizes are public.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.moves import Move

QUIET_EVENTS = frozenset({"place", "complete", "no_choice", "deploy", "score", "pass", "turn", "skip"})


def undoable(state_before: Any, move: Move, events: Sequence[dict[str, Any]]) -> bool:
    """Whether `move` (made on `state_before`, producing `events`) revealed nothing and drew no tile."""
    return all(event.get("type") in QUIET_EVENTS for event in events)
