"""Store: the bot's only door to the database. Every public method is one transaction."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import enum
import json
import logging
import sqlite3
from collections.abc import AsyncIterator, Iterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from . import replay
from .db import connect
from .errors import (
    AlreadyJoined,
    ChannelBusy,
    GameFull,
    GameNotFound,
    NotJoined,
    SeatNotFound,
    StaleVersion,
    StorageError,
    WrongStatus,
)
from .records import AiKind, GameRecord, IdleGame, MoveRecord, PlayerRecord, UndoRecord

log = logging.getLogger(__name__)

State = Any  # an engine state; storage treats it as opaque apart from .version/.game_over/.current_player

# games.* plus the log length, which is the authoritative version of the game.
_GAME_SELECT = """
    SELECT g.*, (SELECT COALESCE(MAX(m.seq), 0) FROM moves m WHERE m.game_id = g.id) AS version
    FROM games g
"""
_STATUS_AND_VERSION = (
    "SELECT status, (SELECT COALESCE(MAX(seq), 0) FROM moves WHERE game_id = ?) AS version FROM games WHERE id = ?"
)

# Store.append_move as one statement: `INSERT INTO temp.move_appends` runs this trigger, which checks that the game
# is active and its log at the expected version (else it aborts, and nothing is written), appends the move, replaces
# the snapshot and updates the game. A single statement in autocommit mode is one transaction, committed (with the
# fsync of synchronous=FULL) before the call returns, so the whole move costs one trip to the database thread
# instead of five. TEMP objects belong to the writer connection alone; the database schema is unchanged.
_APPEND_MOVE = (
    """
    CREATE TEMP VIEW IF NOT EXISTS move_appends
        (game_id, expected_version, move, events, user_id, created_at, state, current_seat, over, actor)
    AS SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
    """,
    """
    CREATE TEMP TRIGGER IF NOT EXISTS move_appends_insert INSTEAD OF INSERT ON move_appends
    BEGIN
        SELECT RAISE(ABORT, 'stale move: the game is not active or its log is not at the expected version')
        WHERE (SELECT status FROM games WHERE id = NEW.game_id) IS NOT 'active'
           OR (SELECT COALESCE(MAX(seq), 0) FROM moves WHERE game_id = NEW.game_id) != NEW.expected_version;
        INSERT INTO moves (game_id, seq, move, events, user_id, created_at, actor)
        VALUES (NEW.game_id, NEW.expected_version + 1, NEW.move, NEW.events, NEW.user_id, NEW.created_at, NEW.actor);
        INSERT INTO snapshots (game_id, version, state, updated_at)
        VALUES (NEW.game_id, NEW.expected_version + 1, NEW.state, NEW.created_at)
        ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, state = excluded.state,
            updated_at = excluded.updated_at;
        UPDATE games SET updated_at = NEW.created_at, last_move_at = NEW.created_at, reminders_sent = 0,
            last_reminder_at = NULL, current_seat = NEW.current_seat,
            status = CASE WHEN NEW.over THEN 'finished' ELSE status END,
            ended_at = CASE WHEN NEW.over THEN NEW.created_at ELSE ended_at END
        WHERE id = NEW.game_id;
    END
    """,
)

# Store.start_game as one statement, in the same way: lobby -> active with the setup, snapshot version 0, provided
# the game is in the lobby and has as many seats as the state has players.
_START_GAME = (
    """
    CREATE TEMP VIEW IF NOT EXISTS game_starts (game_id, setup, players, current_seat, state, now)
    AS SELECT NULL, NULL, NULL, NULL, NULL, NULL
    """,
    """
    CREATE TEMP TRIGGER IF NOT EXISTS game_starts_insert INSTEAD OF INSERT ON game_starts
    BEGIN
        SELECT RAISE(ABORT, 'cannot start: the game is not in the lobby or its seats do not match the state')
        WHERE (SELECT status FROM games WHERE id = NEW.game_id) IS NOT 'lobby'
           OR (SELECT COUNT(*) FROM players WHERE game_id = NEW.game_id) != NEW.players;
        UPDATE games SET status = 'active', setup = NEW.setup, started_at = NEW.now, updated_at = NEW.now,
            current_seat = NEW.current_seat, reminders_sent = 0, last_reminder_at = NULL
        WHERE id = NEW.game_id;
        INSERT INTO snapshots (game_id, version, state, updated_at) VALUES (NEW.game_id, 0, NEW.state, NEW.now)
        ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, state = excluded.state,
            updated_at = excluded.updated_at;
    END
    """,
)

# The same version column for `UPDATE games ... RETURNING *,` + this.
_VERSION_OF_GAMES_ROW = " (SELECT COALESCE(MAX(m.seq), 0) FROM moves m WHERE m.game_id = games.id) AS version"


class _Unset(enum.Enum):
    UNSET = enum.auto()


UNSET = _Unset.UNSET


class Store:
    """Games, seats, move log and snapshots in one SQLite file (WAL).

    One Store holds a writer and a reader connection; an asyncio.Lock per connection serialises its
    transactions because statements of two coroutines would otherwise interleave inside one SQLite transaction.
    Across processes, BEGIN IMMEDIATE plus the busy timeout serialise writers.
    """

    def __init__(self, db: aiosqlite.Connection, path: str, reader: aiosqlite.Connection | None = None) -> None:
        self._db = db
        self._lock = asyncio.Lock()
        # WAL lets readers run beside the writer: a second connection keeps status, board and autocomplete
        # reads of other channels from queueing behind moves being written.
        self._reader = reader or db
        self._read_lock = asyncio.Lock() if reader is not None else self._lock
        self.path = path
        self._open: dict[int, int] = {}  # id(connection) -> transactions of several statements under way
        self._ending: dict[int, asyncio.Future[Any]] = {}  # id(connection) -> its queued ROLLBACK/COMMIT

    # ------------------------------------------------------------------ lifecycle

    @classmethod
    async def open(cls, path: str | Path) -> Store:
        """Open (creating and migrating if needed) the database; StorageError if that is impossible."""
        db = await connect(path)
        try:
            for statement in (*_APPEND_MOVE, *_START_GAME):
                await db.execute(statement)
        except sqlite3.Error as exc:
            await db.close()
            raise StorageError(f"cannot prepare the database connection at {path}: {exc}") from exc
        if str(path) == ":memory:":
            return cls(db, str(path))  # a second connection would see another, empty database
        try:
            reader = await connect(path, migrate_schema=False)
        except StorageError:
            await db.close()
            raise
        return cls(db, str(path), reader)

    async def close(self) -> None:
        async with self._lock:
            await self._db.close()
        if self._reader is not self._db:
            async with self._read_lock:
                await self._reader.close()

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # Every call on an aiosqlite connection is queued to its one thread and runs in order. A transaction of several
    # statements holds the connection's asyncio.Lock so that no other statement runs between its BEGIN and COMMIT.
    # A single statement is a transaction by itself (autocommit): it is simply queued, without the lock, unless a
    # transaction of several statements is under way on that connection; the queue keeps it outside of any. So the
    # moves and announcement writes of many channels follow each other on the database thread without waiting for
    # the event loop in between.

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[aiosqlite.Connection]:
        # IMMEDIATE takes the write lock up front, so a version check made inside the transaction
        # still holds at COMMIT (no other writer can slip in between).
        async with self._lock:
            with self._transaction(self._db):
                await self._db.execute("BEGIN IMMEDIATE")
                try:
                    yield self._db
                except BaseException:
                    await self._rollback(self._db)
                    raise
                await self._db.execute("COMMIT")

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[aiosqlite.Connection]:
        # A read transaction gives the several SELECTs of one call a consistent view.
        async with self._read_lock:
            with self._transaction(self._reader):
                await self._reader.execute("BEGIN")
                try:
                    yield self._reader
                finally:
                    await self._rollback(self._reader, "COMMIT")

    @contextlib.contextmanager
    def _transaction(self, conn: aiosqlite.Connection) -> Iterator[None]:
        # Entered right after the lock is taken, with no await in between.
        self._open[id(conn)] = self._open.get(id(conn), 0) + 1
        try:
            yield
        finally:
            ending = self._ending.pop(id(conn), None)
            if ending is None or ending.done():
                self._close_transaction(conn)
            else:  # cancelled while the ROLLBACK/COMMIT is still queued: the transaction is open until it ran
                ending.add_done_callback(lambda _: self._close_transaction(conn))

    def _close_transaction(self, conn: aiosqlite.Connection) -> None:
        left = self._open.get(id(conn), 0) - 1
        if left > 0:
            self._open[id(conn)] = left
        else:
            self._open.pop(id(conn), None)

    async def _rollback(self, conn: aiosqlite.Connection, statement: str = "ROLLBACK") -> None:
        ending = asyncio.ensure_future(conn.execute(statement))
        self._ending[id(conn)] = ending
        await asyncio.shield(ending)

    async def _single(self, conn: aiosqlite.Connection, lock: Any, sql: str, params: Sequence[Any]) -> list[Any]:
        """One statement as its own transaction: queued at once unless a transaction is open on the connection."""
        if id(conn) in self._open:
            async with lock:
                return list(await conn.execute_fetchall(sql, params))
        # No await before the call is queued: nothing can open a transaction in between.
        return list(await conn.execute_fetchall(sql, params))

    async def _fetch(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        """One SELECT on the reader: a single statement is a consistent snapshot by itself (autocommit), so it
        needs no BEGIN/COMMIT around it, which would be two more trips to the database thread."""
        return await self._single(self._reader, self._read_lock, sql, params)

    async def _write_one(self, sql: str, params: Sequence[Any]) -> list[sqlite3.Row]:
        """One writing statement as its own transaction (autocommit): one trip to the database thread.

        A single statement is atomic; in autocommit mode SQLite takes the write lock for it through the busy
        handler just as BEGIN IMMEDIATE would, and commits it (with the fsync of synchronous=FULL) before
        returning. RETURNING rows are fetched in the same trip.
        """
        return await self._single(self._db, self._lock, sql, params)

    @asynccontextmanager
    async def exclusive(self, key: str) -> AsyncIterator[bool]:
        """Hold the lock named `key` among the processes on this database (see PostgresStore.exclusive).

        One SQLite file is served by one process (it cannot be shared across machines), so it is always held.
        """
        del key
        yield True

    # ------------------------------------------------------------------ lobby

    async def create_game(
        self,
        guild_id: int | None,
        channel_id: int,
        game: str,
        options: dict[str, Any],
        seed: int,
        host_user_id: int,
        now: float,
        host_name: str | None = None,
        seed_public: bool = False,
    ) -> GameRecord:
        """A new lobby in the channel (host seated at 0 if host_name is given); ChannelBusy if one is open.

        `seed_public`: the seed was chosen by a person, so everyone must be shown it (see docs/storage.md)."""
        async with self._write() as db:
            try:
                cursor = await db.execute(
                    "INSERT INTO games (guild_id, channel_id, game, options, seed, status, host_user_id,"
                    " created_at, updated_at, seed_public) VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?)",
                    (guild_id, channel_id, game, json.dumps(options), seed, host_user_id, now, now, int(seed_public)),
                )
            except sqlite3.IntegrityError as exc:
                raise ChannelBusy(channel_id) from exc
            game_id = cursor.lastrowid
            assert game_id is not None
            if host_name is not None:
                await _insert_player(db, game_id, 0, host_user_id, host_name, None, now)
            return await _game(db, game_id)

    async def join(self, game_id: int, user_id: int, display_name: str, max_seats: int, now: float) -> PlayerRecord:
        """Seat a user at the next seat of a lobby; AlreadyJoined, GameFull or WrongStatus otherwise."""
        async with self._write() as db:
            seat = await _next_seat(db, game_id, max_seats)
            if await _seat_of(db, game_id, user_id) is not None:
                raise AlreadyJoined(game_id, user_id)
            return await _insert_player(db, game_id, seat, user_id, display_name, None, now)

    async def add_ai(
        self, game_id: int, display_name: str, ai_kind: AiKind, max_seats: int, now: float
    ) -> PlayerRecord:
        """Seat an AI (user_id None) at the next seat of a lobby."""
        async with self._write() as db:
            seat = await _next_seat(db, game_id, max_seats)
            return await _insert_player(db, game_id, seat, None, display_name, ai_kind, now)

    async def leave(self, game_id: int, user_id: int, now: float) -> PlayerRecord:
        """Remove a user from a lobby; later seats move up one. Returns the removed seat."""
        async with self._write() as db:
            await _require_status(db, game_id, "lobby")
            seat = await _seat_of(db, game_id, user_id)
            if seat is None:
                raise NotJoined(game_id, user_id)
            return await _remove_seat(db, game_id, seat, now)

    async def remove_seat(self, game_id: int, seat: int, now: float) -> PlayerRecord:
        """Remove any seat (e.g. an AI) from a lobby; later seats move up one."""
        async with self._write() as db:
            await _require_status(db, game_id, "lobby")
            return await _remove_seat(db, game_id, seat, now)

    async def set_options(self, game_id: int, options: dict[str, Any], now: float) -> GameRecord:
        """Replace a lobby's variant options (WrongStatus once the game has started)."""
        async with self._write() as db:
            await _require_status(db, game_id, "lobby")
            await db.execute(
                "UPDATE games SET options = ?, updated_at = ? WHERE id = ?", (json.dumps(options), now, game_id)
            )
            return await _game(db, game_id)

    async def start_game(self, game_id: int, initial_state: State, now: float) -> GameRecord:
        """Lobby -> active with snapshot version 0; the state must have one player per seat, in seat order."""
        saved = replay.saved_game(initial_state)
        state_json = replay.state_to_json(initial_state)
        if initial_state.version != 0 or saved["moves"]:
            raise ValueError("start_game needs the state of engine.new_game (version 0, no moves)")
        setup = {key: value for key, value in saved.items() if key != "moves"}
        players = len(saved["players"])
        try:
            # One statement (see _START_GAME): one trip to the database thread, no lock held across trips.
            await self._write_one(
                "INSERT INTO temp.game_starts VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, json.dumps(setup), players, _current_seat(initial_state), state_json, now),
            )
        except sqlite3.IntegrityError:  # nothing was written: say why
            rows = await self._write_one(
                "SELECT status, (SELECT COUNT(*) FROM players WHERE game_id = ?) FROM games WHERE id = ?",
                (game_id, game_id),
            )
            if not rows:
                raise GameNotFound(game_id) from None
            status, seats = rows[0]
            if status != "lobby":
                raise WrongStatus(game_id, status, "lobby") from None
            if seats != players:
                raise StorageError(f"game {game_id} has {seats} seats but the state has {players} players") from None
            raise
        return await self.game(game_id)

    async def abandon_game(self, game_id: int, now: float) -> GameRecord:
        """End a lobby or active game without a result; it stays in the history."""
        return await self._end(game_id, "abandoned", now)

    async def finish_game(self, game_id: int, now: float) -> GameRecord:
        """Mark an active game finished (record_move does this by itself when the state is game over)."""
        return await self._end(game_id, "finished", now)

    async def _end(self, game_id: int, status: str, now: float) -> GameRecord:
        async with self._write() as db:
            wanted = ("lobby", "active") if status == "abandoned" else ("active",)
            await _require_status(db, game_id, *wanted)
            await db.execute(
                "UPDATE games SET status = ?, ended_at = ?, updated_at = ?, current_seat = NULL WHERE id = ?",
                (status, now, now, game_id),
            )
            return await _game(db, game_id)

    async def replace_seat(
        self,
        game_id: int,
        seat: int,
        user_id: int | None,
        display_name: str,
        ai_kind: AiKind | None,
        now: float,
    ) -> PlayerRecord:
        """Hand a seat to a substitute user (ai_kind None) or to an AI (user_id None); the seat number stays."""
        async with self._write() as db:
            await _require_status(db, game_id, "lobby", "active")
            if user_id is not None:
                taken = await _seat_of(db, game_id, user_id)
                if taken is not None and taken != seat:
                    raise AlreadyJoined(game_id, user_id)
            cursor = await db.execute(
                "UPDATE players SET user_id = ?, display_name = ?, is_ai = ?, ai_kind = ?, joined_at = ?"
                " WHERE game_id = ? AND seat = ?",
                (user_id, display_name, int(ai_kind is not None), ai_kind, now, game_id, seat),
            )
            if cursor.rowcount == 0:
                raise SeatNotFound(game_id, seat)
            await db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
            return await _player(db, game_id, seat)

    async def set_message_ids(
        self,
        game_id: int,
        *,
        board_message_id: int | _Unset | None = UNSET,
        turn_message_id: int | _Unset | None = UNSET,
    ) -> GameRecord:
        """Remember the Discord messages the bot edits; arguments left out are unchanged."""
        return await self._set_game_fields(game_id, None, board_message_id, turn_message_id)

    async def set_announced_version(
        self,
        game_id: int,
        version: int,
        *,
        board_message_id: int | _Unset | None = UNSET,
        turn_message_id: int | _Unset | None = UNSET,
    ) -> GameRecord:
        """Remember that the channel has been shown the state at `version` (never moves backwards), together
        with the messages that show it if given (one transaction instead of two)."""
        return await self._set_game_fields(game_id, version, board_message_id, turn_message_id)

    async def _set_game_fields(
        self,
        game_id: int,
        version: int | None,
        board_message_id: int | _Unset | None,
        turn_message_id: int | _Unset | None,
    ) -> GameRecord:
        rows = await self._write_one(
            "UPDATE games SET"
            " board_message_id = CASE WHEN ? THEN ? ELSE board_message_id END,"
            " turn_message_id = CASE WHEN ? THEN ? ELSE turn_message_id END,"
            " announced_version = CASE WHEN ? IS NULL THEN announced_version"
            " ELSE MAX(COALESCE(announced_version, -1), ?) END"
            " WHERE id = ? RETURNING *," + _VERSION_OF_GAMES_ROW,
            (
                board_message_id is not UNSET,
                None if board_message_id is UNSET else board_message_id,
                turn_message_id is not UNSET,
                None if turn_message_id is UNSET else turn_message_id,
                version,
                version,
                game_id,
            ),
        )
        if not rows:
            raise GameNotFound(game_id)
        return GameRecord.from_row(rows[0])

    # ------------------------------------------------------------------ queries

    async def game(self, game_id: int) -> GameRecord:
        """The game with this id; GameNotFound otherwise."""
        rows = await self._fetch(_GAME_SELECT + " WHERE g.id = ?", (game_id,))
        if not rows:
            raise GameNotFound(game_id)
        return GameRecord.from_row(rows[0])

    async def active_game(self, channel_id: int) -> GameRecord | None:
        """The channel's game in the lobby or in progress, if any."""
        rows = await self._fetch(
            _GAME_SELECT + " WHERE g.channel_id = ? AND g.status IN ('lobby', 'active')", (channel_id,)
        )
        return GameRecord.from_row(rows[0]) if rows else None

    async def active_games(self) -> list[GameRecord]:
        """Every game in the lobby or in progress, in all channels, oldest first."""
        rows = await self._fetch(_GAME_SELECT + " WHERE g.status IN ('lobby', 'active') ORDER BY g.id")
        return [GameRecord.from_row(row) for row in rows]

    async def unannounced_games(self) -> list[GameRecord]:
        """Started games (active, or finished) whose latest state the channel has not been shown yet."""
        rows = await self._fetch(
            "SELECT * FROM (" + _GAME_SELECT + " WHERE g.status IN ('active', 'finished'))"
            " WHERE COALESCE(announced_version, -1) < version ORDER BY id"
        )
        return [GameRecord.from_row(row) for row in rows]

    async def history(self, channel_id: int, limit: int = 20) -> list[GameRecord]:
        """The channel's games of every status, newest first."""
        rows = await self._fetch(
            _GAME_SELECT + " WHERE g.channel_id = ? ORDER BY g.created_at DESC, g.id DESC LIMIT ?",
            (channel_id, limit),
        )
        return [GameRecord.from_row(row) for row in rows]

    async def games_of_user(self, user_id: int, open_only: bool = True) -> list[GameRecord]:
        """Games in which the user holds a seat (open ones only by default), newest first."""
        status = "AND g.status IN ('lobby', 'active')" if open_only else ""
        rows = await self._fetch(
            _GAME_SELECT + " JOIN players p ON p.game_id = g.id WHERE p.user_id = ? "
            f"{status} ORDER BY g.created_at DESC, g.id DESC",
            (user_id,),
        )
        return [GameRecord.from_row(row) for row in rows]

    async def players(self, game_id: int) -> list[PlayerRecord]:
        """The seats in seat order (join order while in the lobby)."""
        rows = await self._fetch("SELECT * FROM players WHERE game_id = ? ORDER BY seat", (game_id,))
        return [PlayerRecord.from_row(row) for row in rows]

    async def recent_moves(self, game_id: int, limit: int = 10) -> list[MoveRecord]:
        """The newest `limit` moves with their events, oldest of them first (ready to print as a log)."""
        rows = await self._fetch("SELECT * FROM moves WHERE game_id = ? ORDER BY seq DESC LIMIT ?", (game_id, limit))
        return [MoveRecord.from_row(row) for row in reversed(rows)]

    async def moves(self, game_id: int, after: int = 0, limit: int | None = None) -> list[MoveRecord]:
        """The moves with seq > after, in order (at most `limit` of them if given)."""
        rows = await self._fetch(
            "SELECT * FROM moves WHERE game_id = ? AND seq > ? ORDER BY seq LIMIT ?",
            (game_id, after, -1 if limit is None else limit),
        )
        return [MoveRecord.from_row(row) for row in rows]

    async def undos(self, game_id: int) -> list[UndoRecord]:
        """The moves taken back in this game (Store.rollback with `undone_by`), oldest first."""
        rows = await self._fetch("SELECT * FROM undos WHERE game_id = ? ORDER BY created_at, seq DESC", (game_id,))
        return [UndoRecord.from_row(row) for row in rows]

    # ------------------------------------------------------------------ per-user settings

    async def set_dm_reminders(self, user_id: int, on: bool, now: float) -> None:
        """Whether the user wants their turn reminders by direct message as well (in every game)."""
        await self._write_one(
            "INSERT INTO user_settings (user_id, dm_reminders, updated_at) VALUES (?, ?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET dm_reminders = excluded.dm_reminders,"
            " updated_at = excluded.updated_at",
            (user_id, int(on), now),
        )

    async def dm_reminders(self, user_id: int) -> bool:
        """Whether the user asked for reminders by direct message (off unless they did)."""
        rows = await self._fetch("SELECT dm_reminders FROM user_settings WHERE user_id = ?", (user_id,))
        return bool(rows and rows[0]["dm_reminders"])

    async def idle_games(self, now: float, idle_seconds: float, max_reminders: int | None = None) -> list[IdleGame]:
        """Active games whose current player has not moved for idle_seconds and was not reminded within it.

        Calling this every few minutes and mark_reminded() after each ping gives one reminder per
        idle_seconds of silence; max_reminders caps them (reminders_sent resets on every move).
        """
        cutoff = now - idle_seconds
        async with self._read() as db:
            rows = await db.execute_fetchall(
                _GAME_SELECT + " WHERE g.status = 'active'"
                " AND COALESCE(g.last_move_at, g.started_at) <= ?"
                " AND (g.last_reminder_at IS NULL OR g.last_reminder_at <= ?)"
                " AND (? IS NULL OR g.reminders_sent < ?)"
                " ORDER BY COALESCE(g.last_move_at, g.started_at), g.id",
                (cutoff, cutoff, max_reminders, max_reminders),
            )
            out = []
            for row in rows:
                game = GameRecord.from_row(row)
                player = None
                if game.current_seat is not None:
                    prow = await db.execute_fetchall(
                        "SELECT * FROM players WHERE game_id = ? AND seat = ?", (game.id, game.current_seat)
                    )
                    player = PlayerRecord.from_row(next(iter(prow))) if prow else None
                since = game.last_move_at if game.last_move_at is not None else game.started_at
                assert since is not None
                out.append(IdleGame(game, player, since))
        return out

    async def mark_reminded(self, game_id: int, now: float) -> GameRecord:
        """Count a reminder sent now for the game."""
        async with self._write() as db:
            await db.execute(
                "UPDATE games SET reminders_sent = reminders_sent + 1, last_reminder_at = ? WHERE id = ?",
                (now, game_id),
            )
            return await _game(db, game_id)

    # ------------------------------------------------------------------ moves and state

    async def record_move(
        self,
        game_id: int,
        expected_version: int,
        move: Any,
        new_state: State,
        events: Sequence[dict[str, Any]],
        user_id: int | None,
        now: float,
    ) -> MoveRecord:
        """Append one accepted move, its events and the new snapshot in one transaction.

        StaleVersion (nothing written) if the log is no longer at expected_version, i.e. another
        interaction moved first: reload the state and re-validate.
        """
        record, _ = await self.append_move(game_id, expected_version, move, new_state, events, user_id, now)
        return record

    async def append_move(
        self,
        game_id: int,
        expected_version: int,
        move: Any,
        new_state: State,
        events: Sequence[dict[str, Any]],
        user_id: int | None,
        now: float,
        known: GameRecord | None = None,
        actor: str | None = None,
    ) -> tuple[MoveRecord, GameRecord]:
        """record_move, also returning the game after the move.

        `actor`: who acted, named as they are now ("alice", "AI for bob"); the log shows it forever.

        `known`: the game as the caller holds it at expected_version; the returned record is then that one with
        the columns the move changes (no read). Its message ids and announced version are the caller's copy.
        Without it (or if it is not that game at that version) the game is read again after the move.
        """
        if known is not None and (known.id != game_id or known.version != expected_version):
            known = None
        if new_state.version != expected_version + 1:
            raise ValueError(f"new_state.version is {new_state.version}, expected {expected_version + 1}")
        # Serialise before taking the lock: engine work does not need the database.
        move_json = replay.move_json(move)
        state_json = replay.state_to_json(new_state)
        events_json = json.dumps(list(events))
        over = bool(new_state.game_over)
        seq = expected_version + 1
        params = (game_id, expected_version, move_json, events_json, user_id, now, state_json)
        try:
            # One statement, so one trip to the database thread; see _APPEND_MOVE for what it does.
            await self._write_one(
                "INSERT INTO temp.move_appends VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (*params, None if over else _current_seat(new_state), over, actor),
            )
        except sqlite3.IntegrityError as exc:  # nothing was written: say why
            rows = await self._write_one(_STATUS_AND_VERSION, (game_id, game_id))
            if not rows:
                raise GameNotFound(game_id) from None
            status, actual = rows[0]
            if status != "active":
                raise WrongStatus(game_id, status, "active") from None
            raise StaleVersion(game_id, expected_version, actual) from exc
        if known is None:
            game = await self.game(game_id)
        else:  # the columns the trigger of _APPEND_MOVE sets
            game = dataclasses.replace(
                known,
                status="finished" if over else "active",
                updated_at=now,
                last_move_at=now,
                reminders_sent=0,
                last_reminder_at=None,
                current_seat=None if over else _current_seat(new_state),
                ended_at=now if over else known.ended_at,
                version=seq,
            )
        move_record = MoveRecord(
            game_id=game_id,
            seq=seq,
            move=json.loads(move_json),
            events=json.loads(events_json),
            user_id=user_id,
            created_at=now,
            actor=actor,
        )
        return move_record, game

    async def load_state(self, game_id: int) -> State:
        """The current state: the snapshot if it is sound and matches the log, else rebuilt by replay."""
        async with self._read() as db:
            await _require_status(db, game_id, "active", "finished", "abandoned")
            version = await _log_version(db, game_id)
            rows = await db.execute_fetchall("SELECT version, state FROM snapshots WHERE game_id = ?", (game_id,))
        if rows:
            row = next(iter(rows))
            state = replay.parse_state(row["state"])
            if state is not None and row["version"] == version and state.version == version:
                return state
            log.warning("game %s: snapshot unusable (log at version %s); rebuilding by replay", game_id, version)
        else:
            log.warning("game %s: snapshot missing; rebuilding by replay", game_id)
        return await self.rebuild_state(game_id)

    async def rebuild_state(self, game_id: int, now: float | None = None) -> State:
        """Replay the log from the game's setup, fix the snapshot if it differs, return the state.

        LogCorrupt if the log does not replay. `now` stamps a rewritten snapshot (default: the last move's time).
        """
        async with self._write() as db:
            saved = await _saved_game(db, game_id)
            state = replay.replay(game_id, saved)
            state_json = replay.state_to_json(state)
            rows = await db.execute_fetchall("SELECT version, state FROM snapshots WHERE game_id = ?", (game_id,))
            current = next(iter(rows)) if rows else None
            if current is None or current["version"] != state.version or current["state"] != state_json:
                stamp = now if now is not None else await _last_activity(db, game_id)
                await _put_snapshot(db, game_id, state.version, state_json, stamp)
            return state

    async def saved_game(self, game_id: int) -> dict[str, Any]:
        """The game as engine.replay takes it: setup plus the move log (for export and tests)."""
        async with self._read() as db:
            return await _saved_game(db, game_id)

    async def rollback(
        self,
        game_id: int,
        to_version: int,
        now: float,
        expected_version: int | None = None,
        undone_by: str | None = None,
    ) -> State:
        """Undo: delete the moves after to_version and rebuild the snapshot by replay, in one transaction.

        A finished game becomes active again. expected_version guards against undoing a move that
        someone else made meanwhile (StaleVersion). Returns the state at to_version.
        `undone_by` (words: who undid it) keeps each deleted move in the undos table for the log, and marks the
        channel as not yet shown the state at to_version (games.announced_version), in the same transaction.
        """
        async with self._write() as db:
            status = await _require_status(db, game_id, "active", "finished")
            version = await _log_version(db, game_id)
            if expected_version is not None and version != expected_version:
                raise StaleVersion(game_id, expected_version, version)
            if not 0 <= to_version <= version:
                raise ValueError(f"cannot roll game {game_id} back to version {to_version} (it is at {version})")
            saved = await _saved_game(db, game_id, up_to=to_version)
            state = replay.replay(game_id, saved)
            if undone_by is not None:
                await db.execute(
                    "INSERT INTO undos (game_id, seq, move, events, actor, undone_by, created_at)"
                    " SELECT game_id, seq, move, events, actor, ?, ? FROM moves WHERE game_id = ? AND seq > ?"
                    " ORDER BY seq DESC",
                    (undone_by, now, game_id, to_version),
                )
                await db.execute(
                    "UPDATE games SET announced_version = MIN(COALESCE(announced_version, -1), ?) WHERE id = ?",
                    (to_version - 1, game_id),
                )
            await db.execute("DELETE FROM moves WHERE game_id = ? AND seq > ?", (game_id, to_version))
            await _put_snapshot(db, game_id, to_version, replay.state_to_json(state), now)
            over = bool(state.game_over)
            try:
                await db.execute(
                    "UPDATE games SET status = ?, current_seat = ?, updated_at = ?, last_move_at = ?,"
                    " ended_at = CASE WHEN ? THEN ended_at ELSE NULL END,"
                    " reminders_sent = 0, last_reminder_at = NULL WHERE id = ?",
                    ("finished" if over else "active", None if over else _current_seat(state), now, now, over, game_id),
                )
            except sqlite3.IntegrityError as exc:  # reopening a finished game in a channel now busy
                assert status == "finished"
                raise ChannelBusy((await _game(db, game_id)).channel_id) from exc
            return state


