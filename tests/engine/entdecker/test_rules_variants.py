"""Rule 11: the variants as game options — personal tiles, changing first player, keeping unplayable tiles,
the Dutch end when plant tokens run out, and plant tokens drawn from a bag."""

from __future__ import annotations

from collections import Counter

import engine
from engine.entdecker import board as B
from engine.entdecker.tiles import tile
from tests.engine.entdecker.helpers import (
    BAY,
    CAPE,
    SEA,
    close_in,
    end_turn,
    event_tile,
    events_of,
    game,
    keys,
    play,
    put,
    set_piles,
    sp,
    voyage,
)

PERSONAL = {"personal_tiles": True}

# --- personal tiles ----------------------------------------------------------------------------------------


def test_personal_tiles_four_each_of_the_four_kinds_taken_out_of_the_piles():
    state = game(3, PERSONAL)
    for p in state.players:
        assert len(p.personal) == 4
        sides = sorted(tile(t).geometry.sides for t in p.personal)
        # open sea; three sea sides; two opposite sea sides; two adjacent sea sides
        assert sides == ["LLSS", "LSLS", "LSSS", "SSSS"]
        assert all(tile(t).event is None for t in p.personal)
    in_piles = [t for pile in state.piles for t in pile]
    assert len(in_piles) == 82 - 12
    assert not {t for p in state.players for t in p.personal} & set(in_piles)
    assert sum(1 for t in in_piles if tile(t).event) == 20


def test_personal_tiles_are_seen_only_by_their_owner():
    state = game(2, PERSONAL)
    v0, v1, spectator = engine.view(state, 0), engine.view(state, 1), engine.view(state, None)
    assert [t["id"] for t in v0["players"][0]["personal_tiles"]] == state.players[0].personal
    assert v0["players"][1]["personal_tiles"] is None
    assert v1["players"][0]["personal_tiles"] is None
    assert spectator["players"][0]["personal_tiles"] is None
    assert v1["players"][0]["personal_count"] == 4


def test_personal_tiles_gold_is_declared_and_each_draw_costs_one():
    state = game(2, PERSONAL, gold=6)
    set_piles(state, [SEA, SEA, SEA])
    state, _ = play(state, "ship", position="C1N")
    assert keys(state, "explore") == [f"explore:{n}" for n in range(1, 7)]
    state, _ = play(state, "explore", count=5)
    assert state.players[0].gold == 1
    assert state.voyage.budget == 5
    state, _ = play(state, "draw", pile=1)
    assert state.voyage.budget == 4


def test_personal_tile_costs_two_and_only_one_per_turn():
    state = game(2, PERSONAL, gold=10)
    set_piles(state, [SEA, SEA, SEA])
    state, _ = play(state, "ship", position="C1N")
    state, _ = play(state, "explore", count=5)
    personal = keys(state, "personal")
    sea = next(t for t in state.players[0].personal if tile(t).type == "sea")
    assert f"personal:{sea}" in personal
    state, events = play(state, "personal", tile=sea)
    assert events_of(events, "personal")
    assert state.voyage.budget == 3
    assert sea not in state.players[0].personal
    assert state.board[sp("C1")].tile == sea
    assert keys(state, "personal") == []  # one per turn
    assert "draw:1" in keys(state)


def test_personal_tile_needs_two_gold_left_in_the_budget():
    state = game(2, PERSONAL, gold=10)
    set_piles(state, [SEA, SEA, SEA])
    state, _ = play(state, "ship", position="C1N")
    state, _ = play(state, "explore", count=1)
    assert keys(state, "personal") == []
    assert keys(state, "draw") == ["draw:1"]


def test_personal_moves_are_hidden_from_other_viewers():
    state = game(2, PERSONAL, gold=10)
    set_piles(state, [SEA, SEA, SEA])
    state, _ = play(state, "ship", position="C1N")
    state, _ = play(state, "explore", count=4)
    assert any(e["kind"] == "personal" for e in engine.view(state, 0)["legal"])
    assert not any(e["kind"] == "personal" for e in engine.view(state, 1)["legal"])
    assert not any(e["kind"] == "personal" for e in engine.view(state, None)["legal"])


def test_without_the_variant_there_are_no_personal_tiles():
    state = game(2)
    assert all(p.personal == [] for p in state.players)
    assert sum(len(p) for p in state.piles) == 82


# --- changing first player ---------------------------------------------------------------------------------


def turn_order(options, turns=9):
    state = game(3, options)
    order, firsts = [state.current], [state.first]
    for _ in range(turns - 1):
        state, _ = end_turn(state)
        order.append(state.current)
        firsts.append(state.first)
    return order, firsts


def test_fixed_first_player_by_default():
    order, firsts = turn_order({})
    assert order == [0, 1, 2, 0, 1, 2, 0, 1, 2]
    assert set(firsts) == {0}


def test_changing_first_player_passes_the_wheel_and_skips_a_turn():
    order, firsts = turn_order({"rotating_first_player": True})
    assert order == [0, 1, 2, 1, 2, 0, 2, 0, 1]
    assert firsts == [0, 0, 0, 1, 1, 1, 2, 2, 2]


def test_changing_first_player_every_season_still_gives_income():
    state = game(2, {"rotating_first_player": True})
    state, _ = end_turn(state)
    state, events = end_turn(state)
    income = events_of(events, "income")
    assert income and income[0]["first"] == 1
    assert state.current == 1


# --- keeping unplayable tiles --------------------------------------------------------------------------------


