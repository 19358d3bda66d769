"""A builder for hand-made Discovery positions, so each rule (and each of the rulebook's examples) can be tested
on its own map.

Positions are (x, y) with x to the east and y to the north. Rotation r turns a tile r quarter turns clockwise
(what was on side d is then on side d + r; sides 0=N 1=E 2=S 3=W). Tile ids are the rulebook's numbers; `T("19")`
is the first copy of a tile the set has several of.
"""

from __future__ import annotations

from typing import Any

import engine
from engine.core.grid import opposite
from engine.core.moves import Move
from engine.discovery import board as B
from engine.discovery.state import Cell, Follower, State
from engine.discovery.tiles import rotations, tileset

N, E, S, W = 0, 1, 2, 3
RED, YELLOW = 0, 1


def T(number: str, copy: int = 1) -> str:
    tiles = tileset().tiles
    return number if number in tiles else f"{number}-{copy}"


def game(players: int = 2, options: dict[str, Any] | None = None, seed: int = 1) -> State:
    names = ["Red", "Yellow", "Green", "Blue", "Black"][:players]
    return engine.new_game("discovery", names, options or {}, seed)


def blank(players: int = 2, **kwargs: Any) -> State:
    """A game whose map is empty (tests put every tile), Red to place `drawn` if given."""
    state = game(players, **kwargs)
    state.board = {}
    return state


def put(state: State, tid: str, pos: tuple[int, int], rotation: int = 0) -> None:
    """Put a tile on the map; the sides it shares with tiles already there must continue their terrain."""
    g = rotations(tid)[rotation]
    for d in range(4):
        other = state.board.get(B.neighbour(pos, d))
        if other is not None:
            assert B.geometry(other).edges[opposite(d)] == g.edges[d], f"{tid} at {pos} does not fit on side {d}"
    state.board[pos] = Cell(tid, rotation, 0, None)


def follower(state: State, player: int, pos: tuple[int, int], region: int) -> None:
    state.followers.append(Follower(player, pos[0], pos[1], region))
    state.players[player].supply -= 1


def territory(state: State, pos: tuple[int, int], region: int) -> B.Territory:
    return B.analyse(state.board).at(pos[0], pos[1], region)


def value(state: State, pos: tuple[int, int], region: int, final: bool = False) -> int:
    m = B.analyse(state.board)
    return m.value(m.at(pos[0], pos[1], region), final=final)


def to_place(state: State, tid: str, player: int = RED) -> State:
    """Make `player` the one to place `tid` now."""
    state.current = player
    state.phase = "place"
    state.drawn = tid
    state.placed = None
    if tid in state.pile:
        state.pile.remove(tid)
    return state


def place(state: State, at: str, turn: int) -> tuple[State, list[dict[str, Any]]]:
    return engine.step(state, Move.make("place", state.current, at=at, turn=turn))


def kinds(state: State) -> list[str]:
    return [m.key for m in engine.legal_moves(state)]


def deploy_keys(state: State) -> list[str]:
    return [m.key for m in engine.legal_moves(state) if m.kind == "deploy"]
