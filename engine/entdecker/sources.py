"""What each player's victory points come from (`/game status`): islands won, shares of islands, the islands scored
at the end, ruins, the Grand Inventor bonus; summed from the game's events, so they add up to the score."""

from __future__ import annotations

from collections.abc import Sequence

from engine.api import Event, ScorePart, ScoreSource, View
from engine.core.parts import Tally, by_seat

SOURCES = (
    ScoreSource("island_won", "{count} island won", "{count} islands won"),
    ScoreSource("island_share", "{count} share of an island", "{count} shares of islands"),
    ScoreSource("island_end", "{count} island scored at the end", "{count} islands scored at the end"),
    ScoreSource("ruins", "{count} ruin", "{count} ruins"),
    ScoreSource("inventor", "Grand Inventor ({count} plant)", "Grand Inventor ({count} plants)"),
)


def score_parts(view: View, events: Sequence[Event]) -> list[list[ScorePart]]:
    tally = Tally(len(view["players"]))
    for event in events:
        kind = event.get("type")
        if kind == "island":
            scores = dict(by_seat(event.get("scores")))
            # Events stored before the discoverers were named: the top share is the island won.
            top = {int(p) for p in event.get("discoverers", [])} or {
                p for p, v in scores.items() if v == max(scores.values())
            }
            for seat, points in scores.items():
                source = "island_end" if event.get("incomplete") else "island_won" if seat in top else "island_share"
                tally.add(seat, source, points)
        elif kind == "event" and event.get("event") == "ruins":
            tally.add(event["player"], "ruins", int(event.get("vp", 0)))
        elif kind == "inventor":
            for seat in event.get("players", []):
                tally.add(seat, "inventor", int(event["bonus"]), int(event["bonus"]))
    return tally.parts()
