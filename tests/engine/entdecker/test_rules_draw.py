"""Rule 5: drawing and placing — pile of the player's choice; a fitting tile must be placed (four sides match,
the border is sea, the ship's line continues); the player chooses among placements; a tile that fits nowhere
leaves the game (its event is not applied); the ship moves on; continue while draws remain, stop when no line
leads to undiscovered space."""

from __future__ import annotations

import pytest

import engine
from engine.entdecker import board as B
from engine.entdecker.state import GRID
from tests.engine.entdecker.helpers import (
    BAY,
    CAPE,
    SEA,
    event_tile,
    events_of,
    game,
    keys,
    mv,
    play,
    put,
    rot,
    set_piles,
    ship_at,
    sp,
    voyage,
)


def started(state, position="A1N", count=3):
    state, _ = play(state, "ship", position=position)
    state, events = play(state, "explore", count=count)
    return state, events


def test_draw_from_any_non_empty_pile_of_the_players_choice():
    state = game()
    set_piles(state, [SEA], [], [CAPE], [], [SEA])
    state, _ = started(state)
    assert keys(state, "draw") == ["draw:1", "draw:3", "draw:5"]
    with pytest.raises(engine.IllegalMove) as exc:
        engine.step(state, mv(state, "draw", pile=2))
    assert "1, 3, 5" in exc.value.reason or ("1" in exc.value.reason and "3" in exc.value.reason)


def test_draw_takes_the_top_tile_of_the_chosen_pile():
    state = game()
    set_piles(state, ["sea-02", "sea-03"], ["sea-04"])
    state, _ = started(state)
    state, events = play(state, "draw", pile=1)
    assert events_of(events, "draw")[0]["tile"] == "sea-03"
    assert state.piles[0] == ["sea-02"] and state.piles[1] == ["sea-04"]


def test_single_fit_is_placed_for_the_player_and_the_ship_moves_onto_it():
    state = game()
    set_piles(state, [SEA, SEA])
    state, _ = started(state, "A1N")
    state, events = play(state, "draw", pile=1)
    place = events_of(events, "place")[0]
    assert place["space"] == "A1" and place["auto"] is True
    assert state.board[sp("A1")].tile == SEA
    assert state.ship == (sp("A1"), -1)
    assert state.voyage.placed == [sp("A1")]
    assert state.phase == "voyage"


def test_several_placements_let_the_player_choose():
    # A coast tile entering A1 from the north circle: land may face east or south, never the border.
    state = game()
    set_piles(state, [CAPE])
    state, _ = started(state, "A1N")
    state, events = play(state, "draw", pile=1)
    assert state.phase == "place"
    assert events_of(events, "choose_placement")[0]["options"] == 2
    assert keys(state) == ["place:A1:1", "place:A1:2"]  # no recall/stop/draw while the tile is in hand
    state, events = play(state, "place", space="A1", rotation=2)
    assert state.board[sp("A1")].rotation == 2
    assert B.cell_geometry(state.board[sp("A1")]).sides == "SSLS"
    assert state.ship == (sp("A1"), -1)
    assert events_of(events, "place")[0]["auto"] is False


def test_a_placement_not_offered_is_refused_and_the_tile_must_be_placed():
    state = game()
    set_piles(state, [CAPE])
    state, _ = started(state, "A1N")
    state, _ = play(state, "draw", pile=1)
    for bad in (mv(state, "place", space="A1", rotation=0), mv(state, "stop"), mv(state, "draw", pile=1)):
        with pytest.raises(engine.IllegalMove) as exc:
            engine.step(state, bad)
        assert exc.value.reason


def test_placements_reach_every_free_line_of_the_ships_tile():
    state = game()
    put(state, "C4", SEA)
    assert sorted(B.placements(state.board, ship_at("C4"), SEA)) == sorted(
        [(sp("C3"), 0), (sp("D4"), 0), (sp("C5"), 0), (sp("B4"), 0)]
    )


def test_all_four_sides_must_match():
    state = game()
    put(state, "C4", SEA)
    put(state, "D3", CAPE, "SSLS")  # land on its south side, facing D4
    options = B.placements(state.board, ship_at("C4"), SEA)
    assert sp("D4") not in [s for s, _ in options]
    cape = B.placements(state.board, ship_at("C4"), CAPE)
    assert [(s, r) for s, r in cape if s == sp("D4")] == [(sp("D4"), rot(CAPE, "LSSS"))]
    for s, r in cape:
        assert B.fits(state.board, s, B.geometry(CAPE, r))


