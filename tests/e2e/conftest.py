"""Fixtures of the end-to-end tests: boards sketched rather than drawn, for the whole games that never look at them."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PIL import Image

import bot.boards


def _placeholder() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (16, 9), "white").save(out, "PNG")
    return out.getvalue()


PLACEHOLDER = _placeholder()


def sketching(draw: Callable[[dict[str, Any], bool, int], bytes | None]) -> Callable[..., bytes | None]:
    """`draw` for a game's first board and its last (game over), a placeholder PNG for every board between."""

    def board_png(view: dict[str, Any], overlay: bool, limit: int) -> bytes | None:
        if view.get("version") == 0 or view.get("game_over"):
            return draw(view, overlay, limit)
        return PLACEHOLDER

    return board_png


@pytest.fixture
def sketched_boards(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The bot uploads a placeholder PNG for every board of a game but its first and its last. Drawing was half the
    CPU of a whole game through the bot (Wüstensöhne: 21 s -> 11 s), and a whole game of every game is still drawn
    board by board through the bot in tests/e2e/test_every_game.py (the render tests draw every kind of view).
    The bot's path is the same: the picture is drawn off the event loop, uploaded, and the turn message edited."""
    monkeypatch.setattr(bot.boards, "board_png", sketching(bot.boards.board_png))
    yield
