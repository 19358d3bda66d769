"""Square grids: spaces named like "C4" (column letter, row number from the top), directions and edge circles."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

N, E, S, W = 0, 1, 2, 3
DIRECTIONS = (N, E, S, W)
DIR_NAMES = "NESW"
DIR_WORDS = ("north", "east", "south", "west")
DELTAS = {N: (0, -1), E: (1, 0), S: (0, 1), W: (-1, 0)}


def opposite(d: int) -> int:
    return (d + 2) % 4


@dataclass(frozen=True)
class Grid:
    cols: int
    rows: int

    def on_board(self, col: int, row: int) -> bool:
        return 0 <= col < self.cols and 0 <= row < self.rows

    def index(self, col: int, row: int) -> int:
        return row * self.cols + col

    def coords(self, idx: int) -> tuple[int, int]:
        return idx % self.cols, idx // self.cols

    def name(self, idx: int) -> str:
        col, row = self.coords(idx)
        return f"{chr(ord('A') + col)}{row + 1}"

    def parse(self, name: str) -> int | None:
        """Space index for a name such as "c4" or "C4"; None if it is not a space of this grid."""
        text = name.strip().upper()
        if len(text) < 2 or not text[0].isalpha() or not text[1:].isdigit():
            return None
        col, row = ord(text[0]) - ord("A"), int(text[1:]) - 1
        return self.index(col, row) if self.on_board(col, row) else None

    @property
    def size(self) -> int:
        return self.cols * self.rows

    def neighbour(self, idx: int, d: int) -> int | None:
        """The space across side d, or None where side d is the board's border."""
        return _neighbours(self)[idx][d]

    def edge_circles(self) -> tuple[tuple[int, int], ...]:
        """(space, side) for every circle outside the border: one per border side of each border space."""
        return _edge_circles(self)

    def edge_name(self, idx: int, d: int) -> str:
        return f"{self.name(idx)}{DIR_NAMES[d]}"

    def parse_edge(self, name: str) -> tuple[int, int] | None:
        text = name.strip().upper()
        if len(text) < 3 or text[-1] not in DIR_NAMES:
            return None
        idx = self.parse(text[:-1])
        if idx is None:
            return None
        d = DIR_NAMES.index(text[-1])
        return (idx, d) if self.neighbour(idx, d) is None else None


# The tables are computed once per grid size: these lookups sit in the engine's innermost loops.
@cache
def _neighbours(grid: Grid) -> tuple[tuple[int | None, ...], ...]:
    table = []
    for idx in range(grid.size):
        col, row = grid.coords(idx)
        row_of = []
        for d in DIRECTIONS:
            dc, dr = DELTAS[d]
            row_of.append(grid.index(col + dc, row + dr) if grid.on_board(col + dc, row + dr) else None)
        table.append(tuple(row_of))
    return tuple(table)


@cache
def _edge_circles(grid: Grid) -> tuple[tuple[int, int], ...]:
    return tuple((idx, d) for idx in range(grid.size) for d in DIRECTIONS if _neighbours(grid)[idx][d] is None)
