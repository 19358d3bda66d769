"""PostgresStore: the Store interface on a PostgreSQL server (asyncpg), for several bot processes sharing one database.

The same methods, records, errors and guarantees as the SQLite Store (storage/store.py); only the way they are kept
differs. Every public method is one transaction on a connection of a pool. A writing transaction first locks its
game's row (SELECT ... FOR UPDATE), so the writes of one game are serialised across every process while other games
go on in parallel; the version check inside that lock refuses a stale or doubled move, and the primary key of the
move log and its triggers stand behind it. Reads of several statements run in one REPEATABLE READ transaction, so
they see one consistent state.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import json
import logging
import zlib
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from . import archive, replay, snapshots
from .errors import (
    AlreadyJoined,
    ChannelBusy,
    GameFull,
    GameNotFound,
    LogCorrupt,
    NotJoined,
    SeatChanged,
    SeatNotFound,
    StaleVersion,
    StorageError,
    WrongStatus,
)
from .migrations import all_migrations
from .records import GAME_COLUMNS, AiKind, GameRecord, IdleGame, MoveRecord, PlayerRecord, UndoRecord
from .store import (
    _ARCHIVE_COLUMNS,
    UNSET,
    _check_snapshot,
    _record,
    _saved,
    _snapshot_is,
    _unpack_logged,
    _Unset,
    listed_record,
)

log = logging.getLogger(__name__)

State = Any
Conn = asyncpg.Connection
T = TypeVar("T")

# games.version is the log's length, kept so by triggers on moves (migration 0003).
_GAME_SELECT = f"SELECT {GAME_COLUMNS} FROM games g"
# One key for the migration lock, taken inside each migration's transaction (pg_advisory_xact_lock).
_MIGRATION_LOCK = 0x656E7464  # "entd"
POOL_MAX = 8  # connections per process; a move holds one for a few milliseconds
CONNECT_TIMEOUT = 10.0

# Failures of the connection (server restarted, network gone) rather than of a statement: reported as StorageError
# so the bot answers "try again" as it does for any storage refusal. The pool replaces broken connections itself.
_UNAVAILABLE: tuple[type[BaseException], ...] = (
    asyncpg.PostgresConnectionError,
    asyncpg.InterfaceError,
    asyncpg.CannotConnectNowError,
    ConnectionError,
    OSError,
)


def _unavailable(func: Callable[..., Awaitable[T]]) -> Callable[..., Awaitable[T]]:
    @functools.wraps(func)
    async def wrapper(*args: Any, **kwargs: Any) -> T:
        try:
            return await func(*args, **kwargs)
        except StorageError:
            raise
        except _UNAVAILABLE as exc:
            raise StorageError(f"the database is unavailable: {exc}") from exc

    return wrapper


class PostgresStore:
    """Games, seats, move log and snapshots in a PostgreSQL database; see the module docstring."""

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self._pool = pool
        self._url = url
        self.path = _redacted(url)
        self._lock_conn: asyncpg.Connection | None = None  # holds the advisory locks of exclusive()
        self._lock_guard = asyncio.Lock()
        self.created = False  # a server's database is created by its administrator, never by open()
        self._broken_logged: set[int] = set()  # games whose damaged row was logged already

    # ------------------------------------------------------------------ lifecycle

    @classmethod
    async def open(cls, url: str) -> PostgresStore:
        """Connect (pool), apply the migrations; StorageError with the reason if that fails."""
        try:
            pool = await asyncpg.create_pool(
                url, min_size=1, max_size=POOL_MAX, timeout=CONNECT_TIMEOUT, command_timeout=60
            )
        except (asyncpg.PostgresError, *_UNAVAILABLE, ValueError) as exc:
            raise StorageError(f"cannot open database at {_redacted(url)}: {exc}") from exc
        assert pool is not None
        try:
            async with pool.acquire() as conn:
                await migrate(conn)
        except StorageError:
            await pool.close()
            raise
        except (asyncpg.PostgresError, *_UNAVAILABLE) as exc:
            await pool.close()
            raise StorageError(f"cannot open database at {_redacted(url)}: {exc}") from exc
        return cls(pool, url)

    async def close(self) -> None:
        if self._lock_conn is not None:
            self._lock_conn.terminate()  # drops its locks with the session
            self._lock_conn = None
        # terminate() after a grace period: a connection stuck on a dead server must not hang shutdown.
        try:
            await _wait_for(self._pool.close(), 10.0)
        except TimeoutError:
            self._pool.terminate()

    async def __aenter__(self) -> PostgresStore:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[Conn]:
        async with self._pool.acquire() as conn, conn.transaction():
            yield conn

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[Conn]:
        async with self._pool.acquire() as conn, conn.transaction(isolation="repeatable_read", readonly=True):
            yield conn

    def check_file(self) -> None:
        """Nothing to check: a server's database is no file that can be deleted under us (see Store.check_file)."""

    def _games(self, rows: Sequence[asyncpg.Record]) -> list[GameRecord]:
        """Records of listed rows; a damaged row is left out and logged once (see Store)."""
        return [game for game in (listed_record(row, self._broken_logged) for row in rows) if game is not None]

    async def _fetch(self, sql: str, *params: Any) -> list[asyncpg.Record]:
        # One statement is a consistent snapshot by itself: no explicit transaction needed.
        return list(await self._pool.fetch(sql, *params))

    @asynccontextmanager
    async def exclusive(self, key: str) -> AsyncIterator[bool]:
        """Try to hold a lock named `key` among every process on this database; yields whether it was obtained.

        Periodic work (reminders, AI seats, catch-up of announcements) runs only while holding its lock, so
        two processes that were given the same shard by mistake still do that work once. A session-level
        advisory lock on a connection of its own (outside the pool, so that holding many locks never starves
        the work done under them): released on exit, or by the server when the holding process dies.
        """
        lock_id = _lock_id(key)
        async with self._lock_guard:
            try:
                if self._lock_conn is None or self._lock_conn.is_closed():
                    self._lock_conn = await asyncpg.connect(self._url, timeout=CONNECT_TIMEOUT)
                conn = self._lock_conn
                got = bool(await conn.fetchval("SELECT pg_try_advisory_lock($1)", lock_id))
            except (asyncpg.PostgresError, *_UNAVAILABLE) as exc:
                raise StorageError(f"the database is unavailable: {exc}") from exc
        try:
            yield got
        finally:
            if got and not conn.is_closed():
                async with self._lock_guard:
                    with contextlib.suppress(asyncpg.PostgresError, *_UNAVAILABLE):
                        await conn.execute("SELECT pg_advisory_unlock($1)", lock_id)

    # ------------------------------------------------------------------ lobby

    @_unavailable
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
        """A new lobby in the channel (host seated at 0 if host_name is given); ChannelBusy if one is open."""
        async with self._write() as db:
            try:
                game_id = await db.fetchval(
                    "INSERT INTO games (guild_id, channel_id, game, options, seed, status, host_user_id,"
                    " created_at, updated_at, seed_public) VALUES ($1, $2, $3, $4, $5, 'lobby', $6, $7, $7, $8)"
                    " RETURNING id",
                    guild_id,
                    channel_id,
                    game,
                    json.dumps(options),
                    seed,
                    host_user_id,
                    now,
                    int(seed_public),
                )
            except asyncpg.UniqueViolationError as exc:
                raise ChannelBusy(channel_id) from exc
            if host_name is not None:
                await _insert_player(db, game_id, 0, host_user_id, host_name, None, now)
            return await _game(db, game_id)

    @_unavailable
    async def join(self, game_id: int, user_id: int, display_name: str, max_seats: int, now: float) -> PlayerRecord:
        """Seat a user at the next seat of a lobby; AlreadyJoined, GameFull or WrongStatus otherwise."""
        async with self._write() as db:
            seat = await _next_seat(db, game_id, max_seats)
            if await _seat_of(db, game_id, user_id) is not None:
                raise AlreadyJoined(game_id, user_id)
            return await _insert_player(db, game_id, seat, user_id, display_name, None, now)

    @_unavailable
    async def add_ai(
        self, game_id: int, display_name: str, ai_kind: AiKind, max_seats: int, now: float
    ) -> PlayerRecord:
        """Seat an AI (user_id None) at the next seat of a lobby."""
        async with self._write() as db:
            seat = await _next_seat(db, game_id, max_seats)
            return await _insert_player(db, game_id, seat, None, display_name, ai_kind, now)

    @_unavailable
    async def leave(self, game_id: int, user_id: int, now: float) -> PlayerRecord:
        """Remove a user from a lobby; later seats move up one. Returns the removed seat."""
        async with self._write() as db:
            await _lock_status(db, game_id, "lobby")
            seat = await _seat_of(db, game_id, user_id)
            if seat is None:
                raise NotJoined(game_id, user_id)
            return await _remove_seat(db, game_id, seat, now)

    @_unavailable
    async def remove_seat(self, game_id: int, seat: int, now: float) -> PlayerRecord:
        """Remove any seat (e.g. an AI) from a lobby; later seats move up one."""
        async with self._write() as db:
            await _lock_status(db, game_id, "lobby")
            return await _remove_seat(db, game_id, seat, now)

    @_unavailable
    async def set_options(self, game_id: int, options: dict[str, Any], now: float) -> GameRecord:
        """Replace a lobby's variant options (WrongStatus once the game has started)."""
        async with self._write() as db:
            await _lock_status(db, game_id, "lobby")
            await db.execute(
                "UPDATE games SET options = $2, updated_at = $3 WHERE id = $1", game_id, json.dumps(options), now
            )
            return await _game(db, game_id)

    @_unavailable
    async def start_game(self, game_id: int, initial_state: State, now: float) -> GameRecord:
        """Lobby -> active with snapshot version 0; the state must have one player per seat, in seat order."""
        saved = replay.saved_game(initial_state)
        state_json = replay.snapshot_json(initial_state)
        if initial_state.version != 0 or saved["moves"]:
            raise ValueError("start_game needs the state of engine.new_game (version 0, no moves)")
        setup_json = json.dumps({key: value for key, value in saved.items() if key != "moves"})
        players = len(saved["players"])
        async with self._write() as db:
            await _lock_status(db, game_id, "lobby")
            seats = await db.fetchval("SELECT COUNT(*) FROM players WHERE game_id = $1", game_id)
            if seats != players:
                raise StorageError(f"game {game_id} has {seats} seats but the state has {players} players")
            log_digest = replay.log_digest(setup_json, [])
            await db.execute(
                "UPDATE games SET status = 'active', setup = $2, started_at = $3, updated_at = $3,"
                " current_seat = $4, reminders_sent = 0, last_reminder_at = NULL, log_digest = $5 WHERE id = $1",
                game_id,
                setup_json,
                now,
                _current_seat(initial_state),
                log_digest,
            )
            await _put_snapshot(db, game_id, 0, state_json, now, log_digest)
            return await _game(db, game_id)

    @_unavailable
    async def abandon_game(self, game_id: int, now: float) -> GameRecord:
        """End a lobby or active game without a result; it stays in the history."""
        return await self._end(game_id, "abandoned", now)

    @_unavailable
    async def finish_game(self, game_id: int, now: float) -> GameRecord:
        """Mark an active game finished (record_move does this by itself when the state is game over)."""
        return await self._end(game_id, "finished", now)

    async def _end(self, game_id: int, status: str, now: float) -> GameRecord:
        async with self._write() as db:
            wanted = ("lobby", "active") if status == "abandoned" else ("active",)
            await _lock_status(db, game_id, *wanted)
            await db.execute(
                "UPDATE games SET status = $2, ended_at = $3, updated_at = $3, current_seat = NULL WHERE id = $1",
                game_id,
                status,
                now,
            )
            await _archive(db, game_id)
            return await _game(db, game_id)

    @_unavailable
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
            await _lock_status(db, game_id, "lobby", "active")
            if user_id is not None:
                taken = await _seat_of(db, game_id, user_id)
                if taken is not None and taken != seat:
                    raise AlreadyJoined(game_id, user_id)
            status = await db.execute(
                "UPDATE players SET user_id = $3, display_name = $4, is_ai = $5, ai_kind = $6, joined_at = $7"
                " WHERE game_id = $1 AND seat = $2",
                game_id,
                seat,
                user_id,
                display_name,
                ai_kind is not None,
                ai_kind,
                now,
            )
            if status.endswith(" 0"):
                raise SeatNotFound(game_id, seat)
            await db.execute("UPDATE games SET updated_at = $2 WHERE id = $1", game_id, now)
            return await _player(db, game_id, seat)

    @_unavailable
    async def set_message_ids(
        self,
        game_id: int,
        *,
        board_message_id: int | _Unset | None = UNSET,
        turn_message_id: int | _Unset | None = UNSET,
    ) -> GameRecord:
        """Remember the Discord messages the bot edits; arguments left out are unchanged."""
        return await self._set_game_fields(game_id, None, board_message_id, turn_message_id)

    @_unavailable
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
        rows = await self._fetch(
            "UPDATE games g SET"
            " board_message_id = CASE WHEN $2::boolean THEN $3::bigint ELSE g.board_message_id END,"
            " turn_message_id = CASE WHEN $4::boolean THEN $5::bigint ELSE g.turn_message_id END,"
            " announced_version = CASE WHEN $6::integer IS NULL THEN g.announced_version"
            " ELSE GREATEST(COALESCE(g.announced_version, -1), $6::integer) END"
            " WHERE g.id = $1 RETURNING g.*",
            game_id,
            board_message_id is not UNSET,
            None if board_message_id is UNSET else board_message_id,
            turn_message_id is not UNSET,
            None if turn_message_id is UNSET else turn_message_id,
            version,
        )
        if not rows:
            raise GameNotFound(game_id)
        return _record(rows[0])

    # ------------------------------------------------------------------ queries

    @_unavailable
    async def game(self, game_id: int) -> GameRecord:
        """The game with this id; GameNotFound otherwise."""
        rows = await self._fetch(_GAME_SELECT + " WHERE g.id = $1", game_id)
        if not rows:
            raise GameNotFound(game_id)
        return _record(rows[0])

    @_unavailable
    async def active_game(self, channel_id: int) -> GameRecord | None:
        """The channel's game in the lobby or in progress, if any."""
        rows = await self._fetch(
            _GAME_SELECT + " WHERE g.channel_id = $1 AND g.status IN ('lobby', 'active')", channel_id
        )
        return _record(rows[0]) if rows else None

    @_unavailable
    async def active_games(self) -> list[GameRecord]:
        """Every game in the lobby or in progress, in all channels, oldest first."""
        rows = await self._fetch(_GAME_SELECT + " WHERE g.status IN ('lobby', 'active') ORDER BY g.id")
        return self._games(rows)

    @_unavailable
    async def unannounced_games(self) -> list[GameRecord]:
        """Started games (active, or finished) whose latest state the channel has not been shown yet."""
        # Active games, and the finished ones through the partial index games_unannounced_finished (see Store).
        rows = await self._fetch(
            _GAME_SELECT + " WHERE (g.status = 'active' AND g.version > COALESCE(g.announced_version, -1))"
            " OR (g.status = 'finished' AND g.version > COALESCE(g.announced_version, -1)) ORDER BY g.id"
        )
        return self._games(rows)

    @_unavailable
    async def history(self, channel_id: int, limit: int = 20) -> list[GameRecord]:
        """The channel's games of every status, newest first."""
        rows = await self._fetch(
            _GAME_SELECT + " WHERE g.channel_id = $1 ORDER BY g.created_at DESC, g.id DESC LIMIT $2",
            channel_id,
            limit,
        )
        return self._games(rows)

    @_unavailable
    async def games_of_user(self, user_id: int, open_only: bool = True) -> list[GameRecord]:
        """Games in which the user holds a seat (open ones only by default), newest first."""
        status = "AND g.status IN ('lobby', 'active')" if open_only else ""
        rows = await self._fetch(
            _GAME_SELECT + " JOIN players p ON p.game_id = g.id WHERE p.user_id = $1 "
            f"{status} ORDER BY g.created_at DESC, g.id DESC",
            user_id,
        )
        return self._games(rows)

    @_unavailable
    async def players(self, game_id: int) -> list[PlayerRecord]:
        """The seats in seat order (join order while in the lobby)."""
        rows = await self._fetch("SELECT * FROM players WHERE game_id = $1 ORDER BY seat", game_id)
        return [PlayerRecord.from_row(row) for row in rows]

    @_unavailable
    async def recent_moves(self, game_id: int, limit: int = 10) -> list[MoveRecord]:
        """The newest `limit` moves with their events, oldest of them first (ready to print as a log)."""
        async with self._read() as db:
            archived = await _archived(db, game_id)
            if archived is not None:
                return archived.recent(limit)
            rows = await db.fetch("SELECT * FROM moves WHERE game_id = $1 ORDER BY seq DESC LIMIT $2", game_id, limit)
        return [MoveRecord.from_row(row) for row in reversed(rows)]

    @_unavailable
    async def moves(self, game_id: int, after: int = 0, limit: int | None = None) -> list[MoveRecord]:
        """The moves with seq > after, in order (at most `limit` of them if given)."""
        async with self._read() as db:
            archived = await _archived(db, game_id)
            if archived is not None:
                return archived.records(after, limit)
            rows = await db.fetch(
                "SELECT * FROM moves WHERE game_id = $1 AND seq > $2 ORDER BY seq LIMIT $3", game_id, after, limit
            )
        return [MoveRecord.from_row(row) for row in rows]

    @_unavailable
    async def undos(self, game_id: int) -> list[UndoRecord]:
        """The moves taken back in this game (rollback with `undone_by`), oldest first."""
        rows = await self._fetch("SELECT * FROM undos WHERE game_id = $1 ORDER BY created_at, seq DESC", game_id)
        return [UndoRecord.from_row(row) for row in rows]

    @_unavailable
    async def set_dm_reminders(self, user_id: int, on: bool, now: float) -> None:
        """Whether the user wants their turn reminders by direct message as well (in every game)."""
        async with self._write() as db:
            await db.execute(
                "INSERT INTO user_settings (user_id, dm_reminders, updated_at) VALUES ($1, $2, $3)"
                " ON CONFLICT (user_id) DO UPDATE SET dm_reminders = excluded.dm_reminders,"
                " updated_at = excluded.updated_at",
                user_id,
                int(on),
                now,
            )

    @_unavailable
    async def dm_reminders(self, user_id: int) -> bool:
        """Whether the user asked for reminders by direct message (off unless they did)."""
        rows = await self._fetch("SELECT dm_reminders FROM user_settings WHERE user_id = $1", user_id)
        return bool(rows and rows[0]["dm_reminders"])

    @_unavailable
    async def idle_games(self, now: float, idle_seconds: float, max_reminders: int | None = None) -> list[IdleGame]:
        """Active games whose current player has not moved for idle_seconds and was not reminded within it.

        Calling this every few minutes and mark_reminded() after each ping gives one reminder per
        idle_seconds of silence; max_reminders caps them (reminders_sent resets on every move).
        """
        cutoff = now - idle_seconds
        # One statement (a LEFT JOIN for the seat to act) is one consistent snapshot.
        rows = await self._fetch(
            "SELECT g.*, p.seat AS p_seat, p.user_id AS p_user_id,"
            " p.display_name AS p_display_name, p.is_ai AS p_is_ai, p.ai_kind AS p_ai_kind,"
            " p.joined_at AS p_joined_at"
            " FROM games g LEFT JOIN players p ON p.game_id = g.id AND p.seat = g.current_seat"
            " WHERE g.status = 'active' AND COALESCE(g.last_move_at, g.started_at) <= $1"
            " AND (g.last_reminder_at IS NULL OR g.last_reminder_at <= $1)"
            " AND ($2::integer IS NULL OR g.reminders_sent < $2::integer)"
            " ORDER BY COALESCE(g.last_move_at, g.started_at), g.id",
            cutoff,
            max_reminders,
        )
        out = []
        for row in rows:
            game = listed_record(row, self._broken_logged)
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

    @_unavailable
    async def mark_reminded(self, game_id: int, now: float) -> GameRecord:
        """Count a reminder sent now for the game."""
        rows = await self._fetch(
            "UPDATE games g SET reminders_sent = g.reminders_sent + 1, last_reminder_at = $2"
            " WHERE g.id = $1 RETURNING g.*",
            game_id,
            now,
        )
        if not rows:
            raise GameNotFound(game_id)
        return _record(rows[0])

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
        interaction moved first: reload the state and re-validate. SeatChanged: see Store.append_move.
        """
        record, _ = await self.append_move(
            game_id, expected_version, move, new_state, events, user_id, now, seat_holder=seat_holder, actor=actor
        )
        return record

    @_unavailable
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
        """record_move, also returning the game after the move (see Store.append_move for `known`,
        `seat_holder` and `actor`)."""
        if known is not None and (known.id != game_id or known.version != expected_version):
            known = None
        if new_state.version != expected_version + 1:
            raise ValueError(f"new_state.version is {new_state.version}, expected {expected_version + 1}")
        holder = user_id if seat_holder is UNSET else seat_holder
        if user_id is not None and holder != user_id:
            raise ValueError(f"user {user_id} moves, but the seat is said to be held by {holder}")
        move_seat = replay.move_seat(move)
        move_json = replay.move_json(move)
        events_json = replay.events_json(events)
        over = bool(new_state.game_over)
        seq = expected_version + 1
        state_json = replay.snapshot_json(new_state) if snapshots.due(seq, over) else None
        seat = None if over else _current_seat(new_state)
        async with self._write() as db:
            # The row lock serialises this game's writers across processes: the version read below cannot
            # change before COMMIT.
            status = await _lock_status(db, game_id, "active", "finished", "abandoned", "lobby")
            if status != "active":
                raise WrongStatus(game_id, status, "active")
            actual = await _log_version(db, game_id)
            if actual != expected_version:
                raise StaleVersion(game_id, expected_version, actual)
            if move_seat is not None:
                await _check_seat(db, game_id, move_seat, holder)
            log_digest = replay.chain_digest(
                await db.fetchval("SELECT log_digest FROM games WHERE id = $1", game_id), move_json
            )
            await db.execute(
                "INSERT INTO moves (game_id, seq, move, events, user_id, created_at, actor)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7)",
                game_id,
                seq,
                move_json,
                events_json,
                user_id,
                now,
                actor,
            )
            if state_json is not None:
                await _put_snapshot(db, game_id, seq, state_json, now, log_digest)
            await db.execute(
                "UPDATE games SET updated_at = $2, last_move_at = $2, reminders_sent = 0, last_reminder_at = NULL,"
                " current_seat = $3, status = CASE WHEN $4 THEN 'finished' ELSE status END,"
                " ended_at = CASE WHEN $4 THEN $2 ELSE ended_at END, log_digest = $5 WHERE id = $1",
                game_id,
                now,
                seat,
                over,
                log_digest,
            )
            if over:  # the game ends: its log goes into its archive row in this transaction
                await _archive(db, game_id)
            game = await _game(db, game_id) if known is None else None
        if game is None:
            assert known is not None
            game = dataclasses.replace(
                known,
                status="finished" if over else "active",
                updated_at=now,
                last_move_at=now,
                reminders_sent=0,
                last_reminder_at=None,
                current_seat=seat,
                ended_at=now if over else known.ended_at,
                version=seq,
            )
        record = MoveRecord(
            game_id=game_id,
            seq=seq,
            move=json.loads(move_json),
            events=json.loads(events_json),
            user_id=user_id,
            created_at=now,
            actor=actor,
        )
        return record, game

    @_unavailable
    async def load_state(self, game_id: int) -> State:
        """The current state: the snapshot if it is sound and matches the log, with the moves after it replayed,
        else rebuilt by replay (see Store.load_state: the history comes from the log, the digests bind the snapshot
        to it)."""
        async with self._read() as db:
            await _require_status(db, game_id, "active", "finished", "abandoned")
            setup, moves = await _log(db, game_id)
            running = await db.fetchval("SELECT log_digest FROM games WHERE id = $1", game_id)
            row = await db.fetchrow(
                "SELECT version, state, log_digest, digest FROM snapshots WHERE game_id = $1", game_id
            )
        if row is None:
            log.warning("game %s: snapshot missing; rebuilding by replay", game_id)
            return await self.rebuild_state(game_id)
        state, problem = _check_snapshot(row, setup, moves, running)
        if state is not None:
            return state
        if row["digest"] is None:
            log.info("game %s: snapshot without digest; rebuilding by replay", game_id)
        else:
            log.warning("game %s: snapshot %s (log at version %s); rebuilding by replay", game_id, problem, len(moves))
        return await self.rebuild_state(game_id)

    @_unavailable
    async def rebuild_state(self, game_id: int, now: float | None = None) -> State:
        """Replay the log from the game's setup, fix the snapshot if it differs, return the state.

        LogCorrupt if the log does not replay. `now` stamps a rewritten snapshot (default: the last move's time).
        """
        async with self._write() as db:
            await _lock_status(db, game_id, "lobby", "active", "finished", "abandoned")
            setup, moves = await _log(db, game_id)
            state = replay.replay(game_id, _saved(game_id, setup, moves))
            state_json = replay.snapshot_json(state)
            log_digest = replay.log_digest(setup, moves)
            current = await db.fetchrow(
                "SELECT version, state, log_digest, digest FROM snapshots WHERE game_id = $1", game_id
            )
            if not _snapshot_is(current, state.version, state_json, log_digest):
                stamp = now if now is not None else await _last_activity(db, game_id)
                await _put_snapshot(db, game_id, state.version, state_json, stamp, log_digest)
            await db.execute(
                "UPDATE games SET log_digest = $2 WHERE id = $1 AND log_digest IS DISTINCT FROM $2", game_id, log_digest
            )
            return state

    @_unavailable
    async def saved_game(self, game_id: int) -> dict[str, Any]:
        """The game as engine.replay takes it: setup plus the move log (for export and tests)."""
        async with self._read() as db:
            setup, moves = await _log(db, game_id)
        return _saved(game_id, setup, moves)

    @_unavailable
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
        someone else made meanwhile (StaleVersion). Returns the state at to_version. `undone_by`: see Store.rollback.
        """
        async with self._write() as db:
            status = await _lock_status(db, game_id, "active", "finished")
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
                    " SELECT game_id, seq, move, events, actor, $3, $4 FROM moves WHERE game_id = $1 AND seq > $2"
                    " ORDER BY seq DESC",
                    game_id,
                    to_version,
                    undone_by,
                    now,
                )
                await db.execute(
                    "UPDATE games SET announced_version = LEAST(COALESCE(announced_version, -1), $2) WHERE id = $1",
                    game_id,
                    to_version - 1,
                )
            await db.execute("DELETE FROM moves WHERE game_id = $1 AND seq > $2", game_id, to_version)
            log_digest = replay.log_digest(setup, moves)
            await _put_snapshot(db, game_id, to_version, replay.snapshot_json(state), now, log_digest)
            over = bool(state.game_over)
            try:
                # A savepoint, so that the unique violation leaves the transaction usable for the error message.
                async with db.transaction():
                    await db.execute(
                        "UPDATE games SET status = $2, current_seat = $3, updated_at = $4, last_move_at = $4,"
                        " ended_at = CASE WHEN $5 THEN ended_at ELSE NULL END,"
                        " reminders_sent = 0, last_reminder_at = NULL, log_digest = $6 WHERE id = $1",
                        game_id,
                        "finished" if over else "active",
                        None if over else _current_seat(state),
                        now,
                        over,
                        log_digest,
                    )
            except asyncpg.UniqueViolationError as exc:  # reopening a finished game in a channel now busy
                assert status == "finished"
                raise ChannelBusy((await _game(db, game_id)).channel_id) from exc
            if over:  # still ended (rolled back to where it ended): its log goes back into the archive
                await _archive(db, game_id)
            return state


