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

from . import archive, one_trip, replay, snapshots
from .db import connect
from .errors import (
    AlreadyJoined,
    ChannelBusy,
    GameFull,
    GameNotFound,
    LogCorrupt,
    NotJoined,
    RecordCorrupt,
    SeatChanged,
    SeatNotFound,
    StaleVersion,
    StorageError,
    WrongStatus,
)
from .file_watch import FileWatch
from .files import ProcessLock, check_not_missing, check_writable
from .records import GAME_COLUMNS, AiKind, GameRecord, IdleGame, MoveRecord, PlayerRecord, UndoRecord

log = logging.getLogger(__name__)

State = Any  # an engine state; storage treats it as opaque apart from .version/.game_over/.current_player

# games.version is the log's length, kept so by triggers on moves (migration 0003).
_GAME_SELECT = f"SELECT {GAME_COLUMNS} FROM games g"
_STATUS_AND_VERSION = "SELECT status, version FROM games WHERE id = ?"
# The seat a refused move was for, to say what changed.
_SEAT_HOLDER = "SELECT user_id, is_ai FROM players WHERE game_id = ? AND seat = ?"
_SEAT_CHANGED = "seat changed"

# Store.append_move as one statement: `INSERT INTO temp.move_appends` runs this trigger, which checks that the game
# is active and its log at the expected version, and that the seat the move is for is still held by whom the caller
# believes (else it aborts, and nothing is written: the check and the write are one transaction, so a seat handed
# away by another process in between cannot slip through), appends the move, updates the game (extending its log
# digest) and, when one is due (state not NULL: storage/snapshots.py), replaces the snapshot (with its digests, see
# storage/replay.py). A single statement in autocommit mode is one transaction,
# committed (with the fsync of synchronous=FULL) before the call returns, so the whole move costs one trip to the
# database thread instead of five. TEMP objects belong to the writer connection alone; the database schema is unchanged.
_APPEND_MOVE = (
    """
    CREATE TEMP VIEW IF NOT EXISTS move_appends
        (game_id, expected_version, move, events, user_id, created_at, state, state_text, current_seat, over, seat,
         holder, actor)
    AS SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
    """,
    """
    CREATE TEMP TRIGGER IF NOT EXISTS move_appends_insert INSTEAD OF INSERT ON move_appends
    BEGIN
        SELECT RAISE(ABORT, 'stale move: the game is not active or its log is not at the expected version')
        WHERE (SELECT status FROM games WHERE id = NEW.game_id) IS NOT 'active'
           OR (SELECT COALESCE(MAX(seq), 0) FROM moves WHERE game_id = NEW.game_id) != NEW.expected_version;
        SELECT RAISE(ABORT, 'seat changed: the seat is no longer held by whom the move is from')
        WHERE NEW.seat IS NOT NULL AND NOT EXISTS (
            SELECT 1 FROM players p WHERE p.game_id = NEW.game_id AND p.seat = NEW.seat
               AND CASE WHEN NEW.holder IS NULL THEN p.is_ai = 1 ELSE p.is_ai = 0 AND p.user_id = NEW.holder END);
        INSERT INTO moves (game_id, seq, move, events, user_id, created_at, actor)
        VALUES (NEW.game_id, NEW.expected_version + 1, NEW.move, NEW.events, NEW.user_id, NEW.created_at, NEW.actor);
        UPDATE games SET updated_at = NEW.created_at, last_move_at = NEW.created_at, reminders_sent = 0,
            last_reminder_at = NULL, current_seat = NEW.current_seat, log_digest = chain_digest(log_digest, NEW.move)
        WHERE id = NEW.game_id;
        -- Apart: SQLite rewrites the entries of every index on a column an UPDATE sets, changed or not, and status
        -- is in two (games_by_status, games_one_open_per_channel): two more pages written by every move.
        UPDATE games SET status = 'finished', ended_at = NEW.created_at WHERE id = NEW.game_id AND NEW.over;
        INSERT INTO snapshots (game_id, version, state, updated_at, log_digest, digest)
        SELECT NEW.game_id, NEW.expected_version + 1, NEW.state, NEW.created_at, g.log_digest,
            chain_digest(g.log_digest, NEW.state_text)
        FROM games g WHERE g.id = NEW.game_id AND NEW.state IS NOT NULL
        ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, state = excluded.state,
            updated_at = excluded.updated_at, log_digest = excluded.log_digest, digest = excluded.digest;
    END
    """,
)

# Store.start_game as one statement, in the same way: lobby -> active with the setup, snapshot version 0, provided
# the game is in the lobby and has as many seats as the state has players.
_START_GAME = (
    """
    CREATE TEMP VIEW IF NOT EXISTS game_starts (game_id, setup, players, current_seat, state, state_text, now)
    AS SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL
    """,
    """
    CREATE TEMP TRIGGER IF NOT EXISTS game_starts_insert INSTEAD OF INSERT ON game_starts
    BEGIN
        SELECT RAISE(ABORT, 'cannot start: the game is not in the lobby or its seats do not match the state')
        WHERE (SELECT status FROM games WHERE id = NEW.game_id) IS NOT 'lobby'
           OR (SELECT COUNT(*) FROM players WHERE game_id = NEW.game_id) != NEW.players;
        UPDATE games SET status = 'active', setup = NEW.setup, started_at = NEW.now, updated_at = NEW.now,
            current_seat = NEW.current_seat, reminders_sent = 0, last_reminder_at = NULL,
            log_digest = chain_digest('', NEW.setup)
        WHERE id = NEW.game_id;
        INSERT INTO snapshots (game_id, version, state, updated_at, log_digest, digest)
        VALUES (NEW.game_id, 0, NEW.state, NEW.now, chain_digest('', NEW.setup),
                chain_digest(chain_digest('', NEW.setup), NEW.state_text))
        ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, state = excluded.state,
            updated_at = excluded.updated_at, log_digest = excluded.log_digest, digest = excluded.digest;
    END
    """,
)

