"""The games the engine knows, by name: one line per game package (each builds its `engine.api.Game` as `GAME`).

A test may add a game that lives outside engine/ for a while (`with registered(game): ...`, or `register` and
`unregister`); everything that asks the facade (engine.games(), engine.new_game, the bot's catalog when it is built)
then sees it like any other.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from engine import desert, discovery, entdecker
from engine.api import Game
from engine.errors import IllegalMove

GAMES: dict[str, Game[Any]] = {}


def register(game: Game[Any]) -> None:
    """Add a game to the registry (ValueError if one of that name is there already)."""
    if game.name in GAMES:
        raise ValueError(f"a game named {game.name!r} is registered already")
    GAMES[game.name] = game


def unregister(name: str) -> None:
    GAMES.pop(name, None)


@contextmanager
def registered(game: Game[Any]) -> Iterator[Game[Any]]:
    """The game is registered inside the block and gone after it."""
    register(game)
    try:
        yield game
    finally:
        unregister(game.name)


register(entdecker.GAME)
register(desert.GAME)
register(discovery.GAME)


def game_of(name: object) -> Game[Any]:
    """The registered game of that name, else IllegalMove listing the games."""
    game = GAMES.get(name) if isinstance(name, str) else None
    if game is None:
        titles = ", ".join(f"{g.info.title} ({n})" for n, g in GAMES.items())
        raise IllegalMove(f"There is no game {name!r}; the games are: {titles}.")
    return game
