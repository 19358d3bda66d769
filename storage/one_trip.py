"""A write transaction of several statements run whole on the database thread: one trip instead of one per statement.

The store's transaction bodies are written against aiosqlite (`await db.execute(...)`, `await
db.execute_fetchall(...)`). Each such await is a trip to the connection's thread and back through the event loop;
under load every trip waits behind the statements other channels queued (tens of ms each), and the transaction holds
the writer lock the whole time, so a burst of lobby commands queued behind each other for seconds (docs/bench.md).

`run` takes the same body, hands it `Inline` (the two calls done at once on the plain sqlite3 connection), and drives
the coroutine to its end on the database thread: it never suspends, since nothing in it waits for anything but
SQLite. A body that does await something else is a programming error, reported as such.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")


class Inline:
    """What a transaction body calls on its connection, done synchronously on the database thread."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Cursor:
        return self._conn.execute(sql, params)

    async def execute_fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return self._conn.execute(sql, params).fetchall()


def handles(db: Any) -> tuple[Callable[..., Awaitable[Any]], sqlite3.Connection] | None:
    """(aiosqlite's call that runs a function on its thread, its sqlite3 connection), or None if this aiosqlite has
    no such internals (no public call does this); the store then falls back to a transaction of several trips."""
    execute, conn = getattr(db, "_execute", None), getattr(db, "_connection", None)
    if not callable(execute) or not isinstance(conn, sqlite3.Connection):
        return None
    return execute, conn


def run(conn: sqlite3.Connection, body: Callable[[Any], Awaitable[T]]) -> T:
    """BEGIN IMMEDIATE, the body, COMMIT (ROLLBACK if it raised), all on the calling (database) thread."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        result = _finish(body(Inline(conn)))
    except BaseException:
        if conn.in_transaction:  # SQLite ends the transaction itself on some errors
            conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")
    return result


def _finish(awaitable: Awaitable[T]) -> T:
    coro = awaitable.__await__()
    try:
        coro.send(None)
    except StopIteration as done:
        return done.value  # type: ignore[no-any-return]
    coro.close()
    raise RuntimeError("a one-trip transaction body waited for something other than the database")