# Unannounced games: the active ones (through games_by_status; a move changes none of its entries) and the finished
# ones through the partial index games_unannounced_finished, which holds just those, so the thousands of finished games
# announced long ago are not read at all. INDEXED BY makes that a guarantee rather than the planner's guess.
_UNANNOUNCED_SELECT = f"""
    SELECT {GAME_COLUMNS} FROM games g WHERE g.status = 'active' AND g.version > COALESCE(g.announced_version, -1)
    UNION ALL
    SELECT {GAME_COLUMNS} FROM games g INDEXED BY games_unannounced_finished
    WHERE g.status = 'finished' AND g.version > COALESCE(g.announced_version, -1)
    ORDER BY id
"""
# An ended game's archived log (storage/archive.py), under names that do not clash with the snapshot's columns.
_ARCHIVE_COLUMNS = "a.moves AS a_moves, a.log_digest AS a_log_digest, a.digest AS a_digest, a.log AS a_log"
# Store.load_state in one statement (a single statement is a consistent read by itself: no transaction of several
# round trips): the game's setup and running log digest, its snapshot, and its moves' texts, in seq order (the primary
# key's order, which a WITHOUT ROWID table is scanned in), as a JSON array of strings, or its archived log.
_LOAD_SELECT = f"""
    SELECT g.status, g.setup, g.log_digest AS running, s.version, s.state, s.log_digest, s.digest,
        (SELECT json_group_array(m.move) FROM (SELECT move FROM moves WHERE game_id = g.id ORDER BY seq) m) AS moves,
        {_ARCHIVE_COLUMNS}
    FROM games g LEFT JOIN snapshots s ON s.game_id = g.id LEFT JOIN move_archives a ON a.game_id = g.id WHERE g.id = ?
"""
# Store.moves and Store.recent_moves in one statement: the rows asked for from the moves table (the query in {}),
# followed by the game's archive row if it has one (an ended game's log lives there instead; never both).
_MOVES_OR_ARCHIVE = f"""
    SELECT * FROM ({{}})
    UNION ALL
    SELECT a.game_id, NULL, NULL, NULL, NULL, NULL, NULL, g.setup, {_ARCHIVE_COLUMNS}
    FROM move_archives a JOIN games g ON g.id = a.game_id WHERE a.game_id = ?1
"""
_MOVE_ROW = (
    "SELECT game_id, seq, move, events, user_id, created_at, actor, NULL AS setup, NULL AS a_moves,"
    " NULL AS a_log_digest, NULL AS a_digest, NULL AS a_log FROM moves WHERE game_id = ?1"
)
_LOADABLE = ("active", "finished", "abandoned")
# Listings turn rows into records this many at a time (~2-5 ms of the event loop), yielding in between.
_ROWS_PER_SLICE = 500

# IdleGame rows: the game and the seat to act, in one statement (a query per game held the reader for a second at
# 10,000 games). Active games are found through games_by_status; an index on the time of the last move would save
# reading the active games that are not idle, but cost a page written per move (its key changes with every move).
_IDLE_SELECT = f"""
    SELECT {GAME_COLUMNS}, p.seat AS p_seat, p.user_id AS p_user_id, p.display_name AS p_display_name,
        p.is_ai AS p_is_ai, p.ai_kind AS p_ai_kind, p.joined_at AS p_joined_at
    FROM games g LEFT JOIN players p ON p.game_id = g.id AND p.seat = g.current_seat
    WHERE g.status = 'active' AND COALESCE(g.last_move_at, g.started_at) <= ?
        AND (g.last_reminder_at IS NULL OR g.last_reminder_at <= ?) AND (? IS NULL OR g.reminders_sent < ?)
    ORDER BY COALESCE(g.last_move_at, g.started_at), g.id
"""


class _Unset(enum.Enum):
    UNSET = enum.auto()


UNSET = _Unset.UNSET


