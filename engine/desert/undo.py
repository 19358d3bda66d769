"""Which Wüstensöhne moves a player may take back alone: those that revealed nothing hidden (docs/desert.md).

Decided from the move's events with a list of the quiet ones, so an event type added later counts as revealing
until it is listed here. Hidden are the piles' order and the rumour tokens' values (each seat knows those it drew
or looked at; the supply beside the board is a face-down stack). A draw or a scout's replacement turns up a pile
tile; the end of the game reveals every token. A rumour action draws a token for its seat and a peek shows one:
both are quiet only when the seat learns nothing (the supply is empty, or the seat already knows that token, e.g.
it put it back on the supply itself). Displays, the tile in hand, placing or taking off a token the seat holds or
knows, and everything else on the table are open.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.moves import Move

QUIET_EVENTS = frozenset(
    {
        "discard",
        "move",
        "no_discovery",
        "from_display",
        "scout",
        "choose_position",
        "attach",
        "desert",
        "explorer",
        "withdraw",
        "oasis",
        "no_space_left",
        "turban",
        "action",
        "make_room",
        "rumour",
        "peek",
        "peeked",
        "bonus",
        "turn",
    }
)


def _token_shown(state_before: Any, event: dict[str, Any]) -> int | None:
    """The rumour token the event puts before its seat's eyes, if any: the supply's top for a rumour action, the
    slot's token for a look."""
    if event["type"] == "action" and event.get("action") == "rumour" and state_before.rumour_supply:
        return int(state_before.rumour_supply[-1])
    if event["type"] == "peek" and event.get("slot") is not None:
        return int(state_before.rumour_board[event["slot"]])
    return None


def undoable(state_before: Any, move: Move, events: Sequence[dict[str, Any]]) -> bool:
    """Whether `move` (made on `state_before`, producing `events`) revealed nothing and drew no tile or token."""
    for event in events:
        if event.get("type") not in QUIET_EVENTS:
            return False
        token = _token_shown(state_before, event)
        if token is not None and event["player"] not in state_before.rumour_known[token]:
            return False
    return True
