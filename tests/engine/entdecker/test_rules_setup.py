"""Rule 1: setup — board, edge circles, tiles and piles, plant tokens, players, gold and pieces."""

from __future__ import annotations

from collections import Counter

import pytest

import engine
from engine.entdecker.setup import OPTIONS
from engine.entdecker.state import GRID
from engine.entdecker.tiles import tile, tileset
from tests.engine.entdecker.helpers import game


def test_board_is_ten_by_seven_and_starts_empty():
    state = game(gold=None)
    assert (GRID.cols, GRID.rows) == (10, 7)
    assert len(state.board) == 70
    assert all(c is None for c in state.board)
    v = engine.view(state, 0)
    assert v["board"] == {"cols": 10, "rows": 7}
    assert v["tiles"] == []


def test_34_edge_circles_one_per_border_side_of_each_border_space():
    v = engine.view(game(), None)
    circles = v["edge_circles"]
    assert len(circles) == 34 == len(set(circles))
    # corners have two circles, other border spaces one
    assert {"A1N", "A1W", "J1N", "J1E", "A7S", "A7W", "J7S", "J7E"} <= set(circles)
    assert "E4N" not in circles and "E1S" not in circles
    assert sum(1 for c in circles if c[:-1] == "A1") == 2
    assert sum(1 for c in circles if c[:-1] == "E1") == 1


def test_82_discovery_tiles_20_with_events_in_five_face_down_piles():
    state = game(gold=None)
    assert len(state.piles) == 5
    all_tiles = [t for pile in state.piles for t in pile]
    assert len(all_tiles) == 82 == len(set(all_tiles))
    assert all(tile(t).kind == "discovery" for t in all_tiles)
    assert sum(1 for t in all_tiles if tile(t).event) == 20
    # all six events occur
    assert {tile(t).event for t in all_tiles} - {None} == {
        "storm",
        "hostile_natives",
        "welcoming_natives",
        "pirates",
        "ruins",
        "gold",
    }
    # piles as even as possible
    assert sorted(len(p) for p in state.piles) == [16, 16, 16, 17, 17]


def test_piles_are_shuffled_reproducibly_from_the_seed():
    a, b, c = game(seed=5), game(seed=5), game(seed=6)
    assert a.piles == b.piles
    assert a.piles != c.piles


def test_38_fill_in_tiles_in_six_piles_by_edge_class():
    state = game(gold=None)
    sizes = {k: len(v) for k, v in state.fills.items()}
    assert set(sizes) == {1, 2, 3, 4, 5, 6}
    assert sum(sizes.values()) == 38
    expected_land = {1: 0, 2: 1, 3: 2, 4: 2, 5: 3, 6: 4}
    for pile, ids in state.fills.items():
        for tid in ids:
            t = tile(tid)
            assert t.kind == "fill" and t.pile == pile
            assert sum(t.geometry.land) == expected_land[pile]
            assert t.geometry.edge_class() == pile
    # 3 = two opposite land sides, 4 = two adjacent land sides
    g3 = tile(state.fills[3][0]).geometry.land
    g4 = tile(state.fills[4][0]).geometry.land
    assert g3[0] == g3[2] and g3[1] == g3[3]
    assert g4[0] != g4[2]


def test_20_plant_tokens_values_1_to_4_in_two_face_down_piles():
    state = game(gold=None)
    assert len(state.plant_piles) == 2
    tokens = [t for p in state.plant_piles for t in p]
    assert len(tokens) == 20
    assert set(tokens) <= {1, 2, 3, 4} and set(tokens) == {1, 2, 3, 4}
    assert [len(p) for p in state.plant_piles] == [10, 10]
    # face down: a view shows only how many are left
    assert engine.view(state, 0)["piles"]["plants"] == [10, 10]
    assert Counter(tokens) == Counter(tileset().plants)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_two_to_four_players_with_start_gold_plus_first_income_and_full_supply(n):
    state = game(n, gold=None)
    assert len(state.players) == n
    income = state.players[0].gold - 4  # the first season's income is rolled at once
    assert 2 <= income <= 5
    for p in state.players:
        assert p.gold == 4 + income
        assert p.vp == 0
        assert p.pieces == {"trading_post": 3, "fort": 2, "colony": 1}
        assert p.plants == []
    assert state.current == 0 and state.phase == "ship" and state.version == 0


@pytest.mark.parametrize("names", [["Ann"], ["A", "B", "C", "D", "E"], []])
def test_wrong_player_count_is_refused_with_a_reason(names):
    with pytest.raises(engine.IllegalMove) as exc:
        engine.new_game("entdecker", names, {}, 1)
    assert "2" in exc.value.reason and "4" in exc.value.reason


def test_unknown_or_bad_option_is_refused():
    with pytest.raises(engine.IllegalMove) as exc:
        engine.new_game("entdecker", ["A", "B"], {"no_such_option": True}, 1)
    assert "no_such_option" in exc.value.reason
    with pytest.raises(engine.IllegalMove):
        engine.new_game("entdecker", ["A", "B"], {"plant_draw": "hat"}, 1)


def test_options_table_lists_the_variants_with_defaults_off():
    assert set(OPTIONS) >= {
        "personal_tiles",
        "rotating_first_player",
        "keep_unplayable",
        "end_when_plants_run_out",
        "plant_draw",
    }
    state = game(gold=None)
    assert state.options["personal_tiles"] is False
    assert state.options["plant_draw"] == "piles"
