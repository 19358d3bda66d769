"""Fixtures of the end-to-end tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import bot.boards

from .sketch import sketching


@pytest.fixture
def sketched_boards(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The bot uploads a placeholder PNG for every board of a game but its first and its last (tests/e2e/sketch.py
    says why that tests no less)."""
    monkeypatch.setattr(bot.boards, "board_png", sketching(bot.boards.board_png))
    yield