class Store:
    """Games, seats, move log and snapshots in one SQLite file (WAL).

    One Store holds a writer and a reader connection; an asyncio.Lock per connection serialises its
    transactions because statements of two coroutines would otherwise interleave inside one SQLite transaction.
    Across processes, BEGIN IMMEDIATE plus the busy timeout serialise writers.
    """

    def __init__(
        self,
        db: aiosqlite.Connection,
        path: str,
        reader: aiosqlite.Connection | None = None,
        *,
        lock: ProcessLock | None = None,
        watch: FileWatch | None = None,
        created: bool = False,
        lister: aiosqlite.Connection | None = None,
    ) -> None:
        self._db = db
        self._lock = asyncio.Lock()
        # WAL lets readers run beside the writer: a second connection keeps status, board and autocomplete
        # reads of other channels from queueing behind moves being written.
        self._reader = reader or db
        self._read_lock = asyncio.Lock() if reader is not None else self._lock
        # The periodic listings over all games (reminders, AI seats, catch-up) read thousands of rows: on a third
        # connection, so a channel's reads never queue behind them on the reader's database thread.
        self._lister = lister or self._reader
        self._list_lock = asyncio.Lock() if lister is not None else self._read_lock
        self.path = path
        self._open: dict[int, int] = {}  # id(connection) -> transactions of several statements under way
        self._ending: dict[int, asyncio.Future[Any]] = {}  # id(connection) -> its queued ROLLBACK/COMMIT
        self._lock_file = lock
        self._watch = watch
        # True when open() created a new, empty database file (it also logs a warning saying so).
        self.created = created
        self._broken_logged: set[int] = set()  # games whose damaged row was logged already

    # ------------------------------------------------------------------ lifecycle

    @classmethod
    async def open(cls, path: str | Path, *, lock: bool = True) -> Store:
        """Open (creating and migrating if needed) the database; StorageError if that is impossible.

        DatabaseInUse if another process has the file open (lock=False skips that lock: only for tools and
        tests looking at a database a running bot owns), DatabaseMissing if the file is gone but traces of it are
        not, DatabaseDamaged if the integrity check fails. A new empty database is logged and flagged (`created`).
        """
        if str(path) == ":memory:":
            db = await connect(path)
            await _prepare(db, path)
            return cls(db, str(path))  # a second connection would see another, empty database
        file = Path(path)
        process_lock = ProcessLock(file) if lock else None
        reader = lister = db = None
        try:
            try:
                # A fresh deployment's data directory need not exist yet.
                file.parent.mkdir(parents=True, exist_ok=True)
                if file.is_dir():  # sqlite3 would fail too, but leave aiosqlite's thread behind
                    raise IsADirectoryError("it is a directory")
                created = process_lock.acquire() if process_lock is not None else check_not_missing(file)
                check_writable(file)
            except OSError as exc:
                raise StorageError(f"cannot open database at {path}: {exc}") from exc
            db = await connect(path)
            await _prepare(db, path)
            # The database file is written only by checkpoints; the store makes them itself (storage/file_watch.py).
            await db.execute("PRAGMA wal_autocheckpoint = 0")
            reader = await connect(path, migrate_schema=False)
            lister = await connect(path, migrate_schema=False)
            watch = FileWatch(file, process_lock)
            if process_lock is not None:
                process_lock.note_owner()
        except BaseException:
            for conn in (lister, reader, db):
                if conn is not None:
                    await conn.close()
            if process_lock is not None:
                process_lock.release()
            raise
        if created:
            log.warning("created a new, empty database at %s", file)
        return cls(db, str(path), reader, lock=process_lock, watch=watch, created=created, lister=lister)

    async def close(self) -> None:
        try:
            async with self._lock:
                await self._db.close()
            if self._reader is not self._db:
                async with self._read_lock:
                    await self._reader.close()
            if self._lister is not self._reader:
                async with self._list_lock:
                    await self._lister.close()
        finally:
            if self._lock_file is not None:
                self._lock_file.release()

    def check_file(self) -> None:
        """DatabaseMoved if a file of the database was deleted, replaced or overwritten since it was opened (also
        checked before and after every write); for a periodic health check."""
        if self._watch is not None:
            self._watch.check()

    # The file guards (storage/file_watch.py) around every write: refuse when the files are no longer the ones opened.

    async def _files_before(self, *, locked: bool = False) -> None:
        if self._watch is not None:
            await self._watch.before_write(self._on_writer_locked if locked else self._on_writer)

    async def _files_after(self, *, locked: bool = False) -> None:
        if self._watch is not None:
            await self._watch.after_write(self._on_writer_locked if locked else self._on_writer)

    async def _on_writer(self, sql: str) -> list[Any]:
        return await self._single(self._db, self._lock, sql, ())

    async def _on_writer_locked(self, sql: str) -> list[Any]:
        """For a caller holding the writer's lock with no transaction open on it."""
        return list(await self._db.execute_fetchall(sql))

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
            await self._files_before(locked=True)
            with self._transaction(self._db):
                await self._db.execute("BEGIN IMMEDIATE")
                try:
                    yield self._db
                except BaseException:
                    await self._rollback(self._db)
                    raise
                await self._db.execute("COMMIT")
            await self._files_after(locked=True)

    async def _write_whole(self, body: Any) -> Any:
        """A write transaction whose body (`async def body(db)`, written as for `_write`) runs whole on the database
        thread in one trip (storage/one_trip.py): no lock held across trips, so a burst of lobby commands does not
        queue behind each other's round trips. Like a single statement it takes the lock only while a transaction
        of several trips is open on the connection."""
        handles = one_trip.handles(self._db)
        if handles is None:  # an aiosqlite without the internals one_trip needs: several trips, as before
            async with self._write() as db:
                return await body(db)
        execute, conn = handles
        await self._files_before()
        if id(self._db) in self._open:
            async with self._lock:
                result = await execute(one_trip.run, conn, body)
        else:
            # No await before the call is queued: nothing can open a transaction in between. aiosqlite's own sqlite3
            # connection is used only on aiosqlite's thread, where `_execute` runs the function.
            result = await execute(one_trip.run, conn, body)
        await self._files_after()
        return result

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

    async def _list(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        """One SELECT over many games on the listing connection (see __init__)."""
        return await self._single(self._lister, self._list_lock, sql, params)

    async def _write_one(self, sql: str, params: Sequence[Any]) -> list[sqlite3.Row]:
        """One writing statement as its own transaction (autocommit): one trip to the database thread.

        A single statement is atomic; in autocommit mode SQLite takes the write lock for it through the busy
        handler just as BEGIN IMMEDIATE would, and commits it (with the fsync of synchronous=FULL) before
        returning. RETURNING rows are fetched in the same trip.
        """
        await self._files_before()
        rows = await self._single(self._db, self._lock, sql, params)
        await self._files_after()
        return rows

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

        async def body(db: Any) -> Any:
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

        return await self._write_whole(body)

    async def join(self, game_id: int, user_id: int, display_name: str, max_seats: int, now: float) -> PlayerRecord:
        """Seat a user at the next seat of a lobby; AlreadyJoined, GameFull or WrongStatus otherwise."""

        async def body(db: Any) -> Any:
            seat = await _next_seat(db, game_id, max_seats)
            if await _seat_of(db, game_id, user_id) is not None:
                raise AlreadyJoined(game_id, user_id)
            return await _insert_player(db, game_id, seat, user_id, display_name, None, now)

        return await self._write_whole(body)

    async def add_ai(
        self, game_id: int, display_name: str, ai_kind: AiKind, max_seats: int, now: float
    ) -> PlayerRecord:
        """Seat an AI (user_id None) at the next seat of a lobby."""

        async def body(db: Any) -> Any:
            seat = await _next_seat(db, game_id, max_seats)
            return await _insert_player(db, game_id, seat, None, display_name, ai_kind, now)

        return await self._write_whole(body)

    async def leave(self, game_id: int, user_id: int, now: float) -> PlayerRecord:
        """Remove a user from a lobby; later seats move up one. Returns the removed seat."""

        async def body(db: Any) -> Any:
            await _require_status(db, game_id, "lobby")
            seat = await _seat_of(db, game_id, user_id)
            if seat is None:
                raise NotJoined(game_id, user_id)
            return await _remove_seat(db, game_id, seat, now)

        return await self._write_whole(body)

    async def remove_seat(self, game_id: int, seat: int, now: float) -> PlayerRecord:
        """Remove any seat (e.g. an AI) from a lobby; later seats move up one."""

        async def body(db: Any) -> Any:
            await _require_status(db, game_id, "lobby")
            return await _remove_seat(db, game_id, seat, now)

        return await self._write_whole(body)

    async def set_options(self, game_id: int, options: dict[str, Any], now: float) -> GameRecord:
        """Replace a lobby's variant options (WrongStatus once the game has started)."""

        async def body(db: Any) -> Any:
            await _require_status(db, game_id, "lobby")
            await db.execute(
                "UPDATE games SET options = ?, updated_at = ? WHERE id = ?", (json.dumps(options), now, game_id)
            )
            return await _game(db, game_id)

        return await self._write_whole(body)

    async def start_game(self, game_id: int, initial_state: State, now: float) -> GameRecord:
        """Lobby -> active with snapshot version 0; the state must have one player per seat, in seat order."""
        saved = replay.saved_game(initial_state)
        state_json = replay.snapshot_json(initial_state)
        if initial_state.version != 0 or saved["moves"]:
            raise ValueError("start_game needs the state of engine.new_game (version 0, no moves)")
        setup = {key: value for key, value in saved.items() if key != "moves"}
        players = len(saved["players"])
        try:
            # One statement (see _START_GAME): one trip to the database thread, no lock held across trips.
            await self._write_one(
                "INSERT INTO temp.game_starts VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    game_id,
                    json.dumps(setup),
                    players,
                    _current_seat(initial_state),
                    snapshots.pack(state_json),
                    state_json,
                    now,
                ),
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
        async def body(db: Any) -> Any:
            wanted = ("lobby", "active") if status == "abandoned" else ("active",)
            await _require_status(db, game_id, *wanted)
            await db.execute(
                "UPDATE games SET status = ?, ended_at = ?, updated_at = ?, current_seat = NULL WHERE id = ?",
                (status, now, now, game_id),
            )
            await _archive(db, game_id)
            return await _game(db, game_id)

        return await self._write_whole(body)

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

        async def body(db: Any) -> Any:
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

        return await self._write_whole(body)

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
            " WHERE id = ? RETURNING *",
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
        return _record(rows[0])

    # ------------------------------------------------------------------ queries
    #
    # A game row that does not parse (say games.options is not a JSON object) must not take every other game down
    # with it: the listings skip it and log it once per process (_games); a lookup of that one game raises
    # RecordCorrupt, a StorageError, so only its channel is affected.

    async def game(self, game_id: int) -> GameRecord:
        """The game with this id; GameNotFound otherwise (RecordCorrupt if its row is damaged)."""
        rows = await self._fetch(_GAME_SELECT + " WHERE g.id = ?", (game_id,))
        if not rows:
            raise GameNotFound(game_id)
        return _record(rows[0])

    async def active_game(self, channel_id: int) -> GameRecord | None:
        """The channel's game in the lobby or in progress, if any (RecordCorrupt if its row is damaged)."""
        rows = await self._fetch(
            _GAME_SELECT + " WHERE g.channel_id = ? AND g.status IN ('lobby', 'active')", (channel_id,)
        )
        return _record(rows[0]) if rows else None

    async def active_games(self) -> list[GameRecord]:
        """Every game in the lobby or in progress, in all channels, oldest first."""
        rows = await self._list(_GAME_SELECT + " WHERE g.status IN ('lobby', 'active') ORDER BY g.id")
        return await self._games_yielding(rows)

    async def unannounced_games(self) -> list[GameRecord]:
        """Started games (active, or finished) whose latest state the channel has not been shown yet."""
        rows = await self._list(_UNANNOUNCED_SELECT)
        return await self._games_yielding(rows)

    async def history(self, channel_id: int, limit: int = 20) -> list[GameRecord]:
        """The channel's games of every status, newest first."""
        rows = await self._fetch(
            _GAME_SELECT + " WHERE g.channel_id = ? ORDER BY g.created_at DESC, g.id DESC LIMIT ?",
            (channel_id, limit),
        )
        return self._games(rows)

    async def games_of_user(self, user_id: int, open_only: bool = True) -> list[GameRecord]:
        """Games in which the user holds a seat (open ones only by default), newest first."""
        status = "AND g.status IN ('lobby', 'active')" if open_only else ""
        rows = await self._fetch(
            _GAME_SELECT + " JOIN players p ON p.game_id = g.id WHERE p.user_id = ? "
            f"{status} ORDER BY g.created_at DESC, g.id DESC",
            (user_id,),
        )
        return self._games(rows)

    async def players(self, game_id: int) -> list[PlayerRecord]:
        """The seats in seat order (join order while in the lobby)."""
        rows = await self._fetch("SELECT * FROM players WHERE game_id = ? ORDER BY seat", (game_id,))
        return [PlayerRecord.from_row(row) for row in rows]

    async def recent_moves(self, game_id: int, limit: int = 10) -> list[MoveRecord]:
        """The newest `limit` moves with their events, oldest of them first (ready to print as a log)."""
        rows = await self._fetch(_MOVES_OR_ARCHIVE.format(_MOVE_ROW + " ORDER BY seq DESC LIMIT ?2"), (game_id, limit))
        archived = _archived_of(game_id, rows)
        if archived is not None:
            return archived.recent(limit)
        return [MoveRecord.from_row(row) for row in sorted(rows, key=lambda row: row["seq"])]

    async def moves(self, game_id: int, after: int = 0, limit: int | None = None) -> list[MoveRecord]:
        """The moves with seq > after, in order (at most `limit` of them if given)."""
        rows = await self._fetch(
            _MOVES_OR_ARCHIVE.format(_MOVE_ROW + " AND seq > ?2 ORDER BY seq LIMIT ?3"),
            (game_id, after, -1 if limit is None else limit),
        )
        archived = _archived_of(game_id, rows)
        if archived is not None:
            return archived.records(after, limit)
        return [MoveRecord.from_row(row) for row in sorted(rows, key=lambda row: row["seq"])]

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
        rows = await self._list(_IDLE_SELECT, (cutoff, cutoff, max_reminders, max_reminders))
        out = []
        for i, row in enumerate(rows):
            if i % _ROWS_PER_SLICE == _ROWS_PER_SLICE - 1:
                await asyncio.sleep(0)  # let the other channels' work run between slices of thousands of games
            game = self._game_or_none(row)
            if game is None:
                continue
            player = None
            if row["p_seat"] is not None:
                player = PlayerRecord(
                    game_id=game.id,
                    seat=row["p_seat"],
                    user_id=row["p_user_id"],
                    display_name=row["p_display_name"],
                    is_ai=bool(row["p_is_ai"]),
                    ai_kind=row["p_ai_kind"],
                    joined_at=row["p_joined_at"],
                )
            since = game.last_move_at if game.last_move_at is not None else game.started_at
            assert since is not None
            out.append(IdleGame(game, player, since))
        return out

    def _games(self, rows: Sequence[sqlite3.Row]) -> list[GameRecord]:
        return [game for game in map(self._game_or_none, rows) if game is not None]

    async def _games_yielding(self, rows: Sequence[sqlite3.Row]) -> list[GameRecord]:
        out: list[GameRecord] = []
        for start in range(0, len(rows), _ROWS_PER_SLICE):
            if start:
                await asyncio.sleep(0)
            out.extend(self._games(rows[start : start + _ROWS_PER_SLICE]))
        return out

    def _game_or_none(self, row: sqlite3.Row) -> GameRecord | None:
        return listed_record(row, self._broken_logged)

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
        *,
        seat_holder: int | _Unset | None = UNSET,
        actor: str | None = None,
    ) -> MoveRecord:
        """Append one accepted move, its events and the new snapshot in one transaction.

        StaleVersion (nothing written) if the log is no longer at expected_version, i.e. another
        interaction moved first: reload the state and re-validate. SeatChanged (nothing written) if the
        seat is no longer held by whom the move is from (see append_move).
        """
        record, _ = await self.append_move(
            game_id, expected_version, move, new_state, events, user_id, now, seat_holder=seat_holder, actor=actor
        )
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
        *,
        seat_holder: int | _Unset | None = UNSET,
        actor: str | None = None,
    ) -> tuple[MoveRecord, GameRecord]:
        """record_move, also returning the game after the move.

        `actor`: who acted, named as they are now ("alice", "AI for bob"); the log shows it forever.

        `known`: the game as the caller holds it at expected_version; the returned record is then that one with
        the columns the move changes (no read). Its message ids and announced version are the caller's copy.
        Without it (or if it is not that game at that version) the game is read again after the move.

        The seat the move is for (move.player) is checked in the same transaction as the write: it must still
        be held by `seat_holder`, the user the caller believes holds it (None: an AI seat). By default that is
        `user_id`: a person moves their own seat, and a move with user_id None must be for an AI seat. Pass the
        absent player's id when the AI plays for a person (/game skip). SeatChanged if not (nothing written).
        """
        if known is not None and (known.id != game_id or known.version != expected_version):
            known = None
        if new_state.version != expected_version + 1:
            raise ValueError(f"new_state.version is {new_state.version}, expected {expected_version + 1}")
        holder = user_id if seat_holder is UNSET else seat_holder
        if user_id is not None and holder != user_id:
            raise ValueError(f"user {user_id} moves, but the seat is said to be held by {holder}")
        # Serialise before taking the lock: engine work does not need the database.
        move_json = replay.move_json(move)
        events_json = replay.events_json(events)
        over = bool(new_state.game_over)
        seq = expected_version + 1
        seat = replay.move_seat(move)
        # Most moves write no snapshot (storage/snapshots.py): their state is not even serialised.
        state_json = replay.snapshot_json(new_state) if snapshots.due(seq, over) else None
        packed = snapshots.pack(state_json) if state_json is not None else None
        params = (game_id, expected_version, move_json, events_json, user_id, now, packed, state_json)
        append = "INSERT INTO temp.move_appends VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        append_params = (*params, None if over else _current_seat(new_state), over, seat, holder, actor)
        try:
            if over:
                # The game ends: its log goes into its archive row in the same transaction (once per game).
                async with self._write() as db:
                    await db.execute(append, append_params)
                    await _archive(db, game_id)
            else:
                # One statement, so one trip to the database thread; see _APPEND_MOVE for what it does.
                await self._write_one(append, append_params)
        except sqlite3.IntegrityError as exc:  # nothing was written: say why
            rows = await self._write_one(_STATUS_AND_VERSION, (game_id,))
            if not rows:
                raise GameNotFound(game_id) from None
            status, actual = rows[0]
            if status != "active":
                raise WrongStatus(game_id, status, "active") from None
            if _SEAT_CHANGED in str(exc) and seat is not None:
                raise await self._seat_changed(game_id, seat, holder) from None
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

    async def _seat_changed(self, game_id: int, seat: int, holder: int | None) -> SeatChanged:
        rows = await self._write_one(_SEAT_HOLDER, (game_id, seat))
        if not rows:
            return SeatChanged(game_id, seat, "does not exist")
        now_user, is_ai = rows[0]
        now_held = "an AI" if is_ai else f"user {now_user}"
        wanted = "an AI" if holder is None else f"user {holder}"
        return SeatChanged(game_id, seat, f"is held by {now_held}, not by {wanted}")

    async def load_state(self, game_id: int) -> State:
        """The current state: the snapshot if it is sound and matches the log, with the moves logged after it
        replayed through the engine; else rebuilt by replay from the start.

        The snapshot holds the state without its history; the history comes from the log, which is read anyway
        to check the snapshot's digests against it (a snapshot that parses but was computed from another log, or
        was altered, is not trusted: the game is replayed and the snapshot rewritten)."""
        try:
            rows = await self._fetch(_LOAD_SELECT, (game_id,))
        except sqlite3.OperationalError as exc:  # a logged move that is not text (json_group_array refuses a BLOB)
            log.warning("game %s: its log does not read (%s); rebuilding by replay", game_id, exc)
            return await self.rebuild_state(game_id)
        if not rows:
            raise GameNotFound(game_id)
        row = rows[0]
        if row["status"] not in _LOADABLE:
            raise WrongStatus(game_id, row["status"], " or ".join(_LOADABLE))
        moves = json.loads(row["moves"])
        digests = None
        if row["a_log"] is not None:  # an ended game: its log is the archive row (LogCorrupt if that is damaged)
            archived = _unpack_logged(game_id, row["setup"], row)
            moves, digests = archived.move, archived.digests
        if row["version"] is None:
            log.warning("game %s: snapshot missing; rebuilding by replay", game_id)
            return await self.rebuild_state(game_id)
        state, problem = _check_snapshot(row, row["setup"], moves, row["running"], digests)
        if state is not None:
            return state
        if row["digest"] is None:  # written before snapshots had digests (migration 0003): expected once per game
            log.info("game %s: snapshot without digest; rebuilding by replay", game_id)
        else:
            log.warning("game %s: snapshot %s (log at version %s); rebuilding by replay", game_id, problem, len(moves))
        return await self.rebuild_state(game_id)

    async def rebuild_state(self, game_id: int, now: float | None = None) -> State:
        """Replay the log from the game's setup, fix the snapshot if it differs, return the state.

        LogCorrupt if the log does not replay. `now` stamps a rewritten snapshot (default: the last move's time).
        """
        async with self._write() as db:
            setup, moves = await _log(db, game_id)
            state = replay.replay(game_id, _saved(game_id, setup, moves))
            state_json = replay.snapshot_json(state)
            log_digest = replay.log_digest(setup, moves)
            rows = await db.execute_fetchall(
                "SELECT version, state, log_digest, digest FROM snapshots WHERE game_id = ?", (game_id,)
            )
            current = next(iter(rows)) if rows else None
            if not _snapshot_is(current, state.version, state_json, log_digest):
                stamp = now if now is not None else await _last_activity(db, game_id)
                await _put_snapshot(db, game_id, state.version, state_json, stamp, log_digest)
            await db.execute(
                "UPDATE games SET log_digest = ? WHERE id = ? AND log_digest IS NOT ?",
                (log_digest, game_id, log_digest),
            )
            return state

    async def saved_game(self, game_id: int) -> dict[str, Any]:
        """The game as engine.replay takes it: setup plus the move log (for export and tests)."""
        async with self._read() as db:
            setup, moves = await _log(db, game_id)
        return _saved(game_id, setup, moves)

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
            await _unarchive(db, game_id)  # a finished game's log goes back to the moves table (archived again below)
            version = await _log_version(db, game_id)
            if expected_version is not None and version != expected_version:
                raise StaleVersion(game_id, expected_version, version)
            if not 0 <= to_version <= version:
                raise ValueError(f"cannot roll game {game_id} back to version {to_version} (it is at {version})")
            setup, moves = await _log(db, game_id, up_to=to_version)
            state = replay.replay(game_id, _saved(game_id, setup, moves))
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
            log_digest = replay.log_digest(setup, moves)
            await _put_snapshot(db, game_id, to_version, replay.snapshot_json(state), now, log_digest)
            over = bool(state.game_over)
            try:
                await db.execute(
                    "UPDATE games SET status = ?, current_seat = ?, updated_at = ?, last_move_at = ?,"
                    " ended_at = CASE WHEN ? THEN ended_at ELSE NULL END,"
                    " reminders_sent = 0, last_reminder_at = NULL, log_digest = ? WHERE id = ?",
                    (
                        "finished" if over else "active",
                        None if over else _current_seat(state),
                        now,
                        now,
                        over,
                        log_digest,
                        game_id,
                    ),
                )
            except sqlite3.IntegrityError as exc:  # reopening a finished game in a channel now busy
                assert status == "finished"
                raise ChannelBusy((await _game(db, game_id)).channel_id) from exc
            if over:  # still ended (rolled back to where it ended): its log goes back into the archive
                await _archive(db, game_id)
            return state


