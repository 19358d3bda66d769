"""The SQLite driver: one file, three sqlite3 connections, each on a thread of its own.

Every call is one trip to its connection's thread: a transaction's whole body (storage/driver.py) runs there
synchronously, between BEGIN and COMMIT, since nothing in it waits for anything but SQLite (the body's awaits on the
connection return at once). So no statement of another coroutine can come between, no asyncio lock is held across
trips, and a burst of lobby commands does not queue behind each other's round trips (docs/bench.md). The threads are
this module's own (a one-worker executor per connection), which is what aiosqlite does too, but aiosqlite offers no
public way to run a function on its thread, and this needs nothing else of it.

The writer, a reader (WAL lets reads of boards, status and autocomplete run beside a move being written) and a
lister (the periodic passes over all games, so a channel's reads never wait behind them). `:memory:` uses the one
connection for all three (another connection would see another, empty database).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from .driver import Body, Params, Row, T, migrate
from .errors import Conflict, DatabaseDamaged, StorageError, StorageFull, StorageReadOnly, StorageUnavailable
from .file_watch import FileWatch
from .files import ProcessLock, check_not_missing, check_writable
from .migrations.steps import STEPS

BUSY_TIMEOUT_MS = 5000
# The page size of new database files. Every move writes whole pages to the WAL (its log leaf, its games row, now
# and then a snapshot), so halving SQLite's default of 4096 halves the bytes a move writes; the cost is more pages
# for PRAGMA quick_check to read at start-up (docs/bench.md). Existing files keep theirs.
PAGE_SIZE = 2048
WAL_ATTEMPTS = 100  # x WAL_PAUSE: how long to wait for another connection switching a new file to WAL
WAL_PAUSE = 0.05
_FULL = {"SQLITE_FULL"}
_READ_ONLY = ("SQLITE_READONLY", "SQLITE_PERM", "SQLITE_AUTH")
_UNAVAILABLE = ("SQLITE_IOERR", "SQLITE_CANTOPEN", "SQLITE_BUSY", "SQLITE_LOCKED", "SQLITE_PROTOCOL")


@contextlib.contextmanager
def _mapped() -> Iterator[None]:
    """sqlite3's errors as storage's own (see storage/errors.py)."""
    try:
        yield
    except sqlite3.IntegrityError as exc:
        raise Conflict(str(exc)) from exc
    except sqlite3.Error as exc:
        name = str(getattr(exc, "sqlite_errorname", ""))
        if name in _FULL:
            raise StorageFull(str(exc)) from exc
        if name.startswith(_READ_ONLY):
            raise StorageReadOnly(str(exc)) from exc
        if name.startswith(_UNAVAILABLE):
            raise StorageUnavailable(str(exc)) from exc
        if name in ("SQLITE_CORRUPT", "SQLITE_NOTADB"):
            raise StorageUnavailable(f"the file is damaged: {exc}") from exc
        raise StorageError(f"the database refused: {exc}") from exc


class _Tx:
    """A transaction on the connection's own thread: every call is done by the time it is awaited."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    async def fetch(self, sql: str, params: Params = {}) -> list[Row]:  # noqa: B006 (never mutated)
        return _statement(self._db, sql, params)

    async def execute(self, sql: str, params: Params = {}) -> None:  # noqa: B006
        _statement(self._db, sql, params)

    async def executemany(self, sql: str, rows: Sequence[Params]) -> None:
        with _mapped():
            self._db.executemany(sql, rows)


def _finish(awaitable: Awaitable[T]) -> T:
    """Drive a body that never suspends to its end on this thread."""
    coro = awaitable.__await__()
    try:
        coro.send(None)
    except StopIteration as done:
        result: T = done.value
        return result
    coro.close()
    raise RuntimeError("a SQLite transaction body waited for something other than the database")


def _transaction(db: sqlite3.Connection, begin: str, body: Body[T]) -> T:
    with _mapped():
        db.execute(begin)
        try:
            result = _finish(body(_Tx(db)))
        except BaseException:
            if db.in_transaction:  # SQLite ends the transaction itself on some errors
                db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
        return result


def _statement(db: sqlite3.Connection, sql: str, params: Params = {}) -> list[Row]:  # noqa: B006 (never mutated)
    with _mapped():
        return db.execute(sql, params).fetchall()


