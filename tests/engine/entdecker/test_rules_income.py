"""Rule 2: income once per season from the wheel (2-5), the same for everyone, capped at 12."""

from __future__ import annotations

from engine.entdecker.setup import spin_wheel
from engine.entdecker.tiles import tileset
from tests.engine.entdecker.helpers import end_turn, events_of, game


def test_wheel_values_are_two_to_five():
    assert sorted(set(tileset().wheel)) == [2, 3, 4, 5]
    state = game()
    seen = {spin_wheel(state) for _ in range(200)}
    assert seen == {2, 3, 4, 5}


def test_no_income_between_turns_of_one_season():
    state = game(3)
    state, events = end_turn(state)
    assert state.current == 1
    assert events_of(events, "income") == []
    assert [p.gold for p in state.players] == [10, 10, 10]


def test_income_once_at_the_start_of_each_season_same_for_all_and_capped_at_12():
    state = game(3)
    state.players[0].gold = 11
    state.players[1].gold = 1
    state.players[2].gold = 3
    state, _ = end_turn(state)
    state, _ = end_turn(state)
    assert state.current == 2
    state, events = end_turn(state)  # the last turn of season 1
    incomes = events_of(events, "income")
    assert len(incomes) == 1
    amount = incomes[0]["amount"]
    assert 2 <= amount <= 5
    assert incomes[0]["season"] == 2
    assert state.season == 2 and state.current == 0
    assert [p.gold for p in state.players] == [12, 1 + amount, 3 + amount]


def test_income_is_reproducible_from_the_seed():
    a, b = game(seed=9), game(seed=9)
    for _ in range(4):
        a, ea = end_turn(a)
        b, eb = end_turn(b)
        assert events_of(ea, "income") == events_of(eb, "income")
    assert [p.gold for p in a.players] == [p.gold for p in b.players]
