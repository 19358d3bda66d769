"""Per-channel locks and the cache of open tables: every part of the service reads a channel's game here.

Every change to a channel's game happens under that channel's asyncio.Lock, so two clicks at once are applied one
after the other. The cached table is current as far as this process knows, because every change it makes goes
through the cache; a change made by another process is caught by storage's version check.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from storage import Store

from ..lang import _, table_language
from .refusal import Refusal
from .table import Table

CACHE_IDLE = 6 * 3600.0  # a game untouched this long leaves the cache (its next use reads it back)


class TableCache:
    """The channels' locks and open tables, read from the store when not cached."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock
        self._locks: dict[int, asyncio.Lock] = {}
        self._tables: dict[int, Table | None] = {}
        # Bumped on every change of a channel's cached table: a read that a change overtook does not store its
        # (older) result over the newer one.
        self._generations: dict[int, int] = {}
        self._used: dict[int, float] = {}  # per channel: when its table was last asked for (for pruning)
        self.on_drop: list[Callable[[int], None]] = []  # told when a channel's table leaves the cache

    def lock(self, channel_id: int) -> asyncio.Lock:
        return self._locks.setdefault(channel_id, asyncio.Lock())

    def cached(self, channel_id: int) -> Table | None:
        """The cached table without touching the database (for autocomplete); None if not loaded."""
        return self._tables.get(channel_id)

    def language(self, channel_id: int) -> str:
        """The language of the channel's game (what its channel reads), English when no game is loaded."""
        table = self._tables.get(channel_id)
        return table_language(table.record.options if table is not None else None)

    def forget(self, channel_id: int) -> None:
        self.put(channel_id, None, drop=True)

    def put(self, channel_id: int, table: Table | None, *, drop: bool = False) -> None:
        """The channel's table is now `table` (None: no open game); `drop`: not known at all (read it next time)."""
        self._generations[channel_id] = self._generations.get(channel_id, 0) + 1
        if drop:
            self._tables.pop(channel_id, None)
            for listener in self.on_drop:
                listener(channel_id)
        else:
            self._tables[channel_id] = table

    def prune(self, open_channels: set[int], idle_for: float = CACHE_IDLE) -> None:
        """Drop the locks and cached tables of channels without an open game, and the cached tables of games
        nobody touched for `idle_for` seconds (an asynchronous game may rest for days; it is read back on use).
        Only idle locks go."""
        stale = {c for c, used in self._used.items() if self.clock() - used >= idle_for}
        for channel_id, lock in list(self._locks.items()):
            if (channel_id not in open_channels or channel_id in stale) and not _busy(lock):
                del self._locks[channel_id]
        for channel_id in list(self._tables):
            if (channel_id not in open_channels or channel_id in stale) and channel_id not in self._locks:
                del self._tables[channel_id]
                self._generations.pop(channel_id, None)
                self._used.pop(channel_id, None)
                for listener in self.on_drop:
                    listener(channel_id)

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
                self.put(channel_id, None)
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
            self.put(channel_id, table)
        return table

    async def for_move(self, channel_id: int, *, fresh: bool = False) -> tuple[Table | None, bool]:
        """For a move, under the channel lock: the table and whether it came from the cache without a read.

        A change made by another process is caught by the version check of Store.append_move, and the move is
        then validated again against a fresh read (recorder.Overtaken)."""
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
            raise Refusal(_("There is no game in this channel. Start one with `/game new`."))
        if table.state is None:
            raise Refusal(_("The game has not started yet: `/game join`, then the host uses `/game start`."))
        return table

    async def reload(self, channel_id: int) -> Table:
        table = await self.table(channel_id, fresh=True)
        assert table is not None
        return table


def _busy(lock: asyncio.Lock) -> bool:
    return lock.locked() or bool(getattr(lock, "_waiters", None))
