"""Store: the bot's only door to the database, written once over a driver (storage/driver.py): every public method is
one transaction, its SQL written once, with named parameters."""

from __future__ import annotations

import asyncio
import dataclasses
import enum
import json
import logging
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from . import archive, errors, rematch, replay, results, snapshots, sql, user_time, verify
from .driver import Body, Driver, Params, Row, T, Tx
from .errors import Conflict, LogCorrupt, StorageError
from .records import GAME_COLUMNS, AiKind, GameRecord, IdleGame, MoveRecord, PlayerRecord, UndoRecord
from .results import ResultRecord
from .sqlite_driver import SqliteDriver
from .user_time import UserTime

log = logging.getLogger(__name__)

State = Any  # an engine state; storage treats it as opaque apart from .version/.game_over/.current_player

# games.version is the log's length, kept so by triggers on moves (migration 0003).
_GAME_SELECT = f"SELECT {GAME_COLUMNS} FROM games g"
# Unannounced games: the active ones (through games_by_status; a move changes none of its entries) and the finished
# ones through the partial index games_unannounced_finished, which holds just those, so the thousands of finished games
# announced long ago are not read at all. SQLite is told the index ({indexed}: INDEXED BY makes it a guarantee rather
# than the planner's guess); PostgreSQL's planner picks it by itself.
_UNANNOUNCED_SELECT = f"""
    SELECT {GAME_COLUMNS} FROM games g WHERE g.status = 'active' AND g.version > COALESCE(g.announced_version, -1)
    UNION ALL
    SELECT {GAME_COLUMNS} FROM games g {{indexed}}
    WHERE g.status = 'finished' AND g.version > COALESCE(g.announced_version, -1)
    ORDER BY id
"""
# IdleGame rows: the game and the seat to act, in one statement (a query per game held the reader for a second at
# 10,000 games). An index on the time of the last move would cost a page written per move (its key changes with
# every move).
_IDLE_SELECT = f"""
    SELECT {GAME_COLUMNS}, {", ".join(f"p.{name} AS p_{name}" for name in PlayerRecord.__dataclass_fields__)}
    FROM games g LEFT JOIN players p ON p.game_id = g.id AND p.seat = g.current_seat
    WHERE g.status = 'active' AND COALESCE(g.last_move_at, g.started_at) <= :cutoff
        AND (g.last_reminder_at IS NULL OR g.last_reminder_at <= :cutoff)
        AND (CAST(:most AS INTEGER) IS NULL OR g.reminders_sent < CAST(:most AS INTEGER))
    ORDER BY COALESCE(g.last_move_at, g.started_at), g.id
"""
# A game's log and all that is checked against it, in one SELECT: the game's status, channel, setup, running log
# digest and last change, its snapshot, and its archived log if it has ended (storage/archive.py; `a_` names: they
# clash with the snapshot's).
_LOG_HEAD = """
    SELECT g.status, g.channel_id, g.setup, g.log_digest AS running,
        COALESCE(g.last_move_at, g.started_at, g.updated_at) AS last_change, s.version, s.state, s.log_digest, s.digest,
        a.moves AS a_moves, a.log_digest AS a_log_digest, a.digest AS a_digest, a.log AS a_log
    FROM games g LEFT JOIN snapshots s ON s.game_id = g.id LEFT JOIN move_archives a ON a.game_id = g.id
    WHERE g.id = :id
"""
_PUT_SNAPSHOT = """
    INSERT INTO snapshots (game_id, version, state, updated_at, log_digest, digest)
    VALUES (:id, :version, :state, :now, :log_digest, :digest)
    ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, state = excluded.state,
        updated_at = excluded.updated_at, log_digest = excluded.log_digest, digest = excluded.digest
"""
_LOADABLE = ("active", "finished", "abandoned")
_ROWS_PER_SLICE = 500  # listings turn rows into records this many at a time (~2-5 ms), yielding in between
_NO_LIMIT = 2**31 - 1  # "no limit" as a number both backends take for an INTEGER


class _Unset(enum.Enum):
    UNSET = enum.auto()


UNSET = _Unset.UNSET
MessageId = int | _Unset | None  # UNSET: leave the stored one as it is


