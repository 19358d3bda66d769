"""A builder for hand-made Entdecker positions, so each rule can be tested in isolation.

A game is created with `engine.new_game` and then edited in place: board cells, piles (top = last element),
gold, phase, ship and voyage. Moves go through the public `engine.step` / `engine.legal_moves`.

Sides are 0=N, 1=E, 2=S, 3=W; rotation r turns a tile r quarter turns clockwise (side d moves to d + r).
"""

from __future__ import annotations

from typing import Any

import engine
from engine.core.moves import Move
from engine.entdecker import board as B
from engine.entdecker.state import GRID, Cell, Construction, State, Voyage
from engine.entdecker.tiles import geometry, tile, tileset

N, E, S, W = 0, 1, 2, 3

# Plain (event-free) discovery tiles, by type.
SEA = "sea-01"
CAPE = "cape-01"  # LSSS, land N, lines E S W
CORNER = "corner-01"  # LLSS, one land segment NE, lines S W
TWIN = "twin-01"  # LLSS, two land segments N and E
STRAIT = "strait-01"  # LSLS, two land segments N and S, lines E W
ISTHMUS = "isthmus-01"  # LSLS, one land segment NS, lines E W
BAY = "bay-01"  # LLLS, land NES, line W only


def event_tile(event: str, kind: str | None = None) -> str:
    """The id of a discovery tile carrying `event` (of type `kind` if given)."""
    for tid in tileset().discovery:
        t = tile(tid)
        if t.event == event and (kind is None or t.type == kind):
            return tid
    raise LookupError(f"no {kind or ''} tile with event {event}")


def sp(name: str) -> int:
    idx = GRID.parse(name)
    assert idx is not None, name
    return idx


def rot(tid: str, sides: str) -> int:
    """The first rotation of `tid` whose sides (N,E,S,W as L/S) read `sides`."""
    for r in range(4):
        if geometry(tid, r).sides == sides:
            return r
    raise ValueError(f"{tid} cannot show {sides}")


def game(players: int = 2, options: dict[str, Any] | None = None, seed: int = 1, gold: int | None = 10) -> State:
    """A fresh game with an empty board; every player's gold set to `gold` (None: leave the dealt gold)."""
    names = ["Ann", "Bob", "Cat", "Dan"][:players]
    state = engine.new_game("entdecker", names, options or {}, seed)
    if gold is not None:
        for p in state.players:
            p.gold = gold
    return state


def put(
    state: State,
    name: str,
    tid: str,
    rotation: int | str = 0,
    build: tuple[int, str] | tuple[int, str, int] | None = None,
    fill: bool = False,
    turn: int = 0,
) -> None:
    """Lay tile `tid` on space `name`. `rotation` may be an int or a sides pattern like "LSSS".
    `build` = (player, piece[, segment])."""
    r = rot(tid, rotation) if isinstance(rotation, str) else rotation
    construction = None
    if build is not None:
        player, piece, *rest = build
        construction = Construction(player, piece, rest[0] if rest else 0)
    state.board[sp(name)] = Cell(tid, r, turn, fill, construction)


def close_in(state: State, name: str, sides: str) -> None:
    """Lay the four neighbours of empty space `name` (N E S W) so that its sides read `sides`: "L", a cape whose
    land faces it; "S", open sea; "-", the neighbour is left as it is."""
    names = {d: GRID.name(nb) for d in range(4) if (nb := GRID.neighbour(sp(name), d)) is not None}
    for d, side in enumerate(sides):
        if side == "L":
            put(state, names[d], CAPE, "".join("L" if k == (d + 2) % 4 else "S" for k in range(4)))
        elif side == "S":
            put(state, names[d], SEA)


def fill_board(state: State, tid: str = SEA, except_: tuple[str, ...] = ()) -> None:
    """Cover every empty space with `tid` (default: open sea), leaving the named spaces empty."""
    keep = {sp(n) for n in except_}
    for i in range(GRID.size):
        if state.board[i] is None and i not in keep:
            state.board[i] = Cell(tid, 0, 0)


def set_piles(state: State, *piles: list[str]) -> None:
    """Replace the five discovery piles (missing ones become empty). The top of a pile is its LAST element."""
    state.piles = [list(p) for p in piles] + [[] for _ in range(5 - len(piles))]


def ship_at(name: str) -> tuple[int, int]:
    pos = B.parse_ship(name)
    assert pos is not None, name
    return pos


def voyage(
    state: State,
    ship: str,
    budget: int = 1,
    placed: tuple[str, ...] = (),
    drew_any: bool | None = None,
    declared: int | None = None,
) -> State:
    """Put the current player mid-voyage: ship on `ship`, `budget` draws left, `placed` = spaces placed this turn."""
    state.phase = "voyage"
    state.ship = ship_at(ship)
    state.voyage = Voyage(
        declared=budget if declared is None else declared,
        budget=budget,
        placed=[sp(n) for n in placed],
        drew_any=bool(placed) if drew_any is None else drew_any,
    )
    return state


def mv(state: State, kind: str, **args: Any) -> Move:
    """A move of `kind` by the seat to act."""
    return Move.make(kind, state.current, **args)


def play(state: State, kind: str, **args: Any) -> tuple[State, list[dict[str, Any]]]:
    return engine.step(state, mv(state, kind, **args))


def keys(state: State, kind: str | None = None) -> list[str]:
    return [m.key for m in engine.legal_moves(state) if kind is None or m.kind == kind]


def events_of(events: list[dict[str, Any]], type_: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == type_]


def end_turn(state: State) -> tuple[State, list[dict[str, Any]]]:
    """End the current player's turn with a `stop` from a voyage that drew nothing more can happen on.

    The ship is put on an edge circle (no build possible, no draws left), so only `stop` is left."""
    free = [GRID.edge_name(s, d) for s, d in GRID.edge_circles() if state.board[s] is None]
    voyage(state, free[0] if free else "A1N", budget=0, drew_any=True)
    return play(state, "stop")


def land_sides(state: State, name: str) -> str:
    cell = state.board[sp(name)]
    assert cell is not None
    return B.cell_geometry(cell).sides


def snapshot(state: State) -> str:
    return engine.state_to_json(state)
