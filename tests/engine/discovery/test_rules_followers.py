"""Rulebook "2. Deploying followers", "3. Scoring a territory" (the choice), "A territory with more than one
follower" (Ex17, Ex18) and "After removing from an incomplete territory"."""

from __future__ import annotations

import pytest

import engine
from engine.core.moves import Move
from tests.engine.discovery.helpers import RED, YELLOW, T, blank, deploy_keys, follower, game, place, put, to_place


def _start_map():
    state = blank()
    put(state, "start", (0, 0))  # N sea, band mountain E-W, S grassland
    return state


def _56_placed_north(*followers: tuple[int, int]):
    """The start map with these followers (player, region of the start tile) on it, then tile 56 (N grassland, band
    mountain, S sea) placed north of the start tile."""
    state = _start_map()
    for player, region in followers:
        follower(state, player, (0, 0), region)
    return place(to_place(state, T("56")), "0,1", 0)[0]


def test_ex05_explorer_brigand_or_navigator_by_the_terrain() -> None:
    state = _56_placed_north()
    assert sorted(deploy_keys(state)) == ["deploy:brigand:EW", "deploy:explorer:N", "deploy:navigator:S"]
    state2 = to_place(_start_map(), T("53"))  # thirds: grassland N, sea E, mountain S-W
    state2, _ = place(state2, "0,-1", 0)
    assert {k.split(":")[1] for k in deploy_keys(state2)} == {"explorer", "brigand", "navigator"}


def test_ex06_only_a_navigator_when_the_mountain_has_a_brigand() -> None:
    state = _start_map()
    follower(state, YELLOW, (0, 0), 1)  # a brigand on the start tile's mountain band
    to_place(state, T("06"))  # mountain and sea halves
    state, _ = place(state, "1,0", 270)  # mountain N and W: it continues the brigand's mountain
    assert deploy_keys(state) == ["deploy:navigator:ES"]
    with pytest.raises(engine.IllegalMove, match="already has a follower"):
        engine.step(state, Move.make("deploy", RED, role="brigand", region="NW"))


def test_ex07_brigand_or_explorer_but_no_navigator_on_a_connected_sea() -> None:
    state = _56_placed_north((YELLOW, 0))  # a navigator on the start tile's sea
    assert sorted(k.split(":")[1] for k in deploy_keys(state)) == ["brigand", "explorer"]


def test_only_on_the_tile_just_placed_and_with_the_right_role() -> None:
    state = _56_placed_north()
    with pytest.raises(engine.IllegalMove, match="no region"):
        engine.step(state, Move.make("deploy", RED, role="navigator", region="W"))
    with pytest.raises(engine.IllegalMove, match="explorer"):
        engine.step(state, Move.make("deploy", RED, role="brigand", region="N"))


def test_one_follower_a_turn_never_deploy_and_remove_together() -> None:
    state = _56_placed_north((RED, 2))  # an explorer on the start tile's grassland
    kinds = {m.kind for m in engine.legal_moves(state)}
    assert kinds == {"deploy", "score", "pass"}
    after, events = engine.step(state, Move.make("deploy", RED, role="explorer", region="N"))
    assert after.current == YELLOW and after.phase == "place"  # the turn is over: no removal too
    assert [e["type"] for e in events][:2] == ["deploy", "turn"]


def test_no_deploy_with_an_empty_supply() -> None:
    state = _56_placed_north(*[(RED, 2)] * 4)
    assert deploy_keys(state) == []
    assert {m.kind for m in engine.legal_moves(state)} == {"score", "pass"}


def test_nothing_to_choose_ends_the_turn_by_itself() -> None:
    state2 = _start_map()
    follower(state2, YELLOW, (0, 0), 0)
    state2, events = place(to_place(state2, T("05")), "0,1", 0)  # all sea, joins Yellow's: nothing for Red
    assert "no_choice" in [e["type"] for e in events]
    assert state2.current == YELLOW


def test_ex17_ex18_two_navigators_in_one_sea_score_independently() -> None:
    state = _start_map()
    put(state, T("03"), (0, 1), 3)  # grassland N-W, sea E-S (a port): its sea joins the start tile's sea
    follower(state, YELLOW, (0, 0), 0)  # Yellow's navigator on that sea
    state, _ = place(to_place(state, T("02")), "1,0", 180)  # mountain S-W, sea N-E with a port: a new sea
    state, _ = engine.step(state, Move.make("deploy", RED, role="navigator", region="NE"))  # Ex17
    assert len(state.followers) == 2
    # Later a tile joins the two seas (Ex18): both navigators are now in one sea with 3 ports.
    state, _ = place(to_place(state, T("05"), YELLOW), "1,1", 0)
    yellow_pass = Move.make("pass", YELLOW)
    state, _ = engine.step(state, yellow_pass)
    assert state.current == RED
    state = to_place(state, T("01"), RED)
    state, _ = place(state, "0,-1", 0)
    state, events = engine.step(state, Move.make("score", RED, at="1,0", region="NE"))
    scored = next(e for e in events if e["type"] == "score")
    assert scored["points"] == 3 and scored["cities"] == 3 and not scored["complete"]
    assert state.players[RED].score == 3 and state.players[RED].supply == 4
    # Yellow's navigator is untouched and scores the same sea on a later turn.
    assert [f.player for f in state.followers] == [YELLOW]


def test_after_removing_from_an_incomplete_territory_it_can_be_taken_again_even_by_the_same_player() -> None:
    state = _start_map()
    follower(state, RED, (0, 0), 0)  # Red's navigator on the open sea
    state, _ = place(to_place(state, T("01")), "0,-1", 0)
    state, events = engine.step(state, Move.make("score", RED, at="0,0", region="N"))
    assert next(e for e in events if e["type"] == "score")["points"] == 1  # the start tile's port
    state = to_place(state, T("05"), RED)
    state, _ = place(state, "0,1", 0)  # the sea grows: it is empty again
    assert "deploy:navigator:NESW" in deploy_keys(state)


def test_a_player_removes_at_most_one_follower_a_turn() -> None:
    state = _start_map()
    follower(state, RED, (0, 0), 0)
    follower(state, RED, (0, 0), 2)
    state, _ = place(to_place(state, T("01")), "0,-1", 0)
    state, _ = engine.step(state, Move.make("score", RED, at="0,0", region="N"))
    assert state.current == YELLOW and len(state.followers) == 1
    with pytest.raises(engine.IllegalMove):
        engine.step(state, Move.make("score", RED, at="0,0", region="S"))


def test_score_names_one_of_your_own_followers() -> None:
    state = _start_map()
    follower(state, YELLOW, (0, 0), 0)
    follower(state, RED, (0, 0), 2)
    state, _ = place(to_place(state, T("01")), "0,-1", 0)
    with pytest.raises(engine.IllegalMove, match="no follower there"):
        engine.step(state, Move.make("score", RED, at="0,0", region="N"))


def test_followers_keep_four_in_all() -> None:
    state = game(3, seed=4)
    for _ in range(60):
        state = engine.apply(state, engine.ai_move(state, "heuristic"))
        for i, p in enumerate(state.players):
            assert p.supply + sum(1 for f in state.followers if f.player == i) == 4