# ---------------------------------------------------------------------- migrations


async def migrate(conn: Conn) -> int:
    """Apply the migrations newer than schema_version, one transaction each; returns the version reached."""
    migrations = all_migrations()
    latest = migrations[-1].version if migrations else 0
    async with conn.transaction():
        # IF NOT EXISTS is not safe against a concurrent creator by itself: take the migration lock first.
        await conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
        await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
    for migration in migrations:
        async with conn.transaction():
            # Another process may be migrating the same database right now: take turns.
            await conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
            current = await _schema_version(conn)
            if current > latest:
                raise StorageError(f"database schema version {current} is newer than this program knows ({latest})")
            if current >= migration.version:
                continue
            if migration.postgres is None:
                raise StorageError(f"migration {migration.name} has no PostgreSQL statements")
            for statement in migration.postgres:
                await conn.execute(statement)
            for step in migration.steps:
                await MIGRATION_STEPS[step](conn)
            await conn.execute("DELETE FROM schema_version")
            await conn.execute("INSERT INTO schema_version (version) VALUES ($1)", migration.version)
    return await _schema_version(conn)


async def _schema_version(conn: Conn) -> int:
    value = await conn.fetchval("SELECT MAX(version) FROM schema_version")
    return int(value) if value is not None else 0


# ---------------------------------------------------------------------- helpers (inside a transaction)


