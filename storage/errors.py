"""Exceptions of the storage layer. All derive from StorageError so the bot can catch one type."""

from __future__ import annotations


class StorageError(Exception):
    """Anything the storage layer refuses or cannot do; the message is one readable line."""


class GameNotFound(StorageError):
    def __init__(self, game_id: int) -> None:
        super().__init__(f"no game with id {game_id}")
        self.game_id = game_id


class ChannelBusy(StorageError):
    """The channel already has a game in the lobby or in progress."""

    def __init__(self, channel_id: int) -> None:
        super().__init__(f"channel {channel_id} already has a game in the lobby or in progress")
        self.channel_id = channel_id


class WrongStatus(StorageError):
    """The operation needs the game in another status (e.g. joining a game that has started)."""

    def __init__(self, game_id: int, status: str, wanted: str) -> None:
        super().__init__(f"game {game_id} is {status}; this needs it to be {wanted}")
        self.game_id = game_id
        self.status = status


class StaleVersion(StorageError):
    """Optimistic concurrency lost: the stored version moved on (another interaction won the race)."""

    def __init__(self, game_id: int, expected: int, actual: int) -> None:
        super().__init__(f"game {game_id} is at version {actual}, not {expected}")
        self.game_id = game_id
        self.expected = expected
        self.actual = actual


class AlreadyJoined(StorageError):
    def __init__(self, game_id: int, user_id: int) -> None:
        super().__init__(f"user {user_id} already has a seat in game {game_id}")


class NotJoined(StorageError):
    def __init__(self, game_id: int, user_id: int) -> None:
        super().__init__(f"user {user_id} has no seat in game {game_id}")


class GameFull(StorageError):
    def __init__(self, game_id: int, max_seats: int) -> None:
        super().__init__(f"game {game_id} already has {max_seats} players")


class SeatNotFound(StorageError):
    def __init__(self, game_id: int, seat: int) -> None:
        super().__init__(f"game {game_id} has no seat {seat}")


class LogCorrupt(StorageError):
    """The move log no longer replays (e.g. after an incompatible rules change)."""