class Store:
    """Games, seats, move log and snapshots, on either backend (see docs/storage.md)."""

    def __init__(self, driver: Driver) -> None:
        self.driver = driver
        self.path = driver.path
        self.created = driver.created  # open() made a new, empty database file (and logged a warning saying so)
        self._broken_logged: set[int] = set()  # games whose damaged row was logged already
        self._unannounced = _UNANNOUNCED_SELECT.format(
            indexed="INDEXED BY games_unannounced_finished" if driver.name == "sqlite" else ""
        )

    # ------------------------------------------------------------------ lifecycle

    @classmethod
    async def open(cls, path: str | Path, *, lock: bool = True) -> Store:
        """Open (creating and migrating if needed) a SQLite file; StorageError if that is impossible. `lock=False`
        skips the one-process lock: only for tools and tests looking at a database a running bot owns."""
        store = cls(await SqliteDriver.open(str(path), lock=lock))
        if store.created:
            log.warning("created a new, empty database at %s", path)
        return store

    @classmethod
    async def open_postgres(cls, url: str) -> Store:
        """Connect to a PostgreSQL server and apply the migrations; StorageError if that is impossible."""
        try:
            from .postgres_driver import PostgresDriver
        except ImportError as exc:  # asyncpg is an optional extra
            raise StorageError("PostgreSQL needs the asyncpg package: pip install 'entdecker-bot[postgres]'") from exc
        return cls(await PostgresDriver.open(url))

    async def close(self) -> None:
        await self.driver.close()

    def check_file(self) -> None:
        """A periodic health check: DatabaseMoved if the SQLite file changed since it was opened (as writes check)."""
        self.driver.check_file()

    def exclusive(self, key: str) -> Any:
        """`async with store.exclusive(key) as held`: periodic work's lock among this database's processes."""
        return self.driver.exclusive(key)

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

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

        async def body(tx: Tx) -> GameRecord:
            rows = await _claiming(
                tx, channel_id,
                "INSERT INTO games (guild_id, channel_id, game, options, seed, status, host_user_id, created_at,"
                " updated_at, seed_public) VALUES (:guild, :channel, :game, :options, :seed, 'lobby', :host, :now,"
                " :now, :public) RETURNING id",
                dict(guild=guild_id, channel=channel_id, game=game, options=json.dumps(options), seed=seed,
                     host=host_user_id, now=now, public=int(seed_public)),
            )  # fmt: skip
            game_id = int(rows[0][0])
            if host_name is not None:
                await _take_seat(tx, game_id, host_user_id, host_name, None, 1, now)
            return await _game(tx, game_id)

        return await self.driver.write(body)

    async def open_rematch(self, game_id: int, seed: int, host_user_id: int, now: float) -> GameRecord:
        """A new lobby in the finished game's channel with its seats, options and a new (secret) seed
        (storage/rematch.py); ChannelBusy if the channel has an open game, WrongStatus unless the game finished."""

        async def body(tx: Tx) -> GameRecord:
            return await _game(tx, await rematch.open_rematch(tx, game_id, seed, host_user_id, now))

        return await self.driver.write(body)

    async def join(self, game_id: int, user_id: int, display_name: str, max_seats: int, now: float) -> PlayerRecord:
        """Seat a user at the next seat of a lobby; AlreadyJoined, GameFull or WrongStatus otherwise."""
        return await self._changing(
            game_id, lambda tx: _take_seat(tx, game_id, user_id, display_name, None, max_seats, now)
        )

    async def add_ai(
        self, game_id: int, display_name: str, ai_kind: AiKind, max_seats: int, now: float
    ) -> PlayerRecord:
        """Seat an AI (user_id None) at the next seat of a lobby. Which kinds exist is the engine's business: storage
        keeps the name it is given."""
        return await self._changing(
            game_id, lambda tx: _take_seat(tx, game_id, None, display_name, ai_kind, max_seats, now)
        )

    async def leave(self, game_id: int, user_id: int, now: float) -> PlayerRecord:
        """Remove a user from a lobby; later seats move up one. Returns the removed seat."""

        async def body(tx: Tx) -> PlayerRecord:
            seat = await _seat_of(tx, game_id, user_id)
            if seat is None:
                raise errors.NotJoined(game_id, user_id)
            return await _remove_seat(tx, game_id, seat, now)

        return await self._changing(game_id, body)

    async def remove_seat(self, game_id: int, seat: int, now: float) -> PlayerRecord:
        """Remove any seat (e.g. an AI) from a lobby; later seats move up one."""
        return await self._changing(game_id, lambda tx: _remove_seat(tx, game_id, seat, now))

    async def set_options(self, game_id: int, options: dict[str, Any], now: float, *statuses: str) -> GameRecord:
        """Replace a game's options while it is in one of `statuses` (the lobby if none; WrongStatus otherwise)."""

        async def body(tx: Tx) -> GameRecord:
            await tx.execute(
                "UPDATE games SET options = :options, updated_at = :now WHERE id = :id",
                {"options": json.dumps(options), "now": now, "id": game_id},
            )
            return await _game(tx, game_id)

        return await self._changing(game_id, body, *statuses)

    async def _changing(self, game_id: int, change: Body[T], *statuses: str) -> T:
        """One transaction changing a game in one of `statuses` (the lobby if none; WrongStatus otherwise)."""
        wanted = statuses or ("lobby",)

        async def body(tx: Tx) -> T:
            status = _first(await tx.fetch("SELECT status FROM games WHERE id = :id", {"id": game_id}), game_id)[0]
            if status not in wanted:
                raise errors.WrongStatus(game_id, status, " or ".join(wanted))
            return await change(tx)

        return await self.driver.write(body, game_id)

    async def start_game(self, game_id: int, initial_state: State, now: float) -> GameRecord:
        """Lobby -> active with snapshot version 0; the state must have one player per seat, in seat order."""
        saved = replay.saved_game(initial_state)
        state_json = replay.snapshot_json(initial_state)
        if initial_state.version != 0 or saved["moves"]:
            raise ValueError("start_game needs the state of engine.new_game (version 0, no moves)")
        setup = json.dumps({key: value for key, value in saved.items() if key != "moves"})
        players = len(saved["players"])
        log_digest = replay.log_digest(setup, [])

        async def body(tx: Tx) -> GameRecord:
            seats = (await tx.fetch("SELECT COUNT(*) FROM players WHERE game_id = :id", {"id": game_id}))[0][0]
            if seats != players:
                raise StorageError(f"game {game_id} has {seats} seats but the state has {players} players")
            await tx.execute(
                "UPDATE games SET status = 'active', setup = :setup, started_at = :now, updated_at = :now,"
                " current_seat = :seat, reminders_sent = 0, last_reminder_at = NULL, log_digest = :digest"
                " WHERE id = :id",
                {"setup": setup, "now": now, "seat": _current_seat(initial_state), "digest": log_digest, "id": game_id},
            )
            await _put_snapshot(tx, game_id, 0, state_json, now, log_digest)
            return await _game(tx, game_id)

        return await self._changing(game_id, body)

    async def abandon_game(self, game_id: int, now: float) -> GameRecord:
        """End a lobby or active game without a result; it stays in the history."""
        return await self._changing(game_id, lambda tx: _end(tx, game_id, "abandoned", now), "lobby", "active")

    async def finish_game(self, game_id: int, now: float) -> GameRecord:
        """Mark an active game finished (append_move does this by itself when the state is game over)."""
        return await self._changing(game_id, lambda tx: _end(tx, game_id, "finished", now), "active")

    async def replace_seat(
        self, game_id: int, seat: int, user_id: int | None, display_name: str, ai_kind: AiKind | None, now: float
    ) -> PlayerRecord:
        """Hand a seat to a substitute user (ai_kind None) or to an AI (user_id None); the seat number stays."""

        async def body(tx: Tx) -> PlayerRecord:
            await _player(tx, game_id, seat)  # SeatNotFound: a seat is handed over, never made here
            return await _put_player(tx, game_id, seat, user_id, display_name, ai_kind, now)

        return await self._changing(game_id, body, "lobby", "active")

    async def set_message_ids(self, game_id: int, **message_ids: MessageId) -> GameRecord:
        """set_announced_version without a version: only the messages given change."""
        return await self.set_announced_version(game_id, None, **message_ids)

    async def set_announced_version(
        self,
        game_id: int,
        version: int | None,
        *,
        board_message_id: MessageId = UNSET,
        turn_message_id: MessageId = UNSET,
    ) -> GameRecord:
        """Remember that the channel has been shown the state at `version` (never moves backwards; None: as it is) and
        the Discord messages the bot edits (those left out are unchanged), in one transaction."""
        rows = await self.driver.write_one(
            "UPDATE games SET"
            " board_message_id = CASE WHEN :set_board THEN CAST(:board AS BIGINT) ELSE board_message_id END,"
            " turn_message_id = CASE WHEN :set_turn THEN CAST(:turn AS BIGINT) ELSE turn_message_id END,"
            " announced_version = CASE WHEN CAST(:version AS INTEGER) IS NULL"
            " OR COALESCE(announced_version, -1) > CAST(:version AS INTEGER) THEN announced_version"
            " ELSE CAST(:version AS INTEGER) END"
            " WHERE id = :id RETURNING *",
            dict(set_board=board_message_id is not UNSET, board=None if board_message_id is UNSET else board_message_id,
                 set_turn=turn_message_id is not UNSET, turn=None if turn_message_id is UNSET else turn_message_id,
                 version=version, id=game_id),
        )  # fmt: skip
        return _record(_first(rows, game_id))

    # ------------------------------------------------------------------ queries
    #
    # A game row that does not parse (say games.options is not a JSON object) must not take every other game down
    # with it: the listings skip it and log it once per process (_listed); a lookup of that one game raises
    # RecordCorrupt, a StorageError, so only its channel is affected.

    async def game(self, game_id: int) -> GameRecord:
        """The game with this id; GameNotFound otherwise (RecordCorrupt if its row is damaged)."""
        return await _game(self.driver, game_id)

    async def active_game(self, channel_id: int) -> GameRecord | None:
        """The channel's game in the lobby or in progress, if any (RecordCorrupt if its row is damaged)."""
        rows = await self.driver.fetch(
            _GAME_SELECT + " WHERE g.channel_id = :channel AND g.status IN ('lobby', 'active')", {"channel": channel_id}
        )
        return _record(rows[0]) if rows else None

    async def active_games(self) -> list[GameRecord]:
        """Every game in the lobby or in progress, in all channels, oldest first."""
        return await self._games(_GAME_SELECT + " WHERE g.status IN ('lobby', 'active') ORDER BY g.id", listing=True)

    async def unannounced_games(self) -> list[GameRecord]:
        """Started games (active, or finished) whose latest state the channel has not been shown yet."""
        return await self._games(self._unannounced, listing=True)

    async def history(self, channel_id: int, limit: int = 20) -> list[GameRecord]:
        """The channel's games of every status, newest first."""
        where = " WHERE g.channel_id = :channel ORDER BY g.created_at DESC, g.id DESC LIMIT :limit"
        return await self._games(_GAME_SELECT + where, {"channel": channel_id, "limit": limit})

    async def games_of_user(self, user_id: int, open_only: bool = True) -> list[GameRecord]:
        """Games in which the user holds a seat (open ones only by default), newest first."""
        status = " AND g.status IN ('lobby', 'active')" if open_only else ""
        where = f" JOIN players p ON p.game_id = g.id WHERE p.user_id = :user{status}"
        return await self._games(_GAME_SELECT + where + " ORDER BY g.created_at DESC, g.id DESC", {"user": user_id})

    async def _games(self, select: str, params: Params = {}, listing: bool = False) -> list[GameRecord]:  # noqa: B006
        return await self._listed(await self.driver.fetch(select, params, listing=listing), self._listed_game)

    async def players(self, game_id: int) -> list[PlayerRecord]:
        """The seats in seat order (join order while in the lobby)."""
        rows = await self.driver.fetch("SELECT * FROM players WHERE game_id = :id ORDER BY seat", {"id": game_id})
        return [PlayerRecord.from_row(row) for row in rows]

    async def recent_moves(self, game_id: int, limit: int = 10) -> list[MoveRecord]:
        """The newest `limit` moves with their events, oldest of them first (ready to print as a log)."""
        newest = "SELECT * FROM moves WHERE game_id = :id ORDER BY seq DESC LIMIT :limit"
        sql_text = f"SELECT * FROM ({newest}) AS newest ORDER BY seq"
        return await self._moves(game_id, lambda archived: archived.recent(limit), sql_text, {"limit": limit})

    async def moves(self, game_id: int, after: int = 0, limit: int | None = None) -> list[MoveRecord]:
        """The moves with seq > after, in order (at most `limit` of them if given)."""
        sql_text = "SELECT * FROM moves WHERE game_id = :id AND seq > :after ORDER BY seq LIMIT :limit"
        params = {"after": after, "limit": _NO_LIMIT if limit is None else limit}
        return await self._moves(game_id, lambda archived: archived.records(after, limit), sql_text, params)

    async def _moves(
        self, game_id: int, archived_ones: Callable[[archive.Archived], list[MoveRecord]], live: str, params: Params
    ) -> list[MoveRecord]:
        """Moves of the game from its archive if it has one, else by the query `live` on the moves table."""

        async def body(tx: Tx) -> list[MoveRecord]:
            if (archived := await _archived(tx, game_id)) is not None:
                return archived_ones(archived)
            return [MoveRecord.from_row(row) for row in await tx.fetch(live, {"id": game_id, **params})]

        return await self.driver.read(body)

    async def undos(self, game_id: int) -> list[UndoRecord]:
        """The moves taken back in this game (rollback with `undone_by`), oldest first."""
        rows = await self.driver.fetch(
            "SELECT * FROM undos WHERE game_id = :id ORDER BY created_at, seq DESC", {"id": game_id}
        )
        return [UndoRecord.from_row(row) for row in rows]

    async def results(self, guild_id: int, game: str | None = None, user_id: int | None = None) -> list[ResultRecord]:
        """The server's finished games' results, oldest first: of one game if named, of the games `user_id` sat in
        if given (storage/results.py)."""
        return await results.listed(self.driver, guild_id, game, user_id)

    # ------------------------------------------------------------------ per-user settings

    async def set_dm_reminders(self, user_id: int, on: bool, now: float) -> None:
        """Whether the user wants their turn reminders by direct message as well (in every game)."""
        await self.driver.write_one(
            "INSERT INTO user_settings (user_id, dm_reminders, updated_at) VALUES (:user, :on, :now)"
            " ON CONFLICT (user_id) DO UPDATE SET dm_reminders = excluded.dm_reminders,"
            " updated_at = excluded.updated_at",
            {"user": user_id, "on": int(on), "now": now},
        )

    async def dm_reminders(self, user_id: int) -> bool:
        """Whether the user asked for reminders by direct message (off unless they did)."""
        rows = await self.driver.fetch(
            "SELECT dm_reminders FROM user_settings WHERE user_id = :user", {"user": user_id}
        )
        return bool(rows and rows[0]["dm_reminders"])

    # ------------------------------------------------------------------ each person's time (storage/user_time.py)

    async def set_user_time(self, user_id: int, now: float, **changes: Any) -> UserTime:
        return await user_time.set_user_time(self.driver, user_id, now, changes)

    async def user_times(self, user_ids: Iterable[int]) -> dict[int, UserTime]:
        return await user_time.user_times(self.driver, user_ids)

    async def digest_users(self) -> list[UserTime]:
        return await user_time.digest_users(self.driver)

    # ------------------------------------------------------------------ reminders

    async def idle_games(self, now: float, idle_seconds: float, max_reminders: int | None = None) -> list[IdleGame]:
        """Active games whose current player has not moved for idle_seconds and was not reminded within it, at most
        max_reminders times (docs/storage.md "Reminders")."""
        rows = await self.driver.fetch(
            _IDLE_SELECT, {"cutoff": now - idle_seconds, "most": max_reminders}, listing=True
        )
        return await self._listed(rows, self._idle)

    async def mark_reminded(self, game_id: int, now: float) -> GameRecord:
        """Count a reminder sent now for the game."""
        rows = await self.driver.write_one(
            "UPDATE games SET reminders_sent = reminders_sent + 1, last_reminder_at = :now WHERE id = :id RETURNING *",
            {"now": now, "id": game_id},
        )
        return _record(_first(rows, game_id))

    async def _listed(self, rows: Sequence[Row], convert: Callable[[Row], T | None]) -> list[T]:
        """A listing's rows as records, leaving out the damaged ones (None: logged once), a slice at a time: the other
        channels' work runs between slices of thousands of games."""
        out = []
        for i, row in enumerate(rows):
            if i and i % _ROWS_PER_SLICE == 0:
                await asyncio.sleep(0)
            if (record := convert(row)) is not None:
                out.append(record)
        return out

    def _listed_game(self, row: Row) -> GameRecord | None:
        """The record of a listed row, or None (logged once per game) if the row is damaged."""
        try:
            return _record(row)
        except errors.RecordCorrupt as exc:
            if exc.game_id not in self._broken_logged:
                self._broken_logged.add(exc.game_id)
                log.error("%s; leaving it out of the listings", exc)
            return None

    def _idle(self, row: Row) -> IdleGame | None:
        if (game := self._listed_game(row)) is None:
            return None
        since = game.last_move_at if game.last_move_at is not None else game.started_at
        assert since is not None
        return IdleGame(game, PlayerRecord.from_row(row, "p_") if row["p_seat"] is not None else None, since)

    # ------------------------------------------------------------------ moves and state

    async def append_move(
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
        key: str | None = None,
    ) -> tuple[MoveRecord, GameRecord]:
        """The move logged and the game after it. Refused with nothing written: StaleVersion (another interaction
        moved first), WrongStatus, SeatChanged (move.player's seat no longer held by `seat_holder`, by default
        `user_id`; None: an AI), AlreadyDone (`key` is in the log). `actor`: who acted, as the log names them.
        docs/storage.md "Moves, concurrency and repair" and "Idempotent moves" say why."""
        if new_state.version != expected_version + 1:
            raise ValueError(f"new_state.version is {new_state.version}, expected {expected_version + 1}")
        holder = user_id if seat_holder is UNSET else seat_holder
        if user_id is not None and holder != user_id:
            raise ValueError(f"user {user_id} moves, but the seat is said to be held by {holder}")
        # Serialise before the transaction: engine work does not need the database.
        move_json = replay.move_json(move)
        events_json = replay.events_json(events)
        over = bool(new_state.game_over)
        seq = expected_version + 1
        move_seat = replay.move_seat(move)
        current = None if over else _current_seat(new_state)
        # Most moves write no snapshot (storage/snapshots.py): their state is not even serialised.
        state_json = replay.snapshot_json(new_state) if snapshots.due(seq, over) else None
        packed = snapshots.pack(state_json) if state_json is not None else None  # outside the write lock

        async def body(tx: Tx) -> GameRecord:
            rows = await tx.fetch("SELECT status, version, log_digest FROM games WHERE id = :id", {"id": game_id})
            status, actual, running = _first(rows, game_id)
            moved = status != "active" or actual != expected_version
            if moved and key is not None and (done := await _landed(tx, game_id, key)) is not None:
                raise errors.AlreadyDone(game_id, done)
            if status != "active":
                raise errors.WrongStatus(game_id, status, "active")
            if actual != expected_version:
                raise errors.StaleVersion(game_id, expected_version, actual)
            if move_seat is not None:
                await _check_seat(tx, game_id, move_seat, holder)
            log_digest = replay.chain_digest(running, move_json)
            await tx.execute(sql.INSERT_MOVE, dict(game_id=game_id, seq=seq, move=move_json, events=events_json,
                                                user_id=user_id, created_at=now, actor=actor,
                                                idem_key=key))  # fmt: skip
            rows = await tx.fetch(
                "UPDATE games SET updated_at = :now, last_move_at = :now, reminders_sent = 0, last_reminder_at = NULL,"
                " current_seat = :seat, log_digest = :digest WHERE id = :id RETURNING *",
                {"now": now, "seat": current, "digest": log_digest, "id": game_id},
            )
            if over:
                # Apart: SQLite rewrites the entries of every index on a column an UPDATE sets, changed or not, and
                # status is in two (games_by_status, games_one_open_per_channel): two more pages a move otherwise.
                rows = await tx.fetch(
                    "UPDATE games SET status = 'finished', ended_at = :now WHERE id = :id RETURNING *",
                    {"now": now, "id": game_id},
                )
            if state_json is not None:
                await _put_snapshot(tx, game_id, seq, state_json, now, log_digest, packed)
            if over:  # the game ends: its log goes into its archive row in this transaction (once per game)
                await _archive(tx, game_id)
                await results.write(tx, game_id, new_state.result, now)
            return _record(rows[0])  # the game after the move, as its last UPDATE left it (no read of its own)

        game = await self.driver.write(body, game_id)
        return MoveRecord(game_id, seq, json.loads(move_json), json.loads(events_json), user_id, now, actor), game

    async def move_landed(self, game_id: int, key: str) -> int | None:
        """The seq of the move stored with `key` (append_move's), None if there is none. It takes the game's write
        lock, so a write of the game still under way (one whose connection was lost: OutcomeUnknown) ends first."""
        return await self.driver.write(lambda tx: _landed(tx, game_id, key), game_id)

    async def load_state(self, game_id: int) -> State:
        """The current state: the snapshot if it matches the log, with the later moves replayed; else rebuilt by
        replay. LogCorrupt (nothing rewritten) if the log disagrees with its running digest: the log is the evidence."""

        row, moves, archived = await self.driver.read(lambda tx: _log(tx, game_id, *_LOADABLE))
        # An ended game's chain was checked with its archive (LogCorrupt if that is damaged).
        digests = archived.digests if archived is not None else verify.live_digests(game_id, row["setup"], moves)
        if row["running"] is None:  # not known (migration 0005 found the snapshot damaged): computed once
            log.info("game %s: no log digest yet; rebuilding by replay", game_id)
            return await self.rebuild_state(game_id)
        verify.check_running(game_id, row["running"], digests[-1])
        if row["version"] is None:
            log.warning("game %s: snapshot missing; rebuilding by replay", game_id)
            return await self.rebuild_state(game_id)
        state, problem = verify.check_snapshot(row, moves, digests)
        if state is not None:
            return state
        if row["digest"] is None:  # written before snapshots had digests (migration 0003): expected once per game
            log.info("game %s: snapshot without digest; rebuilding by replay", game_id)
        else:
            log.warning("game %s: snapshot %s (log at version %s); rebuilding by replay", game_id, problem, len(moves))
        return await self.rebuild_state(game_id)

    async def rebuild_state(self, game_id: int, now: float | None = None) -> State:
        """Replay the log from the game's setup, fix the snapshot if it differs (stamped `now`, by default the last
        move's time), return the state; LogCorrupt if the log does not replay or disagrees with its running digest."""

        async def body(tx: Tx) -> State:
            head, moves, _ = await _log(tx, game_id)
            log_digest = verify.live_digests(game_id, head["setup"], moves)[-1]
            if head["running"] is not None:
                verify.check_running(game_id, head["running"], log_digest)
            state = replay.replay(game_id, verify.saved(game_id, head["setup"], moves))
            state_json = replay.snapshot_json(state)
            if not verify.snapshot_is(head, state.version, state_json, log_digest):  # head's s.*: the snapshot
                stamp = now if now is not None else head["last_change"]
                await _put_snapshot(tx, game_id, state.version, state_json, stamp, log_digest)
            if head["running"] is None:
                await tx.execute("UPDATE games SET log_digest = :d WHERE id = :id", {"d": log_digest, "id": game_id})
            return state

        return await self.driver.write(body, game_id)

    async def saved_game(self, game_id: int) -> dict[str, Any]:
        """The game as engine.replay takes it: setup plus the move log (for export and tests)."""
        head, moves, _ = await self.driver.read(lambda tx: _log(tx, game_id))
        return verify.saved(game_id, head["setup"], moves)

    async def rollback(
        self,
        game_id: int,
        to_version: int,
        now: float,
        expected_version: int | None = None,
        undone_by: str | None = None,
    ) -> State:
        """Undo: the moves after to_version deleted (kept in `undos` if `undone_by` names who undid them, the channel
        then marked as not shown the state at to_version), the snapshot rebuilt, a finished game active again; returns
        the state at to_version. StaleVersion unless the log is at expected_version (if given)."""

        async def body(tx: Tx) -> State:
            head, moves, archived = await _log(tx, game_id, "active", "finished")
            await _unarchive(tx, game_id, archived)  # a finished game's log back in moves (archived again below)
            await results.drop(tx, game_id)  # its end is taken back (written again below if it still ends there)
            version, setup, moves = len(moves), head["setup"], moves[:to_version]
            if expected_version is not None and version != expected_version:
                raise errors.StaleVersion(game_id, expected_version, version)
            if not 0 <= to_version <= version:
                raise ValueError(f"cannot roll game {game_id} back to version {to_version} (it is at {version})")
            state = replay.replay(game_id, verify.saved(game_id, setup, moves))
            at = {"id": game_id, "to": to_version, "now": now}
            if undone_by is not None:
                await tx.execute(
                    "INSERT INTO undos (game_id, seq, move, events, actor, undone_by, created_at)"
                    " SELECT game_id, seq, move, events, actor, :by, :now FROM moves WHERE game_id = :id AND seq > :to"
                    " ORDER BY seq DESC",
                    {**at, "by": undone_by},
                )
                await tx.execute(
                    "UPDATE games SET announced_version = CASE WHEN COALESCE(announced_version, -1) < :to - 1"
                    " THEN COALESCE(announced_version, -1) ELSE :to - 1 END WHERE id = :id",
                    at,
                )
            await tx.execute("DELETE FROM moves WHERE game_id = :id AND seq > :to", at)
            log_digest = replay.log_digest(setup, moves)
            await _put_snapshot(tx, game_id, to_version, replay.snapshot_json(state), now, log_digest)
            over = bool(state.game_over)
            await _claiming(  # reopening a finished game in a channel busy by now: ChannelBusy
                tx, head["channel_id"],
                "UPDATE games SET status = :status, current_seat = :seat, updated_at = :now, last_move_at = :now,"
                " ended_at = CASE WHEN :over THEN ended_at ELSE NULL END, reminders_sent = 0, last_reminder_at = NULL,"
                " log_digest = :digest WHERE id = :id",
                dict(at, status="finished" if over else "active", seat=None if over else _current_seat(state),
                     over=over, digest=log_digest),
            )  # fmt: skip
            if over:  # still ended (rolled back to where it ended): its log goes back into the archive
                await _archive(tx, game_id)
                ended = (await tx.fetch("SELECT ended_at FROM games WHERE id = :id", at))[0][0]
                await results.write(tx, game_id, state.result, ended if ended is not None else now)
            return state

        return await self.driver.write(body, game_id)


