"""What a finished game shows of its past that was hidden during play: the tiles in every player's hand (the
double-tile variant)."""

from __future__ import annotations

from typing import Any

from engine.api import View

HAND = "{who}'s tiles in hand: {tiles}."
WORDS = (HAND,)


def revealed(view: View) -> list[tuple[str, dict[str, Any]]]:
    return [
        (HAND, {"who": p["seat"], "tiles": "; ".join(t["words"] for t in p["hand"])})
        for p in view["players"]
        if p.get("hand")
    ]
