"""Fixtures shared by every test folder: the throwaway PostgreSQL server (started once, on first use)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.pgserver import PgServer, find_bin_dir


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    """One PostgreSQL server for the whole session; tests take a fresh database from it (pg_url)."""
    bin_dir = find_bin_dir()
    if bin_dir is None:
        pytest.skip(
            "PostgreSQL tests skipped: no server binaries (initdb, pg_ctl) in /usr/lib/postgresql/*/bin, on PATH"
            " or in $ENTDECKER_PG_BIN; install the postgresql package to run them"
        )
    server = PgServer.start(bin_dir)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
async def pg_url(pg_server: PgServer) -> str:
    """A fresh, empty PostgreSQL schema for one test (see PgServer.new_schema)."""
    return await pg_server.new_schema()
