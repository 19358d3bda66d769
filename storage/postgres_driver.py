"""The PostgreSQL driver (asyncpg): a pool of connections, for several bot processes sharing one database.

A writing transaction first locks its game's row (SELECT … FOR UPDATE), so the writes of one game are serialised
across every process while other games go on in parallel; the checks the repository makes inside that lock hold
until COMMIT. Reads of several statements run in one REPEATABLE READ transaction, so they see one consistent state.
"""

from __future__ import annotations

import asyncio
import contextlib
import zlib
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from .driver import Body, Params, Row, T, migrate, numbered
from .errors import Conflict, OutcomeUnknown, StorageError, StorageFull, StorageReadOnly, StorageUnavailable
from .migrations.steps import STEPS

# One key for the migration lock, taken inside each migration's transaction (pg_advisory_xact_lock).
MIGRATION_LOCK = 0x656E7464  # "entd"
_VERSION = "SELECT COALESCE(MAX(version), 0) FROM schema_version"  # the schema version reached, and how it is recorded
_SET_VERSION = "DELETE FROM schema_version; INSERT INTO schema_version (version) VALUES ({version})"
POOL_MAX = 8  # connections per process; a move holds one for a few milliseconds
CONNECT_TIMEOUT = 10.0
# Failures of the connection (server restarted, network gone) rather than of a statement. The pool replaces broken
# connections by itself, so the next call after the server is back succeeds.
_UNAVAILABLE: tuple[type[BaseException], ...] = (
    asyncpg.PostgresConnectionError,
    asyncpg.InterfaceError,
    asyncpg.CannotConnectNowError,
    asyncpg.exceptions.OperatorInterventionError,
    ConnectionError,
    OSError,
    TimeoutError,
)
_FAILURES: tuple[type[BaseException], ...] = (asyncpg.PostgresError, *_UNAVAILABLE)
Conn = asyncpg.Connection | PoolConnectionProxy


def storage_error(exc: BaseException) -> StorageError:
    """asyncpg's (or the network's) error as storage's own (see storage/errors.py)."""
    if isinstance(exc, asyncpg.IntegrityConstraintViolationError | asyncpg.RaiseError):
        return Conflict(str(exc))
    if isinstance(exc, asyncpg.exceptions.DiskFullError | asyncpg.exceptions.InsufficientResourcesError):
        return StorageFull(str(exc))
    if isinstance(exc, asyncpg.exceptions.ReadOnlySQLTransactionError | asyncpg.InsufficientPrivilegeError):
        return StorageReadOnly(str(exc))
    if isinstance(exc, _UNAVAILABLE):
        return StorageUnavailable(str(exc) or type(exc).__name__)
    return StorageError(f"the database refused: {exc}")


class _Tx:
    def __init__(self, conn: Conn) -> None:
        self._conn = conn

    async def fetch(self, sql: str, params: Params = {}) -> list[Row]:  # noqa: B006 (never mutated)
        return list(await self._run(self._conn.fetch, sql, params))

    async def execute(self, sql: str, params: Params = {}) -> None:  # noqa: B006
        await self._run(self._conn.execute, sql, params)

    async def executemany(self, sql: str, rows: Sequence[Params]) -> None:
        text, names = numbered(sql)
        async with _mapped():
            await self._conn.executemany(text, [[row[name] for name in names] for row in rows])

    async def _run(self, call: Callable[..., Awaitable[Any]], sql: str, params: Params) -> Any:
        text, names = numbered(sql)
        async with _mapped():
            return await call(text, *[params[name] for name in names])


@contextlib.asynccontextmanager
async def _mapped() -> AsyncIterator[None]:
    try:
        yield
    except StorageError:
        raise
    except _FAILURES as exc:
        raise storage_error(exc) from exc


