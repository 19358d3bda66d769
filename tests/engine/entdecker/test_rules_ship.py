"""Rule 3: placing the ship — edge circles or a discovered tile's circle with a free line to undiscovered space;
starting on another player's construction costs its value, and an unaffordable placement is not legal."""

from __future__ import annotations

import pytest

import engine
from engine.entdecker.state import GRID
from tests.engine.entdecker.helpers import BAY, CAPE, SEA, end_turn, events_of, fill_board, game, keys, mv, play, put


def test_first_turn_offers_exactly_the_34_edge_circles():
    state = game()
    ships = keys(state, "ship")
    assert len(ships) == 34
    assert set(ships) == {f"ship:{GRID.edge_name(s, d)}" for s, d in GRID.edge_circles()}


def test_edge_circle_moves_the_ship_to_the_edge_free_of_charge():
    state = game()
    state, events = play(state, "ship", position="C1N")
    assert state.phase == "explore"
    assert engine.view(state)["ship"] == "C1N"
    assert state.players[0].gold == 10
    assert events_of(events, "ship")[0]["cost"] == 0


def test_discovered_tile_with_a_free_line_is_a_position():
    state = game()
    put(state, "C4", SEA)
    assert "ship:C4" in keys(state, "ship")


def test_tile_without_free_line_is_not_a_position():
    state = game()
    fill_board(state, SEA, except_=("H6",))
    assert "ship:E4" not in keys(state, "ship")
    assert set(keys(state, "ship")) == {"ship:G6", "ship:H5", "ship:H7", "ship:I6"}


def test_edge_circle_of_a_discovered_border_space_is_not_a_position():
    state = game()
    put(state, "A1", SEA)
    ships = keys(state, "ship")
    assert "ship:A1N" not in ships and "ship:A1W" not in ships
    assert "ship:B1N" in ships and "ship:A2W" in ships
    assert "ship:A1" in ships  # its lines east and south lead to undiscovered spaces


def test_a_line_that_leads_off_the_board_is_not_free():
    state = game()
    put(state, "A1", SEA)
    put(state, "B1", SEA)
    put(state, "A2", SEA)
    # A1's lines N and W run to the border (discovered sea); E and S are discovered.
    assert "ship:A1" not in keys(state, "ship")


def test_only_sides_with_a_ship_line_count():
    state = game()
    put(state, "C4", BAY, "LLLS")  # land N, E, S; its only line runs west
    put(state, "B4", SEA)
    assert "ship:C4" not in keys(state, "ship")  # N, E, S are empty but carry no line
    state.board[GRID.parse("B4")] = None
    assert "ship:C4" in keys(state, "ship")


def test_starting_on_another_players_construction_costs_its_value():
    for piece, value in (("trading_post", 1), ("fort", 3), ("colony", 6)):
        state = game(gold=10)
        put(state, "C4", CAPE, "LSSS", build=(1, piece))
        state, events = play(state, "ship", position="C4")
        assert state.players[0].gold == 10 - value
        assert events_of(events, "ship")[0]["cost"] == value
        assert state.voyage.position_cost == value


def test_starting_on_ones_own_construction_is_free():
    state = game(gold=10)
    put(state, "C4", CAPE, "LSSS", build=(0, "colony"))
    state, _ = play(state, "ship", position="C4")
    assert state.players[0].gold == 10


def test_placement_the_player_cannot_afford_is_not_legal():
    # The player must still pay at least one exploration after the placement cost.
    state = game(gold=3)
    put(state, "C4", CAPE, "LSSS", build=(1, "fort"))
    assert "ship:C4" not in keys(state, "ship")
    with pytest.raises(engine.IllegalMove) as exc:
        engine.step(state, mv(state, "ship", position="C4"))
    assert "ship:C4" in exc.value.reason and "A1N" in exc.value.reason
    state.players[0].gold = 4
    assert "ship:C4" in keys(state, "ship")


def test_player_who_can_afford_no_placement_passes():
    state = game(gold=10)
    state.players[1].gold = 0
    state, events = end_turn(state)
    passes = events_of(events, "pass")
    assert passes and passes[0]["player"] == 1
    assert state.current == 0  # seat 1 was skipped; a new season started


def test_ship_on_an_illegal_position_is_refused_with_a_reason():
    state = game()
    with pytest.raises(engine.IllegalMove) as exc:
        engine.step(state, mv(state, "ship", position="E4"))  # nothing discovered yet
    assert exc.value.reason
    assert "Legal choices" in exc.value.reason and "A1N" in exc.value.reason
    with pytest.raises(engine.IllegalMove):
        engine.step(state, mv(state, "ship", position="E4N"))  # not a border side