class _Thread:
    """A sqlite3 connection used only on its own one thread."""

    def __init__(self, name: str) -> None:
        self._executor = ThreadPoolExecutor(1, thread_name_prefix=name)
        self.db: sqlite3.Connection | None = None

    @classmethod
    async def open(cls, name: str, path: str, migrate: bool = False, new: bool = False) -> _Thread:
        thread = cls(name)
        try:
            thread.db = await thread.call(lambda: _connect(path, migrate=migrate, new=new))
        except BaseException:
            await thread.close()
            raise
        return thread

    async def call(self, func: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._executor, func, *args)

    async def on_db(self, func: Callable[..., T], *args: Any) -> T:
        """func(the connection, *args) on the thread."""
        if self.db is None:
            raise StorageUnavailable("the store is closed")
        return await self.call(func, self.db, *args)

    async def close(self) -> None:
        if self.db is not None:
            await self.call(self.db.close)
            self.db = None
        self._executor.shutdown(wait=True)


def _connect(path: str, *, migrate: bool, new: bool) -> sqlite3.Connection:
    """An open, configured (and, for the writer, checked and migrated) connection."""
    memory = path == ":memory:"
    # isolation_level=None: no implicit transactions; the driver issues BEGIN/COMMIT itself.
    db = sqlite3.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000, check_same_thread=False)
    try:
        db.row_factory = sqlite3.Row
        db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        db.execute("PRAGMA foreign_keys = ON")
        if migrate and new:
            # Only a new file takes a page size (in WAL mode it is fixed once the file exists): see PAGE_SIZE.
            db.execute(f"PRAGMA page_size = {PAGE_SIZE}")
        mode = _journal_mode_wal(db)
        if not memory and str(mode).lower() != "wal":
            raise StorageError(f"cannot open database at {path}: WAL journal mode unavailable ({mode})")
        # In WAL, FULL costs one fsync per commit (nothing at Discord's pace) and makes an accepted move survive a
        # power loss, not only a process kill.
        db.execute("PRAGMA synchronous = FULL")
        if migrate:
            if not memory:
                check_integrity(db, path)
            _migrate(db)
            # Touch the file for writing now: a read-only file must fail here, not on the first move.
            db.execute("BEGIN IMMEDIATE")
            db.execute("COMMIT")
    except BaseException:
        db.close()
        raise
    return db


def _journal_mode_wal(db: sqlite3.Connection) -> object:
    """PRAGMA journal_mode = WAL. Switching a new file's journal mode needs a lock that SQLite's busy timeout does not
    wait for: two connections opening a fresh file at once get "database is locked" at once. Retry."""
    for attempt in range(WAL_ATTEMPTS):
        try:
            return db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        except sqlite3.OperationalError as exc:
            if attempt == WAL_ATTEMPTS - 1 or ("locked" not in str(exc) and "busy" not in str(exc)):
                raise
            time.sleep(WAL_PAUSE)
    raise AssertionError("unreachable")


def check_integrity(db: sqlite3.Connection, path: str | Path) -> None:
    """DatabaseDamaged unless PRAGMA quick_check finds the file sound (it reads every page once but skips the
    index-content cross-checks of integrity_check: ~0.1 s per 100 MB)."""
    try:
        problems = [str(row[0]) for row in db.execute("PRAGMA quick_check(5)").fetchall()]
    except sqlite3.DatabaseError as exc:  # damage bad enough that the check itself cannot run
        raise DatabaseDamaged(path, str(exc)) from exc
    if problems != ["ok"]:
        raise DatabaseDamaged(path, "; ".join(problems))


def _migrate(db: sqlite3.Connection) -> None:
    """storage/driver.py's migrate: PRAGMA user_version lives in the file header, so it commits or rolls back with its
    migration, and BEGIN IMMEDIATE makes a second process wait its turn."""

    async def transaction(body: Body[bool]) -> bool:
        if rewrote := _transaction(db, "BEGIN IMMEDIATE", body):
            # A data step rewrites much of the file in one transaction: copy the WAL back now and cut it to nothing
            # rather than leave a WAL the size of that transaction on disk.
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return rewrote

    _finish(migrate(STEPS, transaction, "sqlite", "PRAGMA user_version", "PRAGMA user_version = {version}"))


_OPENING: dict[str, asyncio.Lock] = {}


