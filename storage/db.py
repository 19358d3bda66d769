"""Opening the SQLite file: connection settings and migrations."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import threading
from pathlib import Path

import aiosqlite

from .errors import DatabaseDamaged, StorageError
from .migrations import all_migrations

BUSY_TIMEOUT_MS = 5000
# The page size of new database files. Every move writes whole pages to the WAL (its log leaf, its games row, now
# and then a snapshot), so halving SQLite's default of 4096 halves the bytes a move writes; the cost is more pages
# for PRAGMA quick_check to read at start-up (docs/bench.md). Existing files keep theirs.
PAGE_SIZE = 2048


async def connect(path: str | Path, *, migrate_schema: bool = True) -> aiosqlite.Connection:
    """An open, configured and migrated connection; StorageError with the reason if that fails."""
    memory = str(path) == ":memory:"
    db: aiosqlite.Connection | None = None
    try:
        if not memory:
            # A fresh deployment's data directory need not exist yet.
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        # isolation_level=None: no implicit transactions; Store issues BEGIN/COMMIT itself so that
        # every accepted move is exactly one transaction.
        db = await _open(str(path))
        db.row_factory = sqlite3.Row
        await db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        await db.execute("PRAGMA foreign_keys = ON")
        if migrate_schema and not memory and _is_new(path):
            # Only a new file takes a page size (in WAL mode it is fixed once the file exists): see PAGE_SIZE.
            await db.execute(f"PRAGMA page_size = {PAGE_SIZE}")
        mode = await _journal_mode_wal(db)
        if not memory and str(mode).lower() != "wal":
            raise StorageError(f"cannot open database at {path}: WAL journal mode unavailable ({mode})")
        # In WAL, FULL costs one fsync per commit (nothing at Discord's pace) and makes an accepted
        # move survive a power loss, not only a process kill.
        await db.execute("PRAGMA synchronous = FULL")
        if migrate_schema:
            if not memory:
                await check_integrity(db, path)
            await migrate(db)
            # Touch the file for writing now: a read-only file must fail here, not on the first move.
            await db.execute("BEGIN IMMEDIATE")
            await db.execute("COMMIT")
    except StorageError:
        await _close_quietly(db)
        raise
    except (sqlite3.Error, OSError) as exc:
        await _close_quietly(db)
        raise StorageError(f"cannot open database at {path}: {exc}") from exc
    return db


WAL_ATTEMPTS = 100  # x WAL_PAUSE: how long to wait for another connection switching a new file to WAL
WAL_PAUSE = 0.05


async def _journal_mode_wal(db: aiosqlite.Connection) -> object:
    """PRAGMA journal_mode = WAL. Switching a new file's journal mode needs a lock that SQLite's busy timeout
    does not wait for: two connections opening a fresh file at once get "database is locked" at once. Retry."""
    for _ in range(WAL_ATTEMPTS - 1):
        try:
            return await _scalar(db, "PRAGMA journal_mode = WAL")
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) and "busy" not in str(exc):
                raise
            await asyncio.sleep(WAL_PAUSE)
    return await _scalar(db, "PRAGMA journal_mode = WAL")


def _is_new(path: str | Path) -> bool:
    try:
        return Path(path).stat().st_size == 0
    except FileNotFoundError:
        return True


async def check_integrity(db: aiosqlite.Connection, path: str | Path) -> None:
    """DatabaseDamaged unless PRAGMA quick_check finds the file sound (it reads every page once but skips the
    index-content cross-checks of integrity_check: ~0.1 s per 100 MB)."""
    try:
        async with db.execute("PRAGMA quick_check(5)") as cursor:
            problems = [str(row[0]) for row in await cursor.fetchall()]
    except sqlite3.DatabaseError as exc:  # damage bad enough that the check itself cannot run
        raise DatabaseDamaged(path, str(exc)) from exc
    if problems != ["ok"]:
        raise DatabaseDamaged(path, "; ".join(problems))


async def _open(path: str) -> aiosqlite.Connection:
    """aiosqlite.connect, which, when the file cannot be opened, queues the stop of its worker thread and returns
    without waiting for it. The thread then reports the stop to the event loop; if the loop has closed by then (a
    program that ends on this error, a test) that is a "RuntimeError: Event loop is closed" traceback from the
    thread. So on failure wait here until the thread has finished."""
    pending = aiosqlite.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
    try:
        return await pending
    except BaseException:
        thread = getattr(pending, "_thread", pending)  # aiosqlite >= 0.20 holds it; older ones are the thread
        if isinstance(thread, threading.Thread) and thread.is_alive():
            await asyncio.to_thread(thread.join, 5.0)
        raise


async def migrate(db: aiosqlite.Connection) -> int:
    """Apply the migrations newer than PRAGMA user_version; returns the schema version reached."""
    migrations = all_migrations()
    latest = migrations[-1].version if migrations else 0
    for migration in migrations:
        # Re-read the version inside the write lock each time: another process may be migrating too.
        await db.execute("BEGIN IMMEDIATE")
        rewrote = False
        try:
            current = int(await _scalar(db, "PRAGMA user_version"))
            if current > latest:
                raise StorageError(f"database schema version {current} is newer than this program knows ({latest})")
            if current < migration.version:
                for statement in migration.statements:
                    await db.execute(statement)
                if migration.steps:
                    from .store import MIGRATION_STEPS  # store imports this module

                    for step in migration.steps:
                        await MIGRATION_STEPS[step](db)
                    rewrote = True
                # user_version is in the file header and so part of this transaction.
                await db.execute(f"PRAGMA user_version = {migration.version}")
            await db.execute("COMMIT")
        except BaseException:
            await db.execute("ROLLBACK")
            raise
        if rewrote:
            # A data step rewrites much of the file in one transaction: copy the WAL back now and cut it to nothing
            # rather than leave a WAL the size of that transaction on disk.
            await db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return int(await _scalar(db, "PRAGMA user_version"))


async def _scalar(db: aiosqlite.Connection, sql: str) -> object:
    async with db.execute(sql) as cursor:
        row = await cursor.fetchone()
    return row[0] if row is not None else None


async def _close_quietly(db: aiosqlite.Connection | None) -> None:
    if db is None:
        return
    # Already failing: the original error is the one worth reporting.
    with contextlib.suppress(Exception):
        await db.close()