# ---------------------------------------------------------------------- helpers


async def _prepare(db: aiosqlite.Connection, path: str | Path) -> None:
    """The writer's own SQL: the digest function and the TEMP views and triggers of append_move and start_game."""
    try:
        await db.create_function("chain_digest", 2, replay.chain_digest, deterministic=True)
        for statement in (*_APPEND_MOVE, *_START_GAME):
            await db.execute(statement)
    except sqlite3.Error as exc:
        await db.close()
        raise StorageError(f"cannot prepare the database connection at {path}: {exc}") from exc


# ---------------------------------------------------------------------- helpers (inside a transaction)


async def _game(db: aiosqlite.Connection, game_id: int) -> GameRecord:
    rows = await db.execute_fetchall(_GAME_SELECT + " WHERE g.id = ?", (game_id,))
    if not rows:
        raise GameNotFound(game_id)
    return _record(next(iter(rows)))


def listed_record(row: Any, logged: set[int]) -> GameRecord | None:
    """The record of a listed row, or None (logged once per game in `logged`) if the row is damaged."""
    try:
        return _record(row)
    except RecordCorrupt as exc:
        if exc.game_id not in logged:
            logged.add(exc.game_id)
            log.error("%s; leaving it out of the listings", exc)
        return None


def _record(row: Any) -> GameRecord:
    """GameRecord.from_row; RecordCorrupt (naming the game) if the row does not parse."""
    try:
        return GameRecord.from_row(row)
    except (ValueError, TypeError, KeyError) as exc:
        raise RecordCorrupt(row["id"], str(exc)) from None


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


