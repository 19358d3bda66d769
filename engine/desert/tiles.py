"""Wüstensöhne tiles: sides (desert, brown line, white line through oasis), oasis parts, action spaces, the mix.

No source publishes the real tile mix, so this one is designed (docs/desert.md) and tuned by self-play. A side is
"D" (desert, no line), "B" (desert with a brown line) or "W" (oasis with a white line); sides fit when equal.
An oasis part lists the sides it reaches; an empty part is a pond enclosed by desert on its own tile.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine.core.grid import DIR_NAMES
from engine.core.tiles import group_at, turned_groups, turned_sides

SIDE_KINDS = ("D", "B", "W")
GOODS = ("myrrh", "frankincense", "gemstone", "salt")
ACTIONS = (*GOODS, "camel", "rumour", "water")
PILES = 5


@dataclass(frozen=True)
class Geometry:
    """A tile as it lies: side kinds N, E, S, W; oasis parts (the sides each reaches); the action space's part."""

    sides: str
    parts: tuple[tuple[int, ...], ...]

    @property
    def lines(self) -> tuple[int, ...]:
        return tuple(d for d in range(4) if self.sides[d] != "D")

    @property
    def desert(self) -> bool:
        return not self.parts

    def part_at(self, side: int) -> int | None:
        return group_at(self.parts, side)

    def rotated(self, rotation: int) -> Geometry:
        """Turned `rotation` quarter turns clockwise: what was on side d is now on side d + rotation."""
        r = rotation % 4
        return self if r == 0 else Geometry("".join(turned_sides(self.sides, r)), turned_groups(self.parts, r))


@dataclass(frozen=True)
class Tile:
    id: str
    shape: str
    pile: int  # 0 for the start cross
    geometry: Geometry
    action: str | None  # what the action space offers, or None
    action_part: int = 0  # the oasis part the action space lies on


# Shapes: sides N, E, S, W and oasis parts written as side letters ("" = a pond inside the tile).
SHAPES: dict[str, tuple[str, tuple[str, ...]]] = {
    "desert-cross": ("BBBB", ()),
    "desert-tee": ("BBBD", ()),
    "desert-straight": ("BDBD", ()),
    "desert-bend": ("BBDD", ()),
    "desert-end": ("BDDD", ()),
    "cap-three": ("WBBB", ("N",)),
    "cap-across": ("WBDB", ("N",)),
    "cap-straight": ("WDBD", ("N",)),
    "cap-bend": ("WBDD", ("N",)),
    "bend": ("WWBB", ("NE",)),
    "bend-end": ("WWDB", ("NE",)),
    "through": ("WBWB", ("NS",)),
    "split": ("WBWB", ("N", "S")),
    "corner-split": ("WWBB", ("N", "E")),
    "tee": ("WWWB", ("NES",)),
    "tee-split": ("WWWB", ("NE", "S")),
    "full": ("WWWW", ("NESW",)),
    "pond": ("BBBB", ("",)),
    "pond-straight": ("BDBD", ("",)),
}

# How many tiles of each shape lie in piles 1-5 (17 a pile, 85 in all). Pile 1 is kind to beginners: more desert
# and small oases; later piles bring the large oases.
MIX: dict[str, tuple[int, int, int, int, int]] = {
    "desert-cross": (2, 1, 1, 1, 1),
    "desert-tee": (2, 2, 1, 1, 1),
    "desert-straight": (1, 1, 1, 1, 1),
    "desert-bend": (1, 1, 1, 1, 1),
    "desert-end": (0, 1, 1, 1, 1),
    "cap-three": (2, 1, 1, 1, 1),
    "cap-across": (1, 1, 1, 1, 1),
    "cap-straight": (1, 1, 1, 1, 1),
    "cap-bend": (1, 1, 1, 1, 1),
    "bend": (1, 1, 1, 1, 1),
    "bend-end": (1, 1, 1, 1, 0),
    "through": (1, 1, 1, 1, 1),
    "split": (0, 1, 1, 1, 1),
    "corner-split": (0, 0, 1, 1, 1),
    "tee": (1, 1, 1, 1, 1),
    "tee-split": (0, 1, 0, 0, 1),
    "full": (0, 0, 1, 1, 1),
    "pond": (1, 1, 1, 1, 1),
    "pond-straight": (1, 0, 0, 0, 0),
}

