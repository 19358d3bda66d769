"""The AI's map with one tile added (engine.discovery.grown) tells every territory as the whole analysis of that map
does: checked on every legal placement of seeded games."""

from __future__ import annotations

from typing import Any

import engine
from engine.discovery import board as B
from engine.discovery.grown import grown
from engine.discovery.rules import TURN_DEGREES
from engine.discovery.state import Cell, State, parse_pos


def told(m: B.Map) -> dict[B.Node, tuple[Any, ...]]:
    """Everything a map says of the territory through each node, its neighbours by their first node (not their
    id), computed once per territory."""
    said: dict[int, tuple[Any, ...]] = {}
    for node, tid in m.of_node.items():
        t = m.at(*node)
        assert t.id == tid, "a node leads to its territory's own id"
        if tid not in said:
            said[tid] = territory_told(m, t)
    return {node: said[tid] for node, tid in m.of_node.items()}


def territory_told(m: B.Map, t: B.Territory) -> tuple[Any, ...]:
    return (
        t.terrain,
        tuple(t.nodes),
        frozenset(t.tiles),
        t.complete,
        t.open_faces,
        frozenset(t.cities),
        frozenset(t.shore_cities),
        frozenset(m.territories[n].nodes[0] for n in t.neighbours),
        m.city_count(t),
        m.value(t),
        m.value(t, final=True),
    )


def check_every_placement(state: State) -> int:
    before = B.analyse(state.board)
    checked = 0
    for move in engine.legal_moves(state):
        pos = parse_pos(move.get("at"))
        assert pos is not None
        tid = state.players[move.player].hand[move.get("tile") - 1] if move.get("tile") else state.drawn
        assert tid is not None
        cell = Cell(tid, TURN_DEGREES.index(move.get("turn")), state.turn, move.player)
        board = {**state.board, pos: cell}
        quick, whole = grown(before, state.board, pos, cell), B.analyse(board)
        assert told(quick) == told(whole), move.key
        # one id per territory: two nodes share an id exactly when the whole analysis puts them together
        assert len(set(quick.of_node.values())) == len(whole.territories)
        checked += 1
    return checked


def test_a_grown_map_tells_every_territory_as_the_whole_analysis() -> None:
    """Every fourth turn of a game of the heuristic AI, to its end (the whole of many games was checked once, with
    the figures in docs/bench.md; this keeps the suite short)."""
    checked = 0
    state = engine.new_game("discovery", ["a", "b", "c"], {}, 1)
    while not state.game_over:
        if state.phase == "place" and state.turn % 4 == 0:
            checked += check_every_placement(state)
        state = engine.apply(state, engine.ai_move(state))
    assert checked > 450


def test_a_grown_map_of_a_hand_tile_too() -> None:
    """The double-tile variant places a tile from the hand: every tenth of its turns."""
    checked = 0
    state = engine.new_game("discovery", ["a", "b"], {"double_tile": True}, 4)
    while not state.game_over:
        if state.phase == "place" and state.turn % 10 == 0:
            checked += check_every_placement(state)
        state = engine.apply(state, engine.ai_move(state, "random"))
    assert checked > 200
