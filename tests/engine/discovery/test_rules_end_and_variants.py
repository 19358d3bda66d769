"""Rulebook "Game End", "Variants: Double tile" and "Variants: Equal number of turns"."""

from __future__ import annotations

import pytest

import engine
from engine.core.moves import Move
from tests.engine.discovery.helpers import RED, YELLOW, game


def _play_out(state, kind: str = "random"):  # type: ignore[no-untyped-def]
    events = []
    while not state.game_over:
        state, new = engine.step(state, engine.ai_move(state, kind))
        events.extend(new)
    return state, events


def test_the_game_ends_after_the_turn_in_which_the_last_tile_is_placed() -> None:
    state = game(2, seed=3)
    state.pile = state.pile[-3:]  # three tiles left after the one drawn: four turns
    state, events = _play_out(state)
    assert len(state.board) + len(state.discarded) == 1 + 4
    kinds = [e["type"] for e in events]
    assert kinds.count("turn") == 4
    assert kinds.index("end") > max(i for i, k in enumerate(kinds) if k == "place")
    assert kinds[-1] == "game_over"
    assert state.result["winners"] == [
        i for i, s in enumerate(state.result["scores"]) if s == max(state.result["scores"])
    ]
    assert state.followers == [] and all(p.supply == 4 for p in state.players)
    assert engine.legal_moves(state) == [] and engine.to_act(state) == []


def test_the_whole_set_is_played() -> None:
    state, _ = _play_out(game(3, seed=11))  # the random AI: which tile goes where is not the point
    assert len(state.board) + len(state.discarded) == 84
    assert state.result["ranking"] == [
        1 + sum(1 for x in state.result["scores"] if x > s) for s in state.result["scores"]
    ]


@pytest.mark.parametrize(("players", "removed"), [(2, 1), (3, 2), (4, 3), (5, 1)])
def test_equal_turns_sets_tiles_aside_face_up(players: int, removed: int) -> None:
    state = game(players, {"equal_turns": True})
    assert len(state.removed) == removed
    assert len(state.pile) + 1 == 83 - removed
    view = engine.view(state, None)
    assert [t["id"] for t in view["removed"]] == state.removed  # face up: everyone sees them
    plain = game(players)
    assert plain.removed == []


def test_equal_turns_gives_everyone_the_same_number_of_turns_with_2_3_4_players() -> None:
    for players in (2, 3, 4):
        state, events = _play_out(game(players, {"equal_turns": True}, seed=players))
        if state.discarded:
            continue  # a discard shifts the count; the rule cannot help it
        turns = [e["player"] for e in events if e["type"] == "turn"]
        assert len(turns) % players == 0


def test_double_tile_each_player_holds_two_private_tiles() -> None:
    state = game(3, {"double_tile": True})
    assert [len(p.hand) for p in state.players] == [2, 2, 2]
    assert state.drawn is None
    mine = engine.view(state, RED)
    theirs = engine.view(state, YELLOW)
    spectator = engine.view(state, None)
    assert [t["id"] for t in mine["players"][RED]["hand"]] == state.players[RED].hand
    assert theirs["players"][RED]["hand"] is None and spectator["players"][RED]["hand"] is None
    assert theirs["players"][RED]["hand_count"] == 2
    assert mine["legal"] and theirs["legal"] == [] and spectator["legal"] == []
    assert {e["tile"] for e in mine["legal"]} <= {1, 2}


def test_double_tile_choose_one_place_it_then_draw_another() -> None:
    state = game(2, {"double_tile": True})
    hand = list(state.players[RED].hand)
    move = next(m for m in engine.legal_moves(state) if m.get("tile") == 2)
    state, events = engine.step(state, move)
    assert state.board[tuple(int(c) for c in move.get("at").split(","))].tile == hand[1]
    assert len(state.players[RED].hand) == 2 and state.players[RED].hand[0] == hand[0]
    assert "refill" in [e["type"] for e in events]
    assert all("tile" not in e for e in events if e["type"] == "refill")  # the new tile stays face down


def test_double_tile_plays_every_tile_from_the_hands_at_the_end() -> None:
    state, _events = _play_out(game(2, {"double_tile": True}, seed=5))
    assert len(state.board) + len(state.discarded) == 84
    assert all(p.hand == [] for p in state.players)


def test_double_tile_rejects_a_third_tile() -> None:
    state = game(2, {"double_tile": True})
    with pytest.raises(engine.IllegalMove, match="tile 1 or 2"):
        engine.step(state, Move.make("place", RED, tile=3, at="0,-1", turn=0))


def test_options_are_checked() -> None:
    with pytest.raises(engine.IllegalMove):
        game(2, {"mystery": True})
    with pytest.raises(engine.IllegalMove):
        game(2, {"double_tile": "yes"})
    with pytest.raises(engine.IllegalMove):
        engine.new_game("discovery", ["A"], {}, 1)
    with pytest.raises(engine.IllegalMove):
        engine.new_game("discovery", list("ABCDEF"), {}, 1)