# Action spaces are dealt to the oasis tiles in catalogue order from this cycle: every oasis tile has one.
ACTION_CYCLE: tuple[str, ...] = (
    "myrrh",
    "water",
    "camel",
    "frankincense",
    "rumour",
    "gemstone",
    "water",
    "salt",
)

# The start cross: the centre F6 and four strips of five. Along the cross brown lines; the sides facing the
# undiscovered land, listed from the centre outwards (left side, right side as seen walking outwards).
CROSS_SIDES = (("W", "B"), ("B", "D"), ("D", "W"), ("B", "B"), ("W", "D"))


def _parse_parts(parts: tuple[str, ...]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(sorted(DIR_NAMES.index(c) for c in part)) for part in parts)


def _cross_tiles() -> list[tuple[str, Tile]]:
    """(space name, tile) for the 21 spaces of the start cross; columns A-K, rows 1-11, centre F6."""
    out = [("F6", Tile("cross-F6", "cross", 0, Geometry("BBBB", ()), None))]
    # Walking outwards in direction d, "left" is d - 1 and "right" is d + 1 (clockwise).
    for d in range(4):
        for step, (left, right) in enumerate(CROSS_SIDES, 1):
            dc, dr = ((0, -1), (1, 0), (0, 1), (-1, 0))[d]
            col, row = 5 + dc * step, 5 + dr * step
            name = f"{chr(ord('A') + col)}{row + 1}"
            sides = ["D"] * 4
            sides[d] = sides[(d + 2) % 4] = "B"
            sides[(d - 1) % 4], sides[(d + 1) % 4] = left, right
            parts = tuple((s,) for s in range(4) if sides[s] == "W")
            out.append((name, Tile(f"cross-{name}", "cross", 0, Geometry("".join(sides), parts), None)))
    return out


@dataclass(frozen=True)
class TileSet:
    tiles: dict[str, Tile]
    piles: tuple[tuple[str, ...], ...]  # ids per pile 1-5, in catalogue order (shuffled at setup)
    cross: tuple[tuple[str, str], ...]  # (space name, tile id)


@cache
def tileset() -> TileSet:
    tiles: dict[str, Tile] = {}
    piles: list[list[str]] = [[] for _ in range(PILES)]
    k = 0
    for pile in range(PILES):
        n = 0
        for shape, counts in MIX.items():
            sides, parts = SHAPES[shape]
            for _ in range(counts[pile]):
                n += 1
                tid = f"{pile + 1}-{n:02d}"
                action = None
                if parts:
                    action = ACTION_CYCLE[k % len(ACTION_CYCLE)]
                    k += 1
                tiles[tid] = Tile(tid, shape, pile + 1, Geometry(sides, _parse_parts(parts)), action)
                piles[pile].append(tid)
    cross = []
    for name, t in _cross_tiles():
        tiles[t.id] = t
        cross.append((name, t.id))
    return TileSet(tiles, tuple(tuple(p) for p in piles), tuple(cross))


def tile(tid: str) -> Tile:
    return tileset().tiles[tid]


@cache
def geometry(tid: str, rotation: int) -> Geometry:
    return tile(tid).geometry.rotated(rotation)


@cache
def rotations(tid: str) -> tuple[int, ...]:
    """The rotations that give distinct geometries (a symmetric tile has fewer than four)."""
    seen: list[Geometry] = []
    out = []
    for r in range(4):
        g = geometry(tid, r)
        if g not in seen:
            seen.append(g)
            out.append(r)
    return tuple(out)
