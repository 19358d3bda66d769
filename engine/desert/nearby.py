"""What the others did near a player's caravan and explorers since that player last moved ("since your last
turn"): the tiles they attached beside them (new lines for the caravan, oases closing around an explorer)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.api import Counted, Event, NearPart, View
from engine.core.nearby import Nearby, beside
from engine.desert.state import GRID

WORDS = (
    Counted(
        "caravan",
        "{who} attached {count} tile beside your caravan ({spaces}).",
        "{who} attached {count} tiles beside your caravan ({spaces}).",
    ),
    Counted(
        "explorers",
        "{who} attached {count} tile beside your explorers ({spaces}).",
        "{who} attached {count} tiles beside your explorers ({spaces}).",
    ),
)


def nearby(view: View, events: Sequence[Event], seat: int) -> list[NearPart]:
    caravan = [view["players"][seat]["caravan"]]
    explorers = [e["space"] for e in view["explorers"] if e["player"] == seat and e["space"]]
    near = Nearby()
    for event in events:
        if event.get("type") != "attach" or event.get("player") in (None, seat):
            continue
        space = str(event.get("space"))
        if beside(GRID, space, caravan):
            near.add("caravan", event["player"], space)
        elif beside(GRID, space, explorers) or space in explorers:
            near.add("explorers", event["player"], space)
    return near.parts()
