"""What the others did near a player's followers since that player last moved ("since your last turn"): the tiles
they laid on a territory the player occupies, and the territories shared with the player that they scored."""

from __future__ import annotations

from collections.abc import Sequence

from engine.api import Counted, Event, NearPart, View
from engine.core.nearby import Nearby

WORDS = (
    Counted(
        "joined",
        "{who} laid {count} tile on a territory of yours ({spaces}).",
        "{who} laid {count} tiles on territories of yours ({spaces}).",
    ),
    Counted(
        "shared",
        "{who} scored {count} territory you share ({spaces}).",
        "{who} scored {count} territories you share ({spaces}).",
    ),
)


def nearby(view: View, events: Sequence[Event], seat: int) -> list[NearPart]:
    mine = [t for t in view["territories"] if seat in t["followers"]]
    near = Nearby()
    for event in events:
        who, at = event.get("player"), event.get("at")
        if who in (None, seat):
            continue
        here = [t for t in mine if at in t["tiles"]]
        if event.get("type") == "place" and here:
            near.add("joined", who, str(at))
        elif event.get("type") == "score" and any(t["terrain"] == event.get("terrain") for t in here):
            near.add("shared", who, str(at))
    return near.parts()
