"""Rule 4: declaring explorations — at least one, at most what the player can pay; paid up front and lost
even when unused."""

from __future__ import annotations

import pytest

import engine
from tests.engine.entdecker.helpers import CAPE, SEA, events_of, game, keys, mv, play, put, set_piles


def test_explore_choices_run_from_one_to_the_gold_the_player_has():
    state = game(gold=5)
    state, _ = play(state, "ship", position="C1N")
    assert keys(state) == [f"explore:{n}" for n in range(1, 6)]


def test_explore_choices_count_gold_left_after_the_placement_cost():
    state = game(gold=5)
    put(state, "C4", CAPE, "LSSS", build=(1, "fort"))
    state, _ = play(state, "ship", position="C4")
    assert state.players[0].gold == 2
    assert keys(state, "explore") == ["explore:1", "explore:2"]


def test_declared_explorations_are_paid_up_front():
    state = game(gold=7)
    state, _ = play(state, "ship", position="C1N")
    state, events = play(state, "explore", count=3)
    assert state.players[0].gold == 4
    assert state.voyage.declared == 3 and state.voyage.budget == 3
    assert events_of(events, "explore")[0]["count"] == 3
    assert state.phase == "voyage"


@pytest.mark.parametrize("count", [0, 8, -1])
def test_zero_or_more_than_affordable_is_refused(count):
    state = game(gold=7)
    state, _ = play(state, "ship", position="C1N")
    with pytest.raises(engine.IllegalMove) as exc:
        engine.step(state, mv(state, "explore", count=count))
    assert "Legal choices" in exc.value.reason and "7" in exc.value.reason


def test_unused_explorations_are_lost():
    state = game(gold=10)
    set_piles(state, [SEA, SEA, SEA])
    state, _ = play(state, "ship", position="C1N")
    state, _ = play(state, "explore", count=3)
    state, _ = play(state, "draw", pile=1)
    assert state.voyage.budget == 2
    state, _ = play(state, "stop")
    assert state.current == 1
    assert state.players[0].gold == 7  # the two unused draws are not refunded


def test_must_draw_before_stopping():
    state = game(gold=10)
    state, _ = play(state, "ship", position="C1N")
    state, _ = play(state, "explore", count=2)
    assert "stop" not in keys(state)
    with pytest.raises(engine.IllegalMove) as exc:
        engine.step(state, mv(state, "stop"))
    assert "draw" in exc.value.reason