async def _put_snapshot(
    db: aiosqlite.Connection, game_id: int, version: int, state_json: str, now: float, log_digest: str
) -> None:
    await db.execute(
        "INSERT INTO snapshots (game_id, version, state, updated_at, log_digest, digest) VALUES (?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, state = excluded.state,"
        " updated_at = excluded.updated_at, log_digest = excluded.log_digest, digest = excluded.digest",
        (game_id, version, snapshots.pack(state_json), now, log_digest, replay.chain_digest(log_digest, state_json)),
    )


def _snapshot_is(row: Any, version: int, state_json: str, log_digest: str) -> bool:
    """Whether a snapshot row (None: none) holds exactly this state of this log."""
    if row is None or (row["version"], row["log_digest"]) != (version, log_digest):
        return False
    try:
        text = snapshots.unpack(row["state"])
    except ValueError:
        return False
    return text == state_json and row["digest"] == replay.chain_digest(log_digest, state_json)


async def _log(db: aiosqlite.Connection, game_id: int, up_to: int | None = None) -> tuple[str, list[str]]:
    """The game's setup and its moves (seq order) as stored text; WrongStatus for a game that never started."""
    rows = await db.execute_fetchall(
        f"SELECT g.setup, {_ARCHIVE_COLUMNS} FROM games g LEFT JOIN move_archives a ON a.game_id = g.id WHERE g.id = ?",
        (game_id,),
    )
    if not rows:
        raise GameNotFound(game_id)
    row = next(iter(rows))
    setup = row["setup"]
    if setup is None:
        raise WrongStatus(game_id, "lobby", "started")
    if row["a_log"] is not None:
        archived = _unpack_logged(game_id, setup, row).move
        return setup, archived if up_to is None else archived[:up_to]
    limit = up_to if up_to is not None else -1
    moves = await db.execute_fetchall(
        "SELECT move FROM moves WHERE game_id = ? AND (? < 0 OR seq <= ?) ORDER BY seq", (game_id, limit, limit)
    )
    return setup, [row["move"] for row in moves]


