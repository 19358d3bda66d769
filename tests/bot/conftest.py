"""Shared fixtures for GameService tests: a service on a fresh database with a clock the test moves."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import GameService
from bot.settings import Settings
from storage import Store


class Clock:
    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def svc(tmp_path: Path) -> AsyncIterator[GameService]:
    store = await Store.open(tmp_path / "t.db")
    service = GameService(store, Settings(db_path=str(tmp_path / "t.db"), ai_delay=0), Clock())
    yield service
    await service.store.close()  # a test may have swapped in a new store (a restart); the old one is closed