async def _game(db: Conn, game_id: int) -> GameRecord:
    row = await db.fetchrow(_GAME_SELECT + " WHERE g.id = $1", game_id)
    if row is None:
        raise GameNotFound(game_id)
    return _record(row)


async def _require_status(db: Conn, game_id: int, *wanted: str, lock: bool = False) -> str:
    status = await db.fetchval("SELECT status FROM games WHERE id = $1" + (" FOR UPDATE" if lock else ""), game_id)
    if status is None:
        raise GameNotFound(game_id)
    if status not in wanted:
        raise WrongStatus(game_id, status, " or ".join(wanted))
    return str(status)


async def _lock_status(db: Conn, game_id: int, *wanted: str) -> str:
    """_require_status, holding the game's row lock until the transaction ends."""
    return await _require_status(db, game_id, *wanted, lock=True)


async def _log_version(db: Conn, game_id: int) -> int:
    return int(await db.fetchval("SELECT COALESCE(MAX(seq), 0) FROM moves WHERE game_id = $1", game_id))


async def _last_activity(db: Conn, game_id: int) -> float:
    game = await _game(db, game_id)
    return game.last_move_at or game.started_at or game.updated_at


async def _player(db: Conn, game_id: int, seat: int) -> PlayerRecord:
    row = await db.fetchrow("SELECT * FROM players WHERE game_id = $1 AND seat = $2", game_id, seat)
    if row is None:
        raise SeatNotFound(game_id, seat)
    return PlayerRecord.from_row(row)