# ---------------------------------------------------------------------- archived logs (storage/archive.py)


def _unpack_logged(game_id: int, setup: str | None, row: Any) -> archive.Archived:
    """The archive in a row selected with _ARCHIVE_COLUMNS, checked; LogCorrupt (logged) if it is damaged."""
    try:
        return archive.unpack(game_id, setup, row["a_moves"], row["a_log_digest"], row["a_digest"], row["a_log"])
    except LogCorrupt as exc:
        log.error("%s", exc)
        raise


def _archived_of(game_id: int, rows: Sequence[Any]) -> archive.Archived | None:
    """The archive row among rows of _MOVES_OR_ARCHIVE, unpacked and checked; None for a live log."""
    for row in rows:
        if row["a_log"] is not None:
            return _unpack_logged(game_id, row["setup"], row)
    return None


async def _archive(db: aiosqlite.Connection, game_id: int) -> None:
    """Inside the transaction that ends the game: its moves rows become one archive row and are deleted.

    A game that never started has no log. A log that cannot be packed (a row damaged behind our back) stays in the
    moves table, where every reader finds it as well: ending the game must not fail for it (logged)."""
    rows = await db.execute_fetchall("SELECT setup FROM games WHERE id = ?", (game_id,))
    setup = next(iter(rows))["setup"] if rows else None
    if setup is None:
        return
    moves = await db.execute_fetchall(
        "SELECT seq, move, events, user_id, created_at, actor FROM moves WHERE game_id = ? ORDER BY seq", (game_id,)
    )
    try:
        packed = archive.pack(game_id, setup, moves)
    except LogCorrupt as exc:
        log.warning("%s; its log stays in the moves table", exc)
        return
    # The archive row first: with it present, deleting the moves rows leaves games.version alone (migration 0006).
    await db.execute(
        "INSERT INTO move_archives (game_id, moves, log_digest, digest, log) VALUES (?, ?, ?, ?, ?)",
        (game_id, packed.moves, packed.log_digest, packed.digest, packed.log),
    )
    await db.execute("DELETE FROM moves WHERE game_id = ?", (game_id,))


