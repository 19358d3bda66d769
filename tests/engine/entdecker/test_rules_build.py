"""Rule 8: construction on the tile the ship moved onto this turn — costs 1/3/6, one per tile, a choice of land
segment on two-land tiles, building ends the turn, pieces limited by supply; trading posts may be taken back."""

from __future__ import annotations

import pytest

import engine
from engine.entdecker.state import Construction
from tests.engine.entdecker.helpers import (
    CAPE,
    SEA,
    STRAIT,
    end_turn,
    events_of,
    game,
    keys,
    mv,
    play,
    put,
    set_piles,
    sp,
    voyage,
)


def on_new_land(gold=10, tid=CAPE, sides="SSLS"):
    """Seat 0 mid-voyage with the ship on E1, a land tile placed this turn."""
    state = game(gold=gold)
    put(state, "E1", tid, sides, turn=1)
    return voyage(state, "E1", budget=0, placed=("E1",))


@pytest.mark.parametrize(("piece", "cost"), [("trading_post", 1), ("fort", 3), ("colony", 6)])
def test_construction_costs(piece, cost):
    state = on_new_land(gold=10)
    state, events = play(state, "build", piece=piece, segment=0)
    assert state.players[0].gold == 10 - cost
    assert state.players[0].pieces[piece] == {"trading_post": 3, "fort": 2, "colony": 1}[piece] - 1
    assert state.board[sp("E1")].build == Construction(0, piece, 0)
    assert events_of(events, "build")[0]["cost"] == cost


def test_building_ends_the_turn():
    state = on_new_land()
    state.voyage.budget = 3  # even with draws left
    set_piles(state, [SEA, SEA])
    assert "draw:1" in keys(state)
    state, _ = play(state, "build", piece="trading_post", segment=0)
    assert state.current == 1 and state.phase == "ship"


def test_only_affordable_pieces_are_offered():
    assert keys(on_new_land(gold=2), "build") == ["build:trading_post:0"]
    assert keys(on_new_land(gold=5), "build") == ["build:trading_post:0", "build:fort:0"]
    assert keys(on_new_land(gold=6), "build") == ["build:trading_post:0", "build:fort:0", "build:colony:0"]
    state = on_new_land(gold=5)
    with pytest.raises(engine.IllegalMove) as exc:
        engine.step(state, mv(state, "build", piece="colony", segment=0))
    assert "trading_post" in exc.value.reason


def test_pieces_are_limited_by_supply():
    state = on_new_land(gold=12)
    state.players[0].pieces = {"trading_post": 0, "fort": 2, "colony": 0}
    assert keys(state, "build") == ["build:fort:0"]


def test_no_building_on_a_sea_tile():
    state = on_new_land(tid=SEA, sides="SSSS")
    assert keys(state, "build") == []


def test_no_building_on_a_tile_discovered_in_an_earlier_turn():
    state = game()
    put(state, "E1", CAPE, "SSLS", turn=0)
    voyage(state, "E1", budget=1, placed=(), drew_any=False)
    assert keys(state, "build") == []


def test_no_going_back_to_build_on_an_earlier_tile_of_this_voyage():
    # "if the last card a player draws is open sea, they cannot go back to build"
    state = game()
    put(state, "E1", CAPE, "SSSL", turn=1)
    put(state, "F1", SEA, turn=1)
    voyage(state, "F1", budget=0, placed=("E1", "F1"))
    assert keys(state, "build") == []
    assert keys(state) == ["stop"]


def test_only_one_construction_per_tile():
    state = on_new_land()
    put(state, "E1", CAPE, "SSLS", build=(1, "trading_post"), turn=1)
    assert keys(state, "build") == []


def test_choice_of_land_segment_on_a_tile_with_two_pieces_of_land():
    state = on_new_land(tid=STRAIT, sides="SLSL")  # land east and west, not joined
    assert keys(state, "build") == [
        "build:trading_post:0",
        "build:trading_post:1",
        "build:fort:0",
        "build:fort:1",
        "build:colony:0",
        "build:colony:1",
    ]
    state, _ = play(state, "build", piece="fort", segment=1)
    assert state.board[sp("E1")].build == Construction(0, "fort", 1)
    with pytest.raises(engine.IllegalMove):
        engine.step(on_new_land(tid=STRAIT, sides="SLSL"), mv(state, "build", piece="fort", segment=2))


