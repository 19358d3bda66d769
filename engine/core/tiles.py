"""Square tiles with land/sea sides, land segments and ship lines, and their rotations."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, TypeVar

from engine.core.grid import DIR_NAMES

T = TypeVar("T")


def group_at(groups: tuple[tuple[int, ...], ...], side: int) -> int | None:
    """Which of a tile's groups of sides (its land segments, its oasis parts) reaches `side`, if any."""
    for i, group in enumerate(groups):
        if side in group:
            return i
    return None


def turned_sides(sides: Sequence[T], rotation: int) -> list[T]:
    """Sides N, E, S, W after `rotation` quarter turns clockwise: what was on side d is now on side d + rotation."""
    return [sides[(d - rotation) % 4] for d in range(4)]


def turned_groups(groups: tuple[tuple[int, ...], ...], rotation: int) -> tuple[tuple[int, ...], ...]:
    """Groups of sides after `rotation` quarter turns clockwise, each listed in side order."""
    return tuple(tuple(sorted((d + rotation) % 4 for d in group)) for group in groups)


@dataclass(frozen=True)
class Geometry:
    """A tile as it lies: which sides are land, which land pieces exist, which sides carry a ship line."""

    land: tuple[bool, bool, bool, bool]
    segments: tuple[tuple[int, ...], ...]
    lines: tuple[int, ...]

    @property
    def sides(self) -> str:
        return "".join("L" if x else "S" for x in self.land)

    @property
    def has_circle(self) -> bool:
        # The central circle sits on the tile's sea part; an all-land tile has none.
        return not all(self.land)

    def look(self) -> tuple[Any, ...]:
        """What a player sees: equal looks are the same placement. Segment order is bookkeeping (a turned
        two-piece tile lists its pieces in another order), so it is sorted away here."""
        return (self.land, tuple(sorted(self.segments)), self.lines)

    def segment_at(self, side: int) -> int | None:
        return group_at(self.segments, side)

    def rotated(self, rotation: int) -> Geometry:
        """Turned `rotation` quarter turns clockwise: what was on side d is now on side d + rotation."""
        r = rotation % 4
        if r == 0:
            return self
        land = turned_sides(self.land, r)
        segments = turned_groups(self.segments, r)
        lines = tuple(sorted((d + r) % 4 for d in self.lines))
        return Geometry((land[0], land[1], land[2], land[3]), segments, lines)

    def edge_class(self) -> int:
        """Fill-in pile number for this edge pattern: 1 all sea, 2 one land side, 3 two opposite land sides,
        4 two adjacent land sides, 5 three land sides, 6 all land."""
        return edge_class(self.land)


def edge_class(land: tuple[bool, ...] | list[bool]) -> int:
    count = sum(land)
    if count == 2:
        return 3 if land[0] == land[2] else 4
    return {0: 1, 1: 2, 3: 5, 4: 6}[count]


def parse_geometry(sides: str, segments: list[str] | list[list[int]], lines: str) -> Geometry:
    """Build a geometry from the data-file notation: sides "LSSL" (N,E,S,W), segments ["NW"], lines "ES"."""
    if len(sides) != 4 or set(sides) - {"L", "S"}:
        raise ValueError(f"bad sides {sides!r}")
    land = tuple(c == "L" for c in sides)
    segs = []
    for seg in segments:
        dirs = tuple(sorted(DIR_NAMES.index(c) if isinstance(c, str) else int(c) for c in seg))
        if not dirs or any(not land[d] for d in dirs):
            raise ValueError(f"segment {seg!r} must touch land sides of {sides}")
        segs.append(dirs)
    covered = sorted(d for seg in segs for d in seg)
    if covered != [d for d in range(4) if land[d]]:
        raise ValueError(f"segments {segments!r} must cover each land side of {sides} exactly once")
    line_dirs = tuple(sorted(DIR_NAMES.index(c) for c in lines))
    if any(land[d] for d in line_dirs):
        raise ValueError(f"lines {lines!r} must run to sea sides of {sides}")
    return Geometry((land[0], land[1], land[2], land[3]), tuple(segs), line_dirs)


@cache
def all_rotations(geometry: Geometry) -> tuple[Geometry, Geometry, Geometry, Geometry]:
    g = geometry
    return (g, g.rotated(1), g.rotated(2), g.rotated(3))
