"""Rulebook "1. Place landscape tiles" (Ex01-Ex04), the open table and the rare discard."""

from __future__ import annotations

import pytest

import engine
from engine.core.moves import Move
from engine.discovery import board as B
from tests.engine.discovery.helpers import RED, T, blank, game, place, put, to_place


def test_preparation_start_tile_in_the_middle_four_followers_each() -> None:
    state = game(3)
    assert list(state.board) == [(0, 0)] and state.board[(0, 0)].tile == "start"
    assert [p.supply for p in state.players] == [4, 4, 4]
    assert [p.score for p in state.players] == [0, 0, 0]
    assert state.current == 0 and state.phase == "place" and state.drawn is not None
    assert len(state.pile) == 83 - 1


def test_ex01_the_grassland_continues() -> None:
    state = to_place(game(), T("01"))  # all grassland: only beside the start tile's grassland (south)
    spaces = {m.get("at") for m in engine.legal_moves(state)}
    assert spaces == {"0,-1"}


def test_ex02_the_mountain_continues() -> None:
    state = to_place(game(), T("04"))  # all mountain: east or west of the start tile
    spaces = {m.get("at") for m in engine.legal_moves(state)}
    assert spaces == {"1,0", "-1,0"}


def test_ex03_one_side_continues_the_sea_the_other_the_mountain() -> None:
    state2 = blank()
    put(state2, "start", (0, 0))
    put(state2, T("05"), (0, 1))
    put(state2, T("15"), (1, 0), 3)  # mountain N,W; grassland E,S
    to_place(state2, T("06"))
    # 1,1: west is the sea of 0,1, south the mountain of 1,0: only the turn with sea on W and mountain on S fits.
    fits = [m.get("turn") for m in engine.legal_moves(state2) if m.get("at") == "1,1"]
    assert len(fits) == 1
    g = B.geometry(B.Cell(T("06"), fits[0] // 90, 0, None))
    assert g.edges[3] == "S" and g.edges[2] == "M"


def test_ex04_a_side_that_does_not_continue_is_illegal() -> None:
    state = to_place(game(), T("04"))
    with pytest.raises(engine.IllegalMove, match="does not fit"):
        place(state, "0,-1", 0)  # mountain against the start tile's grassland


def test_corner_to_corner_only_is_illegal() -> None:
    state = to_place(game(), T("05"))
    assert "1,1" not in {m.get("at") for m in engine.legal_moves(state)}
    with pytest.raises(engine.IllegalMove):
        place(state, "1,1", 0)
    with pytest.raises(engine.IllegalMove):
        place(state, "5,5", 0)


def test_the_map_grows_in_every_direction_with_signed_coordinates() -> None:
    state = game()
    for _ in range(12):
        state = engine.apply(state, engine.ai_move(state, "random"))
    xs = {x for x, _ in state.board}
    ys = {y for _, y in state.board}
    assert min(xs) < 0 or min(ys) < 0  # some tile west or south of the start tile
    view = engine.view(state, 0)
    for entry in view["legal"]:
        if entry["kind"] == "place":
            assert entry["label"].startswith(f"#{entry['number']} at {entry['at']}: ")
            assert any(w in entry["label"] for w in ("north", "all round"))


def test_symmetric_tiles_offer_each_look_once() -> None:
    state = to_place(game(), T("05"))  # all sea: one look
    assert [m.get("turn") for m in engine.legal_moves(state)] == [0]


def test_a_tile_that_fits_nowhere_goes_into_the_box_and_another_is_drawn() -> None:
    state = blank()
    put(state, T("04"), (0, 0))  # a lone all-mountain tile: the all-grassland tile fits nowhere
    state.pile = [T("05"), T("19"), T("01")]  # top = last: the grassland comes first, then a bay that fits
    to_place(state, T("06"))
    state, events = place(state, "1,0", 270)  # mountain and sea halves, turned so the mountain is on N and W
    if state.phase == "follower":
        state, events2 = engine.step(state, Move.make("pass", RED))
        events += events2
    assert [e["tile"] for e in events if e["type"] == "discard"] == [T("01")]
    assert state.discarded == [T("01")]
    assert state.drawn == T("19") and state.current == 1


def test_place_is_the_only_move_before_the_tile_is_down() -> None:
    state = game()
    assert {m.kind for m in engine.legal_moves(state)} == {"place"}
    with pytest.raises(engine.IllegalMove, match="First place"):
        engine.step(state, Move.make("pass", 0))
    with pytest.raises(engine.IllegalMove, match="turn"):
        engine.step(state, Move.make("place", 1, at="0,-1", turn=0))
