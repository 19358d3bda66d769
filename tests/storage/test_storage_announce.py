"""announced_version: which state the channel was last shown, for catching up announcements lost in a crash."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from storage_helpers import T0, downgrade, record_all, started_game

from storage import Store
from storage.migrations import all_migrations


async def test_a_new_game_is_unannounced_until_marked(store: Store) -> None:
    game, state = await started_game(store)
    assert game.announced_version is None
    assert [g.id for g in await store.unannounced_games()] == [game.id]
    marked = await store.set_announced_version(game.id, 0)
    assert marked.announced_version == 0
    assert await store.unannounced_games() == []
    await record_all(store, game.id, state, 3)
    assert [(g.id, g.version, g.announced_version) for g in await store.unannounced_games()] == [(game.id, 3, 0)]


async def test_announced_version_never_moves_backwards(store: Store) -> None:
    game, state = await started_game(store)
    await record_all(store, game.id, state, 3)
    await store.set_announced_version(game.id, 3)
    assert (await store.set_announced_version(game.id, 1)).announced_version == 3
    assert await store.unannounced_games() == []


async def test_lobbies_and_abandoned_games_are_never_unannounced(store: Store) -> None:
    lobby = await store.create_game(1, 200, "entdecker", {}, 1, 1, T0)
    game, state = await started_game(store, channel_id=300)
    await record_all(store, game.id, state, 2)
    await store.abandon_game(game.id, T0 + 10)
    assert await store.unannounced_games() == []
    assert [g.id for g in await store.active_games()] == [lobby.id]


async def test_active_games_lists_every_open_game(store: Store) -> None:
    first, _ = await started_game(store, channel_id=101)
    second = await store.create_game(1, 102, "entdecker", {}, 1, 1, T0)
    assert [g.id for g in await store.active_games()] == [first.id, second.id]


async def test_games_from_before_the_migration_count_as_announced(db_path: Path, tmp_path: Path) -> None:
    store = await Store.open(db_path)
    game, state = await started_game(store)
    await record_all(store, game.id, state, 2)
    await store.close()
    # Back to schema 1 as an older release left it: no announced_version column (nor what later migrations add).
    with sqlite3.connect(db_path) as raw:
        downgrade(raw, 1)
    store = await Store.open(db_path)
    try:
        assert (await store.game(game.id)).announced_version == 2
        assert await store.unannounced_games() == []
        with sqlite3.connect(db_path) as raw:
            assert raw.execute("PRAGMA user_version").fetchone()[0] == len(all_migrations())
    finally:
        await store.close()