# ---------------------------------------------------------------------- helpers (inside a transaction)


async def _game(db: aiosqlite.Connection, game_id: int) -> GameRecord:
    rows = await db.execute_fetchall(_GAME_SELECT + " WHERE g.id = ?", (game_id,))
    if not rows:
        raise GameNotFound(game_id)
    return GameRecord.from_row(next(iter(rows)))


async def _require_status(db: aiosqlite.Connection, game_id: int, *wanted: str) -> str:
    rows = await db.execute_fetchall("SELECT status FROM games WHERE id = ?", (game_id,))
    if not rows:
        raise GameNotFound(game_id)
    status = next(iter(rows))["status"]
    if status not in wanted:
        raise WrongStatus(game_id, status, " or ".join(wanted))
    return status


async def _log_version(db: aiosqlite.Connection, game_id: int) -> int:
    rows = await db.execute_fetchall("SELECT COALESCE(MAX(seq), 0) FROM moves WHERE game_id = ?", (game_id,))
    return int(next(iter(rows))[0])


async def _last_activity(db: aiosqlite.Connection, game_id: int) -> float:
    game = await _game(db, game_id)
    return game.last_move_at or game.started_at or game.updated_at


async def _players(db: aiosqlite.Connection, game_id: int) -> list[PlayerRecord]:
    rows = await db.execute_fetchall("SELECT * FROM players WHERE game_id = ? ORDER BY seat", (game_id,))
    return [PlayerRecord.from_row(row) for row in rows]