async def _seat_of(db: Conn, game_id: int, user_id: int) -> int | None:
    seat = await db.fetchval("SELECT seat FROM players WHERE game_id = $1 AND user_id = $2", game_id, user_id)
    return int(seat) if seat is not None else None


async def _next_seat(db: Conn, game_id: int, max_seats: int) -> int:
    await _lock_status(db, game_id, "lobby")
    count = int(await db.fetchval("SELECT COUNT(*) FROM players WHERE game_id = $1", game_id))
    if count >= max_seats:
        raise GameFull(game_id, max_seats)
    return count  # seats are contiguous in the lobby, so the count is the next free one


async def _insert_player(
    db: Conn,
    game_id: int,
    seat: int,
    user_id: int | None,
    display_name: str,
    ai_kind: str | None,
    now: float,
) -> PlayerRecord:
    try:
        async with db.transaction():  # a savepoint: the transaction stays usable after a violation
            await db.execute(
                "INSERT INTO players (game_id, seat, user_id, display_name, is_ai, ai_kind, joined_at)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7)",
                game_id,
                seat,
                user_id,
                display_name,
                ai_kind is not None,
                ai_kind,
                now,
            )
    except asyncpg.UniqueViolationError as exc:
        if user_id is not None and await _seat_of(db, game_id, user_id) is not None:
            raise AlreadyJoined(game_id, user_id) from exc
        raise
    await db.execute("UPDATE games SET updated_at = $2 WHERE id = $1", game_id, now)
    return await _player(db, game_id, seat)