# ---------------------------------------------------------------------- helpers (inside a transaction)


async def _game(db: Tx | Driver, game_id: int) -> GameRecord:
    return _record(_first(await db.fetch(_GAME_SELECT + " WHERE g.id = :id", {"id": game_id}), game_id))


def _first(rows: Sequence[Row], game_id: int) -> Row:
    """The first of a game's rows; GameNotFound if there are none."""
    if not rows:
        raise errors.GameNotFound(game_id)
    return rows[0]


def _record(row: Row) -> GameRecord:
    """GameRecord.from_row; RecordCorrupt (naming the game) if the row does not parse."""
    try:
        return GameRecord.from_row(row)
    except (ValueError, TypeError, KeyError) as exc:
        raise errors.RecordCorrupt(row["id"], str(exc)) from None


async def _claiming(tx: Tx, channel_id: int, statement: str, params: Params) -> list[Row]:
    """A statement opening a game in the channel; ChannelBusy if the channel has an open game (a unique index). Raised
    at once: on PostgreSQL the refused statement aborts the transaction, so nothing may be asked of it after."""
    try:
        return await tx.fetch(statement, params)
    except Conflict as exc:
        raise errors.ChannelBusy(channel_id) from exc


async def _player(tx: Tx, game_id: int, seat: int) -> PlayerRecord:
    rows = await tx.fetch("SELECT * FROM players WHERE game_id = :id AND seat = :seat", {"id": game_id, "seat": seat})
    if not rows:
        raise errors.SeatNotFound(game_id, seat)
    return PlayerRecord.from_row(rows[0])


