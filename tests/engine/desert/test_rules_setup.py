"""Seed section "Setup" (and "Game Components"): the start cross, piles, displays, figures, water, caravan card."""

from __future__ import annotations

import pytest

import engine
from engine.desert import board as B
from engine.desert.state import GRID, HEIGHTS
from engine.desert.tiles import tile, tileset
from engine.errors import IllegalMove
from tests.engine.desert.helpers import new, sp


def test_components_match_the_box() -> None:
    ts = tileset()
    assert len(ts.cross) == 21
    assert [len(p) for p in ts.piles] == [17] * 5
    assert sum(len(p) for p in ts.piles) == 85
    s = new(4)
    assert sum(s.water) + s.water_supply == 20
    assert s.camel_supply == 10
    assert sum(s.goods_supply.values()) == 40
    assert len(s.rumour_supply) == 6


def test_start_cross_is_the_middle_row_and_column_with_open_lines() -> None:
    s = new()
    placed = {GRID.name(i) for i, c in enumerate(s.board) if c is not None}
    cross = {f"{chr(ord('A') + c)}6" for c in range(11)} | {f"F{r}" for r in range(1, 12)}
    assert placed == cross
    assert B.any_open_line(s.board)
    # Brown lines run along the cross: a caravan travels it freely, but may not end on another caravan.
    assert B.destinations(s, 0)[sp("J6")] is False and sp("K6") not in B.destinations(s, 0)  # K6: a caravan


def test_piles_are_drawn_strictly_in_order_and_each_display_starts_with_a_pile_one_tile() -> None:
    s = new(3)
    assert [len(p) for p in s.piles] == [14, 17, 17, 17, 17]
    for display in s.displays:
        assert len(display) == 1 and tile(display[0]).pile == 1
    assert all(tile(t).pile == i + 1 for i, pile in enumerate(s.piles) for t in pile)


def test_explorers_all_differ_and_every_colour_stacks_to_the_same_height() -> None:
    heights = [h for hs in HEIGHTS for h in hs]
    assert len(set(heights)) == 16
    assert len({sum(hs) for hs in HEIGHTS}) == 1
    s = new(4)
    for seat in range(4):
        assert sorted(e[0] for e in s.explorers if e[1] == seat) == sorted(HEIGHTS[seat])
        assert all(e[2] == -1 for e in s.explorers)


def test_turban_on_the_starting_players_tallest_explorer_two_water_and_a_caravan_card() -> None:
    s = new(3)
    assert s.turban == 0 and s.current == 0
    v = engine.view(s, 0)
    turban = [e for e in v["explorers"] if e["turban"]]
    assert len(turban) == 1 and turban[0]["player"] == 0 and turban[0]["height"] == max(HEIGHTS[0])
    assert s.water == [2, 2, 2]
    assert s.camels == [2, 2, 2] and all(p["free_spaces"] == 4 for p in v["players"])


def test_caravans_start_on_end_spaces_of_the_cross() -> None:
    s = new(4)
    assert sorted(GRID.name(c) for c in s.caravans) == ["A6", "F1", "F11", "K6"]


def test_two_player_game_leaves_out_pile_one() -> None:
    s = new(2)
    assert s.piles[0] == []
    assert all(tile(d[0]).pile == 2 for d in s.displays)
    with_one = new(2, options={"two_player_pile_one": True})
    assert len(with_one.piles[0]) == 15


@pytest.mark.parametrize("players", [1, 5])
def test_player_counts(players: int) -> None:
    with pytest.raises(IllegalMove):
        new(players)


def test_same_seed_same_setup_and_different_seed_different_piles() -> None:
    assert engine.state_to_json(new(seed=3)) == engine.state_to_json(new(seed=3))
    assert new(seed=3).piles != new(seed=4).piles
    assert tileset().tiles["cross-F6"].geometry.sides == "BBBB"
