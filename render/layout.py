"""Where everything sits in the picture of a square grid, for any game.

All coordinates are pixels at scale 1. Spaces, edge circles and neighbours are the engine's
(`engine.core.grid.Grid`): the layout only turns them into pixels, so the picture can never name a space
differently from the commands. A layout draws a window of `cols` x `rows` spaces of its grid, starting at grid
column `col0` and row `row0`: a fixed board shows its whole grid; an open table that grows in every direction
shows the part in use of a larger grid.

The picture is the board with a frame around it (edge circles in the inner half, coordinate labels in the outer
half), then the game's panel (its legend) below.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.core.grid import DELTAS, DIR_NAMES, E, Grid, N, S

TILE = 96  # side of one space
MARGIN = 66  # frame around the board: edge circles (inner half) and coordinate labels (outer half)
CIRCLE_OFFSET = 19  # centre of an edge circle, measured outwards from the board's border
LABEL_OFFSET = 49  # centre of a column letter / row number, measured outwards from the border
PANEL_HEIGHT = 350  # the legend under the board

Rect = tuple[int, int, int, int]  # left, top, right, bottom (right/bottom exclusive)


def grow(rect: Rect, by: int) -> Rect:
    """rect widened by `by` px on every side."""
    return (rect[0] - by, rect[1] - by, rect[2] + by, rect[3] + by)


def around(center: tuple[int, int], by: int) -> Rect:
    """The square reaching `by` px from center on every side."""
    return (center[0] - by, center[1] - by, center[0] + by, center[1] + by)


class Picture:
    """The shape of every game's picture: the board with its frame (`frame_height` px), then the panel (the
    legend, `panel_height` px) below it, all `width` px wide. A painter's layout is one (render/painter.py)."""

    panel_height: int

    @property
    def width(self) -> int:
        raise NotImplementedError

    @property
    def frame_height(self) -> int:
        """Height of the board and its frame, without the panel."""
        raise NotImplementedError

    @property
    def height(self) -> int:
        return self.frame_height + self.panel_height

    @property
    def size(self) -> tuple[int, int]:
        return (self.width, self.height)

    @property
    def panel_rect(self) -> Rect:
        return (0, self.frame_height, self.width, self.height)


