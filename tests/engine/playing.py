"""A game played to the end (or for a number of moves) by AIs, step by step: what the every-game tests and several
per-game tests walk over."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import engine
from engine.core.moves import Move


@dataclass(frozen=True)
class Step:
    before: Any
    move: Move
    after: Any
    events: list[dict[str, Any]]

    @property
    def alone(self) -> bool:
        """Whether the mover may take this move back without the others' consent (engine.undoable)."""
        return engine.undoable(self.before, self.move, self.events)


def steps(
    game: str,
    players: int,
    seed: int,
    kind: str | tuple[str, ...] = "heuristic",
    options: dict[str, Any] | None = None,
    moves: int = 5000,
) -> Iterator[Step]:
    """Every move of a game whose seats to act are played by `kind` (a tuple: move i by kind[i % len])."""
    kinds = (kind,) if isinstance(kind, str) else kind
    state = engine.new_game(game, [f"P{i + 1}" for i in range(players)], options, seed)
    for i in range(moves):
        if state.game_over:
            return
        move = engine.ai_move(state, kinds[i % len(kinds)])
        after, events = engine.step(state, move)
        yield Step(state, move, after, events)
        state = after


def undone(after: Any) -> Any:
    """The state the bot restores on an undo: the game replayed without its last move."""
    saved = engine.saved_game(after)
    saved["moves"] = saved["moves"][:-1]
    return engine.replay(saved)
