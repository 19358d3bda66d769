"""Every registered game has a renderer, and the render core names none of them."""

from __future__ import annotations

import pathlib

import engine
import render

CORE = pathlib.Path(render.__file__).parent


def test_every_registered_game_has_a_renderer() -> None:
    missing = []
    for name in engine.GAMES:
        module = render.painter(name)
        if module is None or not callable(getattr(module, "draw", None)):
            missing.append(name)
    assert not missing, f"no render.<game> package with a callable draw for: {missing} (see docs/render.md)"


def test_the_core_names_no_game() -> None:
    """The core (render/*.py) finds a game's painter by the view's game key only."""
    assert engine.GAMES
    for path in sorted(CORE.glob("*.py")):
        text = path.read_text(encoding="utf-8").lower()
        for name in engine.GAMES:
            assert name.lower() not in text, f"{path.name} names the game {name!r}"
