"""The engine contract around the rules: versions, seats, purity, readable refusals, views, logs, and invariants
over random legal play."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import engine
from engine.core.moves import Move
from engine.entdecker.state import PIECE_SUPPLY
from engine.entdecker.tiles import tileset
from tests.engine.entdecker.helpers import CAPE, SEA, game, keys, mv, play, put, set_piles, snapshot


def scripted_turn():
    """Every kind of move once: recall, ship, explore, draw, place, build."""
    state = game(2)
    put(state, "H5", CAPE, "LSSS", build=(0, "trading_post"))
    state.players[0].pieces["trading_post"] = 2
    set_piles(state, [SEA, SEA, CAPE])
    return state, [
        ("recall", {"space": "H5"}),
        ("ship", {"position": "A1N"}),
        ("explore", {"count": 2}),
        ("draw", {"pile": 1}),
        ("place", {"space": "A1", "rotation": 1}),
        ("build", {"piece": "fort", "segment": 0}),
    ]


def test_version_increments_by_one_per_move_and_history_records_it():
    state, script = scripted_turn()
    assert state.version == 0
    for i, (kind, args) in enumerate(script, 1):
        state, _ = play(state, kind, **args)
        assert state.version == i
        assert len(state.history) == i
        assert state.history[-1].kind == kind
    assert state.current == 1  # automatic steps (the end of the turn) are not moves


def test_step_does_not_mutate_the_state_it_is_given():
    state, script = scripted_turn()
    for kind, args in script:
        before = snapshot(state)
        new, _ = play(state, kind, **args)
        assert snapshot(state) == before
        assert new is not state
        state = new


def test_failed_step_does_not_mutate_either():
    state, _ = scripted_turn()
    before = snapshot(state)
    with pytest.raises(engine.IllegalMove):
        engine.step(state, mv(state, "draw", pile=1))
    assert snapshot(state) == before


def test_move_by_the_wrong_seat_is_refused():
    state = game(3)
    with pytest.raises(engine.IllegalMove) as exc:
        engine.step(state, Move.make("ship", 1, position="A1N"))
    assert "Ann" in exc.value.reason  # names whose turn it is
    with pytest.raises(engine.IllegalMove):
        engine.step(state, Move.make("ship", 7, position="A1N"))


def test_illegal_move_reason_names_what_is_legal():
    state = game()
    with pytest.raises(engine.IllegalMove) as exc:
        engine.step(state, mv(state, "draw", pile=1))
    reason = exc.value.reason
    assert reason and "ship" in reason
    with pytest.raises(engine.IllegalMove) as exc:
        engine.step(state, mv(state, "teleport"))
    assert "ship" in exc.value.reason
    with pytest.raises(engine.IllegalMove) as exc:
        engine.move_from_key(state, "explore:3")
    assert "ship:A1N" in exc.value.reason


def test_move_from_key_and_argument_order_do_not_matter():
    state = game()
    state, _ = engine.step(state, engine.move_from_key(state, "ship:C1N"))
    assert state.phase == "explore"
    state, _ = play(state, "explore", count=1)
    put(state, "C1", CAPE, "SSLS", turn=state.turn)
    state.ship = (state.board.index(state.board[2]), -1)
    state.voyage.placed = [2]
    backwards = Move("build", 0, (("segment", 0), ("piece", "fort")))
    new, _ = engine.step(state, backwards)
    assert new.history[-1].key == "build:fort:0"


def test_legal_moves_empty_when_over_and_only_for_current_seat():
    state = game(3)
    assert {m.player for m in engine.legal_moves(state)} == {0}


def test_view_hides_face_down_information():
    state = game(2, {"personal_tiles": True})
    text = json.dumps(engine.view(state, 1))
    for pile in state.piles:
        for tid in pile:
            assert f'"{tid}"' not in text
    for tid in state.players[0].personal:
        assert f'"{tid}"' not in text
    v = engine.view(state, 1)
    assert [p["count"] for p in v["piles"]["discovery"]] == [len(p) for p in state.piles]
    assert "plant_piles" not in text


# --- random legal play --------------------------------------------------------------------------------------


def tiles_everywhere(state):
    ids = [c.tile for c in state.board if c is not None]
    ids += [t for p in state.piles for t in p]
    ids += [t for p in state.fills.values() for t in p]
    ids += state.kept + list(getattr(state, "box", []))
    ids += [t for p in state.players for t in p.personal]
    if state.voyage is not None and state.voyage.drawn is not None:
        ids.append(state.voyage.drawn)
    return ids


def check_invariants(state):
    assert state.version == len(state.history)
    for i, p in enumerate(state.players):
        assert 0 <= p.gold <= 12
        for piece, n in PIECE_SUPPLY.items():
            on_board = sum(1 for c in state.board if c and c.build and c.build.player == i and c.build.piece == piece)
            assert on_board + p.pieces[piece] == n
    placed = tiles_everywhere(state)
    assert Counter(placed) == Counter(list(tileset().tiles))  # every one of the 120 tiles exactly once
    plants = [t for p in state.plant_piles for t in p] + [t for p in state.players for t in p.plants]
    assert Counter(plants) == Counter(tileset().plants)


@pytest.mark.parametrize("seed", range(6))
def test_random_games_keep_invariants_finish_and_replay(seed):
    rng = random.Random(seed)
    options = {
        "personal_tiles": seed % 2 == 1,
        "rotating_first_player": seed % 3 == 0,
        "keep_unplayable": seed % 2 == 0,
        "end_when_plants_run_out": seed == 4,
        "plant_draw": "bag" if seed in (1, 2) else "piles",
    }
    state = engine.new_game("entdecker", ["A", "B", "C", "D"][: 2 + seed % 3], options, seed)
    names = state.names
    for _ in range(3000):
        if state.game_over:
            break
        moves = engine.legal_moves(state)
        assert moves
        move = rng.choice(moves) if rng.random() < 0.4 else engine.ai_move(state, "heuristic")
        state, events = engine.step(state, move)
        check_invariants(state)
        for ev in events:
            text = engine.describe("entdecker", ev, names)
            assert text is None or isinstance(text, str)
            json.dumps(ev)
    assert state.game_over
    assert engine.legal_moves(state) == []
    assert state.result["scores"] == [p.vp for p in state.players]
    again = engine.replay(json.loads(json.dumps(engine.saved_game(state))))
    assert snapshot(again) == snapshot(state)
    assert snapshot(engine.state_from_json(snapshot(state))) == snapshot(state)


def test_keys_of_legal_moves_are_unique():
    state = game()
    ks = keys(state)
    assert len(ks) == len(set(ks))


def test_replay_of_a_tampered_log_names_the_bad_move():
    state = game()
    state, _ = play(state, "ship", position="C1N")
    saved = engine.saved_game(state)
    saved["moves"].append({"kind": "explore", "player": 0, "count": 99})
    with pytest.raises(engine.IllegalMove) as exc:
        engine.replay(saved)
    assert "move 2" in exc.value.reason and "explore" in exc.value.reason
