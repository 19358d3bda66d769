"""The square-grid layout: the engine's names and edge circles in pixels, for any size and any window."""

from __future__ import annotations

import pytest

from engine.core.grid import Grid
from render.layout import CIRCLE_OFFSET, MARGIN, PANEL_HEIGHT, TILE, layout


@pytest.mark.parametrize(("cols", "rows"), [(10, 7), (11, 11), (1, 1), (3, 5)])
def test_whole_grid_names_and_pixels(cols: int, rows: int) -> None:
    grid = Grid(cols, rows)
    lay = layout(cols, rows)
    assert lay.size == (2 * MARGIN + cols * TILE, 2 * MARGIN + rows * TILE + PANEL_HEIGHT)
    assert lay.panel_rect == (0, lay.frame_height, lay.width, lay.height)
    assert lay.space_names() == [grid.name(i) for i in range(grid.size)]
    for idx in range(grid.size):
        col, row = grid.coords(idx)
        name = grid.name(idx)
        x0, y0, x1, y1 = lay.space_rect(name)
        assert (x0, y0, x1 - x0, y1 - y0) == (MARGIN + col * TILE, MARGIN + row * TILE, TILE, TILE)
        assert lay.space_rect(name.lower()) == (x0, y0, x1, y1)
        assert lay.col_name(col) + lay.row_name(row) == name
        (lx, _), (lx2, _) = lay.col_label_centers(col)
        (_, ly), (_, ly2) = lay.row_label_centers(row)
        assert x0 < lx < x1 and x0 < lx2 < x1 and y0 < ly < y1 and y0 < ly2 < y1
    engine_edges = [grid.edge_name(s, d) for s, d in grid.edge_circles()]
    assert lay.edge_circle_names() == engine_edges
    bx0, by0, bx1, by1 = lay.board_rect
    for name in engine_edges:
        cx, cy = lay.edge_center(name)
        assert not (bx0 <= cx < bx1 and by0 <= cy < by1)  # outside the board...
        sx0, sy0, sx1, sy1 = lay.space_rect(name[:-1])
        assert sx0 <= cx < sx1 or sy0 <= cy < sy1  # ... next to its space
        assert min(abs(cx - bx0), abs(cx - bx1), abs(cy - by0), abs(cy - by1)) == CIRCLE_OFFSET
        ex, ey = lay.edge_border_point(name)
        assert (ex in (bx0, bx1) or ey in (by0, by1)) and (ex == cx or ey == cy)
        assert lay.position_center(name) == (cx, cy)


def test_names_that_are_not_drawn() -> None:
    lay = layout(10, 7)
    for name in ("K1", "A8", "A0", "", "C", "4C", "C4X"):
        assert lay.parse_space(name) is None
        assert lay.position_center(name) is None
        with pytest.raises(KeyError):
            lay.space_rect(name)
    assert lay.parse_edge("C4N") is None  # an inner side has no edge circle
    assert lay.parse_edge("A1N") == (0, 0, 0)
    assert lay.position_center("c4") == lay.space_center("C4")


def test_window_of_a_larger_grid() -> None:
    """An open table: a window of 4 x 3 spaces from column 5, row 2 of a 12 x 9 grid."""
    grid = Grid(12, 9)
    lay = layout(4, 3, col0=5, row0=2, grid=grid)
    assert lay.size == (2 * MARGIN + 4 * TILE, 2 * MARGIN + 3 * TILE + PANEL_HEIGHT)
    assert lay.space_names() == [grid.name(grid.index(c, r)) for r in range(2, 5) for c in range(5, 9)]
    assert lay.space_rect("F3")[:2] == (MARGIN, MARGIN)  # the window's top left space
    assert lay.space_rect("I5")[2:] == (MARGIN + 4 * TILE, MARGIN + 3 * TILE)
    assert lay.parse_space("E3") is None and lay.parse_space("F6") is None  # in the grid, outside the window
    assert lay.col_label_centers(5)[0][0] == MARGIN + TILE // 2
    assert lay.col_name(5) == "F" and lay.row_name(2) == "3"
    assert lay.edge_circle_names() == []  # the window does not reach the grid's border
    corner = layout(2, 2, col0=10, row0=7, grid=grid)
    assert corner.edge_circle_names() == ["L8E", "K9S", "L9E", "L9S"]  # the grid's bottom right corner
    assert corner.edge_center("L9E")[0] == corner.board_rect[2] + CIRCLE_OFFSET


def test_layouts_are_shared() -> None:
    assert layout(10, 7) is layout(10, 7)
    assert layout(10, 7, panel_height=200).height == layout(10, 7).height - PANEL_HEIGHT + 200
