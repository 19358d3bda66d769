"""Every registered game has a painter, registered under its name, and the render core names none of them."""

from __future__ import annotations

import pathlib

import engine
import render
from render.games import PAINTERS

CORE = pathlib.Path(render.__file__).parent
REGISTRY = CORE / "games.py"  # the one place that lists the painters, as engine/games.py lists the games


def test_every_registered_game_has_a_painter() -> None:
    missing = [name for name in engine.GAMES if render.painter(name) is None]
    assert not missing, f"no painter in render/games.py for: {missing} (see docs/render.md)"
    assert all(name == p.game for name, p in PAINTERS.items())


def test_the_core_names_no_game() -> None:
    """The core (render/*.py but the registry) finds a game's painter by the view's game key only."""
    assert engine.GAMES
    for path in sorted(set(CORE.glob("*.py")) - {REGISTRY}):
        text = path.read_text(encoding="utf-8").lower()
        for name in engine.GAMES:
            assert name.lower() not in text, f"{path.name} names the game {name!r}"


def test_every_game_folder_uses_the_same_file_names() -> None:
    """colors, tiles, board, overlay, legend, demo: a maintainer finds the same part in the same file."""
    for name in PAINTERS:
        files = {p.name for p in (CORE / name).glob("*.py")}
        assert {"__init__.py", "colors.py", "tiles.py", "board.py", "legend.py", "demo.py"} <= files, name
        assert files <= {
            "__init__.py",
            "colors.py",
            "tiles.py",
            "sprites.py",
            "board.py",
            "overlay.py",
            "legend.py",
            "demo.py",
        }, name
