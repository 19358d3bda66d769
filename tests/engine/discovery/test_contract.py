"""This game's side of the contract (engine/api.py): its INFO, move kinds, labels and words. What every game must do
is tested once in tests/engine/test_contract.py."""

from __future__ import annotations

import json

import engine
from engine.api import header_problems
from engine.discovery.info import INFO
from engine.discovery.presenter import PRESENTER
from tests.engine.discovery.helpers import game
from tests.played import played


def _states(options: dict | None = None, players: int = 3, seed: int = 2, moves: int = 400):  # type: ignore[no-untyped-def]
    """(state, the events that led to it) over a game whose every third move is the heuristic's, the others
    random (tests/played.py keeps it: two tests read the plain one)."""
    names = ["Red", "Yellow", "Green", "Blue", "Black"][:players]
    game = played("discovery", names, seed, ("heuristic", "random", "random"), options, moves)
    return [(game.states[0], []), *((step.after, step.events) for step in game.steps)]


def test_info_for_the_lobby() -> None:
    assert INFO.name == "discovery" and INFO.title == "Carcassonne: The Discovery"
    assert (INFO.min_players, INFO.max_players) == (2, 5)
    assert [k.name for k in INFO.ai_kinds] == ["heuristic", "random"] and INFO.default_ai == "heuristic"
    assert {o.name for o in INFO.options} == {"double_tile", "equal_turns"}
    for o in INFO.options:
        assert o.is_switch and o.label[0].isupper() and "_" not in o.label
    assert len(INFO.ai_names) >= 4
    assert engine.info("discovery") is INFO and INFO in engine.games()


def test_the_move_kinds_a_game_offers() -> None:
    kinds = {e["kind"] for s, _ in _states() for e in engine.view(s, s.current_player)["legal"]}
    assert kinds == {"place", "deploy", "score", "pass"}


def test_every_view_has_the_common_header_and_readable_labels() -> None:
    for options in ({}, {"double_tile": True}):
        for i, (state, events) in enumerate(_states(options)):
            for viewer in (None, 0, 1, 2) if i % 9 == 0 else ():
                view = engine.view(state, viewer)
                assert header_problems(view) == []
                json.dumps(view)
            view = engine.view(state, state.current_player)
            keys = [e["key"] for e in view["legal"]]
            assert len(keys) == len(set(keys))
            for e in view["legal"]:
                assert "deploy:" not in e["label"] and "score:" not in e["label"]
            for event in events:
                text = engine.describe("discovery", event, state.names)
                assert text is None or ("{" not in text and "'" not in text[:1])
            assert PRESENTER.status_of(view, state.names)


def test_move_from_key_and_labels() -> None:
    state = game(2)
    entries = engine.view(state, 0)["legal"]
    move = engine.move_from_key(state, entries[-1]["key"])
    assert engine.move_label(state, move) == entries[-1]["label"]
    assert entries[0]["label"].startswith("#1 at ")
    assert PRESENTER.value_of(entries[0]) == entries[0]["key"].split(":", 1)[1]


def test_turn_passed_only_at_the_end_of_a_turn() -> None:
    state = game(2, seed=4)
    placed, events = engine.step(state, engine.legal_moves(state)[0])
    if placed.phase == "follower":
        assert not engine.turn_passed("discovery", events)
        _, events = engine.step(placed, engine.legal_moves(placed)[-1])
    assert engine.turn_passed("discovery", events)


def test_every_event_has_words_but_the_turn_marker() -> None:
    seen: dict[str, str | None] = {}
    for options in ({}, {"double_tile": True, "equal_turns": True}):
        state = game(2, options, seed=8)
        state.pile = state.pile[-30:]
        while not state.game_over:
            state, events = engine.step(state, engine.ai_move(state, "heuristic"))
            for e in events:
                seen[e["type"]] = engine.describe("discovery", e, state.names)
    assert {"place", "deploy", "score", "complete", "end", "final", "game_over", "turn"} <= set(seen)
    for kind, text in seen.items():
        assert (text is None) == (kind == "turn"), kind
