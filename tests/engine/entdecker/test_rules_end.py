"""Rule 10: the end — board full, or the last discovery tile drawn (incomplete islands then score as complete,
without plants); the Grand Inventor bonus; the final ranking with ties."""

from __future__ import annotations

import pytest

import engine
from tests.engine.entdecker.helpers import (
    CAPE,
    SEA,
    close_in,
    end_turn,
    events_of,
    fill_board,
    game,
    mv,
    play,
    put,
    set_piles,
    sp,
    voyage,
)


def test_game_ends_when_the_board_is_full():
    state = game(2)
    fill_board(state, SEA, except_=("A1",))
    state, events = end_turn(state)  # the fill-in closes the last gap
    assert all(c is not None for c in state.board)
    assert state.game_over and state.phase == "over"
    assert events_of(events, "end") == [{"type": "end", "reason": "board_full"}]
    assert state.result is not None and state.result["scores"] == [0, 0]
    assert engine.legal_moves(state) == []
    with pytest.raises(engine.IllegalMove) as exc:
        engine.step(state, mv(state, "stop"))
    assert exc.value.reason
    v = engine.view(state, None)
    assert v["game_over"] is True and v["result"] == state.result


def test_board_filled_by_the_last_placed_tile_ends_the_game_and_scores_its_island():
    state = game(2)
    fill_board(state, SEA, except_=("C1", "C2"))
    put(state, "C2", CAPE, "LSSS", build=(1, "trading_post"))  # land north, waiting for C1
    set_piles(state, [SEA, SEA, CAPE])
    state, _ = play(state, "ship", position="C1N")
    state, _ = play(state, "explore", count=1)
    state, _ = play(state, "draw", pile=1)  # fits only with land south
    assert not state.game_over  # the player may still build on it
    state, events = play(state, "stop")
    assert state.game_over
    assert events_of(events, "end")[0]["reason"] == "board_full"
    (isl,) = events_of(events, "island")
    assert isl["incomplete"] is False and isl["scores"] == {1: 2}


def test_last_discovery_tile_drawn_ends_the_game_and_incomplete_islands_score_without_plants():
    state = game(2)
    put(state, "H5", CAPE, "LSSS", build=(1, "fort"))  # an open island: H4 is undiscovered
    set_piles(state, [SEA])
    plants = [list(p) for p in state.plant_piles]
    state, _ = play(state, "ship", position="C1N")
    state, _ = play(state, "explore", count=3)
    state, events = play(state, "draw", pile=1)
    assert state.game_over
    assert events_of(events, "end")[0]["reason"] == "piles_empty"
    (isl,) = events_of(events, "island")
    assert isl["incomplete"] is True
    assert isl["plants"] == {}
    assert isl["scores"] == {1: 1}
    assert state.plant_piles == plants
    assert state.players[1].vp == 1
    assert state.players[0].gold == 7  # the unused draws are simply lost


def test_island_completed_by_the_last_turn_is_scored_as_usual_with_plants():
    state = game(2)
    put(state, "B3", CAPE, "SLSS", build=(0, "fort"))
    close_in(state, "C3", "SLS-")
    put(state, "H5", CAPE, "LSSS", build=(1, "fort"))
    set_piles(state)  # the last tile has just been drawn
    state.plant_piles = [[3], []]
    state, events = end_turn(state)
    assert state.game_over
    islands = events_of(events, "island")
    complete = [i for i in islands if not i["incomplete"]]
    incomplete = [i for i in islands if i["incomplete"]]
    assert complete[0]["plants"] == {0: 3} and complete[0]["scores"] == {0: 6}
    assert incomplete[0]["plants"] == {} and incomplete[0]["scores"] == {1: 1}


def test_game_ends_when_nothing_is_left_to_explore():
    # Two spaces closed in by land, but the all-land fill-in pile is empty: no circle has a free line.
    state = game(2)
    state.fills[6] = []
    fill_board(state, SEA, except_=("E4", "F4", "E3", "F3", "E5", "F5", "D4", "G4"))
    close_in(state, "E4", "L-LL")
    close_in(state, "F4", "LLL-")
    state, events = end_turn(state)
    assert state.game_over
    assert events_of(events, "end")[0]["reason"] == "nothing_to_explore"


def test_grand_inventor_gets_one_point_per_token():
    state = game(2)
    fill_board(state, SEA, except_=("A1",))
    state.players[0].plants = [1, 1]
    state.players[1].plants = [4]
    state, events = end_turn(state)
    assert events_of(events, "inventor") == [{"type": "inventor", "players": [0], "bonus": 2}]
    assert state.result["scores"] == [2, 0]
    assert state.result["inventor"] == [0]


def test_tied_grand_inventors_each_get_the_bonus():
    state = game(3)
    fill_board(state, SEA, except_=("A1",))
    state.players[0].plants = [1, 2]
    state.players[1].plants = [3, 4]
    state.players[2].plants = [4]
    state, _ = end_turn(state)
    assert state.result["scores"] == [2, 2, 0]
    assert state.result["inventor"] == [0, 1]


def test_no_grand_inventor_without_tokens():
    state = game(2)
    fill_board(state, SEA, except_=("A1",))
    state, events = end_turn(state)
    assert events_of(events, "inventor") == []
    assert state.result["inventor"] == []


def test_final_ranking_with_ties():
    state = game(3)
    fill_board(state, SEA, except_=("A1",))
    state.players[0].vp = 10
    state.players[1].vp = 10
    state.players[2].vp = 5
    state, events = end_turn(state)
    assert state.result["scores"] == [10, 10, 5]
    assert state.result["ranking"] == [1, 1, 3]
    assert state.result["winners"] == [0, 1]
    assert events_of(events, "game_over")[0]["winners"] == [0, 1]


def test_inventor_bonus_counts_towards_the_winner():
    state = game(2)
    fill_board(state, SEA, except_=("A1",))
    state.players[0].vp = 10
    state.players[1].vp = 9
    state.players[1].plants = [1, 1]
    state, _ = end_turn(state)
    assert state.result["scores"] == [10, 11]
    assert state.result["winners"] == [1]


def test_the_game_ends_when_the_last_tile_is_placed_without_a_build():
    # Rulebook: "the game ends when the last card is placed" -- no construction follows it.
    state = game(2)
    set_piles(state, [CAPE])
    voyage(state, "C1N", budget=2, drew_any=False)
    state, events = play(state, "draw", pile=1)
    if state.phase == "place":
        state, events = play(state, "place", space="C1", rotation=2)
    assert state.game_over
    assert [e["reason"] for e in events_of(events, "forced_stop")] == ["piles_empty"]
    assert [e["reason"] for e in events_of(events, "end")] == ["piles_empty"]
    assert state.board[sp("C1")] is not None and state.board[sp("C1")].build is None
