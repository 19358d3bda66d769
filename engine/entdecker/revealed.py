"""What a finished game shows of its past that was hidden during play: every player's personal tiles."""

from __future__ import annotations

from typing import Any

from engine.api import View
from engine.entdecker.words import tile_words

TILES = "{who}'s personal tiles: {tiles}."
NONE_LEFT = "{who} has no personal tiles left."
WORDS = (TILES, NONE_LEFT)


def revealed(view: View) -> list[tuple[str, dict[str, Any]]]:
    out: list[tuple[str, dict[str, Any]]] = []
    for p in view["players"]:
        tiles = p.get("personal_tiles")
        if tiles is None or not (view.get("options") or {}).get("personal_tiles"):
            continue
        words = ", ".join(tile_words(t["id"]) for t in tiles)
        out.append((TILES, {"who": p["seat"], "tiles": words}) if tiles else (NONE_LEFT, {"who": p["seat"]}))
    return out
