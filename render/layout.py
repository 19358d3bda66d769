"""Where everything sits in the picture.

All coordinates are pixels at scale 1. Spaces are named like the engine names them: column letter A-J from the
left, row number 1-7 from the top ("C4"); edge circles add the side ("A1N" = the circle north of A1).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

TILE = 96  # side of one space
MARGIN = 66  # frame around the board: edge circles (inner half) and coordinate labels (outer half)
CIRCLE_OFFSET = 19  # centre of an edge circle, measured outwards from the board's border
LABEL_OFFSET = 49  # centre of a column letter / row number, measured outwards from the border
PANEL_HEIGHT = 350  # the legend under the board

SIDES = "NESW"
DELTAS = ((0, -1), (1, 0), (0, 1), (-1, 0))

Rect = tuple[int, int, int, int]  # left, top, right, bottom (right/bottom exclusive)


@dataclass(frozen=True)
class Layout:
    cols: int = 10
    rows: int = 7

    @property
    def board_left(self) -> int:
        return MARGIN

    @property
    def board_top(self) -> int:
        return MARGIN

    @property
    def board_rect(self) -> Rect:
        return (MARGIN, MARGIN, MARGIN + self.cols * TILE, MARGIN + self.rows * TILE)

    @property
    def width(self) -> int:
        return 2 * MARGIN + self.cols * TILE

    @property
    def frame_height(self) -> int:
        """Height of the board and its frame, without the panel."""
        return 2 * MARGIN + self.rows * TILE

    @property
    def height(self) -> int:
        return self.frame_height + PANEL_HEIGHT

    @property
    def size(self) -> tuple[int, int]:
        return (self.width, self.height)

    @property
    def panel_rect(self) -> Rect:
        return (0, self.frame_height, self.width, self.height)

    # --- names -----------------------------------------------------------------------------------------------

    def col_name(self, col: int) -> str:
        return chr(ord("A") + col)

    def row_name(self, row: int) -> str:
        return str(row + 1)

    def space_name(self, col: int, row: int) -> str:
        return f"{self.col_name(col)}{self.row_name(row)}"

    def space_names(self) -> list[str]:
        return [self.space_name(c, r) for r in range(self.rows) for c in range(self.cols)]

    def parse_space(self, name: str) -> tuple[int, int] | None:
        text = name.strip().upper()
        if len(text) < 2 or not text[0].isalpha() or not text[1:].isdigit():
            return None
        col, row = ord(text[0]) - ord("A"), int(text[1:]) - 1
        if 0 <= col < self.cols and 0 <= row < self.rows:
            return col, row
        return None

    def parse_edge(self, name: str) -> tuple[int, int, int] | None:
        """(col, row, side) of an edge circle name such as "A1N"; None if it is not one."""
        text = name.strip().upper()
        if len(text) < 3 or text[-1] not in SIDES:
            return None
        cr = self.parse_space(text[:-1])
        if cr is None:
            return None
        side = SIDES.index(text[-1])
        dc, dr = DELTAS[side]
        c2, r2 = cr[0] + dc, cr[1] + dr
        if 0 <= c2 < self.cols and 0 <= r2 < self.rows:
            return None  # an inner side has no edge circle
        return cr[0], cr[1], side

    def edge_circle_names(self) -> list[str]:
        out = []
        for r in range(self.rows):
            for c in range(self.cols):
                for side in range(4):
                    dc, dr = DELTAS[side]
                    if not (0 <= c + dc < self.cols and 0 <= r + dr < self.rows):
                        out.append(self.space_name(c, r) + SIDES[side])
        return out

    # --- pixels ----------------------------------------------------------------------------------------------

    def space_rect(self, name: str) -> Rect:
        """Pixel rectangle of a space ("C4")."""
        cr = self.parse_space(name)
        if cr is None:
            raise KeyError(name)
        return self.cell_rect(*cr)

    def cell_rect(self, col: int, row: int) -> Rect:
        x, y = MARGIN + col * TILE, MARGIN + row * TILE
        return (x, y, x + TILE, y + TILE)

    def space_center(self, name: str) -> tuple[int, int]:
        x0, y0, x1, y1 = self.space_rect(name)
        return ((x0 + x1) // 2, (y0 + y1) // 2)

    def edge_center(self, name: str) -> tuple[int, int]:
        """Centre of an edge circle ("A1N"), outside the board next to its space."""
        parsed = self.parse_edge(name)
        if parsed is None:
            raise KeyError(name)
        col, row, side = parsed
        x0, y0, x1, y1 = self.cell_rect(col, row)
        cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
        if side == 0:
            return cx, y0 - CIRCLE_OFFSET
        if side == 1:
            return x1 + CIRCLE_OFFSET, cy
        if side == 2:
            return cx, y1 + CIRCLE_OFFSET
        return x0 - CIRCLE_OFFSET, cy

    def position_center(self, name: str) -> tuple[int, int] | None:
        """Centre of a ship position: a space's central circle or an edge circle; None for an unknown name."""
        if self.parse_space(name) is not None:
            return self.space_center(name)
        if self.parse_edge(name) is not None:
            return self.edge_center(name)
        return None

    def col_label_centers(self, col: int) -> tuple[tuple[int, int], tuple[int, int]]:
        """Centres of the column letter above and below the board."""
        x = MARGIN + col * TILE + TILE // 2
        return (x, MARGIN - LABEL_OFFSET), (x, MARGIN + self.rows * TILE + LABEL_OFFSET)

    def row_label_centers(self, row: int) -> tuple[tuple[int, int], tuple[int, int]]:
        """Centres of the row number left and right of the board."""
        y = MARGIN + row * TILE + TILE // 2
        return (MARGIN - LABEL_OFFSET, y), (MARGIN + self.cols * TILE + LABEL_OFFSET, y)


@lru_cache(maxsize=16)
def layout(cols: int = 10, rows: int = 7) -> Layout:
    """The layout of a board of cols x rows spaces (Entdecker: 10 x 7)."""
    return Layout(cols, rows)


def layout_for(view: dict) -> Layout:
    board = view.get("board") or {}
    try:
        cols, rows = int(board.get("cols", 10)), int(board.get("rows", 7))
    except (TypeError, ValueError):
        cols, rows = 10, 7
    if not (1 <= cols <= 26 and 1 <= rows <= 99):
        cols, rows = 10, 7
    return layout(cols, rows)
