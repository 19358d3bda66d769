"""Boards sketched rather than drawn, for whole games through the bot that never look at the pictures between the
first and the last: drawing was half the CPU of such a game (Wüstensöhne's, by its commands: 21 s -> 11 s). Every
board of a whole game of each game is still drawn through the bot (tests/e2e/test_every_game.py), and the render
tests draw every kind of view. The bot's path is unchanged: the picture is made off the event loop, uploaded, and
the turn message edited."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

from PIL import Image

import bot.boards

Draw = Callable[[dict[str, Any], bool, int], bytes | None]


def _placeholder() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (16, 9), "white").save(out, "PNG")
    return out.getvalue()


PLACEHOLDER = _placeholder()


def sketching(draw: Draw) -> Draw:
    """`draw` for a game's first board and its last (game over), a placeholder PNG for every board between."""

    def board_png(view: dict[str, Any], overlay: bool, limit: int) -> bytes | None:
        if view.get("version") == 0 or view.get("game_over"):
            return draw(view, overlay, limit)
        return PLACEHOLDER

    return board_png


def sketch_boards() -> Draw:
    """From now on this process's bot sketches its boards (drawn in threads: a worker process draws its own);
    returns the drawing it replaced."""
    drawn = bot.boards.board_png
    bot.boards.board_png = sketching(drawn)  # a module attribute the bot looks up at each draw
    return drawn
