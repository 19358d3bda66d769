"""Seed sections "Placing an explorer figure" and "3. Oasis Scoring", with the worked example: Blue completes an
oasis, Orange has the tallest explorer (the turban) but no water and steps out, then blue, red, red, blue choose
action spaces, and the turban passes on. Action spaces: goods, camel, water, rumours (supply and peeking)."""

from __future__ import annotations

from typing import Any

import engine
from engine.desert import rules as R
from engine.desert.state import GRID, HEIGHTS, ON_ACTION, State
from engine.desert.tiles import GOODS, tileset
from tests.engine.desert.helpers import (
    BLUE,
    ORANGE,
    RED,
    blank,
    find,
    keys,
    new,
    place_explorer,
    play,
    put,
    sp,
    top_row_oasis,
)


def test_an_explorer_goes_only_on_the_new_tiles_oasis_or_one_is_taken_back() -> None:
    s, closing = top_row_oasis()
    place_explorer(s, 2, "C1")
    after, _ = play(s, "display", tile=closing)
    assert after.phase == "explorer"
    options = keys(after)
    assert {k for k in options if k.startswith("explorer:")} == {f"explorer:{h}:0" for h in (15, 12, 5)}
    assert "withdraw:2" in options and "no_explorer" in options
    back, _ = play(after, "withdraw", height=2)
    assert next(e for e in back.explorers if e[0] == 2)[2] == -1


def test_no_explorer_left_means_none_can_be_placed() -> None:
    s, closing = top_row_oasis()
    for h, name in ((15, "B1"), (12, "C1"), (5, "D1"), (2, "D1")):
        place_explorer(s, h, name)
    after, _ = play(s, "display", tile=closing)
    assert not any(k.startswith("explorer:") for k in keys(after))


def test_a_tile_with_separate_oasis_parts_lets_the_player_choose_one() -> None:
    s = blank(new(3), {0: "C3"})
    put(s, "C3", "BDDD")
    tid, _r = find("WBWB", shape="split")
    s.displays[0] = [tid]
    s.phase = "discover"
    after, _ = play(s, "display", tile=tid)
    if after.phase == "place":
        after, _ = play(after, "place", space="C2", rotation=int(keys(after)[0].split(":")[2]))
    parts = {k.rsplit(":", 1)[1] for k in keys(after) if k.startswith("explorer:16:")}
    assert parts == {"0", "1"}


def on_action_spaces(s: State) -> dict[int, str]:
    """Explorer height -> the space whose action space it occupies."""
    return {e[0]: GRID.name(e[2]) for e in s.explorers if e[2] >= 0 and e[3] == ON_ACTION}


def where(s: State, height: int) -> int:
    return next(e[2] for e in s.explorers if e[0] == height)


def run_scoring(s: State) -> tuple[State, list[dict[str, Any]], list[int]]:
    """Play the scoring through with each chooser's first legal move; who acted, in order."""
    events: list[dict[str, Any]] = []
    actors = []
    while s.phase in ("action", *R.SUB_PHASES):
        seat = R.to_act(s)[0]
        move = engine.legal_moves(s)[0]
        assert move.player == seat
        if move.kind == "action_space":
            actors.append(seat)
        s, ev = engine.step(s, move)
        events += ev
    return s, events, actors