async def _player(db: aiosqlite.Connection, game_id: int, seat: int) -> PlayerRecord:
    rows = await db.execute_fetchall("SELECT * FROM players WHERE game_id = ? AND seat = ?", (game_id, seat))
    if not rows:
        raise SeatNotFound(game_id, seat)
    return PlayerRecord.from_row(next(iter(rows)))


async def _seat_of(db: aiosqlite.Connection, game_id: int, user_id: int) -> int | None:
    rows = await db.execute_fetchall("SELECT seat FROM players WHERE game_id = ? AND user_id = ?", (game_id, user_id))
    return int(next(iter(rows))["seat"]) if rows else None


async def _next_seat(db: aiosqlite.Connection, game_id: int, max_seats: int) -> int:
    await _require_status(db, game_id, "lobby")
    rows = await db.execute_fetchall("SELECT COUNT(*) FROM players WHERE game_id = ?", (game_id,))
    count = int(next(iter(rows))[0])
    if count >= max_seats:
        raise GameFull(game_id, max_seats)
    return count  # seats are contiguous in the lobby, so the count is the next free one


async def _insert_player(
    db: aiosqlite.Connection,
    game_id: int,
    seat: int,
    user_id: int | None,
    display_name: str,
    ai_kind: str | None,
    now: float,
) -> PlayerRecord:
    try:
        await db.execute(
            "INSERT INTO players (game_id, seat, user_id, display_name, is_ai, ai_kind, joined_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game_id, seat, user_id, display_name, int(ai_kind is not None), ai_kind, now),
        )
    except sqlite3.IntegrityError as exc:
        if user_id is not None and await _seat_of(db, game_id, user_id) is not None:
            raise AlreadyJoined(game_id, user_id) from exc
        raise
    await db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
    return await _player(db, game_id, seat)


