"""Fixtures for the storage tests: every test that takes `store` or `db_url` runs once per backend
(a fresh SQLite file, and a fresh schema on the throwaway PostgreSQL server)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from storage import AnyStore, open_store

BACKENDS = ("sqlite", "postgres")


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "games.db"


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
async def db_url(backend: str, db_path: Path, request: pytest.FixtureRequest) -> str:
    """The ENTDECKER_DB setting of a fresh database of this backend."""
    if backend == "sqlite":
        return str(db_path)
    # Looked up only here, so that SQLite tests never start (or skip for want of) the PostgreSQL server.
    return await request.getfixturevalue("pg_server").new_schema()


@pytest.fixture
async def store(db_url: str) -> AsyncIterator[AnyStore]:
    s = await open_store(db_url)
    yield s
    await s.close()
