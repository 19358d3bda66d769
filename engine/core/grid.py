"""Square grids: spaces named like "C4" (column letter, row number from the top), directions and edge circles."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.lang import _

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
    # Built once per grid and read straight off the instance: `neighbour` sits in the engine's innermost loops, where
    # going through a cache keyed on the grid (hashing it on every call) cost a fifth of an AI game's time.
    _table: tuple[tuple[int | None, ...], ...] = field(init=False, repr=False, compare=False)
    _circles: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        table = _neighbour_table(self.cols, self.rows)
        object.__setattr__(self, "_table", table)
        circles = tuple((idx, d) for idx in range(self.cols * self.rows) for d in DIRECTIONS if table[idx][d] is None)
        object.__setattr__(self, "_circles", circles)

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
        return self._table[idx][d]

    def neighbour_spaces(self, idx: int) -> list[int]:
        """The spaces across the sides of space idx that are on the board."""
        return [n for n in self._table[idx] if n is not None]

    def neighbours(self) -> tuple[tuple[int | None, ...], ...]:
        """The whole table: neighbours()[idx][d] is neighbour(idx, d), for loops that want to look it up once."""
        return self._table

    def edge_circles(self) -> tuple[tuple[int, int], ...]:
        """(space, side) for every circle outside the border: one per border side of each border space."""
        return self._circles

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


def _neighbour_table(cols: int, rows: int) -> tuple[tuple[int | None, ...], ...]:
    table = []
    for idx in range(cols * rows):
        col, row = idx % cols, idx // cols
        row_of: list[int | None] = []
        for d in DIRECTIONS:
            dc, dr = DELTAS[d]
            c, r = col + dc, row + dr
            row_of.append(r * cols + c if 0 <= c < cols and 0 <= r < rows else None)
        table.append(tuple(row_of))
    return tuple(table)


def row_group(*names: object) -> str:
    """The board row ("row 3") of the first space named ("C3", or an edge circle "A1N"): how a game's presenter
    groups many choices on a board of lettered columns and numbered rows; "" if none is named."""
    where = str(next((n for n in names if n), ""))
    row = "".join(ch for ch in where[1:] if ch.isdigit())
    return _("row {row}").format(row=row) if row else ""