async def _unarchive(db: aiosqlite.Connection, game_id: int) -> None:
    """Inside a rollback's transaction: an archived log back into the moves table (LogCorrupt if it is damaged)."""
    rows = await db.execute_fetchall(
        f"SELECT g.setup, {_ARCHIVE_COLUMNS} FROM move_archives a JOIN games g ON g.id = a.game_id WHERE a.game_id = ?",
        (game_id,),
    )
    if not rows:
        return
    row = next(iter(rows))
    archived = _unpack_logged(game_id, row["setup"], row)
    await db.execute("DELETE FROM move_archives WHERE game_id = ?", (game_id,))
    # In seq order: the triggers check each row is the next one and set games.version to it.
    await db.executemany(
        "INSERT INTO moves (game_id, seq, move, events, user_id, created_at, actor) VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
            (
                game_id,
                i + 1,
                archived.move[i],
                archived.events[i],
                archived.user_id[i],
                archived.created_at[i],
                archived.actor[i],
            )
            for i in range(len(archived))
        ],
    )


# Games archived per batch by the migration: a few statements per batch instead of five per game.
_ARCHIVE_BATCH = 250


async def archive_ended_games(db: aiosqlite.Connection) -> int:
    """Migration 0006's data step: archive every started game that has ended, in the migration's transaction (what
    _archive does, a batch of games at a time). Returns how many were archived.

    Pipelined, as it is most of an upgrade's start-up (~2 s per 1,000 finished games): a batch is packed in a worker
    thread (zlib and hashing let go of the GIL) while SQLite's thread writes the batch before and reads the next one.
    """
    ended = await db.execute_fetchall(
        "SELECT id, setup FROM games WHERE status IN ('finished', 'abandoned') AND setup IS NOT NULL"
        " AND id NOT IN (SELECT game_id FROM move_archives) ORDER BY id"
    )
    setups = {row["id"]: row["setup"] for row in ended}
    ids = list(setups)
    batches = [ids[start : start + _ARCHIVE_BATCH] for start in range(0, len(ids), _ARCHIVE_BATCH)]

    async def read(batch: list[int]) -> list[Any]:
        return list(
            await db.execute_fetchall(
                "SELECT game_id, seq, move, events, user_id, created_at, actor FROM moves"
                f" WHERE game_id IN ({', '.join('?' for _ in batch)}) ORDER BY game_id, seq",
                batch,
            )
        )

    async def write(packed: list[tuple[int, archive.Packed]]) -> None:
        await db.executemany(
            "INSERT INTO move_archives (game_id, moves, log_digest, digest, log) VALUES (?, ?, ?, ?, ?)",
            [(game_id, p.moves, p.log_digest, p.digest, p.log) for game_id, p in packed],
        )
        if packed:
            # After the archive rows: with them present, games.version stays (games_version_after_undo).
            marks = ", ".join("?" for _ in packed)
            await db.execute(f"DELETE FROM moves WHERE game_id IN ({marks})", [game_id for game_id, _ in packed])

    done = 0
    writes: list[asyncio.Future[Any]] = []  # queued on the connection's thread in order, awaited before returning
    reading = asyncio.ensure_future(read(batches[0])) if batches else None
    try:
        for i, batch in enumerate(batches):
            assert reading is not None
            rows = await reading
            if i + 1 < len(batches):
                reading = asyncio.ensure_future(read(batches[i + 1]))
            packed, problems = await asyncio.to_thread(
                archive.pack_many, {game_id: setups[game_id] for game_id in batch}, rows
            )
            for problem in problems:
                log.warning("%s; its log stays in the moves table", problem)
            writes.append(asyncio.ensure_future(write(packed)))
            done += len(packed)
    finally:
        # Every statement queued must have run before the caller commits (or rolls back).
        queued = [*writes, *([reading] if reading is not None and not reading.done() else [])]
        results = await asyncio.gather(*queued, return_exceptions=True)
    for result in results:
        if isinstance(result, BaseException):
            raise result
    return done


