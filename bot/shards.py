"""Which guilds' periodic work (reminders, AI seats, catch-up announcements) this process does.

Discord's gateway sharding sends each guild's events to the connection of shard (guild_id >> 22) % shard_count, and
direct messages to shard 0. A process that runs some of the shards does the periodic work of exactly their guilds,
so two processes never act on the same channel. Behind that rule, each pass of the periodic work holds a lock per
shard in the database (store.exclusive): if two processes are given the same shard by mistake, only one of them
works on it at a time. Moves themselves need no lock: the store's version check refuses the loser of a race.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

from storage import GameRecord, IdleGame, StorageError

log = logging.getLogger(__name__)


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard whose gateway connection receives the guild's events (Discord's rule; DMs are on shard 0)."""
    return 0 if guild_id is None else (guild_id >> 22) % shard_count


def parse_shard_ids(text: str, shard_count: int) -> tuple[int, ...]:
    """'0-3', '0,2,5', '1-2,6' or 'all' -> sorted shard ids below shard_count; ValueError if malformed."""
    text = text.strip().lower()
    if text in ("", "all"):
        return tuple(range(shard_count))
    ids: set[int] = set()
    for part in text.split(","):
        first, sep, last = part.strip().partition("-")
        try:
            low, high = int(first), int(last) if sep else int(first)
        except ValueError:
            raise ValueError(f"{text!r} is not a list of shards such as 0-3 or 0,2,5") from None
        if low > high:
            raise ValueError(f"the range {part.strip()!r} runs backwards")
        ids.update(range(low, high + 1))
    wrong = sorted(i for i in ids if not 0 <= i < shard_count)
    if wrong:
        raise ValueError(f"shard {wrong[0]} does not exist among {shard_count} shards (0 to {shard_count - 1})")
    return tuple(sorted(ids))


@dataclass(frozen=True)
class ShardPlan:
    """The shards of this process: `ids` of `count` (every shard of a process that is not sharded)."""

    count: int = 1
    ids: tuple[int, ...] = (0,)

    def owns(self, guild_id: int | None) -> bool:
        return shard_of(guild_id, self.count) in self.ids


def plan_of(settings: Any) -> ShardPlan:
    """The shards whose periodic work this process does (all of them unless a shard count is set)."""
    if settings.shard_count is None:
        return ShardPlan()
    ids = settings.shard_ids if settings.shard_ids is not None else tuple(range(settings.shard_count))
    return ShardPlan(settings.shard_count, tuple(ids))


def client_options(settings: Any) -> dict[str, Any]:
    """The discord.py client options for these settings (shard_count/shard_ids of an AutoShardedBot)."""
    if settings.shard_count is None:
        return {}
    ids = settings.shard_ids if settings.shard_ids is not None else tuple(range(settings.shard_count))
    return {"shard_count": settings.shard_count, "shard_ids": list(ids)}


class ShardedStore:
    """The store as the periodic work sees it: its listings hold only the games of the shards this process works on
    right now; every other method is the store's own."""

    def __init__(self, store: Any, plan: ShardPlan) -> None:
        self._store = store
        self.plan = plan
        self._working: frozenset[int] = frozenset(plan.ids)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)

    def _mine(self, game: GameRecord) -> bool:
        """Whether the game is this process's to work on now; a guild id that is not a number (a damaged row)
        leaves that one game out, logged, instead of ending the listing for every game."""
        try:
            return shard_of(game.guild_id, self.plan.count) in self._working
        except (TypeError, ValueError):
            log.error("game %s has a damaged guild id %r; leaving it out of the periodic work", game.id, game.guild_id)
            return False

    async def active_games(self) -> list[GameRecord]:
        return [g for g in await self._store.active_games() if self._mine(g)]

    async def unannounced_games(self) -> list[GameRecord]:
        return [g for g in await self._store.unannounced_games() if self._mine(g)]

    async def idle_games(self, now: float, idle_seconds: float, max_reminders: int | None = None) -> list[IdleGame]:
        games = await self._store.idle_games(now, idle_seconds, max_reminders)
        return [i for i in games if self._mine(i.game)]

    @contextlib.asynccontextmanager
    async def periodic(self) -> AsyncIterator[frozenset[int]]:
        """One pass of periodic work: hold the lock of each shard this process runs that no other process holds,
        and list only those shards' games meanwhile. Yields the shards held (empty: nothing to do now)."""
        async with contextlib.AsyncExitStack() as stack:
            held = set()
            for shard in self.plan.ids:
                try:
                    if await stack.enter_async_context(self._store.exclusive(f"shard {shard} of {self.plan.count}")):
                        held.add(shard)
                except StorageError as exc:  # the database is away: no periodic work this pass, try again next
                    log.warning("periodic work skipped: %s", exc)
                    break
            self._working = frozenset(held)
            try:
                yield self._working
            finally:
                self._working = frozenset(self.plan.ids)


def direct_messages_ours(store: Any) -> bool:
    """Whether this pass sends the periodic direct messages (digests): the work of shard 0, which Discord gives the
    direct messages, so that one process sends each person's digest."""
    return not isinstance(store, ShardedStore) or 0 in store._working


@contextlib.asynccontextmanager
async def periodic_work(store: Any) -> AsyncIterator[bool]:
    """ShardedStore.periodic for any store: yields whether there is any shard to work on."""
    if isinstance(store, ShardedStore):
        async with store.periodic() as held:
            yield bool(held)
    else:
        yield True