class SqliteDriver:
    """See the module docstring; made by `open`."""

    name = "sqlite"

    def __init__(self, path: str, threads: list[_Thread], lock: ProcessLock | None = None, **files: Any) -> None:
        self.path = path
        self._writer, self._reader, self._lister = threads * 3 if len(threads) == 1 else threads
        self._lock_file = lock
        self._watch: FileWatch | None = files.get("watch")
        self.created: bool = files.get("created", False)

    @classmethod
    async def open(cls, path: str, *, lock: bool = True) -> SqliteDriver:
        # Refusals are StorageError subclasses: DatabaseInUse, DatabaseMissing, DatabaseDamaged (docs/storage.md).
        try:
            if path == ":memory:":
                return cls(path, [await _Thread.open("sqlite-writer", path, migrate=True)])
            file = Path(path)
            # Two stores of one process opening one new file at once: the second must not look for the file while
            # the first is creating it (its journal would read as the trace of a lost database).
            async with _OPENING.setdefault(str(file.resolve()), asyncio.Lock()):
                return await cls._open_file(path, file, ProcessLock(file) if lock else None)
        except (sqlite3.Error, OSError) as exc:
            raise StorageError(f"cannot open database at {path}: {exc}") from exc

    @classmethod
    async def _open_file(cls, path: str, file: Path, lock: ProcessLock | None) -> SqliteDriver:
        threads: list[_Thread] = []
        try:
            # A fresh deployment's data directory need not exist yet.
            file.parent.mkdir(parents=True, exist_ok=True)
            if file.is_dir():
                raise IsADirectoryError("it is a directory")
            # The lock before looking for the file: a process starting beside us waits its turn.
            created = lock.acquire() if lock is not None else check_not_missing(file)
            check_writable(file)
            threads.append(await _Thread.open("sqlite-writer", path, migrate=True, new=created))
            # The database file is written only by checkpoints; the store makes them itself (storage/file_watch.py).
            await threads[0].on_db(_statement, "PRAGMA wal_autocheckpoint = 0")
            for name in ("sqlite-reader", "sqlite-lister"):
                threads.append(await _Thread.open(name, path))
            watch = FileWatch(file, lock)
            if lock is not None:
                lock.note_owner()
        except BaseException:
            for thread in threads:
                await thread.close()
            if lock is not None:
                lock.release()
            raise
        return cls(path, threads, lock, watch=watch, created=created)

    async def close(self) -> None:
        try:
            for thread in dict.fromkeys((self._lister, self._reader, self._writer)):
                await thread.close()
        finally:
            if self._lock_file is not None:
                self._lock_file.release()

    @contextlib.asynccontextmanager
    async def exclusive(self, key: str) -> AsyncIterator[bool]:
        yield True  # one SQLite file is served by one process (it cannot be shared across machines)

    def check_file(self) -> None:
        if self._watch is not None:
            self._watch.check()

    async def fetch(self, sql: str, params: Params = {}, *, listing: bool = False) -> list[Row]:  # noqa: B006
        return await (self._lister if listing else self._reader).on_db(_statement, sql, params)

    async def write_one(self, sql: str, params: Params = {}) -> list[Row]:  # noqa: B006
        # A single statement in autocommit mode is one transaction: SQLite takes the write lock for it through the
        # busy handler as BEGIN IMMEDIATE would, and commits it (with synchronous=FULL's fsync) before returning.
        return await self._guarded(_statement, sql, params)

    async def read(self, body: Body[T]) -> T:
        return await self._reader.on_db(_transaction, "BEGIN", body)

    async def write(self, body: Body[T], game_id: int | None = None) -> T:
        # One writer for the whole file: IMMEDIATE takes the write lock up front, so a check made inside the
        # transaction still holds at COMMIT, for every game (game_id needs no lock of its own).
        del game_id
        return await self._guarded(_transaction, "BEGIN IMMEDIATE", body)

    async def _guarded(self, func: Callable[..., T], *args: Any) -> T:
        """func(writer connection, *args) on the writer thread, inside the file guards (storage/file_watch.py):
        refused when the files are no longer the ones opened."""
        if self._watch is not None:
            await self._watch.before_write(functools.partial(self._writer.on_db, _statement))
        try:
            result = await self._writer.on_db(func, *args)
        except StorageUnavailable as exc:
            raise self._why(exc) from exc
        if self._watch is not None:
            await self._watch.after_write(functools.partial(self._writer.on_db, _statement))
        return result

    def _why(self, exc: StorageUnavailable) -> StorageError:
        """A failed write as what caused it: SQLite reports a file it may no longer write (chmod, `chattr +i`, a
        read-only remount) as an I/O error on write, and a full disk at times as one too; the files say which."""
        if self.path == ":memory:":
            return exc
        files = [Path(self.path), Path(self.path + "-wal")]
        if any(file.exists() and not os.access(file, os.W_OK) for file in files):
            return StorageReadOnly(str(exc))
        with contextlib.suppress(OSError):
            if os.statvfs(Path(self.path).parent).f_bavail == 0:
                return StorageFull(str(exc))
        return exc
