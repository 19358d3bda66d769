"""Property tests over random legal play: invariants that must hold after every move of every game."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.api import header_problems
from engine.desert import board as B
from engine.desert import rules as R
from engine.desert.state import CAMEL_SPACES, CAMEL_TILES, GOODS_PER_KIND, RUMOUR_VALUES, WATER_STONES, State
from engine.desert.tiles import GOODS


def tiles_accounted(state: State) -> int:
    on_board = sum(1 for c in state.board if c is not None)
    elsewhere = sum(len(p) for p in state.piles) + sum(len(d) for d in state.displays) + len(state.removed)
    return on_board + elsewhere + (1 if state.hand is not None else 0)


def check_invariants(state: State, total_tiles: int) -> None:
    assert sum(state.water) + state.water_supply == WATER_STONES, "water stones are conserved"
    assert all(w >= 0 for w in state.water)
    assert sum(state.camels) - 2 * state.players + state.camel_supply == CAMEL_TILES
    for good in GOODS:
        held = sum(g.count(good) for g in state.goods)
        assert held + state.goods_supply[good] == GOODS_PER_KIND, "goods are conserved"
    for seat in range(state.players):
        assert len(state.goods[seat]) <= state.camels[seat] * CAMEL_SPACES, "goods never exceed the camel spaces"
        mine = [e for e in state.explorers if e[1] == seat]
        assert len(mine) == 4, "explorers in supply + on the board = 4"
        for _, _, space, part in mine:
            if space >= 0:
                g = B.at(state.board, space)
                assert g is not None and part < len(g.parts), "an explorer stands on an oasis part"
    tokens = [t for t in state.rumour_board.values() if t is not None] + state.rumour_supply
    if state.pending and "token" in state.pending:
        tokens.append(state.pending["token"])
    assert sorted(tokens) == list(range(len(RUMOUR_VALUES))), "rumour tokens are conserved"
    assert tiles_accounted(state) == total_tiles, "tiles are conserved"
    assert len(set(state.caravans)) == state.players, "no two caravans share a space"


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    players=st.integers(min_value=2, max_value=4),
    choices=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=50),
)
def test_random_legal_play_keeps_invariants(seed: int, players: int, choices: list[int]) -> None:
    state = engine.new_game("desert", [f"P{i}" for i in range(players)], {}, seed)
    total = tiles_accounted(state)
    start_json = engine.state_to_json(state)
    for i in range(300):
        moves = engine.legal_moves(state)
        if state.game_over:
            assert moves == [] and R.to_act(state) == []
            break
        assert moves, "a running game always offers the seat to act a move"
        seats = R.to_act(state)
        assert all(m.player in seats for m in moves)
        if i % 25 == 0:
            for viewer in (None, *range(players)):
                assert header_problems(engine.view(state, viewer)) == []
        move = moves[choices[i % len(choices)] % len(moves)]
        after, events = engine.step(state, move)
        assert after.version == state.version + 1
        check_invariants(after, total)
        for e in events:
            text = engine.describe("desert", e, state.names)
            assert text is None or isinstance(text, str)
        state = after
    assert engine.state_to_json(engine.new_game("desert", state.names, {}, seed)) == start_json
    text = engine.state_to_json(state)
    assert engine.state_to_json(engine.state_from_json(text)) == text
    saved = json.loads(json.dumps(engine.saved_game(state)))
    assert engine.state_to_json(engine.replay(saved)) == text


def test_whole_games_end_and_replay() -> None:
    for seed, players in ((1, 2), (2, 3), (3, 4)):
        state = engine.new_game("desert", [f"P{i}" for i in range(players)], {}, seed)
        total = tiles_accounted(state)
        while not state.game_over:
            state = engine.apply(state, engine.ai_move(state, "random" if state.version % 2 else "heuristic"))
            check_invariants(state, total)
        assert state.result is not None and len(state.result["scores"]) == players
        assert engine.state_to_json(engine.replay(engine.saved_game(state))) == engine.state_to_json(state)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), players=st.integers(min_value=2, max_value=4))
def test_views_hide_the_piles(seed: int, players: int) -> None:
    state = engine.new_game("desert", [f"P{i}" for i in range(players)], {}, seed)
    for viewer in (None, 0):
        text = json.dumps(engine.view(state, viewer))
        for pile in state.piles:
            for tid in pile:
                assert f'"{tid}"' not in text, "a face-down tile must not appear in a view"