async def _remove_seat(db: Conn, game_id: int, seat: int, now: float) -> PlayerRecord:
    removed = await _player(db, game_id, seat)
    await db.execute("DELETE FROM players WHERE game_id = $1 AND seat = $2", game_id, seat)
    # Close the gap one row at a time, lowest first, so the (game_id, seat) key is never violated midway.
    rows = await db.fetch("SELECT seat FROM players WHERE game_id = $1 AND seat > $2 ORDER BY seat", game_id, seat)
    for row in rows:
        await db.execute("UPDATE players SET seat = seat - 1 WHERE game_id = $1 AND seat = $2", game_id, row["seat"])
    await db.execute("UPDATE games SET updated_at = $2 WHERE id = $1", game_id, now)
    return removed


async def _put_snapshot(
    db: Conn, game_id: int, version: int, state_json: str, now: float, log_digest: str | None
) -> None:
    await db.execute(
        "INSERT INTO snapshots (game_id, version, state, updated_at, log_digest, digest)"
        " VALUES ($1, $2, $3, $4, $5, $6)"
        " ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, state = excluded.state,"
        " updated_at = excluded.updated_at, log_digest = excluded.log_digest, digest = excluded.digest",
        game_id,
        version,
        snapshots.pack(state_json),
        now,
        log_digest,
        replay.chain_digest(log_digest, state_json),
    )


