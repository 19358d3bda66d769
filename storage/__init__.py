"""Persistence for hosted games: SQLite via aiosqlite. The only package that contains SQL.

    store = await Store.open("data/entdecker.db")

See docs/storage.md for the schema and the rules the bot relies on.
"""

from .errors import (
    AlreadyJoined,
    ChannelBusy,
    GameFull,
    GameNotFound,
    LogCorrupt,
    NotJoined,
    SeatNotFound,
    StaleVersion,
    StorageError,
    WrongStatus,
)
from .records import AiKind, GameRecord, GameStatus, IdleGame, MoveRecord, PlayerRecord
from .store import UNSET, Store

__all__ = [
    "UNSET",
    "AiKind",
    "AlreadyJoined",
    "ChannelBusy",
    "GameFull",
    "GameNotFound",
    "GameRecord",
    "GameStatus",
    "IdleGame",
    "LogCorrupt",
    "MoveRecord",
    "NotJoined",
    "PlayerRecord",
    "SeatNotFound",
    "StaleVersion",
    "StorageError",
    "Store",
    "WrongStatus",
]