def test_the_board_edge_counts_as_sea():
    state = game()
    # From A1's north circle a coast tile may not put land on A1's north or west side.
    rotations = [r for s, r in B.placements(state.board, ship_at("A1N"), CAPE)]
    assert sorted(B.geometry(CAPE, r).sides for r in rotations) == ["SLSS", "SSLS"]


def test_the_ships_line_must_continue_into_the_new_tile():
    # The fill-in isthmus (land N and S) has a ship line only on its east side. Entering D4 from C4 (west),
    # only the rotation with the line on the west is allowed, though both have matching sides.
    state = game()
    put(state, "C4", SEA)
    fill3 = "fill3-01"
    d4 = [(s, r) for s, r in B.placements(state.board, ship_at("C4"), fill3) if s == sp("D4")]
    assert d4 == [(sp("D4"), 2)]
    # and a ship on a tile can only leave along its own lines
    state2 = game()
    put(state2, "C4", fill3, 0)  # line east only
    assert B.ship_targets(state2.board, ship_at("C4")) == [(sp("D4"), 3)]


def test_tile_that_fits_nowhere_leaves_the_game():
    state = game()
    set_piles(state, [SEA, BAY])  # a bay (three land sides) cannot lie in a corner space
    state, _ = started(state, "A1N", count=2)
    state, events = play(state, "draw", pile=1)
    discard = events_of(events, "discard")[0]
    assert discard["tile"] == BAY and discard["kept"] is False
    assert state.board[sp("A1")] is None
    assert state.kept == []
    assert BAY not in [t for p in state.piles for t in p]
    assert state.box == [BAY]  # out of the game, accounted for
    assert state.voyage.budget == 1  # the draw is used up
    assert state.ship == ship_at("A1N")
    assert keys(state, "draw") == ["draw:1"]


def test_event_of_an_unplayable_tile_is_not_applied():
    state = game()
    put(state, "B1", SEA)
    put(state, "A2", SEA)
    ruins = event_tile("ruins", "cape")
    set_piles(state, [ruins])
    state, _ = started(state, "A1N", count=1)
    state, events = play(state, "draw", pile=1)
    assert events_of(events, "discard")
    assert events_of(events, "event") == []
    assert state.players[0].vp == 0


def test_player_may_continue_while_declared_draws_remain_and_may_stop():
    state = game()
    set_piles(state, [SEA, SEA, SEA])
    state, _ = started(state, "C1N", count=3)
    state, _ = play(state, "draw", pile=1)
    assert "draw:1" in keys(state) and "stop" in keys(state)
    state, _ = play(state, "draw", pile=1)
    assert state.phase == "place"  # from C1 the sea tile may go west, east or south
    state, _ = play(state, "place", space="C2", rotation=0)
    assert state.voyage.budget == 1 and len(state.voyage.placed) == 2
    assert "stop" in keys(state)


def test_voyage_ends_when_declared_draws_run_out():
    state = game()
    set_piles(state, [SEA, SEA, SEA])
    state, _ = started(state, "C1N", count=1)
    state, events = play(state, "draw", pile=1)
    stops = events_of(events, "forced_stop")
    assert stops and stops[0]["reason"] == "no_draws_left"
    assert state.current == 1 and state.phase == "ship"


def test_must_stop_when_no_line_leads_to_undiscovered_space():
    state = game()
    put(state, "B1", SEA)
    put(state, "A2", SEA)
    set_piles(state, [SEA, SEA, SEA])
    state, _ = started(state, "A1N", count=3)
    state, events = play(state, "draw", pile=1)
    stops = events_of(events, "forced_stop")
    assert stops and stops[0]["reason"] == "no_free_line"
    assert state.current == 1
    assert state.players[0].gold == 7


def test_stranded_ship_on_land_tile_may_still_build_but_not_draw():
    state = game()
    put(state, "B1", SEA)
    put(state, "A2", CAPE, "LSSS")  # land north, facing A1's south side
    set_piles(state, [SEA, "cape-02"])
    state, _ = started(state, "A1N", count=3)
    state, _ = play(state, "draw", pile=1)
    assert GRID.name(state.ship[0]) == "A1"
    assert keys(state, "draw") == []
    assert "build:trading_post:0" in keys(state) and "stop" in keys(state)


def test_voyage_started_from_a_tile_continues_from_its_circle():
    state = game()
    put(state, "E4", SEA)
    voyage(state, "E4", budget=1)
    set_piles(state, [SEA])
    state, _ = play(state, "draw", pile=1)
    assert state.phase == "place"
    assert set(keys(state)) == {"place:E3:0", "place:F4:0", "place:E5:0", "place:D4:0"}