def test_example_orange_cannot_pay_then_blue_red_red_blue_choose_and_the_turban_passes() -> None:
    s, closing = top_row_oasis()
    s.turban = ORANGE  # on Orange's tallest explorer, 14
    s.water[ORANGE] = 0
    for h, name in ((14, "B1"), (12, "C1"), (11, "C1"), (6, "D1")):
        place_explorer(s, h, name)
    blue_water = s.water[BLUE]
    after, _ = play(s, "display", tile=closing)
    after, events = play(after, "explorer", height=5, part=0)
    oasis = next(e for e in events if e["type"] == "oasis")
    assert oasis["size"] == 4 and len(oasis["actions"]) == 4
    assert oasis["line"] == [[ORANGE, 14], [BLUE, 12], [RED, 11], [RED, 6], [BLUE, 5]]
    assert oasis["withdrawn"] == [ORANGE, 14] and oasis["paid"] is None
    assert after.water[BLUE] == blue_water  # the next tallest does not pay
    # A player other than the one whose turn it is chooses: the view says so.
    assert after.current == BLUE and R.to_act(after) == [BLUE]
    done, events, actors = run_scoring(after)
    assert actors == [BLUE, RED, RED, BLUE]
    assert any(e["type"] == "turban" and e["player"] == RED for e in events)
    assert done.turban == RED  # Orange's left-hand neighbour (seat order wraps)
    # "The player whose explorer figure stands at the front takes it and thereby occupies an action space": the four
    # that chose stay there; Orange's, which stepped out for lack of water, is back in the supply.
    taken = [e["space"] for e in events if e["type"] == "action"]
    assert on_action_spaces(done) == dict(zip((12, 11, 6, 5), taken, strict=True))
    assert where(done, 14) == -1


def test_the_tallest_pays_one_water_stone_and_a_lone_explorer_pays_nothing() -> None:
    s, closing = top_row_oasis()
    place_explorer(s, 16, "C1")
    place_explorer(s, 11, "D1")
    after, _ = play(s, "display", tile=closing)
    after, events = play(after, "no_explorer")
    oasis = next(e for e in events if e["type"] == "oasis")
    assert oasis["paid"] == RED and after.water[RED] == 1
    s2, closing = top_row_oasis()
    place_explorer(s2, 16, "C1")
    after2, _ = play(s2, "display", tile=closing)
    after2, events2 = play(after2, "no_explorer")
    assert next(e for e in events2 if e["type"] == "oasis")["paid"] is None and after2.water[RED] == 2


def test_the_turban_counts_as_tallest() -> None:
    s, closing = top_row_oasis()
    s.turban = BLUE  # on Blue's 15
    place_explorer(s, 16, "C1")
    place_explorer(s, 15, "D1")
    after, _ = play(s, "display", tile=closing)
    after, events = play(after, "no_explorer")
    oasis = next(e for e in events if e["type"] == "oasis")
    assert oasis["line"] == [[BLUE, 15], [RED, 16]] and oasis["paid"] == BLUE


def test_more_explorers_than_action_spaces_the_rest_go_home() -> None:
    s, closing = top_row_oasis()
    heights = (16, 11, 6, 1, 12, 2, 14, 9)
    for h in heights:
        place_explorer(s, h, "C1")
    after, _ = play(s, "display", tile=closing)
    after, _ = play(after, "no_explorer")
    done, events, actors = run_scoring(after)
    assert len(actors) == 4
    assert any(e["type"] == "no_space_left" for e in events)
    # "If all explorer figures have been placed on the action spaces of the oasis ... all players take their
    # remaining explorer figures back to their supply."
    tallest = sorted(heights, reverse=True)
    assert set(on_action_spaces(done)) == set(tallest[:4])  # the turban is Red's 16: the line is by height
    assert all(where(done, h) == -1 for h in tallest[4:])


def scoring_of(s: State, seat: int, kind: str) -> State:
    s.board[sp("C3")] = (next(t for t, info in tileset().tiles.items() if info.action == kind), 0)
    line = [[seat, HEIGHTS[seat][1]]]
    s.scoring = [{"spaces": ["C3"], "actions": [[sp("C3"), kind]], "taken": [], "queue": line, "turban": False}]
    s.phase = "action"
    return s


def test_goods_go_onto_a_free_camel_space() -> None:
    s = scoring_of(new(3), 1, "salt")
    after, _ = play(s, "action_space", space="C3")
    assert after.goods[1] == ["salt"] and after.goods_supply["salt"] == 9


