"""What each player's gold comes from (`/game status`): each kind of goods they carry at its value, and at the end
the water stones that break a tie (worth no gold). Before the end a good is valued as the viewer knows it: the base
value and the rumours that viewer has seen (a spectator: the base value alone), so nothing hidden leaks."""

from __future__ import annotations

from collections.abc import Sequence

from engine.api import Event, ScorePart, ScoreSource, View
from engine.desert.state import BASE_VALUE
from engine.desert.tiles import GOODS

_SEVERAL = {"gemstone": "gemstones"}  # the other goods are the same word for several

SOURCES = (
    *(ScoreSource(good, f"{{count}} {good}", f"{{count}} {_SEVERAL.get(good, good)}") for good in GOODS),
    ScoreSource("water", "{count} water stone to break a tie", "{count} water stones to break a tie"),
)


def good_values(view: View) -> dict[str, int]:
    """Each good's value: the final one once the game is over, else the base value and the rumours this view shows."""
    result = view.get("result") or {}
    if view.get("game_over") and "values" in result:
        return {g: int(result["values"][g]) for g in GOODS}
    values = dict.fromkeys(GOODS, BASE_VALUE)
    for slot in view["rumour_board"]:
        if slot["value"] is not None:
            values[slot["good"]] += int(slot["value"])
    return values


def score_parts(view: View, events: Sequence[Event]) -> list[list[ScorePart]]:
    values = good_values(view)
    out: list[list[ScorePart]] = []
    for p in view["players"]:
        parts: list[ScorePart] = [(g, n, n * values[g]) for g in GOODS if (n := p["goods"].count(g))]
        if view.get("game_over") and p["water"]:
            parts.append(("water", p["water"], 0))
        out.append(parts)
    return out
