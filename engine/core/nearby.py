"""What the others did near a player's pieces, gathered for "since your last turn" (`Presenter.nearby`): one part per
kind and player, naming the spaces in the order they happened."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.core.grid import Grid


def beside(grid: Grid, space: object, pieces: Iterable[str]) -> bool:
    """Whether the space named `space` ("C4") is next to (across a side from) one of the spaces named `pieces`."""
    idx = grid.parse(str(space)) if space else None
    if idx is None:
        return False
    around = {grid.name(n) for n in grid.neighbour_spaces(idx)}
    return any(p in around for p in pieces)


class Nearby:
    """Parts in the order their first space came: (key, count, {"who": seat, "spaces": "C4, D5"})."""

    def __init__(self) -> None:
        self._spaces: dict[tuple[str, int], list[str]] = {}

    def add(self, key: str, who: Any, space: str) -> None:
        spaces = self._spaces.setdefault((key, int(who)), [])
        if space not in spaces:
            spaces.append(space)

    def parts(self) -> list[tuple[str, int, dict[str, Any]]]:
        return [(key, len(s), {"who": who, "spaces": ", ".join(s)}) for (key, who), s in self._spaces.items()]