def test_trading_post_can_be_taken_back_without_ending_the_turn():
    state = game()
    put(state, "H5", CAPE, "LSSS", build=(0, "trading_post"))
    state.players[0].pieces["trading_post"] = 2
    assert "recall:H5" in keys(state)  # already while placing the ship
    version = state.version
    state, events = play(state, "recall", space="H5")
    assert state.board[sp("H5")].build is None
    assert state.players[0].pieces["trading_post"] == 3
    assert state.current == 0 and state.phase == "ship"
    assert state.version == version + 1
    assert events_of(events, "recall")


def test_forts_colonies_and_others_posts_cannot_be_taken_back():
    state = game()
    put(state, "H5", CAPE, "LSSS", build=(0, "fort"))
    put(state, "H3", CAPE, "LSSS", build=(0, "colony"))
    put(state, "C5", CAPE, "LSSS", build=(1, "trading_post"))
    assert [k for k in keys(state) if k.startswith("recall")] == []
    for space in ("H5", "H3", "C5"):
        with pytest.raises(engine.IllegalMove):
            engine.step(state, mv(state, "recall", space=space))


def test_trading_post_cannot_be_taken_back_while_a_tile_is_in_hand():
    state = game()
    put(state, "H5", CAPE, "LSSS", build=(0, "trading_post"))
    set_piles(state, [SEA, CAPE])
    state, _ = play(state, "ship", position="A1N")
    assert "recall:H5" in keys(state)
    state, _ = play(state, "explore", count=2)
    assert "recall:H5" in keys(state)
    state, _ = play(state, "draw", pile=1)
    assert state.phase == "place"
    assert "recall:H5" not in keys(state)


def test_recalled_trading_post_is_back_in_supply_for_building():
    state = on_new_land(gold=10)
    put(state, "H5", CAPE, "LSSS", build=(0, "trading_post"))
    state.players[0].pieces["trading_post"] = 0
    assert "build:trading_post:0" not in keys(state)
    state, _ = play(state, "recall", space="H5")
    assert "build:trading_post:0" in keys(state)


def test_turn_after_a_build_belongs_to_the_next_player():
    state = on_new_land()
    state, _ = play(state, "build", piece="trading_post", segment=0)
    state, _ = end_turn(state)
    assert state.current == 0


def test_recall_is_offered_during_the_voyage():
    state = game(gold=10)
    put(state, "H5", CAPE, "LSSS", build=(0, "trading_post"))
    set_piles(state, [SEA, SEA, SEA])
    state, _ = play(state, "ship", position="C1N")
    state, _ = play(state, "explore", count=2)
    state, _ = play(state, "draw", pile=1)
    assert state.phase == "voyage"
    assert "recall:H5" in keys(state)


def test_turn_does_not_end_when_a_recall_would_allow_building():
    # All three trading posts are on the board; one gold left after the single declared draw. The new coast tile
    # could take a trading post if the player first takes one back - the turn must not end by itself.
    state = game(gold=2)
    for name in ("H5", "H3", "C5"):
        put(state, name, CAPE, "LSSS", build=(0, "trading_post"))
    state.players[0].pieces["trading_post"] = 0
    set_piles(state, [SEA, SEA, "cape-02"])
    state, _ = play(state, "ship", position="C1N")
    state, _ = play(state, "explore", count=1)
    state, _ = play(state, "draw", pile=1)
    state, events = play(state, "place", space="C1", rotation=2)
    assert events_of(events, "forced_stop") == []
    assert state.current == 0 and state.phase == "voyage"
    state, _ = play(state, "recall", space="H5")
    state, _ = play(state, "build", piece="trading_post", segment=0)
    assert state.board[sp("C1")].build == Construction(0, "trading_post", 0)
