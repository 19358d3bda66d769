"""Fixtures shared by every test folder: the throwaway PostgreSQL server (started once, on first use); the order in
which the tests run (the longest first)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.pgserver import PgServer, find_bin_dir

SLOWEST = Path(__file__).with_name("slowest.txt")


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


def pytest_configure(config: pytest.Config) -> None:
    # xdist's load scheduling hands each worker a quarter of its share at once, in collection order, so a worker could
    # be left with long tests while the other one idles; two at a time, with the longest first (below), it is fed as
    # it goes and the run ends with short tests on both.
    if getattr(config.option, "maxschedchunk", 0) is None:
        config.option.maxschedchunk = 2


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests tests/slowest.txt names first, longest first; the others after them in collection order."""
    listed = (line.split(maxsplit=1) for line in SLOWEST.read_text().splitlines() if not line.startswith("#"))
    seconds = {node_id.strip(): float(took) for took, node_id in listed}
    items.sort(key=lambda item: -seconds.get(item.nodeid, 0.0))
