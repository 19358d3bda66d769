"""Board geometry: where a tile fits, where the ship may go, fill-ins and islands."""

from __future__ import annotations

from typing import Any

from engine.core.grid import DIRECTIONS, opposite
from engine.core.regions import Node, regions
from engine.core.tiles import Geometry, edge_class
from engine.entdecker.state import GRID, PIECE_VALUE, Cell, ShipPos, State
from engine.entdecker.tiles import geometry, tile


def cell_geometry(cell: Cell) -> Geometry:
    return geometry(cell.tile, cell.rotation)


def fits(board: list[Cell | None], space: int, g: Geometry) -> bool:
    """All four sides match: land faces land, sea faces sea, and the border counts as sea."""
    for d in DIRECTIONS:
        nb = GRID.neighbour(space, d)
        if nb is None:
            if g.land[d]:
                return False
            continue
        other = board[nb]
        if other is not None and cell_geometry(other).land[opposite(d)] != g.land[d]:
            return False
    return True


def free_lines(board: list[Cell | None], space: int) -> list[int]:
    """Sides of the tile on `space` whose ship line leads to an undiscovered space."""
    cell = board[space]
    if cell is None:
        return []
    out = []
    for d in cell_geometry(cell).lines:
        nb = GRID.neighbour(space, d)
        if nb is not None and board[nb] is None:
            out.append(d)
    return out


def ship_targets(board: list[Cell | None], ship: ShipPos) -> list[tuple[int, int]]:
    """(empty space, side of the new tile the ship enters by) reachable from the ship's circle."""
    space, side = ship
    if side >= 0:  # edge circle outside `side` of a border space
        return [(space, side)] if board[space] is None else []
    out = []
    for d in free_lines(board, space):
        nb = GRID.neighbour(space, d)
        assert nb is not None
        out.append((nb, opposite(d)))
    return out


def ship_has_free_line(board: list[Cell | None], ship: ShipPos | None) -> bool:
    return ship is not None and bool(ship_targets(board, ship))


def placements(board: list[Cell | None], ship: ShipPos, tid: str) -> list[tuple[int, int]]:
    """(space, rotation) for every distinct legal placement of tile `tid` from the ship's circle.

    A placement must match all four sides and carry a ship line on the side the ship enters by, so the
    ship's line continues into the new tile. Rotations that look identical on the same space are listed once.
    """
    out = []
    seen: set[tuple[int, tuple[Any, ...]]] = set()
    for space, entry in ship_targets(board, ship):
        for r in range(4):
            g = geometry(tid, r)
            if entry not in g.lines or (space, g.look()) in seen:
                continue
            seen.add((space, g.look()))
            if fits(board, space, g):
                out.append((space, r))
    return out


def position_cost(state: State, space: int, player: int) -> int:
    """Starting on a tile that holds another player's construction costs its value."""
    cell = state.board[space]
    if cell is None or cell.build is None or cell.build.player == player:
        return 0
    return PIECE_VALUE[cell.build.piece]


def ship_positions(state: State, player: int) -> list[tuple[ShipPos, int]]:
    """Every circle with a free line to undiscovered space, with what starting there costs."""
    out: list[tuple[ShipPos, int]] = []
    for space, side in GRID.edge_circles():
        if state.board[space] is None:
            out.append(((space, side), 0))
    for space, cell in enumerate(state.board):
        if cell is not None and free_lines(state.board, space):
            out.append(((space, -1), position_cost(state, space, player)))
    return out


def ship_name(ship: ShipPos) -> str:
    space, side = ship
    return GRID.name(space) if side < 0 else GRID.edge_name(space, side)


def parse_ship(name: str) -> ShipPos | None:
    edge = GRID.parse_edge(name)
    if edge is not None:
        return edge
    space = GRID.parse(name)
    return None if space is None else (space, -1)


# --- fill-ins ---------------------------------------------------------------------------------


def determined_land(board: list[Cell | None], space: int) -> list[bool] | None:
    """The land pattern an empty space must have if all four of its sides are known, else None."""
    land = []
    for d in DIRECTIONS:
        nb = GRID.neighbour(space, d)
        if nb is None:
            land.append(False)
        elif board[nb] is None:
            return None
        else:
            land.append(cell_geometry(board[nb]).land[opposite(d)])  # type: ignore[arg-type]
    return land


def enclosed_by_land(board: list[Cell | None]) -> list[list[int]]:
    """Groups of empty spaces surrounded entirely by land (never by the border, which is sea)."""
    seen: set[int] = set()
    groups = []
    for start in range(GRID.size):
        if board[start] is not None or start in seen:
            continue
        group, stack, closed = [], [start], True
        seen.add(start)
        while stack:
            s = stack.pop()
            group.append(s)
            for d in DIRECTIONS:
                nb = GRID.neighbour(s, d)
                if nb is None:
                    closed = False
                elif board[nb] is None:
                    if nb not in seen:
                        seen.add(nb)
                        stack.append(nb)
                elif not cell_geometry(board[nb]).land[opposite(d)]:  # type: ignore[arg-type]
                    closed = False
        if closed and len(group) > 1:
            groups.append(sorted(group))
    return groups


def rotation_matching(tid: str, land: list[bool]) -> int | None:
    for r in range(4):
        if list(geometry(tid, r).land) == land:
            return r
    return None


def pattern_class(land: list[bool]) -> int:
    return edge_class(land)


# --- islands ----------------------------------------------------------------------------------


def islands(board: list[Cell | None]) -> list[tuple[list[Node], bool]]:
    """Connected land across tiles, as (nodes, complete?). Complete: no land side faces an empty space."""
    placed = [space for space, cell in enumerate(board) if cell is not None]
    return regions(
        GRID,
        placed,
        lambda space: cell_geometry(board[space]).segments,  # type: ignore[arg-type]
        lambda space: board[space] is not None,
    )


def island_key(nodes: list[Node]) -> int:
    space, seg = nodes[0]
    return space * 4 + seg


def all_discovery_piles_empty(state: State) -> bool:
    return not any(state.piles)


def tile_event(cell: Cell) -> str | None:
    return None if cell.fill else tile(cell.tile).event
