"""Fixtures shared by every test folder: the throwaway PostgreSQL server (started once, on first use); the order in
which the tests run (the longest first)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

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
    if config.pluginmanager.hasplugin("xdist"):  # its hook is unknown to a run with -p no:xdist
        config.pluginmanager.register(WholeFiles(), "whole-files")


class WholeFiles:
    @pytest.hookimpl(tryfirst=True)
    def pytest_xdist_make_scheduler(self, config: pytest.Config, log: Any) -> Any:
        """A run over folders under xdist's default (`-n` alone): whole files to a worker, the heaviest files first
        (their order below), one file at a time as a worker runs low. Per test, as `load` hands them out, a file's
        shared set-up (its cached self-play games, rendered boards, played-out games) was paid on both workers, and a
        quarter of each worker's share went out at once, so one could be left alone with long tests at the end."""
        if config.getvalue("dist") != "load" or not any(Path(arg.split("::")[0]).is_dir() for arg in config.args):
            return None  # a run of named files or tests: xdist's own scheduling
        from xdist.scheduler import LoadFileScheduling  # type: ignore[import-untyped]

        config.option.loadscopereorder = False  # the order is the collection's, heaviest file first
        return LoadFileScheduling(config, log)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Files holding the tests tests/slowest.txt names first, the heaviest first (by those tests' seconds); the tests
    of a file keep their order, and files without a listed test keep theirs after them."""
    listed = (line.split(maxsplit=1) for line in SLOWEST.read_text().splitlines() if not line.startswith("#"))
    weight: dict[str, float] = {}
    for took, node_id in listed:
        file = node_id.strip().split("::")[0]
        weight[file] = weight.get(file, 0.0) + float(took)
    items.sort(key=lambda item: -weight.get(item.nodeid.split("::")[0], 0.0))
