"""Grid geometry: names, neighbours across each side, the border's edge circles."""

from __future__ import annotations

import pytest

from engine.core.grid import DELTAS, DIRECTIONS, E, Grid, N, S, W, opposite


@pytest.mark.parametrize("cols,rows", [(10, 7), (3, 2), (1, 1), (5, 9)])
def test_neighbour_matches_coordinates(cols: int, rows: int) -> None:
    grid = Grid(cols, rows)
    for idx in range(grid.size):
        col, row = grid.coords(idx)
        for d in DIRECTIONS:
            dc, dr = DELTAS[d]
            expected = grid.index(col + dc, row + dr) if grid.on_board(col + dc, row + dr) else None
            assert grid.neighbour(idx, d) == expected
            assert grid.neighbours()[idx][d] == expected
            if expected is not None:
                assert grid.neighbour(expected, opposite(d)) == idx


def test_named_neighbours_on_the_board() -> None:
    grid = Grid(10, 7)
    c4 = grid.parse("C4")
    assert c4 is not None
    assert grid.name(grid.neighbour(c4, N)) == "C3"  # type: ignore[arg-type]
    assert grid.name(grid.neighbour(c4, E)) == "D4"  # type: ignore[arg-type]
    assert grid.name(grid.neighbour(c4, S)) == "C5"  # type: ignore[arg-type]
    assert grid.name(grid.neighbour(c4, W)) == "B4"  # type: ignore[arg-type]
    a1 = grid.parse("a1")
    assert a1 == 0 and grid.neighbour(a1, N) is None and grid.neighbour(a1, W) is None
    j7 = grid.parse("J7")
    assert j7 == grid.size - 1 and grid.neighbour(j7, S) is None and grid.neighbour(j7, E) is None
    assert grid.parse("K1") is None and grid.parse("A8") is None and grid.parse("4C") is None


def test_edge_circles_are_the_border_sides() -> None:
    grid = Grid(10, 7)
    circles = grid.edge_circles()
    assert len(circles) == 2 * (10 + 7)
    assert len(set(circles)) == len(circles)
    assert all(grid.neighbour(idx, d) is None for idx, d in circles)
    assert grid.parse_edge("A1N") == (0, N) and grid.parse_edge("A1W") == (0, W)
    assert grid.parse_edge("C4N") is None  # C4 is inside the board: no circle beyond its north side
    assert grid.edge_name(0, N) == "A1N"


def test_grids_of_the_same_size_are_equal_and_hash_alike() -> None:
    assert Grid(10, 7) == Grid(10, 7)
    assert hash(Grid(10, 7)) == hash(Grid(10, 7))
    assert Grid(10, 7) != Grid(7, 10)
    assert "table" not in repr(Grid(2, 2))