async def _log(db: Conn, game_id: int, up_to: int | None = None) -> tuple[str, list[str]]:
    """The game's setup and its moves (seq order) as stored text; WrongStatus for a game that never started."""
    row = await db.fetchrow(
        f"SELECT g.setup, {_ARCHIVE_COLUMNS} FROM games g LEFT JOIN move_archives a ON a.game_id = g.id"
        " WHERE g.id = $1",
        game_id,
    )
    if row is None:
        raise GameNotFound(game_id)
    if row["setup"] is None:
        raise WrongStatus(game_id, "lobby", "started")
    if row["a_log"] is not None:
        archived = _unpack_logged(game_id, row["setup"], row).move
        return row["setup"], archived if up_to is None else archived[:up_to]
    limit = up_to if up_to is not None else -1
    moves = await db.fetch(
        "SELECT move FROM moves WHERE game_id = $1 AND ($2 < 0 OR seq <= $2) ORDER BY seq", game_id, limit
    )
    return row["setup"], [m["move"] for m in moves]


# ---------------------------------------------------------------------- archived logs (storage/archive.py)


async def _archived(db: Conn, game_id: int) -> archive.Archived | None:
    """The game's archived log, checked (LogCorrupt if damaged); None while its log is in the moves table."""
    row = await db.fetchrow(
        f"SELECT g.setup, {_ARCHIVE_COLUMNS} FROM move_archives a JOIN games g ON g.id = a.game_id"
        " WHERE a.game_id = $1",
        game_id,
    )
    return _unpack_logged(game_id, row["setup"], row) if row is not None else None


