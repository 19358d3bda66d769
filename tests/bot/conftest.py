"""Shared fixtures for the service tests: a service on a fresh database with a clock the test moves."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import Services, build_services
from bot.settings import Settings
from storage import Store


class Clock:
    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def svc(tmp_path: Path) -> AsyncIterator[Services]:
    store = await Store.open(tmp_path / "t.db")
    services = build_services(store, Settings(db_path=str(tmp_path / "t.db"), ai_delay=0), Clock())
    yield services
    await services.store.close()
