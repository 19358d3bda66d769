"""The games the engine knows, by name. Carcassonne: The Discovery and Im Reich der Wüstensöhne join here."""

from __future__ import annotations

from types import ModuleType

from engine import entdecker
from engine.errors import IllegalMove

GAMES: dict[str, ModuleType] = {entdecker.GAME: entdecker}


def game_module(name: str) -> ModuleType:
    try:
        return GAMES[name]
    except KeyError:
        raise IllegalMove(f"Unknown game {name!r}; known games: {', '.join(GAMES)}.") from None
