"""A database that cannot be opened leaves no worker thread that later reports to a closed event loop
("RuntimeError: Event loop is closed" from a thread, at the end of a test run or of a failed start)."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from storage import StorageError, Store


@pytest.mark.parametrize("kind", ["directory", "junk"])
def test_a_failed_open_leaves_nothing_for_a_closed_loop(tmp_path: Path, kind: str) -> None:
    path = tmp_path
    if kind == "junk":
        path = tmp_path / "junk.db"
        path.write_bytes(b"this is not sqlite" * 100)
    errors: list[BaseException | None] = []
    previous = threading.excepthook

    def record(args: Any) -> None:
        errors.append(args.exc_value)

    threading.excepthook = record
    try:
        for _ in range(20):  # each open in its own event loop, closed right after the failure
            with pytest.raises(StorageError):
                asyncio.run(Store.open(path))
        time.sleep(0.3)  # time for any worker thread left behind to run into the closed loop
    finally:
        threading.excepthook = previous
    assert errors == []