async def _seat_of(tx: Tx, game_id: int, user_id: int) -> int | None:
    rows = await tx.fetch(
        "SELECT seat FROM players WHERE game_id = :id AND user_id = :user", {"id": game_id, "user": user_id}
    )
    return int(rows[0]["seat"]) if rows else None


async def _take_seat(
    tx: Tx, game_id: int, user_id: int | None, display_name: str, ai_kind: str | None, max_seats: int, now: float
) -> PlayerRecord:
    """A lobby's next seat for the user (AlreadyJoined if they have one) or an AI; GameFull if there is none."""
    seat = int((await tx.fetch("SELECT COUNT(*) FROM players WHERE game_id = :id", {"id": game_id}))[0][0])
    if seat >= max_seats:  # seats are contiguous in the lobby, so the count is the next free one
        raise errors.GameFull(game_id, max_seats)
    return await _put_player(tx, game_id, seat, user_id, display_name, ai_kind, now)


async def _put_player(
    tx: Tx, game_id: int, seat: int, user_id: int | None, display_name: str, ai_kind: str | None, now: float
) -> PlayerRecord:
    """The seat, new or handed over, to the user or (user_id None) to an AI; AlreadyJoined if the user has another."""
    # Looked up, not told by the unique index: the game's write lock keeps the answer true until COMMIT.
    if user_id is not None and await _seat_of(tx, game_id, user_id) not in (None, seat):
        raise errors.AlreadyJoined(game_id, user_id)
    await tx.execute(
        "INSERT INTO players (game_id, seat, user_id, display_name, is_ai, ai_kind, joined_at)"
        " VALUES (:id, :seat, :user, :name, :is_ai, :kind, :now) ON CONFLICT (game_id, seat) DO UPDATE SET"
        " user_id = excluded.user_id, display_name = excluded.display_name, is_ai = excluded.is_ai,"
        " ai_kind = excluded.ai_kind, joined_at = excluded.joined_at",
        dict(id=game_id, seat=seat, user=user_id, name=display_name, is_ai=ai_kind is not None, kind=ai_kind, now=now),
    )
    await tx.execute("UPDATE games SET updated_at = :now WHERE id = :id", {"now": now, "id": game_id})
    return await _player(tx, game_id, seat)


