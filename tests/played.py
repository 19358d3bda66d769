"""Seeded games played out by AIs once per test process and shared by every test file that walks over one: the same
self-play was played again in several files, each choosing every move with the AI again (The Discovery's heuristic
takes about 4 s of CPU a game; its random AI a twentieth of that).

`played(game, players, seed, kind)` is the game whose seats to act are played by `kind` (a tuple: move i by kind[i %
len]), from the new game to its end or to `moves` moves; `players` is a seat count (seats "P1", "P2", ...) or the
names themselves. The moves of a (game, seat count, seed, options, AI, length) are chosen once; other names replay
them (no AI reads a name). What it returns is shared: a test reads its states, steps and events and never changes
them (a test that changes a state copies it first: `engine.state_from_json(engine.state_to_json(s))`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
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


@dataclass(frozen=True, eq=False)
class Played:
    steps: tuple[Step, ...]
    states: tuple[Any, ...]  # the new game first, the last move's after last

    @property
    def last(self) -> Any:
        return self.states[-1]


Options = tuple[tuple[str, Any], ...]
_MOVES: dict[tuple[Any, ...], tuple[Move, ...]] = {}


def played(
    game: str,
    players: int | Sequence[str],
    seed: int,
    kind: str | tuple[str, ...] = "heuristic",
    options: dict[str, Any] | None = None,
    moves: int = 5000,
) -> Played:
    names = tuple(f"P{i + 1}" for i in range(players)) if isinstance(players, int) else tuple(players)
    kinds = (kind,) if isinstance(kind, str) else tuple(kind)
    return _played(game, seed, names, kinds, tuple(sorted((options or {}).items())), moves)


@cache
def _played(
    game: str, seed: int, names: tuple[str, ...], kinds: tuple[str, ...], options: Options, moves: int
) -> Played:
    key = (game, seed, len(names), kinds, options, moves)
    known = _MOVES.get(key)
    state = engine.new_game(game, list(names), dict(options), seed)
    states, steps = [state], []
    while len(steps) < (moves if known is None else len(known)) and not state.game_over:
        move = engine.ai_move(state, kinds[len(steps) % len(kinds)]) if known is None else known[len(steps)]
        after, events = engine.step(state, move)
        steps.append(Step(state, move, after, events))
        states.append(after)
        state = after
    _MOVES[key] = tuple(s.move for s in steps)
    return Played(tuple(steps), tuple(states))


def undone(after: Any) -> Any:
    """The state the bot restores on an undo: the game replayed without its last move."""
    saved = engine.saved_game(after)
    saved["moves"] = saved["moves"][:-1]
    return engine.replay(saved)


def selfplay_states(
    seed: int, players: int = 3, options: dict[str, Any] | None = None, game: str | None = None
) -> tuple[Any, ...]:
    """render.selfplay.selfplay_states, kept for the run: the same game (its seat names, the game's default AI)."""
    from render.selfplay import NAMES, default_game

    game = game or default_game()
    return played(game, NAMES[:players], seed, engine.info(game).default_ai, options).states