async def _remove_seat(db: aiosqlite.Connection, game_id: int, seat: int, now: float) -> PlayerRecord:
    removed = await _player(db, game_id, seat)
    await db.execute("DELETE FROM players WHERE game_id = ? AND seat = ?", (game_id, seat))
    # Close the gap one row at a time, lowest first, so the (game_id, seat) key is never violated midway.
    rows = await db.execute_fetchall(
        "SELECT seat FROM players WHERE game_id = ? AND seat > ? ORDER BY seat", (game_id, seat)
    )
    for row in rows:
        await db.execute("UPDATE players SET seat = seat - 1 WHERE game_id = ? AND seat = ?", (game_id, row["seat"]))
    await db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
    return removed


async def _put_snapshot(db: aiosqlite.Connection, game_id: int, version: int, state_json: str, now: float) -> None:
    await db.execute(
        "INSERT INTO snapshots (game_id, version, state, updated_at) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, state = excluded.state,"
        " updated_at = excluded.updated_at",
        (game_id, version, state_json, now),
    )


async def _saved_game(db: aiosqlite.Connection, game_id: int, up_to: int | None = None) -> dict[str, Any]:
    rows = await db.execute_fetchall("SELECT setup FROM games WHERE id = ?", (game_id,))
    if not rows:
        raise GameNotFound(game_id)
    setup = next(iter(rows))["setup"]
    if setup is None:
        raise WrongStatus(game_id, "lobby", "started")
    limit = up_to if up_to is not None else -1
    moves = await db.execute_fetchall(
        "SELECT move FROM moves WHERE game_id = ? AND (? < 0 OR seq <= ?) ORDER BY seq", (game_id, limit, limit)
    )
    saved = json.loads(setup)
    saved["moves"] = [json.loads(row["move"]) for row in moves]
    return saved


def _current_seat(state: State) -> int | None:
    seat = getattr(state, "current_player", None)
    return int(seat) if seat is not None else None