async def _end(tx: Tx, game_id: int, status: str, now: float) -> GameRecord:
    await tx.execute(
        "UPDATE games SET status = :status, ended_at = :now, updated_at = :now, current_seat = NULL WHERE id = :id",
        {"status": status, "now": now, "id": game_id},
    )
    await _archive(tx, game_id)
    return await _game(tx, game_id)


async def _remove_seat(tx: Tx, game_id: int, seat: int, now: float) -> PlayerRecord:
    removed = await _player(tx, game_id, seat)
    at = {"id": game_id, "seat": seat, "now": now}
    await tx.execute("DELETE FROM players WHERE game_id = :id AND seat = :seat", at)
    # Close the gap one row at a time, lowest first, so the (game_id, seat) key is never violated midway.
    for row in await tx.fetch("SELECT seat FROM players WHERE game_id = :id AND seat > :seat ORDER BY seat", at):
        await tx.execute(
            "UPDATE players SET seat = seat - 1 WHERE game_id = :id AND seat = :seat", {**at, "seat": row["seat"]}
        )
    await tx.execute("UPDATE games SET updated_at = :now WHERE id = :id", at)
    return removed


async def _check_seat(tx: Tx, game_id: int, seat: int, holder: int | None) -> None:
    """SeatChanged unless `seat` is held by user `holder` (None: by an AI); see Store.append_move."""
    rows = await tx.fetch(
        "SELECT user_id, is_ai FROM players WHERE game_id = :id AND seat = :seat", {"id": game_id, "seat": seat}
    )
    if not rows:
        raise errors.SeatChanged(game_id, seat, "does not exist")
    held = "an AI" if rows[0]["is_ai"] else f"user {rows[0]['user_id']}"
    wanted = "an AI" if holder is None else f"user {holder}"
    if held != wanted:
        raise errors.SeatChanged(game_id, seat, f"is held by {held}, not by {wanted}")