def test_full_camels_make_room_or_forgo() -> None:
    s = scoring_of(new(3), 1, "salt")
    s.goods[1] = ["myrrh", "myrrh", "gemstone", "gemstone"]
    after, _ = play(s, "action_space", space="C3")
    assert after.phase == "goods" and R.to_act(after) == [1]
    assert keys(after) == ["make_room:myrrh", "make_room:gemstone", "make_room:none"]
    swapped, _ = play(after, "make_room", drop="myrrh")
    assert sorted(swapped.goods[1]) == ["gemstone", "gemstone", "myrrh", "salt"]
    assert swapped.goods_supply["myrrh"] == 11 and swapped.goods_supply["salt"] == 9
    forgo, _ = play(after, "make_room", drop="none")
    assert forgo.goods[1] == s.goods[1]


def test_a_camel_tile_adds_two_goods_spaces() -> None:
    s = scoring_of(new(3), 2, "camel")
    after, _ = play(s, "action_space", space="C3")
    assert after.camels[2] == 3 and after.camel_supply == 9
    assert R.free_camel_spaces(after, 2) == 6


def test_water_action_takes_a_stone_from_the_supply() -> None:
    s = scoring_of(new(3), 0, "water")
    after, _ = play(s, "action_space", space="C3")
    assert after.water[0] == 3 and after.water_supply == s.water_supply - 1


def test_rumour_from_the_supply_is_seen_only_by_its_placer() -> None:
    s = scoring_of(new(3), 1, "rumour")
    token = s.rumour_supply[-1]
    after, _ = play(s, "action_space", space="C3")
    assert after.phase == "rumour" and R.to_act(after) == [1]
    assert engine.view(after, 1)["rumour_in_hand"] is not None and engine.view(after, 0)["rumour_in_hand"] is None
    placed, events = play(after, "rumour", slot="salt-2")
    assert placed.rumour_board["salt-2"] == token
    assert "value" not in str(events)
    mine = {r["slot"]: r["value"] for r in engine.view(placed, 1)["rumour_board"]}
    theirs = {r["slot"]: r["value"] for r in engine.view(placed, 0)["rumour_board"]}
    spectator = {r["slot"]: r["value"] for r in engine.view(placed, None)["rumour_board"]}
    assert mine["salt-2"] is not None and theirs["salt-2"] is None and spectator["salt-2"] is None


def test_with_the_supply_empty_a_rumour_peeks_and_may_take_a_token_off_for_the_next_rumour() -> None:
    s = scoring_of(new(3), 0, "rumour")
    slots = ["myrrh-1", "myrrh-2", "frankincense-1", "gemstone-1", "salt-1", "salt-2"]
    for slot, token in zip(slots, list(s.rumour_supply), strict=True):
        s.rumour_board[slot] = token
    s.rumour_supply = []
    after, _ = play(s, "action_space", space="C3")
    assert after.phase == "peek" and len(keys(after)) == 7 and "peek:none" in keys(after)  # looking is optional
    skipped, _ = play(after, "peek", slot="none")
    assert skipped.phase != "peek" and skipped.rumour_board == s.rumour_board
    looked, _ = play(after, "peek", slot="myrrh-2")
    token = s.rumour_board["myrrh-2"]
    assert 0 in looked.rumour_known[token] and looked.phase == "peeked"
    removed, _ = play(looked, "peeked", choice="remove")
    assert removed.rumour_board["myrrh-2"] is None and removed.rumour_supply == [token]
    # The next rumour space places it again, on one of the three free spaces.
    nxt = scoring_of(removed, 2, "rumour")
    nxt, _ = play(nxt, "action_space", space="C3")
    assert len(keys(nxt)) == 3
    assert 2 in nxt.rumour_known[token]


def test_goods_kinds_are_four() -> None:
    assert GOODS == ("myrrh", "frankincense", "gemstone", "salt")


# --- explorers on the action spaces ------------------------------------------------------------


def occupy(s: State, height: int, name: str) -> None:
    """The explorer stands on the action space of a pond put on `name` (an oasis scored before)."""
    put(s, name, "BBBB", shape="pond")
    e = next(e for e in s.explorers if e[0] == height)
    e[2], e[3] = sp(name), ON_ACTION


