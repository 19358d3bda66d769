"""What the repository (storage/repository.py) needs of a database, and nothing more: the driver interface.

Modelled on encode/databases' backend/connection split and on aiosql's adapters: the SQL is written once, with named
parameters (`:name`), and a driver rewrites them into its own style (sqlite3 takes them as they are, asyncpg needs
`$1, $2, …`). A driver runs

* `fetch` / `write_one`: one statement, its own transaction (autocommit: a single statement is atomic);
* `read(body)` / `write(body, game_id)`: a transaction of several statements, whose body (`async def body(tx)`) the
  driver runs whole; `write` first locks the game's row (`game_id`) where writers of other games may run beside it;

and maps its library's errors to storage's own (storage/errors.py): a caller never sees a sqlite3 or asyncpg
exception. Rows support `row["column"]` and `row[0]`.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Awaitable, Callable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol, TypeVar

from .errors import StorageError
from .migrations import Migration, all_migrations

T = TypeVar("T")
Row = Any  # sqlite3.Row or asyncpg.Record: both index by name and by position
Params = Mapping[str, Any]


class Tx(Protocol):
    """A transaction under way; what a body may call."""

    async def fetch(self, sql: str, params: Params = ...) -> list[Row]: ...
    async def execute(self, sql: str, params: Params = ...) -> None: ...
    async def executemany(self, sql: str, rows: Sequence[Params]) -> None: ...


Body = Callable[[Tx], Awaitable[T]]
Migrating = Callable[[Body[bool]], Awaitable[bool]]  # runs one migration's body as a transaction


class Driver(Protocol):
    """One database backend. `name` is "sqlite" or "postgres"; `path` names the database for messages."""

    name: str
    path: str
    created: bool

    async def fetch(self, sql: str, params: Params = ..., *, listing: bool = False) -> list[Row]: ...
    async def write_one(self, sql: str, params: Params = ...) -> list[Row]: ...
    async def read(self, body: Body[T]) -> T: ...
    async def write(self, body: Body[T], game_id: int | None = None) -> T: ...
    def exclusive(self, key: str) -> AbstractAsyncContextManager[bool]: ...
    def check_file(self) -> None: ...
    async def close(self) -> None: ...


_NAMED = re.compile(r"(?<![:\w]):([A-Za-z_]\w*)")


@functools.lru_cache(maxsize=512)
def numbered(sql: str) -> tuple[str, tuple[str, ...]]:
    """`:name` parameters as `$1, $2, …` (each name one number, in order of first use) and the names in that order."""
    names: dict[str, int] = {}
    text = _NAMED.sub(lambda match: f"${names.setdefault(match.group(1), len(names) + 1)}", sql)
    return text, tuple(names)


async def migrate(steps: Mapping[str, Body[int]], run: Migrating, dialect: str, version: str, set_version: str) -> None:
    """Apply the migrations newer than the schema version the database records (read by the SELECT `version` in each
    migration's transaction, `run(body)`, since another process may be migrating too): their `dialect`'s statements
    ("sqlite": `statements`, else `postgres`), their data steps, then `set_version` (`{version}` filled in)."""
    migrations = all_migrations()
    latest = migrations[-1].version if migrations else 0
    for migration in migrations:

        async def body(tx: Tx, migration: Migration = migration) -> bool:  # whether it ran data steps
            current = int((await tx.fetch(version))[0][0])
            if current > latest:
                raise StorageError(f"database schema version {current} is newer than this program knows ({latest})")
            if current >= migration.version:
                return False
            statements = migration.statements if dialect == "sqlite" else migration.postgres
            if statements is None:
                raise StorageError(f"migration {migration.name} has no PostgreSQL statements")
            for statement in statements:
                await tx.execute(statement)
            for step in migration.steps:
                await steps[step](tx)
            await tx.execute(set_version.format(version=migration.version))
            return bool(migration.steps)

        await run(body)
