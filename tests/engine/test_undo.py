"""Taking a move back, for every registered game: what the bot restores is exactly the state before the move, and a
move that ends the game is never taken back alone (the end shows everything). Which moves a game lets a player take
back alone is that game's own rule: tests/engine/<game>/test_undo.py."""

from __future__ import annotations

import pytest

import engine
from tests.played import played, undone


@pytest.mark.parametrize("game", list(engine.GAMES))
def test_an_undo_restores_the_state_before_the_move(game: str) -> None:
    steps = played(game, engine.info(game).min_players, seed=4, kind="random").steps
    assert steps[-1].after.game_over and not steps[-1].alone, "the last move shows every hidden thing"
    alone = [s for s in steps if s.alone]
    # A replay per move would be slow (each replays the whole log): the first, a few alone and the last move.
    for step in [steps[0], *alone[:: max(1, len(alone) // 3)], steps[-1]]:
        assert engine.state_to_json(undone(step.after)) == engine.state_to_json(step.before), step.move.key
