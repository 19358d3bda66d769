"""The play area: what lies where, which tiles fit where, where a caravan may go, and the oases."""

from __future__ import annotations

from collections import deque

from engine.core.grid import opposite
from engine.desert.state import GRID, Cell, State
from engine.desert.tiles import Geometry, geometry, rotations, tile

Node = tuple[int, int]  # (space, oasis part)


def cell_geometry(cell: Cell) -> Geometry:
    return geometry(cell[0], cell[1])


def at(board: list[Cell | None], space: int) -> Geometry | None:
    cell = board[space]
    return None if cell is None else geometry(cell[0], cell[1])


def open_sides(board: list[Cell | None], space: int) -> list[int]:
    """Sides of the tile on `space` whose connecting line leads to undiscovered land inside the play area."""
    g = at(board, space)
    if g is None:
        return []
    out = []
    for d in g.lines:
        nb = GRID.neighbour(space, d)
        if nb is not None and board[nb] is None:
            out.append(d)
    return out


def fits(board: list[Cell | None], space: int, g: Geometry) -> bool:
    """Every side matches the tile across it; the edge of the play area takes any side."""
    for d in range(4):
        nb = GRID.neighbour(space, d)
        if nb is None:
            continue
        other = board[nb]
        if other is not None and geometry(other[0], other[1]).sides[opposite(d)] != g.sides[d]:
            return False
    return True


def placements(board: list[Cell | None], origin: int, tid: str) -> list[tuple[int, int]]:
    """(space, rotation) where `tid` can be attached at an open connecting line of the tile on `origin`."""
    out = []
    for d in open_sides(board, origin):
        nb = GRID.neighbour(origin, d)
        assert nb is not None
        for r in rotations(tid):
            if fits(board, nb, geometry(tid, r)):
                out.append((nb, r))
    return out


def fits_anywhere(board: list[Cell | None], tid: str) -> bool:
    """Whether `tid` fits at any open connecting line of the whole play area."""
    seen: set[int] = set()
    for space, cell in enumerate(board):
        if cell is None:
            continue
        for d in open_sides(board, space):
            nb = GRID.neighbour(space, d)
            assert nb is not None
            if nb in seen:
                continue
            seen.add(nb)
            if any(fits(board, nb, geometry(tid, r)) for r in rotations(tid)):
                return True
    return False


def any_open_line(board: list[Cell | None]) -> bool:
    return any(open_sides(board, s) for s, c in enumerate(board) if c is not None)


def _spread(board: list[Cell | None], start: int, *, brown_only: bool) -> tuple[set[int], set[int]]:
    """The spaces reached from `start` along lines (with `brown_only`, brown lines only), and the laid spaces just
    across a line that was not followed."""
    reached = {start}
    beyond: set[int] = set()
    queue = deque([start])
    while queue:
        s = queue.popleft()
        g = at(board, s)
        assert g is not None
        for d in g.lines:
            nb = GRID.neighbour(s, d)
            if nb is None or board[nb] is None:
                continue
            if brown_only and g.sides[d] != "B":
                beyond.add(nb)
            elif nb not in reached:
                reached.add(nb)
                queue.append(nb)
    return reached, beyond


def destinations(state: State, seat: int) -> dict[int, bool]:
    """Spaces the caravan of `seat` may end its move on -> whether the camel driver (a water stone) is needed.

    Brown lines carry it any distance; crossing a white line ends the move on the space beyond, unless the
    camel driver is paid. It may pass other caravans but not end on one; staying put is always allowed."""
    board = state.board
    start = state.caravans[seat]
    others = {c for i, c in enumerate(state.caravans) if i != seat}
    free, beyond = _spread(board, start, brown_only=True)
    reach_all, _ = _spread(board, start, brown_only=False)
    out: dict[int, bool] = {}
    for s in sorted(reach_all):
        if s in others:
            continue
        out[s] = s not in free and s not in beyond
    return out


def oasis(board: list[Cell | None], node: Node) -> tuple[list[Node], bool]:
    """The oasis containing `node`: its parts in reading order, and whether it is enclosed (complete)."""
    seen = {node}
    queue = deque([node])
    closed = True
    while queue:
        space, part = queue.popleft()
        g = at(board, space)
        assert g is not None
        for d in g.parts[part]:
            nb = GRID.neighbour(space, d)
            if nb is None:
                continue
            other = at(board, nb)
            if other is None:
                closed = False
                continue
            j = other.part_at(opposite(d))
            if j is not None and (nb, j) not in seen:
                seen.add((nb, j))
                queue.append((nb, j))
    return sorted(seen), closed


def oases(board: list[Cell | None]) -> list[tuple[list[Node], bool]]:
    """Every oasis on the board, in reading order of its first part."""
    done: set[Node] = set()
    out = []
    for space, cell in enumerate(board):
        if cell is None:
            continue
        for part in range(len(cell_geometry(cell).parts)):
            if (space, part) in done:
                continue
            nodes, closed = oasis(board, (space, part))
            done.update(nodes)
            out.append((nodes, closed))
    return out


def action_spaces(board: list[Cell | None], nodes: list[Node]) -> list[tuple[int, str]]:
    """(space, action) of every action space in the oasis made of `nodes`."""
    out = []
    for space, part in nodes:
        cell = board[space]
        assert cell is not None
        t = tile(cell[0])
        if t.action is not None and t.action_part == part:
            out.append((space, t.action))
    return out


def name(space: int) -> str:
    return GRID.name(space)
