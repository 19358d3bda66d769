"""The games the engine knows, by name: one line per game package (see engine/api.py for what a package provides)."""

from __future__ import annotations

from types import ModuleType

from engine import desert, discovery, entdecker
from engine.api import RULES_NAMES
from engine.errors import IllegalMove

GAMES: dict[str, ModuleType] = {module.INFO.name: module for module in (entdecker, desert, discovery)}

for _module in GAMES.values():
    _missing = [name for name in RULES_NAMES if not hasattr(_module, name)]
    if _missing:
        raise ImportError(f"game package {_module.__name__} lacks {', '.join(_missing)} (see engine/api.py)")


def game_module(name: str) -> ModuleType:
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        titles = ", ".join(f"{m.INFO.title} ({n})" for n, m in GAMES.items())
        raise IllegalMove(f"There is no game {name!r}; the games are: {titles}.") from None
