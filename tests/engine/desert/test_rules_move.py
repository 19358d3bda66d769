"""Seed section "1. Move the Caravan": brown lines any distance, the stop beyond a white line, other caravans,
the camel driver; the worked example (from tile A along a brown then a white line: stop on tile B, discover)."""

from __future__ import annotations

from engine.desert import board as B
from engine.desert.state import State
from tests.engine.desert.helpers import blank, keys, new, play, put, sp


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
