"""storage/one_trip.py: a write transaction of several statements run whole on the database thread."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest
from storage_helpers import T0

from storage import GameFull, Store, one_trip


def _conn() -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:", isolation_level=None)
    conn.execute("CREATE TABLE t (x INTEGER PRIMARY KEY)")
    return conn


def test_a_body_runs_whole_and_commits() -> None:
    conn = _conn()

    async def body(db: one_trip.Inline) -> int:
        await db.execute("INSERT INTO t VALUES (1)")
        await db.execute("INSERT INTO t VALUES (2)")
        return len(await db.execute_fetchall("SELECT x FROM t"))

    assert one_trip.run(conn, body) == 2
    assert not conn.in_transaction
    assert conn.execute("SELECT COUNT(*) FROM t").fetchone()[0] == 2


def test_a_body_that_raises_leaves_nothing_behind() -> None:
    conn = _conn()

    async def body(db: one_trip.Inline) -> None:
        await db.execute("INSERT INTO t VALUES (1)")
        await db.execute("INSERT INTO t VALUES (1)")  # the primary key refuses it

    with pytest.raises(sqlite3.IntegrityError):
        one_trip.run(conn, body)
    assert not conn.in_transaction
    assert conn.execute("SELECT COUNT(*) FROM t").fetchone()[0] == 0


def test_a_body_that_waits_for_something_else_is_refused_and_rolled_back() -> None:
    conn = _conn()

    async def body(db: one_trip.Inline) -> None:
        await db.execute("INSERT INTO t VALUES (1)")
        await asyncio.sleep(0)  # would need the event loop, which is not on this thread

    with pytest.raises(RuntimeError, match="one-trip"):
        one_trip.run(conn, body)
    assert conn.execute("SELECT COUNT(*) FROM t").fetchone()[0] == 0


async def test_a_burst_of_lobbies_while_moves_and_a_long_transaction_are_under_way(tmp_path: Path) -> None:
    """Many channels' lobby commands at once, mixed with a transaction of several trips holding the writer lock:
    every one lands exactly once, seats stay contiguous, a full table refuses the extra player."""
    store = await Store.open(tmp_path / "burst.db")
    try:
        games = await asyncio.gather(*(store.create_game(1, 1000 + i, "entdecker", {}, i, 10, T0) for i in range(40)))

        async def held_transaction() -> None:
            async with store._write() as db:  # several trips under the lock
                await db.execute("SELECT 1")
                await asyncio.sleep(0.01)
                await db.execute("SELECT 1")

        joins = [store.join(g.id, 20 + k, f"p{k}", max_seats=3, now=T0) for g in games for k in range(4)]
        results = await asyncio.gather(held_transaction(), *joins, return_exceptions=True)
        full = [r for r in results if isinstance(r, GameFull)]
        others = [r for r in results if isinstance(r, BaseException) and not isinstance(r, GameFull)]
        assert not others, others
        assert len(full) == 40  # the fourth joiner of each table
        for g in games:
            seats = [p.seat for p in await store.players(g.id)]
            assert seats == [0, 1, 2]
    finally:
        await store.close()


async def test_without_aiosqlite_internals_the_lobby_still_works(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(one_trip, "handles", lambda db: None)
    store = await Store.open(tmp_path / "plain.db")
    try:
        game = await store.create_game(1, 5, "entdecker", {}, 1, 10, T0, host_name="Ann")
        await store.join(game.id, 11, "Bob", max_seats=2, now=T0)
        with pytest.raises(GameFull):
            await store.join(game.id, 12, "Cem", max_seats=2, now=T0)
        assert [p.display_name for p in await store.players(game.id)] == ["Ann", "Bob"]
    finally:
        await store.close()


def test_this_aiosqlite_has_the_internals(tmp_path: Path) -> None:
    async def check() -> None:
        store = await Store.open(tmp_path / "x.db")
        try:
            assert one_trip.handles(store._db) is not None  # else the one-trip path is silently off
        finally:
            await store.close()

    asyncio.run(check())
