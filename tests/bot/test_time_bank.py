"""The time bank (bot/service/time_bank.py): each turn adds its allowance up to three turns' worth, each move takes
its time off its seat's clock."""

from __future__ import annotations

import pytest

from bot.service.time_bank import allowance, clock_left

DAY = 86400.0


def test_a_new_game_gives_the_first_player_one_turns_allowance() -> None:
    assert clock_left([], 0.0, 0, 0.0, DAY) == DAY
    assert clock_left([], 0.0, 0, 0.25 * DAY, DAY) == 0.75 * DAY


def test_quick_turns_save_time_up_to_the_cap_and_slow_ones_spend_it() -> None:
    quick = [(0, 0.1 * DAY), (1, 0.2 * DAY)] * 5  # alternate, a tenth of a day each
    moves = [(seat, i * 0.1 * DAY + 0.1 * DAY) for i, (seat, _) in enumerate(quick)]
    assert clock_left(moves, 0.0, 0, moves[-1][1], DAY) == pytest.approx(3 * DAY)  # capped at three turns' worth
    slow = [(0, 2.5 * DAY)]  # seat 0 took two and a half days: half a day over its allowance
    assert clock_left(slow, 0.0, 0, 2.5 * DAY, DAY) == pytest.approx(-1.5 * DAY)
    assert clock_left(slow, 0.0, 1, 2.5 * DAY, DAY) == pytest.approx(DAY)


def test_several_steps_of_one_turn_add_the_allowance_once() -> None:
    steps = [(0, 0.1 * DAY), (0, 0.2 * DAY), (0, 0.3 * DAY)]
    assert clock_left(steps, 0.0, 1, 0.3 * DAY, DAY) == pytest.approx(DAY)
    assert clock_left(steps, 0.0, 0, 0.4 * DAY, DAY) == pytest.approx(0.6 * DAY)  # still seat 0's turn


def test_the_lobby_option_in_seconds() -> None:
    assert allowance({}) == 0.0
    assert allowance({"time_bank": 24}) == DAY
    assert allowance({"time_bank": True}) == 0.0
