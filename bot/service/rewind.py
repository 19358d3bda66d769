"""A game's past, from its log (Discord-free): the state after each turn, for `/game board turn:` and `/game replay`.

The engine replays the log (engine.replayed: deterministic, the same states the game went through); "after turn N"
is the state in which turn N + 1 begins (every effect at the end of turn N applied: fill-ins, scoring, income), the
start of the game is "after turn 0", and the final state is after the last turn."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from typing import Any

import engine
from storage import Store

State = Any


def turn_ends(states: Iterable[State]) -> dict[int, State]:
    """Turn number -> the state after that turn (0: the start), from every state of a game in order."""
    ends: dict[int, State] = {}
    previous = None
    for state in states:
        if previous is None:
            ends[0] = state
        elif state.game_over or state.turn != previous.turn:
            ends[previous.turn] = state
        previous = state
    return ends


class Rewind:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def turn_ends(self, game_id: int) -> dict[int, State]:
        """The game's states after each turn so far, replayed in a worker thread (LogCorrupt if the log does not
        replay: a StorageError, answered as the storage's trouble)."""
        saved = await self.store.saved_game(game_id)
        return await asyncio.to_thread(lambda: turn_ends(engine.replayed(saved)))
