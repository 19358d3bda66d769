"""Rule 7: after each turn every empty space whose four sides are determined is filled from the matching
fill-in pile (the border counts as sea), and groups of empty spaces closed in by land get all-land tiles (pile 6)."""

from __future__ import annotations

import pytest

from engine.entdecker.tiles import tile
from tests.engine.entdecker.helpers import (
    CAPE,
    SEA,
    close_in,
    end_turn,
    events_of,
    game,
    land_sides,
    play,
    put,
    sp,
    voyage,
)


def test_space_with_four_known_sides_is_filled_from_the_matching_pile():
    state = game()
    put(state, "B1", CAPE, "SSLS")  # land facing B2 from the north
    put(state, "A2", CAPE, "SLSS")  # land facing B2 from the west
    put(state, "C2", SEA)
    put(state, "B3", SEA)
    pile4 = len(state.fills[4])
    state, events = end_turn(state)
    cell = state.board[sp("B2")]
    assert cell is not None and cell.fill
    assert tile(cell.tile).pile == 4  # two adjacent land sides
    assert land_sides(state, "B2") == "LSSL"
    assert len(state.fills[4]) == pile4 - 1
    assert {"type": "fill", "space": "B2", "pile": 4, "tile": cell.tile} in events
    assert "B2" in state.last_turn["fills"]


def test_border_counts_as_sea_for_fill_ins():
    state = game()
    put(state, "B1", SEA)
    put(state, "A2", SEA)
    pile1 = len(state.fills[1])
    state, _ = end_turn(state)
    cell = state.board[sp("A1")]
    assert cell is not None and cell.fill and tile(cell.tile).pile == 1
    assert len(state.fills[1]) == pile1 - 1


@pytest.mark.parametrize(("sides", "pile"), [("LLLS", 5), ("LSLS", 3)], ids=["three_land_sides", "opposite_land_sides"])
def test_each_fill_class_gets_its_pile(sides: str, pile: int) -> None:
    state = game()
    close_in(state, "E4", sides)
    state, _ = end_turn(state)
    assert tile(state.board[sp("E4")].tile).pile == pile
    assert land_sides(state, "E4") == sides


def test_space_with_an_undiscovered_neighbour_is_not_filled():
    state = game()
    put(state, "E3", SEA)
    put(state, "F4", SEA)
    put(state, "D4", SEA)
    state, _ = end_turn(state)
    assert state.board[sp("E4")] is None


def test_gap_closed_in_by_land_is_filled_with_all_land_tiles():
    state = game()
    close_in(state, "C3", "L-LL")
    close_in(state, "D3", "LLL-")
    pile6 = len(state.fills[6])
    state, events = end_turn(state)
    for name in ("C3", "D3"):
        cell = state.board[sp(name)]
        assert cell is not None and cell.fill and tile(cell.tile).pile == 6
        assert land_sides(state, name) == "LLLL"
    assert len(state.fills[6]) == pile6 - 2
    assert {e["space"] for e in events_of(events, "fill")} == {"C3", "D3"}


def test_gap_closed_in_by_sea_is_not_filled():
    state = game()
    for name in ("C2", "D2", "C4", "D4", "B3", "E3"):
        put(state, name, SEA)
    state, _ = end_turn(state)
    assert state.board[sp("C3")] is None and state.board[sp("D3")] is None


def test_gap_closed_in_partly_by_land_and_partly_by_sea_is_not_filled():
    state = game()
    for name in ("C2", "D2", "C4"):
        put(state, name, SEA)
    put(state, "D4", CAPE, "LSSS")
    put(state, "B3", CAPE, "SLSS")
    put(state, "E3", CAPE, "SSSL")
    state, _ = end_turn(state)
    assert state.board[sp("C3")] is None and state.board[sp("D3")] is None


def test_empty_fill_pile_leaves_the_space_empty():
    state = game()
    state.fills[1] = []
    put(state, "B1", SEA)
    put(state, "A2", SEA)
    state, events = end_turn(state)
    assert state.board[sp("A1")] is None
    assert events_of(events, "fill_missing") == [{"type": "fill_missing", "space": "A1", "pile": 1}]


def test_fill_ins_happen_after_a_build_too():
    state = game()
    put(state, "B1", SEA)
    put(state, "A2", SEA)
    put(state, "E1", CAPE, "SSLS", turn=1)
    voyage(state, "E1", budget=0, placed=("E1",))
    state, _ = play(state, "build", piece="trading_post", segment=0)
    assert state.board[sp("A1")] is not None and state.board[sp("A1")].fill
