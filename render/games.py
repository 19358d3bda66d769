"""The games the renderer draws, by name: one line per game's painter (as engine/games.py registers the games).

A game with no painter here is drawn by the plain painter (render/plain.py); `render.register` adds one at run time
(for a game the renderer does not ship, such as a test's toy game)."""

from __future__ import annotations

from typing import Any

from render import desert, discovery, entdecker
from render.painter import Painter

PAINTERS: dict[str, Painter[Any]] = {p.game: p for p in (entdecker.PAINTER, desert.PAINTER, discovery.PAINTER)}
