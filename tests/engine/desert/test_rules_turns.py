"""Seed sections "4. Using the Caravan Leader – Bonus Turn", "Game End" and a pond (an oasis on one tile)."""

from __future__ import annotations

import engine
from engine.desert import rules as R
from engine.desert.state import RUMOUR_VALUES, State
from tests.engine.desert.helpers import blank, find, keys, new, play, put, sp


def corner(seat: int = 0) -> State:
    s = blank(new(3), {0: "C3", 1: "J9", 2: "J10"})
    put(s, "C3", "BDDD")
    put(s, "J9", "BDBD")
    put(s, "J10", "BDDD")
    s.current = seat
    s.phase = "move"
    return s


def finish_turn(s: State) -> State:
    """Play seat 0's turn on from the move: stay, draw, take whatever comes, until the bonus choice or the next turn."""
    s, _ = play(s, "caravan", to="C3", driver=0)
    while s.current == 0 and s.phase not in ("bonus", "move"):
        s, _ = engine.step(s, engine.legal_moves(s)[-1] if s.phase == "explorer" else engine.legal_moves(s)[0])
    return s


def test_after_a_regular_turn_a_water_stone_buys_one_bonus_turn() -> None:
    s = corner()
    s.piles[0].append(find("WWWW", shape="full")[0])  # fits nowhere: into the display, the turn ends
    s = finish_turn(s)
    assert s.phase == "bonus" and keys(s) == ["bonus", "stop"]
    water, supply = s.water[0], s.water_supply
    bonus, events = play(s, "bonus")
    assert bonus.current == 0 and bonus.phase == "move" and bonus.bonus_turn
    assert bonus.water[0] == water - 1 and bonus.water_supply == supply + 1
    assert engine.turn_passed("desert", events)
    # After the bonus turn there is no second one.
    bonus.piles[0].append(find("WWWW", shape="full", exclude=tuple(bonus.displays[0]))[0])
    after = finish_turn(bonus)
    assert after.current == 1 and not after.bonus_turn


def test_no_water_no_bonus_turn() -> None:
    s = corner()
    s.water[0] = 0
    s.piles[0].append(find("WWWW", shape="full")[0])
    after = finish_turn(s)
    assert after.current == 1 and after.phase == "move"


def test_a_pond_is_complete_at_once_and_its_lone_explorer_pays_nothing() -> None:
    s = corner()
    s.phase = "discover"
    pond, _ = find("BBBB", shape="pond")
    s.displays[0] = [pond]
    water = s.water[0]
    after, _ = play(s, "display", tile=pond)
    after, events = play(after, "explorer", height=1, part=0)
    oasis = next(e for e in events if e["type"] == "oasis")
    assert oasis["size"] == 1 and oasis["line"] == [[0, 1]] and oasis["paid"] is None
    assert after.water[0] == water and after.phase == "action" and R.to_act(after) == [0]


def test_last_tile_everyone_including_the_drawer_gets_one_more_turn() -> None:
    s = corner()
    last = find("WWWW", shape="full")[0]
    s.piles = [[], [], [], [], [last]]
    s.displays = [[], [], []]
    s = finish_turn(s)
    assert s.final_left is not None
    if s.phase == "bonus":
        raise AssertionError("no bonus turn once the last tile is drawn")
    turns = [s.current]
    while not s.game_over:
        before = s.current
        s, _ = engine.step(s, engine.ai_move(s, "heuristic"))
        if not s.game_over and s.current != before:
            turns.append(s.current)
    assert turns == [1, 2, 0]
    assert s.result["reason"] == "last_tile"


def test_goods_are_worth_four_plus_or_minus_their_rumours_and_water_breaks_ties() -> None:
    s = new(3)
    plus2 = RUMOUR_VALUES.index(2)
    minus1 = RUMOUR_VALUES.index(-1)
    s.rumour_board["salt-1"] = plus2
    s.rumour_board["salt-2"] = minus1
    s.goods = [["salt", "salt"], ["myrrh", "gemstone"], ["salt", "myrrh"]]  # 10, 8, 9
    events: list = []
    R._finish(s, "last_tile", events)
    assert s.result["values"]["salt"] == 5 and s.result["values"]["myrrh"] == 4
    assert s.result["scores"] == [10, 8, 9] and s.result["winners"] == [0]
    assert s.result["ranking"] == [1, 3, 2]
    assert events[0]["revealed"] == {"salt-1": 2, "salt-2": -1}
    # Every rumour is revealed to everyone at the end.
    assert {r["slot"]: r["value"] for r in engine.view(s, None)["rumour_board"]}["salt-1"] == 2
    tie = new(3)
    tie.goods = [["salt"], ["myrrh"], []]
    tie.water = [1, 3, 0]
    R._finish(tie, "last_tile", [])
    assert tie.result["winners"] == [1] and tie.result["ranking"] == [2, 1, 3]


def test_a_caravan_on_a_space_without_open_lines_does_not_discover() -> None:
    s = corner()
    s.board[sp("C2")] = (find("DDBD")[0], find("DDBD")[1])
    after, events = play(s, "caravan", to="C3", driver=0)
    assert any(e["type"] == "no_discovery" for e in events) and after.phase != "discover"
