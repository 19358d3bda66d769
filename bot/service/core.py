"""The part of the game service every other part uses: per-channel locks, the cache of open tables, recording.

Every change to a channel's game happens under that channel's asyncio.Lock and is one storage transaction
guarded by the state version (storage raises StaleVersion if another process moved first), so two clicks at
once are applied one after the other and a double click is refused instead of acting twice. The bot never
decides legality itself: the engine does, and its IllegalMove.reason is what the user reads.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

import engine
from storage import SeatChanged, StaleVersion, Store, WrongStatus

from ..catalog import Catalog
from ..settings import Settings
from ..text import safe_name
from .tables import MoveOutcome, Refusal, Table

ACCOUNT_MOVES = 60  # a turn account shows at most this many moves
CACHE_IDLE = 6 * 3600.0  # a game untouched this long leaves the cache (its next use reads it back)
AccountMove = tuple[list[dict[str, Any]], int | None, str | None]  # a move's events, its seat, who acted


class Overtaken(Exception):
    """The cached table was behind storage (another process changed the game); nothing was written."""


class ServiceCore:
    """Locks, the table cache and the one way a move is written."""

    def __init__(
        self,
        store: Store,
        settings: Settings,
        clock: Callable[[], float] = time.time,
        catalog: Catalog | None = None,
    ) -> None:
        self.store = store
        self.settings = settings
        self.clock = clock
        self.catalog = catalog if catalog is not None else Catalog()
        self._locks: dict[int, asyncio.Lock] = {}
        self._tables: dict[int, Table | None] = {}
        # Bumped on every change of a channel's cached table: a read that a change overtook does not store its
        # (older) result over the newer one.
        self._generations: dict[int, int] = {}
        # Per channel: (game id, version, (events, seat, actor) of each move since the last turn end before the
        # newest move, whether that move ended a turn), kept from the moves this process recorded so an
        # announcement need not re-read the log.
        self._accounts: dict[int, tuple[int, int, list[AccountMove], bool]] = {}
        self._used: dict[int, float] = {}  # per channel: when its table was last asked for (for pruning)

    # ------------------------------------------------------------------ state and cache

    def lock(self, channel_id: int) -> asyncio.Lock:
        return self._locks.setdefault(channel_id, asyncio.Lock())

    def cached(self, channel_id: int) -> Table | None:
        """The cached table without touching the database (for autocomplete); None if not loaded."""
        return self._tables.get(channel_id)

    def forget(self, channel_id: int) -> None:
        self._set_table(channel_id, None, drop=True)

    def _set_table(self, channel_id: int, table: Table | None, *, drop: bool = False) -> None:
        self._generations[channel_id] = self._generations.get(channel_id, 0) + 1
        if drop:
            self._tables.pop(channel_id, None)
            self._accounts.pop(channel_id, None)
        else:
            self._tables[channel_id] = table

    def prune(self, open_channels: set[int], idle_for: float = CACHE_IDLE) -> None:
        """Drop the locks and cached tables of channels without an open game, and the cached tables of games
        nobody touched for `idle_for` seconds (an asynchronous game may rest for days; it is read back on use).
        Only idle locks go."""
        stale = {c for c, used in self._used.items() if self.clock() - used >= idle_for}
        for channel_id, lock in list(self._locks.items()):
            if (channel_id not in open_channels or channel_id in stale) and not self._busy(lock):
                del self._locks[channel_id]
        for channel_id in list(self._tables):
            if (channel_id not in open_channels or channel_id in stale) and channel_id not in self._locks:
                del self._tables[channel_id]
                self._accounts.pop(channel_id, None)
                self._generations.pop(channel_id, None)
                self._used.pop(channel_id, None)

    @staticmethod
    def _busy(lock: asyncio.Lock) -> bool:
        return lock.locked() or bool(getattr(lock, "_waiters", None))

    def cached_count(self) -> int:
        return sum(1 for t in self._tables.values() if t is not None)

    async def table(self, channel_id: int, *, fresh: bool = False) -> Table | None:
        """The channel's open game. `fresh` re-reads the record and reloads the state if its version moved."""
        self._used[channel_id] = self.clock()
        if not fresh and channel_id in self._tables:
            return self._tables[channel_id]
        generation = self._generations.get(channel_id, 0)
        record = await self.store.active_game(channel_id)
        if record is None:
            if self._generations.get(channel_id, 0) == generation:
                self._set_table(channel_id, None)
            return None
        old = self._tables.get(channel_id)
        players = await self.store.players(record.id)
        if (
            old is not None
            and old.record.id == record.id
            and old.record.status == record.status
            and old.version == record.version
            and old.state is not None
        ):
            table = Table(record, players, old.state, old._views)
        else:
            state = await self.store.load_state(record.id) if record.status == "active" else None
            table = Table(record, players, state)
        if self._generations.get(channel_id, 0) == generation:
            self._set_table(channel_id, table)
        return table

    async def _current_table(self, channel_id: int, *, fresh: bool = False) -> tuple[Table | None, bool]:
        """For a move, under the channel lock: the table and whether it came from the cache without a read.

        The cached table is current as far as this process knows, because every change it makes goes through
        the cache. A change made by another process is caught by the version check of Store.append_move, and
        the move is then validated again against a fresh read (`Overtaken`)."""
        self._used[channel_id] = self.clock()
        table = self._tables.get(channel_id)
        if not fresh and table is not None and table.active and table.record.status == "active":
            return table, True
        return await self.table(channel_id, fresh=True), False

    async def game_table(self, game_id: int) -> Table:
        """Any started game by id (also a finished one), read from storage; for catching up announcements."""
        record = await self.store.game(game_id)
        players = await self.store.players(game_id)
        state = await self.store.load_state(game_id) if record.started_at is not None else None
        return Table(record, players, state)

    async def active_table(self, channel_id: int) -> Table:
        table = await self.table(channel_id, fresh=True)
        if table is None:
            raise Refusal("There is no game in this channel. Start one with `/game new`.")
        if table.state is None:
            raise Refusal("The game has not started yet: `/game join`, then the host uses `/game start`.")
        return table

    async def _reload(self, channel_id: int) -> Table:
        table = await self.table(channel_id, fresh=True)
        assert table is not None
        return table

    # ------------------------------------------------------------------ recording a move

    async def _record(
        self,
        channel_id: int,
        table: Table,
        move: Any,
        new_state: Any,
        events: list[dict[str, Any]],
        user_id: int | None,
        seat: int,
        by_ai: bool,
        retry: bool = False,
        actor: str | None = None,
    ) -> MoveOutcome:
        """Store the move, credited to `actor` (who acted, named as they are now; default: the seat's name).
        `retry` (the table came from the cache): if the game changed behind its back, raise
        Overtaken (nothing was written) so that the caller judges the move again on a fresh read."""
        if actor is None:
            actor = table.players[seat].display_name if 0 <= seat < len(table.players) else None
        try:
            _, record = await self.store.append_move(
                table.game_id,
                table.version,
                move,
                new_state,
                events,
                user_id,
                self.clock(),
                known=table.record,
                seat_holder=table.players[seat].user_id,  # storage re-checks the seat is still held by them
                actor=actor,
            )
        except StaleVersion:
            # Another process moved first: nothing was written. Reload so the next attempt sees the truth.
            self.forget(channel_id)
            if retry:
                raise Overtaken from None
            fresh = await self.table(channel_id, fresh=True)
            legal = self.legal_text(fresh, user_id) if fresh is not None and fresh.state is not None else ""
            raise Refusal("Someone else moved at the same moment; nothing was done. " + legal) from None
        except SeatChanged:
            # The seat changed hands in another process; nothing was written. Judge again on a fresh read.
            self.forget(channel_id)
            if retry:
                raise Overtaken from None
            raise Refusal("That seat changed hands at the same moment; nothing was done.") from None
        except WrongStatus:
            self.forget(channel_id)
            if retry:
                raise Overtaken from None
            raise Refusal("The game is no longer running.") from None
        except BaseException:
            self.forget(channel_id)  # whatever happened, the next move reads the truth from storage
            raise
        after = Table(record, table.players, new_state)
        # A finished game is no longer the channel's open game, but keep it cached for the final announcement.
        self._set_table(channel_id, after if not new_state.game_over else None)
        turn_over = engine.turn_passed(record.game, events)
        self._note_account(channel_id, table.game_id, after.version, events, turn_over, seat, actor)
        lines = self.describe_events(record.game, events, credited(after.shown_names, seat, actor))
        return MoveOutcome(after, move.key, seat, by_ai, events, lines, turn_over)

    def describe_events(self, game: str, events: list[dict[str, Any]], names: list[str]) -> list[str]:
        """One line per event worth telling; `names` (by seat) must already be safe to show."""
        describe = self.catalog.presenter(game).describe
        return [text for text in (describe(event, names) for event in events) if text]

    # ------------------------------------------------------------------ hooks the other parts provide

    def legal_text(self, table: Table, user_id: int | None = None) -> str:  # pragma: no cover - see TurnService
        raise NotImplementedError

    def _note_account(  # pragma: no cover - see AccountService
        self,
        channel_id: int,
        game_id: int,
        version: int,
        events: list[dict[str, Any]],
        turn_over: bool,
        seat: int | None = None,
        actor: str | None = None,
    ) -> None:
        raise NotImplementedError


def credited(shown_names: list[str], seat: int | None, actor: str | None) -> list[str]:
    """The names (already safe to show, by seat) to describe a move's events with: the seat that moved under the
    name of whoever acted then, so a move stays credited to its player after the seat changes hands."""
    shown = list(shown_names)
    if actor is not None and seat is not None and 0 <= seat < len(shown):
        shown[seat] = safe_name(actor)
    return shown
