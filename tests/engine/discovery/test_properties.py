"""Properties over random legal play (hypothesis): every legal move applies, scores never decrease, each player
has 4 followers (supply + map), the map is always consistent, and no tile is lost or made up."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.core.grid import opposite
from engine.discovery import board as B
from engine.discovery.state import State


def _check_map(state: State) -> None:
    for pos, cell in state.board.items():
        g = B.geometry(cell)
        touching = 0
        for d in range(4):
            other = state.board.get(B.neighbour(pos, d))
            if other is not None:
                touching += 1
                assert B.geometry(other).edges[opposite(d)] == g.edges[d]
        assert touching or len(state.board) == 1
    tiles = len(state.board) + len(state.pile) + len(state.discarded) + len(state.removed)
    tiles += sum(len(p.hand) for p in state.players) + (1 if state.drawn else 0)
    assert tiles == 84
    for i, p in enumerate(state.players):
        assert p.supply + sum(1 for f in state.followers if f.player == i) == 4
    for f in state.followers:
        assert 0 <= f.region < len(B.geometry(state.board[(f.x, f.y)]).regions)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 5),
    double=st.booleans(),
    equal=st.booleans(),
    choices=st.lists(st.integers(0, 10_000), min_size=20, max_size=60),
)
def test_random_legal_play_keeps_every_invariant(
    seed: int, players: int, double: bool, equal: bool, choices: list[int]
) -> None:
    state = engine.new_game(
        "discovery", [f"P{i}" for i in range(players)], {"double_tile": double, "equal_turns": equal}, seed
    )
    _check_map(state)
    for c in choices:
        if state.game_over:
            break
        moves = engine.legal_moves(state)
        assert moves
        before = [p.score for p in state.players]
        after, _events = engine.step(state, moves[c % len(moves)])
        assert after.version == state.version + 1
        assert all(a >= b for a, b in zip((p.score for p in after.players), before, strict=True))
        assert all(p.score == b for p, b in zip(state.players, before, strict=True))  # the old state is untouched
        _check_map(after)
        state = after


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5))
def test_whole_games_end_with_a_result(seed: int, players: int) -> None:
    state = engine.new_game("discovery", [f"P{i}" for i in range(players)], {}, seed)
    while not state.game_over:
        state = engine.apply(state, engine.ai_move(state, "random"))
    _check_map(state)
    assert state.result is not None and len(state.result["scores"]) == players
    assert state.result["winners"]
