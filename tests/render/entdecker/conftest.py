from __future__ import annotations

from functools import lru_cache

import pytest

engine = pytest.importorskip("engine")

from tests.played import selfplay_states  # noqa: E402


@lru_cache(maxsize=16)
def game(seed: int, players: int = 3, personal: bool = False) -> tuple:
    return tuple(selfplay_states(seed, players, {"personal_tiles": True} if personal else None))


def view_at(seed: int, index: int, players: int = 3, viewer: int | None = None, personal: bool = False) -> dict:
    states = game(seed, players, personal)
    return engine.view(states[min(index, len(states) - 1)], viewer)


def first_view(seed: int, pred, players: int = 3, viewer: int | None = None, personal: bool = False) -> dict:
    for s in game(seed, players, personal):
        v = engine.view(s, viewer)
        if pred(v):
            return v
    raise LookupError("no such view in this game")