async def _put_snapshot(
    tx: Tx, game_id: int, version: int, state_json: str, now: float, log_digest: str | None, packed: bytes | None = None
) -> None:
    """`packed`: snapshots.pack(state_json) if the caller made it already."""
    digest = replay.chain_digest(log_digest, state_json)
    packed = snapshots.pack(state_json) if packed is None else packed
    await tx.execute(_PUT_SNAPSHOT, dict(id=game_id, version=version, state=packed, now=now, log_digest=log_digest,
                                         digest=digest))  # fmt: skip


async def _log(tx: Tx, game_id: int, *statuses: str) -> tuple[Row, list[str], archive.Archived | None]:
    """The game's _LOG_HEAD row and its moves as stored text in seq order, from its archive (also returned, checked) or
    the moves table. WrongStatus unless its status is one of `statuses` (any if none) and it has started."""
    head = _first(await tx.fetch(_LOG_HEAD, {"id": game_id}), game_id)
    if statuses and head["status"] not in statuses:
        raise errors.WrongStatus(game_id, head["status"], " or ".join(statuses))
    if head["setup"] is None:
        raise errors.WrongStatus(game_id, "lobby", "started")
    if (archived := _unpacked(game_id, head)) is not None:
        return head, archived.move, archived
    rows = await tx.fetch("SELECT move FROM moves WHERE game_id = :id ORDER BY seq", {"id": game_id})
    return head, [move for (move,) in rows], None


