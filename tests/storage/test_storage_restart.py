"""The PostgreSQL server restarts under a running store: calls fail with StorageError meanwhile, then work again
without reopening the store, and nothing half-written is left."""

from __future__ import annotations

import asyncio

from storage_helpers import T0, play, record_all, same, started_game, user_of

from storage import StorageError, StorageUnavailable, open_store
from tests.pgserver import PgServer


async def test_store_recovers_after_the_server_restarts(pg_server: PgServer) -> None:
    store = await open_store(await pg_server.new_schema())
    try:
        game, state = await started_game(store, seed=9)
        state, _ = await record_all(store, game.id, state, 4)
        await asyncio.to_thread(pg_server.restart)
        [(move, nxt, events)] = play(state, 1)
        # The pooled connections were cut: each call either fails as a StorageError or (on a fresh connection)
        # succeeds; within a few tries the pool has replaced them all.
        failures = 0
        for _ in range(20):
            try:
                await store.append_move(game.id, state.version, move, nxt, events, user_of(move), T0 + 99)
                break
            except StorageError as exc:
                assert isinstance(exc, StorageUnavailable), exc
                failures += 1
                await asyncio.sleep(0.05)
        else:
            raise AssertionError("the store did not recover")
        assert failures <= 8  # at most one per pooled connection
        assert same(await store.load_state(game.id), nxt)
        assert same(await store.rebuild_state(game.id), nxt)
        async with store.exclusive("after restart") as held:
            assert held
    finally:
        await store.close()
