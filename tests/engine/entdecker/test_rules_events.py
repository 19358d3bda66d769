"""Rule 6: the six events, applied when an event tile is placed.

storm: the turn ends at once, no building; hostile natives: building on this tile costs double; welcoming
natives: a plant token (no victory points); pirates: lose half the gold rounded to the player's disadvantage;
ruins: +3 VP; gold: +3 gold, capped at 12."""

from __future__ import annotations

import pytest

from tests.engine.entdecker.helpers import SEA, event_tile, events_of, game, keys, play, set_piles

STORM_SEA = event_tile("storm", "sea")
STORM_CAPE = event_tile("storm", "cape")
HOSTILE = event_tile("hostile_natives", "cape")
WELCOMING = event_tile("welcoming_natives", "cape")
PIRATES = event_tile("pirates", "sea")
RUINS = event_tile("ruins", "cape")
GOLD = event_tile("gold", "sea")


def draw_event(tid, gold=10, count=1):
    """Seat 0 puts the ship north of C1, declares `count` draws, and draws `tid` (placed with land south)."""
    state = game(gold=gold)
    set_piles(state, [SEA, SEA, SEA, tid])
    state, _ = play(state, "ship", position="C1N")
    state, _ = play(state, "explore", count=count)
    state, events = play(state, "draw", pile=1)
    if state.phase == "place":
        state, more = play(state, "place", space="C1", rotation=2)
        events += more
    return state, events


def test_event_tiles_exist_for_all_six_events():
    for tid in (STORM_SEA, STORM_CAPE, HOSTILE, WELCOMING, PIRATES, RUINS, GOLD):
        assert tid


def test_storm_ends_the_turn_at_once_even_with_draws_left():
    state, events = draw_event(STORM_SEA, gold=10, count=3)
    assert events_of(events, "event")[0]["event"] == "storm"
    assert events_of(events, "forced_stop")[0]["reason"] == "storm"
    assert state.current == 1 and state.phase == "ship"
    assert state.players[0].gold == 7  # the two unused draws are lost


def test_storm_on_a_land_tile_forbids_building():
    state, events = draw_event(STORM_CAPE, gold=10, count=3)
    assert events_of(events, "build") == []
    assert state.current == 1
    assert state.players[0].pieces == {"trading_post": 3, "fort": 2, "colony": 1}


def test_hostile_natives_double_the_building_cost():
    state, events = draw_event(HOSTILE, gold=10, count=1)
    assert events_of(events, "event")[0]["event"] == "hostile_natives"
    assert state.players[0].gold == 9
    builds = keys(state, "build")
    assert builds == ["build:trading_post:0", "build:fort:0"]  # colony would cost 12
    state, events = play(state, "build", piece="fort", segment=0)
    assert events_of(events, "build")[0]["cost"] == 6
    assert state.players[0].gold == 3


@pytest.mark.parametrize(("gold", "expected"), [(3, ["build:trading_post:0"]), (2, [])])
def test_hostile_natives_trading_post_costs_two(gold, expected):
    state, _ = draw_event(HOSTILE, gold=gold, count=1)
    if expected:
        assert keys(state, "build") == expected
        state, _ = play(state, "build", piece="trading_post", segment=0)
        assert state.players[0].gold == 0
    else:
        # with a single gold left nothing can be built: the turn is over
        assert state.current == 1


def test_welcoming_natives_offer_a_plant_token_and_taking_gives_no_points():
    state = game()
    before = sum(len(p) for p in state.plant_piles)
    state, events = draw_event(WELCOMING, gold=10, count=1)
    ev = events_of(events, "event")[0]
    assert ev["event"] == "welcoming_natives" and ev["offer"]
    assert state.phase == "natives" and state.players[0].plants == []
    assert sorted(keys(state)) == ["natives:leave", "natives:take"]
    state, events = play(state, "natives", choice="take")
    token = events_of(events, "natives")[0]["plant"]
    assert token in (1, 2, 3, 4)
    assert state.players[0].plants == [token]
    assert state.players[0].vp == 0
    assert sum(len(p) for p in state.plant_piles) == before - 1


def test_welcoming_natives_token_may_be_left():
    state = game()
    before = sum(len(p) for p in state.plant_piles)
    state, _ = draw_event(WELCOMING, gold=10, count=1)
    state, events = play(state, "natives", choice="leave")
    assert events_of(events, "natives")[0]["plant"] is None
    assert state.players[0].plants == []
    assert sum(len(p) for p in state.plant_piles) == before
    assert state.phase != "natives"


def test_welcoming_natives_without_tokens_offer_nothing():
    state = game()
    set_piles(state, [SEA, SEA, SEA, WELCOMING])
    state.plant_piles = [[] for _ in state.plant_piles]
    state, _ = play(state, "ship", position="C1N")
    state, _ = play(state, "explore", count=1)
    state, events = play(state, "draw", pile=1)
    if state.phase == "place":
        state, more = play(state, "place", space="C1", rotation=2)
        events += more
    ev = events_of(events, "event")[0]
    assert ev["plant"] is None and not ev.get("offer")
    assert state.phase != "natives"


def test_leaving_the_last_token_keeps_the_dutch_game_going():
    for choice, over in (("take", True), ("leave", False)):
        state = game(options={"end_when_plants_run_out": True})
        state.plant_piles = [[2], []]
        set_piles(state, [SEA, SEA, SEA, WELCOMING])
        state, _ = play(state, "ship", position="C1N")
        state, _ = play(state, "explore", count=1)
        state, _ = play(state, "draw", pile=1)
        if state.phase == "place":
            state, _ = play(state, "place", space="C1", rotation=2)
        state, _ = play(state, "natives", choice=choice)
        while state.current == 0 and not state.game_over:
            state, _ = play(state, "stop")
        assert state.game_over == over, choice


@pytest.mark.parametrize(("gold", "after"), [(10, 4), (9, 4), (2, 0), (3, 1)])
def test_pirates_take_half_the_gold_rounded_against_the_player(gold, after):
    # gold after the one declared draw: 9 -> loses 5; 8 -> loses 4; 1 -> loses 1; 2 -> loses 1
    state, events = draw_event(PIRATES, gold=gold, count=1)
    ev = events_of(events, "event")[0]
    assert ev["event"] == "pirates"
    assert ev["gold_lost"] == (gold - 1) - after
    assert state.players[0].gold == after


def test_ruins_give_three_victory_points():
    state, events = draw_event(RUINS, gold=10, count=1)
    assert events_of(events, "event")[0]["event"] == "ruins"
    assert state.players[0].vp == 3


@pytest.mark.parametrize(("gold", "after"), [(5, 7), (10, 12), (12, 12)])
def test_gold_gives_three_gold_capped_at_12(gold, after):
    state, events = draw_event(GOLD, gold=gold, count=1)
    assert events_of(events, "event")[0]["event"] == "gold"
    assert state.players[0].gold == after
