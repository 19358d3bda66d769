"""A database that cannot be opened leaves no aiosqlite worker thread behind: such a thread would later report to a
closed event loop ("RuntimeError: Event loop is closed" in a thread, at the end of a test run or a failed start)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from storage import StorageError, Store


def workers() -> set[threading.Thread]:
    return {t for t in threading.enumerate() if "_connection_worker_thread" in t.name and t.is_alive()}


@pytest.mark.parametrize("kind", ["directory", "junk"])
async def test_a_failed_open_leaves_no_worker_thread(tmp_path: Path, kind: str) -> None:
    path = tmp_path
    if kind == "junk":
        path = tmp_path / "junk.db"
        path.write_bytes(b"this is not sqlite" * 100)
    before = workers()
    with pytest.raises(StorageError):
        await Store.open(path)
    assert workers() - before == set()
