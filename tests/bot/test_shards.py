"""Sharding: which guilds' periodic work a process does, and the per-shard locks that make it run once."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import engine
from bot import Settings, SettingsError, create_bot
from bot.shards import ShardedStore, ShardPlan, parse_shard_ids, periodic_work, plan_of, shard_of
from storage import AnyStore, StorageError, open_store

T0 = 1_700_000_000.0


def guild_on(shard: int, count: int, n: int = 0) -> int:
    """A guild id (a snowflake: the timestamp above bit 22) that Discord puts on `shard` of `count`."""
    return ((1000 + n) * count + shard) << 22 | 12345


def test_shard_of_follows_discords_rule() -> None:
    assert shard_of(guild_on(3, 8), 8) == 3 and shard_of(guild_on(5, 8, n=7), 8) == 5
    assert shard_of(41771983423143937, 4) == (41771983423143937 >> 22) % 4
    assert shard_of(None, 8) == 0  # direct messages arrive on shard 0
    assert ShardPlan(8, (2, 3)).owns(guild_on(3, 8)) and not ShardPlan(8, (2, 3)).owns(guild_on(4, 8))
    assert ShardPlan().owns(guild_on(5, 8)) and ShardPlan().owns(None)


@pytest.mark.parametrize(
    ("text", "ids"), [("0-3", (0, 1, 2, 3)), ("5", (5,)), ("1-2,6", (1, 2, 6)), ("all", tuple(range(8)))]
)
def test_shard_lists(text: str, ids: tuple[int, ...]) -> None:
    assert parse_shard_ids(text, 8) == ids


@pytest.mark.parametrize("text", ["8", "3-1", "x", "0-", "-1"])
def test_bad_shard_lists(text: str) -> None:
    with pytest.raises(ValueError):
        parse_shard_ids(text, 8)


def test_shard_settings_from_the_environment() -> None:
    settings = Settings.from_env({"ENTDECKER_SHARD_COUNT": "8", "ENTDECKER_SHARDS": "4-7"})
    assert (settings.shard_count, settings.shard_ids, settings.sharded) == (8, (4, 5, 6, 7), True)
    assert plan_of(settings) == ShardPlan(8, (4, 5, 6, 7))
    every = Settings.from_env({"ENTDECKER_SHARD_COUNT": "2"})
    assert every.shard_ids == (0, 1)
    assert Settings.from_env({"ENTDECKER_SHARD_COUNT": "auto"}).auto_shards
    plain = Settings.from_env({})
    assert not plain.sharded and plan_of(plain) == ShardPlan(1, (0,))
    for env in (
        {"ENTDECKER_SHARDS": "0-3"},
        {"ENTDECKER_SHARD_COUNT": "4", "ENTDECKER_SHARDS": "4"},
        {"ENTDECKER_SHARD_COUNT": "0"},
        {"ENTDECKER_SHARD_COUNT": "auto", "ENTDECKER_SHARDS": "1"},
    ):
        with pytest.raises(SettingsError):
            Settings.from_env(env)


def test_a_sharded_bot_connects_only_its_shards(tmp_path: Path) -> None:
    bot = create_bot(Settings(db_path=str(tmp_path / "x.db"), shard_count=4, shard_ids=(1, 3)))
    assert (bot.shard_count, bot.shard_ids) == (4, [1, 3])
    assert create_bot(Settings(db_path=str(tmp_path / "x.db"))).shard_count is None


async def games_in(store: AnyStore, guilds: list[int]) -> list[int]:
    """An active game per guild (channel = index + 1) with its turn idle since T0; returns the game ids."""
    ids = []
    for i, guild in enumerate(guilds, start=1):
        game = await store.create_game(guild, i, "entdecker", {}, i, 1, T0)
        await store.join(game.id, 1, "Ann", 2, T0)
        await store.join(game.id, 2, "Bob", 2, T0)
        await store.start_game(game.id, engine.new_game("entdecker", players=["Ann", "Bob"], options={}, seed=i), T0)
        ids.append(game.id)
    return ids


async def listed(store: ShardedStore) -> tuple[list[int], list[int], list[int]]:
    return (
        [g.id for g in await store.active_games()],
        [i.game.id for i in await store.idle_games(T0 + 10, 0)],
        [g.id for g in await store.unannounced_games()],
    )


async def test_listings_hold_only_the_games_of_this_process_shards(tmp_path: Path) -> None:
    store = await open_store(str(tmp_path / "s.db"))
    try:
        ids = await games_in(store, [guild_on(0, 4), guild_on(1, 4), guild_on(2, 4), guild_on(1, 4, n=3)])
        mine = ShardedStore(store, ShardPlan(4, (1, 2)))
        assert await listed(mine) == (ids[1:],) * 3
        assert (await mine.game(ids[0])).id == ids[0]  # everything else is the store's own
        async with periodic_work(mine) as working:
            assert working  # SQLite: one process per file, the locks are always held
            assert await listed(mine) == (ids[1:],) * 3
    finally:
        await store.close()


async def test_two_processes_given_the_same_shard_work_on_it_one_at_a_time(pg_url: str) -> None:
    a_store, b_store = await open_store(pg_url), await open_store(pg_url)
    try:
        ids = await games_in(a_store, [guild_on(0, 4), guild_on(1, 4), guild_on(2, 4)])
        a = ShardedStore(a_store, ShardPlan(4, (0, 1)))
        b = ShardedStore(b_store, ShardPlan(4, (1, 2)))  # shard 1 given to both by mistake
        async with a.periodic() as held_a:
            assert held_a == {0, 1}
            async with b.periodic() as held_b:
                assert held_b == {2}
                assert await listed(b) == ([ids[2]],) * 3
            assert await listed(a) == (ids[:2],) * 3
        async with b.periodic() as held_b:
            assert held_b == {1, 2}
            assert await listed(b) == (ids[1:],) * 3
        async with a.periodic() as held_a, b.periodic() as held_b:
            assert held_a == {0, 1}
            assert held_b == {2}
    finally:
        await a_store.close()
        await b_store.close()


class AwayStore:
    """A store whose database is unreachable."""

    @contextlib.asynccontextmanager
    async def exclusive(self, key: str) -> AsyncIterator[bool]:
        raise StorageError("the database is unavailable: connection refused")
        yield False


async def test_periodic_work_is_skipped_while_the_database_is_away(caplog: pytest.LogCaptureFixture) -> None:
    async with periodic_work(ShardedStore(AwayStore(), ShardPlan(2, (0, 1)))) as working:
        assert not working
    assert "periodic work skipped: the database is unavailable" in caplog.text
