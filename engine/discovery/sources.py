"""What each player's points come from (`/game status`): the territories they scored, by terrain, complete or still
open during play, and those scored at the end; summed from the game's events, so they add up to the score."""

from __future__ import annotations

from collections.abc import Sequence

from engine.api import Event, ScorePart, ScoreSource, View
from engine.core.parts import Tally

# Terrain letter -> (the word for one, for several), as the map's words name them.
_TERRAINS = {"G": ("grassland", "grasslands"), "M": ("mountain", "mountains"), "S": ("sea", "seas")}

SOURCES = tuple(
    source
    for letter, (one, many) in _TERRAINS.items()
    for source in (
        ScoreSource(f"{letter}-complete", f"{{count}} complete {one}", f"{{count}} complete {many}"),
        ScoreSource(f"{letter}-open", f"{{count}} open {one} scored", f"{{count}} open {many} scored"),
        ScoreSource(f"{letter}-end", f"{{count}} {one} at the end", f"{{count}} {many} at the end"),
    )
)


def score_parts(view: View, events: Sequence[Event]) -> list[list[ScorePart]]:
    tally = Tally(len(view["players"]))
    for event in events:
        kind = event.get("type")
        if kind == "score":
            how = "complete" if event.get("complete") else "open"
            tally.add(event["player"], f"{event['terrain']}-{how}", int(event["points"]))
        elif kind == "final":
            tally.add(event["player"], f"{event['terrain']}-end", int(event["points"]))
    return tally.parts()
