"""What the next discovery tile may be, from what every player can see, and where it would fit.

Every drawn tile is shown, personal tiles lie open and the tile set is known, so the tiles not yet seen are public:
the full set minus those on the board, in the box, kept beside the fill-ins, in a player's hand or in the hand of the
player drawing. The piles are shuffled, so the next draw is any of them, equally likely. Only a tile's sides and
ship lines decide where it fits, so the tiles are counted by that shape.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.core.grid import DIRECTIONS, opposite
from engine.entdecker.state import GRID, State
from engine.entdecker.tiles import geometry, tileset

SEA, LAND, OPEN = 0, 1, 2  # what a side of an empty space faces: sea (or the border), land, an undiscovered space
Shape = tuple[tuple[bool, bool, bool, bool], tuple[int, ...]]  # (land per side, ship lines) as the data file has it
Sides = tuple[int, int, int, int]
KNOWN_SEA, ANY_SIDE = -1, -2  # entries for shape_fits when the side the ship comes from is not fixed


@cache
def shapes() -> tuple[Shape, ...]:
    """The distinct shapes of discovery tiles, in a fixed order (indexes into unseen())."""
    out: list[Shape] = []
    for tid in tileset().discovery:
        g = geometry(tid, 0)
        shape = (g.land, g.lines)
        if shape not in out:
            out.append(shape)
    return tuple(out)


@cache
def shape_of(tid: str) -> int:
    g = geometry(tid, 0)
    return shapes().index((g.land, g.lines))


def unseen(state: State) -> list[int]:
    """How many discovery tiles of each shape nobody has seen yet (the piles, counted from public information)."""
    counts = [0] * len(shapes())
    for tid in tileset().discovery:
        counts[shape_of(tid)] += 1
    seen = [c.tile for c in state.board if c is not None and not c.fill]
    seen += state.box + state.kept
    for player in state.players:
        seen += player.personal
    if state.voyage is not None and state.voyage.drawn is not None:
        seen.append(state.voyage.drawn)
    for tid in seen:
        counts[shape_of(tid)] -= 1
    return counts


def sides(board: list[Any], space: int) -> Sides:
    """What each side of an empty space faces; the border counts as sea."""
    out = []
    nb_table = GRID.neighbours()[space]
    for d in DIRECTIONS:
        nb = nb_table[d]
        if nb is None:
            out.append(SEA)
        else:
            cell = board[nb]
            out.append(OPEN if cell is None else int(geometry(cell.tile, cell.rotation).land[opposite(d)]))
    return (out[0], out[1], out[2], out[3])


@cache
def shape_fits(shape: int, need: Sides, entry: int) -> bool:
    """Some rotation of the shape matches every known side and has a ship line on side `entry`; or, for KNOWN_SEA,
    on a sea side facing a tile or the border (where a ship could come from now); for ANY_SIDE, on any side not
    facing land (a ship may also come later, from a tile not yet discovered)."""
    land, lines = shapes()[shape]
    for r in range(4):
        rl = [False] * 4
        for d in range(4):
            rl[(d + r) % 4] = land[d]
        if any(n != OPEN and bool(n) != rl[d] for d, n in enumerate(need)):
            continue
        rlines = {(d + r) % 4 for d in lines}
        if entry >= 0:
            if entry in rlines:
                return True
        elif any(need[d] == SEA or (entry == ANY_SIDE and need[d] == OPEN) for d in rlines):
            return True
    return False


def fit_share(counts: list[int], board: list[Any], targets: list[tuple[int, int]]) -> float:
    """The chance that the next tile fits at least one of the (space, entry side) targets."""
    total = sum(counts)
    if total <= 0 or not targets:
        return 0.0
    needs = [(sides(board, space), entry) for space, entry in targets]
    fitting = 0
    for shape, n in enumerate(counts):
        if n > 0 and any(shape_fits(shape, need, entry) for need, entry in needs):
            fitting += n
    return fitting / total


def hole_share(counts: list[int], need: Sides, entry: int = KNOWN_SEA) -> float:
    """For an empty space: the share of unseen tiles that could be placed on it as it stands."""
    total = sum(counts)
    if total <= 0:
        return 0.0
    return sum(n for shape, n in enumerate(counts) if n > 0 and shape_fits(shape, need, entry)) / total