# ---------------------------------------------------------------------- archived logs (storage/archive.py)


def _unpacked(game_id: int, head: Row) -> archive.Archived | None:
    """The archive in a _LOG_HEAD row, checked (LogCorrupt, logged, if it is damaged); None while the log is live."""
    if head["a_log"] is None:
        return None
    try:
        return archive.unpack(
            game_id, head["setup"], head["a_moves"], head["a_log_digest"], head["a_digest"], head["a_log"]
        )
    except LogCorrupt as exc:
        log.error("%s", exc)
        raise


async def _archived(tx: Tx, game_id: int) -> archive.Archived | None:
    """The game's archived log, checked; None while its log is in the moves table."""
    rows = await tx.fetch(_LOG_HEAD, {"id": game_id})
    return _unpacked(game_id, rows[0]) if rows else None


async def _landed(tx: Tx, game_id: int, key: str) -> int | None:
    rows = await tx.fetch("SELECT seq FROM moves WHERE game_id = :id AND idem_key = :key", {"id": game_id, "key": key})
    if rows:
        return int(rows[0][0])
    archived = await _archived(tx, game_id)  # an ended game's log, keys included
    keys = [row["idem_key"] for row in archived.rows()] if archived is not None else []
    return keys.index(key) + 1 if key in keys else None