async def _archive(db: Conn, game_id: int) -> None:
    """Inside the transaction that ends the game: its moves rows become one archive row and are deleted (see
    storage/store.py's _archive: a game that never started has no log; a log that cannot be packed stays)."""
    setup = await db.fetchval("SELECT setup FROM games WHERE id = $1", game_id)
    if setup is None:
        return
    moves = await db.fetch(
        "SELECT seq, move, events, user_id, created_at, actor FROM moves WHERE game_id = $1 ORDER BY seq", game_id
    )
    try:
        packed = archive.pack(game_id, setup, moves)
    except LogCorrupt as exc:
        log.warning("%s; its log stays in the moves table", exc)
        return
    # The archive row first: with it present, deleting the moves rows leaves games.version alone (migration 0006).
    await db.execute(
        "INSERT INTO move_archives (game_id, moves, log_digest, digest, log) VALUES ($1, $2, $3, $4, $5)",
        game_id,
        packed.moves,
        packed.log_digest,
        packed.digest,
        packed.log,
    )
    await db.execute("DELETE FROM moves WHERE game_id = $1", game_id)


async def _unarchive(db: Conn, game_id: int) -> None:
    """Inside a rollback's transaction: an archived log back into the moves table (LogCorrupt if it is damaged)."""
    archived = await _archived(db, game_id)
    if archived is None:
        return
    await db.execute("DELETE FROM move_archives WHERE game_id = $1", game_id)
    # In seq order: the triggers check each row is the next one and set games.version to it.
    await db.executemany(
        "INSERT INTO moves (game_id, seq, move, events, user_id, created_at, actor)"
        " VALUES ($1, $2, $3, $4, $5, $6, $7)",
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


_ARCHIVE_BATCH = 250  # games archived per batch by the migration


async def archive_ended_games(conn: Conn) -> int:
    """Migration 0006's data step: archive every started game that has ended, in the migration's transaction."""
    ended = await conn.fetch(
        "SELECT id, setup FROM games WHERE status IN ('finished', 'abandoned') AND setup IS NOT NULL"
        " AND id NOT IN (SELECT game_id FROM move_archives) ORDER BY id"
    )
    setups = {row["id"]: row["setup"] for row in ended}
    ids = list(setups)
    done = 0
    for start in range(0, len(ids), _ARCHIVE_BATCH):
        batch = ids[start : start + _ARCHIVE_BATCH]
        rows = await conn.fetch(
            "SELECT game_id, seq, move, events, user_id, created_at, actor FROM moves"
            " WHERE game_id = ANY($1::bigint[]) ORDER BY game_id, seq",
            batch,
        )
        packed, problems = archive.pack_many({game_id: setups[game_id] for game_id in batch}, rows)
        for problem in problems:
            log.warning("%s; its log stays in the moves table", problem)
        await conn.executemany(
            "INSERT INTO move_archives (game_id, moves, log_digest, digest, log) VALUES ($1, $2, $3, $4, $5)",
            [(game_id, p.moves, p.log_digest, p.digest, p.log) for game_id, p in packed],
        )
        # After the archive rows: with them present, games.version stays (games_version_sync).
        await conn.execute("DELETE FROM moves WHERE game_id = ANY($1::bigint[])", [game_id for game_id, _ in packed])
        done += len(packed)
    return done


# Migration data steps by name (storage/migrations: STEPS).
MIGRATION_STEPS = {"archive_ended_games": archive_ended_games}


async def _check_seat(db: Conn, game_id: int, seat: int, holder: int | None) -> None:
    """SeatChanged unless `seat` is held by user `holder` (None: by an AI); see Store.append_move."""
    row = await db.fetchrow("SELECT user_id, is_ai FROM players WHERE game_id = $1 AND seat = $2", game_id, seat)
    if row is None:
        raise SeatChanged(game_id, seat, "does not exist")
    held_ok = bool(row["is_ai"]) if holder is None else (not row["is_ai"] and row["user_id"] == holder)
    if not held_ok:
        now_held = "an AI" if row["is_ai"] else f"user {row['user_id']}"
        wanted = "an AI" if holder is None else f"user {holder}"
        raise SeatChanged(game_id, seat, f"is held by {now_held}, not by {wanted}")


def _current_seat(state: State) -> int | None:
    seat = getattr(state, "current_player", None)
    return int(seat) if seat is not None else None


def _lock_id(key: str) -> int:
    """A stable signed 64-bit advisory lock id for a name (crc32 of the name in the low bits, a tag above)."""
    return (_MIGRATION_LOCK << 32) | zlib.crc32(key.encode())


def _redacted(url: str) -> str:
    """The URL without its password, for messages and logs."""
    with contextlib.suppress(ValueError):
        parts = urlsplit(url)
        if parts.password:
            host = parts.hostname or ""
            netloc = f"{parts.username}:***@{host}" + (f":{parts.port}" if parts.port else "")
            return urlunsplit(parts._replace(netloc=netloc))
    return url


async def _wait_for(awaitable: Awaitable[None], timeout: float) -> None:
    await asyncio.wait_for(awaitable, timeout)
