"""What the others did near a player's buildings since that player last moved ("since your last turn"): the tiles
they placed on an island the player has built on, or beside one of those buildings."""

from __future__ import annotations

from collections.abc import Sequence

from engine.api import Counted, Event, NearPart, View
from engine.core.nearby import Nearby, beside
from engine.entdecker.state import GRID

WORDS = (
    Counted(
        "buildings",
        "{who} placed {count} tile by your buildings ({spaces}).",
        "{who} placed {count} tiles by your buildings ({spaces}).",
    ),
)


def nearby(view: View, events: Sequence[Event], seat: int) -> list[NearPart]:
    mine = [t for t in view["tiles"] if (t.get("construction") or {}).get("player") == seat]
    spaces = [t["space"] for t in mine]
    islands = {t["islands"][t["construction"]["segment"]] for t in mine} - {None}
    island_of = {t["space"]: set(t["islands"]) for t in view["tiles"]}
    near = Nearby()
    for event in events:
        if event.get("type") != "place" or event.get("player") in (None, seat):
            continue
        space = str(event.get("space"))
        if island_of.get(space, set()) & islands or beside(GRID, space, spaces):
            near.add("buildings", event["player"], space)
    return near.parts()
