"""Faults made by real means (issue 19 items 8 and 9): a full disk, a file made read-only mid-game, a lost
connection, a changed byte in a live log. Storage raises its own errors (never a sqlite3 or asyncpg one), says that
nothing was changed, and never replays or rewrites a log that disagrees with its digest."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import pytest
from storage_helpers import T0, play, raw_sql, record_all, started_game, user_of

from storage import LogCorrupt, StorageFull, StorageReadOnly, StorageUnavailable, Store
from storage.postgres_driver import storage_error


@contextlib.contextmanager
def tiny_filesystem(where: Path, size: str = "1m") -> Iterator[Path]:
    """A tmpfs of `size` mounted at `where` (root only; the test skips saying why otherwise)."""
    where.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tiny tmpfs to fill (needs root): {done.stderr.decode().strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def fill(directory: Path) -> Path:
    """Write a file until the filesystem is full; returns it (delete it to free the space)."""
    filler = directory / "filler"
    with contextlib.suppress(OSError), filler.open("wb") as out:
        while True:
            out.write(b"\0" * 4096)
            out.flush()
            os.fsync(out.fileno())
    return filler


async def test_a_full_disk_mid_game_is_storage_full_and_changes_nothing(tmp_path: Path) -> None:
    with tiny_filesystem(tmp_path / "tiny") as tiny:
        store = await Store.open(tiny / "games.db")
        try:
            game, state = await started_game(store, seed=31)
            filler = fill(tiny)
            refused = None
            for move, new_state, events in play(state, 200):
                try:
                    await store.append_move(game.id, state.version, move, new_state, events, user_of(move), T0 + 1)
                except StorageFull as exc:
                    refused = exc
                    break
                state = new_state
            assert refused is not None, "the disk never filled"
            assert "disk is full; nothing was changed" in str(refused)
            filler.unlink()
            # Nothing of the refused move was kept: the same move is accepted at the same version once there is space.
            assert (await store.game(game.id)).version == state.version
            await store.append_move(game.id, state.version, move, new_state, events, user_of(move), T0 + 2)
            assert (await store.game(game.id)).version == new_state.version
        finally:
            await store.close()


async def test_a_file_made_read_only_mid_game_is_storage_read_only(db_path: Path) -> None:
    """`chattr +i`, since chmod does not stop root (CI runs as root)."""
    if shutil.which("chattr") is None:
        pytest.skip("chattr is not installed: cannot make the file read-only for root")
    store = await Store.open(db_path)
    files = [str(db_path), f"{db_path}-wal"]
    try:
        game, state = await started_game(store, seed=32)
        state, _ = await record_all(store, game.id, state, 3)
        done = subprocess.run(["chattr", "+i", *files], capture_output=True)
        if done.returncode != 0:
            pytest.skip(f"this filesystem has no immutable flag: {done.stderr.decode().strip()}")
        try:
            [(move, new_state, events)] = play(state, 1)
            with pytest.raises(StorageReadOnly, match="read-only; nothing was changed"):
                await store.append_move(game.id, state.version, move, new_state, events, user_of(move), T0 + 9)
            with pytest.raises(StorageReadOnly):
                await store.abandon_game(game.id, T0 + 9)
        finally:
            subprocess.run(["chattr", "-i", *files], check=True)
        assert (await store.game(game.id)).status == "active"
        await store.append_move(game.id, state.version, move, new_state, events, user_of(move), T0 + 10)
    finally:
        await store.close()


def test_postgres_errors_become_storage_errors() -> None:
    """The server's own refusals, as asyncpg raises them, reach callers as storage's errors."""
    assert isinstance(storage_error(asyncpg.exceptions.DiskFullError("no space")), StorageFull)
    assert isinstance(storage_error(asyncpg.exceptions.ReadOnlySQLTransactionError("read only")), StorageReadOnly)
    assert isinstance(storage_error(asyncpg.exceptions.ConnectionDoesNotExistError("gone")), StorageUnavailable)
    assert isinstance(storage_error(ConnectionResetError("reset")), StorageUnavailable)


async def test_a_changed_byte_in_a_live_log_file_is_refused_and_kept(db_path: Path) -> None:
    """One byte of a stored move changed in the database file itself (the bot stopped), as a disk or a hand might."""
    store = await Store.open(db_path)
    game, state = await started_game(store, seed=34)
    await record_all(store, game.id, state, 12)
    moves = [row[0] for row in await raw_sql(store, "SELECT move FROM moves WHERE game_id = ?", (game.id,))]
    digest = await raw_sql(store, "SELECT log_digest FROM games WHERE id = ?", (game.id,))
    await store.close()  # the WAL is copied back into the file and removed
    raw = bytearray(db_path.read_bytes())
    unique = next(m for m in moves if raw.count(m.encode()) == 1 and any(c.isdigit() for c in m))
    at = raw.index(unique.encode()) + next(i for i, c in enumerate(unique) if c.isdigit())
    raw[at] = ord("1") if raw[at] != ord("1") else ord("2")
    db_path.write_bytes(bytes(raw))

    store = await Store.open(db_path)
    try:
        for load in (store.load_state, store.rebuild_state):
            with pytest.raises(LogCorrupt, match="kept as stored"):
                await load(game.id)
        after = [row[0] for row in await raw_sql(store, "SELECT move FROM moves WHERE game_id = ?", (game.id,))]
        assert after != moves and len(after) == len(moves)  # the changed byte is there, as it was left
        assert sum(a != b for a, b in zip(after, moves, strict=True)) == 1
        assert await raw_sql(store, "SELECT log_digest FROM games WHERE id = ?", (game.id,)) == digest
    finally:
        await store.close()


async def test_a_changed_byte_in_a_live_log_row_is_refused_and_kept(store: Store) -> None:
    game, state = await started_game(store, seed=35)
    await record_all(store, game.id, state, 5)
    [move] = [r[0] for r in await raw_sql(store, "SELECT move FROM moves WHERE game_id = ? AND seq = 5", (game.id,))]
    at = next(i for i, c in enumerate(move) if c.isdigit())
    forged = move[:at] + ("2" if move[at] == "1" else "1") + move[at + 1 :]
    # The log is append-only (a trigger refuses UPDATE): the row is replaced as a hand with SQL access would.
    await raw_sql(store, "DELETE FROM moves WHERE game_id = ? AND seq = 5", (game.id,))
    await raw_sql(
        store,
        "INSERT INTO moves (game_id, seq, move, events, user_id, created_at) VALUES (?, 5, ?, '[]', NULL, 0)",
        (game.id, forged),
    )
    digest = await raw_sql(store, "SELECT log_digest FROM games WHERE id = ?", (game.id,))
    for load in (store.load_state, store.rebuild_state):
        with pytest.raises(LogCorrupt):
            await load(game.id)
    rows = await raw_sql(store, "SELECT move FROM moves WHERE game_id = ? AND seq = 5", (game.id,))
    assert [row[0] for row in rows] == [forged]
    assert await raw_sql(store, "SELECT log_digest FROM games WHERE id = ?", (game.id,)) == digest