def test_with_all_four_explorers_on_the_board_none_can_be_placed_but_any_one_may_be_taken_back() -> None:
    # "If a player has no explorer figure available, because all four are already placed on the board, they cannot
    # place an explorer figure on this turn. But: if a player places no explorer figure on their turn, they may remove
    # any one of their own explorer figures from the board and return it to their supply."
    s, closing = top_row_oasis()
    for h, name in ((15, "H8"), (12, "H10"), (5, "J8")):
        occupy(s, h, name)
    place_explorer(s, 2, "C1")  # the fourth in the oasis the closing tile completes
    after, _ = play(s, "display", tile=closing)
    options = keys(after)
    assert not any(k.startswith("explorer:") for k in options)
    assert {"withdraw:15", "withdraw:12", "withdraw:5", "withdraw:2", "no_explorer"} == set(options)
    back, events = play(after, "withdraw", height=12)
    words = [engine.describe("desert", e, back.names) for e in events if e["type"] == "withdraw"]
    assert words == ["P1 takes the explorer of height 12 back from the action space of H10."]
    done, more, _ = run_scoring(back)  # the oasis scores: the 2 takes one of its action spaces
    taken = next(e["space"] for e in more if e["type"] == "action")
    assert where(done, 12) == -1 and on_action_spaces(done) == {15: "H8", 5: "J8", 2: taken}


def test_an_explorer_taken_back_may_be_placed_again_on_the_next_turn() -> None:
    # "They may then place it again on their next turn."
    s, closing = top_row_oasis()
    for h, name in ((15, "H8"), (5, "J8"), (2, "J10")):
        occupy(s, h, name)
    after, _ = play(s, "display", tile=closing)
    assert {k for k in keys(after) if k.startswith("explorer:")} == {"explorer:12:0"}
    assert "withdraw:15" in keys(after)


def test_the_turban_goes_to_the_tallest_explorer_also_when_it_stands_on_the_board() -> None:
    # "This player must then place it on their tallest explorer figure, regardless of whether that explorer figure
    # is in their supply or on the board."
    s, closing = top_row_oasis()
    s.turban = BLUE
    place_explorer(s, 15, "C1")  # Blue's tallest wears the turban and stands in the oasis
    occupy(s, 14, "H8")  # Orange's tallest stands on an action space
    after, _ = play(s, "display", tile=closing)
    after, _ = play(after, "no_explorer")
    done, events, _ = run_scoring(after)
    assert done.turban == ORANGE and where(done, 14) == sp("H8")
    turban = next(e for e in events if e["type"] == "turban")
    assert turban["player"] == ORANGE and turban["height"] == 14
    wearer = [e for e in engine.view(done, None)["explorers"] if e["turban"]]
    assert [(e["height"], e["space"], e["action_space"]) for e in wearer] == [(14, "H8", True)]
    assert where(done, 15) >= 0  # Blue's 15 took an action space and stays, without the turban


def test_the_view_puts_an_explorer_on_its_action_space() -> None:
    s, _ = top_row_oasis()
    occupy(s, 12, "H8")
    place_explorer(s, 5, "C1")
    shown = {e["height"]: e for e in engine.view(s, None)["explorers"]}
    pond = tileset().tiles[s.board[sp("H8")][0]]
    assert (shown[12]["space"], shown[12]["part"], shown[12]["action_space"]) == ("H8", pond.action_part, True)
    assert (shown[5]["space"], shown[5]["action_space"]) == ("C1", False)
    assert shown[2]["space"] is None and shown[2]["action_space"] is False


def test_taking_back_an_explorer_from_an_action_space_may_be_undone_alone() -> None:
    s, closing = top_row_oasis()
    occupy(s, 12, "H8")
    after, _ = play(s, "display", tile=closing)
    move = next(m for m in engine.legal_moves(after) if m.key == "withdraw:12")
    _, events = engine.step(after, move)
    assert engine.undoable(after, move, events)
