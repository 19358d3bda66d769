"""Persistence for hosted games: SQLite (sqlite3) by default, PostgreSQL (asyncpg) for several processes.
The only package that contains SQL.

    store = await open_store("data/entdecker.db")             # SQLite file (also "sqlite:///data/entdecker.db")
    store = await open_store("postgresql://bot@db/entdecker")  # PostgreSQL server

One repository (storage/repository.py) over a driver per backend (storage/driver.py). See docs/storage.md.
"""

from __future__ import annotations

from pathlib import Path

from .errors import (
    AlreadyDone,
    AlreadyJoined,
    ChannelBusy,
    DatabaseDamaged,
    DatabaseInUse,
    DatabaseMissing,
    DatabaseMoved,
    DatabaseReadOnly,
    DatabaseUnusable,
    GameFull,
    GameNotFound,
    LogCorrupt,
    NotJoined,
    OutcomeUnknown,
    RecordCorrupt,
    SeatChanged,
    SeatNotFound,
    StaleVersion,
    StorageError,
    StorageFull,
    StorageReadOnly,
    StorageUnavailable,
    WrongStatus,
)
from .records import AiKind, GameRecord, GameStatus, IdleGame, MoveRecord, PlayerRecord, UndoRecord
from .repository import UNSET, Store
from .results import ResultRecord, ResultSeat
from .user_time import UserTime

AnyStore = Store  # one repository for both backends (the name is kept for the callers that still use it)

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres(url: str | Path) -> bool:
    """Whether this database setting names a PostgreSQL server (else it is a SQLite file)."""
    return str(url).strip().lower().startswith(POSTGRES_SCHEMES)


def can_be_shared(url: str | Path) -> bool:
    """Whether several bot processes may use this database at once (PostgreSQL), or one only (a SQLite file)."""
    return is_postgres(url)


def sqlite_path(url: str | Path) -> str:
    """The file of a SQLite setting: a plain path, `sqlite:PATH` or `sqlite:///PATH` (`sqlite:////abs/path`)."""
    text = str(url).strip()
    if text.lower().startswith("sqlite://"):
        return text[len("sqlite://") :].removeprefix("/") or ":memory:"
    if text.lower().startswith("sqlite:"):
        return text[len("sqlite:") :] or ":memory:"
    return text


async def open_store(url: str | Path) -> AnyStore:
    """Open the database a setting names (ENTDECKER_DB): a PostgreSQL URL or a SQLite file; StorageError if not."""
    if is_postgres(url):
        return await Store.open_postgres(str(url).strip())
    return await Store.open(sqlite_path(url))


__all__ = [
    "UNSET",
    "AiKind",
    "AlreadyDone",
    "AlreadyJoined",
    "AnyStore",
    "ChannelBusy",
    "DatabaseDamaged",
    "DatabaseInUse",
    "DatabaseMissing",
    "DatabaseMoved",
    "DatabaseReadOnly",
    "DatabaseUnusable",
    "GameFull",
    "GameNotFound",
    "GameRecord",
    "GameStatus",
    "IdleGame",
    "LogCorrupt",
    "MoveRecord",
    "NotJoined",
    "OutcomeUnknown",
    "PlayerRecord",
    "RecordCorrupt",
    "ResultRecord",
    "ResultSeat",
    "SeatChanged",
    "SeatNotFound",
    "StaleVersion",
    "StorageError",
    "StorageFull",
    "StorageReadOnly",
    "StorageUnavailable",
    "Store",
    "UndoRecord",
    "UserTime",
    "WrongStatus",
    "can_be_shared",
    "is_postgres",
    "open_store",
    "sqlite_path",
]
