"""A player's score by source, summed from a game's events (`Presenter.score_parts`): the tally every game shares."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


class Tally:
    """Points and counts per seat and source, in the order each source was first scored."""

    def __init__(self, seats: int) -> None:
        self._seats: list[dict[str, list[int]]] = [{} for _ in range(seats)]

    def add(self, seat: Any, source: str, points: int, count: int = 1) -> None:
        seat = int(seat)
        if 0 <= seat < len(self._seats):
            entry = self._seats[seat].setdefault(source, [0, 0])
            entry[0] += count
            entry[1] += points

    def parts(self) -> list[list[tuple[str, int, int]]]:  # engine.api.ScorePart per seat
        return [[(key, n, pts) for key, (n, pts) in seat.items()] for seat in self._seats]


def by_seat(mapping: Mapping[Any, Any] | None) -> Iterable[tuple[int, int]]:
    """(seat, number) from an event's mapping keyed by seat: integers when fresh, strings once stored as JSON."""
    return ((int(k), int(v)) for k, v in (mapping or {}).items())