def discard_into_corner(tid, options):
    state = game(2, options)
    set_piles(state, [SEA, SEA, tid])
    state, _ = play(state, "ship", position="A1N")
    state, _ = play(state, "explore", count=1)
    return play(state, "draw", pile=1)


def test_unplayable_tile_without_event_is_kept_beside_the_fill_in_piles():
    state, events = discard_into_corner(BAY, {"keep_unplayable": True})
    assert events_of(events, "discard")[0]["kept"] is True
    assert state.kept == [BAY]
    assert engine.view(state)["piles"]["kept"] == {"5": 1}


def test_unplayable_event_tile_is_not_kept():
    bay_event = event_tile("welcoming_natives", "bay")
    state, events = discard_into_corner(bay_event, {"keep_unplayable": True})
    assert events_of(events, "discard")[0]["kept"] is False
    assert state.kept == []
    assert events_of(events, "event") == []


def test_unplayable_tile_is_not_kept_without_the_variant():
    state, _ = discard_into_corner(BAY, {})
    assert state.kept == []


def test_kept_tile_stands_in_for_an_empty_fill_in_pile():
    state = game(2, {"keep_unplayable": True})
    state.fills[5] = []
    state.kept = [BAY]
    close_in(state, "E4", "LLLS")
    state, _ = end_turn(state)
    cell = state.board[sp("E4")]
    assert cell is not None and cell.tile == BAY
    assert engine.view(state)["tiles"][0]["sides"]  # renders like any tile
    assert state.kept == []
    assert B.cell_geometry(cell).sides == "LLLS"


def test_kept_tile_is_used_only_when_the_fill_pile_is_empty():
    state = game(2, {"keep_unplayable": True})
    state.kept = [BAY]
    close_in(state, "E4", "LLLS")
    state, _ = end_turn(state)
    assert state.board[sp("E4")].fill is True
    assert state.kept == [BAY]


# --- Dutch edition: end when the plant tokens run out ------------------------------------------------------


def test_game_ends_when_plants_run_out_with_the_dutch_option():
    state = game(2, {"end_when_plants_run_out": True})
    put(state, "H5", CAPE, "LSSS", build=(1, "fort"))
    state.plant_piles = [[], []]
    state, events = end_turn(state)
    assert state.game_over
    assert events_of(events, "end")[0]["reason"] == "plants_gone"
    (isl,) = events_of(events, "island")
    assert isl["incomplete"] and isl["scores"] == {1: 1}


def test_game_goes_on_without_plants_by_default():
    state = game(2)
    state.plant_piles = [[], []]
    state, _ = end_turn(state)
    assert not state.game_over


def _take_from_welcoming_natives(state):
    """Seat 0 sails to C1, draws a welcoming-natives cape there and takes their plant token."""
    set_piles(state, [SEA, SEA, event_tile("welcoming_natives", "cape")])
    state, _ = play(state, "ship", position="C1N")
    state, _ = play(state, "explore", count=1)
    state, _ = play(state, "draw", pile=1)
    if state.phase == "place":
        state, _ = play(state, "place", space="C1", rotation=2)
    state, _ = play(state, "natives", choice="take")
    return state


def test_welcoming_natives_taking_the_last_token_ends_the_game_with_the_dutch_option():
    state = game(2, {"end_when_plants_run_out": True})
    state.plant_piles = [[2], []]
    state = _take_from_welcoming_natives(state)
    assert state.players[0].plants == [2]
    state, events = play(state, "stop")
    assert state.game_over and events_of(events, "end")[0]["reason"] == "plants_gone"
    assert state.result["inventor"] == [0] and state.result["scores"][0] == 1


# --- plant tokens from a bag ---------------------------------------------------------------------------------


def test_bag_holds_all_twenty_tokens():
    state = game(2, {"plant_draw": "bag"})
    assert len(state.plant_piles) == 1
    assert Counter(state.plant_piles[0]) == Counter({1: 5, 2: 5, 3: 5, 4: 5})
    assert engine.view(state)["piles"]["plants"] == [20]


def test_bag_draw_takes_one_token_reproducibly():
    results = []
    for _ in range(2):
        state = game(2, {"plant_draw": "bag"})
        state = _take_from_welcoming_natives(state)
        assert len(state.plant_piles[0]) == 19
        assert len(state.players[0].plants) == 1
        results.append((state.players[0].plants, state.plant_piles))
    assert results[0] == results[1]


def test_bag_draws_for_tied_discoverers():
    state = game(2, {"plant_draw": "bag"})
    state.plant_piles = [[1, 4]]
    put(state, "B3", CAPE, "SLSS", build=(0, "fort"))
    put(state, "C3", CAPE, "SSSL", build=(1, "fort"))
    state, events = end_turn(state)
    (isl,) = events_of(events, "island")
    assert sorted(isl["plants"].values()) == [1, 4]
    assert isl["value"] == 2 + 4
    assert state.plant_piles == [[]]


def test_voyage_on_personal_tile_allows_building():
    state = game(2, PERSONAL, gold=10)
    set_piles(state, [SEA, SEA, SEA])
    voyage(state, "C1N", budget=3, drew_any=False)
    cape = next(t for t in state.players[0].personal if tile(t).type == "cape")
    state, _ = play(state, "personal", tile=cape)
    if state.phase == "place":
        state, _ = play(state, "place", space="C1", rotation=2)
    assert "build:trading_post:0" in keys(state)
