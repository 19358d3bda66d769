"""Seed section "1. Move the Caravan": brown lines any distance, the stop beyond a white line, other caravans,
the camel driver; the worked example (from tile A along a brown then a white line: stop on tile B, discover)."""

from __future__ import annotations

from engine.desert import board as B
from engine.desert.state import State
from tests.engine.desert.helpers import blank, find, keys, new, play, put, sp


def example() -> State:
    """A on C3 -brown- D3 -white- B on E3 (open lines north and south) -brown- F3."""
    s = blank(new(3), {0: "C3", 1: "K11", 2: "A11"})
    put(s, "C3", "DBDD")
    put(s, "D3", "DWDB")
    put(s, "E3", "BBBW")
    put(s, "F3", "DDDB")
    put(s, "K11", "BDDD")
    put(s, "A11", "BDDD")
    s.phase = "move"
    return s


def test_example_the_caravan_stops_on_b_after_crossing_a_white_line() -> None:
    s = example()
    dest = B.destinations(s, 0)
    assert dest[sp("D3")] is False  # along the brown line
    assert dest[sp("E3")] is False  # the space beyond the white line
    assert dest[sp("F3")] is True  # further on only with the camel driver
    s.water[0] = 0
    assert "caravan:F3:1" not in keys(s) and "caravan:E3:0" in keys(s)
    after, _events = play(s, "caravan", to="E3", driver=0)
    assert after.caravans[0] == sp("E3")
    # B has free undiscovered sides: the player may still discover now.
    assert after.phase == "discover" and "draw" in keys(after)


def test_brown_lines_carry_the_caravan_any_distance() -> None:
    s = new(3)
    dest = B.destinations(s, 0)  # from A6 along the cross
    for name in ("B6", "C6", "D6", "E6", "F6", "G6", "J6", "F2", "F10"):
        assert dest[sp(name)] is False, name


def test_a_caravan_may_pass_another_caravan_but_not_end_on_it() -> None:
    s = example()
    s.caravans[1] = sp("D3")
    dest = B.destinations(s, 0)
    assert sp("D3") not in dest
    assert dest[sp("E3")] is False


def test_the_camel_driver_costs_a_water_stone_and_crosses_any_number_of_white_lines() -> None:
    s = example()
    for name in ("E3", "F3"):
        s.board[sp(name)] = None
    put(s, "E3", "BWBW")  # D3 -white- E3 -white- F3 -white- G3
    put(s, "F3", "BWBW")
    put(s, "G3", "BDDW")
    dest = B.destinations(s, 0)
    assert dest[sp("E3")] is False and dest[sp("F3")] is True and dest[sp("G3")] is True
    water = s.water[0]
    after, events = play(s, "caravan", to="G3", driver=1)
    assert after.water[0] == water - 1 and after.water_supply == s.water_supply + 1
    assert events[0]["driver"] == 1


def test_staying_put_is_a_move_and_discovery_follows_from_there() -> None:
    s = example()
    assert "caravan:C3:0" in keys(s)
    after, events = play(s, "caravan", to="C3", driver=0)
    assert events[0]["moved"] is False
    assert after.phase != "discover"  # C3 has no open connecting line: nothing to discover


# A full display steers the caravan. Seed: "If a player's display consists of 3 tiles, they may not draw a tile from
# the pile. They may then either use their scout to steal a fitting tile from a fellow player's display and attach
# it, or try to reduce their display by at least 1 tile. To do this, they must move their caravan, if possible, onto
# a central space that has at least one open connecting line to which they can attach a fitting tile from their
# display. If they cannot reach such a space on their turn, they can only try to bring their caravan into a better
# position".

DESERT_DISPLAY = (("BBBB", "desert-cross"), ("BBBD", "desert-tee"), ("BDBD", "desert-straight"))


def full_display() -> State:
    """Seat 0 on C3 in a brown row B3-C3-D3-E3: B3 has an open white line north, D3 an open brown line south.
    Its display holds three desert tiles (brown lines only): they fit at D4 below D3, never at B2 above B3."""
    s = blank(new(3), {0: "C3", 1: "K11", 2: "A11"})
    row = {"B3": "WBDD", "C3": "DBDB", "D3": "DBBB", "E3": "DDDB", "K11": "BDDD", "A11": "BDDD"}
    for name, sides in row.items():
        put(s, name, sides)
    s.displays[0] = [find(sides, shape)[0] for sides, shape in DESERT_DISPLAY]
    s.phase = "move"
    return s


def destinations(s: State) -> set[str]:
    return {k.split(":")[1] for k in keys(s) if k.startswith("caravan:")}


def test_a_full_display_must_move_where_one_of_its_tiles_fits() -> None:
    s = full_display()
    assert destinations(s) == {"D3"}
    s.displays[0].pop()  # two tiles: the caravan goes anywhere
    assert destinations(s) == {"B3", "C3", "D3", "E3"}


def test_a_full_display_may_head_for_a_tile_to_scout_while_it_can_pay_the_scout() -> None:
    s = full_display()
    s.displays[1] = [find("WWWW", shape="full")[0]]  # fits B2, the white line above B3
    s.water[0] = 1
    assert destinations(s) == {"B3", "D3"}
    after, _ = play(s, "caravan", to="B3", driver=0)
    assert after.phase == "discover" and keys(after) == [f"scout:{s.displays[1][0]}"]
    s.water[0] = 0  # no water stone for the scout
    assert destinations(s) == {"D3"}


def test_the_camel_driver_leaves_no_water_for_the_scout() -> None:
    s = full_display()
    s.board[sp("B3")] = None
    s.board[sp("C3")] = None
    put(s, "C3", "DBDW")  # a white line to B3, the move ends there
    put(s, "B3", "DWBD")
    put(s, "B4", "BDDW")  # beyond B3: only with the camel driver; an open white line west, to A4
    s.displays[1] = [find("WWWW", shape="full")[0]]
    s.water[0] = 1
    assert destinations(s) == {"D3"}
    s.water[0] = 2
    assert destinations(s) == {"B4", "D3"} and "caravan:B4:1" in keys(s)


def test_a_full_display_that_fits_nowhere_within_reach_may_go_anywhere() -> None:
    s = full_display()
    s.board[sp("D3")] = None
    put(s, "D3", "DBDB")  # D3's line south is gone; B2 takes no desert tile
    assert destinations(s) == {"B3", "C3", "D3", "E3"}
