"""A builder for hand-made Wüstensöhne positions, so each rule can be tested on its own.

A game is created with `engine.new_game` and edited in place: the board (tiles chosen by their sides), caravans,
displays, piles (top = last), water, explorers and phase. Moves go through the public `engine.step`.

Sides read N, E, S, W: "D" desert, "B" brown line, "W" white line through oasis. Spaces: columns A-K, rows 1-11.
"""

from __future__ import annotations

from typing import Any

import engine
from engine.core.moves import Move
from engine.desert import rules as R
from engine.desert.state import GRID, State
from engine.desert.tiles import geometry, tile, tileset

RED, BLUE, ORANGE = 0, 1, 2


def sp(name: str) -> int:
    idx = GRID.parse(name)
    assert idx is not None, name
    return idx


def find(
    sides: str, shape: str | None = None, action: str | None = None, exclude: tuple[str, ...] = ()
) -> tuple[str, int]:
    """A pile tile and rotation lying with these sides (of `shape`, with `action`, if given)."""
    for tid, t in tileset().tiles.items():
        if t.pile == 0 or tid in exclude or (shape and t.shape != shape) or (action and t.action != action):
            continue
        for r in range(4):
            if geometry(tid, r).sides == sides:
                return tid, r
    raise LookupError(f"no tile with sides {sides} shape {shape} action {action}")


def new(players: int = 3, seed: int = 7, options: dict[str, Any] | None = None) -> State:
    return engine.new_game("desert", [f"P{i}" for i in range(players)], options or {}, seed)


def blank(state: State, caravans: dict[int, str]) -> State:
    """Empty the play area and the displays; caravans stand on the given spaces (tiles must be put there)."""
    state.board = [None] * GRID.size
    state.displays = [[] for _ in state.names]
    for seat, name in caravans.items():
        state.caravans[seat] = sp(name)
    return state


def put(state: State, name: str, sides: str, shape: str | None = None, action: str | None = None) -> str:
    used = tuple(c[0] for c in state.board if c is not None)
    tid, r = find(sides, shape, action, exclude=used)
    state.board[sp(name)] = (tid, r)
    return tid


def place_explorer(state: State, height: int, name: str, part: int = 0) -> None:
    e = next(e for e in state.explorers if e[0] == height)
    e[2], e[3] = sp(name), part


def play(state: State, kind: str, player: int | None = None, **args: Any) -> tuple[State, list[dict[str, Any]]]:
    seat = R.to_act(state)[0] if player is None else player
    return engine.step(state, Move.make(kind, seat, **args))


def keys(state: State) -> list[str]:
    return [m.key for m in engine.legal_moves(state)]


def tile_sides(state: State, name: str) -> str:
    cell = state.board[sp(name)]
    assert cell is not None
    return geometry(cell[0], cell[1]).sides


def top_row_oasis() -> tuple[State, str]:
    """An oasis along the top edge, B1-C1-D1 and a gap at E1; Blue's caravan on F1 holds the closing tile."""
    s = blank(new(3), {RED: "K11", BLUE: "F1", ORANGE: "A11"})
    put(s, "K11", "BDDD")
    put(s, "A11", "BDDD")
    put(s, "B1", "BWBB", shape="cap-three")
    put(s, "C1", "BWBW", shape="through")
    put(s, "D1", "BWBW", shape="through")
    put(s, "F1", "DDDB")
    closing, _ = find("DBDW", shape="cap-straight")
    s.displays[BLUE] = [closing]
    s.current = BLUE
    s.phase = "discover"
    return s, closing


__all__ = [
    "BLUE",
    "ORANGE",
    "RED",
    "blank",
    "find",
    "keys",
    "new",
    "place_explorer",
    "play",
    "put",
    "sp",
    "tile",
    "tile_sides",
    "top_row_oasis",
]
