"""What a finished game shows of its past that was hidden during play: the rumour tokens on the board and the one
in a player's hand."""

from __future__ import annotations

from typing import Any

from engine.api import View
from engine.desert.labels import slot_words

BOARD = "The rumours on the board: {rumours}."
IN_HAND = "{who} holds a rumour token worth {value}."
WORDS = (BOARD, IN_HAND)


def revealed(view: View) -> list[tuple[str, dict[str, Any]]]:
    known = [f"{slot_words(r['slot'])} {r['value']:+d}" for r in view["rumour_board"] if r["value"] is not None]
    out: list[tuple[str, dict[str, Any]]] = [(BOARD, {"rumours": "; ".join(known)})] if known else []
    if view.get("rumour_in_hand") is not None and view["to_act"]:  # the seat holding it chooses where it goes
        out.append((IN_HAND, {"who": view["to_act"][0], "value": f"{view['rumour_in_hand']:+d}"}))
    return out