# Migration data steps by name (storage/migrations: STEPS), run by storage/db.py's migrate.
MIGRATION_STEPS = {"archive_ended_games": archive_ended_games}


def _saved(game_id: int, setup: str, moves: list[str]) -> dict[str, Any]:
    """engine.replay's input from the stored texts; LogCorrupt if they are not JSON."""
    try:
        saved = json.loads(setup)
        saved["moves"] = [json.loads(move) for move in moves]
    except (ValueError, TypeError) as exc:
        raise LogCorrupt(f"game {game_id}: the stored setup or a move is not JSON: {exc}") from exc
    return saved


def _check_snapshot(
    row: Any, setup: str, moves: list[str], running: str | None, digests: list[str] | None = None
) -> tuple[State | None, str]:
    """The state after the log's last move, from the snapshot (with the log's moves up to it as its history) and the
    moves logged after it replayed through the engine, if the snapshot belongs to exactly this log and the game's
    running digest (`running`, games.log_digest) to the whole log; else (None, what is wrong)."""
    version = row["version"]
    if not 0 <= version <= len(moves):
        return None, f"is at version {version}"
    if row["log_digest"] is None or row["digest"] is None:
        return None, "has no digest"
    if digests is None:  # else the chain an archived log was checked with already (storage/archive.py)
        digests = replay.log_digests(setup, moves)
    if running != digests[-1]:
        # Moves appended after a wrong running digest would carry it into every later snapshot: rebuild now.
        return None, "belongs to a game whose log digest does not match its log"
    try:
        text = snapshots.unpack(row["state"])
    except ValueError:
        return None, "does not unpack"
    if row["log_digest"] != digests[version] or row["digest"] != replay.chain_digest(digests[version], text):
        return None, "does not match the log"
    try:
        # One parse for the whole log rather than one per move (a third of the time for 250 moves); each stored text
        # being one JSON object, the list has one per move.
        history = json.loads("[" + ",".join(moves) + "]")
    except ValueError:
        return None, "belongs to a log with a malformed move"
    if len(history) != len(moves) or not all(isinstance(move, dict) for move in history):
        return None, "belongs to a log with a malformed move"
    state = replay.parse_state(text, history[:version])
    if state is None or state.version != version:
        return None, "does not parse"
    if version < len(moves):
        state = replay.resume(state, history[version:])
        if state is None or state.version != len(moves):
            return None, "is not followed by the moves logged after it"
    return state, ""


def _current_seat(state: State) -> int | None:
    seat = getattr(state, "current_player", None)
    return int(seat) if seat is not None else None
