"""Which Discovery moves a player may take back alone: those that revealed nothing hidden (no tile drawn, none
shown, not the end of the game). That an undo restores the state exactly: tests/engine/test_undo.py."""

from __future__ import annotations

from collections import Counter
from typing import Any

import engine
from engine.discovery.state import State
from tests.played import played


def _revealed(before: State, after: State) -> bool:
    """Judged from the states, not the events: a tile left the pile or went into the box, a hand gained a tile, or
    the game ended."""
    if after.game_over or after.pile != before.pile or after.discarded != before.discarded:
        return True
    return any(Counter(a.hand) - Counter(b.hand) for a, b in zip(after.players, before.players, strict=True))


def _play(options: dict[str, Any], seed: int, kind: str, seen: dict[bool, set[str]]) -> None:
    for step in played("discovery", 3, seed, kind, options).steps:
        assert step.alone == (not _revealed(step.before, step.after)), (step.move.key, step.events)
        if step.alone:
            # Nothing hidden moved: the pile keeps its order and no other player's hand changed.
            before, after = step.before, step.after
            assert after.pile == before.pile
            others = [i for i in range(len(before.players)) if i != step.move.player]
            assert all(after.players[i].hand == before.players[i].hand for i in others)
        seen[step.alone].add(step.move.kind)


def test_every_move_of_seeded_games_is_judged_by_what_it_revealed() -> None:
    seen: dict[bool, set[str]] = {True: set(), False: set()}
    for seed in range(2):
        _play({}, seed, "random", seen)
    # Standard game: a placement that leaves the follower choice open is quiet; ending the turn draws a tile.
    assert seen[True] == {"place"}
    assert {"deploy", "pass", "score"} <= seen[False]


def test_the_double_tile_variant_takes_back_follower_choices_alone() -> None:
    seen: dict[bool, set[str]] = {True: set(), False: set()}
    for seed in range(2):
        _play({"double_tile": True, "equal_turns": seed == 1}, seed, "random", seen)
    _play({"double_tile": True}, 2, "random", seen)
    # The placement refills the hand from the pile (not alone) until the pile is empty (alone).
    assert {"place", "deploy", "pass"} <= seen[True]
    assert "place" in seen[False]


def test_ending_the_turn_shows_the_next_tile_so_needs_consent() -> None:
    state = engine.new_game("discovery", ["a", "b"], {}, 3)
    place = engine.legal_moves(state)[0]
    placed, events = engine.step(state, place)
    assert engine.undoable(state, place, events)  # the drawn tile was face up already; the follower choice is open
    passing = next(m for m in engine.legal_moves(placed) if m.kind == "pass")
    after, events = engine.step(placed, passing)
    assert any(e["type"] == "draw" for e in events) and after.drawn is not None
    assert not engine.undoable(placed, passing, events)