@dataclass(frozen=True)
class Layout(Picture):
    grid: Grid
    cols: int  # the window drawn: cols x rows spaces of grid, from (col0, row0)
    rows: int
    col0: int = 0
    row0: int = 0
    tile: int = TILE
    margin: int = MARGIN
    panel_height: int = PANEL_HEIGHT
    label_offset: int = LABEL_OFFSET  # centre of the coordinates, outwards from the border (a narrow margin: less)

    # --- the picture's parts ---------------------------------------------------------------------------------

    @property
    def board_rect(self) -> Rect:
        m = self.margin
        return (m, m, m + self.cols * self.tile, m + self.rows * self.tile)

    @property
    def width(self) -> int:
        return 2 * self.margin + self.cols * self.tile

    @property
    def frame_height(self) -> int:
        return 2 * self.margin + self.rows * self.tile

    # --- names (all the engine's) ----------------------------------------------------------------------------

    def visible(self, col: int, row: int) -> bool:
        """Whether grid space (col, row) is in the window drawn."""
        return self.col0 <= col < self.col0 + self.cols and self.row0 <= row < self.row0 + self.rows

    def cells(self) -> list[tuple[int, int]]:
        """Grid (col, row) of every space drawn, row by row from the top left."""
        return [
            (c, r) for r in range(self.row0, self.row0 + self.rows) for c in range(self.col0, self.col0 + self.cols)
        ]

    def space_name(self, col: int, row: int) -> str:
        return self.grid.name(self.grid.index(col, row))

    def col_name(self, col: int) -> str:
        return self.space_name(col, 0)[:-1]  # the engine's name of the column's first space, without its row

    def row_name(self, row: int) -> str:
        return self.space_name(0, row)[1:]

    def space_names(self) -> list[str]:
        return [self.space_name(c, r) for c, r in self.cells()]

    def parse_space(self, name: str) -> tuple[int, int] | None:
        """Grid (col, row) of a space name ("C4", "c4") drawn in this layout; None otherwise."""
        idx = self.grid.parse(name) if isinstance(name, str) else None
        if idx is None:
            return None
        col, row = self.grid.coords(idx)
        return (col, row) if self.visible(col, row) else None

    def parse_edge(self, name: str) -> tuple[int, int, int] | None:
        """(col, row, side) of an edge circle name such as "A1N" drawn in this layout; None if it is not one."""
        parsed = self.grid.parse_edge(name) if isinstance(name, str) else None
        if parsed is None:
            return None
        col, row = self.grid.coords(parsed[0])
        return (col, row, parsed[1]) if self.visible(col, row) else None

    def edge_circle_names(self) -> list[str]:
        out = []
        for idx, d in self.grid.edge_circles():
            if self.visible(*self.grid.coords(idx)):
                out.append(self.grid.edge_name(idx, d))
        return out

    # --- pixels ----------------------------------------------------------------------------------------------

    def cell_rect(self, col: int, row: int) -> Rect:
        x = self.margin + (col - self.col0) * self.tile
        y = self.margin + (row - self.row0) * self.tile
        return (x, y, x + self.tile, y + self.tile)

    def space_rect(self, name: str) -> Rect:
        """Pixel rectangle of a space ("C4"); KeyError if it is not drawn here."""
        cr = self.parse_space(name)
        if cr is None:
            raise KeyError(name)
        return self.cell_rect(*cr)

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
        dx, dy = DELTAS[side]
        ex = {-1: x0 - CIRCLE_OFFSET, 0: cx, 1: x1 + CIRCLE_OFFSET}[dx]
        ey = {-1: y0 - CIRCLE_OFFSET, 0: cy, 1: y1 + CIRCLE_OFFSET}[dy]
        return ex, ey

    def edge_border_point(self, name: str) -> tuple[int, int]:
        """Where the line from an edge circle meets the board's border."""
        cx, cy = self.edge_center(name)
        side = DIR_NAMES.index(name.strip().upper()[-1])
        x0, y0, x1, y1 = self.board_rect
        if side == N:
            return cx, y0
        if side == E:
            return x1, cy
        if side == S:
            return cx, y1
        return x0, cy

    def position_center(self, name: str) -> tuple[int, int] | None:
        """Centre of a space or of an edge circle; None for a name that is neither (or not drawn here)."""
        if self.parse_space(name) is not None:
            return self.space_center(name)
        if self.parse_edge(name) is not None:
            return self.edge_center(name)
        return None

    def col_label_centers(self, col: int) -> tuple[tuple[int, int], tuple[int, int]]:
        """Centres of the column letter above and below the board."""
        x = self.margin + (col - self.col0) * self.tile + self.tile // 2
        return (x, self.margin - self.label_offset), (x, self.margin + self.rows * self.tile + self.label_offset)

    def row_label_centers(self, row: int) -> tuple[tuple[int, int], tuple[int, int]]:
        """Centres of the row number left and right of the board."""
        y = self.margin + (row - self.row0) * self.tile + self.tile // 2
        return (self.margin - self.label_offset, y), (self.margin + self.cols * self.tile + self.label_offset, y)


@lru_cache(maxsize=32)
def layout(
    cols: int,
    rows: int,
    *,
    col0: int = 0,
    row0: int = 0,
    grid: Grid | None = None,
    panel_height: int = PANEL_HEIGHT,
) -> Layout:
    """The layout of a window of cols x rows spaces from (col0, row0) of `grid` (default: a grid of exactly that
    window), with a legend of panel_height px under the board."""
    return Layout(grid or Grid(col0 + cols, row0 + rows), cols, rows, col0, row0, panel_height=panel_height)
