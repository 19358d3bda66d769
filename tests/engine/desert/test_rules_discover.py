"""Seed section "2. Discover": drawing in pile order, fitting, one or several positions, the display (and its
worked example), the limit of three, the scout, one's own display, all-desert tiles and the rare discard."""

from __future__ import annotations

from engine.desert import board as B
from engine.desert import rules as R
from engine.desert.state import State
from engine.desert.tiles import tile
from tests.engine.desert.helpers import blank, find, keys, new, play, put, sp


def corner() -> State:
    """Seat 0's caravan on C3, whose one open connecting line (brown) leads north to C2."""
    s = blank(new(3), {0: "C3", 1: "J9", 2: "J10"})
    put(s, "C3", "BDDD")
    put(s, "J9", "BDBD")
    put(s, "J10", "BDDD")
    s.phase = "discover"
    return s


def on_top(s: State, tid: str) -> None:
    for pile in s.piles:
        if tid in pile:
            pile.remove(tid)
    s.piles[0].append(tid)


def test_draw_takes_the_top_of_the_current_pile_only() -> None:
    s = corner()
    tid, _ = find("BBBB", shape="desert-cross")
    on_top(s, tid)
    assert [k for k in keys(s) if k.startswith("draw")] == ["draw"]  # no choice of pile
    _after, events = play(s, "draw")
    assert events[0]["tile"] == tid and events[0]["pile"] == 1
    s.piles[0] = []
    assert R.current_pile(s) == 1  # pile 2 once pile 1 is used up


def test_a_tile_with_one_fitting_position_is_attached_and_the_caravan_moves_onto_it() -> None:
    s = corner()
    tid, _ = find("BDDD", shape="desert-end")
    on_top(s, tid)
    after, events = play(s, "draw")
    assert after.board[sp("C2")] is not None and after.caravans[0] == sp("C2")
    assert any(e["type"] == "attach" and e["auto"] for e in events)
    assert B.at(after.board, sp("C2")).sides[2] == "B"  # brown meets brown


def test_several_fitting_positions_are_the_players_choice() -> None:
    s = corner()
    tid, _ = find("WBDB", shape="cap-across")
    on_top(s, tid)
    after, _events = play(s, "draw")
    assert after.phase == "place"
    options = keys(after)
    assert len(options) == 2 and all(k.startswith("place:C2:") for k in options)
    done, _ = play(after, "place", space="C2", rotation=int(options[1].split(":")[2]))
    assert done.caravans[0] == sp("C2")


def test_example_a_tile_that_fits_elsewhere_but_not_here_goes_to_the_display() -> None:
    s = corner()
    put(s, "G8", "WBDD")  # an oasis side facing G7 elsewhere on the board
    tid, _ = find("WWWW", shape="full")
    on_top(s, tid)
    assert B.fits_anywhere(s.board, tid) and not B.placements(s.board, sp("C3"), tid)
    after, events = play(s, "draw")
    assert after.displays[0] == [tid]
    assert after.board[sp("C2")] is None
    assert any(e["type"] == "to_display" for e in events)


def test_the_edge_of_the_play_area_takes_desert_or_oasis_sides() -> None:
    s = blank(new(3), {0: "A2"})
    put(s, "A2", "BDDD")  # open line north to A1, a corner of the play area
    full, _ = find("WWWW", shape="full")
    assert not B.placements(s.board, sp("A2"), full)  # its south side would meet a brown line
    tid, r = find("WBBB", shape="cap-three")  # oasis north, brown lines east, south and west
    assert (sp("A1"), r) in B.placements(s.board, sp("A2"), tid)  # oasis and a line facing the edge are fine


def test_a_display_of_three_blocks_drawing() -> None:
    s = corner()
    s.displays[0] = [find("WWWW", shape="full")[0], find("WWWB", shape="tee")[0], find("WBWB", shape="through")[0]]
    assert "draw" not in keys(s)
    s.displays[0].pop()
    assert "draw" in keys(s)


def test_attach_a_fitting_tile_from_ones_own_display() -> None:
    s = corner()
    tid, _ = find("BDDD", shape="desert-end")
    s.displays[0] = [tid, find("WWWW", shape="full")[0]]
    assert f"display:{tid}" in keys(s) and not any(k.startswith("display:" + s.displays[0][1]) for k in keys(s))
    after, _ = play(s, "display", tile=tid)
    assert tid not in after.displays[0] and after.board[sp("C2")][0] == tid


def test_the_scout_costs_a_water_stone_and_the_robbed_player_draws_a_replacement() -> None:
    s = corner()
    tid, _ = find("BDDD", shape="desert-end")
    s.displays[1] = [tid]
    top = s.piles[0][-1]
    water, supply = s.water[0], s.water_supply
    after, _events = play(s, "scout", tile=tid)
    assert after.water[0] == water - 1 and after.water_supply == supply + 1
    assert after.displays[1] == [top]
    assert after.board[sp("C2")][0] == tid
    s.water[0] = 0
    assert f"scout:{tid}" not in keys(s)


def test_an_all_desert_tile_lets_the_caravan_move_and_discover_again() -> None:
    s = corner()
    tid, _ = find("BBBB", shape="desert-cross")
    on_top(s, tid)
    after, events = play(s, "draw")
    assert after.phase == "move" and after.current == 0 and after.caravans[0] == sp("C2")
    assert any(e["type"] == "desert" for e in events)
    again, _ = play(after, "caravan", to="C2", driver=0)
    assert again.phase == "discover"


def test_three_display_tiles_that_fit_nowhere_one_is_discarded_before_moving() -> None:
    s = corner()
    full = [t for t in s.piles[4] + s.piles[3] + s.piles[2] if tile(t).shape == "full"][:3]
    s.displays[0] = full
    assert not any(B.fits_anywhere(s.board, t) for t in full)
    R._begin_turn(s, [])
    assert s.phase == "discard" and keys(s) == [f"discard:{t}" for t in full]
    after, _events = play(s, "discard", tile=full[0])
    assert after.displays[0] == full[1:] and full[0] in after.removed and after.phase == "move"