async def _archive(tx: Tx, game_id: int) -> None:
    """Inside the transaction that ends the game: its moves rows become one archive row and are deleted.

    A game that never started has no log. A log that cannot be packed (a row damaged behind our back) stays in the
    moves table, where every reader finds it as well: ending the game must not fail for it (logged)."""
    setup = _first(await tx.fetch("SELECT setup FROM games WHERE id = :id", {"id": game_id}), game_id)["setup"]
    if setup is None:
        return
    moves = await tx.fetch(f"SELECT {sql.LOG_COLUMNS} FROM moves WHERE game_id = :id ORDER BY seq", {"id": game_id})
    try:
        packed = archive.pack(game_id, setup, moves)
    except LogCorrupt as exc:
        log.warning("%s; its log stays in the moves table", exc)
        return
    # The archive row first: with it present, deleting the moves rows leaves games.version alone (migration 0006).
    await tx.execute(sql.INSERT_ARCHIVE, dataclasses.asdict(packed))
    await tx.execute("DELETE FROM moves WHERE game_id = :id", {"id": game_id})


async def _unarchive(tx: Tx, game_id: int, archived: archive.Archived | None = None) -> None:
    """Inside a rollback's transaction: an archived log (read if not given) back into the moves table (LogCorrupt if it
    is damaged)."""
    archived = archived if archived is not None else await _archived(tx, game_id)
    if archived is None:
        return
    await tx.execute("DELETE FROM move_archives WHERE game_id = :id", {"id": game_id})
    # In seq order: the triggers check each row is the next one and set games.version to it.
    await tx.executemany(sql.INSERT_MOVE, archived.rows())


def _current_seat(state: State) -> int | None:
    seat = getattr(state, "current_player", None)
    return int(seat) if seat is not None else None
