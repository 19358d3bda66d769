"""Which Entdecker moves a player may take back alone (issue 10): those that revealed nothing and drew on no chance."""

from __future__ import annotations

import dataclasses

import pytest

import engine
from tests.played import played

REVEALING = {"draw", "personal", "fill", "fill_missing", "event", "income", "discard", "game_over", "end"}


def test_every_move_of_seeded_games_is_judged_by_what_it_revealed() -> None:
    seen: dict[bool, set[str]] = {True: set(), False: set()}
    for seed in range(3):
        for step in played("entdecker", 3, seed, "heuristic", {"personal_tiles": seed == 1}).steps:
            events, alone = step.events, step.alone
            kinds = {e["type"] for e in events}
            revealed = bool(kinds & REVEALING) or any(
                (e["type"] == "place" and e.get("event"))
                or (e["type"] == "island" and e.get("plants"))
                or (e["type"] == "natives" and e.get("plant") is not None)
                for e in events
            )
            assert alone == (not revealed), (step.move.key, events)
            seen[alone].add(step.move.kind)
    # Ship, declare and build are taken back alone when quiet; a draw never is.
    assert {"ship", "explore", "build"} <= seen[True]
    assert "draw" in seen[False] and "draw" not in seen[True]


def test_a_game_without_a_judge_allows_no_lone_undo(monkeypatch: pytest.MonkeyPatch) -> None:
    state = engine.new_game("entdecker", ["a", "b"], {}, 1)
    move = engine.ai_move(state, "heuristic")
    _, events = engine.step(state, move)
    assert engine.undoable(state, move, events)
    monkeypatch.setitem(engine.GAMES, "entdecker", dataclasses.replace(engine.GAMES["entdecker"], undoable=None))
    assert not engine.undoable(state, move, events)
