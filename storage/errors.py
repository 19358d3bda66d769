"""Exceptions of the storage layer. All derive from StorageError so the bot can catch one type."""

from __future__ import annotations

from collections.abc import Sequence


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


class _SeatRefused(StorageError):
    """A seat refused in a game: the words are the class's `text`, given the game and the user, seat or count."""

    text = ""

    def __init__(self, game_id: int, other: int) -> None:
        super().__init__(self.text.format(game=game_id, other=other))
        self.game_id = game_id


class AlreadyJoined(_SeatRefused):
    text = "user {other} already has a seat in game {game}"


class NotJoined(_SeatRefused):
    text = "user {other} has no seat in game {game}"


class GameFull(_SeatRefused):
    text = "game {game} already has {other} players"


class SeatNotFound(_SeatRefused):
    text = "game {game} has no seat {other}"


class LogCorrupt(StorageError):
    """The move log no longer replays (e.g. after an incompatible rules change)."""


class SeatChanged(StorageError):
    """The seat a move is for is no longer held by whom the caller believed (handed over, replaced, given to an AI,
    maybe by another process): nothing was written; reload the seats and judge the move again."""

    def __init__(self, game_id: int, seat: int, detail: str) -> None:
        super().__init__(f"game {game_id}: seat {seat} {detail}")
        self.game_id = game_id
        self.seat = seat


class RecordCorrupt(StorageError):
    """A stored game row does not parse (e.g. games.options is not a JSON object)."""

    def __init__(self, game_id: int, detail: str) -> None:
        super().__init__(f"game {game_id}: its stored record is damaged ({detail})")
        self.game_id = game_id


class DatabaseUnusable(StorageError):
    """The database as a whole cannot be used safely: the bot should say this one line and stop (exit 2)."""


class DatabaseInUse(DatabaseUnusable):
    """Another process has this database file open (SQLite only: one bot process per file)."""

    def __init__(self, lock_path: object, owner: str = "") -> None:
        who = f" ({owner})" if owner else ""
        super().__init__(
            f"the database is in use by another process{who}: {lock_path} is locked; stop the other bot first"
        )
        self.owner = owner


class DatabaseMissing(DatabaseUnusable):
    """The database file is gone but files beside it show that one existed: refusing to start afresh silently."""

    def __init__(self, path: object, traces: Sequence[object]) -> None:
        names = ", ".join(str(t) for t in traces)
        super().__init__(
            f"the database {path} is missing but {names} show(s) that one existed; restore it from a backup, or "
            "delete those files to start with an empty database"
        )
        self.traces = list(traces)


class DatabaseMoved(DatabaseUnusable):
    """A file of the open database is no longer the one this store opened: the database deleted, replaced or
    overwritten in place (a backup copied over it), or its -wal/-shm/-lock file deleted or replaced meanwhile."""

    def __init__(self, path: object, deleted: bool, *, how: str = "", rescue: str = "") -> None:
        what = how or ("was deleted" if deleted else "was replaced by another file")
        super().__init__(
            f"{path} {what} while the database was open; {rescue}nothing more is written "
            "(restart to use the file now there)"
        )
        self.deleted = deleted


class DatabaseReadOnly(DatabaseUnusable):
    """The database file (or the WAL files beside it) cannot be written by this process: SQLite would open it
    read-only without a word and every move would fail."""

    def __init__(self, path: object, detail: str) -> None:
        super().__init__(
            f"cannot open database at {path}: it is read-only for this process ({detail}); make it writable by the "
            "bot's user"
        )


class DatabaseDamaged(DatabaseUnusable):
    """The integrity check at start-up found the database file damaged."""

    def __init__(self, path: object, detail: str) -> None:
        super().__init__(f"cannot open database at {path}: the file is damaged ({detail}); restore it from a backup")


class _Failed(StorageError):
    """The database failed a call for a cause outside the program; `TEXT` says what, with the driver's detail."""

    TEXT = ""

    def __init__(self, detail: str) -> None:
        super().__init__(self.TEXT.format(detail))


class StorageUnavailable(_Failed):
    """The database cannot be reached or read right now (connection lost, I/O error): nothing was changed; the same
    call may succeed once the database is back."""

    TEXT = "the database is unavailable: {}"


class OutcomeUnknown(_Failed):
    """The connection was lost while a write was being committed: it may or may not have been stored. Settle it by
    reading (a move: `Store.move_landed` with its key) rather than telling anyone that nothing changed."""

    TEXT = "the database connection was lost while the change was committed; it may or may not be saved ({})"


class AlreadyDone(StorageError):
    """A move whose key is already in the log (the same request made twice): the first one acted, this one did not."""

    def __init__(self, game_id: int, seq: int) -> None:
        super().__init__(f"game {game_id}: this move was already made (move {seq})")
        self.game_id, self.seq = game_id, seq


class StorageFull(_Failed):
    """The disk holding the database (or the server's) is full: nothing was changed, and nothing will be written until
    an operator frees space."""

    TEXT = "the database's disk is full; nothing was changed ({})"


class StorageReadOnly(_Failed):
    """The database cannot be written (a read-only file, directory or server): nothing was changed, and no write will
    succeed until an operator makes it writable again."""

    TEXT = "the database is read-only; nothing was changed ({})"


class Conflict(StorageError):
    """A constraint or trigger of the schema refused a write (a unique key, the append-only log). Inside storage it is
    turned into the refusal it means (ChannelBusy, AlreadyJoined, StaleVersion); it reaches callers only when the
    schema refused something the checks before it let through."""
