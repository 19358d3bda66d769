"""Opening the database: migrations, connection settings, clear errors."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from storage_helpers import T0

from storage import StorageError, Store
from storage.migrations import all_migrations


def test_migrations_are_numbered_without_gaps() -> None:
    versions = [m.version for m in all_migrations()]
    assert versions == list(range(1, len(versions) + 1))


async def test_open_migrates_and_configures(store: Store, db_path: Path) -> None:
    db = store._db
    assert (await (await db.execute("PRAGMA user_version")).fetchone())[0] == len(all_migrations())
    assert (await (await db.execute("PRAGMA journal_mode")).fetchone())[0] == "wal"
    assert (await (await db.execute("PRAGMA foreign_keys")).fetchone())[0] == 1
    assert (await (await db.execute("PRAGMA busy_timeout")).fetchone())[0] >= 1000
    tables = {row[0] for row in await db.execute_fetchall("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"games", "players", "moves", "snapshots"} <= tables
    assert db_path.exists()  # the missing data/ directory was created


async def test_reopen_is_idempotent(db_path: Path) -> None:
    first = await Store.open(db_path)
    game = await first.create_game(1, 5, "entdecker", {"variant": "x"}, 3, 9, T0)
    await first.close()
    for _ in range(2):
        again = await Store.open(db_path)
        assert await again.game(game.id) == game
        await again.close()
    with sqlite3.connect(db_path) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == len(all_migrations())


async def test_newer_schema_is_refused(db_path: Path) -> None:
    await (await Store.open(db_path)).close()
    with sqlite3.connect(db_path) as raw:
        raw.execute("PRAGMA user_version = 999")
    with pytest.raises(StorageError, match="newer"):
        await Store.open(db_path)


async def test_path_below_a_file_raises_storage_error(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("x")
    with pytest.raises(StorageError, match="cannot open database at"):
        await Store.open(blocker / "games.db")


async def test_directory_as_path_raises_storage_error(tmp_path: Path) -> None:
    with pytest.raises(StorageError, match="cannot open database at"):
        await Store.open(tmp_path)


async def test_not_a_database_raises_storage_error(tmp_path: Path) -> None:
    path = tmp_path / "junk.db"
    path.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(StorageError, match="cannot open database at"):
        await Store.open(path)