class PostgresDriver:
    """See the module docstring; made by `open`."""

    name = "postgres"
    created = False  # a server's database is created by its administrator, never by open()

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self._pool = pool
        self._url = url
        self.path = redacted(url)
        self._lock_conn: asyncpg.Connection | None = None  # holds the advisory locks of exclusive()
        self._lock_guard = asyncio.Lock()

    @classmethod
    async def open(cls, url: str) -> PostgresDriver:
        pool: asyncpg.Pool | None = None
        try:
            pool = await asyncpg.create_pool(
                url, min_size=1, max_size=POOL_MAX, timeout=CONNECT_TIMEOUT, command_timeout=60
            )
            async with pool.acquire() as conn:
                await _migrate(conn)
        except BaseException as exc:
            if pool is not None:
                await pool.close()
            # A migration's statement refused (mapped by _Tx) is as much a database that cannot be opened.
            cause = exc.__cause__ if isinstance(exc, StorageError) else exc
            if not isinstance(cause, (ValueError, *_FAILURES)):
                raise  # e.g. a schema newer than this program
            raise StorageError(f"cannot open database at {redacted(url)}: {cause}") from exc
        return cls(pool, url)

    async def close(self) -> None:
        if self._lock_conn is not None:
            self._lock_conn.terminate()  # drops its locks with the session
            self._lock_conn = None
        # terminate() after a grace period: a connection stuck on a dead server must not hang shutdown.
        try:
            await asyncio.wait_for(self._pool.close(), 10.0)
        except TimeoutError:
            self._pool.terminate()

    def check_file(self) -> None: ...  # a server's database is no file that can be deleted under us

    async def fetch(self, sql: str, params: Params = {}, *, listing: bool = False) -> list[Row]:  # noqa: B006
        async with _mapped(), self._pool.acquire() as conn:
            return await _Tx(conn).fetch(sql, params)

    async def write_one(self, sql: str, params: Params = {}) -> list[Row]:  # noqa: B006
        return await self.fetch(sql, params)  # a lone statement on a pooled connection commits by itself

    async def read(self, body: Body[T]) -> T:
        async with (
            _mapped(),
            self._pool.acquire() as conn,
            conn.transaction(isolation="repeatable_read", readonly=True),
        ):
            return await body(_Tx(conn))

    async def write(self, body: Body[T], game_id: int | None = None) -> T:
        done: list[T] = []  # the body's result, once it has run; COMMIT is sent after it
        committed = False
        try:
            async with _mapped(), self._pool.acquire() as conn:
                async with conn.transaction():
                    if game_id is not None:  # the row lock (see the module docstring)
                        await conn.execute("SELECT 1 FROM games WHERE id = $1 FOR UPDATE", game_id)
                    done.append(await body(_Tx(conn)))
                committed = True
        except StorageUnavailable as exc:
            if done and not committed:  # lost between sending COMMIT and reading its answer: maybe stored
                raise OutcomeUnknown(str(exc)) from exc
            if not committed:
                raise
        return done[0]  # committed: a connection lost when handed back to the pool is the pool's to replace

    @contextlib.asynccontextmanager
    async def exclusive(self, key: str) -> AsyncIterator[bool]:
        # A session-level advisory lock on a connection of its own (outside the pool, so that holding many locks never
        # starves the work done under them): released on exit, or by the server when the holding process dies.
        lock_id = (MIGRATION_LOCK << 32) | zlib.crc32(key.encode())
        async with self._lock_guard, _mapped():
            if self._lock_conn is None or self._lock_conn.is_closed():
                self._lock_conn = await asyncpg.connect(self._url, timeout=CONNECT_TIMEOUT)
            conn = self._lock_conn
            got = bool(await conn.fetchval("SELECT pg_try_advisory_lock($1)", lock_id))
        try:
            yield got
        finally:
            if got and not conn.is_closed():
                async with self._lock_guard:
                    with contextlib.suppress(*_FAILURES):
                        await conn.execute("SELECT pg_advisory_unlock($1)", lock_id)


async def _migrate(conn: Conn) -> None:
    """storage/driver.py's migrate, each migration under an advisory lock: processes starting at once take turns."""

    async def transaction(body: Body[T]) -> T:
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            return await body(_Tx(conn))

    # IF NOT EXISTS is not safe against a concurrent creator by itself: under the migration lock too.
    await transaction(lambda tx: tx.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)"))
    await migrate(STEPS, transaction, "postgres", _VERSION, _SET_VERSION)


def redacted(url: str) -> str:
    """The URL without its password, for messages and logs."""
    with contextlib.suppress(ValueError):
        parts = urlsplit(url)
        if parts.password:
            host = parts.hostname or ""
            netloc = f"{parts.username}:***@{host}" + (f":{parts.port}" if parts.port else "")
            return urlunsplit(parts._replace(netloc=netloc))
    return url
